/**
 * Spec 1's brand stats (every metric over the period against the previous period, with the change)
 * and daily stats (the metrics per hour, day, week, month or year in the report's time zone).
 */
import type { Handle } from '../db/index.ts';
import { buckets, change, type Period } from './rules.ts';
import { periodView, reportScope, type PeriodQuery, type PeriodView, type ReportScope } from './scope.ts';
import { completeMetrics, metricBuckets, metricTotals, type MetricFilter } from './store/metric-queries.ts';
import { METRICS, metricInfo, type MetricInfo, type MetricValue } from './store/metrics.ts';

export interface MetricComparison extends MetricInfo {
  current: MetricValue;
  previous: MetricValue;
  /** Relative for counts and money, a difference for rates; null without a base. */
  change: number | null;
}

export interface SeriesPoint {
  key: string;
  label: string;
  start: string;
  values: Record<string, MetricValue>;
}

export interface BrandStatsQuery extends PeriodQuery {
  brandId: number;
  /** Only this workflow's conversations, texts, replies, clicks and recovered orders. */
  workflowId?: number;
  /** Add the current period's series (the chart). */
  charts?: boolean;
}

export interface BrandStats {
  brand: { id: number; name: string };
  timezone: string;
  current: PeriodView;
  previous: PeriodView;
  metrics: MetricComparison[];
  series?: SeriesPoint[];
}

export interface DailyStats {
  brand: { id: number; name: string };
  timezone: string;
  period: PeriodView;
  granularity: Period['granularity'];
  points: SeriesPoint[];
}

const asNumber = (v: MetricValue): number | null => (v === null ? null : Number(v));

const filterOf = (scope: ReportScope, workflowId?: number): MetricFilter => ({
  brandId: scope.brand.id,
  workflowIds: workflowId === undefined ? undefined : [workflowId],
  markers: scope.markers,
  timezone: scope.current.timezone,
  rollups: scope.rollups,
});

async function series(db: Handle, scope: ReportScope, workflowId?: number): Promise<SeriesPoint[]> {
  const period = scope.current;
  const rows = await metricBuckets(db, filterOf(scope, workflowId), period, period.granularity);
  return buckets(period).map((b) => ({
    key: b.key,
    label: b.label,
    start: b.start.toISOString(),
    values: completeMetrics(rows.get(b.key) ?? {}),
  }));
}

export async function brandStats(db: Handle, q: BrandStatsQuery): Promise<BrandStats> {
  const scope = await reportScope(db, q.brandId, q);
  const [[current, previous], points] = await Promise.all([
    metricTotals(db, filterOf(scope, q.workflowId), [scope.current, scope.previous]),
    q.charts ? series(db, scope, q.workflowId) : undefined,
  ]);
  return {
    brand: { id: scope.brand.id, name: scope.brand.name },
    timezone: scope.current.timezone,
    current: periodView(scope.current),
    previous: periodView(scope.previous),
    metrics: METRICS.map((m) => ({
      ...metricInfo(m),
      current: current![m.id] ?? null,
      previous: previous![m.id] ?? null,
      change: change(asNumber(current![m.id] ?? null), asNumber(previous![m.id] ?? null), m.unit),
    })),
    ...(points ? { series: points } : {}),
  };
}

export async function dailyStats(db: Handle, q: BrandStatsQuery): Promise<DailyStats> {
  const scope = await reportScope(db, q.brandId, q);
  return {
    brand: { id: scope.brand.id, name: scope.brand.name },
    timezone: scope.current.timezone,
    period: periodView(scope.current),
    granularity: scope.current.granularity,
    points: await series(db, scope, q.workflowId),
  };
}
