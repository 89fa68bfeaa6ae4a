import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { runDueJobs } from '../../../src/jobs/index.ts';
import { createCart } from '../../factories/index.ts';
import type { FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { HASH, hookStoreSeeds, startHookStore } from './hooks-setup.ts';
import { TASKS } from '../../../src/cli/index.ts';

const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let brandId: number;

beforeAll(async () => {
  ({ fake, ctx, app, integrationId, brandId } = await startHookStore(t));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const { store, eventCount, deliver, deliverAndProcess, seedCart, seedCustomer } = hookStoreSeeds(t, () => ({
  fake,
  ctx,
  app,
  integrationId,
  brandId,
}));

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
    await runDueJobs(ctx, TASKS);
    await runDueJobs(ctx, TASKS);
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
