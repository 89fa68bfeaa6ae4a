/**
 * POST /ingest/pixel/{key} with Shopify's documented web pixel events: stored and queued like a
 * webhook, then processed into the shopper's cart, linked to the contact that already has the
 * typed address (never creating one, never changing consent), a cart from identify `empty` until
 * it has line items; a bad key, a bad shape and a duplicate.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { initiateContact } from '../../../src/contacts/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { ensureIngestKey, pixelIngestRoutes } from '../../../src/stores/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  checkout,
  checkoutCompleted,
  checkoutStarted,
  contactInfoSubmitted,
  lineItem,
  productAddedToCart,
  variant,
} from '../../helpers/pixel-events.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await t.context({ PUBLIC_URL: 'https://reclaim.example.com' });
  app = await buildHttpServer(ctx, { routes: [pixelIngestRoutes], panel: false });
});
afterAll(() => app.close());

async function store(): Promise<{ key: string; integrationId: number; brandId: number }> {
  const brand = await createBrand(t.db);
  const integration = await createIntegration(t.db, brand.id);
  return { key: await ensureIngestKey(t.db, integration.id), integrationId: integration.id, brandId: brand.id };
}

const post = (key: string, body: unknown, ip = '198.51.100.7') =>
  app.inject({
    method: 'POST',
    url: `/ingest/pixel/${key}`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(body),
    remoteAddress: ip,
  });

/** Posts, expects 200, runs the stored event's job; the event row after processing. */
async function deliver<T extends { id: string }>(key: string, body: T, integrationId: number) {
  const response = await post(key, body);
  expect(response.statusCode).toBe(200);
  const row = await t
    .db('webhook_events')
    .where({ source: 'pixel', event_id: `${integrationId}:${body.id}` })
    .first();
  await processWebhookEvent(ctx, Number(row.id), WEBHOOK_PROCESSORS);
  return t.db('webhook_events').where({ id: row.id }).first();
}

const cartOf = (integrationId: number, externalId: string) =>
  t.db('carts').where({ brand_integration_id: integrationId, external_id: externalId }).first();

describe('shopper identified at checkout', () => {
  it('creates an empty cart from identify, links the contact that already has the address (its consent untouched), then fills it', async () => {
    const { key, integrationId, brandId } = await store();
    const cartToken = `c1-${randomBytes(8).toString('hex')}`;
    const phone = usPhone();
    const email = `ada-${randomBytes(3).toString('hex')}@example.com`;
    // The shopper's consent came earlier from a signed source (the store's customer webhook).
    const known = await initiateContact(ctx, {
      brandId,
      brandIntegrationId: integrationId,
      phone,
      phoneSource: 'customer',
      email,
      smsMarketingState: 'subscribed',
      emailMarketingState: 'not_subscribed',
      consentSource: 'shopify:customers/update',
    });
    const before = await t.db('contact_channels').where({ contact_id: known.contactId }).orderBy('type');
    const ledgerBefore = await t.db('channel_consent_events').where({ brand_id: brandId }).orderBy('id');

    const identify = contactInfoSubmitted(
      checkout({ email, phone, smsMarketingPhone: phone, acceptsSms: true, acceptsEmail: true, lines: [] }),
    );
    const event = await deliver(key, { ...identify, cartToken }, integrationId);
    expect(event).toMatchObject({ status: 'processed', topic: 'pixel/checkout_contact_info_submitted' });

    const cart = await cartOf(integrationId, cartToken);
    expect(cart).toMatchObject({ state: 'empty', brand_id: String(brandId), total: '0.00' });
    expect(cart.extra_data).toMatchObject({ from_identify: true, from_webhook: false });
    expect(Number(cart.contact_id)).toBe(known.contactId);
    const channels = await t.db('contact_channels').where({ contact_id: known.contactId }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type, c.consent_source])).toEqual([
      ['email', email, 'subscribed', 'a2p', 'shopify:customers/update'],
      ['sms', phone, 'subscribed', 'p2p', 'shopify:customers/update'],
    ]);
    expect(channels).toEqual(before);
    expect(await t.db('channel_consent_events').where({ brand_id: brandId }).orderBy('id')).toEqual(ledgerBefore);

    const hoodie = variant('41234567', 59);
    await deliver(key, { ...productAddedToCart(hoodie, 2), cartToken }, integrationId);
    const filled = await cartOf(integrationId, cartToken);
    expect(filled).toMatchObject({ state: 'pending', total: '118.00', contact_id: cart.contact_id });
    expect(filled.data.line_items).toEqual([
      expect.objectContaining({ variant_id: 41234567, product_id: 741234567, quantity: 2, line_price: '118.00' }),
    ]);
  });

  it('a checkout stays no_identity through the contact step of a new shopper, and checkout_completed completes it', async () => {
    const { key, integrationId, brandId } = await store();
    const lines = [lineItem(variant('5001', 20), 1), lineItem(variant('5002', 15, 'Cap'), 2)];
    const base = checkout({ lines });
    await deliver(key, checkoutStarted(base), integrationId);
    const started = await cartOf(integrationId, base.token!);
    expect(started).toMatchObject({ state: 'no_identity', total: '50.00', contact_id: null });
    expect(started.data.line_items).toHaveLength(2);

    const phone = usPhone();
    await deliver(
      key,
      contactInfoSubmitted({ ...base, phone, smsMarketingPhone: phone, buyerAcceptsSmsMarketing: true }),
      integrationId,
    );
    expect(await cartOf(integrationId, base.token!)).toMatchObject({ state: 'no_identity', contact_id: null });
    expect(await t.db('contacts').where({ brand_id: brandId })).toEqual([]);

    await deliver(key, checkoutCompleted({ ...base, order: { id: '5550001', customer: null } }), integrationId);
    const done = await cartOf(integrationId, base.token!);
    expect(done.state).toBe('complete');
    expect(done.extra_data).toMatchObject({ order_external_id: '5550001', last_pixel_event: 'checkout_completed' });
  });

  it('a ticked box after a STOP changes nothing: the number stays unsubscribed and the cart no_identity', async () => {
    const { key, integrationId, brandId } = await store();
    const phone = usPhone();
    const { contact, channel } = await createContact(t.db, brandId, {
      phone,
      channel: { status: 'unsubscribed', compliance_type: 'na', consent_source: 'sms_keyword:STOP' },
    });
    const c = checkout({
      phone,
      smsMarketingPhone: phone,
      acceptsSms: true,
      lines: [lineItem(variant('6001', 10), 1)],
    });
    await deliver(key, contactInfoSubmitted(c), integrationId);
    const cart = await cartOf(integrationId, c.token!);
    expect(cart).toMatchObject({ state: 'no_identity', contact_id: String(contact.id) });
    const after = await t.db('contact_channels').where({ id: channel.id }).first();
    expect(after).toMatchObject({ status: 'unsubscribed', compliance_type: 'na', consent_source: 'sms_keyword:STOP' });
    expect(await t.db('channel_consent_events').where({ brand_id: brandId })).toEqual([]);
  });
});

describe('what the endpoint refuses', () => {
  it('refuses an unknown key with 404 and stores nothing', async () => {
    const before = await t.db('webhook_events').where({ source: 'pixel' }).count<{ count: string }[]>('id as count');
    const response = await post('rk_000000000000000000000000', checkoutStarted(checkout()));
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Unknown ingest key');
    const after = await t.db('webhook_events').where({ source: 'pixel' }).count<{ count: string }[]>('id as count');
    expect(after[0]!.count).toBe(before[0]!.count);
  });

  it('refuses a field outside the documented shape, and an event it does not read', async () => {
    const { key } = await store();
    const extra = await post(key, { ...checkoutStarted(checkout()), email: 'x@example.com' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toMatch(/^Invalid pixel event: /);
    const viewed = await post(key, { ...checkoutStarted(checkout()), name: 'page_viewed' });
    expect(viewed.statusCode).toBe(400);
  });

  it('answers Not implemented for identify to the storefront identify on a Shopify store', async () => {
    const { key } = await store();
    const response = await post(key, {
      id: 'bc-1',
      name: 'bigcommerce_cart_identified',
      timestamp: new Date().toISOString(),
      cartId: 'cart-1',
      email: 'a@example.com',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Not implemented for identify');
  });

  it('stores a repeated event once and processes it once', async () => {
    const { key, integrationId } = await store();
    const cartToken = `c1-${randomBytes(8).toString('hex')}`;
    const added = { ...productAddedToCart(variant('7001', 12), 1), cartToken };
    await deliver(key, added, integrationId);
    const again = await post(key, added);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ok: true, duplicate: true });
    const rows = await t.db('webhook_events').where({ source: 'pixel', event_id: `${integrationId}:${added.id}` });
    expect(rows).toHaveLength(1);
    // A replay of the stored event adds nothing either.
    await processWebhookEvent(ctx, Number(rows[0].id), WEBHOOK_PROCESSORS);
    expect((await cartOf(integrationId, cartToken)).data.line_items[0].quantity).toBe(1);
  });

  it('answers the CORS preflight of any origin', async () => {
    const response = await app.inject({ method: 'OPTIONS', url: '/ingest/pixel/rk_x' });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
  });
});
