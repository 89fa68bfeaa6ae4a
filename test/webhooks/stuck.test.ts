import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  ingestWebhook,
  listStuckEvents,
  processWebhookEvent,
  replayWebhookEvent,
  type StuckWebhookEvent,
  type WebhookProcessors,
} from '../../src/webhooks/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const acknowledge = async (eventId: string, source: 'shopify' | 'stripe' = 'shopify'): Promise<number> =>
  (await ingestWebhook(ctx, { source, eventId, topic: 'checkouts/update', shop: 's.myshopify.com', payload: {} })).id!;

/** Moves an event's status clock back, as if it had held its status that long. */
const age = (id: number, minutes: number) =>
  t
    .db('webhook_events')
    .where({ id })
    .update({ status_at: t.db.raw('now() - make_interval(mins => ?)', [minutes]) });

const ids = (events: StuckWebhookEvent[]) => events.map((event) => event.id);

describe('stuck webhooks: pending or processing for longer than the threshold', () => {
  it('lists events waiting or processing past the threshold, longest first, and none that finished', async () => {
    const old = await acknowledge('stuck-old');
    const older = await acknowledge('stuck-older');
    const fresh = await acknowledge('stuck-fresh');
    const done = await acknowledge('stuck-done');
    await processWebhookEvent(ctx, done, { shopify: async () => 'processed' });
    await age(old, 10);
    await age(older, 20);
    await age(done, 30);

    const stuck = await listStuckEvents(t.db, { olderThanSeconds: 300 });
    expect(ids(stuck)).toEqual([older, old]);
    expect(stuck[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(stuck[0]!.stuck_seconds).toBeGreaterThanOrEqual(20 * 60);
    expect(stuck[0]!.since).toBeInstanceOf(Date);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 300, limit: 1 }))).toEqual([older]);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 300, source: 'stripe' }))).toEqual([]);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 15 * 60 }))).toEqual([older]);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 300 }))).not.toContain(fresh);
  });

  it('an attempt restarts the clock, an event left processing is listed, and a replay restarts it again', async () => {
    const id = await acknowledge('stuck-processing');
    await age(id, 60);
    let seenWhileProcessing: StuckWebhookEvent[] = [];
    const hung: WebhookProcessors = {
      shopify: async () => {
        await age(id, 10); // ten minutes into this attempt
        seenWhileProcessing = await listStuckEvents(t.db, { olderThanSeconds: 300 });
        return 'processed';
      },
    };
    await processWebhookEvent(ctx, id, hung);
    const listed = seenWhileProcessing.find((event) => event.id === id);
    expect(listed).toMatchObject({ status: 'processing', attempts: 1 });
    expect(listed!.stuck_seconds).toBeLessThan(11 * 60);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 300 }))).not.toContain(id);

    await replayWebhookEvent(ctx, id);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 300 }))).not.toContain(id);
    expect(ids(await listStuckEvents(t.db, { olderThanSeconds: 0 }))).toContain(id);
  });
});
