import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { enqueueJob, runDueJobs } from '../../../src/jobs/index.ts';
import { conversationsRoutes } from '../../../src/conversations/index.ts';
import { bigcommerceRoutes } from '../../../src/stores/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createCart, createContact, createIntegration } from '../../factories/index.ts';
import { cartResource, startFakeBigCommerce, type FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const HASH = 'hookstore1';
const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  fake = await startFakeBigCommerce();
  ctx = await t.context({
    BIGCOMMERCE_CLIENT_ID: fake.clientId,
    BIGCOMMERCE_CLIENT_SECRET: fake.clientSecret,
    BIGCOMMERCE_API_BASE_URL: fake.url,
    BIGCOMMERCE_LOGIN_BASE_URL: fake.url,
    PUBLIC_URL: 'https://reclaim.test',
  });
  app = await buildHttpServer(ctx, { routes: [bigcommerceRoutes, conversationsRoutes], panel: false });
  for (const hash of [HASH, 'otherstore']) {
    const { code } = fake.addStore(hash);
    const installed = await app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_cart&context=stores/${hash}`,
    });
    expect(installed.statusCode).toBe(302);
  }
  const row = await t.db('brand_integrations').where({ lookup_id: HASH }).first();
  [integrationId, brandId] = [Number(row.id), Number(row.brand_id)];
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const store = () => fake.store(HASH);
const eventCount = async () =>
  Number((await t.db('webhook_events').count<{ count: string }[]>('* as count'))[0]!.count);

/** POSTs what BigCommerce would send for this scope to the hook's destination (our route). */
async function deliver(
  scope: string,
  data: Record<string, unknown>,
  {
    headers,
    hash = HASH,
    createdAt,
  }: { headers?: Record<string, string | undefined>; hash?: string; createdAt?: number } = {},
) {
  const delivery = fake.delivery(hash, scope, data, createdAt);
  const merged = Object.fromEntries(
    Object.entries({ ...delivery.headers, ...headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const response = await app.inject({
    method: 'POST',
    url: new URL(delivery.destination).pathname,
    headers: merged,
    payload: JSON.stringify(delivery.body),
  });
  return { response, body: delivery.body };
}

/** Delivers and runs the stored event's job through the real processors. */
async function deliverAndProcess(scope: string, data: Record<string, unknown>) {
  const { response, body } = await deliver(scope, data);
  expect(response.statusCode).toBe(200);
  const event = await t.db('webhook_events').where({ source: 'bigcommerce', event_id: body.hash }).first();
  await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
  return t.db('webhook_events').where({ id: event.id }).first();
}

/** A cart as GET /v3/carts/{id}?include=redirect_urls,... answers it (a guest's customer_id is 0, its email ''). */
function seedCart({
  customerId = 0,
  email = '',
  amount = 59.5,
}: { customerId?: number; email?: string; amount?: number } = {}) {
  const id = randomUUID();
  const token = 'f1c2a3b4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2';
  store().carts.set(id, {
    ...cartResource({
      id,
      customerId,
      email,
      currency: 'usd',
      amount,
      physicalItems: [
        {
          id: '6e193ce6-f327-4dcc-b75e-72cf6738525e',
          parent_id: null,
          variant_id: 501,
          product_id: 77,
          sku: 'TEE-M',
          name: 'Tee',
          url: 'https://shop.example.com/tee/',
          quantity: 2,
          is_taxable: true,
          image_url: 'https://cdn11.bigcommerce.com/s-hookstore1/products/77/images/1/tee.jpg',
          discounts: [],
          coupons: [],
          discount_amount: 0,
          coupon_amount: 0,
          original_price: 29.75,
          list_price: 29.75,
          sale_price: 29.75,
          extended_list_price: 59.5,
          extended_sale_price: 59.5,
          is_require_shipping: true,
          is_mutable: true,
          options: [{ name: 'Size', nameId: 125, value: 'M', valueId: 127 }],
        },
      ],
      createdTime: '2026-11-20T10:00:00+00:00',
      updatedTime: '2026-11-20T10:05:00+00:00',
      version: 3,
    }),
    redirect_urls: {
      cart_url: `https://shop.example.com/cart.php?action=load&id=${id}&token=${token}`,
      checkout_url: `https://shop.example.com/cart.php?action=loadInCheckout&id=${id}&token=${token}`,
      embedded_checkout_url: `https://shop.example.com/cart.php?embedded=1&action=loadInCheckout&id=${id}&token=${token}`,
    },
  });
  return id;
}

let customerCounter = 100;
/** A customer as GET /v3/customers answers it (dates ISO 8601; an absent phone is ''). */
function seedCustomer(phone: string | null, email = `shopper${customerCounter}@example.com`) {
  const id = customerCounter++;
  store().customers.set(String(id), {
    id,
    email,
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    phone: phone ?? '',
    registration_ip_address: '',
    notes: '',
    tax_exempt_category: '',
    customer_group_id: 0,
    date_modified: '2026-11-20T10:00:00Z',
    date_created: '2026-11-19T08:00:00Z',
    address_count: 1,
    attribute_count: 0,
    authentication: { force_password_reset: false },
    accepts_product_review_abandoned_cart_emails: true,
    origin_channel_id: 1,
    channel_ids: null,
  });
  return id;
}

describe('the hook destination refuses deliveries without our secret', () => {
  it.each([
    ['without the secret header', { 'X-Reclaim-Hook-Secret': undefined }],
    ['with a wrong secret', { 'X-Reclaim-Hook-Secret': 'guess' }],
  ])('a delivery %s: 401, nothing stored', async (_case, headers) => {
    const before = await eventCount();
    const { response } = await deliver('store/cart/updated', { type: 'cart', id: seedCart() }, { headers });
    expect([response.statusCode, response.json().error.message]).toEqual([401, 'Invalid webhook secret']);
    expect(await eventCount()).toBe(before);
  });

  it('a delivery as BigCommerce sends it (its custom header next to the Standard Webhooks ones) is stored with its topic and time', async () => {
    const cartId = seedCart();
    const { response, body } = await deliver(
      'store/cart/created',
      { type: 'cart', id: cartId },
      { createdAt: 1795000000 },
    );
    expect([response.statusCode, response.json()]).toEqual([200, { received: true, duplicate: false }]);
    const delivery = fake.delivery(HASH, 'store/cart/created', { type: 'cart', id: cartId });
    expect(Object.keys(delivery.headers)).toEqual(
      expect.arrayContaining(['webhook-id', 'webhook-timestamp', 'webhook-signature', 'X-Reclaim-Hook-Secret']),
    );
    const row = await t.db('webhook_events').where({ source: 'bigcommerce', event_id: body.hash }).first();
    expect([row.topic, row.shop, row.triggered_at.toISOString()]).toEqual([
      'store/cart/created',
      HASH,
      new Date(1795000000 * 1000).toISOString(),
    ]);
  });

  it('a payload without created_at (as in the overview example) is accepted', async () => {
    const { headers, body } = fake.delivery(HASH, 'store/order/statusUpdated', { type: 'order', id: 173331 });
    const { created_at: _createdAt, ...bare } = body;
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/bigcommerce',
      headers,
      payload: JSON.stringify(bare),
    });
    expect(response.statusCode).toBe(200);
    expect((await t.db('webhook_events').where({ event_id: body.hash }).first()).triggered_at).toBeNull();
  });

  it("another store's secret does not open this store", async () => {
    const before = await eventCount();
    const other = fake.delivery('otherstore', 'store/cart/updated', { type: 'cart', id: 'x' });
    const mine = fake.delivery(HASH, 'store/cart/updated', { type: 'cart', id: 'x' });
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/bigcommerce',
      headers: other.headers,
      payload: JSON.stringify(mine.body),
    });
    expect(response.statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('malformed JSON and a payload failing its schema: 400, nothing stored', async () => {
    const before = await eventCount();
    const { headers } = fake.delivery(HASH, 'store/cart/updated', {});
    const malformed = await app.inject({ method: 'POST', url: '/webhooks/bigcommerce', headers, payload: '{"scope":' });
    expect([malformed.statusCode, malformed.json().error.message]).toEqual([400, 'Malformed JSON body.']);
    const noHash = await app.inject({
      method: 'POST',
      url: '/webhooks/bigcommerce',
      headers,
      payload: JSON.stringify({ scope: 'store/cart/updated', producer: `stores/${HASH}`, data: { id: 'x' } }),
    });
    expect(noHash.statusCode).toBe(400);
    expect(noHash.json().error.message).toContain('Invalid BigCommerce webhook payload (hash:');
    expect(await eventCount()).toBe(before);
  });
});

describe('cart events', () => {
  it('a cart of a customer with a +1 phone becomes a pending cart with the contact', async () => {
    const customerId = seedCustomer('(415) 555-2671');
    const cartId = seedCart({ customerId });
    const event = await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    expect(event.status).toBe('processed');
    const cart = await t.db('carts').where({ brand_integration_id: integrationId, external_id: cartId }).first();
    expect(cart).toMatchObject({
      state: 'pending',
      total: '59.50',
      currency: 'USD',
      locale: 'en',
      brand_id: String(brandId),
    });
    expect(cart.extra_data).toMatchObject({
      from_webhook: true,
      abandoned_checkout_url: expect.stringContaining(`/cart.php?action=loadInCheckout&id=${cartId}&token=`),
    });
    expect(cart.data.line_items).toEqual([
      {
        product_id: 77,
        variant_id: 501,
        sku: 'TEE-M',
        name: 'Tee',
        quantity: 2,
        price: 29.75,
        url: 'https://shop.example.com/tee/',
        image_url: 'https://cdn11.bigcommerce.com/s-hookstore1/products/77/images/1/tee.jpg',
      },
    ]);
    const read = fake.requests
      .filter((r) => r.method === 'GET' && r.path === `/stores/${HASH}/v3/carts/${cartId}`)
      .at(-1)!;
    expect(read.query.get('include')?.split(',')).toEqual([
      'redirect_urls',
      'line_items.physical_items.options',
      'line_items.digital_items.options',
    ]);
    expect([read.headers['x-auth-token'], read.headers.accept]).toEqual([store().token, 'application/json']);
    expect(
      fake.requests
        .filter((r) => r.path === `/stores/${HASH}/v3/customers`)
        .at(-1)!
        .query.get('id:in'),
    ).toBe(String(customerId));
    const channels = await t.db('contact_channels').where({ contact_id: cart.contact_id }).orderBy('type');
    expect(channels.map((c) => [c.type, c.username, c.status])).toEqual([
      ['email', `shopper${customerId}@example.com`, 'subscribed'],
      ['sms', '+14155552671', 'subscribed'],
    ]);
    expect((await t.db('contacts').where({ id: cart.contact_id }).first()).external_id).toBe(String(customerId));
  });

  it('the same hash twice is stored once and processed once', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550188') });
    const delivery = fake.delivery(HASH, 'store/cart/created', { type: 'cart', id: cartId });
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/webhooks/bigcommerce',
        headers: delivery.headers,
        payload: JSON.stringify(delivery.body),
      });
    const [first, second] = [await post(), await post()];
    expect([first.json(), second.json()]).toEqual([
      { received: true, duplicate: false },
      { received: true, duplicate: true },
    ]);
    const rows = await t.db('webhook_events').where({ source: 'bigcommerce', event_id: delivery.body.hash });
    expect(rows).toHaveLength(1);
    await runDueJobs(ctx);
    await runDueJobs(ctx);
    const reads = fake.requests.filter((r) => r.method === 'GET' && r.path === `/stores/${HASH}/v3/carts/${cartId}`);
    expect(reads).toHaveLength(1);
    expect((await t.db('webhook_events').where({ id: rows[0].id }).first()).status).toBe('processed');
    expect(await t.db('carts').where({ external_id: cartId })).toHaveLength(1);
  });

  it('a guest cart with no phone anywhere becomes no_identity', async () => {
    const cartId = seedCart({ email: 'guest@example.com' });
    await deliverAndProcess('store/cart/lineItem/updated', { type: 'cart_line_item', id: 'li-1', cartId });
    expect((await t.db('carts').where({ external_id: cartId }).first()).state).toBe('no_identity');
  });

  it("a guest cart takes the phone of its checkout's billing address", async () => {
    const cartId = seedCart({ email: 'buyer@example.com' });
    store().checkouts.set(cartId, {
      id: cartId,
      billing_address: { first_name: 'Bo', last_name: 'Buyer', email: 'buyer@example.com', phone: '415-555-0199' },
    });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(cart.state).toBe('pending');
    const sms = await t.db('contact_channels').where({ contact_id: cart.contact_id, type: 'sms' }).first();
    expect([sms.username, sms.extra_data.source]).toEqual(['+14155550199', 'billing']);
  });

  it('a phone outside +1 leaves the cart no_identity', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+44 7911 123456') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    expect((await t.db('carts').where({ external_id: cartId }).first()).state).toBe('no_identity');
  });

  it('a cart that is gone (404, after an order) completes the cart we hold, flagged', async () => {
    const held = await createCart(t.db, {
      brandId,
      integrationId,
      external_id: `gone-${randomUUID()}`,
      state: 'pending',
    });
    const event = await deliverAndProcess('store/cart/deleted', { type: 'cart', id: held.external_id as string });
    expect(event.status).toBe('processed');
    const cart = await t.db('carts').where({ id: held.id }).first();
    expect(cart.state).toBe('complete');
    expect(cart.extra_data.deleted_after_order).toBe(true);
  });

  it('store/cart/converted: the cart is gone once it became an order, so the cart we hold is completed', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550121') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    store().carts.delete(cartId);
    const event = await deliverAndProcess('store/cart/converted', { type: 'cart', id: cartId, orderId: 252 });
    expect(event.status).toBe('processed');
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect([cart.state, cart.extra_data.deleted_after_order]).toEqual(['complete', true]);
  });

  it('store/cart/abandoned (with its token) and a cart metafield event (resource_id) read the cart', async () => {
    const abandoned = seedCart({ customerId: seedCustomer('+14155550122') });
    await deliverAndProcess('store/cart/abandoned', {
      type: 'cart',
      id: abandoned,
      token: '1eed6d2d979776ff18e695ceeb10ea61',
    });
    const withMetafield = seedCart({ customerId: seedCustomer('+14155550123') });
    await deliverAndProcess('store/cart/metafield/created', { metafield_id: 20, resource_id: withMetafield });
    const states = await t.db('carts').whereIn('external_id', [abandoned, withMetafield]).orderBy('id').select('state');
    expect(states.map((c) => c.state)).toEqual(['pending', 'pending']);
  });

  it('a 404 for a cart we never held is still a success and creates nothing', async () => {
    const id = `never-${randomUUID()}`;
    const event = await deliverAndProcess('store/cart/abandoned', { type: 'cart', id });
    expect(event.status).toBe('processed');
    expect(await t.db('carts').where({ external_id: id })).toHaveLength(0);
  });
});

describe('order and customer events', () => {
  /** An order as GET /v2/orders/{id} answers it: money as 4-decimal strings, dates RFC 2822. */
  function seedOrder(
    id: number,
    statusId: number,
    status: string,
    cartId: string,
    paymentStatus = 'captured',
    extra: Record<string, unknown> = {},
  ) {
    store().orders.set(String(id), {
      id,
      customer_id: 0,
      date_created: 'Fri, 20 Nov 2026 11:00:00 +0000',
      date_modified: 'Fri, 20 Nov 2026 11:05:00 +0000',
      date_shipped: '',
      status_id: statusId,
      status,
      custom_status: status,
      subtotal_ex_tax: '59.5000',
      subtotal_inc_tax: '59.5000',
      subtotal_tax: '0.0000',
      base_shipping_cost: '5.0000',
      shipping_cost_ex_tax: '5.0000',
      shipping_cost_inc_tax: '5.0000',
      total_ex_tax: '64.5000',
      total_inc_tax: '64.5000',
      total_tax: '0.0000',
      items_total: 2,
      items_shipped: 0,
      payment_method: 'Credit Card',
      payment_provider_id: '',
      payment_status: paymentStatus,
      refunded_amount: '0.0000',
      order_is_digital: false,
      store_credit_amount: '0.0000',
      gift_certificate_amount: '0.0000',
      ip_address: '203.0.113.7',
      geoip_country: 'United States',
      geoip_country_iso2: 'US',
      currency_id: 1,
      currency_code: 'USD',
      currency_exchange_rate: '1.0000000000',
      default_currency_id: 1,
      default_currency_code: 'USD',
      staff_notes: '',
      customer_message: '',
      discount_amount: '0.0000',
      coupon_discount: '0.0000',
      shipping_address_count: 1,
      ebay_order_id: '0',
      cart_id: cartId,
      billing_address: {
        first_name: 'Cy',
        last_name: 'Buyer',
        company: '',
        street_1: '455 Main Street',
        street_2: '',
        city: 'Austin',
        state: 'Texas',
        zip: '78751',
        country: 'United States',
        country_iso2: 'US',
        phone: '+1 415 555 0142',
        email: `cy${id}@example.com`,
        form_fields: [],
      },
      is_email_opt_in: false,
      order_source: 'www',
      channel_id: 1,
      external_source: null,
      products: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/products`,
        resource: `/orders/${id}/products`,
      },
      shipping_addresses: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/shippingaddresses`,
        resource: `/orders/${id}/shippingaddresses`,
      },
      coupons: {
        url: `https://api.bigcommerce.com/stores/${HASH}/v2/orders/${id}/coupons`,
        resource: `/orders/${id}/coupons`,
      },
      external_id: null,
      customer_locale: 'en',
      ...extra,
    });
  }

  it('a complete order is stored with its status mappings, links its cart and completes it', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550177') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    seedOrder(250, 11, 'Awaiting Fulfillment', cartId, 'paid');
    store().orderCoupons.set('250', [
      { id: 3, coupon_id: 1, order_id: 250, code: 'RECLAIM-10', amount: 10, type: 1, discount: 6.45 },
    ]);
    await deliverAndProcess('store/order/created', { type: 'order', id: 250 });
    const order = await t.db('orders').where({ brand_integration_id: integrationId, external_id: '250' }).first();
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(order).toMatchObject({
      state: 'complete',
      total: '64.50',
      currency: 'USD',
      number: '250',
      discount_codes: ['RECLAIM-10'],
      cart_id: cart.id,
    });
    expect(order.created_at.toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(order.extra_data).toMatchObject({
      return_status: 'NO_RETURN',
      financial_status: 'paid',
      fulfillment_status: 'none',
      status_id: 11,
      status: 'Awaiting Fulfillment',
    });
    expect(cart.state).toBe('complete');
    expect(order.contact_id).not.toBeNull();
  });

  it('an order awaiting payment (7) stays pending and leaves its cart open; a later refund maps to RETURNED', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550166') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    seedOrder(251, 7, 'Awaiting Payment', cartId, 'pending');
    await deliverAndProcess('store/order/created', { type: 'order', id: 251 });
    expect((await t.db('orders').where({ external_id: '251' }).first()).state).toBe('pending');
    expect((await t.db('carts').where({ external_id: cartId }).first()).state).toBe('pending');

    seedOrder(251, 4, 'Refunded', cartId, 'refunded');
    store().orders.get('251')!.date_modified = 'Sat, 21 Nov 2026 09:00:00 +0000';
    await deliverAndProcess('store/order/statusUpdated', {
      type: 'order',
      id: 251,
      status: { previous_status_id: 7, new_status_id: 4 },
    });
    const order = await t.db('orders').where({ external_id: '251' }).first();
    expect([order.state, order.extra_data.return_status, order.extra_data.financial_status]).toEqual([
      'complete',
      'RETURNED',
      'refunded',
    ]);
  });

  it('a renamed status maps by its id; the totals keep the transactional currency, not the display one', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550161') });
    seedOrder(260, 4, 'Money Back', cartId, 'refunded', {
      custom_status: 'Money Back',
      currency_code: 'EUR',
      currency_exchange_rate: '0.9200000000',
      default_currency_code: 'CAD',
      total_inc_tax: '88.1000',
    });
    await deliverAndProcess('store/order/updated', { type: 'order', id: 260 });
    const order = await t.db('orders').where({ external_id: '260' }).first();
    expect([order.state, order.total, order.currency]).toEqual(['complete', '88.10', 'CAD']);
    expect(order.extra_data).toMatchObject({
      status: 'Refunded',
      custom_status: 'Money Back',
      return_status: 'RETURNED',
      financial_status: 'refunded',
      fulfillment_status: 'none',
    });
  });

  it('a transaction event names its order in order_id (a string) and the order is read', async () => {
    seedOrder(261, 11, 'Awaiting Fulfillment', '', 'captured');
    const event = await deliverAndProcess('store/order/transaction/created', {
      type: 'transaction',
      order_id: '261',
      transaction_id: '176342342',
      transaction_status: 'complete',
      transaction_type: 'capture',
      result: { code: 'captured', message: 'Captured', type: 'success' },
      platform_transaction_id: '964899682',
      provider_transaction_id: 'CK65FBPKR472P4V5',
    });
    expect(event.status).toBe('processed');
    expect(await t.db('orders').where({ external_id: '261' }).first()).toMatchObject({
      state: 'complete',
      cart_id: null,
    });
  });

  it('an order metafield event names its order in resource_id', async () => {
    seedOrder(262, 10, 'Completed', '');
    expect(
      (await deliverAndProcess('store/order/metafield/created', { metafield_id: 14, resource_id: '262' })).status,
    ).toBe('processed');
    expect((await t.db('orders').where({ external_id: '262' }).first()).state).toBe('complete');
  });

  it('an order BigCommerce no longer has is skipped', async () => {
    const event = await deliverAndProcess('store/order/archived', { type: 'order', id: 99999 });
    expect(event.status).toBe('skipped');
  });

  it('a customer event upserts the contact with its channels', async () => {
    const id = seedCustomer('415.555.0155', 'grace@example.com');
    const event = await deliverAndProcess('store/customer/created', { type: 'customer', id });
    expect(event.status).toBe('processed');
    const contact = await t
      .db('contacts')
      .where({ brand_id: brandId, external_id: String(id) })
      .first();
    expect([contact.given_name, contact.family_name, contact.source]).toEqual(['Ada', 'Lovelace', 'bigcommerce']);
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => c.username)).toEqual(['grace@example.com', '+14155550155']);
  });

  it('events of a disconnected store are skipped', async () => {
    const row = await t.db('brand_integrations').where({ lookup_id: 'otherstore' }).first();
    await t.db('brand_integrations').where({ id: row.id }).update({ is_enabled: false });
    const { response, body } = await deliver(
      'store/customer/updated',
      { type: 'customer', id: 1 },
      { hash: 'otherstore' },
    );
    expect(response.statusCode).toBe(200);
    const event = await t.db('webhook_events').where({ event_id: body.hash }).first();
    await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
    expect((await t.db('webhook_events').where({ id: event.id }).first()).status).toBe('skipped');
  });
});

describe('pending-cart re-check (worker schedule pending_carts)', () => {
  it('a no_identity cart becomes pending once its customer has a +1 phone; Shopify carts are left alone', async () => {
    const customerId = seedCustomer(null);
    const cartId = seedCart({ customerId });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const stuckId = seedCart({ customerId: seedCustomer(null) });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: stuckId });
    const stuckBefore = await t.db('carts').where({ external_id: stuckId }).first();
    expect([(await t.db('carts').where({ external_id: cartId }).first()).state, stuckBefore.state]).toEqual([
      'no_identity',
      'no_identity',
    ]);
    const shopify = await createIntegration(t.db, brandId);
    const shopifyCart = await createCart(t.db, { brandId, integrationId: shopify.id, state: 'no_identity' });

    store().customers.get(String(customerId))!.phone = '+1 (415) 555-0133';
    await enqueueJob(ctx.db, 'stores:recheck-pending-carts', {});
    await runDueJobs(ctx);

    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(cart.state).toBe('pending');
    const sms = await t.db('contact_channels').where({ contact_id: cart.contact_id, type: 'sms' }).first();
    expect(sms.username).toBe('+14155550133');
    const stuckAfter = await t.db('carts').where({ external_id: stuckId }).first();
    expect([stuckAfter.state, stuckAfter.updated_at.getTime()]).toEqual([
      'no_identity',
      stuckBefore.updated_at.getTime(),
    ]);
    expect((await t.db('carts').where({ id: shopifyCart.id }).first()).state).toBe('no_identity');
  });
});

describe('short links to BigCommerce carts', () => {
  /** A conversation about the cart with a short link to its stored checkout link. */
  async function linkFor(
    cart: { id: number; extra_data?: unknown },
    code: string,
    extra: Record<string, unknown> = {},
  ) {
    const { channel } = await createContact(t.db, brandId);
    const [conversation] = await t
      .db('conversations')
      .insert({
        brand_id: brandId,
        contact_id: channel.contact_id,
        contact_channel_id: channel.id,
        cart_id: cart.id,
        ...extra,
      })
      .returning('id');
    const stored = 'https://shop.example.com/cart.php?action=loadInCheckout&id=stored&token=spent';
    await t.db('short_links').insert({ brand_id: brandId, conversation_id: conversation.id, code, target_url: stored });
    return stored;
  }

  it('every visit gets a fresh single-use checkout URL from BigCommerce; the stored one when BigCommerce cannot give one', async () => {
    const cartId = seedCart();
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    const stored = await linkFor(cart, 'bcFresh1');

    const first = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    const second = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    expect([first.statusCode, second.statusCode]).toEqual([302, 302]);
    const pattern = new RegExp(
      `^https://${HASH}\\.example-store\\.com/cart\\.php\\?action=loadInCheckout&id=${cartId}&token=[0-9a-f]{32}$`,
    );
    expect(first.headers.location).toMatch(pattern);
    expect(second.headers.location).toMatch(pattern);
    expect(second.headers.location).not.toBe(first.headers.location);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/v3/carts/${cartId}/redirect_urls`)),
    ).toHaveLength(2);
    expect(
      await t.db('link_clicks').whereIn('short_link_id', t.db('short_links').where({ code: 'bcFresh1' }).select('id')),
    ).toHaveLength(2);

    store().carts.delete(cartId); // gone at BigCommerce: the stored link is all there is
    const gone = await app.inject({ method: 'GET', url: '/r/bcFresh1' });
    expect([gone.statusCode, gone.headers.location]).toEqual([302, stored]);
  });

  it('a completed cart or an order conversation keeps its stored link and asks BigCommerce nothing', async () => {
    const cartId = seedCart();
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    const order = await t
      .db('orders')
      .insert({
        brand_id: brandId,
        brand_integration_id: integrationId,
        external_id: `o-${randomUUID()}`,
        state: 'complete',
        total: '10.00',
      })
      .returning('id');
    const forOrder = await linkFor(cart, 'bcOrder1', { order_id: order[0].id });
    const before = fake.requests.length;
    expect((await app.inject({ method: 'GET', url: '/r/bcOrder1' })).headers.location).toBe(forOrder);
    await t.db('carts').where({ id: cart.id }).update({ state: 'complete' });
    const forCart = await linkFor(cart, 'bcDone1');
    expect((await app.inject({ method: 'GET', url: '/r/bcDone1' })).headers.location).toBe(forCart);
    expect(fake.requests.length).toBe(before);
  });
});
