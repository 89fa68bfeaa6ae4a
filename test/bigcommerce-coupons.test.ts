import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/app/index.ts';
import { buildHttpServer } from '../src/http/index.ts';
import {
  bigcommerceOrderCount,
  bigcommerceRoutes,
  bigcommerceStoreInfo,
  createBigCommerceCart,
  createBigCommerceCoupon,
  findBigCommerceCustomer,
  findBigCommerceCustomerByEmail,
  findBigCommerceCustomerGroup,
  getBigCommerceIntegration,
  isBigCommerceSubscriber,
  type BrandIntegration,
} from '../src/stores/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from './fakes/bigcommerce.ts';
import { createTestDatabase, type TestDatabase } from './helpers/db.ts';

const HASH = 'coupons1';
let t: TestDatabase;
let fake: FakeBigCommerce;
let ctx: AppContext;
let integration: BrandIntegration;

beforeAll(async () => {
  t = await createTestDatabase();
  fake = await startFakeBigCommerce();
  ctx = await t.context({ BIGCOMMERCE_CLIENT_ID: fake.clientId, BIGCOMMERCE_CLIENT_SECRET: fake.clientSecret, BIGCOMMERCE_API_BASE_URL: fake.url, BIGCOMMERCE_LOGIN_BASE_URL: fake.url, PUBLIC_URL: 'https://reclaim.test' });
  const app = await buildHttpServer(ctx, { routes: [bigcommerceRoutes], panel: false });
  const { code, store } = fake.addStore(HASH, { name: 'Coupon Shop', domain: 'coupon-shop.com' });
  expect((await app.inject({ method: 'GET', url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_v2_marketing&context=stores/${HASH}` })).statusCode).toBe(302);
  await app.close();
  integration = await getBigCommerceIntegration(ctx, Number((await t.db('brand_integrations').where({ lookup_id: HASH }).first()).id));
  store.customers.set('7', { id: 7, email: 'vip@example.com', first_name: 'Vi', last_name: 'Pee', phone: '', customer_group_id: 3 });
  store.customerGroups.set('3', { id: 3, name: 'VIP', is_default: false });
  store.subscribers.push({ id: 1, email: 'vip@example.com' });
  store.orders.set('1', { id: 1, status_id: 10, billing_address: { email: 'vip@example.com' } });
  store.orders.set('2', { id: 2, status_id: 11, billing_address: { email: 'vip@example.com' } });
});
afterAll(async () => {
  await fake.close();
  await t.drop();
});

const lastCouponRequest = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/stores/${HASH}/v2/coupons`).at(-1)!;

describe('coupons (POST /v2/coupons)', () => {
  it.each([
    ['percentage', 15, 'percentage_discount', '15'],
    ['fixed', '5.00', 'per_item_discount', '5.00'],
    ['shipping', undefined, 'shipping_discount', '0'],
  ] as const)('a %s discount is created as %s, expiring 10 days later', async (type, amount, couponType, sentAmount) => {
    const now = new Date('2026-11-22T08:00:00Z');
    const coupon = await createBigCommerceCoupon(ctx, { integration, code: `RC-${type.toUpperCase()}`, type, amount, now });
    expect(coupon).toMatchObject({ code: `RC-${type.toUpperCase()}`, type: couponType });
    expect(lastCouponRequest().body).toMatchObject({
      code: `RC-${type.toUpperCase()}`,
      type: couponType,
      amount: sentAmount,
      expires: 'Wed, 02 Dec 2026 08:00:00 +0000',
      enabled: true,
      applies_to: { entity: 'categories', ids: [0] },
    });
  });

  it.each([[''], ['   ']])('a blank code (%j): Code is required, nothing sent', async (code) => {
    const before = fake.requests.length;
    await expect(createBigCommerceCoupon(ctx, { integration, code, type: 'percentage', amount: 10 })).rejects.toThrow('Code is required');
    expect(fake.requests.length).toBe(before);
  });

  it('a coupon BigCommerce refuses (duplicate code, server error): Failed to create coupon', async () => {
    await expect(createBigCommerceCoupon(ctx, { integration, code: 'RC-PERCENTAGE', type: 'percentage', amount: 10 })).rejects.toThrow('Failed to create coupon');
    fake.failNext(`/stores/${HASH}/v2/coupons`, 500, 3);
    await expect(createBigCommerceCoupon(ctx, { integration, code: 'RC-NEW', type: 'fixed', amount: 1 })).rejects.toThrow('Failed to create coupon');
    expect(fake.store(HASH).coupons.map((c) => c.code)).not.toContain('RC-NEW');
  });
});

describe('lookups return the value, or none / false / 0 when BigCommerce fails', () => {
  it('customer, customer group, subscriber and order count', async () => {
    expect(await findBigCommerceCustomer(ctx, integration, 7)).toMatchObject({ id: 7, email: 'vip@example.com' });
    expect(await findBigCommerceCustomerByEmail(ctx, integration, 'VIP@example.com')).toMatchObject({ id: 7 });
    expect(await findBigCommerceCustomerGroup(ctx, integration, 3)).toEqual({ id: 3, name: 'VIP' });
    expect(await isBigCommerceSubscriber(ctx, integration, 'vip@example.com')).toBe(true);
    expect(await bigcommerceOrderCount(ctx, integration, 'vip@example.com')).toBe(2);
  });

  it('unknown ones give none, false and 0', async () => {
    expect(await findBigCommerceCustomer(ctx, integration, 404)).toBeNull();
    expect(await findBigCommerceCustomerByEmail(ctx, integration, 'nobody@example.com')).toBeNull();
    expect(await findBigCommerceCustomerGroup(ctx, integration, 99)).toBeNull();
    expect(await isBigCommerceSubscriber(ctx, integration, 'nobody@example.com')).toBe(false);
    expect(await bigcommerceOrderCount(ctx, integration, 'nobody@example.com')).toBe(0);
  });

  it('failures give none, false and 0', async () => {
    fake.failNext(`/stores/${HASH}/v2/customers`, 403, 2);
    fake.failNext(`/stores/${HASH}/v2/customer_groups`, 500, 3); // retried twice, then given up
    fake.failNext(`/stores/${HASH}/v3/customers/subscribers`, 401, 1);
    fake.failNext(`/stores/${HASH}/v2/orders/count`, 422, 1);
    expect(await findBigCommerceCustomer(ctx, integration, 7)).toBeNull();
    expect(await findBigCommerceCustomerByEmail(ctx, integration, 'vip@example.com')).toBeNull();
    expect(await findBigCommerceCustomerGroup(ctx, integration, 3)).toBeNull();
    expect(await isBigCommerceSubscriber(ctx, integration, 'vip@example.com')).toBe(false);
    expect(await bigcommerceOrderCount(ctx, integration, 'vip@example.com')).toBe(0);
  });

  it('store info', async () => {
    expect(await bigcommerceStoreInfo(ctx, integration)).toMatchObject({ name: 'Coupon Shop', domain: 'coupon-shop.com' });
  });
});

describe('created carts (POST /v3/carts)', () => {
  it('default to USD and en-US', async () => {
    const cart = await createBigCommerceCart(ctx, { integration, lineItems: [{ productId: 77, variantId: 501, quantity: 2 }] });
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === `/stores/${HASH}/v3/carts`).at(-1)!;
    expect(sent.body).toEqual({ line_items: [{ product_id: 77, variant_id: 501, quantity: 2 }], currency: { code: 'USD' }, locale: 'en-US' });
    expect(sent.query.get('include')).toBe('redirect_urls');
    expect(cart).toMatchObject({ currency: { code: 'USD' }, locale: 'en-US', total: '20.00' });
    expect(cart.redirect_urls?.checkout_url).toContain(cart.id);
  });

  it('an answer without a cart: cart not found on create', async () => {
    fake.failNext(`/stores/${HASH}/v3/carts`, 204, 1, 'POST');
    await expect(createBigCommerceCart(ctx, { integration, lineItems: [{ productId: 1, quantity: 1 }] })).rejects.toThrow('cart not found on create');
  });

  it('an integration without a token: Access token not found', async () => {
    const stripped = { ...integration, settings: { ...integration.settings, credentials: {} } };
    await expect(createBigCommerceCart(ctx, { integration: stripped, lineItems: [{ productId: 1, quantity: 1 }] })).rejects.toThrow('Access token not found');
    await expect(createBigCommerceCart(ctx, { integration: { ...integration, lookup_id: null }, lineItems: [{ productId: 1, quantity: 1 }] })).rejects.toThrow('Store hash not found');
  });
});
