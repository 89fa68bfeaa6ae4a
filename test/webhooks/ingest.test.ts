import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import {
  getEvent,
  ingestWebhook,
  listEvents,
  MAX_WEBHOOK_ATTEMPTS,
  processWebhookBatch,
  processWebhookEvent,
  replayWebhookEvent,
  type WebhookProcessors,
} from '../../src/webhooks/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { TASKS } from '../../src/cli/index.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const event = (eventId: string) => ({
  source: 'shopify' as const,
  eventId,
  topic: 'checkouts/update',
  shop: 'a.myshopify.com',
  payload: { token: eventId },
});

describe('webhook ingestion: store, queue, process, dead-letter, replay', () => {
  it('stores an event once and answers a repeat of the same id as a duplicate', async () => {
    const first = await ingestWebhook(ctx, event('evt-1'));
    const second = await ingestWebhook(ctx, event('evt-1'));
    expect(first).toMatchObject({ duplicate: false });
    expect(second).toEqual({ duplicate: true });
    const rows = await t.db('webhook_events').where({ event_id: 'evt-1' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      topic: 'checkouts/update',
      payload: { token: 'evt-1' },
    });
  });

  it('one platform event id delivered on two topics is two events; a redelivery of either is a duplicate', async () => {
    const created = await ingestWebhook(ctx, { ...event('action-1'), topic: 'orders/create' });
    const paid = await ingestWebhook(ctx, { ...event('action-1'), topic: 'orders/paid' });
    const again = await ingestWebhook(ctx, { ...event('action-1'), topic: 'orders/paid' });
    expect([created.duplicate, paid.duplicate, again.duplicate]).toEqual([false, false, true]);
    expect(await t.db('webhook_events').where({ event_id: 'action-1' }).orderBy('id').pluck('topic')).toEqual([
      'orders/create',
      'orders/paid',
    ]);
  });

  it('processes with the platform adapter and marks the event processed', async () => {
    const { id } = await ingestWebhook(ctx, event('evt-2'));
    const seen: string[] = [];
    const processors: WebhookProcessors = { shopify: async (_ctx, e) => void seen.push(e.event_id) };
    await processWebhookEvent(ctx, id!, processors);
    expect(seen).toEqual(['evt-2']);
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'processed', attempts: 1, last_error: null });
    // A second run of the same job (e.g. a replayed duplicate) does nothing.
    await processWebhookEvent(ctx, id!, processors);
    expect(seen).toEqual(['evt-2']);
  });

  it('a failing adapter is retried, then dead-lettered, listed as failed, and recovered by replay', async () => {
    const { id } = await ingestWebhook(ctx, event('evt-3'));
    const failing: WebhookProcessors = {
      shopify: async () => {
        throw new Error('store API unreachable');
      },
    };
    await expect(processWebhookEvent(ctx, id!, failing, { attempt: 1 })).rejects.toThrow('store API unreachable');
    expect(await getEvent(t.db, id!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'store API unreachable',
    });
    await expect(processWebhookEvent(ctx, id!, failing, { attempt: MAX_WEBHOOK_ATTEMPTS })).rejects.toThrow();
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'dead' });

    const failed = await listEvents(t.db, { failed: true });
    expect(failed.map((e) => e.event_id)).toContain('evt-3');
    const cli = await runCli(['webhooks', 'list', '--failed', '--json'], testEnv(t.url));
    expect(cli.code).toBe(0);
    expect(
      JSON.parse(cli.stdout).webhooks.map((e: { event_id: string; status: string }) => [e.event_id, e.status]),
    ).toContainEqual(['evt-3', 'dead']);

    const replay = await runCli(['webhooks', 'replay', String(id)], testEnv(t.url));
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain(`Queued webhook ${id}`);
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    await processWebhookEvent(ctx, id!, { shopify: async () => undefined });
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'processed' });
  });

  it('concurrent webhooks share one statement, and a batch job processes them all', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ingestWebhook(ctx, event(`burst-${i % 10}`))),
    );
    expect(results.filter((r) => !r.duplicate)).toHaveLength(10); // each id stored once, its copies are duplicates
    expect(
      await t.db('webhook_events').where('event_id', 'like', 'burst-%').count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: '10' }]);
    await runDueJobs(ctx, TASKS); // the queued batch jobs run through the registered processors
    const statuses = await t.db('webhook_events').where('event_id', 'like', 'burst-%').distinct().pluck('status');
    expect(statuses).not.toContain('pending');
  });

  it('in a batch, a failing event gets its own retry job and the others are processed', async () => {
    const good = await ingestWebhook(ctx, { ...event('batch-good'), source: 'slack' });
    const bad = await ingestWebhook(ctx, { ...event('batch-bad'), source: 'slack' });
    const processors: WebhookProcessors = {
      slack: async (_ctx, e) => {
        if (e.event_id === 'batch-bad') throw new Error('temporary failure');
      },
    };
    await processWebhookBatch(ctx, [good.id!, bad.id!], processors);
    expect(await getEvent(t.db, good.id!)).toMatchObject({ status: 'processed', attempts: 1 });
    expect(await getEvent(t.db, bad.id!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'temporary failure',
    });
    // Its own job runs after the backoff (about 3 s) through the registered processors.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    await runDueJobs(ctx, TASKS);
    expect(await getEvent(t.db, bad.id!)).toMatchObject({ attempts: 2 });
    expect((await getEvent(t.db, bad.id!))!.status).not.toBe('failed');
  });

  it('replaying an unknown id is a clear error', async () => {
    await expect(replayWebhookEvent(ctx, 999_999)).rejects.toThrow('Webhook event 999999 not found.');
    const cli = await runCli(['webhooks', 'replay', '999999'], testEnv(t.url));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('Webhook event 999999 not found.');
  });
});
