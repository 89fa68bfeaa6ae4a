import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { COULD_NOT_GENERATE_CODE, dynamicCode, seededRandom } from '../../src/discounts/rules.ts';
import { createStoreDiscount, reserveDiscountCode } from '../../src/discounts/index.ts';
import { integrationId, sealCredentials } from '../../src/stores/index.ts';
import { createBrand, createIntegration, createWorkflow } from '../factories/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../helpers/db.ts';

const CODE6 = /^LR-[A-HJKMNP-Z0-9]{6}$/;
const CODE8 = /^LR-[A-HJKMNP-Z0-9]{8}$/;
const SHOP = 'codes-shop.myshopify.com';
const HASH = 'codeshash1';
const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

const t = useTestDatabase();
let ctx: AppContext;
let shopify: FakeShopify;
let bigcommerce: FakeBigCommerce;
let brandId: number;
let workflowId: number;
const rules: Record<'percentage' | 'fixed' | 'shipping' | 'static' | 'prefixed', number> = {
  percentage: 0,
  fixed: 0,
  shipping: 0,
  static: 0,
  prefixed: 0,
};

const insertRule = async (row: Record<string, unknown>): Promise<number> =>
  Number(
    (
      await t
        .db('discount_rules')
        .insert({ brand_id: brandId, duration: 10, ...row })
        .returning('id')
    )[0].id,
  );
const codeRow = (id: number) => t.db('discount_codes').where({ id }).first();

beforeAll(async () => {
  shopify = await FakeShopify.start();
  shopify.addShop(SHOP);
  bigcommerce = await startFakeBigCommerce();
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: shopify.url, BIGCOMMERCE_API_BASE_URL: bigcommerce.url });
  brandId = (await createBrand(t.db)).id;
  const integration = await createIntegration(t.db, brandId, {
    lookup_id: SHOP,
    settings: { credentials: sealCredentials({ access_token: shopify.issueToken(SHOP) }, key) },
  });
  rules.percentage = await insertRule({
    type: 'percentage',
    value: 10,
    extra_data: { type: 'dynamic', category: 'order' },
  });
  rules.fixed = await insertRule({
    type: 'fixed',
    value: 5,
    extra_data: { minimum: 40, basicCodeDiscount: { combinesWith: { shippingDiscounts: true } } },
  });
  rules.shipping = await insertRule({ type: 'shipping', value: 0, extra_data: { category: 'shipping' } });
  rules.static = await insertRule({
    type: 'percentage',
    value: 10,
    extra_data: { type: 'static', code_prefix: 'WELCOME10' },
  });
  rules.prefixed = await insertRule({
    type: 'percentage',
    value: 10,
    duration: 3,
    extra_data: { type: 'custom', code_prefix: 'summer-' },
  });
  workflowId = (
    await createWorkflow(t.db, { brandId, brand_integration_id: integration.id, discount_rule_id: rules.percentage })
  ).id;
});
afterAll(async () => {
  await shopify.close();
  await bigcommerce.close();
});

/** The codes a seeded source will give, in order, for the given lengths. */
const upcoming = (seed: number, lengths: (6 | 8)[], prefix: string | null = null): string[] => {
  const random = seededRandom(seed);
  return lengths.map((length) => dynamicCode(prefix, length, random));
};

describe('reserveDiscountCode', () => {
  it('inserts a pending code for the conversation: 10 days, usage limit 1, from the rule', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const reserved = await reserveDiscountCode(t.db, {
      brandId,
      workflowId,
      discountRuleId: rules.percentage,
      platform: 'shopify',
      now,
    });
    expect(reserved!.code).toMatch(CODE6);
    expect(await codeRow(reserved!.id)).toMatchObject({
      brand_id: String(brandId),
      workflow_id: String(workflowId),
      discount_rule_id: String(rules.percentage),
      code: reserved!.code,
      status: 'pending',
      usage_limit: 1,
      starts_at: now,
      ends_at: new Date('2026-12-02T10:00:00Z'),
      external_id: null,
    });
  });

  it("takes the rule's prefix and duration when the caller gives none", async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const reserved = await reserveDiscountCode(t.db, {
      brandId,
      discountRuleId: rules.prefixed,
      platform: 'shopify',
      now,
    });
    expect(reserved!.code).toMatch(/^SUMMER-[A-HJKMNP-Z0-9]{6}$/);
    expect((await codeRow(reserved!.id)).ends_at).toEqual(new Date('2026-11-25T10:00:00Z'));
  });

  it("a collision with one of the brand's codes is tried again with 6 characters (4 retries)", async () => {
    const [first, second, third, fourth, fifth] = upcoming(101, [6, 6, 6, 6, 6]);
    for (const code of [first, second, third, fourth])
      await t.db('discount_codes').insert({ brand_id: brandId, code, status: 'created' });
    const reserved = await reserveDiscountCode(t.db, {
      brandId,
      workflowId,
      platform: 'shopify',
      random: seededRandom(101),
    });
    expect(reserved!.code).toBe(fifth);
    expect(reserved!.code).toMatch(CODE6);
  });

  it('after the first try and 4 retries collide, the code gets 8 characters', async () => {
    const codes = upcoming(202, [6, 6, 6, 6, 6, 8]);
    for (const code of codes.slice(0, 5))
      await t.db('discount_codes').insert({ brand_id: brandId, code, status: 'created' });
    const reserved = await reserveDiscountCode(t.db, {
      brandId,
      workflowId,
      platform: 'shopify',
      random: seededRandom(202),
    });
    expect(reserved!.code).toBe(codes[5]);
    expect(reserved!.code).toMatch(CODE8);
    // Another brand may hold the same codes: uniqueness is per brand.
    const other = (await createBrand(t.db)).id;
    const elsewhere = await reserveDiscountCode(t.db, {
      brandId: other,
      platform: 'shopify',
      random: seededRandom(202),
    });
    expect(elsewhere!.code).toBe(codes[0]);
  });

  it('inside a transaction, collisions do not abort it', async () => {
    const [taken, next] = upcoming(303, [6, 6]);
    await t.db('discount_codes').insert({ brand_id: brandId, code: taken, status: 'created' });
    const code = await t.db.transaction(async (tx) => {
      const reserved = await reserveDiscountCode(tx, { brandId, platform: 'shopify', random: seededRandom(303) });
      await tx('discount_codes').where({ id: reserved!.id }).first();
      return reserved!.code;
    });
    expect(code).toBe(next);
    expect(await t.db('discount_codes').where({ brand_id: brandId, code: next }).first()).toMatchObject({
      status: 'pending',
    });
  });

  it('BigCommerce workflows get no code: nothing is reserved', async () => {
    const before = await t.db('discount_codes').count<{ count: string }[]>('* as count');
    expect(
      await reserveDiscountCode(t.db, {
        brandId,
        workflowId,
        discountRuleId: rules.percentage,
        platform: 'bigcommerce',
      }),
    ).toBeUndefined();
    expect(await t.db('discount_codes').count<{ count: string }[]>('* as count')).toEqual(before);
  });

  it("a static code is the brand's own: one shared row, already created", async () => {
    const first = await reserveDiscountCode(t.db, { brandId, discountRuleId: rules.static, platform: 'shopify' });
    const second = await reserveDiscountCode(t.db, { brandId, discountRuleId: rules.static, platform: 'shopify' });
    expect(first).toEqual({ id: expect.any(Number), code: 'WELCOME10' });
    expect(second).toEqual(first);
    expect(await codeRow(first!.id)).toMatchObject({ code: 'WELCOME10', status: 'created' });
    expect(await createStoreDiscount(ctx, { discountCodeId: first!.id })).toEqual({
      code: 'WELCOME10',
      externalId: null,
      replacedCode: null,
    });
    expect(shopify.operations().filter((r) => JSON.stringify(r.variables).includes('WELCOME10'))).toEqual([]);
  });
});

describe('createStoreDiscount (Shopify)', () => {
  const reserve = async (discountRuleId: number, seed?: number) =>
    (await reserveDiscountCode(t.db, {
      brandId,
      workflowId,
      discountRuleId,
      platform: 'shopify',
      now: new Date('2026-11-22T10:00:00Z'),
      random: seed === undefined ? undefined : seededRandom(seed),
    }))!;

  it('a percentage code: a basic code for 10%, usage 1, once per customer, all customers, combining with nothing', async () => {
    const { id, code } = await reserve(rules.percentage);
    const result = await createStoreDiscount(ctx, { discountCodeId: id });
    expect(result).toEqual({
      code,
      externalId: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\/\d+$/),
      replacedCode: null,
    });
    const sent = shopify.operations('DiscountCodeBasicCreate').at(-1)!.variables!.basicCodeDiscount;
    expect(sent).toMatchObject({
      code,
      title: `Reclaim ${code}`,
      startsAt: '2026-11-22T10:00:00.000Z',
      endsAt: '2026-12-02T10:00:00.000Z',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      context: { all: 'ALL' },
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
      customerGets: { value: { percentage: 0.1 }, items: { all: true } },
    });
    expect(await codeRow(id)).toMatchObject({
      status: 'created',
      external_id: result.externalId,
      error: null,
      store_attempts: 1,
    });
    // Created codes are not created twice.
    const calls = shopify.operations('DiscountCodeBasicCreate').length;
    expect(await createStoreDiscount(ctx, { discountCodeId: id })).toEqual({
      code,
      externalId: result.externalId,
      replacedCode: null,
    });
    expect(shopify.operations('DiscountCodeBasicCreate')).toHaveLength(calls);
  });

  it('a fixed code: an amount off with the minimum and the overrides of basicCodeDiscount', async () => {
    const { id } = await reserve(rules.fixed);
    await createStoreDiscount(ctx, { discountCodeId: id });
    expect(shopify.operations('DiscountCodeBasicCreate').at(-1)!.variables!.basicCodeDiscount).toMatchObject({
      customerGets: { value: { discountAmount: { amount: '5', appliesOnEachItem: false } } },
      minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: '40' } },
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    });
  });

  it('a shipping code: a free-shipping code', async () => {
    const { id, code } = await reserve(rules.shipping);
    await createStoreDiscount(ctx, { discountCodeId: id });
    expect(
      shopify.operations('DiscountCodeFreeShippingCreate').at(-1)!.variables!.freeShippingCodeDiscount,
    ).toMatchObject({ code, destination: { all: true }, usageLimit: 1 });
    expect(shopify.shop(SHOP).discounts.find((d) => d.code === code)).toMatchObject({ kind: 'free_shipping' });
  });

  it("'Code must be unique' at the store: a new code, and the row and the result carry it", async () => {
    const { id, code } = await reserve(rules.percentage, 404);
    shopify.shop(SHOP).discounts.push({ id: 'gid://shopify/DiscountCodeNode/1', code, kind: 'basic', input: {} });
    const [replacement] = upcoming(77, [6]);
    const result = await createStoreDiscount(ctx, { discountCodeId: id, random: seededRandom(77) });
    expect(result).toEqual({ code: replacement, externalId: expect.any(String), replacedCode: code });
    expect(await codeRow(id)).toMatchObject({ code: replacement, status: 'created', store_attempts: 2 });
    expect(
      shopify
        .operations('DiscountCodeBasicCreate')
        .slice(-2)
        .map((r) => (r.variables!.basicCodeDiscount as { code: string }).code),
    ).toEqual([code, replacement]);
  });

  it("after 5 retries that all collide: 'Could not generate discount code', the row failed with the reason", async () => {
    const { id, code } = await reserve(rules.percentage);
    const replacements = upcoming(88, [6, 6, 6, 6, 8]);
    for (const taken of [code, ...replacements])
      shopify
        .shop(SHOP)
        .discounts.push({ id: 'gid://shopify/DiscountCodeNode/2', code: taken, kind: 'basic', input: {} });
    const before = shopify.operations('DiscountCodeBasicCreate').length;
    await expect(createStoreDiscount(ctx, { discountCodeId: id, random: seededRandom(88) })).rejects.toMatchObject({
      message: COULD_NOT_GENERATE_CODE,
    });
    expect(
      shopify
        .operations('DiscountCodeBasicCreate')
        .slice(before)
        .map((r) => (r.variables!.basicCodeDiscount as { code: string }).code),
    ).toEqual([code, ...replacements]);
    expect(await codeRow(id)).toMatchObject({
      status: 'failed',
      error: COULD_NOT_GENERATE_CODE,
      store_attempts: 6,
      code: replacements[4],
    });
  });

  it('another store failure leaves the row failed with the reason; a later call creates it', async () => {
    const { id, code } = await reserve(rules.percentage);
    shopify.fail({ operation: 'DiscountCodeBasicCreate', status: 401 });
    const failure = await createStoreDiscount(ctx, { discountCodeId: id }).catch((error: Error) => error);
    expect(failure).toMatchObject({ message: 'Authentication error' });
    expect(await codeRow(id)).toMatchObject({ status: 'failed', error: (failure as Error).message, external_id: null });
    expect(await createStoreDiscount(ctx, { discountCodeId: id })).toMatchObject({ code, replacedCode: null });
    expect(await codeRow(id)).toMatchObject({ status: 'created', error: null, store_attempts: 2 });
  });

  it("an invalid rule makes the default rule's code (10 percent)", async () => {
    const bad = await insertRule({ type: 'percentage', value: 250, extra_data: {} });
    const { id } = await reserve(bad);
    await createStoreDiscount(ctx, { discountCodeId: id });
    expect(shopify.operations('DiscountCodeBasicCreate').at(-1)!.variables!.basicCodeDiscount).toMatchObject({
      customerGets: { value: { percentage: 0.1 } },
    });
  });

  it('a demo integration (offline loop) is marked created without a store call', async () => {
    const demoBrand = (await createBrand(t.db)).id;
    await createIntegration(t.db, demoBrand, { settings: { demo: true } });
    const reserved = (await reserveDiscountCode(t.db, { brandId: demoBrand, platform: 'shopify' }))!;
    const calls = shopify.requests.length;
    expect(await createStoreDiscount(ctx, { discountCodeId: reserved.id })).toEqual({
      code: reserved.code,
      externalId: `demo:${reserved.code}`,
      replacedCode: null,
    });
    expect(shopify.requests).toHaveLength(calls);
  });

  it('an unknown discount code id', async () => {
    await expect(createStoreDiscount(ctx, { discountCodeId: 987654321 })).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Discount code not found',
    });
  });
});

describe('createStoreDiscount (BigCommerce coupons)', () => {
  it('creates a coupon; a taken code (409) gets a new one', async () => {
    const bcBrand = (await createBrand(t.db)).id;
    const { store } = bigcommerce.addStore(HASH, { name: 'BC Shop' });
    await t.db('brand_integrations').insert({
      brand_id: bcBrand,
      integration_id: await integrationId(t.db, 'bigcommerce'),
      lookup_id: HASH,
      status: 'connected',
      is_enabled: true,
      settings: { credentials: sealCredentials({ access_token: store.token }, key) },
    });
    const rule = Number(
      (
        await t
          .db('discount_rules')
          .insert({ brand_id: bcBrand, type: 'fixed', value: 7, duration: 10, extra_data: {} })
          .returning('id')
      )[0].id,
    );
    // BigCommerce workflows reserve no code; a code row made another way (here by hand) is created as a coupon.
    const [row] = await t
      .db('discount_codes')
      .insert({ brand_id: bcBrand, discount_rule_id: rule, code: 'LR-BCTAKEN', status: 'pending' })
      .returning('id');
    store.coupons.push({ id: 1, code: 'LR-BCTAKEN' });
    const [replacement] = upcoming(55, [6]);
    const result = await createStoreDiscount(ctx, { discountCodeId: Number(row.id), random: seededRandom(55) });
    expect(result).toEqual({
      code: replacement,
      externalId: expect.stringMatching(/^\d+$/),
      replacedCode: 'LR-BCTAKEN',
    });
    expect(store.coupons.at(-1)).toMatchObject({
      code: replacement,
      type: 'per_item_discount',
      amount: '7',
      max_uses_per_customer: 1,
    });
    expect(await codeRow(Number(row.id))).toMatchObject({ status: 'created', external_id: result.externalId });
  });
});
