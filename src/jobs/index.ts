export { isTaskName, type TaskName } from './payloads.ts';
export type { TaskTable } from './tasks.ts';
export { enqueueJob } from './enqueue.ts';
export { startWorker, runDueJobs, prepareQueue } from './worker.ts';
export { DEFAULT_SCHEDULES, resolveSchedules, toCronItems } from './schedules.ts';
export { recordHealthHeartbeat } from './health.ts';
export { lastHeartbeat, type Heartbeat, type StaleWorker } from './store.ts';
export { releaseStaleWorkers, heartbeatIntervalMs, HEARTBEATS_PER_STALE_PERIOD } from './liveness.ts';
