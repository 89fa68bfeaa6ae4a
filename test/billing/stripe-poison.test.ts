import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { stripeWebhookRoutes } from '../../src/billing/index.ts';
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

const SECRET = 'whsec_test_poison_0123456789';
const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await t.context({ STRIPE_WEBHOOK_SECRET: SECRET });
  app = await buildHttpServer(ctx, { routes: [stripeWebhookRoutes], panel: false });
});
afterAll(() => app.close());

/** An invoice.paid event as Stripe signs it, with `description` set to the given text. */
function signedEvent(id: string, description: string | null) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2023-08-16',
    created: Math.floor(Date.now() / 1000),
    type: 'invoice.paid',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: `in_${id}`, object: 'invoice', description, subscription: 'sub_unknown' } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

describe('a bad webhook does not fail its neighbours: Stripe', () => {
  it('a poisoned event sent among valid ones is stored raw; the valid ones get 200 and are stored and queued once', async () => {
    const descriptions = Array.from({ length: 12 }, (_, i) =>
      i === 3 ? NUL_TEXT : i === 7 ? LONE_SURROGATE_TEXT : null,
    );
    const events = descriptions.map((description, i) => ({
      id: `evt_poison_${i}`,
      description,
      ...signedEvent(`evt_poison_${i}`, description),
    }));
    const responses = await Promise.all(
      events.map((e) =>
        app.inject({
          method: 'POST',
          url: '/webhooks/stripe',
          headers: { 'content-type': 'application/json', 'stripe-signature': e.signature },
          payload: e.payload,
        }),
      ),
    );
    expectAllAccepted(responses.map((r) => r.statusCode));

    const rows = await storedEvents(
      t,
      'stripe',
      events.map((e) => e.id),
    );
    expect(rows.size).toBe(12);
    for (const e of events) {
      const row = rows.get(e.id)!;
      expect(row.status).toBe('pending');
      const stored = (row.payload as { data: { object: { description: unknown } } }).data.object.description;
      expect(stored).toBe(e.description === null ? null : PROCESSABLE[e.description]);
      if (e.description === null) expect(row.raw_payload).toBeNull();
      else expect((row.raw_payload as Buffer).equals(Buffer.from(e.payload))).toBe(true);
    }
    expectQueuedOnce(
      await queuedBatches(ctx),
      [...rows.values()].map((row) => Number(row.id)),
    );
  });
});
