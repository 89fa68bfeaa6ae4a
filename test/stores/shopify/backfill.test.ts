import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { backfillShopifyCheckouts, sealCredentials, SHOPIFY_SCOPES } from '../../../src/stores/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../../helpers/db.ts';

const SHOP = 'backfill-goods.myshopify.com';
const SINCE = '2026-11-01';
const t = useTestDatabase();
let ctx: AppContext;
let fake: FakeShopify;
let token: string;
let integrationId: number;
let env: Record<string, string>;

const tokenOf = (n: number): string => `a${n.toString(16).padStart(31, '0')}`;
const minutes = (n: number): string => new Date(Date.parse('2026-11-20T10:00:00Z') + n * 60_000).toISOString();
const lineItems = (n: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: `gid://shopify/AbandonedCheckoutLineItem/${n * 1000 + i}`,
    title: `Item ${i}`,
    variantTitle: i % 2 ? 'Large' : null,
    quantity: 1 + (i % 3),
    sku: `SKU-${i}`,
    variant: { id: `gid://shopify/ProductVariant/${40000 + i}` },
    product: { id: `gid://shopify/Product/${500 + i}` },
    originalUnitPriceSet: { shopMoney: { amount: '19.5', currencyCode: 'USD' } },
  }));
const checkout = (n: number, { updatedAt = minutes(n), recovered = false, items = 1 + (n % 3) } = {}) => ({
  id: `gid://shopify/AbandonedCheckout/${9000 + n}`,
  name: `#${9000 + n}`,
  abandonedCheckoutUrl: `https://${SHOP}/548380009/checkouts/${tokenOf(n)}/recover?key=k${n}`,
  createdAt: updatedAt,
  updatedAt,
  completedAt: null,
  note: '',
  discountCodes: [],
  taxesIncluded: false,
  customer:
    n % 4 === 0
      ? null
      : {
          id: `gid://shopify/Customer/${700 + n}`,
          firstName: 'Shopper',
          lastName: `No${n}`,
          tags: [],
          defaultEmailAddress: {
            emailAddress: `shopper${n}@example.com`,
            marketingState: 'NOT_SUBSCRIBED',
            marketingOptInLevel: null,
            marketingUpdatedAt: null,
          },
          defaultPhoneNumber: {
            phoneNumber: `+1212555${String(1000 + n)}`,
            marketingState: n % 2 ? 'SUBSCRIBED' : 'NOT_SUBSCRIBED',
            marketingOptInLevel: 'SINGLE_OPT_IN',
            marketingUpdatedAt: updatedAt,
            marketingCollectedFrom: 'SHOPIFY',
          },
        },
  shippingAddress: {
    firstName: 'Shopper',
    lastName: `No${n}`,
    name: `Shopper No${n}`,
    address1: '1 Main St',
    address2: null,
    city: 'Albany',
    province: 'New York',
    provinceCode: 'NY',
    country: 'United States',
    countryCodeV2: 'US',
    zip: '12207',
    phone: null,
    company: null,
  },
  billingAddress: null,
  totalPriceSet: { shopMoney: { amount: '59.00', currencyCode: 'USD' } },
  lineItems: lineItems(n, items),
  recovered,
});

const FAILING = 50;
let brandId: number;
const count = async (table: string): Promise<number> =>
  Number((await t.db(table).where({ brand_id: brandId }).count<{ count: string }[]>('* as count'))[0]!.count);

beforeAll(async () => {
  fake = await FakeShopify.start();
  // A large bucket (as on higher plans) keeps the test fast; the client's throttle handling is tested in stores/shopify/client.test.ts.
  fake.addShop(SHOP, { bucket: { maximumAvailable: 20_000, restoreRate: 2_000, available: 20_000, at: Date.now() } });
  token = fake.issueToken(SHOP, [...SHOPIFY_SCOPES]);
  env = { ...testEnv(t.url), SHOPIFY_ADMIN_BASE_URL: fake.url };
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url });
  brandId = (await createBrand(t.db)).id;
  integrationId = (
    await createIntegration(t.db, brandId, {
      lookup_id: SHOP,
      settings: { credentials: sealCredentials({ access_token: token }, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')) },
    })
  ).id;
  const checkouts = fake.shop(SHOP).abandonedCheckouts;
  for (let n = 1; n <= 101; n += 1) checkouts.push(checkout(n, { items: n === 7 ? 120 : 1 + (n % 3) }));
  checkouts.push(checkout(200, { recovered: true }), checkout(201, { updatedAt: '2026-10-15T00:00:00Z' }));
  // One checkout whose line items Shopify keeps failing to serve (HTTP 500 on every attempt).
  fake.fail({
    operation: 'AbandonedCheckoutLineItems',
    when: (r) => r.variables?.id === `gid://shopify/AbandonedCheckout/${9000 + FAILING}`,
    status: 500,
    times: Number.POSITIVE_INFINITY,
  });
});
afterAll(async () => {
  await fake.close();
});

describe('reclaim stores backfill', () => {
  it(
    'pages abandoned checkouts (100 a page), processes each like checkouts/update, counts the failure',
    { timeout: 60_000 },
    async () => {
      const summary = await backfillShopifyCheckouts(ctx, {
        integrationId,
        since: new Date(`${SINCE}T00:00:00Z`),
        retry: { baseDelayMs: 5 },
      });
      expect(summary).toMatchObject({ integrationId, shop: SHOP, pages: 2, total: 101, errors: { 'error-500': 1 } });
      expect(summary.processed).toHaveLength(100);

      const pages = fake.operations('AbandonedCheckouts');
      expect(pages.map((r) => [r.variables!.first, r.variables!.query])).toEqual([
        [100, "updated_at:>='2026-11-01T00:00:00.000Z' AND recovery_state:not_recovered"],
        [100, "updated_at:>='2026-11-01T00:00:00.000Z' AND recovery_state:not_recovered"],
      ]);
      expect(pages[1]!.variables!.after).toEqual(expect.any(String));
      // The 120-line checkout needed two line item pages (100 + 20).
      expect(
        fake
          .operations('AbandonedCheckoutLineItems')
          .filter((r) => r.variables!.id === 'gid://shopify/AbandonedCheckout/9007')
          .map((r) => r.variables!.first),
      ).toEqual([100, 100]);

      const rows = await t.db('checkouts').where({ brand_integration_id: integrationId }).orderBy('id');
      expect(rows.map((r) => Number(r.id))).toEqual([...summary.processed].map(Number).sort((a, b) => a - b));
      const tokens = new Set(rows.map((r) => r.external_id));
      expect(tokens.has(tokenOf(1)) && tokens.has(tokenOf(101))).toBe(true);
      expect([tokenOf(FAILING), tokenOf(200), tokenOf(201)].some((x) => tokens.has(x))).toBe(false);
      expect(rows.every((r) => r.is_historical === false && r.total_price === '59.00')).toBe(true);
      expect(rows.find((r) => r.external_id === tokenOf(3))!.abandoned_checkout_url).toBe(
        `https://${SHOP}/548380009/checkouts/${tokenOf(3)}/recover?key=k3`,
      );
      const carts = await t.db('carts').where({ brand_integration_id: integrationId });
      expect(carts).toHaveLength(100);
      expect(carts.every((c) => c.extra_data.from_webhook === false)).toBe(true);
      expect(carts.find((c) => c.external_id === tokenOf(7))!.data.line_items).toHaveLength(120);
    },
  );

  it('running it again (the CLI) changes nothing; quiet progress when piped', { timeout: 60_000 }, async () => {
    const before = await Promise.all(['checkouts', 'carts', 'contacts', 'contact_channels'].map(count));
    const ids = (await t.db('checkouts').where({ brand_integration_id: integrationId }).pluck('id'))
      .map(Number)
      .sort((a, b) => a - b);
    const cli = await runCli(
      ['stores', 'backfill', '--integration', String(integrationId), '--since', SINCE, '--json'],
      env,
      { timeoutMs: 60_000 },
    );
    expect(cli.stderr).not.toContain('Backfill: page');
    expect(cli.code).toBe(0);
    const out = JSON.parse(cli.stdout);
    expect(out).toMatchObject({
      integration_id: integrationId,
      shop: SHOP,
      pages: 2,
      total: 101,
      errors: { 'error-500': 1 },
    });
    expect([...out.processed].sort((a: number, b: number) => a - b)).toEqual(ids);
    expect(await Promise.all(['checkouts', 'carts', 'contacts', 'contact_channels'].map(count))).toEqual(before);
  });

  it('prints a closing summary; --since filters; bad flags change nothing', async () => {
    const cli = await runCli(
      ['stores', 'backfill', '--integration', String(integrationId), '--since', minutes(95)],
      env,
    );
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(`Backfill of ${SHOP} since ${minutes(95)}: 7 abandoned checkouts on 1 page.`);
    expect(cli.stdout).toMatch(/Processed 7: \d+/);
    expect(cli.stdout).toContain('Failed 0');

    const bad = await runCli(
      ['stores', 'backfill', '--integration', String(integrationId), '--since', 'last week'],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--since must be a date like 2026-11-01 (or an ISO time), got "last week".');
    const unknown = await runCli(['stores', 'backfill', '--integration', '999999', '--since', SINCE], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Brand integration not found');
  });

  it('stores list shows status, enabled, shop and health, never the token', async () => {
    const json = await runCli(['stores', 'list', '--json'], env);
    expect(json.code).toBe(0);
    expect(json.stdout).not.toContain(token);
    const listed = JSON.parse(json.stdout).integrations.find((i: { id: number }) => i.id === integrationId);
    expect(listed).toMatchObject({
      platform: 'shopify',
      lookup_id: SHOP,
      status: 'connected',
      is_enabled: true,
      health: null,
      settings: { credentials: { access_token: '[set]' } },
    });
    const human = await runCli(['stores', 'list'], env);
    expect(human.stdout).toContain(SHOP);
    expect(human.stdout).toContain('connected');
  });

  it("a revoked token stops the backfill with 'Authentication error'", async () => {
    fake.shop(SHOP).accessTokens.clear();
    const cli = await runCli(['stores', 'backfill', '--integration', String(integrationId), '--since', SINCE], env);
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('Error: Authentication error');
    expect(cli.stderr).not.toContain(token);
  });
});
