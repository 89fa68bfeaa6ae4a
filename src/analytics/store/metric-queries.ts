/**
 * The metric queries: the base metrics of store/metrics.ts computed over their event sources (one
 * statement per source, all of a source's metrics together), in all or per bucket, and the derived
 * metrics computed from them.
 */
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { isBase, METRICS, type BaseMetric, type MetricValue, type SourceId } from './metrics.ts';
import { sourceRows, type Grouping, type MetricFilter, type MetricRow, type TimeRange } from './metric-sources.ts';
import { dirtyHours, mergeRows, rollupRows, type RollupGrouping } from './rollups.ts';

export type { MetricFilter, MetricRow, TimeRange } from './metric-sources.ts';

const number = (value: MetricValue | undefined): number => (value === null || value === undefined ? 0 : Number(value));

/** Turns the raw base values into typed ones and adds the derived metrics. */
export function completeMetrics(raw: MetricRow): Record<string, MetricValue> {
  const out: Record<string, MetricValue> = {};
  for (const m of METRICS) {
    if (isBase(m)) {
      out[m.id] = m.unit === 'money' ? number(raw[m.id]).toFixed(2) : number(raw[m.id]);
      continue;
    }
    const [a, b] = m.of.map((id) => number(out[id]));
    if (m.op === 'difference') out[m.id] = a! - b!;
    else if (b === 0) out[m.id] = null;
    else out[m.id] = m.unit === 'money' ? (a! / b!).toFixed(2) : Math.round((a! / b!) * 10_000) / 10_000;
  }
  return out;
}

function bySource(): Map<SourceId, BaseMetric[]> {
  const groups = new Map<SourceId, BaseMetric[]>();
  for (const m of METRICS) if (isBase(m)) groups.set(m.source, [...(groups.get(m.source) ?? []), m]);
  return groups;
}

/** The base metrics by group key: from the hourly rollup and the dirty hours' rows, or from the rows alone. */
async function baseRows(
  db: Handle,
  filter: MetricFilter,
  grouping: Grouping & RollupGrouping,
  ranges: TimeRange[],
): Promise<Map<string, MetricRow>> {
  const sources = [...bySource()];
  const raw = (hours?: Date[]) =>
    Promise.all(sources.map(([source, metrics]) => sourceRows(db, source, metrics, filter, grouping, hours)));
  if (!filter.rollups) return mergeRows<MetricRow>(['key'], ...(await raw()));
  const dirty = await dirtyHours(db, filter.brandId, ranges);
  const columns = Object.fromEntries(sources.flatMap(([, ms]) => ms.map((m) => [m.id, `sum(h.${m.id})`])));
  const [rolled, fresh] = await Promise.all([
    rollupRows(db, {
      table: 'analytics_hourly',
      brandId: filter.brandId,
      columns,
      workflowIds: filter.workflowIds,
      timezone: filter.timezone,
      grouping,
      dirty,
    }),
    dirty.length > 0 ? raw(dirty) : Promise.resolve([]),
  ]);
  return mergeRows<MetricRow>(['key'], rolled, ...fresh);
}

/** Every metric over each range (in the order given). */
export async function metricTotals(
  db: Handle,
  filter: MetricFilter,
  ranges: TimeRange[],
): Promise<Array<Record<string, MetricValue>>> {
  const rows = await baseRows(db, filter, { ranges }, ranges);
  return ranges.map((_, k) => completeMetrics(rows.get(String(k)) ?? {}));
}

/** The base metrics per bucket key of a range (buckets without events are absent). */
export async function metricBuckets(
  db: Handle,
  filter: MetricFilter,
  range: TimeRange,
  granularity: Granularity,
): Promise<Map<string, MetricRow>> {
  return baseRows(db, filter, { range, granularity }, [range]);
}
