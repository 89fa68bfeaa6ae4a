import type { Db } from '../db/index.ts';
import type { TaskHandler } from './tasks.ts';

export interface Heartbeat {
  worker: string;
  recorded_at: Date;
  details: Record<string, unknown>;
}

export async function recordHeartbeat(
  db: Db,
  { worker, details }: { worker: string; details: Record<string, unknown> },
): Promise<void> {
  await db('worker_heartbeats').insert({ worker, details });
}

export async function lastHeartbeat(db: Db): Promise<Heartbeat | undefined> {
  const exists = await db.raw<{ rows: { found: string | null }[] }>(
    `select to_regclass('public.worker_heartbeats') as found`,
  );
  if (!exists.rows[0]?.found) return undefined;
  return db<Heartbeat>('worker_heartbeats').orderBy('recorded_at', 'desc').orderBy('id', 'desc').first();
}

/** The `db:health` task: records a heartbeat naming the job's source, id and attempt. */
export const recordHealthHeartbeat: TaskHandler<'db:health'> = async ({ ctx, payload, jobId, attempt }) => {
  await recordHeartbeat(ctx.db, { worker: payload.source, details: { job_id: jobId, attempt } });
};
