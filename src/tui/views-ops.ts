/** Pure: the Sending pane as lines of text, fitted to the terminal's width (the System pane: views-system.ts). */
import { age, clock, columnWidths, fit, header, oneLine, row, until, type Column } from './format.ts';
import type { DashboardData, Line } from './types.ts';
import type { ViewOptions } from './views-feed.ts';

export const brandName = (data: DashboardData, id: number | null): string =>
  id === null ? '-' : (data.brands.find((b) => b.id === id)?.name ?? `#${id}`);

export const section = (title: string): Line => ({ text: title, tone: 'title' });
export const none = (text: string): Line => ({ text: `  ${text}`, tone: 'dim' });

const HELD_COLUMNS: Column[] = [
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Shopper', width: 12 },
  { title: 'Reason', width: 17 },
  { title: 'Goes at', width: 11 },
  { title: 'In', width: 7 },
  { title: 'Detail', width: 8, flex: 3 },
];

const HOUR_COLUMNS: Column[] = [
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Sent', width: 6, align: 'right' },
  { title: '/min', width: 6, align: 'right' },
  { title: 'Deliv', width: 5, align: 'right' },
  { title: 'Fail', width: 5, align: 'right' },
  { title: 'Failed', width: 6, align: 'right' },
  { title: 'Opt-outs', width: 8, align: 'right' },
];

/** "97%" (rounded down, so 99.6% is not shown as all), "-" when there is nothing to divide. */
export function percent(part: number, whole: number): string {
  if (whole <= 0) return '-';
  return `${Math.floor((part * 100) / whole)}%`;
}

const REASON_COLUMNS: Column[] = [
  { title: 'Reason', width: 20, flex: 3 },
  { title: 'Count', width: 6, align: 'right' },
  { title: 'Last', width: 5, align: 'right' },
];

export function sendingLines(data: DashboardData, { width, now }: ViewOptions): Line[] {
  const s = data.sending;
  const lines: Line[] = [
    {
      text: `Sent: ${s.sent.last_minute} in the last minute · ${s.sent.last_hour} in the last hour · ${s.due} due now${s.oldest_due_at ? ` (oldest due ${age(s.oldest_due_at, now)} ago)` : ''} · provider ${s.provider}`,
      // Texts due for more than a minute: the lanes are behind (or no worker runs).
      tone: s.oldest_due_at && now.getTime() - s.oldest_due_at.getTime() > 60_000 ? 'warn' : undefined,
    },
  ];
  lines.push(section(`Last hour per brand · ${s.failed_last_hour} failed at the provider`));
  if (s.brands_hour.length === 0) lines.push(none('No texts and no opt-outs in the last hour.'));
  else {
    const widths = columnWidths(HOUR_COLUMNS, width);
    lines.push({ text: header(HOUR_COLUMNS, widths), tone: 'header' });
    for (const b of s.brands_hour) {
      const failed = b.failed + b.undelivered;
      const failure = percent(failed, b.sent + b.failed);
      lines.push({
        text: row(
          [
            brandName(data, b.brand_id),
            String(b.sent),
            (b.sent / 60).toFixed(1),
            percent(b.delivered, b.sent),
            failure,
            String(failed),
            String(b.opt_outs),
          ],
          HOUR_COLUMNS,
          widths,
        ),
        tone: failed > 0 && failed * 10 >= b.sent + b.failed ? 'bad' : failed > 0 ? 'warn' : undefined,
        item: {
          kind: 'detail',
          title: `${brandName(data, b.brand_id)}: the last hour`,
          detail: [
            `texts handed to the provider: ${b.sent} (${(b.sent / 60).toFixed(1)} a minute)`,
            `delivered: ${b.delivered} (${percent(b.delivered, b.sent)} of those sent; the rest await a delivery report or failed)`,
            `failed at the provider: ${b.failed}, undelivered: ${b.undelivered} (${failure} of texts tried)`,
            `opt-outs: ${b.opt_outs}`,
          ],
        },
      });
    }
  }
  lines.push(section('Send rate per number (last minute / limit)'));
  if (s.rates.length === 0) lines.push(none('No texts in the last minute.'));
  for (const r of s.rates) {
    const share = r.limit_per_minute > 0 ? r.last_minute / r.limit_per_minute : 0;
    lines.push({
      text: `  ${fit(brandName(data, r.brand_id), 14)} ${fit(r.sender ?? 'no number', 14)} ${r.last_minute}/${r.limit_per_minute} a minute`,
      tone: share >= 1 ? 'bad' : share >= 0.8 ? 'warn' : undefined,
    });
  }
  if (s.numbers.length > 0) {
    lines.push(section("Numbers' pace (texts a second, last minute / limit · today / daily cap)"));
    for (const n of s.numbers) {
      const share = n.per_second ? n.rate / n.per_second : 0;
      const capped = n.per_day !== null && n.today >= n.per_day;
      lines.push({
        text: `  ${fit(n.sender, 16)} ${n.rate.toFixed(1)}/${n.per_second ?? '-'} a second · ${n.today}/${n.per_day ?? '-'} today${capped ? ' · daily cap reached' : ''}`,
        tone: capped ? 'bad' : share >= 0.95 ? 'warn' : undefined,
      });
    }
  }
  const byReason = s.held_by_reason.map((h) => `${h.reason} ${h.count}`).join(', ');
  const heldTotal = s.held_by_reason.reduce((n, h) => n + h.count, 0);
  lines.push(section(`Held now: ${heldTotal}${byReason ? ` (${byReason})` : ''}`));
  if (s.held.length === 0) lines.push(none('Nothing held.'));
  else {
    const widths = columnWidths(HELD_COLUMNS, width);
    lines.push({ text: header(HELD_COLUMNS, widths), tone: 'header' });
    for (const h of s.held)
      lines.push({
        text: row(
          [
            brandName(data, h.brand_id),
            h.phone ?? '-',
            h.reason,
            clock(h.until, now),
            until(h.until, now),
            oneLine(h.status_reason?.replace(/^[^:]*:\s*/, '')),
          ],
          HELD_COLUMNS,
          widths,
        ),
        item: { kind: 'conversation', id: h.conversation_id, brandId: h.brand_id },
      });
  }
  const reasons = (title: string, rows: typeof s.skipped, tone?: Line['tone']): void => {
    lines.push(section(title));
    if (rows.length === 0) return void lines.push(none('None.'));
    const widths = columnWidths(REASON_COLUMNS, width);
    for (const r of rows)
      lines.push({
        text: row([`  ${r.reason}`, String(r.count), age(r.last_at, now)], REASON_COLUMNS, widths),
        tone,
        item: {
          kind: 'detail',
          title,
          detail: [`${r.reason}`, `${r.count} message(s), the last ${age(r.last_at, now)} ago`],
        },
      });
  };
  reasons('Skipped today, by reason', s.skipped);
  reasons('Provider errors today', s.errors, 'bad');
  return lines;
}
