/**
 * The database's series of `GET /metrics`, read at scrape time with a few queries each, so every
 * process that serves /metrics shows the same figures whichever worker or server did the work
 * (docs/operators/monitoring.md lists them). Labels are codes only (tasks, sources, statuses,
 * reasons' codes through metricLabel): never a brand, a phone number or an address.
 */
import { brandNames } from '../accounts/index.ts';
import type { AppContext } from '../app/index.ts';
import { optOutsBySource } from '../contacts/index.ts';
import {
  forbiddenNames,
  metricLabel,
  sumByLabel,
  type MetricFamily,
  type MetricSample,
  type MetricsCollector,
} from '../http/index.ts';
import {
  heartbeatIntervalMs,
  JOB_DURATION_BUCKETS,
  jobRunCounters,
  queueByTask,
  workerCounts,
  type JobRunCounter,
} from '../jobs/index.ts';
import { numberPaces, registrationStatus, textOutcomesLastHour, type NumberPaceRow } from '../messaging/index.ts';
import { webhookHealth, webhooksLastHour } from '../webhooks/index.ts';

const gauge = (name: string, help: string, samples: MetricSample[]): MetricFamily => ({
  name,
  help,
  type: 'gauge',
  samples,
});

/** A histogram's lines (cumulative buckets, +Inf, sum, count) from recorded runs. */
function histogram(name: string, help: string, rows: Array<{ labels: Record<string, string>; run: JobRunCounter }>) {
  const samples: MetricSample[] = [];
  for (const { labels, run } of rows) {
    JOB_DURATION_BUCKETS.forEach((bound, i) =>
      samples.push({ labels: { ...labels, le: String(bound) }, value: run.buckets[i] ?? 0, suffix: '_bucket' }),
    );
    samples.push({ labels: { ...labels, le: '+Inf' }, value: run.runs, suffix: '_bucket' });
    samples.push({ labels, value: run.seconds, suffix: '_sum' });
    samples.push({ labels, value: run.runs, suffix: '_count' });
  }
  return { name, help, type: 'histogram' as const, samples };
}

/** The runs of one task over every outcome, added up. */
function taskTotal(runs: JobRunCounter[], task: string): JobRunCounter {
  const mine = runs.filter((r) => r.task === task);
  return {
    task,
    outcome: 'completed',
    runs: mine.reduce((n, r) => n + r.runs, 0),
    seconds: mine.reduce((n, r) => n + r.seconds, 0),
    buckets: JOB_DURATION_BUCKETS.map((_b, i) => mine.reduce((n, r) => n + (r.buckets[i] ?? 0), 0)),
  };
}

const jobs: MetricsCollector = {
  name: 'jobs',
  async collect(ctx, now) {
    const silentAfter = Math.round((heartbeatIntervalMs(ctx.config.WORKER_STALE_AFTER_SECONDS) * 4) / 1000);
    const [runs, tasks, workers] = await Promise.all([
      jobRunCounters(ctx.db),
      queueByTask(ctx.db),
      workerCounts(ctx.db, silentAfter),
    ]);
    const due = tasks.map((t) => t.oldest_due_at).filter((d): d is Date => d !== null);
    const oldest =
      due.length === 0 ? 0 : Math.max(0, (now.getTime() - Math.min(...due.map((d) => d.getTime()))) / 1000);
    return [
      {
        name: 'reclaim_jobs_total',
        help: 'Job runs recorded by every worker, by task and outcome (completed, retrying: failed with attempts left, failed: none left).',
        type: 'counter',
        samples: runs.map((r) => ({ labels: { task: r.task, outcome: r.outcome }, value: r.runs })),
      },
      histogram(
        'reclaim_job_duration_seconds',
        'Duration of job runs recorded by every worker, by task and outcome.',
        runs.map((run) => ({ labels: { task: run.task, outcome: run.outcome }, run })),
      ),
      histogram(
        'reclaim_run_candidates_duration_seconds',
        'Duration of the scheduled run-candidates jobs (every outcome).',
        [{ labels: {}, run: taskTotal(runs, 'workflows:run-candidates') }],
      ),
      histogram('reclaim_send_due_duration_seconds', 'Duration of the send-due jobs (every outcome).', [
        { labels: {}, run: taskTotal(runs, 'messages:send-due') },
      ]),
      gauge(
        'reclaim_job_queue_jobs',
        'Jobs in the queue now, by task and state (queued: waiting with attempts left, running, failed: no attempts left).',
        tasks.flatMap((t) => [
          { labels: { task: t.task, state: 'queued' }, value: t.queued },
          { labels: { task: t.task, state: 'running' }, value: t.running },
          { labels: { task: t.task, state: 'failed' }, value: t.failed },
        ]),
      ),
      gauge(
        'reclaim_job_queue_oldest_due_seconds',
        'How long the longest-waiting due job has waited (0 when none waits).',
        [{ value: oldest }],
      ),
      gauge(
        'reclaim_workers',
        `Workers by state (silent: running without a heartbeat for ${silentAfter} s).`,
        (['running', 'silent', 'stopped', 'released'] as const).map((state) => ({
          labels: { state },
          value: workers[state],
        })),
      ),
      gauge(
        'reclaim_worker_heartbeat_age_seconds',
        "Age of the newest running worker's heartbeat (-1 when none runs).",
        [
          {
            value: workers.newest_heartbeat_at
              ? Math.max(0, (now.getTime() - workers.newest_heartbeat_at.getTime()) / 1000)
              : -1,
          },
        ],
      ),
    ];
  },
};

const webhooks: MetricsCollector = {
  name: 'webhooks',
  async collect(ctx) {
    const [health, lastHour] = await Promise.all([
      webhookHealth(ctx.db, { stuckAfterSeconds: ctx.config.WEBHOOK_STUCK_AFTER_SECONDS }),
      webhooksLastHour(ctx.db),
    ]);
    return [
      gauge(
        'reclaim_webhooks_last_hour',
        'Webhooks received in the last hour, by source and the status they have now (processed, pending, processing, failed, dead, skipped).',
        lastHour.map((r) => ({ labels: { source: r.source, status: r.status }, value: r.count })),
      ),
      gauge(
        'reclaim_webhooks_dead_lettered',
        'Webhooks dead-lettered now (no attempts left; replay them), by source.',
        health.map((h) => ({ labels: { source: h.source }, value: h.dead })),
      ),
      gauge(
        'reclaim_webhooks_failed',
        'Webhooks failed now and waiting for their next attempt, by source.',
        health.map((h) => ({ labels: { source: h.source }, value: h.failed })),
      ),
      gauge(
        'reclaim_webhooks_stuck',
        `Webhooks pending or processing for longer than WEBHOOK_STUCK_AFTER_SECONDS (${ctx.config.WEBHOOK_STUCK_AFTER_SECONDS} s), by source.`,
        health.map((h) => ({ labels: { source: h.source }, value: h.stuck })),
      ),
    ];
  },
};

/** Sending numbers with series of their own (the busiest of the last minute, then of today). */
const NUMBER_SERIES_LIMIT = 20;

const texts: MetricsCollector = {
  name: 'texts',
  async collect(ctx, now) {
    const [outcomes, optOuts, registrations, names, numbers] = await Promise.all([
      textOutcomesLastHour(ctx.db, { now }),
      optOutsBySource(ctx.db, { since: new Date(now.getTime() - 3_600_000) }),
      registrationStatus(ctx, {}),
      brandNames(ctx.db),
      numberPaces(ctx.db, { now, limit: NUMBER_SERIES_LIMIT }),
    ]);
    // A number is labelled by its provider and last four digits only (never the whole number);
    // two numbers ending alike get -2, -3 (series must stay distinct).
    const seen = new Map<string, number>();
    const labels = numbers.map((n) => {
      const base = `${n.provider}:n${n.sender.replace(/\D/g, '').slice(-4)}`;
      const k = (seen.get(base) ?? 0) + 1;
      seen.set(base, k);
      return { provider: n.provider, number: `${base.split(':')[1]}${k > 1 ? `-${k}` : ''}` };
    });
    const numberLabel = (n: NumberPaceRow) => labels[numbers.indexOf(n)]!;
    // Reasons and sources are stored text: only codes become labels, never a brand's name.
    const forbidden = forbiddenNames(names);
    const byReason = (rows: Array<{ reason: string; count: number }>): MetricSample[] =>
      sumByLabel(rows.map((r) => ({ label: metricLabel(r.reason, forbidden), count: r.count }))).map((r) => ({
        labels: { reason: r.label },
        value: r.count,
      }));
    return [
      gauge('reclaim_texts_sent_last_hour', 'Texts handed to the SMS provider in the last hour, every brand.', [
        { value: outcomes.sent },
      ]),
      gauge('reclaim_texts_delivered_last_hour', 'Texts of the last hour the provider reported delivered.', [
        { value: outcomes.delivered },
      ]),
      gauge(
        'reclaim_texts_failed_last_hour',
        "Texts that failed at the provider or were undelivered in the last hour, by the reason's code.",
        byReason(outcomes.failed),
      ),
      gauge(
        'reclaim_texts_skipped_last_hour',
        'Texts skipped in the last hour (opt-out, quiet hours past their cutoff, caps...), by reason.',
        byReason(outcomes.skipped),
      ),
      gauge('reclaim_texts_due', 'Texts due now and waiting for a sender lane (or the send job).', [
        { value: outcomes.due },
      ]),
      gauge('reclaim_texts_due_oldest_seconds', 'How long the oldest due text has been due (0 when none is).', [
        {
          value: outcomes.oldest_due_at ? Math.max(0, (now.getTime() - outcomes.oldest_due_at.getTime()) / 1000) : 0,
        },
      ]),
      gauge(
        'reclaim_send_rate_per_number',
        `Texts per second each sending number handed to the provider over the last full minute (the ${NUMBER_SERIES_LIMIT} busiest; number = its last four digits).`,
        numbers.map((n) => ({ labels: numberLabel(n), value: n.rate })),
      ),
      gauge(
        'reclaim_send_limit_per_number',
        "Each sending number's pace: texts per second it may send (its 10DLC tier, its brand's setting or SMS_MESSAGES_PER_SECOND).",
        numbers.map((n) => ({ labels: numberLabel(n), value: n.per_second ?? 0 })),
      ),
      gauge(
        'reclaim_send_today_per_number',
        'Texts each sending number handed to the provider today (UTC), against its daily cap.',
        numbers.map((n) => ({ labels: numberLabel(n), value: n.today })),
      ),
      gauge(
        'reclaim_opt_outs_last_hour',
        'Channels unsubscribed in the last hour (STOP and its synonyms, store and Klaviyo unsubscribes), by source.',
        sumByLabel(optOuts.map((o) => ({ label: metricLabel(o.source, forbidden), count: o.count }))).map((o) => ({
          labels: { source: o.label },
          value: o.count,
        })),
      ),
      gauge(
        'reclaim_tendlc_registrations_waiting',
        '10DLC registrations waiting for an operator (manual_intervention).',
        [{ value: registrations.filter((r) => r.state === 'manual_intervention').length }],
      ),
    ];
  },
};

/** Every collector of the database's series, in the order they are read. */
export const METRICS_COLLECTORS: MetricsCollector[] = [jobs, webhooks, texts];

/** For tests and `reclaim doctor`: the families of every collector at `now`. */
export async function collectMetricFamilies(ctx: AppContext, now: Date): Promise<MetricFamily[]> {
  return (await Promise.all(METRICS_COLLECTORS.map((c) => c.collect(ctx, now)))).flat();
}
