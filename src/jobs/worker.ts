import { Logger as WorkerLogger, run, runMigrations, runOnce, type TaskList } from 'graphile-worker';
import { coerceError, type AppContext, type Logger } from '../app/index.ts';
import { tasks, type TaskName, type TaskRun } from './registry.ts';
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

export function buildTaskList(ctx: AppContext): TaskList {
  const list: TaskList = {};
  for (const name of Object.keys(tasks) as TaskName[]) {
    // Each entry pairs a payload schema with the handler that accepts exactly that payload.
    const task = tasks[name] as unknown as {
      payload: { parse(raw: unknown): unknown };
      run(run: TaskRun<unknown>): Promise<void>;
    };
    list[name] = async (raw, helpers) => {
      const payload = task.payload.parse(raw ?? {});
      try {
        await task.run({ ctx, payload, jobId: helpers.job.id, attempt: helpers.job.attempts });
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
  concurrency?: number;
  schedules?: Schedule[];
  /** Poll interval in ms when LISTEN/NOTIFY misses a job. */
  pollInterval?: number;
}

export interface WorkerHandle {
  stop(): Promise<void>;
  /** Resolves when the worker stops; rejects if it crashes. */
  done: Promise<void>;
}

/** Runs queued jobs and the cron schedules until stopped. Signals are handled by the caller. */
export async function startWorker(ctx: AppContext, options: WorkerOptions = {}): Promise<WorkerHandle> {
  const schedules = options.schedules ?? resolveSchedules(process.env);
  const runner = await run({
    connectionString: ctx.databaseUrl,
    concurrency: options.concurrency ?? ctx.config.WORKER_CONCURRENCY,
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 2000,
    logger: workerLogger(ctx.logger),
    taskList: buildTaskList(ctx),
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
export async function runDueJobs(ctx: AppContext): Promise<void> {
  await runOnce({ connectionString: ctx.databaseUrl, logger: workerLogger(ctx.logger), taskList: buildTaskList(ctx) });
}
