/** SQL of the queue: jobs added through graphile-worker's SQL API, and the worker heartbeats. */
import type { Handle } from '../db/index.ts';

export interface Heartbeat {
  worker: string;
  recorded_at: Date;
  details: Record<string, unknown>;
}

export interface NewJob {
  task: string;
  payload: unknown;
  queueName?: string;
  runAt?: Date;
  maxAttempts?: number;
  jobKey?: string;
  priority?: number;
}

/**
 * Adds a job through graphile-worker's SQL API (`graphile_worker.add_job`), so it commits or rolls
 * back with the caller's transaction. Returns the job's id.
 */
export async function addJob(db: Handle, job: NewJob): Promise<string> {
  const result = await db.raw<{ rows: { id: string }[] }>(
    `select id::text from graphile_worker.add_job(
       identifier => ?, payload => ?::json, queue_name => ?, run_at => ?, max_attempts => ?, job_key => ?, priority => ?)`,
    [
      job.task,
      JSON.stringify(job.payload),
      job.queueName ?? null,
      job.runAt ?? null,
      job.maxAttempts ?? null,
      job.jobKey ?? null,
      job.priority ?? null,
    ],
  );
  return result.rows[0]!.id;
}

export async function insertHeartbeat(
  db: Handle,
  { worker, details }: { worker: string; details: Record<string, unknown> },
): Promise<void> {
  await db('worker_heartbeats').insert({ worker, details });
}

/** The newest heartbeat; undefined when there is none or the table does not exist yet (before migrations). */
export async function lastHeartbeat(db: Handle): Promise<Heartbeat | undefined> {
  const exists = await db.raw<{ rows: { found: string | null }[] }>(
    `select to_regclass('public.worker_heartbeats') as found`,
  );
  if (!exists.rows[0]?.found) return undefined;
  return db<Heartbeat>('worker_heartbeats').orderBy('recorded_at', 'desc').orderBy('id', 'desc').first();
}
