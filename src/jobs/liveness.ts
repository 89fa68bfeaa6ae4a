/**
 * Worker liveness. graphile-worker locks a job with the id of the worker pool that took it and
 * only takes the lock back after four hours, so a worker killed mid-job (kill -9, a lost machine)
 * would strand its jobs, and the webhooks in them, for that long. Each worker therefore records
 * that id with a heartbeat (job_workers); a worker silent for longer than
 * WORKER_STALE_AFTER_SECONDS is taken for dead and its jobs are handed back through
 * graphile-worker's own `forceUnlockWorkers`. Its tables are never written here.
 */
import os from 'node:os';
import type { AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { graphileWorker } from './graphile-worker.ts';
import { workerLogger } from './logger.ts';
import {
  findStaleWorkers,
  markWorkerStopped,
  markWorkersReleased,
  pruneWorkers,
  recordWorkerHeartbeat,
  tryLockWorkerRelease,
  type StaleWorker,
} from './store.ts';

/**
 * Heartbeats per WORKER_STALE_AFTER_SECONDS (every 30 s with the default 180 s): a live worker
 * would have to miss six in a row to be taken for dead.
 */
export const HEARTBEATS_PER_STALE_PERIOD = 6;
/** Rows of stopped or released workers are kept this many days (for the record), then deleted. */
const KEEP_WORKER_ROWS_DAYS = 7;

export const heartbeatIntervalMs = (staleAfterSeconds: number): number =>
  Math.round((staleAfterSeconds * 1000) / HEARTBEATS_PER_STALE_PERIOD);

/**
 * Finds the workers whose heartbeat is older than the threshold and releases the jobs they hold
 * through graphile-worker's `forceUnlockWorkers`, so other workers run them again (a webhook batch
 * skips the events already done). Idempotent; two runs at once are safe: the second finds the
 * release lock taken and returns nothing. Logs each worker it released with its jobs.
 */
export async function releaseStaleWorkers(
  ctx: AppContext,
  { staleAfterSeconds = ctx.config.WORKER_STALE_AFTER_SECONDS }: { staleAfterSeconds?: number } = {},
): Promise<StaleWorker[]> {
  const released = await withTransaction(ctx.db, async (tx) => {
    if (!(await tryLockWorkerRelease(tx))) return [];
    const stale = await findStaleWorkers(tx, staleAfterSeconds);
    if (stale.length === 0) return [];
    const ids = stale.map((worker) => worker.worker_id);
    const utils = await graphileWorker().makeWorkerUtils({
      connectionString: ctx.databaseUrl,
      maxPoolSize: 1,
      logger: workerLogger(ctx.logger),
    });
    try {
      await utils.forceUnlockWorkers(ids);
    } finally {
      await utils.release();
    }
    await markWorkersReleased(tx, ids);
    return stale;
  });
  for (const worker of released) {
    const fields = {
      released_worker_id: worker.worker_id,
      hostname: worker.hostname,
      pid: worker.pid,
      heartbeat_at: worker.heartbeat_at,
      jobs: worker.jobs,
    };
    const message = `worker silent for more than ${staleAfterSeconds} s taken for dead`;
    if (worker.jobs.length > 0) ctx.logger.warn(fields, `${message}; released its ${worker.jobs.length} job(s)`);
    else ctx.logger.info(fields, `${message}; it held no job`);
  }
  if (released.length > 0) await pruneWorkers(ctx.db, KEEP_WORKER_ROWS_DAYS);
  return released;
}

export interface Liveness {
  /**
   * The graphile-worker plugin that records the pool's id (and its first heartbeat) before any of
   * its workers takes a job, then keeps beating until `stop`.
   */
  plugin: GraphileConfig.Plugin;
  /** The id graphile-worker locks this process's jobs with, once known. */
  workerId(): string | undefined;
  /**
   * Ends the heartbeats. Call after the runner has stopped; `clean` (it stopped without an error,
   * so it holds no job) records the stop, otherwise the row is left to go stale and be released.
   */
  stop(options: { clean: boolean }): Promise<void>;
}

/**
 * Heartbeats for one worker pool. At each beat the worker also releases the jobs of workers that
 * went silent, so they run again within the threshold plus one beat. A worker that finds itself
 * released (it was silent too long: a paused machine, a lost network) calls `onDeclaredDead`: its
 * jobs may already run elsewhere, so it must stop.
 */
export function trackLiveness(ctx: AppContext, { onDeclaredDead }: { onDeclaredDead: () => void }): Liveness {
  const intervalMs = heartbeatIntervalMs(ctx.config.WORKER_STALE_AFTER_SECONDS);
  let workerId: string | undefined;
  let registration: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  let stopped = false;
  let declaredDead = false;

  const beat = async (id: string): Promise<void> => {
    try {
      const { releasedAt } = await recordWorkerHeartbeat(ctx.db, {
        workerId: id,
        hostname: os.hostname(),
        pid: process.pid,
      });
      if (releasedAt) {
        if (declaredDead) return;
        declaredDead = true;
        ctx.logger.error(
          { worker_id: id, released_at: releasedAt },
          'this worker was silent for too long and its jobs were released to other workers; stopping',
        );
        onDeclaredDead();
        return;
      }
      await releaseStaleWorkers(ctx);
    } catch (error) {
      ctx.logger.warn({ err: error, worker_id: id }, 'worker heartbeat failed; trying again at the next one');
    }
  };
  const schedule = (id: string): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      beating = beat(id).finally(() => schedule(id));
    }, intervalMs);
    timer.unref();
  };
  const register = async (id: string): Promise<void> => {
    workerId = id;
    beating = beat(id);
    await beating;
    schedule(id);
  };

  return {
    plugin: {
      name: 'ReclaimWorkerLiveness',
      description: 'records the worker pool and its heartbeats before any job is taken',
      worker: {
        hooks: {
          // Awaited by every worker of the pool before its first job: the row exists before a lock.
          startWorker: async (_info, event) => {
            registration ??= register(event.worker.workerPool.id);
            await registration;
          },
        },
      },
    },
    workerId: () => workerId,
    stop: async ({ clean }) => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await registration;
      await beating;
      if (workerId && clean && !declaredDead) await markWorkerStopped(ctx.db, workerId);
    },
  };
}
