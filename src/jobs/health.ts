import type { TaskHandler } from './tasks.ts';
import { foldOldJobRuns } from './history.ts';
import { insertHeartbeat } from './store.ts';

/**
 * The `db:health` task: records a heartbeat naming the job's source, id and attempt, and folds the
 * job runs older than the history keeps into their totals (once a minute across every worker).
 */
export const recordHealthHeartbeat: TaskHandler<'db:health'> = async ({ ctx, payload, jobId, attempt }) => {
  await insertHeartbeat(ctx.db, { worker: payload.source, details: { job_id: jobId, attempt } });
  await foldOldJobRuns(ctx.db);
};
