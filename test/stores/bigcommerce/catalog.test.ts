/**
 * BigCommerce catalogue and lookups against the fake BigCommerce: products by page (v3
 * meta.pagination) with keyword search, variants (50 a product, followed past a 250-variant page)
 * and categories named from the trees; 'Invalid response for products and collections'; the
 * e-mail's orders (v2 sort and limit, 204 for none); and each lookup's spec text ('Checkout not
 * found', 'Order not found', 'Cart ID not found', 'Cart token not found', 'Failed to get
 * customer', 'Store hash not found', 'Access token not found') or its 0 / false / none / [].
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import {
  bigcommerceCartLink,
  bigcommerceCustomerOrders,
  bigcommerceOrderCount,
  bigcommerceRoutes,
  findBigCommerceCustomer,
  getBigCommerceCart,
  getBigCommerceCheckout,
  getBigCommerceCustomer,
  getBigCommerceIntegration,
  getBigCommerceOrder,
  INVALID_CATALOG_RESPONSE,
  isBigCommerceSubscriber,
  storeProducts,
  type BrandIntegration,
} from '../../../src/stores/index.ts';
import { cartResource, startFakeBigCommerce, type FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';

const HASH = 'catalog1';
const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let integration: BrandIntegration;

/** A v3 product as GET /v3/catalog/products answers it. */
const product = (n: number, categories: number[]) => ({
  id: 100 + n,
  name: `${n % 2 ? 'Hoodie' : 'Cap'} ${String(n).padStart(2, '0')}`,
  type: 'physical',
  sku: `P-${n}`,
  description: '<p>Soft.</p>',
  weight: 1,
  price: 20 + n,
  sale_price: 0,
  categories,
  brand_id: 0,
  inventory_level: 10,
  is_visible: true,
  custom_url: { url: `/item-${n}/`, is_customized: false },
  date_created: '2026-10-01T09:30:00+00:00',
  date_modified: '2026-11-01T09:30:00+00:00',
});
/** A v3 variant as GET /v3/catalog/variants answers it (price null: the product's applies). */
const variant = (productId: number, i: number) => ({
  id: productId * 1000 + i,
  product_id: productId,
  sku: `V-${productId}-${i}`,
  sku_id: null,
  price: i === 0 ? null : 30 + i,
  calculated_price: 25,
  sale_price: null,
  inventory_level: 5,
  option_values: [{ id: i, label: `Size ${i}`, option_id: 9, option_display_name: 'Size' }],
});
const category = (id: number) => ({
  category_id: id,
  category_uuid: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  parent_id: 0,
  tree_id: 1,
  name: `Category ${id}`,
  description: '',
  views: 0,
  sort_order: id,
  page_title: '',
  is_visible: true,
  default_product_sort: 'use_store_settings',
  url: { path: `/category-${id}/`, is_customized: false },
  image_url: '',
});

beforeAll(async () => {
  fake = await startFakeBigCommerce();
  ctx = await t.context({
    ...fake.config,
    PUBLIC_URL: 'https://reclaim.test',
  });
  const app = await buildHttpServer(ctx, { routes: [bigcommerceRoutes(STORE_EFFECTS)], panel: false });
  const { code, store } = fake.addStore(HASH, { domain: 'catalog-shop.com' });
  const installed = await app.inject({
    method: 'GET',
    url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_v2_products_read_only&context=stores/${HASH}`,
  });
  expect(installed.statusCode).toBe(302);
  await app.close();
  integration = await getBigCommerceIntegration(
    ctx,
    Number((await t.db('brand_integrations').where({ lookup_id: HASH }).first()).id),
  );
  for (let n = 1; n <= 23; n += 1) {
    const categories = n === 7 ? Array.from({ length: 230 }, (_, i) => i + 1) : [1, 2];
    store.products.push(product(n, categories));
    const count = n === 7 ? 260 : 2;
    for (let i = 0; i < count; i += 1) store.variants.push(variant(100 + n, i));
  }
  for (let id = 1; id <= 230; id += 1) store.categories.push(category(id));
  const order = (id: number, email: string, created: string) => ({
    id,
    customer_id: 0,
    date_created: created,
    status_id: 10,
    status: 'Completed',
    total_inc_tax: '49.0000',
    currency_code: 'USD',
    billing_address: { first_name: 'Ada', last_name: 'L', email },
  });
  store.orders.set('1', order(1, 'ada@example.com', 'Mon, 02 Nov 2026 10:00:00 +0000'));
  store.orders.set('2', order(2, 'ada@example.com', 'Tue, 10 Nov 2026 10:00:00 +0000'));
  store.orders.set('3', order(3, 'bob@example.com', 'Wed, 11 Nov 2026 10:00:00 +0000'));
});
afterAll(() => fake.close());

describe('products (GET /v3/catalog/products, /variants, /trees/categories)', () => {
  it('pages through every product by name, 10 a page, with the next page as the cursor', async () => {
    const names: string[] = [];
    let after: string | undefined;
    const pages: number[] = [];
    do {
      const page = await storeProducts(ctx, { integrationId: integration.id, after });
      expect(page).toMatchObject({ platform: 'bigcommerce', shop: HASH, totalPages: 3, total: 23 });
      names.push(...page.products.map((p) => p.title));
      pages.push(page.page!);
      after = page.hasNextPage ? page.endCursor! : undefined;
    } while (after);
    expect(pages).toEqual([1, 2, 3]);
    expect(names).toHaveLength(23);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const query = fake.requests.find((r) => r.path === `/stores/${HASH}/v3/catalog/products`)!.query;
    expect(Object.fromEntries(query)).toMatchObject({ page: '1', limit: '10', sort: 'name', direction: 'asc' });
  });

  it('gives each product its variants (50 at most, past a 250-variant page) and its named categories (200 at most)', async () => {
    const page = await storeProducts(ctx, { integrationId: integration.id, search: 'hoodie 07' });
    expect(page.products.map((p) => p.id)).toEqual(['107']);
    const [big] = page.products;
    expect(big).toMatchObject({
      title: 'Hoodie 07',
      handle: 'item-7',
      onlineStoreUrl: 'https://catalog-shop.com/item-7/',
    });
    expect(big!.variants).toHaveLength(50);
    expect(big!.variants[0]).toEqual({ id: '107000', title: 'Size 0', price: '25.00', sku: 'V-107-0' });
    expect(big!.variants[1]).toEqual({ id: '107001', title: 'Size 1', price: '31.00', sku: 'V-107-1' });
    expect(big!.collections).toHaveLength(200);
    expect(big!.collections[0]).toEqual({ id: '1', title: 'Category 1', handle: 'category-1' });
    const variantPages = fake.requests
      .filter((r) => r.path === `/stores/${HASH}/v3/catalog/variants` && r.query.get('product_id:in') === '107')
      .map((r) => r.query.get('page'));
    expect(variantPages).toEqual(['1', '2']);
    expect(fake.requests.some((r) => r.path.endsWith('/v3/catalog/trees/categories'))).toBe(true);
  });

  it('searches by keyword', async () => {
    const page = await storeProducts(ctx, { integrationId: integration.id, search: 'cap' });
    expect(page.products.every((p) => p.title.startsWith('Cap'))).toBe(true);
    expect(page).toMatchObject({ total: 11, hasNextPage: true, endCursor: '2' });
  });

  it("answers 'Invalid response for products and collections' when a product is not the documented shape", async () => {
    const store = fake.store(HASH);
    store.products.push({ ...product(99, []), name: null });
    try {
      await expect(storeProducts(ctx, { integrationId: integration.id, search: 'P-99' })).rejects.toThrow(
        INVALID_CATALOG_RESPONSE,
      );
    } finally {
      store.products.pop();
    }
    await expect(storeProducts(ctx, { integrationId: integration.id, after: 'zero' })).rejects.toThrow(
      /A BigCommerce page is a number/,
    );
  });

  it('an integration without a store hash or a token says which', async () => {
    const noHash = { ...integration, lookup_id: null };
    await expect(getBigCommerceCheckout(ctx, noHash, 'x')).rejects.toThrow('Store hash not found');
    const noToken = { ...integration, settings: { ...integration.settings, credentials: {} } };
    await expect(getBigCommerceOrder(ctx, noToken, 1)).rejects.toThrow('Access token not found');
  });
});

describe('lookups', () => {
  it('checkout, order and cart by id: the resource, else the spec text', async () => {
    const store = fake.store(HASH);
    store.checkouts.set('c-1', { id: 'c-1', billing_address: { email: 'ada@example.com', phone: '+15125550100' } });
    const cart = cartResource({
      id: 'cart-1',
      currency: 'USD',
      amount: 10,
      physicalItems: [],
      createdTime: '2026-11-24T10:00:00+00:00',
      updatedTime: '2026-11-24T10:00:00+00:00',
      version: 1,
    });
    store.carts.set('cart-1', cart);
    expect(await getBigCommerceCheckout(ctx, integration, 'c-1')).toMatchObject({ id: 'c-1' });
    expect(await getBigCommerceOrder(ctx, integration, 2)).toMatchObject({ id: 2 });
    expect(await getBigCommerceCart(ctx, integration, 'cart-1')).toMatchObject({ id: 'cart-1' });
    for (const id of ['missing', '', null]) {
      await expect(getBigCommerceCheckout(ctx, integration, id)).rejects.toThrow('Checkout not found');
      await expect(getBigCommerceCart(ctx, integration, id)).rejects.toThrow('Cart ID not found');
      await expect(getBigCommerceOrder(ctx, integration, id === 'missing' ? 404 : id)).rejects.toThrow(
        'Order not found',
      );
    }
  });

  it('a cart link carries its token; none: Cart token not found; a gone cart: Cart ID not found', async () => {
    expect(await bigcommerceCartLink(ctx, integration, 'cart-1')).toMatch(/action=loadInCheckout&id=cart-1&token=/);
    fake.failNext('/v3/carts/cart-1/redirect_urls', 200);
    await expect(bigcommerceCartLink(ctx, integration, 'cart-1')).rejects.toThrow('Cart token not found');
    await expect(bigcommerceCartLink(ctx, integration, 'gone')).rejects.toThrow('Cart ID not found');
    await expect(bigcommerceCartLink(ctx, integration, undefined)).rejects.toThrow('Cart ID not found');
  });

  it("an e-mail's orders, newest first (v2 sort and limit); none is 204 and []; a failure is []", async () => {
    const orders = await bigcommerceCustomerOrders(ctx, integration, 'ada@example.com', { limit: 5 });
    expect(orders.map((o) => o.id)).toEqual([2, 1]);
    const sent = fake.requests.filter((r) => r.path === `/stores/${HASH}/v2/orders`).at(-1)!;
    expect(Object.fromEntries(sent.query)).toEqual({ email: 'ada@example.com', limit: '5', sort: 'date_created:desc' });
    expect(await bigcommerceCustomerOrders(ctx, integration, 'nobody@example.com')).toEqual([]);
    fake.failNext('/v2/orders', 400);
    expect(await bigcommerceCustomerOrders(ctx, integration, 'ada@example.com')).toEqual([]);
    expect(await bigcommerceOrderCount(ctx, integration, 'ada@example.com')).toBe(2);
  });

  it("a customer: 'Failed to get customer' when asked strictly; none, false and 0 from the quiet lookups", async () => {
    fake.store(HASH).customers.set('5', { id: 5, email: 'ada@example.com', first_name: 'Ada', phone: '' });
    expect(await getBigCommerceCustomer(ctx, integration, 5)).toMatchObject({ id: 5 });
    expect(await getBigCommerceCustomer(ctx, integration, 6)).toBeNull();
    fake.failNext('/v3/customers', 400);
    await expect(getBigCommerceCustomer(ctx, integration, 5)).rejects.toThrow('Failed to get customer');
    fake.failNext('/v3/customers', 400);
    expect(await findBigCommerceCustomer(ctx, integration, 5)).toBeNull();
    fake.failNext('/v3/customers/subscribers', 400);
    expect(await isBigCommerceSubscriber(ctx, integration, 'ada@example.com')).toBe(false);
    fake.failNext('/v2/orders/count', 400);
    expect(await bigcommerceOrderCount(ctx, integration, 'ada@example.com')).toBe(0);
  });
});

describe('reclaim stores products on a BigCommerce store', () => {
  it('prints a page with its categories and the next page; --json', async () => {
    const env = { ...testEnv(t.url), BIGCOMMERCE_API_BASE_URL: fake.url };
    const text = await runCli(['stores', 'products', '--integration', String(integration.id), '--search', 'cap'], env);
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toBe('Cap 02 (item-2): 2 variant(s) from 25, 2 category(ies)');
    expect(lines.slice(-2)).toEqual(['page 1 of 2, 11 product(s)', 'more: --after 2']);
    const json = await runCli(
      ['stores', 'products', '--integration', String(integration.id), '--search', 'cap', '--after', '2', '--json'],
      env,
    );
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ platform: 'bigcommerce', page: 2, hasNextPage: false });
  });
});
