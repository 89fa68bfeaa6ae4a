import { beforeAll, describe, expect, it } from 'vitest';
import { AppError, type AppContext } from '../../src/app/index.ts';
import { withTransaction } from '../../src/db/index.ts';
import {
  getEvent,
  ingestWebhook,
  ingestWebhooks,
  processWebhookEvent,
  redactShopifyPayloads,
  type WebhookEvent,
} from '../../src/webhooks/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import {
  expectQueuedOnce,
  LONE_SURROGATE_TEXT,
  NUL_TEXT,
  PROCESSABLE,
  queuedBatches,
} from '../helpers/poisoned-webhooks.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const event = (eventId: string, payload: Record<string, unknown> = { token: eventId }) => ({
  source: 'shopify' as const,
  eventId,
  topic: 'checkouts/update',
  shop: 'poison.myshopify.com',
  payload,
});

/** The way the Shopify and Stripe routes hand a body over: parsed, and its exact text. */
const withText = (eventId: string, text: string) => ({
  ...event(eventId, JSON.parse(text) as Record<string, unknown>),
  rawPayload: text,
});

const row = (eventId: string) => t.db('webhook_events').where({ event_id: eventId }).first();

describe('a bad webhook does not fail its neighbours', () => {
  it('valid webhooks batched with poisoned ones are stored and queued once; the poisoned ones are kept raw', async () => {
    const nulText = JSON.stringify({ token: 'p-nul', note: NUL_TEXT });
    const overflowText = '{"token":"p-overflow","total":1e1000000}';
    const deepText = `{"token":"p-deep","nested":${'['.repeat(50_000)}${']'.repeat(50_000)}}`;
    const valid = Array.from({ length: 12 }, (_, i) => `v-${i}`);
    const settled = await Promise.allSettled([
      ...valid.slice(0, 4).map((id) => ingestWebhook(ctx, event(id))),
      ingestWebhook(ctx, withText('p-nul', nulText)),
      ...valid.slice(4, 8).map((id) => ingestWebhook(ctx, event(id))),
      ingestWebhook(ctx, event('p-surrogate', { token: 'p-surrogate', note: LONE_SURROGATE_TEXT })),
      ingestWebhook(ctx, withText('p-overflow', overflowText)),
      ingestWebhook(ctx, withText('p-deep', deepText)),
      ...valid.slice(8).map((id) => ingestWebhook(ctx, event(id))),
    ]);
    expect(settled.filter((s) => s.status === 'rejected')).toEqual([]);

    for (const id of valid) expect(await row(id)).toMatchObject({ status: 'pending', raw_payload: null });
    // jsonb cannot hold these as sent: the bytes are the record, the payload a processable copy.
    const nul = await row('p-nul');
    expect(nul).toMatchObject({ status: 'pending', payload: { token: 'p-nul', note: PROCESSABLE[NUL_TEXT] } });
    expect(Buffer.compare(nul.raw_payload, Buffer.from(nulText))).toBe(0);
    const surrogate = await row('p-surrogate');
    expect(surrogate).toMatchObject({ status: 'pending', payload: { note: PROCESSABLE[LONE_SURROGATE_TEXT] } });
    expect(JSON.parse(surrogate.raw_payload.toString('utf8'))).toEqual({
      token: 'p-surrogate',
      note: LONE_SURROGATE_TEXT,
    });
    // No processable copy can be made: kept raw and dead-lettered with the reason, never queued.
    for (const [id, text, reason] of [
      ['p-overflow', overflowText, 'value overflows numeric format'],
      ['p-deep', deepText, 'stack depth limit exceeded'],
    ]) {
      const unprocessable = await row(id!);
      expect(unprocessable).toMatchObject({ status: 'dead', payload: null });
      expect(unprocessable.last_error).toContain(reason);
      expect(unprocessable.last_error).toContain('raw bytes are kept');
      expect(Buffer.compare(unprocessable.raw_payload, Buffer.from(text!))).toBe(0);
    }

    const ids = async (eventIds: string[]) =>
      (await t.db('webhook_events').whereIn('event_id', eventIds).pluck('id')).map(Number);
    const batches = await queuedBatches(ctx);
    expectQueuedOnce(batches, await ids([...valid, 'p-nul', 'p-surrogate']));
    expect(batches.flat()).not.toContain((await ids(['p-overflow']))[0]);
    expect(batches.flat()).not.toContain((await ids(['p-deep']))[0]);

    // A redelivery of a poisoned event is a duplicate, like any other.
    expect(await ingestWebhook(ctx, withText('p-nul', nulText))).toEqual({ duplicate: true });
  });

  it('the processor reads the processable copy, and the raw bytes beside it', async () => {
    const note = JSON.stringify(NUL_TEXT);
    const other = JSON.stringify(LONE_SURROGATE_TEXT);
    const { id } = await ingestWebhook(
      ctx,
      withText('p-read', `{"token":"p-read","note":${note},"other":${other},"id":820982911946154508}`),
    );
    const seen: WebhookEvent[] = [];
    await processWebhookEvent(ctx, id!, { shopify: async (_ctx, e) => void seen.push(e) });
    expect(seen[0]!.payload).toEqual({
      token: 'p-read',
      note: PROCESSABLE[NUL_TEXT],
      other: PROCESSABLE[LONE_SURROGATE_TEXT],
      id: '820982911946154508', // ids beyond 2^53 stay exact in the copy too
    });
    expect(seen[0]!.raw_payload?.toString('utf8')).toContain('\\u0000');
    expect(await getEvent(t.db, id!)).toMatchObject({ status: 'processed' });
  });

  it('an event PostgreSQL cannot key is refused with a 400 error and nothing stored; its neighbours are stored', async () => {
    const settled = await Promise.allSettled([
      ingestWebhook(ctx, event('k-good-1')),
      ingestWebhook(ctx, event('k-bad\u0000id')),
      ingestWebhook(ctx, event('k-long-'.padEnd(300, 'x'))),
      ingestWebhook(ctx, { ...event('k-topic'), topic: 'checkouts/\u0000update' }),
      ingestWebhook(ctx, event('k-good-2')),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'fulfilled']);
    const reasons = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as AppError] : []));
    for (const reason of reasons) {
      expect(reason).toBeInstanceOf(AppError);
      expect(reason.httpStatus).toBe(400);
      expect(reason.message).toMatch(/Nothing was stored\.$/);
    }
    expect(reasons[0]!.message).toContain('event id holds a NUL character');
    expect(reasons[1]!.message).toContain('event id is longer than 255 characters');
    expect(reasons[2]!.message).toContain('topic holds a NUL character');
    expect(await t.db('webhook_events').whereLike('event_id', 'k-%').orderBy('event_id').pluck('event_id')).toEqual([
      'k-good-1',
      'k-good-2',
    ]);
  });

  it('a delivery of several events is refused whole when one of them cannot be keyed', async () => {
    await expect(ingestWebhooks(ctx, [event('m-good'), event('m-bad\u0000')])).rejects.toThrow(
      /event id holds a NUL character/,
    );
    expect(await row('m-good')).toBeUndefined();
    const results = await ingestWebhooks(ctx, [event('m-1'), event('m-2'), event('m-1')]);
    expect(results.map((r) => r.duplicate)).toEqual([false, false, true]);
  });

  it('redaction clears the raw bytes with the payload', async () => {
    const text = JSON.stringify({ token: 'p-redact', email: 'ada@example.com', note: NUL_TEXT });
    await ingestWebhook(ctx, withText('p-redact', text));
    expect((await row('p-redact')).raw_payload).not.toBeNull();
    await withTransaction(ctx.db, (tx) =>
      redactShopifyPayloads(tx, { shop: 'poison.myshopify.com', emails: ['ada@example.com'], phonePatterns: [] }),
    );
    expect(await row('p-redact')).toMatchObject({ payload: { redacted: true }, raw_payload: null });
  });
});
