import type { Handle } from '../db/index.ts';
import { TASK_PAYLOADS, type TaskName, type TaskPayload } from './payloads.ts';

export interface EnqueueOptions {
  /** De-duplicates: a pending job with the same key is replaced, not doubled. */
  jobKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  queueName?: string;
  priority?: number;
}

/**
 * Adds a job through graphile-worker's SQL API (`graphile_worker.add_job`), so it commits
 * or rolls back with the caller's transaction.
 */
export async function enqueueJob<N extends TaskName>(
  db: Handle,
  task: N,
  payload: TaskPayload<N>,
  options: EnqueueOptions = {},
): Promise<string> {
  TASK_PAYLOADS[task].parse(payload);
  const result = await db.raw<{ rows: { id: string }[] }>(
    `select id::text from graphile_worker.add_job(
       identifier => ?, payload => ?::json, queue_name => ?, run_at => ?, max_attempts => ?, job_key => ?, priority => ?)`,
    [
      task,
      JSON.stringify(payload),
      options.queueName ?? null,
      options.runAt ?? null,
      options.maxAttempts ?? null,
      options.jobKey ?? null,
      options.priority ?? null,
    ],
  );
  return result.rows[0]!.id;
}
