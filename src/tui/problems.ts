/**
 * Pure: what is wrong, for the dashboard's header line. Each rule turns one fact of the refresh
 * into a problem with its count and severity (bad: something is broken or lost; warn: someone
 * should look); the line shows the bad ones first and is cut to the terminal's width with the
 * number of problems left out.
 */
import { age } from './format.ts';
import type { DashboardData } from './types.ts';

export type Severity = 'bad' | 'warn';

export interface Problem {
  key:
    | 'failed_jobs'
    | 'dead_webhooks'
    | 'stuck_webhooks'
    | 'no_worker'
    | 'silent_workers'
    | 'tendlc_waiting'
    | 'provider_failures'
    | 'oldest_job';
  severity: Severity;
  count: number;
  text: string;
}

/** The facts the rules read, from one refresh. */
export interface ProblemFacts {
  /** Jobs with no attempts left, still in the queue. */
  failedJobs: number;
  deadWebhooks: number;
  /** Webhooks pending or processing for longer than WEBHOOK_STUCK_AFTER_SECONDS. */
  stuckWebhooks: number;
  /** Workers beating now, and those whose heartbeat stopped without a clean stop. */
  runningWorkers: number;
  silentWorkers: number;
  /** Jobs waiting in the queue (due now or later). */
  queuedJobs: number;
  /** 10DLC registrations waiting for an operator (manual_intervention). */
  tenDlcWaiting: number;
  /** Texts failed or undelivered at the provider in the last hour. */
  providerFailures: number;
  /** When the longest-waiting due job became due; null when none waits. */
  oldestDueJobAt: Date | null;
}

/** A due job waiting this long is worth a look; this long, something is stuck. */
export const OLDEST_JOB_WARN_SECONDS = 60;
export const OLDEST_JOB_BAD_SECONDS = 300;

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export function problemsOf(facts: ProblemFacts, now: Date): Problem[] {
  const out: Problem[] = [];
  const add = (key: Problem['key'], severity: Severity, count: number, text: string): void =>
    void out.push({ key, severity, count, text });
  if (facts.failedJobs > 0) add('failed_jobs', 'bad', facts.failedJobs, plural(facts.failedJobs, 'failed job'));
  if (facts.deadWebhooks > 0)
    add('dead_webhooks', 'bad', facts.deadWebhooks, plural(facts.deadWebhooks, 'dead-lettered webhook'));
  if (facts.runningWorkers === 0 && (facts.queuedJobs > 0 || facts.silentWorkers > 0))
    add('no_worker', 'bad', 0, 'no worker running');
  if (facts.silentWorkers > 0)
    add('silent_workers', 'bad', facts.silentWorkers, plural(facts.silentWorkers, 'silent worker'));
  if (facts.stuckWebhooks > 0)
    add('stuck_webhooks', 'warn', facts.stuckWebhooks, plural(facts.stuckWebhooks, 'stuck webhook'));
  if (facts.tenDlcWaiting > 0)
    add('tendlc_waiting', 'warn', facts.tenDlcWaiting, `${plural(facts.tenDlcWaiting, '10DLC registration')} waiting`);
  if (facts.providerFailures > 0)
    add(
      'provider_failures',
      'warn',
      facts.providerFailures,
      `${plural(facts.providerFailures, 'text')} failed at the provider (1h)`,
    );
  if (facts.oldestDueJobAt) {
    const seconds = Math.floor((now.getTime() - facts.oldestDueJobAt.getTime()) / 1000);
    if (seconds >= OLDEST_JOB_WARN_SECONDS)
      add(
        'oldest_job',
        seconds >= OLDEST_JOB_BAD_SECONDS ? 'bad' : 'warn',
        seconds,
        `oldest queued job ${age(facts.oldestDueJobAt, now)}`,
      );
  }
  // Bad first; within a severity, in the order above.
  return [...out.filter((p) => p.severity === 'bad'), ...out.filter((p) => p.severity === 'warn')];
}

export interface Segment {
  text: string;
  tone?: 'bad' | 'warn' | 'good' | 'dim';
}

const MARK: Record<Severity, string> = { bad: '✗', warn: '!' };
const SEPARATOR = ' · ';

/**
 * The header line as coloured segments within `width`: "✓ No problems" when there are none, else
 * each problem with its mark (✗ bad, ! warn), and "+N more" for those that do not fit.
 */
export function problemSegments(problems: Problem[], width: number): Segment[] {
  if (problems.length === 0) return [{ text: '✓ No problems', tone: 'good' }];
  const parts = problems.map((p) => ({ text: `${MARK[p.severity]} ${p.text}`, tone: p.severity }));
  for (let shown = parts.length; shown >= 1; shown -= 1) {
    const left = parts.length - shown;
    const more = left > 0 ? `${SEPARATOR}+${left} more` : '';
    const length = parts.slice(0, shown).reduce((n, p, i) => n + p.text.length + (i > 0 ? SEPARATOR.length : 0), 0);
    if (length + more.length <= width) {
      const out: Segment[] = [];
      parts.slice(0, shown).forEach((p, i) => {
        if (i > 0) out.push({ text: SEPARATOR, tone: 'dim' });
        out.push(p);
      });
      if (left > 0) out.push({ text: more, tone: 'dim' });
      return out;
    }
  }
  // Not even one fits: the first, cut.
  const first = parts[0]!;
  const suffix = parts.length > 1 ? ` +${parts.length - 1}` : '';
  const room = Math.max(1, width - suffix.length);
  return [
    { text: first.text.length > room ? `${first.text.slice(0, room - 1)}…` : first.text, tone: first.tone },
    ...(suffix ? [{ text: suffix, tone: 'dim' as const }] : []),
  ];
}

/** The facts of one refresh's data (see ProblemFacts). */
export function problemFactsOf(data: DashboardData): ProblemFacts {
  const sys = data.system;
  const due = sys.queue.tasks.map((t) => t.oldest_due_at).filter((d): d is Date => d !== null);
  return {
    failedJobs: sys.jobs.failed_total,
    deadWebhooks: sys.webhooks.reduce((n, w) => n + w.dead, 0),
    stuckWebhooks: sys.webhooks.reduce((n, w) => n + w.stuck, 0),
    runningWorkers: sys.worker_counts.running,
    silentWorkers: sys.worker_counts.silent,
    queuedJobs: sys.queue.tasks.reduce((n, t) => n + t.queued, 0),
    tenDlcWaiting: sys.registrations.length,
    providerFailures: data.sending.failed_last_hour,
    oldestDueJobAt: due.length === 0 ? null : new Date(Math.min(...due.map((d) => d.getTime()))),
  };
}
