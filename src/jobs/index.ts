export { tasks, isTaskName, type TaskName, type TaskPayload, type TaskRun } from './registry.ts';
export { enqueueJob, type EnqueueOptions } from './enqueue.ts';
export {
  startWorker,
  runDueJobs,
  prepareQueue,
  buildTaskList,
  type WorkerHandle,
  type WorkerOptions,
} from './worker.ts';
export { DEFAULT_SCHEDULES, resolveSchedules, toCronItems, type Schedule } from './schedules.ts';
export { lastHeartbeat, recordHeartbeat, type Heartbeat } from './health.ts';
