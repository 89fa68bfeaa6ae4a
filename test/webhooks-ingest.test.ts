import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app/index.ts';
import { getEvent, ingestWebhook, listEvents, MAX_WEBHOOK_ATTEMPTS, processWebhookEvent, replayWebhookEvent, type WebhookProcessors } from '../src/webhooks/index.ts';
import { runCli } from './helpers/cli.ts';
import { createTestDatabase, testEnv, type TestDatabase } from './helpers/db.ts';

let t: TestDatabase;
let ctx: AppContext;
beforeAll(async () => {
  t = await createTestDatabase();
  ctx = await t.context();
});
afterAll(async () => t.drop());

const event = (eventId: string) => ({ source: 'shopify' as const, eventId, topic: 'checkouts/update', shop: 'a.myshopify.com', payload: { token: eventId } });

describe('webhook ingestion: store, queue, process, dead-letter, replay', () => {
  it('stores an event once and answers a repeat of the same id as a duplicate', async () => {
    const first = await ingestWebhook(ctx, event('evt-1'));
    const second = await ingestWebhook(ctx, event('evt-1'));
    expect(first).toMatchObject({ duplicate: false });
    expect(second).toEqual({ duplicate: true });
    const rows = await t.db('webhook_events').where({ event_id: 'evt-1' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', attempts: 0, topic: 'checkouts/update', payload: { token: 'evt-1' } });
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
    const failing: WebhookProcessors = { shopify: async () => { throw new Error('store API unreachable'); } };
    await expect(processWebhookEvent(ctx, id!, failing, { attempt: 1 })).rejects.toThrow('store API unreachable');
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'failed', attempts: 1, last_error: 'store API unreachable' });
    await expect(processWebhookEvent(ctx, id!, failing, { attempt: MAX_WEBHOOK_ATTEMPTS })).rejects.toThrow();
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'dead' });

    const failed = await listEvents(t.db, { failed: true });
    expect(failed.map((e) => e.event_id)).toContain('evt-3');
    const cli = await runCli(['webhooks', 'list', '--failed', '--json'], testEnv(t.url));
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).webhooks.map((e: { event_id: string; status: string }) => [e.event_id, e.status])).toContainEqual(['evt-3', 'dead']);

    const replay = await runCli(['webhooks', 'replay', String(id)], testEnv(t.url));
    expect(replay.code).toBe(0);
    expect(replay.stdout).toContain(`Queued webhook ${id}`);
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    await processWebhookEvent(ctx, id!, { shopify: async () => undefined });
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'processed' });
  });

  it('replaying an unknown id is a clear error', async () => {
    await expect(replayWebhookEvent(ctx, 999_999)).rejects.toThrow('Webhook event 999999 not found.');
    const cli = await runCli(['webhooks', 'replay', '999999'], testEnv(t.url));
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('Webhook event 999999 not found.');
  });
});
