/** Shapes of the workflow answers (see /api/openapi.json, tags "workflows" and "stats"). */

export interface Figure {
  id: string;
  label: string;
  definition: string;
  lower_is_better: boolean;
  current: number | string;
  previous: number | string;
  change: number | null;
}

export interface Funnel {
  steps: Array<Figure & { rate: number | null }>;
  outcomes: Figure[];
  orders: Figure[];
}

export interface ApiPeriod {
  from: string;
  to: string;
  from_day: string;
  to_day: string;
  days: number;
  timezone: string;
}

export interface Rule {
  field: string;
  operator: string;
  value: unknown;
}

export interface WorkflowRules {
  condition?: string;
  rules?: Rule[];
  main_rule?: Rule | null;
}

export interface Discount {
  rule_id: number;
  type: string;
  value: number;
  duration_days: number;
  display: string;
  code_type: string;
  code_prefix: string | null;
  valid: boolean;
  reason: string | null;
}

export interface Workflow {
  id: number;
  brand_id: number;
  platform: string | null;
  name: string;
  type: string;
  template: string | null;
  status: string;
  is_paused: boolean;
  state: 'draft' | 'paused' | 'active';
  delay_minutes: number;
  timezone: string;
  starts_at: string | null;
  ends_at: string | null;
  message: unknown[];
  message_text: string;
  rules: WorkflowRules | null;
  action: unknown;
  discount: Discount | null;
  created_at: string;
  updated_at: string;
}

export interface WorkflowListItem extends Workflow {
  stats: (Funnel & { current: ApiPeriod; previous: ApiPeriod }) | null;
}

export interface WorkflowPage {
  items: WorkflowListItem[];
  total: number;
  offset: number;
  limit: number;
}

export interface WorkflowStats {
  timezone: string;
  current: ApiPeriod;
  previous: ApiPeriod;
  workflows: Array<Funnel & { workflow: { id: number; name: string } }>;
}

/** Local days in the brand's time zone. */
export interface PeriodParams {
  from: string;
  to: string;
  tz: string;
}
