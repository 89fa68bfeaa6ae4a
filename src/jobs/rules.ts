/** Pure rules of the job record: how a run ended, its error as one line, the duration buckets. */

/** How a run of a job ended: completed, failed with attempts left (retrying), or failed for good. */
export type JobOutcome = 'completed' | 'retrying' | 'failed';
export const JOB_OUTCOMES: readonly JobOutcome[] = ['completed', 'retrying', 'failed'];

/**
 * The upper bounds (seconds) of the job duration histogram. job_run_totals keeps a count per
 * bound, so changing them needs a migration that resets those totals.
 */
export const JOB_DURATION_BUCKETS: readonly number[] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];

/** Runs older than this are folded into job_run_totals (the dashboard shows the last hour). */
export const JOB_RUN_KEEP_SECONDS = 2 * 3600;

/** The longest error kept with a run. */
export const JOB_ERROR_MAX_LENGTH = 500;

/** The outcome of a run: `attempt` counts from 1, as graphile-worker's attempts does once the run began. */
export function jobOutcome({
  ok,
  attempt,
  maxAttempts,
}: {
  ok: boolean;
  attempt: number;
  maxAttempts: number;
}): JobOutcome {
  if (ok) return 'completed';
  return attempt >= maxAttempts ? 'failed' : 'retrying';
}

/** An error as one line of at most JOB_ERROR_MAX_LENGTH characters (an ellipsis marks a cut); null when empty. */
export function errorLine(message: string | null | undefined): string | null {
  const line = (message ?? '').replace(/\s+/g, ' ').trim();
  if (!line) return null;
  return line.length > JOB_ERROR_MAX_LENGTH ? `${line.slice(0, JOB_ERROR_MAX_LENGTH - 1)}…` : line;
}

/**
 * The database pool a worker process needs: one connection per job it runs at once, one per
 * sender lane, and two for the heartbeats and the jobs' own short statements, so neither the
 * jobs nor the lanes wait for a connection. graphile-worker's own pool (taking and completing
 * jobs) gets the jobs' count and two more.
 */
export function workerPoolSizes({ concurrency, lanes }: { concurrency: number; lanes: number }): {
  app: number;
  queue: number;
} {
  return { app: concurrency + lanes + 2, queue: Math.max(4, concurrency + 2) };
}
