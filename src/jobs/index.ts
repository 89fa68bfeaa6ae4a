export { isTaskName, type TaskName, type TaskPayload } from './payloads.ts';
export type { TaskRun, TaskHandler, TaskTable } from './tasks.ts';
export { enqueueJob, type EnqueueOptions } from './enqueue.ts';
export { startWorker, runDueJobs, prepareQueue, type WorkerHandle, type WorkerOptions } from './worker.ts';
export {
  DEFAULT_SCHEDULES,
  resolveSchedules,
  toCronItems,
  type Schedule,
  type ScheduleOverrides,
} from './schedules.ts';
export { lastHeartbeat, recordHealthHeartbeat, type Heartbeat } from './health.ts';
