import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, loadConfig } from '../../../src/app/index.ts';
import {
  createBasicDiscountCode,
  createFreeShippingDiscountCode,
  createShopifyAdminClient,
  deleteWebhookSubscription,
  DISCOUNT_CODE_TAKEN,
  findLatestShopifyOrder,
  findRecentShopifyOrder,
  getAppScopes,
  getFirstProductVariant,
  getProductsByIds,
  getShopifyCustomer,
  getShopifyOrder,
  getShopInfo,
  listWebhookSubscriptions,
  createWebhookSubscription,
  type ShopifyAdminClient,
} from '../../../src/stores/index.ts';
import { FakeShopify, type FakeShopData } from '../../fakes/shopify/index.ts';

let fake: FakeShopify;
let shop: FakeShopData;
let token: string;
const SHOP = 'client-tests.myshopify.com';

const clientWith = (accessToken: string, retry = {}): ShopifyAdminClient =>
  createShopifyAdminClient({
    config: loadConfig({ SHOPIFY_ADMIN_BASE_URL: fake.url, SHOPIFY_API_VERSION: '2026-07' }),
    shop: SHOP,
    accessToken,
    retry,
  });

beforeAll(async () => {
  fake = await FakeShopify.start();
  shop = fake.addShop(SHOP);
  token = fake.issueToken(SHOP, ['read_orders', 'write_orders']);
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.clearFaults();
  fake.refill(SHOP);
});

/** Every request of an operation, throttled ones included. */
const calls = (operation: string): number => fake.requests.filter((r) => r.operation === operation).length;
const caught = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('Admin GraphQL transport', () => {
  it("a 401 is 'Authentication error' and the token appears nowhere in the error", async () => {
    const secretToken = 'shpat_revoked0000000000000000000000';
    const error = await caught(getShopInfo(clientWith(secretToken)));
    expect(error).toMatchObject({ kind: 'unauthorized', message: 'Authentication error' });
    expect(
      JSON.stringify({ message: error.message, details: error.details, code: error.code, stack: error.stack }),
    ).not.toContain(secretToken);
  });

  it('a THROTTLED answer is waited out ((requested - available) / restoreRate) and retried', async () => {
    fake.fail({ operation: 'ShopInfo', throttle: { requested: 50, available: 40, restoreRate: 100 } });
    const before = calls('ShopInfo');
    const started = Date.now();
    const info = await getShopInfo(clientWith(token));
    expect(info.myshopifyDomain).toBe(SHOP);
    expect(calls('ShopInfo') - before).toBe(2);
    expect(fake.requests.filter((r) => r.operation === 'ShopInfo').at(-2)!.throttled).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90); // (50 - 40) / 100 s
  });

  it("an empty bucket throttles for real (the fake's leaky bucket) and the retry succeeds", async () => {
    Object.assign(shop.bucket, { available: -50, restoreRate: 500, at: Date.now() }); // ~100 ms until 2 points are back
    const before = calls('AppScopes');
    expect(await getAppScopes(clientWith(token))).toEqual(['read_orders', 'write_orders']);
    expect(calls('AppScopes') - before).toBe(2);
    shop.bucket.restoreRate = 100;
  });

  it('a 429 is retried after Retry-After; after 5 retries the error surfaces', async () => {
    fake.fail({ operation: 'ShopInfo', status: 429, retryAfter: '0.05' });
    let before = calls('ShopInfo');
    expect((await getShopInfo(clientWith(token))).name).toBe('Client Tests Store');
    expect(calls('ShopInfo') - before).toBe(2);

    fake.fail({ operation: 'ShopInfo', status: 429, retryAfter: '0.01', times: 10 });
    before = calls('ShopInfo');
    const error = await caught(getShopInfo(clientWith(token)));
    expect(error.details).toMatchObject({ status: 429 });
    expect(calls('ShopInfo') - before).toBe(6);
    fake.clearFaults();
  });

  it('5xx answers are retried with backoff, then reported with their status', async () => {
    fake.fail({ operation: 'ShopInfo', status: 503, times: 2 });
    let before = calls('ShopInfo');
    expect((await getShopInfo(clientWith(token, { baseDelayMs: 5 }))).currencyCode).toBe('USD');
    expect(calls('ShopInfo') - before).toBe(3);

    fake.fail({ operation: 'ShopInfo', status: 500, times: 4 });
    before = calls('ShopInfo');
    const error = await caught(getShopInfo(clientWith(token, { baseDelayMs: 5 })));
    expect(error).toMatchObject({ kind: 'upstream', code: 'shopify_http', details: { status: 500 } });
    expect(calls('ShopInfo') - before).toBe(4);
  });

  it('an unreachable Shopify is a network error, not a hang', async () => {
    const client = createShopifyAdminClient({
      config: loadConfig({ SHOPIFY_ADMIN_BASE_URL: 'http://127.0.0.1:1' }),
      shop: SHOP,
      accessToken: token,
      retry: { baseDelayMs: 1, serverRetries: 1 },
    });
    expect(await caught(getShopInfo(client))).toMatchObject({ kind: 'upstream', code: 'shopify_network' });
  });
});

describe('Admin GraphQL operations', () => {
  it('products by ids: batches of 20, all collections (up to 200) and variants (up to 50)', async () => {
    for (let n = 1; n <= 25; n += 1) {
      shop.products.push({
        id: `gid://shopify/Product/${n}`,
        title: `Product ${n}`,
        handle: `product-${n}`,
        onlineStoreUrl: `https://www.client-tests.example.com/products/product-${n}`,
        collections: Array.from({ length: n === 1 ? 210 : 2 }, (_, i) => ({
          id: `gid://shopify/Collection/${i + 1}`,
          title: `Collection ${i + 1}`,
          handle: `c-${i + 1}`,
        })),
        variants: Array.from({ length: n === 2 ? 60 : 1 }, (_, i) => ({
          id: `gid://shopify/ProductVariant/${n * 1000 + i}`,
          title: `V${i}`,
          price: '19.99',
          sku: null,
        })),
      });
    }
    const before = calls('ProductsByIds');
    const products = await getProductsByIds(clientWith(token), [...Array.from({ length: 25 }, (_, i) => i + 1), 999]);
    expect(calls('ProductsByIds') - before).toBe(2);
    expect(
      fake
        .operations('ProductsByIds')
        .slice(-2)
        .map((r) => (r.variables!.ids as string[]).length),
    ).toEqual([20, 6]);
    expect(products).toHaveLength(25);
    expect(products[0]!.collections).toHaveLength(200);
    expect(products[1]!.variants).toHaveLength(50);
    expect(products[2]).toMatchObject({
      title: 'Product 3',
      collections: [{ title: 'Collection 1' }, { title: 'Collection 2' }],
      variants: [{ id: 'gid://shopify/ProductVariant/3000', price: '19.99' }],
    });
  });

  it("first product variant, or 'No product variants found in store'", async () => {
    expect(await getFirstProductVariant(clientWith(token))).toMatchObject({
      id: 'gid://shopify/ProductVariant/1000',
      product: { handle: 'product-1' },
    });
    const empty = fake.addShop('empty-store.myshopify.com');
    const emptyClient = createShopifyAdminClient({
      config: loadConfig({ SHOPIFY_ADMIN_BASE_URL: fake.url }),
      shop: empty.domain,
      accessToken: fake.issueToken(empty.domain),
    });
    expect(await caught(getFirstProductVariant(emptyClient))).toMatchObject({
      kind: 'not_found',
      message: 'No product variants found in store',
    });
  });

  it('order by id, recent order by customer and date, latest order by customer or e-mail', async () => {
    const order = (n: number, createdAt: string, customer: number, email: string) => ({
      id: `gid://shopify/Order/${n}`,
      legacyResourceId: String(n),
      name: `#${1000 + n}`,
      statusPageUrl: `https://www.client-tests.example.com/orders/${n}`,
      returnStatus: 'NO_RETURN',
      displayFulfillmentStatus: 'UNFULFILLED',
      displayFinancialStatus: 'PAID',
      createdAt,
      updatedAt: createdAt,
      cancelledAt: null,
      totalPriceSet: { shopMoney: { amount: '42.00', currencyCode: 'USD' } },
      customer: { id: `gid://shopify/Customer/${customer}` },
      email,
    });
    shop.orders.push(
      order(1, '2026-11-01T10:00:00Z', 7, 'ann@example.com'),
      order(2, '2026-11-10T10:00:00Z', 7, 'ann@example.com'),
      order(3, '2026-11-05T10:00:00Z', 8, 'bo@example.com'),
    );
    const client = clientWith(token);
    expect(await getShopifyOrder(client, 3)).toMatchObject({
      name: '#1003',
      statusPageUrl: 'https://www.client-tests.example.com/orders/3',
      returnStatus: 'NO_RETURN',
      displayFulfillmentStatus: 'UNFULFILLED',
      createdAt: '2026-11-05T10:00:00Z',
    });
    expect(await getShopifyOrder(client, 404)).toBeUndefined();
    expect((await findLatestShopifyOrder(client, { customerId: 7 }))?.name).toBe('#1002');
    expect((await findLatestShopifyOrder(client, { email: 'BO@example.com' }))?.name).toBe('#1003');
    expect(
      (
        await findRecentShopifyOrder(client, {
          customerId: 'gid://shopify/Customer/7',
          since: new Date('2026-11-05T00:00:00Z'),
        })
      )?.name,
    ).toBe('#1002');
    expect(
      await findRecentShopifyOrder(client, { customerId: 8, since: new Date('2026-11-06T00:00:00Z') }),
    ).toBeUndefined();
    expect(fake.operations('NewestOrder').at(-1)!.variables!.query).toBe(
      `customer_id:"8" AND created_at:>='2026-11-06T00:00:00.000Z'`,
    );
  });

  it('customer by id with consent states, tags and addresses', async () => {
    shop.customers.push({
      id: 'gid://shopify/Customer/7',
      firstName: 'Ann',
      lastName: 'Lee',
      displayName: 'Ann Lee',
      note: null,
      tags: ['vip'],
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
      defaultEmailAddress: {
        emailAddress: 'ann@example.com',
        marketingState: 'SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        marketingUpdatedAt: null,
      },
      defaultPhoneNumber: {
        phoneNumber: '+14155550100',
        marketingState: 'NOT_SUBSCRIBED',
        marketingOptInLevel: null,
        marketingUpdatedAt: null,
        marketingCollectedFrom: null,
      },
      defaultAddress: null,
      addresses: [],
    });
    expect(await getShopifyCustomer(clientWith(token), 7)).toMatchObject({
      tags: ['vip'],
      defaultPhoneNumber: { marketingState: 'NOT_SUBSCRIBED' },
    });
    expect(await getShopifyCustomer(clientWith(token), 8)).toBeUndefined();
  });

  it('webhook subscription create, list and delete', async () => {
    const client = clientWith(token);
    const created = await createWebhookSubscription(client, {
      topic: 'ORDERS_PAID',
      uri: 'https://reclaim.example.com/webhooks/shopify',
    });
    expect((await listWebhookSubscriptions(client)).map((s) => s.topic)).toContain('ORDERS_PAID');
    await expect(
      createWebhookSubscription(client, { topic: 'ORDERS_PAID', uri: 'http://insecure.example.com/hook' }),
    ).rejects.toThrow('Address protocol http:// is not supported');
    await deleteWebhookSubscription(client, created.id);
    expect(await listWebhookSubscriptions(client)).toEqual([]);
  });

  it("discount codes: basic and free shipping; 'Code must be unique' is its own error; refusals give the spec's texts", async () => {
    const client = clientWith(token);
    const startsAt = new Date('2026-11-22T00:00:00Z');
    const endsAt = new Date('2026-12-02T00:00:00Z');
    expect(
      await createBasicDiscountCode(client, {
        title: 'Reclaim LR-ABC234',
        code: 'LR-ABC234',
        percentage: 10,
        startsAt,
        endsAt,
      }),
    ).toMatchObject({ code: 'LR-ABC234', id: expect.stringMatching(/^gid:\/\/shopify\/DiscountCodeNode\//) });
    const sent = fake.operations('DiscountCodeBasicCreate').at(-1)!.variables!.basicCodeDiscount as Record<
      string,
      unknown
    >;
    expect(sent).toMatchObject({
      code: 'LR-ABC234',
      context: { all: 'ALL' },
      usageLimit: 1,
      appliesOncePerCustomer: true,
      customerGets: { value: { percentage: 0.1 }, items: { all: true } },
      endsAt: '2026-12-02T00:00:00.000Z',
    });

    const taken = await caught(
      createBasicDiscountCode(client, { title: 'again', code: 'lr-abc234', percentage: 10, startsAt }),
    );
    expect(taken).toMatchObject({ kind: 'conflict', code: DISCOUNT_CODE_TAKEN, message: 'Code must be unique' });
    expect(
      await caught(createBasicDiscountCode(client, { title: '', code: 'LR-XYZ789', amount: 5, startsAt })),
    ).toMatchObject({ message: 'Error generating basic code' });

    expect(
      await createFreeShippingDiscountCode(client, {
        title: 'Free shipping',
        code: 'LR-SHIP22',
        startsAt,
        minimumSubtotal: 50,
      }),
    ).toMatchObject({ code: 'LR-SHIP22' });
    expect(fake.operations('DiscountCodeFreeShippingCreate').at(-1)!.variables!.freeShippingCodeDiscount).toMatchObject(
      { destination: { all: true }, minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: '50' } } },
    );
    expect(
      await caught(createFreeShippingDiscountCode(client, { title: '', code: 'LR-SHIP23', startsAt })),
    ).toMatchObject({ message: 'Error generating shipping code' });
    expect(
      await caught(createFreeShippingDiscountCode(client, { title: 'dup', code: 'LR-SHIP22', startsAt })),
    ).toMatchObject({ code: DISCOUNT_CODE_TAKEN });
  });

  it('a mutation input with a field its type does not have is a GraphQL error (no data), as Shopify answers it', async () => {
    const mutation = `mutation DiscountCodeBasicCreate($basicCodeDiscount: DiscountCodeBasicInput!) {
      discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) { codeDiscountNode { id } userErrors { field code message } }
    }`;
    const variables = {
      basicCodeDiscount: {
        title: 'x',
        code: 'LR-BAD234',
        startsAt: '2026-11-22T00:00:00Z',
        context: { all: 'ALL' },
        customerGets: { value: { percent: 0.1 }, items: { all: true } },
      },
    };
    const error = await caught(clientWith(token).request(mutation, variables));
    expect(error).toMatchObject({ kind: 'upstream', code: 'shopify_graphql' });
    expect(error.message).toBe(
      'Shopify GraphQL error in DiscountCodeBasicCreate: Variable $basicCodeDiscount of type DiscountCodeBasicInput! was provided invalid value for customerGets.value.percent (Field is not defined on DiscountCustomerGetsValueInput)',
    );
    const webhook = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
      webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) { webhookSubscription { id } userErrors { field message } }
    }`;
    const refused = await caught(
      clientWith(token).request(webhook, {
        topic: 'ORDERS_PAID',
        webhookSubscription: { endpoint: 'https://reclaim.example.com/webhooks/shopify' },
      }),
    );
    expect(refused.message).toContain('invalid value for endpoint (Field is not defined on WebhookSubscriptionInput)');
  });
});
