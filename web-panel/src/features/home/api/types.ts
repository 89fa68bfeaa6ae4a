/** Shapes of the analytics answers the home page reads (see /api/openapi.json, tag "stats"). */
import type { Unit } from '../../../lib/format.ts';

export interface ApiPeriod {
  from: string;
  to: string;
  from_day: string;
  to_day: string;
  days: number;
  timezone: string;
  granularity: 'hour' | 'day' | 'week' | 'month' | 'year';
}

export type MetricValue = number | string | null;

export interface Metric {
  id: string;
  label: string;
  definition: string;
  lower_is_better: boolean;
  unit: Unit;
  current: MetricValue;
  previous: MetricValue;
  change: number | null;
}

export interface SeriesPoint {
  key: string;
  label: string;
  start: string;
  values: Record<string, MetricValue>;
}

export interface BrandStats {
  brand: { id: number; name: string };
  timezone: string;
  current: ApiPeriod;
  previous: ApiPeriod;
  metrics: Metric[];
  series?: SeriesPoint[];
}

export interface Figure {
  id: string;
  label: string;
  definition: string;
  lower_is_better: boolean;
  current: number | string;
  previous: number | string;
  change: number | null;
}

export interface WorkflowFunnel {
  workflow: { id: number; name: string; type: string; status: string; is_paused: boolean };
  steps: Array<Figure & { rate: number | null }>;
  outcomes: Figure[];
  orders: Figure[];
}

export interface WorkflowStats {
  brand: { id: number; name: string };
  timezone: string;
  current: ApiPeriod;
  previous: ApiPeriod;
  workflows: WorkflowFunnel[];
}

export interface LiftSide {
  carts: number;
  converted: number;
  orders: number;
  revenue: string;
  rate: number | null;
  revenue_per_cart: string | null;
}

export interface LiftStats {
  timezone: string;
  since: string;
  until: string;
  window_hours: number;
  holdout_groups: string[];
  texted: LiftSide;
  held_out: LiftSide;
  lift: { absolute: number | null; relative: number | null };
  warnings: string[];
}

type LiveState = 'pending' | 'recovered' | 'messaged';

export interface LiveFeed {
  conversations: Array<{
    id: number;
    created_at: string;
    workflow_name: string | null;
    given_name: string | null;
    family_name: string | null;
    phone: string | null;
    state: LiveState;
  }>;
  orders: Array<{
    id: number;
    number: string | null;
    total: string;
    currency: string;
    created_at: string;
    given_name: string | null;
    family_name: string | null;
    state: LiveState;
  }>;
}

/** The period a report is asked for: local days in the brand's time zone. */
export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}
