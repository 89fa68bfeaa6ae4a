import { describe, expect, it } from 'vitest';
import { ingestWebhook } from '../../src/webhooks/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { holdTableLock, sleep, spawnWorker, until } from '../helpers/worker-process.ts';

const t = useTestDatabase();

describe('a graceful stop leaves no job locked', () => {
  it('SIGTERM while a job runs: the job finishes, its row is gone, nothing is locked, the worker is recorded as stopped', async () => {
    const ctx = await t.context();
    // No store is connected for this shop: processing reads brand_integrations, then skips the event.
    const { id } = await ingestWebhook(ctx, {
      source: 'shopify',
      eventId: 'stop-1',
      topic: 'checkouts/update',
      shop: 'nobody.myshopify.com',
      payload: { token: 'stop-1' },
    });
    const lock = await holdTableLock(t.url, 'brand_integrations');
    const worker = spawnWorker(t.url, { LOG_LEVEL: 'debug' }); // job completions are debug lines
    try {
      await until(
        'the event in flight',
        async () => (await t.db('webhook_events').where({ id }).first())?.status === 'processing',
      );
      worker.kill('SIGTERM');
      // The job finishes while the worker drains, after the signal.
      await sleep(300);
    } finally {
      await lock.release();
    }
    const result = await worker;
    expect(result.exitCode, String(result.all)).toBe(0);
    expect(String(result.all)).toContain('Completed task');

    expect((await t.db('webhook_events').where({ id }).first())?.status).toBe('skipped');
    const jobs = await t.db.raw<{ rows: unknown[] }>('select id, task_identifier, locked_by from graphile_worker.jobs');
    expect(jobs.rows).toEqual([]);
    const workers = await t.db('job_workers').select('worker_id', 'stopped_at', 'released_at');
    expect(workers).toHaveLength(1);
    expect(workers[0]).toMatchObject({ worker_id: expect.stringMatching(/^pool-/), released_at: null });
    expect(workers[0].stopped_at).toBeInstanceOf(Date);
  });
});
