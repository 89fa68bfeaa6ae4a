import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  expectAllAccepted,
  expectQueuedOnce,
  LONE_SURROGATE_TEXT,
  NUL_TEXT,
  PROCESSABLE,
  queuedBatches,
  storedEvents,
} from '../../helpers/poisoned-webhooks.ts';
import {
  checkoutPayload,
  sendShopifyWebhook,
  shopifyWebhookSeeds,
  startShopifyWebhookApp,
} from '../../helpers/shopify-webhook.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

const { shop } = shopifyWebhookSeeds(t, () => ({ ctx, app }));

describe('a bad webhook does not fail its neighbours: Shopify', () => {
  it('a poisoned delivery sent among valid ones is stored raw; the valid ones get 200 and are stored and queued once', async () => {
    const { domain } = await shop();
    const deliveries = Array.from({ length: 12 }, (_, i) => {
      const note = i === 5 ? NUL_TEXT : i === 8 ? LONE_SURROGATE_TEXT : null;
      const payload = { ...checkoutPayload(domain, { token: `tok${randomBytes(4).toString('hex')}` }), note };
      return { eventId: `shopify-poison-${i}`, note, body: JSON.stringify(payload) };
    });
    const responses = await Promise.all(
      deliveries.map((d) =>
        sendShopifyWebhook(app, {
          topic: 'checkouts/update',
          shop: domain,
          payload: null,
          rawBody: d.body,
          eventId: d.eventId,
        }),
      ),
    );
    expectAllAccepted(responses.map((r) => r.statusCode));

    const rows = await storedEvents(
      t,
      'shopify',
      deliveries.map((d) => d.eventId),
    );
    expect(rows.size).toBe(12);
    for (const d of deliveries) {
      const row = rows.get(d.eventId)!;
      expect(row.status).toBe('pending');
      expect((row.payload as { note: unknown }).note).toBe(d.note === null ? null : PROCESSABLE[d.note]);
      if (d.note === null) expect(row.raw_payload).toBeNull();
      else expect((row.raw_payload as Buffer).equals(Buffer.from(d.body))).toBe(true);
    }
    expectQueuedOnce(
      await queuedBatches(ctx),
      [...rows.values()].map((row) => Number(row.id)),
    );
  });
});
