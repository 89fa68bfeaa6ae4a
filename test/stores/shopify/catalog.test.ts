/**
 * The store's catalogue against the fake Shopify Admin: pages of products in title order with
 * the cursor, search, variants up to 50 and collections up to 200 per product (followed up
 * beyond the first page), 'Invalid response for products and collections' on a malformed
 * answer, and `reclaim stores products`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { INVALID_CATALOG_RESPONSE, sealCredentials, SHOPIFY_SCOPES, storeProducts } from '../../../src/stores/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../../helpers/db.ts';

const SHOP = 'catalog-goods.myshopify.com';
const t = useTestDatabase();
let fake: FakeShopify;
let ctx: AppContext;
let integrationId: number;

const product = (n: number, { variants = 2, collections = 1 } = {}) => ({
  id: `gid://shopify/Product/${1000 + n}`,
  title: `${n % 2 ? 'Hoodie' : 'Cap'} ${String(n).padStart(2, '0')}`,
  handle: `item-${n}`,
  onlineStoreUrl: null,
  variants: Array.from({ length: variants }, (_, i) => ({
    id: `gid://shopify/ProductVariant/${n * 1000 + i}`,
    title: `Size ${i}`,
    price: `${10 + i}.00`,
    sku: `SKU-${n}-${i}`,
  })),
  collections: Array.from({ length: collections }, (_, i) => ({
    id: `gid://shopify/Collection/${i + 1}`,
    title: `Collection ${i + 1}`,
    handle: `collection-${i + 1}`,
  })),
});

beforeAll(async () => {
  fake = await FakeShopify.start();
  const shop = fake.addShop(SHOP, {
    bucket: { maximumAvailable: 20_000, restoreRate: 2_000, available: 20_000, at: Date.now() },
  });
  for (let n = 1; n <= 23; n += 1) shop.products.push(product(n, n === 7 ? { variants: 60, collections: 230 } : {}));
  const token = fake.issueToken(SHOP, [...SHOPIFY_SCOPES]);
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url });
  const brand = await createBrand(t.db);
  integrationId = (
    await createIntegration(t.db, brand.id, {
      lookup_id: SHOP,
      settings: { credentials: sealCredentials({ access_token: token }, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')) },
    })
  ).id;
});
afterAll(() => fake.close());

describe('storeProducts', () => {
  it('pages through every product in title order, 10 a page, with the cursor', async () => {
    const titles: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await storeProducts(ctx, { integrationId, after });
      titles.push(...page.products.map((p) => p.title));
      after = page.hasNextPage ? page.endCursor! : undefined;
      pages += 1;
      if (page.hasNextPage) expect(page.products).toHaveLength(10);
    } while (after);
    expect(pages).toBe(3);
    expect(titles).toHaveLength(23);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });

  it('gives up to 50 variants and 200 collections per product, following up past the first page', async () => {
    const page = await storeProducts(ctx, { integrationId, search: 'title:hoodie*' });
    const big = page.products.find((p) => p.id === 'gid://shopify/Product/1007')!;
    expect(big.variants).toHaveLength(50);
    expect(big.collections).toHaveLength(200);
    expect(fake.operations('ProductCollections').length).toBeGreaterThan(0);
  });

  it('searches by title', async () => {
    const page = await storeProducts(ctx, { integrationId, search: 'cap' });
    expect(page.products.map((p) => p.title).every((title) => title.startsWith('Cap'))).toBe(true);
    expect(page.products).toHaveLength(10);
    expect(page.hasNextPage).toBe(true);
  });

  it("answers 'Invalid response for products and collections' when Shopify's answer has no products", async () => {
    fake.route('POST', `/admin/api/${ctx.config.SHOPIFY_API_VERSION}/graphql.json`, (_request, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { products: null } }));
    });
    try {
      await expect(storeProducts(ctx, { integrationId })).rejects.toThrow(INVALID_CATALOG_RESPONSE);
    } finally {
      fake.unroute('POST', `/admin/api/${ctx.config.SHOPIFY_API_VERSION}/graphql.json`);
    }
  });
});

describe('reclaim stores products', () => {
  it('prints a page with the cursor of the next; --json for scripts; a bad id changes nothing', async () => {
    const env = { ...testEnv(t.url), SHOPIFY_ADMIN_BASE_URL: fake.url };
    const text = await runCli(
      ['stores', 'products', '--integration', String(integrationId), '--search', 'hoodie'],
      env,
    );
    expect(text.code).toBe(0);
    const lines = text.stdout.trim().split('\n');
    expect(lines[0]).toBe('Hoodie 01 (item-1): 2 variant(s) from 10, 1 collection(s)');
    expect(lines.at(-1)).toMatch(/^more: --after \S+$/);
    const json = await runCli(['stores', 'products', '--integration', String(integrationId), '--json'], env);
    const page = JSON.parse(json.stdout);
    expect(page).toMatchObject({ integrationId, shop: SHOP, hasNextPage: true });
    expect(page.products).toHaveLength(10);
    const missing = await runCli(['stores', 'products', '--integration', '999999'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Integration not found');
  });
});
