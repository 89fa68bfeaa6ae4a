/** Pure: the Sending and System panes as lines of text, fitted to the terminal's width. */
import { age, clock, columnWidths, fit, header, oneLine, row, until, type Column } from './format.ts';
import type { DashboardData, Line } from './types.ts';
import type { ViewOptions } from './views-feed.ts';

const brandName = (data: DashboardData, id: number | null): string =>
  id === null ? '-' : (data.brands.find((b) => b.id === id)?.name ?? `#${id}`);

const section = (title: string): Line => ({ text: title, tone: 'title' });
const none = (text: string): Line => ({ text: `  ${text}`, tone: 'dim' });

const HELD_COLUMNS: Column[] = [
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Shopper', width: 12 },
  { title: 'Reason', width: 17 },
  { title: 'Goes at', width: 11 },
  { title: 'In', width: 7 },
  { title: 'Detail', width: 8, flex: 3 },
];

const REASON_COLUMNS: Column[] = [
  { title: 'Reason', width: 20, flex: 3 },
  { title: 'Count', width: 6, align: 'right' },
  { title: 'Last', width: 5, align: 'right' },
];

export function sendingLines(data: DashboardData, { width, now }: ViewOptions): Line[] {
  const s = data.sending;
  const lines: Line[] = [
    {
      text: `Sent: ${s.sent.last_minute} in the last minute · ${s.sent.last_hour} in the last hour · ${s.due} due now · provider ${s.provider}`,
    },
    section('Send rate per number (last minute / limit)'),
  ];
  if (s.rates.length === 0) lines.push(none('No texts in the last minute.'));
  for (const r of s.rates) {
    const share = r.limit_per_minute > 0 ? r.last_minute / r.limit_per_minute : 0;
    lines.push({
      text: `  ${fit(brandName(data, r.brand_id), 14)} ${fit(r.sender ?? 'no number', 14)} ${r.last_minute}/${r.limit_per_minute} a minute`,
      tone: share >= 1 ? 'bad' : share >= 0.8 ? 'warn' : undefined,
    });
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

const QUEUE_COLUMNS: Column[] = [
  { title: 'Task', width: 26 },
  { title: 'Queued', width: 6, align: 'right' },
  { title: 'Run', width: 4, align: 'right' },
  { title: 'Failed', width: 6, align: 'right' },
  { title: 'Last error', width: 8, flex: 3 },
];

const DEAD_COLUMNS: Column[] = [
  { title: 'Id', width: 6, align: 'right' },
  { title: 'Source', width: 11 },
  { title: 'Topic', width: 16 },
  { title: 'Brand', width: 12, flex: 1 },
  { title: 'Status', width: 6 },
  { title: 'Try', width: 3, align: 'right' },
  { title: 'Age', width: 4, align: 'right' },
  { title: 'Last error', width: 8, flex: 3 },
];

export function systemLines(data: DashboardData, { width, now }: ViewOptions): Line[] {
  const sys = data.system;
  const lines: Line[] = [section('Job queue')];
  if (sys.queue.tasks.length === 0) lines.push(none('Empty.'));
  else {
    const widths = columnWidths(QUEUE_COLUMNS, width);
    lines.push({ text: header(QUEUE_COLUMNS, widths), tone: 'header' });
    for (const t of sys.queue.tasks)
      lines.push({
        text: row(
          [t.task, String(t.queued), String(t.running), String(t.failed), oneLine(t.last_error)],
          QUEUE_COLUMNS,
          widths,
        ),
        tone: t.failed > 0 ? 'bad' : undefined,
        item: {
          kind: 'detail',
          title: `Task ${t.task}`,
          detail: [
            `queued ${t.queued}, running ${t.running}, failed ${t.failed}`,
            `last error: ${t.last_error ?? 'none'}`,
          ],
        },
      });
  }
  lines.push(section('Workers'));
  if (sys.queue.workers.length === 0) lines.push(none('No worker has run yet.'));
  for (const w of sys.queue.workers) {
    const state = w.released_at ? 'released' : w.stopped_at ? 'stopped' : 'running';
    const stale = state === 'running' && now.getTime() - w.heartbeat_at.getTime() > 120_000;
    lines.push({
      text: `  ${fit(`${w.hostname}:${w.pid}`, 24)} ${fit(stale ? 'silent' : state, 8)} heartbeat ${age(w.heartbeat_at, now)} ago`,
      tone: stale || state === 'released' ? 'bad' : state === 'running' ? 'good' : 'dim',
    });
  }
  lines.push(section('Schedules (UTC)'));
  for (const s of sys.queue.schedules)
    lines.push({
      text: `  ${fit(s.name, 22)} ${fit(s.pattern, 13)} last ${fit(clock(s.last_run, now), 11)} next ${clock(s.next_run, now)} (${until(s.next_run, now)})`.slice(
        0,
        width,
      ),
    });
  lines.push(section('Dead-lettered webhooks'));
  if (sys.dead_letter_sources.length === 0) lines.push(none('None.'));
  for (const s of sys.dead_letter_sources)
    lines.push({
      text: `  ${fit(s.source, 11)} dead ${s.dead} failed ${s.failed}, last ${age(s.last_at, now)} ago: ${oneLine(s.last_error)}`.slice(
        0,
        width,
      ),
      tone: 'bad',
    });
  if (sys.dead_letters.length > 0) {
    const widths = columnWidths(DEAD_COLUMNS, width);
    lines.push({ text: header(DEAD_COLUMNS, widths), tone: 'header' });
    for (const e of sys.dead_letters)
      lines.push({
        text: row(
          [
            String(e.id),
            e.source,
            e.topic ?? '-',
            brandName(data, e.brand_id),
            e.status,
            String(e.attempts),
            age(e.received_at, now),
            oneLine(e.last_error),
          ],
          DEAD_COLUMNS,
          widths,
        ),
        item: {
          kind: 'webhook',
          id: e.id,
          status: e.status,
          detail: [
            `Webhook ${e.id}: ${e.source} ${e.topic ?? ''} (${e.status} after ${e.attempts} attempt(s))`,
            `brand: ${brandName(data, e.brand_id)}  shop: ${e.shop ?? '-'}  received: ${e.received_at.toISOString()}`,
            `last error: ${e.last_error ?? '-'}`,
            `replay: r here, or reclaim webhooks replay ${e.id}`,
          ],
        },
      });
  }
  lines.push(section('10DLC registrations needing manual intervention'));
  if (sys.ten_dlc.length === 0) lines.push(none('None.'));
  for (const n of sys.ten_dlc) lines.push(notice(data, n, now, 'warn'));
  const billing = sys.queue.schedules.find((s) => s.name === 'billing_sync');
  lines.push(
    section(
      `Billing sync: last ${billing?.last_run ? `${age(billing.last_run, now)} ago` : 'never'} · failures today ${sys.billing_failures.length}`,
    ),
  );
  for (const n of sys.billing_failures) lines.push(notice(data, n, now, 'bad'));
  lines.push(section('Store integrations needing a hand'));
  if (sys.integrations.length === 0) lines.push(none('Every store is connected.'));
  for (const i of sys.integrations)
    lines.push({
      text: `  ${fit(i.brand_name, 14)} ${fit(i.platform, 11)} ${fit(i.lookup_id ?? '-', 24)} ${i.status}${i.health ? ` · ${i.health}` : ''}`.slice(
        0,
        width,
      ),
      tone: 'warn',
      item: {
        kind: 'detail',
        title: `Store integration ${i.id}`,
        detail: [
          `${i.brand_name}: ${i.platform} ${i.lookup_id ?? ''}`,
          `status ${i.status}${i.is_enabled ? '' : ' (disabled)'}${i.health ? `, ${i.health}` : ''}`,
        ],
      },
    });
  return lines;
}

function notice(
  data: DashboardData,
  n: DashboardData['system']['ten_dlc'][number],
  now: Date,
  tone: Line['tone'],
): Line {
  const title = n.title ?? n.kind;
  return {
    text: `  ${fit(brandName(data, n.brand_id), 14)} ${age(n.created_at, now).padStart(4)} ${oneLine(title)}`,
    tone,
    item: { kind: 'detail', title, detail: [oneLine(n.body) || title, `raised ${n.created_at.toISOString()}`] },
  };
}
