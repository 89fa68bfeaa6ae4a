/**
 * The record of job runs: each run a worker finishes is a row with its outcome, duration and
 * error; runs older than the history keeps are folded into totals by the db:health job, so the
 * counts /metrics derives never go down; a job that failed for good can be retried.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import {
  enqueueJob,
  JOB_DURATION_BUCKETS,
  jobHistory,
  jobRunCounters,
  prepareQueue,
  retryFailedJob,
  runDueJobs,
} from '../../src/jobs/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;

/** A job its task refuses (the payload fails its schema), queued through graphile-worker's SQL API. */
async function addRefusedJob(maxAttempts: number): Promise<string> {
  const { rows } = await t.db.raw<{ rows: Array<{ id: string }> }>(
    `select id::text from graphile_worker.add_job('webhook:process', '{"id": -1}'::json, max_attempts => ?)`,
    [maxAttempts],
  );
  return rows[0]!.id;
}

const counters = async () => Object.fromEntries((await jobRunCounters(t.db)).map((c) => [`${c.task} ${c.outcome}`, c]));

let failedId: string;
let retryingId: string;

beforeAll(async () => {
  ctx = await t.context();
  await prepareQueue(ctx);
  await enqueueJob(t.db, 'db:health', { source: 'history-test' });
  failedId = await addRefusedJob(1);
  retryingId = await addRefusedJob(3);
  await runDueJobs(ctx, TASKS);
  // Its next attempt waits a day, not the few seconds of graphile-worker's backoff: the runs below
  // are only the ones each test makes.
  await t.db.raw(`select graphile_worker.reschedule_jobs(array[?]::bigint[], run_at := now() + interval '1 day')`, [
    retryingId,
  ]);
});

describe('every run is recorded', () => {
  it('a completed run, a failed one with attempts left (retrying), and one with none left (failed)', async () => {
    const runs = await t
      .db('job_runs')
      .orderBy('id')
      .select('job_id', 'task', 'outcome', 'attempt', 'max_attempts', 'error');
    expect(runs.map((r) => [r.task, r.outcome, r.attempt, r.max_attempts])).toEqual(
      expect.arrayContaining([
        ['db:health', 'completed', 1, 25],
        ['webhook:process', 'failed', 1, 1],
        ['webhook:process', 'retrying', 1, 3],
      ]),
    );
    const failed = runs.find((r) => String(r.job_id) === failedId)!;
    expect(failed.error).toContain('Too small: expected number to be >0');
    expect(failed.error).not.toContain('\n');
    expect(runs.find((r) => r.outcome === 'completed').error).toBeNull();
  });

  it('the history: the last hour per outcome, and the job that failed for good with its error', async () => {
    const history = await jobHistory(t.db, { now: new Date() });
    expect(history.counts).toEqual({ completed: 1, retrying: 1, failed: 1 });
    expect(history.failed_total).toBe(1);
    expect(history.failed.map((j) => [j.id, j.task, j.attempts, j.max_attempts])).toEqual([
      [failedId, 'webhook:process', 1, 1],
    ]);
    expect(history.failed[0]!.last_error).toContain('too_small');
    // An hour later the runs are out of the history; the failed job is still in the queue.
    const later = await jobHistory(t.db, { now: new Date(Date.now() + 3_700_000) });
    expect([later.runs.length, later.failed_total]).toEqual([0, 1]);
  });

  it('the counters: runs and seconds per task and outcome, with cumulative buckets', async () => {
    const c = await counters();
    expect(c['db:health completed']).toMatchObject({ runs: 1 });
    expect(c['webhook:process failed']).toMatchObject({ runs: 1 });
    expect(c['webhook:process retrying']).toMatchObject({ runs: 1 });
    for (const counter of Object.values(c)) {
      expect(counter.buckets).toHaveLength(JOB_DURATION_BUCKETS.length);
      expect(counter.buckets).toEqual([...counter.buckets].sort((a, b) => a - b));
      expect(counter.buckets.at(-1)).toBeLessThanOrEqual(counter.runs);
      expect(counter.seconds).toBeGreaterThan(0);
    }
  });
});

describe('old runs fold into totals', () => {
  it('the db:health job moves runs older than two hours; the counters stay, then go on counting', async () => {
    const before = await counters();
    await t.db('job_runs').update({ finished_at: t.db.raw(`finished_at - interval '3 hours'`) });
    await enqueueJob(t.db, 'db:health', { source: 'history-fold' });
    await runDueJobs(ctx, TASKS);
    // Only the fold's own run is left in job_runs.
    expect(await t.db('job_runs').select('task', 'outcome')).toEqual([{ task: 'db:health', outcome: 'completed' }]);
    expect(await t.db('job_run_totals').orderBy(['task', 'outcome']).select('task', 'outcome', 'runs')).toEqual([
      { task: 'db:health', outcome: 'completed', runs: '1' },
      { task: 'webhook:process', outcome: 'failed', runs: '1' },
      { task: 'webhook:process', outcome: 'retrying', runs: '1' },
    ]);
    const after = await counters();
    expect(after['db:health completed']!.runs).toBe(before['db:health completed']!.runs + 1);
    for (const key of ['webhook:process failed', 'webhook:process retrying']) {
      expect(after[key]!.runs).toBe(before[key]!.runs);
      expect(after[key]!.buckets).toEqual(before[key]!.buckets);
      expect(after[key]!.seconds).toBeCloseTo(before[key]!.seconds, 6);
    }
    // A second fold of the same runs adds nothing.
    await t.db('job_runs').update({ finished_at: t.db.raw(`finished_at - interval '3 hours'`) });
    await enqueueJob(t.db, 'db:health', { source: 'history-fold-2' });
    await runDueJobs(ctx, TASKS);
    expect((await counters())['db:health completed']!.runs).toBe(before['db:health completed']!.runs + 2);
  });
});

describe('retrying a failed job', () => {
  it('puts it back due now with its attempts reset; the worker runs it again', async () => {
    await retryFailedJob(ctx, failedId);
    const { rows } = await t.db.raw<{ rows: Array<{ attempts: number; due: boolean }> }>(
      `select attempts, run_at <= now() as due from graphile_worker.jobs where id = ?`,
      [failedId],
    );
    expect(rows).toEqual([{ attempts: 0, due: true }]);
    await runDueJobs(ctx, TASKS);
    const runs = await t.db('job_runs').where({ job_id: failedId }).select('outcome', 'attempt');
    expect(runs).toEqual([{ outcome: 'failed', attempt: 1 }]);
  });

  it('refuses a job that has not failed for good, and one that does not exist', async () => {
    await expect(retryFailedJob(ctx, retryingId)).rejects.toThrow(
      `Job ${retryingId} (webhook:process) has not failed; it is queued.`,
    );
    await expect(retryFailedJob(ctx, '999999')).rejects.toThrow('Job 999999 not found.');
    await expect(retryFailedJob(ctx, 'abc')).rejects.toThrow('Job abc not found.');
  });
});
