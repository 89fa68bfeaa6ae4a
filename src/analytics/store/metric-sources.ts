/**
 * The base metrics of store/metrics.ts read from their event sources (raw rows): one statement per
 * source with all of its metrics, grouped by range, by bucket, or by hour and workflow (what the
 * hourly rollup stores).
 */
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import type { Agg, BaseMetric, MetricValue, SourceId } from './metrics.ts';
import { bucketGroupSql, bucketKeySql, markerPattern, SENT_STATUS_SQL } from './sql.ts';

export interface Source {
  from: string;
  time: string;
  brand: string;
  where: string[];
  /** The conversations join a workflow filter needs (null: the source has its own workflow column). */
  conversationJoin: string | null;
  workflow: string;
}

export const SOURCES: Record<SourceId, Source> = {
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
    conversationJoin: 'left join conversations c on c.id = m.conversation_id',
    workflow: 'c.workflow_id',
  },
  incoming: {
    from: 'conversation_messages m',
    time: 'm.created_at',
    brand: 'm.brand_id',
    where: [`m.direction = 'incoming'`],
    conversationJoin: 'left join conversations c on c.id = m.conversation_id',
    workflow: 'c.workflow_id',
  },
  clicks: {
    from: 'link_clicks k join short_links l on l.id = k.short_link_id',
    time: 'k.clicked_at',
    brand: 'k.brand_id',
    where: [],
    conversationJoin: 'left join conversations c on c.id = l.conversation_id',
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
  /** Read the clean hours from the hourly rollup (only for periods on whole UTC hours). */
  rollups?: boolean;
}

export interface TimeRange {
  from: Date;
  to: Date;
}

export type MetricRow = Record<string, MetricValue>;

/**
 * Grouping: one row per range (key: its index), one per bucket of one range (key: the bucket
 * key), or one per UTC hour and workflow of the given hours (hour, workflow_id; 0: none).
 */
export type Grouping = { ranges: TimeRange[] } | { range: TimeRange; granularity: Granularity } | { hours: Date[] };

const HOUR_MS = 3_600_000;

/**
 * The base metrics of one source in one statement. Several ranges (the current and the previous
 * period) are read in the same scan and told apart by the group key.
 */
export async function sourceRows(
  db: Handle,
  sourceId: SourceId,
  metrics: BaseMetric[],
  filter: MetricFilter,
  grouping: Grouping,
  /** Only these UTC hours (the dirty hours a rollup read computes from the rows). */
  onlyHours?: Date[],
): Promise<MetricRow[]> {
  const s = SOURCES[sourceId];
  const byWorkflow = filter.workflowIds !== undefined;
  const hours = 'hours' in grouping ? grouping.hours : onlyHours;
  const ranges =
    'ranges' in grouping
      ? grouping.ranges
      : 'range' in grouping
        ? [grouping.range]
        : [
            {
              from: new Date(Math.min(...hours!.map(Number))),
              to: new Date(Math.max(...hours!.map(Number)) + HOUR_MS),
            },
          ];
  const bindings: Record<string, unknown> = {
    brandId: filter.brandId,
    workflowIds: filter.workflowIds ?? [],
    markerPattern: markerPattern(filter.markers),
    tz: filter.timezone,
    hours: hours ?? [],
  };
  const inRange = ranges.map((r, k) => {
    bindings[`from${k}`] = r.from;
    bindings[`to${k}`] = r.to;
    return `(${s.time} >= :from${k} and ${s.time} < :to${k})`;
  });
  const hourly = 'hours' in grouping;
  const where = [
    `${s.brand} = :brandId`,
    `(${inRange.join(' or ')})`,
    ...(hours ? [`date_trunc('hour', ${s.time}) = any(:hours::timestamptz[])`] : []),
    ...s.where,
    ...(byWorkflow ? [`${s.workflow} = any(:workflowIds::bigint[])`] : []),
  ];
  const group =
    'ranges' in grouping
      ? `case ${inRange.map((c, k) => `when ${c} then ${k}`).join(' ')} end`
      : 'range' in grouping
        ? bucketGroupSql(s.time, grouping.granularity)
        : '';
  const join = (byWorkflow || hourly) && s.conversationJoin ? s.conversationJoin : '';
  const from = `from ${s.from} ${join} where ${where.join(' and ')}`;
  const aggregates = metrics.map((m) => `${rowAggregate(m.agg)} as "${m.id}"`).join(', ');
  const columns = metrics.map((m) => `"${m.id}"`).join(', ');
  const sql = hourly
    ? `select date_trunc('hour', ${s.time}) as hour, coalesce(${s.workflow}, 0) as workflow_id, ${aggregates} ${from} group by 1, 2`
    : `select ${'range' in grouping ? bucketKeySql(grouping.granularity).replace('$KEY', 'g') : 'g'} as key, ${columns}
         from (select ${group} as g, ${aggregates} ${from} group by 1) x`;
  const { rows } = await db.raw<{ rows: MetricRow[] }>(sql, bindings as never);
  return rows;
}

const filtered = (where?: string): string => (where ? ` filter (where ${where})` : '');

export function rowAggregate(agg: Agg): string {
  return agg.kind === 'sum' ? `sum(${agg.expr})${filtered(agg.where)}` : `count(*)${filtered(agg.where)}`;
}
