/**
 * The record of what jobs did: each run written as it ends (recordJobRun, by the worker), the last
 * hour's runs and the jobs that failed for good (the dashboard's job history), and the retry of a
 * failed job through graphile-worker's SQL API `reschedule_jobs` (its tables are never written here).
 */
import { AppError, coerceError, type AppContext } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { JOB_RUN_KEEP_SECONDS, type JobOutcome } from './rules.ts';
import { failedJobs, findQueuedJob, rescheduleJobNow, type QueuedJob } from './store.ts';
import { foldJobRuns, insertJobRun, recentJobRuns, type JobRunRow, type NewJobRun } from './store-runs.ts';

export const JOB_HISTORY_LIMIT = 50;
export const FAILED_JOB_LIMIT = 20;

/** Records one run; a failure to record is logged and never fails the job. */
export async function recordJobRun(ctx: AppContext, run: NewJobRun): Promise<void> {
  try {
    await insertJobRun(ctx.db, run);
  } catch (error) {
    ctx.logger.warn({ err: coerceError(error), job_id: run.jobId, task: run.task }, 'could not record the job run');
  }
}

/** Folds the runs older than the history keeps into the totals (the db:health schedule calls it). */
export const foldOldJobRuns = (db: Handle): Promise<number> => foldJobRuns(db, JOB_RUN_KEEP_SECONDS);

export interface JobHistory {
  /** Runs of the last hour, newest first (at most JOB_HISTORY_LIMIT). */
  runs: JobRunRow[];
  /** Runs of the last hour per outcome (all of them, not only those listed). */
  counts: Record<JobOutcome, number>;
  /** Jobs with no attempts left, still in the queue (retry puts them back). */
  failed: QueuedJob[];
  failed_total: number;
}

export async function jobHistory(db: Handle, { now }: { now: Date }): Promise<JobHistory> {
  const [recent, failed] = await Promise.all([
    recentJobRuns(db, { since: new Date(now.getTime() - 3_600_000), limit: JOB_HISTORY_LIMIT }),
    failedJobs(db, FAILED_JOB_LIMIT),
  ]);
  return { runs: recent.runs, counts: recent.counts, failed: failed.jobs, failed_total: failed.total };
}

/**
 * Puts a job that failed for good back in the queue, due now with its attempts reset. 'Job N not
 * found' when the queue has no such job (it completed or was removed); a conflict when it has not
 * failed or a worker holds it.
 */
export async function retryFailedJob(ctx: AppContext, jobId: string): Promise<QueuedJob> {
  const job = await findQueuedJob(ctx.db, jobId);
  if (!job) throw new AppError('not_found', `Job ${jobId} not found.`, { code: 'job_not_found' });
  if (job.locked || job.attempts < job.max_attempts)
    throw new AppError(
      'conflict',
      `Job ${jobId} (${job.task}) has not failed; it is ${job.locked ? 'running' : 'queued'}.`,
      {
        code: 'job_not_failed',
      },
    );
  // Through the SQL function: WorkerUtils.rescheduleJobs drops an attempts of 0 (it sends `0 || null`).
  if (!(await rescheduleJobNow(ctx.db, jobId)))
    throw new AppError('conflict', `Job ${jobId} was taken by a worker meanwhile.`, { code: 'job_not_failed' });
  return { ...job, attempts: 0 };
}
