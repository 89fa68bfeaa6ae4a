import { Logger as WorkerLogger, run, runMigrations, runOnce, type TaskList } from 'graphile-worker';
import { coerceError, type AppContext, type Logger } from '../app/index.ts';
import { TASK_PAYLOADS, type TaskName } from './payloads.ts';
import type { TaskRun, TaskTable } from './tasks.ts';
import { resolveSchedules, toCronItems, type Schedule } from './schedules.ts';

/** graphile-worker's log lines, through our pino logger with job context. */
function workerLogger(logger: Logger): WorkerLogger {
  return new WorkerLogger((scope) => {
    const child = logger.child({ job_id: scope.jobId, task: scope.taskIdentifier, worker_id: scope.workerId });
    return (level, message, meta) => {
      const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
      // The job object (with its payload) stays out of the log; its id and task are in the bindings.
      const { job: _job, ...rest } = (meta ?? {}) as Record<string, unknown>;
      child[method](rest, message);
    };
  });
}

/** graphile-worker's task list for a task table: each payload is parsed before its handler runs. */
function buildTaskList(ctx: AppContext, tasks: TaskTable): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(TASK_PAYLOADS) as TaskName[]) {
    // Each handler accepts exactly its own task's parsed payload (TaskTable's mapped type).
    const schema = TASK_PAYLOADS[name] as { parse(raw: unknown): unknown };
    const handler = tasks[name] as (run: TaskRun<unknown>) => Promise<void>;
    list[name] = async (raw, helpers) => {
      const payload = schema.parse(raw ?? {});
      try {
        await handler({ ctx, payload, jobId: helpers.job.id, attempt: helpers.job.attempts });
      } catch (error) {
        throw coerceError(error);
      }
    };
  }
  return list;
}

/** Creates or updates the queue's own schema (graphile_worker). Safe to run repeatedly. */
export async function prepareQueue(ctx: AppContext): Promise<void> {
  await runMigrations({ connectionString: ctx.databaseUrl, logger: workerLogger(ctx.logger) });
}

export interface WorkerOptions {
  /** Default: WORKER_CONCURRENCY. */
  concurrency?: number;
  /** Default: the schedules with the configuration's SCHEDULE_* overrides. */
  schedules?: Schedule[];
  /** Poll interval in ms when LISTEN/NOTIFY misses a job. */
  pollInterval?: number;
}

export interface WorkerHandle {
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
  const runner = await run({
    connectionString: ctx.databaseUrl,
    concurrency: options.concurrency ?? ctx.config.WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    logger: workerLogger(ctx.logger),
    taskList: buildTaskList(ctx, tasks),
    parsedCronItems: toCronItems(schedules),
  });
  let stopped = false;
  return {
    done: runner.promise,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await runner.stop();
    },
  };
}

/** Runs every job that is due now, then returns (for scripts, tests and `worker --once`). */
export async function runDueJobs(ctx: AppContext, tasks: TaskTable): Promise<void> {
  await runOnce({
    connectionString: ctx.databaseUrl,
    logger: workerLogger(ctx.logger),
    taskList: buildTaskList(ctx, tasks),
  });
}
