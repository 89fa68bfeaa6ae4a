import type { Logger as WorkerLogger } from 'graphile-worker';
import type { Logger } from '../app/index.ts';
import { graphileWorker } from './graphile-worker.ts';

/** graphile-worker's log lines, through our pino logger with job context. */
export function workerLogger(logger: Logger): WorkerLogger {
  return new (graphileWorker().Logger)((scope) => {
    const child = logger.child({ job_id: scope.jobId, task: scope.taskIdentifier, worker_id: scope.workerId });
    return (level, message, meta) => {
      const method = level === 'error' ? 'error' : level === 'warning' ? 'warn' : level === 'debug' ? 'debug' : 'info';
      // The job object (with its payload) stays out of the log; its id and task are in the bindings.
      const { job: _job, ...rest } = (meta ?? {}) as Record<string, unknown>;
      child[method](rest, message);
    };
  });
}
