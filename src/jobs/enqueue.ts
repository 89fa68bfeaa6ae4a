import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { TASK_PAYLOADS, type TaskName, type TaskPayload } from './payloads.ts';
import { addJob, addJobs } from './store.ts';

export interface EnqueueOptions {
  /** De-duplicates: a pending job with the same key is replaced, not doubled. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  queueName?: string;
  priority?: number;
}

/** The code of the error enqueueJob throws on a database whose job queue was never created. */
export const QUEUE_NOT_PREPARED = 'queue_not_prepared';

/**
 * Queues a job after checking its payload against the task's schema. The job commits or rolls
 * back with the caller's transaction. On a database where no worker (nor `start`,
 * `serve-webhooks`, `db migrate`) ever ran, the queue's schema does not exist: that is an
 * AppError with the code QUEUE_NOT_PREPARED.
 */
export async function enqueueJob<N extends TaskName>(
  db: Handle,
  task: N,
  payload: TaskPayload<N>,
  options: EnqueueOptions = {},
): Promise<string> {
  TASK_PAYLOADS[task].parse(payload);
  return queueing(() => addJob(db, { task, payload, ...options }));
}

/** One job to queue with enqueueJobs. */
export type JobRequest = {
  [N in TaskName]: { task: N; payload: TaskPayload<N>; options?: EnqueueOptions };
}[TaskName];

/** enqueueJob for several jobs in one round trip (each payload checked first); their ids, in order. */
export async function enqueueJobs(db: Handle, jobs: JobRequest[]): Promise<string[]> {
  for (const job of jobs) TASK_PAYLOADS[job.task].parse(job.payload);
  return queueing(() =>
    addJobs(
      db,
      jobs.map((job) => ({ task: job.task, payload: job.payload, ...job.options })),
    ),
  );
}

/** Runs a statement that queues jobs (graphile_worker.add_job in its SQL): a missing queue is QUEUE_NOT_PREPARED. */
export async function queueing<T>(add: () => Promise<T>): Promise<T> {
  try {
    return await add();
  } catch (error) {
    // 3F000: schema "graphile_worker" does not exist.
    if ((error as { code?: unknown }).code === '3F000')
      throw new AppError(
        'invalid_input',
        'This database has no job queue yet: `reclaim worker`, `reclaim start` or `reclaim db migrate` creates it.',
        { code: QUEUE_NOT_PREPARED, cause: error },
      );
    throw error;
  }
}
