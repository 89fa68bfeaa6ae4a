import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app/index.ts';
import { WEBHOOK_PROCESSORS } from '../src/flows/index.ts';
import { buildHttpServer } from '../src/http/index.ts';
import { enqueueJob, runDueJobs } from '../src/jobs/index.ts';
import { bigcommerceRoutes } from '../src/stores/index.ts';
import { processWebhookEvent } from '../src/webhooks/index.ts';
import { createCart, createIntegration } from './factories/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from './fakes/bigcommerce.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';

const HASH = 'hookstore1';
let t: TestDatabase;
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeBigCommerce();
  ctx = await t.context({
    BIGCOMMERCE_CLIENT_ID: fake.clientId,
    BIGCOMMERCE_CLIENT_SECRET: fake.clientSecret,
    BIGCOMMERCE_API_BASE_URL: fake.url,
    BIGCOMMERCE_LOGIN_BASE_URL: fake.url,
    PUBLIC_URL: 'https://reclaim.test',
  });
  app = await buildHttpServer(ctx, { routes: [bigcommerceRoutes], panel: false });
  for (const hash of [HASH, 'otherstore']) {
    const { code } = fake.addStore(hash);
    const installed = await app.inject({ method: 'GET', url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_cart&context=stores/${hash}` });
    expect(installed.statusCode).toBe(302);
  }
  const row = await t.db('brand_integrations').where({ lookup_id: HASH }).first();
  [integrationId, brandId] = [Number(row.id), Number(row.brand_id)];
});
afterAll(async () => {
  await app.close();
  await fake.close();
  await t.drop();
});

const store = () => fake.store(HASH);
const eventCount = async () => Number((await t.db('webhook_events').count<{ count: string }[]>('* as count'))[0]!.count);

/** POSTs what BigCommerce would send for this scope to the hook's destination (our route). */
async function deliver(scope: string, data: Record<string, unknown>, { headers, hash = HASH, createdAt }: { headers?: Record<string, string | undefined>; hash?: string; createdAt?: number } = {}) {
  const delivery = fake.delivery(hash, scope, data, createdAt);
  const merged = Object.fromEntries(Object.entries({ ...delivery.headers, ...headers }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const response = await app.inject({ method: 'POST', url: new URL(delivery.destination).pathname, headers: merged, payload: JSON.stringify(delivery.body) });
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

function seedCart({ customerId = 0, email = '', amount = 59.5 }: { customerId?: number; email?: string; amount?: number } = {}) {
  const id = randomUUID();
  store().carts.set(id, {
    id,
    customer_id: customerId,
    email,
    currency: { code: 'usd' },
    cart_amount: amount,
    locale: 'en',
    line_items: { physical_items: [{ id: 'li-1', product_id: 77, variant_id: 501, sku: 'TEE-M', name: 'Tee', quantity: 2, sale_price: 29.75, url: 'https://s/tee' }], digital_items: [], custom_items: [], gift_certificates: [] },
    created_time: '2026-11-20T10:00:00+00:00',
    updated_time: '2026-11-20T10:05:00+00:00',
    redirect_urls: { cart_url: `https://s/cart.php?id=${id}`, checkout_url: `https://s/checkout?id=${id}` },
  });
  return id;
}

let customerCounter = 100;
function seedCustomer(phone: string | null, email = `shopper${customerCounter}@example.com`) {
  const id = customerCounter++;
  store().customers.set(String(id), { id, email, first_name: 'Ada', last_name: 'Lovelace', phone: phone ?? '', customer_group_id: 0, date_modified: 'Fri, 20 Nov 2026 10:00:00 +0000' });
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

  it("another store's secret does not open this store", async () => {
    const before = await eventCount();
    const other = fake.delivery('otherstore', 'store/cart/updated', { type: 'cart', id: 'x' });
    const mine = fake.delivery(HASH, 'store/cart/updated', { type: 'cart', id: 'x' });
    const response = await app.inject({ method: 'POST', url: '/webhooks/bigcommerce', headers: other.headers, payload: JSON.stringify(mine.body) });
    expect(response.statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
  });

  it('malformed JSON and a payload failing its schema: 400, nothing stored', async () => {
    const before = await eventCount();
    const { headers } = fake.delivery(HASH, 'store/cart/updated', {});
    const malformed = await app.inject({ method: 'POST', url: '/webhooks/bigcommerce', headers, payload: '{"scope":' });
    expect([malformed.statusCode, malformed.json().error.message]).toEqual([400, 'Malformed JSON body.']);
    const noHash = await app.inject({ method: 'POST', url: '/webhooks/bigcommerce', headers, payload: JSON.stringify({ scope: 'store/cart/updated', producer: `stores/${HASH}`, data: { id: 'x' } }) });
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
    expect(cart).toMatchObject({ state: 'pending', total: '59.50', currency: 'USD', locale: 'en', brand_id: String(brandId) });
    expect(cart.extra_data).toMatchObject({ from_webhook: true, abandoned_checkout_url: `https://s/checkout?id=${cartId}` });
    expect(cart.data.line_items).toEqual([{ product_id: 77, variant_id: 501, sku: 'TEE-M', name: 'Tee', quantity: 2, price: 29.75, url: 'https://s/tee' }]);
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
    const post = () => app.inject({ method: 'POST', url: '/webhooks/bigcommerce', headers: delivery.headers, payload: JSON.stringify(delivery.body) });
    const [first, second] = [await post(), await post()];
    expect([first.json(), second.json()]).toEqual([{ received: true, duplicate: false }, { received: true, duplicate: true }]);
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
    store().checkouts.set(cartId, { id: cartId, billing_address: { first_name: 'Bo', last_name: 'Buyer', email: 'buyer@example.com', phone: '415-555-0199' } });
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
    const held = await createCart(t.db, { brandId, integrationId, external_id: `gone-${randomUUID()}`, state: 'pending' });
    const event = await deliverAndProcess('store/cart/deleted', { type: 'cart', id: held.external_id as string });
    expect(event.status).toBe('processed');
    const cart = await t.db('carts').where({ id: held.id }).first();
    expect(cart.state).toBe('complete');
    expect(cart.extra_data.deleted_after_order).toBe(true);
  });

  it('a 404 for a cart we never held is still a success and creates nothing', async () => {
    const id = `never-${randomUUID()}`;
    const event = await deliverAndProcess('store/cart/abandoned', { type: 'cart', id });
    expect(event.status).toBe('processed');
    expect(await t.db('carts').where({ external_id: id })).toHaveLength(0);
  });
});

describe('order and customer events', () => {
  function seedOrder(id: number, statusId: number, status: string, cartId: string, paymentStatus = 'captured') {
    store().orders.set(String(id), {
      id,
      customer_id: 0,
      date_created: 'Fri, 20 Nov 2026 11:00:00 +0000',
      date_modified: 'Fri, 20 Nov 2026 11:05:00 +0000',
      status_id: statusId,
      status,
      payment_status: paymentStatus,
      total_inc_tax: '64.5000',
      currency_code: 'USD',
      cart_id: cartId,
      billing_address: { first_name: 'Cy', last_name: 'Buyer', email: `cy${id}@example.com`, phone: '+1 415 555 0142' },
    });
  }

  it('a complete order is stored with its status mappings, links its cart and completes it', async () => {
    const cartId = seedCart({ customerId: seedCustomer('+14155550177') });
    await deliverAndProcess('store/cart/updated', { type: 'cart', id: cartId });
    seedOrder(250, 11, 'Awaiting Fulfillment', cartId, 'paid');
    store().orderCoupons.set('250', [{ id: 1, code: 'RECLAIM-10', amount: '6.45' }]);
    await deliverAndProcess('store/order/created', { type: 'order', id: 250 });
    const order = await t.db('orders').where({ brand_integration_id: integrationId, external_id: '250' }).first();
    const cart = await t.db('carts').where({ external_id: cartId }).first();
    expect(order).toMatchObject({ state: 'complete', total: '64.50', number: '250', discount_codes: ['RECLAIM-10'], cart_id: cart.id });
    expect(order.extra_data).toMatchObject({ return_status: 'NO_RETURN', financial_status: 'paid', fulfillment_status: 'none', status_id: 11 });
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
    await deliverAndProcess('store/order/statusUpdated', { type: 'order', id: 251, status: { previous_status_id: 7, new_status_id: 4 } });
    const order = await t.db('orders').where({ external_id: '251' }).first();
    expect([order.state, order.extra_data.return_status, order.extra_data.financial_status]).toEqual(['complete', 'RETURNED', 'refunded']);
  });

  it('an order BigCommerce no longer has is skipped', async () => {
    const event = await deliverAndProcess('store/order/archived', { type: 'order', id: 99999 });
    expect(event.status).toBe('skipped');
  });

  it('a customer event upserts the contact with its channels', async () => {
    const id = seedCustomer('415.555.0155', 'grace@example.com');
    const event = await deliverAndProcess('store/customer/created', { type: 'customer', id });
    expect(event.status).toBe('processed');
    const contact = await t.db('contacts').where({ brand_id: brandId, external_id: String(id) }).first();
    expect([contact.given_name, contact.family_name, contact.source]).toEqual(['Ada', 'Lovelace', 'bigcommerce']);
    const channels = await t.db('contact_channels').where({ contact_id: contact.id }).orderBy('type');
    expect(channels.map((c) => c.username)).toEqual(['grace@example.com', '+14155550155']);
  });

  it('events of a disconnected store are skipped', async () => {
    const row = await t.db('brand_integrations').where({ lookup_id: 'otherstore' }).first();
    await t.db('brand_integrations').where({ id: row.id }).update({ is_enabled: false });
    const { response, body } = await deliver('store/customer/updated', { type: 'customer', id: 1 }, { hash: 'otherstore' });
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
    expect([(await t.db('carts').where({ external_id: cartId }).first()).state, stuckBefore.state]).toEqual(['no_identity', 'no_identity']);
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
    expect([stuckAfter.state, stuckAfter.updated_at.getTime()]).toEqual(['no_identity', stuckBefore.updated_at.getTime()]);
    expect((await t.db('carts').where({ id: shopifyCart.id }).first()).state).toBe('no_identity');
  });
});
