/**
 * SQL of the record of job runs (job_runs, job_run_totals): written by the worker as each run ends,
 * read by the dashboard's job history and by /metrics; runs older than JOB_RUN_KEEP_SECONDS are
 * folded into the totals, so counts derived from both only go up.
 */
import type { Handle } from '../db/index.ts';
import { JOB_DURATION_BUCKETS, type JobOutcome } from './rules.ts';

export interface NewJobRun {
  jobId: string;
  task: string;
  outcome: JobOutcome;
  attempt: number;
  maxAttempts: number;
  startedAt: Date;
  durationMs: number;
  error: string | null;
  workerId: string | null;
}

export async function insertJobRun(db: Handle, run: NewJobRun): Promise<void> {
  await db('job_runs').insert({
    job_id: run.jobId,
    task: run.task,
    outcome: run.outcome,
    attempt: run.attempt,
    max_attempts: run.maxAttempts,
    started_at: run.startedAt,
    duration_ms: run.durationMs,
    error: run.error,
    worker_id: run.workerId,
  });
}

/** `array[count of runs at most b seconds, ...]` over JOB_DURATION_BUCKETS (numbers, not input). */
const bucketCounts = (): string =>
  `array[${JOB_DURATION_BUCKETS.map((b) => `count(*) filter (where duration_ms <= ${b * 1000})`).join(', ')}]::bigint[]`;

/** Two bucket arrays added position by position. */
const addBuckets = (a: string, b: string): string =>
  `array(select coalesce(x, 0) + coalesce(y, 0) from unnest(${a}, ${b}) with ordinality u(x, y, i) order by i)`;

/**
 * Moves the runs that ended more than `keepSeconds` ago into job_run_totals, in one statement (a
 * reader sees them in one table or the other, never both or neither). Returns how many it moved.
 */
export async function foldJobRuns(db: Handle, keepSeconds: number): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ folded: string }> }>(
    `with moved as (
       delete from job_runs where finished_at < now() - make_interval(secs => ?)
       returning task, outcome, duration_ms
     ), agg as (
       select task, outcome, count(*) as runs, coalesce(sum(duration_ms), 0) / 1000.0 as seconds, ${bucketCounts()} as buckets
         from moved group by 1, 2
     ), added as (
       insert into job_run_totals as t (task, outcome, runs, seconds, buckets)
       select task, outcome, runs, seconds, buckets from agg
       on conflict (task, outcome) do update
          set runs = t.runs + excluded.runs,
              seconds = t.seconds + excluded.seconds,
              buckets = ${addBuckets('t.buckets', 'excluded.buckets')}
       returning 1
     )
     select coalesce((select sum(runs) from agg), 0) as folded`,
    [keepSeconds],
  );
  return Number(rows[0]?.folded ?? 0);
}

export interface JobRunCounter {
  task: string;
  outcome: JobOutcome;
  runs: number;
  seconds: number;
  /** Runs that took at most each of JOB_DURATION_BUCKETS seconds (cumulative). */
  buckets: number[];
}

/** Every run ever recorded, per task and outcome: the totals plus the runs not folded yet. */
export async function jobRunCounters(db: Handle): Promise<JobRunCounter[]> {
  const { rows } = await db.raw<{
    rows: Array<{ task: string; outcome: JobOutcome; runs: string; seconds: number; buckets: string[] }>;
  }>(
    `with live as (
       select task, outcome, count(*) as runs, coalesce(sum(duration_ms), 0) / 1000.0 as seconds, ${bucketCounts()} as buckets
         from job_runs group by 1, 2
     )
     select coalesce(l.task, t.task) as task, coalesce(l.outcome, t.outcome) as outcome,
            coalesce(l.runs, 0) + coalesce(t.runs, 0) as runs,
            (coalesce(l.seconds, 0) + coalesce(t.seconds, 0))::float8 as seconds,
            case when t.buckets is null then l.buckets when l.buckets is null then t.buckets
                 else ${addBuckets('l.buckets', 't.buckets')} end as buckets
       from live l full join job_run_totals t on t.task = l.task and t.outcome = l.outcome
      order by 1, 2`,
  );
  return rows.map((r) => ({
    task: r.task,
    outcome: r.outcome,
    runs: Number(r.runs),
    seconds: Number(r.seconds),
    buckets: r.buckets.map(Number),
  }));
}

export interface JobRunRow {
  id: number;
  job_id: string;
  task: string;
  outcome: JobOutcome;
  attempt: number;
  max_attempts: number;
  finished_at: Date;
  duration_ms: number;
  error: string | null;
}

/** The runs that ended since `since`, newest first, at most `limit`, with the count per outcome. */
export async function recentJobRuns(
  db: Handle,
  { since, limit }: { since: Date; limit: number },
): Promise<{ runs: JobRunRow[]; counts: Record<JobOutcome, number> }> {
  const [runs, counts] = await Promise.all([
    db('job_runs')
      .where('finished_at', '>=', since)
      .orderBy([
        { column: 'finished_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit)
      .select('id', 'job_id', 'task', 'outcome', 'attempt', 'max_attempts', 'finished_at', 'duration_ms', 'error'),
    db('job_runs').where('finished_at', '>=', since).groupBy('outcome').select('outcome', db.raw('count(*)::int as n')),
  ]);
  const byOutcome: Record<JobOutcome, number> = { completed: 0, retrying: 0, failed: 0 };
  for (const row of counts as Array<{ outcome: JobOutcome; n: number }>) byOutcome[row.outcome] = row.n;
  return {
    runs: (runs as Array<JobRunRow & { id: string; job_id: string | number }>).map((r) => ({
      ...r,
      id: Number(r.id),
      job_id: String(r.job_id),
      duration_ms: Number(r.duration_ms),
    })),
    counts: byOutcome,
  };
}
