/**
 * The operator's view of the queue and the worker (the `reclaim dashboard` System pane): jobs per
 * task, the workers and their heartbeats, and the schedules with their last and next run (the
 * next computed from the crontab pattern, UTC, by the cron package).
 */
import { createRequire } from 'node:module';
import type * as Cron from 'cron';
import type { Handle } from '../db/index.ts';
import { queueByTask, recentWorkers, scheduleLastRuns, type TaskQueue, type WorkerRow } from './store.ts';
import type { Schedule } from './schedules.ts';

/** The cron package, loaded on first use, not with this module (CommonJS: require gives the module an import would). */
const cron = (): typeof Cron => createRequire(import.meta.url)('cron') as typeof Cron;

export const WORKER_LIST_LIMIT = 5;

export interface ScheduleRun {
  name: string;
  task: string;
  pattern: string;
  last_run: Date | null;
  next_run: Date | null;
}

export interface QueueOverview {
  tasks: TaskQueue[];
  workers: WorkerRow[];
  schedules: ScheduleRun[];
}

/** Pure: the first run of the crontab pattern (UTC) after `now`; null for a pattern cron refuses. */
export function nextRunOf(pattern: string, now: Date): Date | null {
  try {
    return new (cron().CronTime)(pattern, 'UTC').getNextDateFrom(now, 'UTC').toJSDate();
  } catch {
    return null;
  }
}

export async function queueOverview(
  db: Handle,
  { schedules, now }: { schedules: Schedule[]; now: Date },
): Promise<QueueOverview> {
  const [tasks, workers, lastRuns] = await Promise.all([
    queueByTask(db),
    recentWorkers(db, WORKER_LIST_LIMIT),
    scheduleLastRuns(db),
  ]);
  return {
    tasks,
    workers,
    schedules: schedules.map((s) => ({
      name: s.name,
      task: s.task,
      pattern: s.pattern,
      last_run: lastRuns.get(s.name) ?? null,
      next_run: nextRunOf(s.pattern, now),
    })),
  };
}
