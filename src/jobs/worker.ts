import type { TaskList } from 'graphile-worker';
import { AppError, coerceError, type AppContext } from '../app/index.ts';
import { graphileWorker } from './graphile-worker.ts';
import { recordJobRun } from './history.ts';
import { trackLiveness, type Liveness } from './liveness.ts';
import { workerLogger } from './logger.ts';
import { TASK_PAYLOADS, type TaskName } from './payloads.ts';
import { errorLine, jobOutcome, workerPoolSizes } from './rules.ts';
import type { TaskRun, TaskTable } from './tasks.ts';
import { resolveSchedules, toCronItems, type Schedule } from './schedules.ts';

/** graphile-worker's task list for a task table: each payload is parsed before its handler runs. */
function buildTaskList(ctx: AppContext, tasks: TaskTable): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(TASK_PAYLOADS) as TaskName[]) {
    // Each handler accepts exactly its own task's parsed payload (TaskTable's mapped type).
    const schema = TASK_PAYLOADS[name] as { parse(raw: unknown): unknown };
    const handler = tasks[name] as (run: TaskRun<unknown>) => Promise<void>;
    list[name] = async (raw, helpers) => {
      const { job } = helpers;
      const startedAt = new Date();
      const started = performance.now();
      let failure: Error | undefined;
      try {
        const payload = schema.parse(raw ?? {});
        await handler({ ctx, payload, jobId: job.id, attempt: job.attempts });
      } catch (error) {
        failure = coerceError(error);
      }
      // Every run is recorded (the dashboard's job history, /metrics), whichever worker ran it.
      await recordJobRun(ctx, {
        jobId: job.id,
        task: name,
        outcome: jobOutcome({ ok: !failure, attempt: job.attempts, maxAttempts: job.max_attempts }),
        attempt: job.attempts,
        maxAttempts: job.max_attempts,
        startedAt,
        durationMs: performance.now() - started,
        error: failure ? errorLine(failure.message) : null,
        workerId: job.locked_by ?? null,
      });
      if (failure) throw failure;
    };
  }
  return list;
}

/** Creates or updates the queue's own schema (graphile_worker). Safe to run repeatedly. */
export async function prepareQueue(ctx: AppContext): Promise<void> {
  await graphileWorker().runMigrations({ connectionString: ctx.databaseUrl, logger: workerLogger(ctx.logger) });
}

export interface WorkerOptions {
  /** Default: WORKER_CONCURRENCY. */
  concurrency?: number;
  /** Default: the schedules with the configuration's SCHEDULE_* overrides. */
  schedules?: Schedule[];
  /** Poll interval in ms when LISTEN/NOTIFY misses a job. */
  pollInterval?: number;
  /** graphile-worker's own pool; default from the concurrency (workerPoolSizes). */
  maxPoolSize?: number;
}

/**
 * What every pool is run with. The liveness plugin records the pool before it takes a job. Jobs
 * are completed and failed through graphile-worker's batcher (delay 0): without it the completion
 * of a job is sent without being awaited, the pool is released before it commits, and a job that
 * finished during a graceful stop stayed locked; the batcher is flushed before the pool ends.
 */
const queuePreset = (liveness: Liveness): GraphileConfig.Preset => ({
  plugins: [liveness.plugin],
  worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 },
});

export interface WorkerHandle {
  /** Stops taking jobs, lets the running ones finish and commit, then ends the heartbeats. */
  stop(): Promise<void>;
  /** Resolves when the worker stops; rejects if it crashes. */
  done: Promise<void>;
}

/**
 * Runs queued jobs of the task table and the cron schedules until stopped. Signals are handled
 * by the caller.
 */
export async function startWorker(
  ctx: AppContext,
  tasks: TaskTable,
  options: WorkerOptions = {},
): Promise<WorkerHandle> {
  const schedules = options.schedules ?? resolveSchedules(ctx.config);
  let declaredDead = false;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      // Rejects only when the runner had already stopped by itself; the heartbeats end either way.
      await runner.stop().catch(() => undefined);
      const clean = await runner.promise.then(
        () => true,
        () => false,
      );
      await liveness.stop({ clean });
    })());
  const liveness = trackLiveness(ctx, {
    onDeclaredDead: () => {
      declaredDead = true;
      void stop();
    },
  });
  const concurrency = options.concurrency ?? ctx.config.WORKER_CONCURRENCY;
  const runner = await graphileWorker().run({
    connectionString: ctx.databaseUrl,
    concurrency,
    maxPoolSize: options.maxPoolSize ?? workerPoolSizes({ concurrency, lanes: 0 }).queue,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    logger: workerLogger(ctx.logger),
    taskList: buildTaskList(ctx, tasks),
    parsedCronItems: toCronItems(schedules),
    preset: queuePreset(liveness),
  });
  const done = runner.promise.finally(stop).then(() => {
    if (declaredDead)
      throw new AppError(
        'internal',
        `Worker ${liveness.workerId()} was taken for dead and its jobs released; it stopped.`,
      );
  });
  // A caller that only stops the worker need not await `done`; its rejection is not unhandled.
  done.catch(() => undefined);
  return { done, stop };
}

/** Runs every job that is due now, then returns (for scripts, tests and `worker --once`). */
export async function runDueJobs(ctx: AppContext, tasks: TaskTable): Promise<void> {
  const liveness = trackLiveness(ctx, { onDeclaredDead: () => undefined });
  let clean = false;
  try {
    await graphileWorker().runOnce({
      connectionString: ctx.databaseUrl,
      logger: workerLogger(ctx.logger),
      taskList: buildTaskList(ctx, tasks),
      preset: queuePreset(liveness),
    });
    clean = true;
  } finally {
    await liveness.stop({ clean });
  }
}
