/** Pure: the System pane as lines of text, fitted to the terminal's width. */
import { age, clock, columnWidths, fit, header, oneLine, row, until, type Column } from './format.ts';
import type { DashboardData, Line } from './types.ts';
import type { ViewOptions } from './views-feed.ts';
import { brandName, none, section } from './views-ops.ts';

const QUEUE_COLUMNS: Column[] = [
  { title: 'Task', width: 26 },
  { title: 'Queued', width: 6, align: 'right' },
  { title: 'Run', width: 4, align: 'right' },
  { title: 'Failed', width: 6, align: 'right' },
  { title: 'Wait', width: 4, align: 'right' },
  { title: 'Last error', width: 8, flex: 3 },
];

/** At most this many tasks in the queue table, the ones with failed and waiting jobs first. */
export const QUEUE_ROWS = 6;

const FAILED_COLUMNS: Column[] = [
  { title: 'Job', width: 7, align: 'right' },
  { title: 'Task', width: 26 },
  { title: 'Tries', width: 5, align: 'right' },
  { title: 'Age', width: 4, align: 'right' },
  { title: 'Error', width: 8, flex: 3 },
];

const HISTORY_COLUMNS: Column[] = [
  { title: 'Ago', width: 4, align: 'right' },
  { title: 'Task', width: 26 },
  { title: 'Outcome', width: 9 },
  { title: 'Took', width: 6, align: 'right' },
  { title: 'Error', width: 8, flex: 3 },
];

/** Job runs listed in the history (the newest; failures of the hour first). */
export const HISTORY_ROWS = 12;

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

/** "850ms", "3.2s", "2m". */
export function took(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  return `${Math.floor(ms / 60_000)}m`;
}

type WorkerRow = DashboardData['system']['queue']['workers'][number];

/** Pure: a worker's state as the pane shows it; a running one without a heartbeat for `silentAfterSeconds` is silent. */
export function workerState(
  w: WorkerRow,
  now: Date,
  silentAfterSeconds: number,
): 'running' | 'silent' | 'stopped' | 'released' {
  if (w.released_at) return 'released';
  if (w.stopped_at) return 'stopped';
  return now.getTime() - w.heartbeat_at.getTime() > silentAfterSeconds * 1000 ? 'silent' : 'running';
}

/**
 * The System pane, most urgent first so a small terminal shows the queue and the workers without
 * scrolling: the queue (its busiest tasks), the workers, jobs that failed for good, dead-lettered
 * and stuck webhooks, 10DLC registrations waiting for an operator, the last hour's job runs, the
 * schedules, billing sync and store integrations.
 */
export function systemLines(data: DashboardData, { width, now }: ViewOptions): Line[] {
  const sys = data.system;
  const tasks = [...sys.queue.tasks].sort(
    (a, b) => b.failed - a.failed || b.queued + b.running - (a.queued + a.running) || a.task.localeCompare(b.task),
  );
  const queued = tasks.reduce((n, t) => n + t.queued, 0);
  const running = tasks.reduce((n, t) => n + t.running, 0);
  const lines: Line[] = [section(`Job queue: ${queued} queued · ${running} running · ${sys.jobs.failed_total} failed`)];
  if (tasks.length === 0) lines.push(none('Empty.'));
  else {
    const widths = columnWidths(QUEUE_COLUMNS, width);
    lines.push({ text: header(QUEUE_COLUMNS, widths), tone: 'header' });
    const shown = tasks.length > QUEUE_ROWS ? tasks.slice(0, QUEUE_ROWS - 1) : tasks;
    for (const t of shown)
      lines.push({
        text: row(
          [
            t.task,
            String(t.queued),
            String(t.running),
            String(t.failed),
            t.oldest_due_at ? age(t.oldest_due_at, now) : '-',
            oneLine(t.last_error),
          ],
          QUEUE_COLUMNS,
          widths,
        ),
        tone: t.failed > 0 ? 'bad' : undefined,
        item: {
          kind: 'detail',
          title: `Task ${t.task}`,
          detail: [
            `queued ${t.queued}, running ${t.running}, failed ${t.failed}`,
            `oldest due job waiting: ${t.oldest_due_at ? age(t.oldest_due_at, now) : 'none'}`,
            `last error: ${t.last_error ?? 'none'}`,
          ],
        },
      });
    const rest = tasks.slice(shown.length);
    if (rest.length > 0)
      lines.push({
        text: `  … ${rest.length} more tasks (${rest.reduce((n, t) => n + t.queued, 0)} queued): enter lists them`,
        tone: 'dim',
        item: {
          kind: 'detail',
          title: 'Every task in the queue',
          detail: tasks.map((t) => `${t.task}: queued ${t.queued}, running ${t.running}, failed ${t.failed}`),
        },
      });
  }
  const wc = sys.worker_counts;
  lines.push(
    section(
      `Workers: ${wc.running} running${wc.silent ? ` · ${wc.silent} silent` : ''}${wc.stopped ? ` · ${wc.stopped} stopped` : ''}${wc.released ? ` · ${wc.released} released` : ''}`,
    ),
  );
  if (sys.queue.workers.length === 0) lines.push(none('No worker has run yet: start one with reclaim worker.'));
  for (const w of sys.queue.workers) {
    const state = workerState(w, now, sys.silent_after_seconds);
    lines.push({
      text: `  ${fit(`${w.hostname}:${w.pid}`, 24)} ${fit(state, 8)} heartbeat ${age(w.heartbeat_at, now)} ago`,
      tone: state === 'silent' || state === 'released' ? 'bad' : state === 'running' ? 'good' : 'dim',
    });
  }

  const failedIds = new Set(sys.jobs.failed.map((j) => j.id));
  lines.push(section(`Failed jobs (no attempts left): ${sys.jobs.failed_total}`));
  if (sys.jobs.failed.length === 0) lines.push(none('None.'));
  else {
    const widths = columnWidths(FAILED_COLUMNS, width);
    lines.push({ text: header(FAILED_COLUMNS, widths), tone: 'header' });
    for (const j of sys.jobs.failed)
      lines.push({
        text: row(
          [j.id, j.task, `${j.attempts}/${j.max_attempts}`, age(j.updated_at, now), oneLine(j.last_error)],
          FAILED_COLUMNS,
          widths,
        ),
        tone: 'bad',
        item: {
          kind: 'job',
          id: j.id,
          task: j.task,
          failed: true,
          detail: [
            `Job ${j.id}: ${j.task}, failed after ${j.attempts} of ${j.max_attempts} attempts, ${age(j.updated_at, now)} ago`,
            `error: ${j.last_error ?? '-'}`,
            'retry: r here (the job runs again now, its attempts reset)',
          ],
        },
      });
  }

  const totals = sys.webhooks.reduce(
    (t, w) => ({ dead: t.dead + w.dead, failed: t.failed + w.failed, stuck: t.stuck + w.stuck }),
    { dead: 0, failed: 0, stuck: 0 },
  );
  lines.push(section(`Webhooks: dead ${totals.dead} · failed ${totals.failed} · stuck ${totals.stuck}`));
  if (sys.dead_letter_sources.length === 0 && totals.stuck === 0) lines.push(none('None dead, failed or stuck.'));
  for (const w of sys.webhooks.filter((h) => h.stuck > 0))
    lines.push({
      text: `  ${fit(w.source, 11)} stuck ${w.stuck} (pending or processing too long): reclaim webhooks list --stuck`.slice(
        0,
        width,
      ),
      tone: 'warn',
    });
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

  lines.push(section(`10DLC registrations waiting for an operator: ${sys.registrations.length}`));
  if (sys.registrations.length === 0) lines.push(none('None.'));
  for (const r of sys.registrations) {
    const brand = r.brandName ?? brandName(data, r.brandId);
    const since = r.since ? new Date(r.since) : null;
    lines.push({
      text: `  ${fit(brand, 14)} ${(since && !Number.isNaN(since.getTime()) ? age(since, now) : '-').padStart(4)} ${oneLine(r.lastError) || 'manual intervention'}`,
      tone: 'warn',
      item: {
        kind: 'registration',
        brandId: r.brandId,
        brand,
        state: r.state,
        campaign: r.campaignId !== null,
        detail: [
          `${brand} (brand ${r.brandId}): 10DLC registration in ${r.state}${r.since ? ` since ${r.since}` : ''}`,
          `last error: ${r.lastError ?? '-'}`,
          `next: ${r.next}`,
          `r retries from the step that failed (reclaim messaging retry --brand ${r.brandId})`,
          r.campaignId
            ? `a appeals the rejected campaign with a reason (reclaim messaging appeal --brand ${r.brandId} --reason "…")`
            : 'no campaign to appeal yet',
        ],
      },
    });
  }

  const c = sys.jobs.counts;
  lines.push(
    section(`Job history (last hour): completed ${c.completed} · retrying ${c.retrying} · failed ${c.failed}`),
  );
  if (sys.jobs.runs.length === 0) lines.push(none('No job ran in the last hour.'));
  else {
    const widths = columnWidths(HISTORY_COLUMNS, width);
    lines.push({ text: header(HISTORY_COLUMNS, widths), tone: 'header' });
    const failures = sys.jobs.runs.filter((r) => r.outcome !== 'completed');
    const completed = sys.jobs.runs.filter((r) => r.outcome === 'completed');
    const shown = [...failures, ...completed].slice(0, HISTORY_ROWS);
    for (const r of shown) {
      const retryable = r.outcome === 'failed' && failedIds.has(r.job_id);
      lines.push({
        text: row(
          [age(r.finished_at, now), r.task, r.outcome, took(r.duration_ms), oneLine(r.error)],
          HISTORY_COLUMNS,
          widths,
        ),
        tone: r.outcome === 'failed' ? 'bad' : r.outcome === 'retrying' ? 'warn' : undefined,
        item: {
          kind: 'job',
          id: r.job_id,
          task: r.task,
          failed: retryable,
          detail: [
            `Job ${r.job_id}: ${r.task}, attempt ${r.attempt} of ${r.max_attempts}, ${r.outcome} at ${r.finished_at.toISOString()} after ${took(r.duration_ms)}`,
            `error: ${r.error ?? '-'}`,
            ...(retryable ? ['retry: r here (the job runs again now, its attempts reset)'] : []),
          ],
        },
      });
    }
  }

  lines.push(section('Schedules (UTC)'));
  for (const s of sys.queue.schedules)
    lines.push({
      text: `  ${fit(s.name, 22)} ${fit(s.pattern, 13)} last ${fit(clock(s.last_run, now), 11)} next ${clock(s.next_run, now)} (${until(s.next_run, now)})`.slice(
        0,
        width,
      ),
      item: {
        kind: 'detail',
        title: `Schedule ${s.name}`,
        detail: [
          `${s.name}: queues ${s.task} at ${s.pattern} (UTC); SCHEDULE_${s.name.toUpperCase()} overrides it, off turns it off`,
          `last run: ${s.last_run ? s.last_run.toISOString() : 'never'}`,
          `next run: ${s.next_run ? `${s.next_run.toISOString()} (${until(s.next_run, now)})` : '-'}`,
        ],
      },
    });
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
  n: DashboardData['system']['billing_failures'][number],
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
