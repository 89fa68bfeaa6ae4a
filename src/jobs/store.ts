/**
 * SQL of the queue: jobs added through graphile-worker's SQL API, the heartbeats of the db:health
 * schedule, each running worker's row with its heartbeat (job_workers) and the operator's view of
 * the queue. The record of job runs is in store-runs.ts.
 */
import type { Handle, Tx } from '../db/index.ts';

export interface Heartbeat {
  worker: string;
  recorded_at: Date;
  details: Record<string, unknown>;
}

export interface NewJob {
  task: string;
  payload: unknown;
  queueName?: string;
  runAt?: Date;
  maxAttempts?: number;
  jobKey?: string;
  priority?: number;
}

/** One call of graphile-worker's add_job, as a scalar subquery giving the job's id (text; null when it dropped the job). */
const ADD_JOB_CALL = `(select id::text from graphile_worker.add_job(
       identifier => ?, payload => ?::json, queue_name => ?, run_at => ?, max_attempts => ?, job_key => ?, priority => ?))`;

/** The job's values for ADD_JOB_CALL's placeholders. */
const addJobBindings = (job: NewJob): (string | number | Date | null)[] => [
  job.task,
  JSON.stringify(job.payload),
  job.queueName ?? null,
  job.runAt ?? null,
  job.maxAttempts ?? null,
  job.jobKey ?? null,
  job.priority ?? null,
];

/**
 * Adds a job through graphile-worker's SQL API (`graphile_worker.add_job`), so it commits or rolls
 * back with the caller's transaction. Returns the job's id.
 */
export async function addJob(db: Handle, job: NewJob): Promise<string> {
  const [id] = await addJobs(db, [job]);
  return id!;
}

/**
 * Several jobs in one round trip (one `graphile_worker.add_job` call each, in order). Returns their ids.
 *
 * A keyed job that a worker locks while add_job runs (between its statement that frees the key of
 * a running job and its insert) is neither updated nor inserted: add_job returns no row. Such jobs
 * are added again, which, the job now seen running, queues a new one.
 */
export async function addJobs(db: Handle, jobs: NewJob[]): Promise<string[]> {
  const ids = await addJobsOnce(db, jobs);
  for (let round = 0; round < 3 && ids.some((id) => id === null); round += 1) {
    const missing = ids.flatMap((id, i) => (id === null ? [i] : []));
    const again = await addJobsOnce(
      db,
      missing.map((i) => jobs[i]!),
    );
    missing.forEach((i, k) => (ids[i] = again[k]!));
  }
  if (ids.some((id) => id === null)) throw new Error('A job could not be queued (its key stayed taken).');
  return ids as string[];
}

async function addJobsOnce(db: Handle, jobs: NewJob[]): Promise<(string | null)[]> {
  if (jobs.length === 0) return [];
  const result = await db.raw<{ rows: { ids: (string | null)[] }[] }>(
    `select array[${jobs.map(() => ADD_JOB_CALL).join(', ')}] as ids`,
    jobs.flatMap(addJobBindings),
  );
  return result.rows[0]!.ids;
}

export async function insertHeartbeat(
  db: Handle,
  { worker, details }: { worker: string; details: Record<string, unknown> },
): Promise<void> {
  await db('worker_heartbeats').insert({ worker, details });
}

/** The newest heartbeat; undefined when there is none or the table does not exist yet (before migrations). */
export async function lastHeartbeat(db: Handle): Promise<Heartbeat | undefined> {
  const exists = await db.raw<{ rows: { found: string | null }[] }>(
    `select to_regclass('public.worker_heartbeats') as found`,
  );
  if (!exists.rows[0]?.found) return undefined;
  return db<Heartbeat>('worker_heartbeats').orderBy('recorded_at', 'desc').orderBy('id', 'desc').first();
}

/** A worker taken for dead, with the jobs it still held when it was found. */
export interface StaleWorker {
  worker_id: string;
  hostname: string;
  pid: number;
  heartbeat_at: Date;
  jobs: { id: string; task: string }[];
}

/**
 * Records a worker's heartbeat (its row is created on the first one). Returns when the worker was
 * released as dead, if it was: a worker that comes back after that must stop.
 */
export async function recordWorkerHeartbeat(
  db: Handle,
  worker: { workerId: string; hostname: string; pid: number },
): Promise<{ releasedAt: Date | null }> {
  const result = await db.raw<{ rows: { released_at: Date | null }[] }>(
    `insert into job_workers (worker_id, hostname, pid) values (?, ?, ?)
     on conflict (worker_id) do update set heartbeat_at = now()
     returning released_at`,
    [worker.workerId, worker.hostname, worker.pid],
  );
  return { releasedAt: result.rows[0]?.released_at ?? null };
}

/** A worker that stopped gracefully (it holds no job any more). */
export async function markWorkerStopped(db: Handle, workerId: string): Promise<void> {
  await db('job_workers').where({ worker_id: workerId }).update({ stopped_at: db.fn.now(), heartbeat_at: db.fn.now() });
}

/**
 * Takes the lock of the stale-worker release for the caller's transaction; false when another
 * release holds it (that one does the work).
 */
export async function tryLockWorkerRelease(tx: Tx): Promise<boolean> {
  const result = await tx.raw<{ rows: { ok: boolean }[] }>(
    `select pg_try_advisory_xact_lock(hashtextextended('jobs:release-stale-workers', 0)) as ok`,
  );
  return result.rows[0]?.ok === true;
}

/**
 * Running workers (neither stopped nor released) whose last heartbeat is older than
 * `staleAfterSeconds`, each with the jobs it holds, read from graphile-worker's public `jobs` view
 * (never written here). The view is only read for such workers, so a beat with none costs an
 * index lookup.
 */
export async function findStaleWorkers(db: Handle, staleAfterSeconds: number): Promise<StaleWorker[]> {
  const result = await db.raw<{ rows: StaleWorker[] }>(
    `select w.worker_id, w.hostname, w.pid, w.heartbeat_at,
            coalesce((select json_agg(json_build_object('id', j.id::text, 'task', j.task_identifier) order by j.id)
                        from graphile_worker.jobs j
                       where j.locked_by = w.worker_id), '[]'::json) as jobs
       from job_workers w
      where w.stopped_at is null and w.released_at is null
        and w.heartbeat_at < now() - make_interval(secs => ?)
      order by w.heartbeat_at, w.worker_id`,
    [staleAfterSeconds],
  );
  return result.rows;
}

export async function markWorkersReleased(db: Handle, workerIds: string[]): Promise<void> {
  await db('job_workers').whereIn('worker_id', workerIds).update({ released_at: db.fn.now() });
}

/** Rows of workers stopped or released more than `days` ago. */
export async function pruneWorkers(db: Handle, days: number): Promise<number> {
  return db('job_workers')
    .where('heartbeat_at', '<', db.raw('now() - make_interval(days => ?)', [days]))
    .where((q) => void q.whereNotNull('stopped_at').orWhereNotNull('released_at'))
    .delete();
}

// The operator's view of the queue (the `reclaim dashboard` System pane): jobs per task from
// graphile-worker's public `jobs` view (read only), the workers' rows, and each schedule's last
// run as graphile-worker's crontab recorded it. Before the worker first ran the queue reads as empty.

export interface TaskQueue {
  task: string;
  /** Waiting to run (attempts left), due now or later. */
  queued: number;
  /** Held by a worker now. */
  running: number;
  /** No attempts left: failed for good. */
  failed: number;
  last_error: string | null;
  /** When the longest-waiting job that is due and not taken became due; null when none waits. */
  oldest_due_at: Date | null;
}

export interface WorkerRow {
  worker_id: string;
  hostname: string;
  pid: number;
  heartbeat_at: Date;
  stopped_at: Date | null;
  released_at: Date | null;
}

async function exists(db: Handle, relation: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: { found: string | null }[] }>(`select to_regclass(?) as found`, [relation]);
  return Boolean(rows[0]?.found);
}

export async function queueByTask(db: Handle): Promise<TaskQueue[]> {
  if (!(await exists(db, 'graphile_worker.jobs'))) return [];
  const { rows } = await db.raw<{ rows: TaskQueue[] }>(
    `select task_identifier as task,
            count(*) filter (where attempts < max_attempts and locked_at is null)::int as queued,
            count(*) filter (where locked_at is not null)::int as running,
            count(*) filter (where attempts >= max_attempts and locked_at is null)::int as failed,
            (array_agg(last_error order by updated_at desc) filter (where last_error is not null))[1] as last_error,
            min(run_at) filter (where attempts < max_attempts and locked_at is null and run_at <= now()) as oldest_due_at
       from graphile_worker.jobs
      group by 1 order by 1`,
  );
  return rows;
}

/** The newest workers' rows (running first), at most `limit`. */
export async function recentWorkers(db: Handle, limit: number): Promise<WorkerRow[]> {
  if (!(await exists(db, 'public.job_workers'))) return [];
  const rows: WorkerRow[] = await db('job_workers')
    .orderByRaw('(stopped_at is null and released_at is null) desc, heartbeat_at desc')
    .limit(limit)
    .select('worker_id', 'hostname', 'pid', 'heartbeat_at', 'stopped_at', 'released_at');
  return rows;
}

/** Each schedule's last run (crontab identifier -> time), as graphile-worker's crontab recorded it. */
export async function scheduleLastRuns(db: Handle): Promise<Map<string, Date>> {
  if (!(await exists(db, 'graphile_worker._private_known_crontabs'))) return new Map();
  const { rows } = await db.raw<{ rows: Array<{ identifier: string; last_execution: Date | null }> }>(
    `select identifier, last_execution from graphile_worker._private_known_crontabs`,
  );
  return new Map(rows.filter((r) => r.last_execution).map((r) => [r.identifier, r.last_execution!]));
}

/** A job of the queue as the operator sees it (read from graphile-worker's public `jobs` view). */
export interface QueuedJob {
  id: string;
  task: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  run_at: Date;
  updated_at: Date;
  locked: boolean;
}

const JOB_COLUMNS = `id::text, task_identifier as task, attempts, max_attempts, last_error, run_at, updated_at,
  locked_at is not null as locked`;

/** Jobs that failed for good (no attempts left, not taken), the latest failure first. */
export async function failedJobs(db: Handle, limit: number): Promise<{ jobs: QueuedJob[]; total: number }> {
  if (!(await exists(db, 'graphile_worker.jobs'))) return { jobs: [], total: 0 };
  const where = `attempts >= max_attempts and locked_at is null`;
  const [list, count] = await Promise.all([
    db.raw<{ rows: QueuedJob[] }>(
      `select ${JOB_COLUMNS} from graphile_worker.jobs where ${where} order by updated_at desc, id desc limit ?`,
      [limit],
    ),
    db.raw<{ rows: Array<{ n: number }> }>(`select count(*)::int as n from graphile_worker.jobs where ${where}`),
  ]);
  return { jobs: list.rows, total: count.rows[0]?.n ?? 0 };
}

export async function findQueuedJob(db: Handle, id: string): Promise<QueuedJob | undefined> {
  if (!/^\d{1,18}$/.test(id) || !(await exists(db, 'graphile_worker.jobs'))) return undefined;
  const { rows } = await db.raw<{ rows: QueuedJob[] }>(`select ${JOB_COLUMNS} from graphile_worker.jobs where id = ?`, [
    id,
  ]);
  return rows[0];
}

/** Worker rows by state: running (a heartbeat within `silentAfterSeconds`), silent, stopped, released. */
export async function workerCounts(
  db: Handle,
  silentAfterSeconds: number,
): Promise<{ running: number; silent: number; stopped: number; released: number; newest_heartbeat_at: Date | null }> {
  if (!(await exists(db, 'public.job_workers')))
    return { running: 0, silent: 0, stopped: 0, released: 0, newest_heartbeat_at: null };
  const { rows } = await db.raw<{
    rows: Array<{ running: number; silent: number; stopped: number; released: number; newest: Date | null }>;
  }>(
    `select count(*) filter (where live and heartbeat_at >= now() - make_interval(secs => :silent))::int as running,
            count(*) filter (where live and heartbeat_at < now() - make_interval(secs => :silent))::int as silent,
            count(*) filter (where stopped_at is not null and released_at is null)::int as stopped,
            count(*) filter (where released_at is not null)::int as released,
            max(heartbeat_at) filter (where live) as newest
       from (select *, stopped_at is null and released_at is null as live from job_workers) w`,
    { silent: silentAfterSeconds },
  );
  const r = rows[0]!;
  return {
    running: r.running,
    silent: r.silent,
    stopped: r.stopped,
    released: r.released,
    newest_heartbeat_at: r.newest,
  };
}

/**
 * Puts a job back in the queue, due now with its attempts reset, through graphile-worker's SQL API
 * (`reschedule_jobs`, which leaves a locked job alone). True when the job was rescheduled.
 */
export async function rescheduleJobNow(db: Handle, id: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ id: string }> }>(
    `select id::text from graphile_worker.reschedule_jobs(array[?]::bigint[], run_at := now(), attempts := 0)`,
    [id],
  );
  return rows.length > 0;
}
