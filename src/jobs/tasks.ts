import type { AppContext } from '../app/index.ts';
import type { ParsedTaskPayload, TaskName } from './payloads.ts';

/** What a task's handler is given for one run of its job. */
export interface TaskRun<P> {
  ctx: AppContext;
  payload: P;
  jobId: string;
  /** 1 on the first run, counting up on retries. */
  attempt: number;
}

/** Awaits all of the task's work and throws to be retried with backoff. */
export type TaskHandler<N extends TaskName> = (run: TaskRun<ParsedTaskPayload<N>>) => Promise<void>;

/**
 * The handler of every task, each receiving its own task's parsed payload. The worker runs
 * the table it is given; the table is assembled where the domains are composed.
 */
export type TaskTable = { readonly [N in TaskName]: TaskHandler<N> };
