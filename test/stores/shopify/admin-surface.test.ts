/**
 * A Shopify store's Admin surface against the fake Shopify Admin (inputs type-checked, scopes
 * enforced): script tags 100 a page with the cursor, created and deleted; an order by id, gid or
 * name with its created at, return and fulfilment status ('Order not found'); a discount code
 * looked up ('Code is required') and updated, basic and free shipping, Reclaim's row kept in
 * step; a draft order without write_draft_orders; `reclaim stores script-tags`, `stores order`
 * and `discounts lookup`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { lookupStoreDiscount, updateStoreDiscount } from '../../../src/discounts/index.ts';
import {
  createDraftOrder,
  createStoreScriptTag,
  deleteStoreScriptTag,
  sealCredentials,
  SHOPIFY_SCOPES,
  shopifyStore,
  storeOrder,
  storeScriptTags,
  type ScriptTagDisplayScope,
} from '../../../src/stores/index.ts';
import { createConversation, createDiscountCode } from '../../factories/attribution.ts';
import { createBrand, createContact, createIntegration } from '../../factories/index.ts';
import { scriptTag } from '../../fakes/shopify/admin-surface.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../../helpers/db.ts';

const SHOP = 'surface-goods.myshopify.com';
const NARROW = 'narrow-goods.myshopify.com';
const t = useTestDatabase();
let fake: FakeShopify;
let ctx: AppContext;
let brandId: number;
let integrationId: number;
let narrowId: number;

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `gid://shopify/Order/${5500 + n}`,
  legacyResourceId: String(5500 + n),
  name: `#${1000 + n}`,
  statusPageUrl: `https://${SHOP}/orders/${n}/authenticate`,
  returnStatus: 'NO_RETURN',
  displayFulfillmentStatus: 'UNFULFILLED',
  displayFinancialStatus: 'PAID',
  createdAt: `2026-11-0${n}T10:00:00Z`,
  updatedAt: `2026-11-0${n}T10:00:00Z`,
  cancelledAt: null,
  totalPriceSet: { shopMoney: { amount: `${40 + n}.00`, currencyCode: 'USD' } },
  customer: { id: 'gid://shopify/Customer/77' },
  email: 'shopper@example.com',
  ...extra,
});

async function connect(shop: string, scopes: readonly string[]): Promise<number> {
  const token = fake.issueToken(shop, [...scopes]);
  const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
  return (
    await createIntegration(t.db, brandId, {
      lookup_id: shop,
      settings: { credentials: sealCredentials({ access_token: token }, key) },
    })
  ).id;
}

beforeAll(async () => {
  fake = await FakeShopify.start();
  const shop = fake.addShop(SHOP, {
    bucket: { maximumAvailable: 20_000, restoreRate: 2_000, available: 20_000, at: Date.now() },
  });
  for (let n = 1; n <= 130; n += 1)
    shop.scriptTags.push(scriptTag(`gid://shopify/ScriptTag/${n}`, `https://cdn.example.com/tag-${n}.js`));
  shop.orders.push(
    order(1),
    order(2, { returnStatus: 'RETURNED', displayFulfillmentStatus: 'FULFILLED', displayFinancialStatus: 'REFUNDED' }),
  );
  shop.discounts.push(
    {
      id: 'gid://shopify/DiscountCodeNode/1',
      code: 'RCL-SAVE10',
      kind: 'basic',
      input: {
        title: 'Reclaim 10%',
        code: 'RCL-SAVE10',
        startsAt: '2026-11-01T00:00:00Z',
        endsAt: '2026-11-11T00:00:00Z',
        usageLimit: 1,
        appliesOncePerCustomer: true,
        context: { all: 'ALL' },
        customerGets: { value: { percentage: 0.1 }, items: { all: true } },
      },
    },
    {
      id: 'gid://shopify/DiscountCodeNode/2',
      code: 'SHIPFREE',
      kind: 'free_shipping',
      input: {
        title: 'Free shipping',
        code: 'SHIPFREE',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        context: { all: 'ALL' },
        destination: { all: true },
      },
    },
  );
  fake.addShop(NARROW);
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url });
  brandId = (await createBrand(t.db)).id;
  integrationId = await connect(SHOP, SHOPIFY_SCOPES);
  narrowId = await connect(NARROW, ['read_orders', 'read_products']);
});
afterAll(() => fake.close());

describe('script tags', () => {
  it('lists 100 a page with the cursor of the next', async () => {
    const first = await storeScriptTags(ctx, { integrationId });
    expect(first.scriptTags).toHaveLength(100);
    expect(first.hasNextPage).toBe(true);
    expect(first.scriptTags[0]).toMatchObject({
      id: 'gid://shopify/ScriptTag/1',
      legacyResourceId: '1',
      src: 'https://cdn.example.com/tag-1.js',
      displayScope: 'ONLINE_STORE',
      cache: false,
    });
    const second = await storeScriptTags(ctx, { integrationId, after: first.endCursor! });
    expect(second.scriptTags.map((tag) => tag.legacyResourceId)).toEqual(
      Array.from({ length: 30 }, (_, i) => String(101 + i)),
    );
    expect(second.hasNextPage).toBe(false);
    expect(fake.operations('ScriptTags').every((r) => r.variables?.first === 100)).toBe(true);
  });

  it('creates a tag with its scope and cache, then deletes it by its numeric id', async () => {
    const tag = await createStoreScriptTag(ctx, {
      integrationId,
      src: 'https://cdn.example.com/reclaim.js',
      cache: true,
    });
    expect(tag).toMatchObject({ src: 'https://cdn.example.com/reclaim.js', displayScope: 'ONLINE_STORE', cache: true });
    expect(fake.operations('ScriptTagCreate').at(-1)!.variables).toEqual({
      input: { src: 'https://cdn.example.com/reclaim.js', displayScope: 'ONLINE_STORE', cache: true },
    });
    const only = await storeScriptTags(ctx, { integrationId, src: 'https://cdn.example.com/reclaim.js' });
    expect(only.scriptTags.map((s) => s.id)).toEqual([tag.id]);

    const deleted = await deleteStoreScriptTag(ctx, { integrationId, id: tag.legacyResourceId });
    expect(deleted).toEqual({ deletedScriptTagId: tag.id, shop: SHOP });
    expect(fake.shop(SHOP).scriptTags.some((s) => s.id === tag.id)).toBe(false);
    await expect(deleteStoreScriptTag(ctx, { integrationId, id: tag.legacyResourceId })).rejects.toThrow(
      'Shopify refused to delete the script tag: Script tag does not exist',
    );
  });

  it('refuses a script that is not https before asking, and a scope Shopify does not have', async () => {
    await expect(createStoreScriptTag(ctx, { integrationId, src: 'http://cdn.example.com/a.js' })).rejects.toThrow(
      'The script address must be https',
    );
    await expect(
      createStoreScriptTag(ctx, {
        integrationId,
        src: 'https://cdn.example.com/a.js',
        displayScope: 'CHECKOUT' as ScriptTagDisplayScope,
      }),
    ).rejects.toThrow(
      /invalid value for displayScope \(Expected "CHECKOUT" to be one of: ALL, ORDER_STATUS, ONLINE_STORE\)/,
    );
    await expect(storeScriptTags(ctx, { integrationId: narrowId })).rejects.toThrow(
      /Shopify denied ScriptTags .*Required access: `read_script_tags` access scope/,
    );
  });
});

describe('order lookup', () => {
  it('finds an order by id, gid or name with its created at, return and fulfilment status', async () => {
    const byId = await storeOrder(ctx, { integrationId, order: '5502' });
    expect(byId).toMatchObject({
      name: '#1002',
      createdAt: '2026-11-02T10:00:00Z',
      returnStatus: 'RETURNED',
      displayFulfillmentStatus: 'FULFILLED',
      shop: SHOP,
    });
    expect((await storeOrder(ctx, { integrationId, order: 'gid://shopify/Order/5501' })).name).toBe('#1001');
    await expect(storeOrder(ctx, { integrationId: narrowId, order: '5501' })).rejects.toThrow('Order not found');
    const byName = await storeOrder(ctx, { integrationId, order: '#1001' });
    expect(byName).toMatchObject({ legacyResourceId: '5501', returnStatus: 'NO_RETURN' });
    await expect(storeOrder(ctx, { integrationId, order: '#9999' })).rejects.toThrow('Order not found');
    await expect(storeOrder(ctx, { integrationId, order: 'nonsense' })).rejects.toThrow('Order not found');
  });
});

describe('discount codes', () => {
  it("looks a code up (any case): kind, status, window, value, usage; 'Code is required' without one", async () => {
    const basic = await lookupStoreDiscount(ctx, { integrationId, code: 'rcl-save10' });
    expect(basic).toMatchObject({
      id: 'gid://shopify/DiscountCodeNode/1',
      kind: 'basic',
      type: 'DiscountCodeBasic',
      status: 'EXPIRED',
      endsAt: '2026-11-11T00:00:00Z',
      usageLimit: 1,
      value: { percentage: 10 },
      codes: [{ code: 'RCL-SAVE10', usageCount: 0 }],
      reclaimCodeId: null,
    });
    const shipping = await lookupStoreDiscount(ctx, { integrationId, code: 'SHIPFREE' });
    expect(shipping).toMatchObject({ kind: 'free_shipping', status: 'ACTIVE', endsAt: null, value: null });
    await expect(lookupStoreDiscount(ctx, { integrationId, code: '  ' })).rejects.toThrow('Code is required');
    await expect(lookupStoreDiscount(ctx, { integrationId, code: undefined })).rejects.toThrow('Code is required');
    await expect(lookupStoreDiscount(ctx, { integrationId, code: 'NOPE' })).rejects.toThrow(
      'Discount code not found: NOPE',
    );
  });

  it("extends a basic code and changes its value at Shopify; Reclaim's row of the code follows", async () => {
    const { contact, channel } = await createContact(t.db, brandId);
    const conversation = await createConversation(t.db, {
      brandId,
      contactId: contact.id,
      channelId: channel.id,
      createdAt: new Date(),
    });
    const row = await createDiscountCode(t.db, {
      brandId,
      conversationId: conversation.id,
      code: 'RCL-SAVE10',
      createdAt: new Date(),
    });
    const endsAt = new Date('2027-01-31T00:00:00Z');
    const updated = await updateStoreDiscount(ctx, {
      integrationId,
      code: 'RCL-SAVE10',
      changes: { endsAt, percentage: 15, usageLimit: 3 },
    });
    expect(updated).toMatchObject({
      status: 'ACTIVE',
      endsAt: endsAt.toISOString(),
      usageLimit: 3,
      value: { percentage: 15 },
      reclaimCodeId: row.id,
      conversationId: conversation.id,
    });
    expect(fake.operations('DiscountCodeBasicUpdate').at(-1)!.variables).toEqual({
      id: 'gid://shopify/DiscountCodeNode/1',
      basicCodeDiscount: { endsAt: endsAt.toISOString(), usageLimit: 3, customerGets: { value: { percentage: 0.15 } } },
    });
    const stored = await t.db('discount_codes').where({ id: row.id }).first();
    expect(new Date(stored.ends_at).toISOString()).toBe(endsAt.toISOString());
    expect(stored.usage_limit).toBe(3);
  });

  it("updates a free-shipping code's end; refuses a value for it and Shopify's refusals come through", async () => {
    const updated = await updateStoreDiscount(ctx, {
      integrationId,
      code: 'SHIPFREE',
      changes: { endsAt: new Date('2027-02-01T00:00:00Z') },
    });
    expect(updated).toMatchObject({ kind: 'free_shipping', endsAt: '2027-02-01T00:00:00.000Z' });
    expect(fake.operations('DiscountCodeFreeShippingUpdate')).toHaveLength(1);
    await expect(
      updateStoreDiscount(ctx, { integrationId, code: 'SHIPFREE', changes: { percentage: 20 } }),
    ).rejects.toThrow('Only an amount-off (basic) code has a percentage or amount to change');
    await expect(
      updateStoreDiscount(ctx, { integrationId, code: 'SHIPFREE', changes: { endsAt: new Date('2025-01-01') } }),
    ).rejects.toThrow('Shopify refused to update the discount: Ends at needs to be after starts_at');
    await expect(updateStoreDiscount(ctx, { integrationId, code: '', changes: { usageLimit: 2 } })).rejects.toThrow(
      'Code is required',
    );
  });
});

describe('draft orders need write_draft_orders', () => {
  it('is asked for at install, and a store without it gets a clear refusal', async () => {
    expect(SHOPIFY_SCOPES).toContain('write_draft_orders');
    const { client } = await shopifyStore(ctx, narrowId);
    await expect(createDraftOrder(client, { lines: [{ variantId: 1, quantity: 1 }] })).rejects.toThrow(
      /Shopify denied DraftOrderCreate .*`write_draft_orders` access scope.* Reinstall the app/,
    );
  });
});

describe('the CLI', () => {
  it('reclaim stores script-tags list --json, stores order, and discounts lookup without a code', async () => {
    const env = { ...testEnv(t.url), SHOPIFY_ADMIN_BASE_URL: fake.url };
    const list = await runCli(['stores', 'script-tags', 'list', '--integration', String(integrationId), '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toMatchObject({ count: 100, hasNextPage: true, shop: SHOP });
    const shown = await runCli(['stores', 'order', '--integration', String(integrationId), '--order', '#1002'], env);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('fulfilment: FULFILLED; return: RETURNED; financial: REFUNDED');
    const missing = await runCli(['discounts', 'lookup', '--integration', String(integrationId)], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Code is required');
  }, 120_000);
});
