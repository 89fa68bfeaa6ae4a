/**
 * The metrics brands read, each defined once: an id, a label, the one-sentence definition the
 * panel shows as its tooltip, its unit, whether lower is better, and how it is computed: an
 * aggregate over one event source (below) or a ratio / difference of two other metrics.
 *
 * Every metric counts events by their own time inside the period: conversations by when they
 * started, texts by when they were sent, replies and opt-outs by when they arrived, clicks by when
 * they happened, orders by when they were placed. A conversation (or link) counts once, at its
 * first text, reply, opt-out (or click). "Recovered" is the live feed rule of attribution
 * (liveFeedRecoveredSql), never a second definition.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import { firstClickSql, firstIncomingSql, firstSentSql, optOutSql, shopperReplySql, templateSql } from './sql.ts';

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
  /** A rate's denominator in words ("texts sent"): the panel's column header and tooltip say it. */
  rate_of?: string | null;
}

/**
 * How a base metric aggregates its source's rows (over the source's aliases): rows counted, a
 * column summed, or units counted (the distinct conversations or links the rows belong to).
 */
export type Agg =
  { kind: 'count'; where?: string } | { kind: 'sum'; expr: string; where?: string } | { kind: 'units'; where?: string };

export interface BaseMetric extends MetricInfo {
  source: SourceId;
  agg: Agg;
}

interface DerivedMetric extends MetricInfo {
  /** numerator / denominator, or minuend - subtrahend. */
  of: readonly [string, string];
  op: 'ratio' | 'difference';
}

export type Metric = BaseMetric | DerivedMetric;

const recovered = liveFeedRecoveredSql('o');
const rows = (where?: string): Agg => ({ kind: 'count', where });
const total = (expr: string, where?: string): Agg => ({ kind: 'sum', expr, where });

const base = (
  id: string,
  source: SourceId,
  unit: MetricUnit,
  label: string,
  definition: string,
  agg: Agg,
  lowerIsBetter = false,
): BaseMetric => ({ id, label, definition, unit, lower_is_better: lowerIsBetter, source, agg });

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
    rows(),
  ),
  base(
    'texts_sent',
    'sent',
    'count',
    'Texts sent',
    'Outgoing texts handed to the SMS provider in the period, whatever the delivery report said later.',
    rows(),
  ),
  base(
    'template_texts_sent',
    'sent',
    'count',
    'Template texts sent',
    'Texts sent that are workflow templates: under 230 characters with a short link or a discount code prefix.',
    rows(templateSql('m')),
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
    rows(`m.status = 'delivered'`),
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
    'Conversations that got their first text in the period.',
    rows(firstSentSql('m')),
  ),
  base('clicks', 'clicks', 'count', 'Clicks', 'Every visit to a short link in the period, repeats included.', rows()),
  base(
    'unique_clicks',
    'clicks',
    'count',
    'Unique clicks',
    'Short links visited for the first time in the period (each text has its own link).',
    rows(firstClickSql('k')),
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
    rows(shopperReplySql('m')),
  ),
  base(
    'replied_conversations',
    'incoming',
    'count',
    'Conversations with a reply',
    'Conversations in which the shopper first replied in the period.',
    rows(`${shopperReplySql('m')} and ${firstIncomingSql('m', shopperReplySql('e'))}`),
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
    'Conversations in which the shopper first texted STOP (or another opt-out word) in the period.',
    rows(`${optOutSql('m')} and ${firstIncomingSql('m', optOutSql('e'))}`),
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
    "Orders placed in the period (a workflow's: those credited to it), cancelled ones left out.",
    rows(`o.state <> 'cancelled'`),
  ),
  base(
    'sales',
    'orders',
    'money',
    'Sales',
    'The total of the orders placed in the period, cancelled ones left out.',
    total('o.total', `o.state <> 'cancelled'`),
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
    'Orders placed in the period that a conversation recovered (the live feed rule: attributed to a workflow and billable, from a recovered checkout or linked to a conversation), cancelled ones included: an order cancelled after its recovery still counts, so this can exceed Orders.',
    rows(recovered),
  ),
  base(
    'recovered_sales',
    'orders',
    'money',
    'Recovered sales',
    'The total of the recovered orders.',
    total('o.total', recovered),
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

export const isBase = (m: Metric): m is BaseMetric => 'source' in m;

/** What the panel needs to label a metric (no SQL). */
export const metricInfo = (m: Metric): MetricInfo => ({
  id: m.id,
  label: m.label,
  definition: m.definition,
  unit: m.unit,
  lower_is_better: m.lower_is_better,
  rate_of: rateOf(m),
});

/** A rate's denominator: the label of the metric it divides by, in lower case; null for other metrics. */
export function rateOf(m: Metric): string | null {
  if (m.unit !== 'rate' || isBase(m) || m.op !== 'ratio') return null;
  const label = METRICS.find((x) => x.id === m.of[1])?.label;
  return label ? label.charAt(0).toLowerCase() + label.slice(1) : null;
}

export const METRIC_INFO: readonly MetricInfo[] = METRICS.map(metricInfo);
