/**
 * Shopify's real webhook shapes (API 2025-10 / 2026-07): every topic Reclaim subscribes to, posted
 * with the exact fixture text (ids beyond 2^53 included) and Shopify's delivery headers, signed
 * with the app secret, then processed; the rows a user sees are checked. Fixtures are under
 * test/fixtures/shopify/ ('{shop}.myshopify.com' stands for the shop, as in Shopify's samples).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { toCheckoutWebhook } from '../../../src/stores/shopify/rules-checkout.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { sendShopifyWebhook, startShopifyWebhookApp } from '../../helpers/shopify-webhook.ts';
import {
  CART_TOKEN,
  CUSTOMER_ID,
  fixture,
  ok,
  ORDER_ID,
  PHONE,
  realPayloadSeeds,
  TOKEN,
} from './real-payloads-setup.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;

beforeAll(async () => {
  ({ ctx, app } = await startShopifyWebhookApp(t));
});
afterAll(() => app.close());

const suffix = (): string => randomBytes(4).toString('hex');
const { shop, deliver } = realPayloadSeeds(t, () => ({ ctx, app }));

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
