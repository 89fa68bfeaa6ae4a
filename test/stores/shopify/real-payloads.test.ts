/**
 * Shopify's real webhook shapes (API 2025-10 / 2026-07): every topic Reclaim subscribes to, posted
 * with the exact fixture text (ids beyond 2^53 included) and Shopify's delivery headers, signed
 * with the app secret, then processed; the rows a user sees are checked. Fixtures are under
 * test/fixtures/shopify/ ('{shop}.myshopify.com' stands for the shop, as in Shopify's samples).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { toCheckoutWebhook } from '../../../src/stores/shopify/rules-checkout.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { sendShopifyWebhook, type ShopifyDelivery, startShopifyWebhookApp } from '../../helpers/shopify-webhook.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

// The fixtures' ids, beyond Number.MAX_SAFE_INTEGER where Shopify's are.
const ORDER_ID = '905531287702318846';
const CUSTOMER_ID = '624918730044512873';
const SUBSCRIBER_ID = '631205574981126402';
const TOKEN = '8f3c2a7e91d04b5fa6e2c1d9b7a54e30';
const CART_TOKEN = 'Z2NwLXVzLWVhc3QxOjAxSlpRN0NXMlE4VjJCNkFUWlNRUjRaRzA1';
const PHONE = '+14155550137';

const suffix = (): string => randomBytes(4).toString('hex');

/** A fixture's exact text, with the shop placeholder replaced unless `keepShop`. */
function fixture(name: string, shop?: string): string {
  const text = readFileSync(new URL(`../../fixtures/shopify/${name}.json`, import.meta.url), 'utf8');
  return shop ? text.replaceAll('{shop}.myshopify.com', shop) : text;
}

async function shop(): Promise<{ domain: string; brandId: number; integrationId: number }> {
  const brand = await createBrand(t.db);
  const domain = `northwind-${suffix()}.myshopify.com`;
  const integration = await createIntegration(t.db, brand.id, {
    lookup_id: domain,
    settings: { installed_at: '2026-01-05T00:00:00Z' },
  });
  return { domain, brandId: brand.id, integrationId: integration.id };
}

type Delivery = Partial<Omit<ShopifyDelivery, 'topic' | 'shop' | 'payload' | 'rawBody'>> & {
  keepShop?: boolean;
  text?: string;
};

/** Posts a fixture as Shopify does (2025-10 headers unless told), expects 200, runs its job; returns the event row. */
async function deliver(
  domain: string,
  topic: string,
  name: string,
  options: Delivery = {},
): Promise<Record<string, unknown>> {
  const { keepShop, text, ...delivery } = options;
  const rawBody = text ?? fixture(name, keepShop ? undefined : domain);
  const eventId = delivery.eventId === undefined ? randomUUID() : delivery.eventId;
  const response = await sendShopifyWebhook(app, {
    topic,
    shop: domain,
    payload: null,
    rawBody,
    apiVersion: '2025-10',
    triggeredAt: '2026-03-14T14:12:31.877041743Z',
    ...delivery,
    eventId,
  });
  expect(response.statusCode, response.body).toBe(200);
  const key = eventId ?? delivery.webhookId;
  const row = await t.db('webhook_events').where({ source: 'shopify', event_id: key }).first();
  expect(row, `event ${key} stored`).toBeDefined();
  await processWebhookEvent(ctx, Number(row.id), WEBHOOK_PROCESSORS).catch(() => undefined);
  return t.db('webhook_events').where({ id: row.id }).first();
}

const ok = (event: Record<string, unknown>, status = 'processed'): void =>
  expect({ status: event.status, last_error: event.last_error }).toEqual({ status, last_error: null });

const TOPICS: [topic: string, name: string, status: string][] = [
  ['checkouts/create', 'checkouts-create', 'processed'],
  ['checkouts/update', 'checkouts-update', 'processed'],
  ['checkouts/update', 'checkouts-update-guest', 'processed'],
  ['carts/update', 'carts-update', 'processed'],
  ['orders/create', 'orders-create', 'processed'],
  ['orders/updated', 'orders-updated', 'processed'],
  ['orders/paid', 'orders-paid', 'processed'],
  ['orders/cancelled', 'orders-cancelled', 'processed'],
  ['orders/fulfilled', 'orders-fulfilled', 'processed'],
  ['orders/partially_fulfilled', 'orders-partially-fulfilled', 'processed'],
  ['orders/edited', 'orders-edited', 'processed'],
  ['orders/delete', 'orders-delete', 'processed'],
  ['customers/create', 'customers-create', 'processed'],
  ['customers/update', 'customers-update', 'processed'],
  ['shop/update', 'shop-update', 'processed'],
  ['app/uninstalled', 'app-uninstalled', 'processed'],
  ['customers/data_request', 'customers-data-request', 'processed'],
  ['customers/redact', 'customers-redact', 'processed'],
  ['shop/redact', 'shop-redact', 'processed'],
  // Billing's topic: no subscription of ours has this id, so it is understood and skipped.
  ['app_subscriptions/update', 'app-subscriptions-update', 'skipped'],
];

describe("Shopify's payloads, as delivered", () => {
  it.each(TOPICS)(
    '%s (%s) is accepted with the real headers and processed without failure',
    async (topic, name, status) => {
      const { domain } = await shop();
      if (topic === 'orders/edited') ok(await deliver(domain, 'orders/create', 'orders-create'));
      const event = await deliver(domain, topic, name);
      ok(event, status);
      expect(event).toMatchObject({ topic, shop: domain });
      expect(event.headers).toMatchObject({
        topic,
        shop_domain: domain,
        api_version: '2025-10',
        triggered_at: '2026-03-14T14:12:31.877041743Z',
      });
      expect((event.triggered_at as Date).toISOString()).toBe('2026-03-14T14:12:31.877Z');
    },
  );

  it('the newer lowercase shopify-* header names are accepted alone or next to the X-Shopify-* ones', async () => {
    const { domain, integrationId } = await shop();
    const webhookId = `wh-${suffix()}`;
    const event = await deliver(domain, 'checkouts/create', 'checkouts-create', {
      headerStyle: 'new',
      eventId: null,
      webhookId,
      apiVersion: '2026-07',
      name: 'reclaim-checkouts',
    });
    ok(event);
    expect(event).toMatchObject({
      event_id: webhookId,
      topic: 'checkouts/create',
      shop: domain,
      brand_integration_id: String(integrationId),
    });
    expect(event.headers).toEqual({
      topic: 'checkouts/create',
      shop_domain: domain,
      api_version: '2026-07',
      webhook_id: webhookId,
      triggered_at: '2026-03-14T14:12:31.877041743Z',
      name: 'reclaim-checkouts',
    });
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update', { headerStyle: 'both' }));
    const unsigned = await sendShopifyWebhook(app, {
      topic: 'checkouts/update',
      shop: domain,
      payload: null,
      rawBody: fixture('checkouts-update', domain),
      headerStyle: 'new',
      hmac: 'bm90IHRoZSBzaWduYXR1cmU=',
    });
    expect(unsigned.statusCode).toBe(401);
  });

  it('the event is keyed by X-Shopify-Event-Id, else X-Shopify-Webhook-Id; a redelivery is stored once', async () => {
    const { domain, integrationId } = await shop();
    const eventId = randomUUID();
    const first = await deliver(domain, 'orders/create', 'orders-create', { eventId, webhookId: randomUUID() });
    const again = await sendShopifyWebhook(app, {
      topic: 'orders/create',
      shop: domain,
      payload: null,
      rawBody: fixture('orders-create', domain),
      eventId,
      webhookId: randomUUID(),
    });
    expect(again.statusCode).toBe(200);
    expect(await t.db('webhook_events').where({ source: 'shopify', event_id: eventId })).toHaveLength(1);
    expect(first.headers).toMatchObject({ event_id: eventId });

    const webhookId = randomUUID();
    ok(await deliver(domain, 'orders/paid', 'orders-paid', { eventId: null, webhookId }));
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it('a topic header in another case or in GraphQL enum form is read as the topic', async () => {
    const { domain, integrationId } = await shop();
    const events = [
      await deliver(domain, 'ORDERS_CREATE', 'orders-create'),
      await deliver(domain, 'Orders/Paid', 'orders-paid'),
      await deliver(domain, 'APP_SUBSCRIPTIONS_UPDATE', 'app-subscriptions-update'),
    ];
    expect(events.map((event) => [event.topic, event.status])).toEqual([
      ['orders/create', 'processed'],
      ['orders/paid', 'processed'],
      ['app_subscriptions/update', 'skipped'],
    ]);
    expect(await t.db('orders').where({ brand_integration_id: integrationId, external_id: ORDER_ID })).toHaveLength(1);
  });
});

describe('checkouts and carts', () => {
  it('a checkout without an id (2026-07), then its update: shopper captured, totals, custom line item kept, older event ignored', async () => {
    const { domain, brandId, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/create', 'checkouts-create'));
    const created = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: TOKEN }).first();
    expect(created).toMatchObject({ state: 'pending', total_price: '96.68', is_historical: false });
    expect(created.abandoned_checkout_url).toBe(
      `https://${domain}/63018795077/checkouts/${TOKEN}/recover?key=b41f0c2e9d7a6358&locale=en-US`,
    );

    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    const saved = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: TOKEN }).first();
    expect(saved).toMatchObject({ id: created.id, state: 'pending', total_price: '179.99' });
    expect(saved.checkout_details).toMatchObject({
      id: '748213095561207413',
      token: TOKEN,
      cart_token: CART_TOKEN,
      phone: null,
      discount_codes: ['SPRING10'],
      subtotal_price: '164.25',
      total_tax: '15.74',
      currency: 'USD',
    });
    expect(saved.checkout_details.line_items).toEqual([
      expect.objectContaining({
        variant_id: 44210938471253,
        product_id: 8120395741189,
        quantity: 2,
        price: '89.00',
        line_price: '178.00',
        sku: 'TRJ-SLT-M',
      }),
      expect.objectContaining({
        variant_id: null,
        product_id: null,
        title: 'Gift wrapping',
        quantity: 1,
        line_price: '4.50',
      }),
    ]);
    const cart = await t.db('carts').where({ id: saved.cart_id }).first();
    expect(cart).toMatchObject({
      external_id: CART_TOKEN,
      state: 'pending',
      total: '179.99',
      contact_id: saved.contact_id,
    });

    const contact = await t.db('contacts').where({ id: saved.contact_id }).first();
    expect(contact).toMatchObject({
      brand_id: String(brandId),
      external_id: CUSTOMER_ID,
      given_name: 'Maya',
      family_name: 'Okafor',
      source: 'shopify',
    });
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type])).toEqual([
      ['email', 'maya.okafor@example.com', 'subscribed', 'a2p'],
      ['sms', PHONE, 'subscribed', 'p2p'],
    ]);

    // checkouts/create again (updated_at older than the stored update): nothing changes.
    const older = await deliver(domain, 'checkouts/create', 'checkouts-create');
    expect(older.status).toBe('skipped');
    expect(await t.db('checkouts').where({ id: saved.id }).first()).toMatchObject({ total_price: '179.99' });
    expect(await t.db('carts').where({ id: saved.cart_id }).first()).toMatchObject({ total: '179.99' });
  });

  it('a guest checkout (no customer, no phone, no cart token) is stored as no_identity with its e-mail', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update-guest'));
    const saved = await t
      .db('checkouts')
      .where({ brand_integration_id: integrationId, external_id: 'c07e5d1f2a8b4936e0d7f1a2b3c4d5e6' })
      .first();
    expect(saved).toMatchObject({ state: 'no_identity', total_price: '96.68' });
    expect(saved.checkout_details).toMatchObject({
      id: '748213095561207999',
      customer: null,
      phone: null,
      sms_marketing_phone: null,
      buyer_accepts_sms_marketing: false,
    });
    expect(await t.db('carts').where({ id: saved.cart_id }).first()).toMatchObject({
      external_id: 'c07e5d1f2a8b4936e0d7f1a2b3c4d5e6',
      state: 'no_identity',
    });
    const channels = await t.db('contact_channels').where({ contact_id: saved.contact_id });
    expect(channels.map((c) => [c.type, c.username])).toEqual([['email', 'guest.buyer@example.org']]);
  });

  it('carts/update: a pending cart with its total, line item ids beyond 2^53 kept exact; older ignored', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'carts/update', 'carts-update'));
    const cart = await t
      .db('carts')
      .where({
        brand_integration_id: integrationId,
        external_id: 'Z2NwLXVzLWNlbnRyYWwxOjAxSlpSM0tCNFg5RjJNN1FUOFZQNkQwQ0VI',
      })
      .first();
    expect(cart).toMatchObject({ state: 'pending', total: '125.00' });
    expect(
      cart.data.line_items.map((item: { variant_id: unknown; quantity: number }) => [item.variant_id, item.quantity]),
    ).toEqual([
      [44210938471253, 1],
      ['712004583321096450', 3],
    ]);
    const older = fixture('carts-update', domain)
      .replace('"updated_at": "2026-03-14T14:20:05.000Z"', '"updated_at": "2026-03-14T14:15:00.000Z"')
      .replace('"quantity": 3', '"quantity": 1');
    expect((await deliver(domain, 'carts/update', 'carts-update', { text: older })).status).toBe('skipped');
    expect(await t.db('carts').where({ id: cart.id }).first()).toMatchObject({ total: '125.00' });
  });
});

describe('orders', () => {
  const order = (integrationId: number) =>
    t.db('orders').where({ brand_integration_id: integrationId, external_id: ORDER_ID }).first();

  it('orders/create after the checkout: the order keyed by its exact id, linked and completing cart and checkout', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const checkout = await t.db('checkouts').where({ brand_integration_id: integrationId, external_id: TOKEN }).first();
    const saved = await order(integrationId);
    expect(saved).toMatchObject({
      external_id: ORDER_ID,
      number: '#1042',
      state: 'complete',
      total: '179.99',
      discount_codes: ['SPRING10'],
      checkout_id: checkout.id,
      cart_id: checkout.cart_id,
      contact_id: checkout.contact_id,
    });
    expect(saved.cleaned_raw_data).toMatchObject({
      id: ORDER_ID,
      financial_status: 'pending',
      fulfillment_status: null,
      cancelled_at: null,
      checkout_token: TOKEN,
      cart_token: CART_TOKEN,
      customer: { id: CUSTOMER_ID },
    });
    expect(saved.cleaned_raw_data.line_items).toEqual([
      expect.objectContaining({ variant_id: 44210938471253, quantity: 2, price: '89.00' }),
      expect.objectContaining({ variant_id: null, product_id: null, title: 'Gift wrapping' }),
    ]);
    expect(checkout.state).toBe('complete');
    expect((await t.db('carts').where({ id: checkout.cart_id }).first()).state).toBe('complete');
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it('financial and fulfillment statuses are kept; state follows cancelled_at and confirmed; older events change nothing', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const base = fixture('orders-updated', domain);
    let minute = 10;
    for (const financial of [
      'pending',
      'authorized',
      'partially_paid',
      'paid',
      'partially_refunded',
      'refunded',
      'voided',
    ]) {
      minute += 1;
      const text = base
        .replace('"financial_status": "partially_paid"', `"financial_status": "${financial}"`)
        .replace('"updated_at": "2026-03-15T08:30:00-04:00"', `"updated_at": "2026-03-15T08:${minute}:00-04:00"`);
      ok(await deliver(domain, 'orders/updated', 'orders-updated', { text }));
      expect(await order(integrationId)).toMatchObject({
        state: 'complete',
        cleaned_raw_data: expect.objectContaining({ financial_status: financial }),
      });
    }
    ok(await deliver(domain, 'orders/partially_fulfilled', 'orders-partially-fulfilled'));
    expect((await order(integrationId)).cleaned_raw_data).toMatchObject({
      financial_status: 'paid',
      fulfillment_status: 'partial',
    });
    ok(await deliver(domain, 'orders/fulfilled', 'orders-fulfilled'));
    expect((await order(integrationId)).cleaned_raw_data).toMatchObject({ fulfillment_status: 'fulfilled' });

    ok(await deliver(domain, 'orders/cancelled', 'orders-cancelled'));
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      total: '179.99',
      cleaned_raw_data: expect.objectContaining({
        financial_status: 'refunded',
        fulfillment_status: 'restocked',
        cancelled_at: '2026-03-18T12:00:00-04:00',
      }),
    });

    // Late deliveries of earlier updates: nothing changes.
    expect((await deliver(domain, 'orders/paid', 'orders-paid')).status).toBe('skipped');
    expect((await deliver(domain, 'orders/fulfilled', 'orders-fulfilled')).status).toBe('skipped');
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      cleaned_raw_data: expect.objectContaining({ financial_status: 'refunded' }),
    });

    // Not confirmed and not cancelled: pending.
    const unconfirmed = fixture('orders-cancelled', domain)
      .replace('"cancelled_at": "2026-03-18T12:00:00-04:00"', '"cancelled_at": null')
      .replace('"confirmed": true', '"confirmed": false')
      .replace('"updated_at": "2026-03-18T12:00:00-04:00"', '"updated_at": "2026-03-19T09:00:00-04:00"');
    ok(await deliver(domain, 'orders/updated', 'orders-updated', { text: unconfirmed }));
    expect((await order(integrationId)).state).toBe('pending');
  });

  it('orders/edited notes the edit on the exact order; orders/delete cancels and marks it deleted', async () => {
    const { domain, integrationId } = await shop();
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    ok(await deliver(domain, 'orders/edited', 'orders-edited'));
    expect((await order(integrationId)).extra_data.last_edit).toEqual({
      id: '88231904417652231',
      created_at: '2026-03-14T11:00:00-04:00',
    });
    ok(await deliver(domain, 'orders/delete', 'orders-delete'));
    expect(await order(integrationId)).toMatchObject({
      state: 'cancelled',
      extra_data: expect.objectContaining({ deleted: true }),
    });
    expect((await deliver(domain, 'orders/updated', 'orders-updated')).status).toBe('skipped');
    expect(await t.db('orders').where({ brand_integration_id: integrationId })).toHaveLength(1);
  });

  it("Shopify's own sample order ids (beyond 2^53) stay distinct and exact", async () => {
    const { domain, integrationId } = await shop();
    const text = (id: string) => fixture('orders-delete', domain).replace(ORDER_ID, id);
    ok(await deliver(domain, 'orders/delete', 'orders-delete', { text: text('820982911946154508') }));
    ok(await deliver(domain, 'orders/delete', 'orders-delete', { text: text('820982911946154509') }));
    const rows = await t.db('orders').where({ brand_integration_id: integrationId }).orderBy('external_id');
    expect(rows.map((row) => row.external_id)).toEqual(['820982911946154508', '820982911946154509']);
  });
});

describe('customers, shop and app', () => {
  it('customers/update (consent, phone) then a late customers/create: the later one wins; the id is exact', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/update', 'customers-update'));
    expect((await deliver(domain, 'customers/create', 'customers-create')).status).toBe('skipped');
    const contact = await t.db('contacts').where({ brand_id: brandId, external_id: SUBSCRIBER_ID }).first();
    expect(contact).toMatchObject({ given_name: 'Daniel', family_name: 'Reyes' });
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status, c.compliance_type])).toEqual([
      ['email', 'daniel.reyes@example.net', 'subscribed', 'a2p'],
      ['sms', '+16465550192', 'subscribed', 'p2p'],
    ]);
    expect(channels[1].consented_at.toISOString()).toBe('2026-03-01T17:00:00.000Z');
  });

  it('customers/create without marketing consent objects (2026-07) captures the e-mail only', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/create', 'customers-create'));
    const contact = await t.db('contacts').where({ brand_id: brandId, external_id: SUBSCRIBER_ID }).first();
    const channels = await t.db('contact_channels').where({ contact_id: contact.id });
    expect(channels.map((c) => [c.type, c.username])).toEqual([['email', 'daniel.reyes@example.net']]);
  });

  it('shop/update to a frozen plan records a billing cancel; app/uninstalled disconnects the store', async () => {
    const { domain, brandId, integrationId } = await shop();
    ok(await deliver(domain, 'shop/update', 'shop-update'));
    expect(await t.db('billing_events').where({ brand_id: brandId }).select('type', 'reason', 'source')).toEqual([
      { type: 'cancel_subscription', reason: 'shop_plan_frozen', source: 'shopify' },
    ]);
    expect((await t.db('brand_integrations').where({ id: integrationId }).first()).settings).toMatchObject({
      shop_plan_name: 'frozen',
      shop_updated_at: '2026-03-20T15:00:00.000Z',
    });

    ok(await deliver(domain, 'app/uninstalled', 'app-uninstalled'));
    expect(await t.db('brand_integrations').where({ id: integrationId }).first()).toMatchObject({
      status: 'disconnected',
      is_enabled: false,
    });
    expect((await t.db('billing_events').where({ brand_id: brandId }).orderBy('id')).map((row) => row.reason)).toEqual([
      'shop_plan_frozen',
      'app_uninstalled',
    ]);
  });
});

describe('privacy topics', () => {
  it('customers/data_request exports what Reclaim holds on the customer, by the exact customer and order ids', async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    ok(await deliver(domain, 'customers/data_request', 'customers-data-request'));
    const request = await t
      .db('privacy_requests')
      .where({ topic: 'customers/data_request', shop_domain: domain })
      .first();
    expect(request).toMatchObject({
      brand_id: String(brandId),
      customer_external_id: CUSTOMER_ID,
      status: 'completed',
    });
    expect(request.payload).toMatchObject({
      shop_id: 63018795077,
      data_request_id: 4418,
      orders_requested: [ORDER_ID],
    });
    expect(request.export.orders.map((o: { external_id: string }) => o.external_id)).toEqual([ORDER_ID]);
    expect(request.export.checkouts.map((c: { external_id: string }) => c.external_id)).toEqual([TOKEN]);
    expect(request.export.contacts).toEqual([
      expect.objectContaining({ external_id: CUSTOMER_ID, given_name: 'Maya' }),
    ]);
  });

  it("a sample payload's placeholder shop_domain gives way to the X-Shopify-Shop-Domain header", async () => {
    const { domain, brandId } = await shop();
    ok(await deliver(domain, 'customers/data_request', 'customers-data-request', { keepShop: true }));
    expect(
      await t.db('privacy_requests').where({ topic: 'customers/data_request', shop_domain: domain }).first(),
    ).toMatchObject({ brand_id: String(brandId), customer_external_id: CUSTOMER_ID });
  });

  it('customers/redact erases the shopper; shop/redact the shop; each is recorded once', async () => {
    const { domain, brandId, integrationId } = await shop();
    ok(await deliver(domain, 'checkouts/update', 'checkouts-update'));
    ok(await deliver(domain, 'orders/create', 'orders-create'));
    const contactId = (await t.db('contacts').where({ brand_id: brandId, external_id: CUSTOMER_ID }).first()).id;
    ok(await deliver(domain, 'customers/redact', 'customers-redact'));
    expect(await t.db('contacts').where({ id: contactId }).first()).toMatchObject({
      given_name: null,
      family_name: null,
      external_id: null,
    });
    expect(await t.db('contact_channels').where({ contact_id: contactId })).toHaveLength(0);
    const saved = await order(integrationId);
    expect(saved).toMatchObject({ state: 'complete', total: '179.99' });
    expect(JSON.stringify(saved.cleaned_raw_data)).not.toContain('maya.okafor');
    const events = await t
      .db('webhook_events')
      .where({ source: 'shopify', shop: domain })
      .whereIn('topic', ['orders/create', 'checkouts/update']);
    expect(events.map((event) => event.payload)).toEqual([{ redacted: true }, { redacted: true }]);
    const redacted = await t.db('privacy_requests').where({ topic: 'customers/redact', shop_domain: domain }).first();
    expect(redacted).toMatchObject({ customer_external_id: CUSTOMER_ID });
    expect(redacted.payload.orders_to_redact).toEqual([ORDER_ID]);

    ok(await deliver(domain, 'shop/redact', 'shop-redact'));
    expect(await t.db('privacy_requests').where({ shop_domain: domain }).orderBy('id').pluck('topic')).toEqual([
      'customers/redact',
      'shop/redact',
    ]);
  });

  function order(integrationId: number) {
    return t.db('orders').where({ brand_integration_id: integrationId, external_id: ORDER_ID }).first();
  }
});

describe('reading ids beyond 2^53', () => {
  it('only integers JavaScript cannot hold become strings: text, fractions and small numbers are read as sent', async () => {
    const { domain, integrationId } = await shop();
    const text = fixture('carts-update', domain).replace(
      '"note": null',
      '"note": "gift for order 820982911946154508, say \\"happy birthday\\" \\\\ thanks"',
    );
    ok(await deliver(domain, 'carts/update', 'carts-update', { text }));
    const cart = await t.db('carts').where({ brand_integration_id: integrationId }).first();
    expect(cart.data.note).toBe('gift for order 820982911946154508, say "happy birthday" \\ thanks');
    expect(cart.data.line_items[1]).toMatchObject({
      variant_id: '712004583321096450',
      product_id: '788032119674292922',
      quantity: 3,
      price: '12.00',
    });
    expect(cart.data.line_items[0]).toMatchObject({ variant_id: 44210938471253, product_id: 8120395741189 });
  });

  it('a backfilled checkout keeps GraphQL ids beyond 2^53 exact', () => {
    const payload = toCheckoutWebhook(
      {
        id: 'gid://shopify/AbandonedCheckout/748213095561207413',
        name: '#748213095561207413',
        abandonedCheckoutUrl: `https://acme.myshopify.com/63018795077/checkouts/${TOKEN}/recover?key=x`,
        createdAt: '2026-03-14T14:02:11Z',
        updatedAt: '2026-03-14T14:09:47Z',
        completedAt: null,
        note: '',
        discountCodes: [],
        taxesIncluded: false,
        customer: {
          id: `gid://shopify/Customer/${CUSTOMER_ID}`,
          firstName: 'Maya',
          lastName: 'Okafor',
          tags: [],
          defaultEmailAddress: null,
          defaultPhoneNumber: null,
        },
        shippingAddress: null,
        billingAddress: null,
        totalPriceSet: { shopMoney: { amount: '89.0', currencyCode: 'USD' } },
      },
      [
        {
          id: 'gid://shopify/AbandonedCheckoutLineItem/561238841097265113',
          title: 'Socks',
          variantTitle: null,
          quantity: 1,
          sku: null,
          variant: { id: 'gid://shopify/ProductVariant/712004583321096450' },
          product: { id: 'gid://shopify/Product/8120395741189' },
          originalUnitPriceSet: { shopMoney: { amount: '89', currencyCode: 'USD' } },
        },
      ],
    );
    expect(payload).toMatchObject({ id: '748213095561207413', token: TOKEN, customer: { id: CUSTOMER_ID } });
    expect(payload.line_items[0]).toMatchObject({
      key: '561238841097265113',
      variant_id: '712004583321096450',
      product_id: 8120395741189,
    });
  });
});
