/** Pure: the Live feed and Workflows panes as lines of text, fitted to the terminal's width. */
import { age, columnWidths, header, money, oneLine, row, type Column } from './format.ts';
import type { DashboardData, Line } from './types.ts';

export interface ViewOptions {
  width: number;
  now: Date;
  newIds: ReadonlySet<number>;
}

const LIVE_COLUMNS: Column[] = [
  { title: ' ', width: 1 },
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Shopper', width: 12 },
  { title: 'Workflow', width: 12, flex: 1 },
  { title: 'Cart', width: 9, align: 'right' },
  { title: 'State', width: 9 },
  { title: 'Last message', width: 10, flex: 3 },
  { title: 'Age', width: 4, align: 'right' },
];

const SENT = new Set(['sent', 'delivered']);
const STATE_TONE = { recovered: 'good', messaged: undefined, pending: 'warn' } as const;

export function liveLines(data: DashboardData, { width, now, newIds }: ViewOptions): Line[] {
  const widths = columnWidths(LIVE_COLUMNS, width);
  const lines: Line[] = [{ text: header(LIVE_COLUMNS, widths), tone: 'header' }];
  if (data.live.length === 0) lines.push({ text: 'No conversations yet.', tone: 'dim' });
  for (const c of data.live) {
    const isNew = newIds.has(c.id);
    const held = c.last_direction === 'outgoing' && !SENT.has(c.last_status ?? '') ? `(${c.last_status}) ` : '';
    const last =
      c.last_body === null ? '' : `${c.last_direction === 'incoming' ? '<' : '>'} ${held}${oneLine(c.last_body)}`;
    lines.push({
      text: row(
        [
          isNew ? '+' : ' ',
          c.brand_name,
          c.phone ?? '-',
          c.workflow_name ?? '-',
          money(c.cart_value, c.currency),
          c.state,
          last,
          // The conversation's age: the feed is newest conversation first, so the column reads in order.
          age(c.created_at, now),
        ],
        LIVE_COLUMNS,
        widths,
      ),
      tone: isNew ? 'new' : STATE_TONE[c.state],
      item: { kind: 'conversation', id: c.id, brandId: c.brand_id },
    });
  }
  return lines;
}

const WORKFLOW_COLUMNS: Column[] = [
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Workflow', width: 12, flex: 2 },
  { title: 'Status', width: 6 },
  { title: 'Sent', width: 5, align: 'right' },
  { title: 'Held', width: 4, align: 'right' },
  { title: 'Skip', width: 4, align: 'right' },
  { title: 'Repl', width: 4, align: 'right' },
  { title: 'Rec', width: 4, align: 'right' },
  { title: 'Sales', width: 10, align: 'right' },
];

/** The candidate outcomes of the day, in the spec's order, with their short labels. */
export const OUTCOME_LABELS: Array<[string, string]> = [
  ['started', 'started'],
  ['filtered_out', 'filtered'],
  ['channel_missing', 'no channel'],
  ['channel_blocked', 'blocked'],
  ['recently_engaged', 'engaged'],
  ['holdout', 'holdout'],
];

export const workflowStatus = (w: { status: string; is_paused: boolean }): string =>
  w.status === 'draft' ? 'draft' : w.is_paused ? 'paused' : 'active';

export function workflowLines(data: DashboardData, { width }: ViewOptions): Line[] {
  const widths = columnWidths(WORKFLOW_COLUMNS, width);
  const lines: Line[] = [
    { text: 'Today (UTC): texts sent, held now, skipped, replies, recovered orders and sales', tone: 'dim' },
    { text: header(WORKFLOW_COLUMNS, widths), tone: 'header' },
  ];
  if (data.workflows.length === 0) lines.push({ text: 'No workflows.', tone: 'dim' });
  for (const w of data.workflows) {
    const status = workflowStatus(w);
    const item = {
      kind: 'workflow' as const,
      id: w.id,
      brandId: w.brand_id,
      name: w.name,
      brand: w.brand_name,
      paused: w.is_paused,
      status: w.status,
    };
    lines.push({
      text: row(
        [
          w.brand_name,
          w.name,
          status,
          String(w.sent),
          String(w.held),
          String(w.skipped),
          String(w.replies),
          String(w.recovered_orders),
          money(w.recovered_sales),
        ],
        WORKFLOW_COLUMNS,
        widths,
      ),
      tone: status === 'active' ? undefined : 'warn',
      item,
    });
    const outcomes = OUTCOME_LABELS.map(([key, label]) => `${label} ${w.outcomes[key] ?? 0}`).join(' · ');
    lines.push({ text: `  ${outcomes}`.slice(0, width), tone: 'dim', attached: true });
  }
  return lines;
}
