import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { TASKS } from '../../src/cli/index.ts';
import { releaseStaleWorkers, startWorker } from '../../src/jobs/index.ts';
import { ingestWebhook } from '../../src/webhooks/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { holdTableLock, sleep, spawnWorker, until } from '../helpers/worker-process.ts';

const t = useTestDatabase();

/** A short threshold for the test: a worker silent for 3 s is taken for dead (heartbeats every 0.5 s). */
const STALE_AFTER_SECONDS = 3;

/** Acknowledged Shopify events (stored with their batch jobs) of a shop no store is connected to. */
async function acknowledge(ctx: AppContext, prefix: string, bursts: number, perBurst: number): Promise<number[]> {
  const ids: number[] = [];
  for (let burst = 0; burst < bursts; burst += 1) {
    const results = await Promise.all(
      Array.from({ length: perBurst }, (_, n) =>
        ingestWebhook(ctx, {
          source: 'shopify',
          eventId: `${prefix}-${burst}-${n}`,
          topic: 'checkouts/update',
          shop: 'nobody.myshopify.com',
          payload: { token: `${prefix}-${burst}-${n}` },
        }),
      ),
    );
    for (const result of results) ids.push(result.id!);
  }
  return ids;
}

const statuses = async (ids: number[]) =>
  (await t.db('webhook_events').whereIn('id', ids).select('status')).map((row: { status: string }) => row.status);
const lockedJobs = async (): Promise<{ id: string; locked_by: string }[]> =>
  (await t.db.raw('select id::text, locked_by from graphile_worker.jobs where locked_by is not null')).rows;

describe('a killed worker does not strand acknowledged webhooks', () => {
  it('kill -9 mid-batch, another worker starts: the dead one’s jobs are released and every acknowledged event is processed within the threshold; webhooks list --stuck shows them until then', async () => {
    const ctx = await t.context();
    const ids = await acknowledge(ctx, 'killed', 3, 10);
    const batchJobs = Number((await t.db.raw('select count(*) as n from graphile_worker.jobs')).rows[0].n);
    const env = { WORKER_STALE_AFTER_SECONDS: String(STALE_AFTER_SECONDS), LOG_LEVEL: 'info' };

    // Worker A takes every batch job and is killed while each one has an event in flight.
    const lock = await holdTableLock(t.url, 'brand_integrations');
    const a = spawnWorker(t.url, { ...env, WORKER_CONCURRENCY: String(batchJobs) });
    let aWorkerId: string;
    try {
      await until(
        'every batch in flight',
        async () => (await statuses(ids)).filter((s) => s === 'processing').length === batchJobs,
      );
      const rows = await t.db('job_workers').select('worker_id');
      expect(rows).toHaveLength(1);
      aWorkerId = rows[0].worker_id;
      // The recorded id is the one graphile-worker locked the jobs with.
      expect((await lockedJobs()).map((job) => job.locked_by)).toEqual(Array(batchJobs).fill(aWorkerId));
      a.kill('SIGKILL');
      await a;
    } finally {
      await lock.release();
    }

    // Stranded: nothing failed, nothing done, every job still locked by the dead worker.
    expect((await statuses(ids)).every((s) => s === 'processing' || s === 'pending')).toBe(true);
    await sleep(1_100);
    const stuck = await runCli(['webhooks', 'list', '--stuck', '--json', '--limit', '100'], {
      ...testEnv(t.url),
      WEBHOOK_STUCK_AFTER_SECONDS: '1',
    });
    expect(stuck.code, stuck.stderr).toBe(0);
    const listed = JSON.parse(stuck.stdout) as {
      webhooks: { id: number; status: string }[];
      count: number;
      stuck_after_seconds: number;
    };
    expect(listed.stuck_after_seconds).toBe(1);
    expect(listed.webhooks.map((e) => e.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(listed.webhooks.filter((e) => e.status === 'processing')).toHaveLength(batchJobs);
    const failed = await runCli(['webhooks', 'list', '--failed', '--json'], testEnv(t.url));
    expect(JSON.parse(failed.stdout).count).toBe(0);

    // Worker B releases A's jobs once A has been silent for the threshold, and runs them.
    const startedAt = Date.now();
    const b = spawnWorker(t.url, env);
    try {
      await until('every event processed', async () => (await statuses(ids)).every((s) => s === 'skipped'), 60_000);
      // At most the threshold, one heartbeat and graphile-worker's 2 s poll after B runs (B's own
      // start, a few seconds on a busy machine, is the rest); graphile-worker alone waits 4 hours.
      expect(Date.now() - startedAt).toBeLessThan((STALE_AFTER_SECONDS + 12) * 1000);
      // The last job completes (its run recorded, then its lock dropped) just after its events.
      await until('no job locked', async () => (await lockedJobs()).length === 0, 5_000);
      const released = await t.db('job_workers').where({ worker_id: aWorkerId }).first();
      expect(released.released_at).toBeInstanceOf(Date);

      const after = await runCli(['webhooks', 'list', '--stuck', '--json'], {
        ...testEnv(t.url),
        WEBHOOK_STUCK_AFTER_SECONDS: '1',
      });
      expect(JSON.parse(after.stdout)).toMatchObject({ webhooks: [], count: 0 });
      const text = await runCli(['webhooks', 'list', '--stuck'], {
        ...testEnv(t.url),
        WEBHOOK_STUCK_AFTER_SECONDS: '1',
      });
      expect(text.stdout).toBe('No webhooks pending or processing for longer than 1s.\n');
    } finally {
      b.kill('SIGTERM');
    }
    const log = String((await b).all);
    const releaseLine = log.split('\n').find((line) => line.includes('taken for dead'));
    expect(releaseLine).toBeDefined();
    expect(JSON.parse(releaseLine!)).toMatchObject({ released_worker_id: aWorkerId, jobs: expect.any(Array) });
    expect(JSON.parse(releaseLine!).jobs).toHaveLength(batchJobs);
  });
});

describe('releasing the jobs of silent workers', () => {
  it('two releases at once release a silent worker’s job once; a third finds nothing; a live worker is left alone', async () => {
    const ctx = await t.context();
    const [id] = await acknowledge(ctx, 'silent', 1, 1);
    const lock = await holdTableLock(t.url, 'brand_integrations');
    // A worker in this process whose next heartbeat is far away (the default 180 s threshold).
    const worker = await startWorker(ctx, TASKS, { concurrency: 1, schedules: [], pollInterval: 200 });
    try {
      await until('the event in flight', async () => (await statuses([id!]))[0] === 'processing');
      const [row] = await t.db('job_workers').whereNull('stopped_at').whereNull('released_at').select('worker_id');
      expect(await releaseStaleWorkers(ctx, { staleAfterSeconds: 60 })).toEqual([]);

      // Silent for two minutes, as far as its heartbeat says.
      await t
        .db('job_workers')
        .where({ worker_id: row.worker_id })
        .update({ heartbeat_at: t.db.raw("now() - interval '2 minutes'") });
      const [first, second] = await Promise.all([
        releaseStaleWorkers(ctx, { staleAfterSeconds: 60 }),
        releaseStaleWorkers(ctx, { staleAfterSeconds: 60 }),
      ]);
      const released = [...first, ...second];
      expect(released).toHaveLength(1);
      expect(released[0]).toMatchObject({ worker_id: row.worker_id, jobs: [{ task: 'webhook:process-batch' }] });
      expect(await lockedJobs()).toEqual([]);
      expect(await releaseStaleWorkers(ctx, { staleAfterSeconds: 60 })).toEqual([]);
    } finally {
      await lock.release();
      await worker.stop();
    }
  });

  it('a worker that finds itself released stops, and says so', async () => {
    const ctx = await t.context({ WORKER_STALE_AFTER_SECONDS: '2' });
    const worker = await startWorker(ctx, TASKS, { concurrency: 1, schedules: [], pollInterval: 200 });
    const row = await until('the worker recorded', async () =>
      t.db('job_workers').whereNull('stopped_at').whereNull('released_at').first(),
    );
    await t.db('job_workers').where({ worker_id: row.worker_id }).update({ released_at: t.db.fn.now() });
    await expect(worker.done).rejects.toThrow(`Worker ${row.worker_id} was taken for dead`);
  });
});
