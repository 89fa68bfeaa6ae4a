/**
 * POST /webhooks/shopify before processing: the signature, the body size limit, the payload's
 * schema, the event id, unknown topics, the headers kept, and one event per id. What checkouts/*
 * and carts/update store is in webhooks-checkouts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { lineItem, sendShopifyWebhook, shopifySignature } from '../../helpers/shopify-webhook.ts';
import { app, checkout, ctx, suffix, useShopifyWebhookApp } from '../../helpers/shopify-webhook-app.ts';

const t = useTestDatabase();
const { shop, deliver, eventCount } = useShopifyWebhookApp(t);

describe('POST /webhooks/shopify: verify, validate, store once, acknowledge', () => {
  it('refuses a bad or missing signature with 401 and stores nothing', async () => {
    const { domain } = await shop();
    const before = await eventCount();
    const wrong = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: checkout(domain),
      secret: 'not-the-app-secret',
    });
    const missing = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: checkout(domain),
      hmac: null,
    });
    const tampered = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: checkout(domain),
      hmac: shopifySignature('{"token":"other"}'),
    });
    expect([wrong.statusCode, missing.statusCode, tampered.statusCode]).toEqual([401, 401, 401]);
    expect(wrong.json().error).toMatchObject({
      kind: 'unauthorized',
      message: 'The request may not be from Shopify, please contact support if you believe this is an error.',
    });
    expect(await eventCount()).toBe(before);
  });

  it('takes a large order of several megabytes, and answers 413 beyond the limit without storing it', async () => {
    const { domain } = await shop();
    const items = (count: number) =>
      Array.from({ length: count }, (_, i) =>
        lineItem({ variant_id: 44000000000 + i, title: `Item ${i} ${'x'.repeat(900)}` }),
      );
    const large = { ...checkout(domain), line_items: items(2500) };
    const accepted = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop: domain, payload: large });
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(2 * 1024 * 1024);
    expect(accepted.statusCode).toBe(200);
    const before = await eventCount();
    const tooLarge = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: { ...checkout(domain), line_items: items(9000) },
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(await eventCount()).toBe(before);
  });

  it('answers malformed JSON, a payload failing its schema, or no event id with 400 and stores nothing', async () => {
    const { domain } = await shop();
    const before = await eventCount();
    const malformed = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: null,
      rawBody: '{"token": "abc",',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('malformed_json');

    const noToken = { ...checkout(domain), token: undefined };
    const invalid = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop: domain, payload: noToken });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toContain('Invalid checkouts/update payload: token:');

    const badQuantity = await sendShopifyWebhook(app, {
      topic: 'carts/update',
      shop: domain,
      payload: { id: 'c1', token: 'c1', line_items: [lineItem({ quantity: 'two' })] },
    });
    expect(badQuantity.statusCode).toBe(400);
    expect(badQuantity.json().error.message).toContain('line_items.0.quantity');

    const noIds = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: checkout(domain),
      eventId: null,
      webhookId: null,
    });
    expect(noIds.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
  });

  it('acknowledges an unknown topic with 200 without storing it', async () => {
    const { domain } = await shop();
    const before = await eventCount();
    const response = await sendShopifyWebhook(app, {
      topic: 'products/update',
      shop: domain,
      payload: { id: 1, title: 'Hoodie' },
    });
    expect(response.statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
  });

  it('keys the event by X-Shopify-Event-Id (else X-Shopify-Webhook-Id), keeps only meaningful headers, resolves the integration', async () => {
    const { domain, integrationId } = await shop();
    const webhookId = `wh-${suffix()}`;
    const response = await sendShopifyWebhook(app, {
      topic: 'checkouts/create',
      shop: domain,
      payload: checkout(domain),
      eventId: null,
      webhookId,
      triggeredAt: '2026-11-20T15:05:00.000Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const row = await t.db('webhook_events').where({ source: 'shopify', event_id: webhookId }).first();
    expect(row).toMatchObject({
      topic: 'checkouts/create',
      shop: domain,
      brand_integration_id: String(integrationId),
      status: 'pending',
    });
    expect(row.triggered_at.toISOString()).toBe('2026-11-20T15:05:00.000Z');
    expect(Object.keys(row.headers).sort()).toEqual([
      'api_version',
      'shop_domain',
      'topic',
      'triggered_at',
      'webhook_id',
    ]);
  });

  it('stores and processes the same event id once', async () => {
    const { domain, integrationId } = await shop();
    const eventId = `evt-${suffix()}`;
    const payload = checkout(domain);
    const first = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop: domain, payload, eventId });
    const second = await sendShopifyWebhook(app, { topic: 'checkouts/update', shop: domain, payload, eventId });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await t.db('webhook_events').where({ source: 'shopify', event_id: eventId });
    expect(rows).toHaveLength(1);
    await processWebhookEvent(ctx, Number(rows[0].id), WEBHOOK_PROCESSORS);
    await processWebhookEvent(ctx, Number(rows[0].id), WEBHOOK_PROCESSORS);
    expect(await t.db('webhook_events').where({ id: rows[0].id }).first()).toMatchObject({
      status: 'processed',
      attempts: 1,
    });
    expect(await t.db('checkouts').where({ brand_integration_id: integrationId })).toHaveLength(1);
    expect(await t.db('carts').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it('skips (not fails) an event of a shop without an enabled integration', async () => {
    const domain = `unknown-${suffix()}.myshopify.com`;
    const event = await deliver(domain, 'checkouts/update', checkout(domain));
    expect(event).toMatchObject({ status: 'skipped', brand_integration_id: null });
    expect(
      await t.db('checkouts').whereRaw(`checkout_details->>'token' = ?`, [(event.payload as { token: string }).token]),
    ).toHaveLength(0);
  });
});
