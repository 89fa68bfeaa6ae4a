import type { TaskHandler } from './tasks.ts';
import { insertHeartbeat } from './store.ts';

/** The `db:health` task: records a heartbeat naming the job's source, id and attempt. */
export const recordHealthHeartbeat: TaskHandler<'db:health'> = async ({ ctx, payload, jobId, attempt }) => {
  await insertHeartbeat(ctx.db, { worker: payload.source, details: { job_id: jobId, attempt } });
};
