import type { Handle } from '../db/index.ts';
import { TASK_PAYLOADS, type TaskName, type TaskPayload } from './payloads.ts';
import { addJob } from './store.ts';

export interface EnqueueOptions {
  /** De-duplicates: a pending job with the same key is replaced, not doubled. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  queueName?: string;
  priority?: number;
}

/**
 * Queues a job after checking its payload against the task's schema. The job commits or rolls
 * back with the caller's transaction.
 */
export async function enqueueJob<N extends TaskName>(
  db: Handle,
  task: N,
  payload: TaskPayload<N>,
  options: EnqueueOptions = {},
): Promise<string> {
  TASK_PAYLOADS[task].parse(payload);
  return addJob(db, { task, payload, ...options });
}
