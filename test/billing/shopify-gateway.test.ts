import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError, loadConfig } from '../../src/app/index.ts';
import { createShopifyAdminClient, type ShopifyAdminClient } from '../../src/stores/index.ts';
import {
  cancelAppSubscription,
  createAppSubscription,
  createUsageRecord,
  getAppSubscription,
  listActiveAppSubscriptions,
  recurringLine,
  updateUsageCap,
  usageLine,
  type AppSubscription,
  type AppSubscriptionInput,
} from '../../src/billing/index.ts';
import { FakeShopify, type FakeShopData } from '../fakes/shopify/index.ts';

const SHOP = 'billing-tests.myshopify.com';
let fake: FakeShopify;
let shop: FakeShopData;
let client: ShopifyAdminClient;

beforeAll(async () => {
  fake = await FakeShopify.start();
  shop = fake.addShop(SHOP);
  client = createShopifyAdminClient({
    config: loadConfig({ SHOPIFY_ADMIN_BASE_URL: fake.url, SHOPIFY_API_VERSION: '2026-07' }),
    shop: SHOP,
    accessToken: fake.issueToken(SHOP),
    retry: { baseDelayMs: 1 },
  });
});
afterAll(async () => fake.close());
beforeEach(() => {
  fake.clearFaults();
  fake.refill(SHOP);
});

const plan = (overrides: Partial<AppSubscriptionInput> = {}): AppSubscriptionInput => ({
  name: 'Reclaim Growth',
  returnUrl: 'https://reclaim.example.com/billing/shopify/return',
  trialDays: 14,
  test: true,
  priceUsd: 49,
  usageCapUsd: 10000,
  usageTerms: '$2 per recovered order',
  ...overrides,
});

const caught = async (promise: Promise<unknown>): Promise<AppError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

/** A subscription the merchant has approved. */
async function activeSubscription(overrides: Partial<AppSubscriptionInput> = {}): Promise<AppSubscription> {
  const { subscription } = await createAppSubscription(client, plan(overrides));
  fake.approveAppSubscription(SHOP, subscription.id);
  return (await getAppSubscription(client, subscription.id))!;
}

describe('creating the app subscription', () => {
  it('sends a 30-day USD price with the first-interval discount and a usage line capped at 10000 USD, and returns the confirmation URL', async () => {
    const { subscription, confirmationUrl } = await createAppSubscription(
      client,
      plan({ firstIntervalDiscountUsd: 10 }),
    );

    const sent = fake.operations('AppSubscriptionCreate').at(-1)!.variables!;
    expect(sent).toMatchObject({
      name: 'Reclaim Growth',
      trialDays: 14,
      test: true,
      returnUrl: 'https://reclaim.example.com/billing/shopify/return',
    });
    expect(sent.lineItems).toEqual([
      {
        plan: {
          appRecurringPricingDetails: {
            price: { amount: 49, currencyCode: 'USD' },
            interval: 'EVERY_30_DAYS',
            discount: { value: { amount: 10 }, durationLimitInIntervals: 1 },
          },
        },
      },
      {
        plan: {
          appUsagePricingDetails: {
            cappedAmount: { amount: 10000, currencyCode: 'USD' },
            terms: '$2 per recovered order',
          },
        },
      },
    ]);

    const charge = subscription.id.split('/').at(-1)!;
    expect(confirmationUrl.startsWith(`${fake.url}/admin/charges/`)).toBe(true);
    expect(confirmationUrl).toContain(
      `/${charge}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=`,
    );
    expect(subscription).toMatchObject({
      name: 'Reclaim Growth',
      status: 'PENDING',
      test: true,
      trialDays: 14,
      currentPeriodEnd: null,
    });
    expect(recurringLine(subscription)).toMatchObject({
      kind: 'recurring',
      price: { amount: '49.0', currencyCode: 'USD' },
      interval: 'EVERY_30_DAYS',
      discount: {
        amount: { amount: '10.0', currencyCode: 'USD' },
        durationLimitInIntervals: 1,
        priceAfterDiscount: { amount: '39.0', currencyCode: 'USD' },
      },
    });
    expect(usageLine(subscription)).toMatchObject({
      kind: 'usage',
      cappedAmount: { amount: '10000.0', currencyCode: 'USD' },
      balanceUsed: { amount: '0.0', currencyCode: 'USD' },
      terms: '$2 per recovered order',
    });
    expect(usageLine(subscription)!.id).not.toBe(recurringLine(subscription)!.id);
  });

  it('without a discount the recurring line has none; amounts go out with at most 2 decimals', async () => {
    const { subscription } = await createAppSubscription(
      client,
      plan({ priceUsd: 0.1 + 0.2, usageCapUsd: 99.999, test: false }),
    );
    const sent = fake.operations('AppSubscriptionCreate').at(-1)!.variables!.lineItems as {
      plan: Record<string, { price?: { amount: number }; cappedAmount?: { amount: number }; discount?: unknown }>;
    }[];
    expect(sent[0]!.plan.appRecurringPricingDetails!.price!.amount).toBe(0.3);
    expect(sent[0]!.plan.appRecurringPricingDetails!.discount).toBeUndefined();
    expect(sent[1]!.plan.appUsagePricingDetails!.cappedAmount!.amount).toBe(100);
    expect(subscription.test).toBe(false);
    expect(recurringLine(subscription)).toMatchObject({ price: { amount: '0.3' } });
    expect(recurringLine(subscription)!.discount).toBeUndefined();
    expect(usageLine(subscription)!.cappedAmount!.amount).toBe('100.0');
  });

  it("Shopify's userErrors become shopify_billing_refused with the messages", async () => {
    const error = await caught(createAppSubscription(client, plan({ usageTerms: '  ' })));
    expect(error).toMatchObject({
      kind: 'upstream',
      code: 'shopify_billing_refused',
      message: "AppSubscriptionCreate refused: Terms can't be blank",
    });
    expect(error.details!.userErrors).toEqual([
      { field: ['lineItems', '1', 'plan', 'appUsagePricingDetails', 'terms'], message: "Terms can't be blank" },
    ]);
  });

  it('a discount larger than the price is refused before anything is sent', async () => {
    const before = fake.operations('AppSubscriptionCreate').length;
    expect(await caught(createAppSubscription(client, plan({ firstIntervalDiscountUsd: 50 })))).toMatchObject({
      kind: 'invalid_input',
      code: 'invalid_amount',
    });
    expect(fake.operations('AppSubscriptionCreate').length).toBe(before);
  });
});

describe('approval and reading back', () => {
  it('after the merchant approves, get shows ACTIVE with the period end and it is listed as active', async () => {
    const { subscription } = await createAppSubscription(client, plan());
    expect(await getAppSubscription(client, subscription.id)).toMatchObject({
      status: 'PENDING',
      currentPeriodEnd: null,
    });

    const back = fake.approveAppSubscription(SHOP, subscription.id);
    expect(back.searchParams.get('charge_id')).toBe(subscription.id.split('/').at(-1));

    const approved = await getAppSubscription(client, subscription.id);
    expect(approved).toMatchObject({ id: subscription.id, status: 'ACTIVE', test: true, trialDays: 14 });
    const periodEnd = Date.parse(approved!.currentPeriodEnd!);
    expect(Math.round((periodEnd - Date.now()) / 86_400_000)).toBe(30);
    expect((await listActiveAppSubscriptions(client)).map((sub) => sub.id)).toContain(subscription.id);
    expect(fake.appSubscriptionWebhook(SHOP, subscription.id)).toMatchObject({
      app_subscription: {
        admin_graphql_api_id: subscription.id,
        name: 'Reclaim Growth',
        status: 'ACTIVE',
        admin_graphql_api_shop_id: shop.info.id,
        currency: 'USD',
        capped_amount: '10000.0',
      },
    });
  });

  it('a declined subscription reads DECLINED and is not active; approving a new one replaces the active one', async () => {
    const first = await activeSubscription();
    const { subscription: declined } = await createAppSubscription(client, plan({ name: 'Declined plan' }));
    fake.approveAppSubscription(SHOP, declined.id, { status: 'DECLINED' });
    expect((await getAppSubscription(client, declined.id))!.status).toBe('DECLINED');

    const second = await activeSubscription({ name: 'Reclaim Scale' });
    const active = await listActiveAppSubscriptions(client);
    expect(active.map((sub) => sub.id)).toEqual([second.id]);
    expect((await getAppSubscription(client, first.id))!.status).toBe('CANCELLED');
  });

  it('an unknown id reads as null', async () => {
    expect(await getAppSubscription(client, 'gid://shopify/AppSubscription/999999')).toBeNull();
  });
});

describe('usage records', () => {
  it('accumulate balanceUsed; one that would pass the cap is refused with shopify_usage_cap and nothing is recorded', async () => {
    const sub = await activeSubscription({ usageCapUsd: 50 });
    const lineItemId = usageLine(sub)!.id;
    const first = await createUsageRecord(client, {
      lineItemId,
      amountUsd: 12.5,
      description: 'Recovered order #1001',
      idempotencyKey: 'usage-1001',
    });
    const second = await createUsageRecord(client, {
      lineItemId,
      amountUsd: 30,
      description: 'Recovered order #1002',
      idempotencyKey: 'usage-1002',
    });
    expect(first.id).toMatch(/^gid:\/\/shopify\/AppUsageRecord\/\d+$/);
    expect(second.id).not.toBe(first.id);
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.balanceUsed).toEqual({
      amount: '42.5',
      currencyCode: 'USD',
    });

    const error = await caught(
      createUsageRecord(client, {
        lineItemId,
        amountUsd: 7.51,
        description: 'Recovered order #1003',
        idempotencyKey: 'usage-1003',
      }),
    );
    expect(error).toMatchObject({
      kind: 'upstream',
      code: 'shopify_usage_cap',
      message: 'AppUsageRecordCreate refused: Total price exceeds balance remaining',
    });
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.balanceUsed!.amount).toBe('42.5');
    expect(
      fake
        .appSubscriptions(SHOP)
        .find((s) => s.id === sub.id)!
        .lineItems.find((l) => l.kind === 'usage')!.usageRecords,
    ).toHaveLength(2);

    await createUsageRecord(client, {
      lineItemId,
      amountUsd: 7.5,
      description: 'Recovered order #1003',
      idempotencyKey: 'usage-1003b',
    });
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.balanceUsed!.amount).toBe('50.0');
  });

  it('the same idempotency key twice creates one record and charges once', async () => {
    const sub = await activeSubscription();
    const lineItemId = usageLine(sub)!.id;
    const input = { lineItemId, amountUsd: 2, description: 'Recovered order #2001', idempotencyKey: 'usage-2001' };
    const first = await createUsageRecord(client, input);
    const again = await createUsageRecord(client, input);
    expect(again.id).toBe(first.id);
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.balanceUsed!.amount).toBe('2.0');
  });

  it('a usage record on a subscription the merchant has not approved is refused', async () => {
    const { subscription } = await createAppSubscription(client, plan());
    const error = await caught(
      createUsageRecord(client, {
        lineItemId: usageLine(subscription)!.id,
        amountUsd: 2,
        description: 'Recovered order #3001',
        idempotencyKey: 'usage-3001',
      }),
    );
    expect(error).toMatchObject({
      code: 'shopify_billing_refused',
      message: 'AppUsageRecordCreate refused: The app subscription is not active',
    });
  });

  it('a higher cap needs the merchant: the confirmation URL comes back and the cap applies once approved', async () => {
    const sub = await activeSubscription({ usageCapUsd: 20 });
    const lineItemId = usageLine(sub)!.id;
    const { confirmationUrl } = await updateUsageCap(client, { lineItemId, cappedAmountUsd: 40 });
    expect(confirmationUrl).toContain('/RecurringApplicationCharge/confirm_update_capped_amount?signature=');
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.cappedAmount!.amount).toBe('20.0');
    expect(
      await caught(
        createUsageRecord(client, {
          lineItemId,
          amountUsd: 25,
          description: 'Big order',
          idempotencyKey: 'usage-4001',
        }),
      ),
    ).toMatchObject({ code: 'shopify_usage_cap' });

    fake.approveAppSubscription(SHOP, sub.id);
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.cappedAmount!.amount).toBe('40.0');
    await createUsageRecord(client, {
      lineItemId,
      amountUsd: 25,
      description: 'Big order',
      idempotencyKey: 'usage-4002',
    });
    expect(usageLine((await getAppSubscription(client, sub.id))!)!.balanceUsed!.amount).toBe('25.0');
  });
});

describe('cancelling', () => {
  it('cancel gives CANCELLED, drops it from the active list, and a second cancel is refused', async () => {
    const sub = await activeSubscription();
    const cancelled = await cancelAppSubscription(client, sub.id, { prorate: true });
    expect(cancelled).toMatchObject({ id: sub.id, status: 'CANCELLED', currentPeriodEnd: null });
    expect((await getAppSubscription(client, sub.id))!.status).toBe('CANCELLED');
    expect((await listActiveAppSubscriptions(client)).map((s) => s.id)).not.toContain(sub.id);
    expect(fake.appSubscriptionWebhook(SHOP, sub.id)).toMatchObject({ app_subscription: { status: 'CANCELLED' } });

    const again = await caught(cancelAppSubscription(client, sub.id));
    expect(again).toMatchObject({
      code: 'shopify_billing_refused',
      message: 'AppSubscriptionCancel refused: App subscription has already been cancelled',
    });
  });

  it('a 402 from a frozen shop surfaces as an AppError with details.status 402 and nothing is cancelled', async () => {
    const sub = await activeSubscription();
    fake.fail({ operation: 'AppSubscriptionCancel', status: 402 });
    const error = await caught(cancelAppSubscription(client, sub.id));
    expect(error).toMatchObject({ kind: 'upstream', details: { status: 402 } });
    expect((await getAppSubscription(client, sub.id))!.status).toBe('ACTIVE');
  });
});
