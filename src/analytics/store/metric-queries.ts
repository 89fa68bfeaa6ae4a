/**
 * The metric queries: the base metrics of store/metrics.ts computed over their event sources (one
 * statement per source, all of a source's metrics together), in all or per bucket, and the derived
 * metrics computed from them.
 */
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { isBase, METRICS, type BaseMetric, type MetricValue, type SourceId } from './metrics.ts';
import { bucketSql, SENT_STATUS_SQL } from './sql.ts';

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
  from: Date;
  to: Date;
  /** Only these workflows (conversations, texts, replies and clicks of their conversations; orders they recovered). */
  workflowIds?: number[];
  /** Upper-case code markers for the template rule (codeMarkers). */
  markers: string[];
  timezone: string;
}

export type MetricRow = Record<string, MetricValue>;

/** The base metrics of one source, in one statement: one row in all, or one per bucket (key in `bucket`). */
async function sourceRows(
  db: Handle,
  sourceId: SourceId,
  metrics: BaseMetric[],
  filter: MetricFilter,
  granularity?: Granularity,
): Promise<MetricRow[]> {
  const s = SOURCES[sourceId];
  const byWorkflow = filter.workflowIds !== undefined;
  const where = [
    `${s.brand} = :brandId`,
    `${s.time} >= :from`,
    `${s.time} < :to`,
    ...s.where,
    ...(byWorkflow ? [`${s.workflow} = any(:workflowIds::bigint[])`] : []),
  ];
  const columns = metrics.map((m) => `${m.sql} as "${m.id}"`);
  const bucket = granularity ? `${bucketSql(s.time, granularity)} as bucket, ` : '';
  const sql = `select ${bucket}${columns.join(', ')}
      from ${s.from} ${byWorkflow && s.conversationJoin ? s.conversationJoin : ''}
     where ${where.join(' and ')}${granularity ? ' group by 1' : ''}`;
  const { rows } = await db.raw<{ rows: MetricRow[] }>(sql, {
    brandId: filter.brandId,
    from: filter.from,
    to: filter.to,
    workflowIds: filter.workflowIds ?? [],
    markers: filter.markers,
    tz: filter.timezone,
  } as never);
  return rows;
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

/** Every metric over the whole period. */
export async function metricTotals(db: Handle, filter: MetricFilter): Promise<Record<string, MetricValue>> {
  const rows = await Promise.all([...bySource()].map(([source, metrics]) => sourceRows(db, source, metrics, filter)));
  return completeMetrics(Object.assign({}, ...rows.map((r) => r[0])));
}

/** The base metrics per bucket key (buckets without events are absent). */
export async function metricBuckets(
  db: Handle,
  filter: MetricFilter,
  granularity: Granularity,
): Promise<Map<string, MetricRow>> {
  const out = new Map<string, MetricRow>();
  const sources = await Promise.all(
    [...bySource()].map(([source, metrics]) => sourceRows(db, source, metrics, filter, granularity)),
  );
  for (const row of sources.flat()) {
    const key = String(row.bucket);
    out.set(key, { ...(out.get(key) ?? {}), ...row });
  }
  return out;
}
