import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { conversationsRoutes } from '../../src/conversations/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import {
  expectAllAccepted,
  expectQueuedOnce,
  LONE_SURROGATE_TEXT,
  NUL_TEXT,
  PROCESSABLE,
  queuedBatches,
  storedEvents,
} from '../helpers/poisoned-webhooks.ts';

const SECRET = 'infobip-forward-secret-0123456789';
const URL = `/webhooks/infobip/inbound?secret=${SECRET}`;
const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await t.context({ INFOBIP_WEBHOOK_SECRET: SECRET });
  app = await buildHttpServer(ctx, { routes: [conversationsRoutes], panel: false });
});
afterAll(() => app.close());

/** One inbound message of Infobip's forward (MO_JSON_2). */
const result = (messageId: string, text: string) => ({
  messageId,
  from: '14155550123',
  to: '14155550100',
  text,
  cleanText: text,
  keyword: '',
  receivedAt: '2026-11-22T17:40:49.000+0000',
  smsCount: 1,
  price: { pricePerMessage: 0, currency: 'USD' },
  callbackData: null,
});
const forward = (results: Array<ReturnType<typeof result>>) => ({
  results,
  messageCount: results.length,
  pendingMessageCount: 0,
});
const post = (body: unknown) =>
  app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('a bad webhook does not fail its neighbours: Infobip inbound texts', () => {
  it('a poisoned forward sent among valid ones is stored raw; the valid ones get 200 and are stored and queued once', async () => {
    const texts = Array.from({ length: 12 }, (_, i) =>
      i === 1 ? NUL_TEXT : i === 6 ? LONE_SURROGATE_TEXT : `Is it in blue? (${i})`,
    );
    // One forward of two results (a poisoned one beside a valid one), the others of one each.
    const forwards = [forward([result('mo-poison-0', texts[0]!), result('mo-poison-1', texts[1]!)])];
    for (let i = 2; i < texts.length; i += 1) forwards.push(forward([result(`mo-poison-${i}`, texts[i]!)]));
    const responses = await Promise.all(forwards.map(post));
    expectAllAccepted(responses.map((r) => r.statusCode));

    const eventIds = texts.map((_, i) => `mo-poison-${i}`);
    const rows = await storedEvents(t, 'infobip', eventIds);
    expect(rows.size).toBe(12);
    texts.forEach((text, i) => {
      const row = rows.get(eventIds[i]!)!;
      const poisoned = text in PROCESSABLE;
      expect(row).toMatchObject({ status: 'pending', topic: 'inbound' });
      expect((row.payload as { text: string }).text).toBe(poisoned ? PROCESSABLE[text] : text);
      if (!poisoned) expect(row.raw_payload).toBeNull();
      else expect(JSON.parse((row.raw_payload as Buffer).toString('utf8'))).toMatchObject({ text });
    });
    expectQueuedOnce(
      await queuedBatches(ctx),
      [...rows.values()].map((row) => Number(row.id)),
    );
  });
});

describe('a large Infobip inbound delivery is answered quickly, within a documented limit', () => {
  const many = (prefix: string, count: number) =>
    forward(Array.from({ length: count }, (_, i) => result(`${prefix}-${i}`, `Yes please (${i})`)));

  it('a forward at the limit (1,000 results) is answered 200, each result stored and queued once in a few statements', async () => {
    const response = await post(many('mo-limit', 1000));
    expect([response.statusCode, response.json()]).toEqual([200, { received: 1000, duplicates: 0 }]);
    const ids = (
      await t.db('webhook_events').where({ source: 'infobip' }).whereLike('event_id', 'mo-limit-%').pluck('id')
    ).map(Number);
    expect(ids).toHaveLength(1000);
    const batches = await queuedBatches(ctx);
    expectQueuedOnce(batches, ids);
    // One statement (and so one batch job) per 256 results at most, not one per result.
    expect(batches.length).toBeLessThanOrEqual(4);

    // Infobip retrying the same forward stores nothing twice.
    expect((await post(many('mo-limit', 1000))).json()).toEqual({ received: 1000, duplicates: 1000 });
  });

  it('a forward above the limit is refused with 400 and a clear message; nothing is stored', async () => {
    const response = await post(many('mo-over', 1001));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'too_many_results',
      message: 'An Infobip inbound delivery may hold at most 1000 results; this one holds 1001. Nothing was stored.',
    });
    expect(await t.db('webhook_events').whereLike('event_id', 'mo-over-%')).toHaveLength(0);
  });
});
