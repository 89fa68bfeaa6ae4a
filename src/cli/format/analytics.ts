/**
 * The analytics reports of `reclaim stats`: heading lines and tables for people, and for
 * `--format csv` the one table of raw values (counts, money as 12.34, rates as fractions).
 */
import type {
  BrandStats,
  ClientFunnelStats,
  ConversationStats,
  Figure,
  FunnelComparison,
  LiveFeed,
  MetricUnit,
  MetricValue,
  PeriodView,
  WorkflowStatsList,
} from '../../analytics/index.ts';
import type { Table } from './table.ts';

export interface Report {
  lines: string[];
  tables: Table[];
  /** The table `--format csv` prints (absent: the report is not one table). */
  csv?: Table;
}

const count = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatValue(value: MetricValue, unit: MetricUnit): string {
  if (value === null) return '-';
  if (unit === 'rate') return `${(Number(value) * 100).toFixed(1)}%`;
  if (unit === 'money') return money.format(Number(value));
  return count.format(Number(value));
}

export function formatChange(change: number | null, unit: MetricUnit): string {
  if (change === null) return '-';
  const sign = change > 0 ? '+' : '';
  return unit === 'rate' ? `${sign}${(change * 100).toFixed(1)} pts` : `${sign}${(change * 100).toFixed(1)}%`;
}

const span = (p: PeriodView): string => (p.from_day === p.to_day ? p.from_day : `${p.from_day} to ${p.to_day}`);

const heading = (title: string, current: PeriodView, previous: PeriodView): string =>
  `${title}, ${span(current)} (${current.days} day${current.days === 1 ? '' : 's'}, ${current.timezone}) against ${span(previous)}`;

const SERIES_COLUMNS: Array<[string, string, MetricUnit]> = [
  ['conversations_started', 'conversations', 'count'],
  ['texts_sent', 'texts', 'count'],
  ['texts_delivered', 'delivered', 'count'],
  ['clicks', 'clicks', 'count'],
  ['replies', 'replies', 'count'],
  ['opt_outs', 'opt-outs', 'count'],
  ['recovered_orders', 'recovered', 'count'],
  ['recovered_sales', 'recovered sales', 'money'],
];

export function brandStatsReport(stats: BrandStats): Report {
  const metrics: Table = {
    headers: ['metric', 'current', 'previous', 'change'],
    rows: stats.metrics.map((m) => [
      m.label,
      formatValue(m.current, m.unit),
      formatValue(m.previous, m.unit),
      formatChange(m.change, m.unit),
    ]),
  };
  const csvMetrics: Table = {
    headers: ['metric', 'label', 'unit', 'current', 'previous', 'change'],
    rows: stats.metrics.map((m) => [m.id, m.label, m.unit, m.current, m.previous, m.change]),
  };
  const tables = [metrics];
  let csv = csvMetrics;
  if (stats.series) {
    tables.push({
      title: `\nBy ${stats.current.granularity} (${stats.timezone}):`,
      headers: [stats.current.granularity, ...SERIES_COLUMNS.map(([, label]) => label)],
      rows: stats.series.map((p) => [
        p.label,
        ...SERIES_COLUMNS.map(([id, , unit]) => formatValue(p.values[id] ?? null, unit)),
      ]),
    });
    const ids = Object.keys(stats.series[0]?.values ?? {});
    csv = {
      headers: ['bucket', 'start', ...ids],
      rows: stats.series.map((p) => [p.key, p.start, ...ids.map((id) => p.values[id] ?? null)]),
    };
  }
  return {
    lines: [heading(`${stats.brand.name} (brand ${stats.brand.id})`, stats.current, stats.previous)],
    tables,
    csv,
  };
}

const figureRow = (f: Figure<number | string>, unit: MetricUnit = 'count'): Array<string | null> => [
  f.label,
  formatValue(f.current, unit),
  formatValue(f.previous, unit),
  formatChange(f.change, unit),
];

function funnelTables(f: FunnelComparison): Table[] {
  return [
    {
      headers: ['step', 'current', 'previous', 'change', 'share'],
      rows: f.steps.map((x) => [
        ...figureRow(x),
        x.rate === null ? '-' : `${formatValue(x.rate, 'rate')} of ${x.rate_of ?? '-'}`,
      ]),
    },
    {
      title: '\nOutcomes:',
      headers: ['outcome', 'current', 'previous', 'change'],
      rows: f.outcomes.map((x) => figureRow(x)),
    },
    {
      title: '\nOrders:',
      headers: ['orders', 'current', 'previous', 'change'],
      rows: f.orders.map((x) => figureRow(x, x.id.endsWith('sales') ? 'money' : 'count')),
    },
  ];
}

function funnelCsv(f: FunnelComparison): Table {
  const rows = (
    group: string,
    items: Array<Figure<number | string> & { rate?: number | null; rate_of?: string | null }>,
  ) => items.map((x) => [group, x.id, x.label, x.current, x.previous, x.change, x.rate ?? null, x.rate_of ?? null]);
  return {
    headers: ['group', 'id', 'label', 'current', 'previous', 'change', 'share', 'share_of'],
    rows: [...rows('step', f.steps), ...rows('outcome', f.outcomes), ...rows('order', f.orders)],
  };
}

export function funnelReport(f: ClientFunnelStats): Report {
  const filters = [
    f.filters.workflow_id === null ? 'all workflows' : `workflow ${f.filters.workflow_id}`,
    ...(f.filters.is_historical === null ? [] : [f.filters.is_historical ? 'historical checkouts' : 'live checkouts']),
  ];
  return {
    lines: [heading(`Funnel of ${f.brand.name} (brand ${f.brand.id}), ${filters.join(', ')}`, f.current, f.previous)],
    tables: funnelTables(f),
    csv: funnelCsv(f),
  };
}

export function conversationStatsReport(s: ConversationStats): Report {
  const which = s.filters.is_hidden === null ? 'all' : s.filters.is_hidden ? 'hidden' : 'visible';
  const unit = (id: string): MetricUnit => (id === 'reply_rate' ? 'rate' : 'count');
  const tables: Table[] = [
    {
      headers: ['conversations', 'current', 'previous', 'change'],
      rows: s.stats.map((x) => [
        x.label,
        formatValue(x.current, unit(x.id)),
        formatValue(x.previous, unit(x.id)),
        formatChange(x.change, unit(x.id)),
      ]),
    },
  ];
  let csv: Table = {
    headers: ['id', 'label', 'current', 'previous', 'change'],
    rows: s.stats.map((x) => [x.id, x.label, x.current, x.previous, x.change]),
  };
  if (s.series) {
    const headers = [s.current.granularity, 'conversations', 'texted', 'replied'];
    tables.push({
      title: `\nBy ${s.current.granularity}:`,
      headers,
      rows: s.series.map((p) => [p.label, p.count, p.sent_count, p.reply_count]),
    });
    csv = {
      headers: ['bucket', 'start', 'count', 'sent_count', 'reply_count'],
      rows: s.series.map((p) => [p.key, p.start, p.count, p.sent_count, p.reply_count]),
    };
  }
  return {
    lines: [heading(`Conversations (${which}) of ${s.brand.name} (brand ${s.brand.id})`, s.current, s.previous)],
    tables,
    csv,
  };
}

const WORKFLOW_STEPS = ['candidates', 'started', 'sent', 'delivered', 'clicked', 'replied', 'recovered'];
const WORKFLOW_OUTCOMES = ['quiet_hours_held', 'skipped'];

export function workflowsReport(list: WorkflowStatsList): Report {
  const value = (items: Figure[], id: string): number => items.find((x) => x.id === id)?.current ?? 0;
  const sales = (w: WorkflowStatsList['workflows'][number]) =>
    w.orders.find((x) => x.id === 'recovered_sales')?.current ?? '0.00';
  const headers = ['id', 'workflow', 'state', ...WORKFLOW_STEPS, 'recovered sales', 'held', 'skipped'];
  const raw = list.workflows.map((w) => [
    w.workflow.id,
    w.workflow.name,
    w.workflow.state,
    ...WORKFLOW_STEPS.map((id) => value(w.steps, id)),
    sales(w),
    ...WORKFLOW_OUTCOMES.map((id) => value(w.outcomes, id)),
  ]);
  return {
    lines: [heading(`Workflows of ${list.brand.name} (brand ${list.brand.id})`, list.current, list.previous)],
    tables: [
      {
        headers,
        rows: raw.map((r) =>
          r.map((v, k) => (k <= 2 ? v : k === 10 ? formatValue(v, 'money') : formatValue(v, 'count'))),
        ),
        right: headers.map((_, k) => k).filter((k) => k !== 1 && k !== 2),
      },
    ],
    csv: { headers: headers.map((h) => h.replaceAll(' ', '_')), rows: raw },
  };
}

export function brandListReport(
  result: {
    brands: Array<{
      id: number;
      name: string;
      domain: string | null;
      total_earnings: string;
      recovered_orders: number;
    }>;
    total: number;
  },
  offset: number,
): Report {
  const headers = ['rank', 'id', 'brand', 'domain', 'earnings', 'recovered orders'];
  const raw = result.brands.map((b, k) => [
    offset + k + 1,
    b.id,
    b.name,
    b.domain,
    b.total_earnings,
    b.recovered_orders,
  ]);
  return {
    lines: [`${result.total} brand${result.total === 1 ? '' : 's'} by total earnings (internal_testing left out):`],
    tables: [
      {
        headers,
        rows: raw.map((r) => [
          r[0]!,
          r[1]!,
          r[2]!,
          r[3] ?? '-',
          formatValue(r[4]!, 'money'),
          formatValue(r[5]!, 'count'),
        ]),
        right: [0, 1, 4, 5],
      },
    ],
    csv: { headers: ['rank', 'id', 'name', 'domain', 'total_earnings', 'recovered_orders'], rows: raw },
  };
}

export function liveReport(feed: LiveFeed): Report {
  const time = (d: Date): string => d.toISOString().replace('T', ' ').slice(0, 16);
  return {
    lines: [`Live feed of ${feed.brand.name} (brand ${feed.brand.id}), newest first; times in UTC:`],
    tables: [
      {
        title: `\nConversations (${feed.conversations.length}):`,
        headers: ['started', 'id', 'state', 'workflow', 'shopper', 'phone'],
        rows: feed.conversations.map((c) => [
          time(c.created_at),
          c.id,
          c.state,
          c.workflow_name,
          [c.given_name, c.family_name].filter(Boolean).join(' ') || null,
          c.phone,
        ]),
        right: [1],
      },
      {
        title: `\nOrders (${feed.orders.length}):`,
        headers: ['placed', 'id', 'state', 'number', 'total'],
        rows: feed.orders.map((o) => [
          time(o.created_at),
          o.id,
          o.state,
          o.number,
          `${formatValue(o.total, 'money')} ${o.currency}`,
        ]),
        right: [1, 4],
      },
      {
        title: `\nEvents (${feed.events.length}):`,
        headers: ['at', 'id', 'state', 'workflow', 'conversation', 'order'],
        rows: feed.events.map((e) => [time(e.created_at), e.id, e.state, e.workflow_id, e.conversation_id, e.order_id]),
        right: [1, 3, 4, 5],
      },
    ],
  };
}
