/**
 * The metric queries: the base metrics of store/metrics.ts computed over their event sources (one
 * statement per source, all of a source's metrics together), in all or per bucket, and the derived
 * metrics computed from them.
 */
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { isBase, METRICS, type Agg, type BaseMetric, type MetricValue, type SourceId } from './metrics.ts';
import { bucketGroupSql, bucketKeySql, markerPattern, SENT_STATUS_SQL } from './sql.ts';

interface Source {
  from: string;
  time: string;
  brand: string;
  where: string[];
  /** The conversations join a workflow filter needs (null: the source has its own workflow column). */
  conversationJoin: string | null;
  workflow: string;
}

const SOURCES: Record<SourceId, Source> = {
  conversations: {
    from: 'conversations c',
    time: 'c.created_at',
    brand: 'c.brand_id',
    where: [],
    conversationJoin: null,
    workflow: 'c.workflow_id',
  },
  sent: {
    from: 'conversation_messages m',
    time: 'm.sent_at',
    brand: 'm.brand_id',
    where: [`m.direction = 'outgoing'`, `m.status in ${SENT_STATUS_SQL}`],
    conversationJoin: 'join conversations c on c.id = m.conversation_id',
    workflow: 'c.workflow_id',
  },
  incoming: {
    from: 'conversation_messages m',
    time: 'm.created_at',
    brand: 'm.brand_id',
    where: [`m.direction = 'incoming'`],
    conversationJoin: 'join conversations c on c.id = m.conversation_id',
    workflow: 'c.workflow_id',
  },
  clicks: {
    from: 'link_clicks k join short_links l on l.id = k.short_link_id',
    time: 'k.clicked_at',
    brand: 'k.brand_id',
    where: [],
    conversationJoin: 'join conversations c on c.id = l.conversation_id',
    workflow: 'c.workflow_id',
  },
  orders: {
    from: 'orders o',
    time: 'o.created_at',
    brand: 'o.brand_id',
    where: [],
    conversationJoin: null,
    workflow: 'o.workflow_id',
  },
};

export interface MetricFilter {
  brandId: number;
  /** Only these workflows (conversations, texts, replies and clicks of their conversations; orders they recovered). */
  workflowIds?: number[];
  /** Upper-case code markers for the template rule (codeMarkers). */
  markers: string[];
  timezone: string;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

export type MetricRow = Record<string, MetricValue>;

/** Grouping: one row per range (key: its index), or one per bucket of one range (key: the bucket key). */
type Grouping = { ranges: TimeRange[] } | { range: TimeRange; granularity: Granularity };

/**
 * The base metrics of one source in one statement. Several ranges (the current and the previous
 * period) are read in the same scan and told apart by the group key.
 */
async function sourceRows(
  db: Handle,
  sourceId: SourceId,
  metrics: BaseMetric[],
  filter: MetricFilter,
  grouping: Grouping,
): Promise<MetricRow[]> {
  const s = SOURCES[sourceId];
  const byWorkflow = filter.workflowIds !== undefined;
  const ranges = 'ranges' in grouping ? grouping.ranges : [grouping.range];
  const bindings: Record<string, unknown> = {
    brandId: filter.brandId,
    workflowIds: filter.workflowIds ?? [],
    markerPattern: markerPattern(filter.markers),
    tz: filter.timezone,
  };
  const inRange = ranges.map((r, k) => {
    bindings[`from${k}`] = r.from;
    bindings[`to${k}`] = r.to;
    return `(${s.time} >= :from${k} and ${s.time} < :to${k})`;
  });
  const where = [
    `${s.brand} = :brandId`,
    `(${inRange.join(' or ')})`,
    ...s.where,
    ...(byWorkflow ? [`${s.workflow} = any(:workflowIds::bigint[])`] : []),
  ];
  const group =
    'ranges' in grouping
      ? `case ${inRange.map((c, k) => `when ${c} then ${k}`).join(' ')} end`
      : bucketGroupSql(s.time, grouping.granularity);
  const from = `from ${s.from} ${byWorkflow && s.conversationJoin ? s.conversationJoin : ''} where ${where.join(' and ')}`;
  const key = 'ranges' in grouping ? 'g' : bucketKeySql(grouping.granularity).replace('$KEY', 'g');
  const sql = `select ${key} as key, ${metrics.map((m) => `"${m.id}"`).join(', ')}
         from (select ${group} as g, ${metrics.map((m) => `${rowAggregate(m.agg)} as "${m.id}"`).join(', ')} ${from} group by 1) x`;
  const { rows } = await db.raw<{ rows: MetricRow[] }>(sql, bindings as never);
  return rows;
}

const filtered = (where?: string): string => (where ? ` filter (where ${where})` : '');

export function rowAggregate(agg: Agg): string {
  return agg.kind === 'sum' ? `sum(${agg.expr})${filtered(agg.where)}` : `count(*)${filtered(agg.where)}`;
}

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

/** Every metric over each range (in the order given), read in one statement per source. */
export async function metricTotals(
  db: Handle,
  filter: MetricFilter,
  ranges: TimeRange[],
): Promise<Array<Record<string, MetricValue>>> {
  const rows = (
    await Promise.all([...bySource()].map(([source, metrics]) => sourceRows(db, source, metrics, filter, { ranges })))
  ).flat();
  return ranges.map((_, k) => completeMetrics(Object.assign({}, ...rows.filter((r) => Number(r.key) === k))));
}

/** The base metrics per bucket key of a range (buckets without events are absent). */
export async function metricBuckets(
  db: Handle,
  filter: MetricFilter,
  range: TimeRange,
  granularity: Granularity,
): Promise<Map<string, MetricRow>> {
  const out = new Map<string, MetricRow>();
  const sources = await Promise.all(
    [...bySource()].map(([source, metrics]) => sourceRows(db, source, metrics, filter, { range, granularity })),
  );
  for (const row of sources.flat()) {
    const key = String(row.key);
    out.set(key, { ...(out.get(key) ?? {}), ...row });
  }
  return out;
}
