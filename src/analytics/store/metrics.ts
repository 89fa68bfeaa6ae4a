/**
 * The metrics brands read, each defined once: an id, a label, the one-sentence definition the
 * panel shows as its tooltip, its unit, whether lower is better, and how it is computed: an
 * aggregate over one event source (below) or a ratio / difference of two other metrics.
 *
 * Every metric counts events by their own time inside the period: conversations by when they
 * started, texts by when they were sent, replies and opt-outs by when they arrived, clicks by when
 * they happened, orders by when they were placed. "Recovered" is the live feed rule of attribution
 * (liveFeedRecoveredSql), never a second definition.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { bucketSql, optOutSql, SENT_STATUS_SQL, shopperReplySql, templateSql } from './sql.ts';

export type MetricUnit = 'count' | 'money' | 'rate';
export type SourceId = 'conversations' | 'sent' | 'incoming' | 'clicks' | 'orders';
export type MetricValue = number | string | null;

export interface MetricInfo {
  id: string;
  label: string;
  /** One sentence: the panel's tooltip. */
  definition: string;
  unit: MetricUnit;
  lower_is_better: boolean;
}

interface BaseMetric extends MetricInfo {
  source: SourceId;
  /** The aggregate, over the source's aliases. */
  sql: string;
}

interface DerivedMetric extends MetricInfo {
  /** numerator / denominator, or minuend - subtrahend. */
  of: readonly [string, string];
  op: 'ratio' | 'difference';
}

export type Metric = BaseMetric | DerivedMetric;

const recovered = liveFeedRecoveredSql('o');
const money = (expr: string, filter: string): string =>
  `coalesce(sum(${expr}) filter (where ${filter}), 0)::numeric(14, 2)::text`;

const base = (
  id: string,
  source: SourceId,
  unit: MetricUnit,
  label: string,
  definition: string,
  sql: string,
  lowerIsBetter = false,
): BaseMetric => ({ id, label, definition, unit, lower_is_better: lowerIsBetter, source, sql });

const derived = (
  id: string,
  op: DerivedMetric['op'],
  of: readonly [string, string],
  unit: MetricUnit,
  label: string,
  definition: string,
  lowerIsBetter = false,
): DerivedMetric => ({ id, label, definition, unit, lower_is_better: lowerIsBetter, op, of });

/** The metrics, in the order a report shows them. */
export const METRICS: readonly Metric[] = [
  base(
    'conversations_started',
    'conversations',
    'count',
    'Conversations started',
    'Conversations that began in the period, from a workflow or from a shopper texting first.',
    'count(*)',
  ),
  base(
    'texts_sent',
    'sent',
    'count',
    'Texts sent',
    'Outgoing texts handed to the SMS provider in the period, whatever the delivery report said later.',
    'count(*)',
  ),
  base(
    'template_texts_sent',
    'sent',
    'count',
    'Template texts sent',
    'Texts sent that are workflow templates: under 230 characters with a short link or a discount code prefix.',
    `count(*) filter (where ${templateSql('m')})`,
  ),
  derived(
    'reply_texts_sent',
    'difference',
    ['texts_sent', 'template_texts_sent'],
    'count',
    'Reply texts sent',
    'Texts sent that are not templates: answers written by an agent or a person, and keyword answers.',
  ),
  base(
    'texts_delivered',
    'sent',
    'count',
    'Delivered',
    'Texts sent in the period whose delivery report says delivered.',
    `count(*) filter (where m.status = 'delivered')`,
  ),
  derived(
    'delivery_rate',
    'ratio',
    ['texts_delivered', 'texts_sent'],
    'rate',
    'Delivery rate',
    'Delivered texts divided by texts sent.',
  ),
  base(
    'texted_conversations',
    'sent',
    'count',
    'Conversations texted',
    'Conversations that got at least one text in the period.',
    'count(distinct m.conversation_id)',
  ),
  base(
    'clicks',
    'clicks',
    'count',
    'Clicks',
    'Every visit to a short link in the period, repeats included.',
    'count(*)',
  ),
  base(
    'unique_clicks',
    'clicks',
    'count',
    'Unique clicks',
    'Short links visited at least once in the period (each text has its own link).',
    'count(distinct k.short_link_id)',
  ),
  derived(
    'click_rate',
    'ratio',
    ['unique_clicks', 'texts_sent'],
    'rate',
    'Click rate',
    'Unique clicks divided by texts sent.',
  ),
  base(
    'replies',
    'incoming',
    'count',
    'Replies',
    'Texts from shoppers in the period, not counting STOP, HELP and START.',
    `count(*) filter (where ${shopperReplySql('m')})`,
  ),
  base(
    'replied_conversations',
    'incoming',
    'count',
    'Conversations with a reply',
    'Conversations in which the shopper replied in the period.',
    `count(distinct m.conversation_id) filter (where ${shopperReplySql('m')})`,
  ),
  derived(
    'reply_rate',
    'ratio',
    ['replied_conversations', 'texted_conversations'],
    'rate',
    'Reply rate',
    'Conversations with a reply divided by conversations texted.',
  ),
  base(
    'opt_outs',
    'incoming',
    'count',
    'Opt-outs',
    'Conversations in which the shopper texted STOP (or another opt-out word) in the period.',
    `count(distinct m.conversation_id) filter (where ${optOutSql('m')})`,
    true,
  ),
  derived(
    'opt_out_rate',
    'ratio',
    ['opt_outs', 'texted_conversations'],
    'rate',
    'Opt-out rate',
    'Opt-outs divided by conversations texted.',
    true,
  ),
  base(
    'orders',
    'orders',
    'count',
    'Orders',
    'Orders placed in the period, cancelled ones left out.',
    `count(*) filter (where o.state <> 'cancelled')`,
  ),
  base(
    'sales',
    'orders',
    'money',
    'Sales',
    'The total of the orders placed in the period, cancelled ones left out.',
    money('o.total', `o.state <> 'cancelled'`),
  ),
  derived(
    'average_order_value',
    'ratio',
    ['sales', 'orders'],
    'money',
    'Average order value',
    'Sales divided by orders.',
  ),
  base(
    'recovered_orders',
    'orders',
    'count',
    'Recovered orders',
    'Orders placed in the period that a conversation recovered (the live feed rule: attributed to a workflow and billable, from a recovered checkout or linked to a conversation).',
    `count(*) filter (where ${recovered})`,
  ),
  base(
    'recovered_sales',
    'orders',
    'money',
    'Recovered sales',
    'The total of the recovered orders.',
    money('o.total', recovered),
  ),
  derived(
    'recovered_average_order_value',
    'ratio',
    ['recovered_sales', 'recovered_orders'],
    'money',
    'Recovered order value',
    'Recovered sales divided by recovered orders.',
  ),
  derived(
    'revenue_per_text',
    'ratio',
    ['recovered_sales', 'texts_sent'],
    'money',
    'Revenue per text',
    'Recovered sales divided by texts sent.',
  ),
];

const isBase = (m: Metric): m is BaseMetric => 'source' in m;

/** What the panel needs to label a metric (no SQL). */
export const metricInfo = (m: Metric): MetricInfo => ({
  id: m.id,
  label: m.label,
  definition: m.definition,
  unit: m.unit,
  lower_is_better: m.lower_is_better,
});

export const METRIC_INFO: readonly MetricInfo[] = METRICS.map(metricInfo);

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
