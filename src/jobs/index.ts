export { isTaskName, type TaskName } from './payloads.ts';
export type { TaskTable } from './tasks.ts';
export { enqueueJob, enqueueJobs, queueing, QUEUE_NOT_PREPARED, type JobRequest } from './enqueue.ts';
export { workerLogLevel } from './logger.ts';
export { startWorker, runDueJobs, prepareQueue } from './worker.ts';
export { DEFAULT_SCHEDULES, resolveSchedules, toCronItems } from './schedules.ts';
export { recordHealthHeartbeat } from './health.ts';
export { lastHeartbeat, type Heartbeat, type StaleWorker } from './store.ts';
export { releaseStaleWorkers, heartbeatIntervalMs, HEARTBEATS_PER_STALE_PERIOD } from './liveness.ts';
export { queueOverview, nextRunOf, type QueueOverview, type ScheduleRun } from './overview.ts';
export type { TaskQueue, WorkerRow, QueuedJob } from './store.ts';
export type { JobRunRow, JobRunCounter } from './store-runs.ts';
export { workerCounts, queueByTask } from './store.ts';
export { jobRunCounters } from './store-runs.ts';
export {
  jobHistory,
  retryFailedJob,
  foldOldJobRuns,
  JOB_HISTORY_LIMIT,
  FAILED_JOB_LIMIT,
  type JobHistory,
} from './history.ts';
export {
  JOB_DURATION_BUCKETS,
  JOB_OUTCOMES,
  JOB_RUN_KEEP_SECONDS,
  jobOutcome,
  errorLine,
  workerPoolSizes,
  type JobOutcome,
} from './rules.ts';
