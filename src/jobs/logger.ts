import type { Logger as WorkerLogger } from 'graphile-worker';
import type { Logger } from '../app/index.ts';
import { graphileWorker } from './graphile-worker.ts';

type Method = 'error' | 'warn' | 'info' | 'debug';

/**
 * The level a line of graphile-worker's is logged at. A job that completed at its first attempt is
 * routine (several a minute on an idle worker): debug. One that succeeded after failing, and every
 * failure, keep theirs.
 */
export function workerLogLevel(level: string, meta: Record<string, unknown> | undefined): Method {
  if (level === 'error') return 'error';
  if (level === 'warning') return 'warn';
  if (level === 'debug') return 'debug';
  const job = meta?.job as { attempts?: unknown } | undefined;
  if (meta?.success === true && Number(job?.attempts ?? 1) <= 1) return 'debug';
  return 'info';
}

/** graphile-worker's log lines, through our pino logger with job context. */
export function workerLogger(logger: Logger): WorkerLogger {
  return new (graphileWorker().Logger)((scope) => {
    const child = logger.child({ job_id: scope.jobId, task: scope.taskIdentifier, worker_id: scope.workerId });
    return (level, message, meta) => {
      const method = workerLogLevel(level, meta);
      // The job object (with its payload) stays out of the log; its id and task are in the bindings.
      const { job: _job, ...rest } = (meta ?? {}) as Record<string, unknown>;
      child[method](rest, message);
    };
  });
}
