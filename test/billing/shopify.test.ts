/**
 * Billing through Shopify app billing, end to end against the fake Shopify Admin API: subscribe,
 * the merchant approves, the signed app_subscriptions/update webhook activates; cancel with a
 * tolerated 'Payment Required'; plan change; the store's uninstall ending billing. Usage records
 * under the 10,000 USD cap are in shopify-usage.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { billingSync, cancelBrandSubscription, changePlan, subscribe } from '../../src/billing/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { sendShopifyWebhook } from '../helpers/shopify-webhook.ts';
import { app, ctx, growthPlan, RETURN_URL, scalePlan, shopify, useShopifyBilling } from './shopify-setup.ts';
import { TASKS } from '../../src/cli/index.ts';

const t = useTestDatabase();
const { shopifyBrand, activate } = useShopifyBilling(t);

describe('subscribe through Shopify app billing', () => {
  it('creates a pending_setup subscription with a pending recurring charge and an app subscription to confirm', async () => {
    const { brandId, shop } = await shopifyBrand('Harbor Goods');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'AP@Harbor.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: true,
    });
    expect(result).toMatchObject({
      gateway: 'shopify',
      status: 'pending_setup',
      plan_name: 'Growth',
      discount_amount: 99,
      reused: false,
    });
    expect(result.checkout_url).toContain('/admin/charges/');

    const row = await t.db('subscriptions').where({ id: result.subscription_id }).first();
    expect(row).toMatchObject({
      status: 'pending_setup',
      billing_email: 'ap@harbor.example',
      plan_id: String(growthPlan),
    });
    expect(row.extra_data).toMatchObject({
      source: 'web-admin',
      discount_amount: 99,
      trial_days: null,
      checkout_url: result.checkout_url,
      first_month_free: true,
    });
    const charges = await t.db('subscription_charges').where({ subscription_id: result.subscription_id });
    expect(charges.map((c) => [c.type, c.status, Number(c.amount)])).toEqual([['recurring', 'pending', 0]]);
    const source = await t.db('subscription_payment_source').where({ id: row.payment_source_id }).first();
    expect(source).toMatchObject({ gateway: 'shopify', external_id: shop });

    const [remote] = shopify.appSubscriptions(shop);
    expect(remote!.id).toBe(row.external_id);
    const create = shopify.operations('AppSubscriptionCreate')[0]!;
    expect(create.variables).toMatchObject({ name: 'Growth', returnUrl: RETURN_URL, trialDays: 0, test: true });
    const lines = create.variables!.lineItems as { plan: Record<string, Record<string, unknown>> }[];
    expect(lines[0]!.plan.appRecurringPricingDetails).toMatchObject({
      price: { amount: 99, currencyCode: 'USD' },
      interval: 'EVERY_30_DAYS',
      discount: { value: { amount: 99 }, durationLimitInIntervals: 1 },
    });
    expect(lines[1]!.plan.appUsagePricingDetails).toMatchObject({
      cappedAmount: { amount: 10000, currencyCode: 'USD' },
    });

    // A second subscribe while the first is still to be confirmed returns the same page.
    const again = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@harbor.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: true,
    });
    expect(again).toMatchObject({
      subscription_id: result.subscription_id,
      reused: true,
      checkout_url: result.checkout_url,
    });
    expect(shopify.appSubscriptions(shop)).toHaveLength(1);
  });

  it('activates on the signed app_subscriptions/update webhook: active, activated_at, recurring charge complete', async () => {
    const { brandId, shop } = await shopifyBrand('Cedar Supply');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'billing@cedar.example',
      returnUrl: RETURN_URL,
      trialDays: 14,
      applyFirstMonthDiscount: false,
    });
    const gid = (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id;
    expect(shopify.operations('AppSubscriptionCreate').at(-1)!.variables).toMatchObject({ trialDays: 14 });
    await activate(shop, gid);
    const row = await t.db('subscriptions').where({ id: result.subscription_id }).first();
    expect(row.status).toBe('active');
    expect(row.activated_at).not.toBeNull();
    const charge = await t
      .db('subscription_charges')
      .where({ subscription_id: result.subscription_id, type: 'recurring' })
      .first();
    expect(charge.status).toBe('complete');
    expect(Number(charge.amount)).toBe(99);
    expect(charge.charge_collected_at).not.toBeNull();
  });

  it('also reads the unwrapped app_subscriptions/update body early API versions sent, and a declined charge is final', async () => {
    const { brandId, shop } = await shopifyBrand('Kiln Pottery');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@kiln.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    const gid = (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id;
    shopify.approveAppSubscription(shop, gid, { status: 'DECLINED' });
    const body = shopify.appSubscriptionWebhook(shop, gid) as { app_subscription: Record<string, unknown> };
    expect(
      (await sendShopifyWebhook(app, { topic: 'app_subscriptions/update', shop, payload: body.app_subscription }))
        .statusCode,
    ).toBe(200);
    await runDueJobs(ctx, TASKS);
    expect((await t.db('subscriptions').where({ id: result.subscription_id }).first()).status).toBe('declined');
    const bad = await sendShopifyWebhook(app, {
      topic: 'app_subscriptions/update',
      shop,
      payload: { app_subscription: { name: 'no id' } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a brand without a connected Shopify store, and a missing plan, changing nothing', async () => {
    const brandId = (await createBrand(t.db)).id;
    await expect(
      subscribe(ctx, {
        brandId,
        planId: growthPlan,
        billingEmail: 'a@b.example',
        returnUrl: RETURN_URL,
        paymentSource: 'shopify',
      }),
    ).rejects.toThrow('Invalid Payment Source');
    await expect(
      subscribe(ctx, { brandId, planId: 999_999, billingEmail: 'a@b.example', returnUrl: RETURN_URL }),
    ).rejects.toThrow('Plan or brand not found');
    await expect(subscribe(ctx, { brandId, planId: growthPlan, billingEmail: 'a@b.example' })).rejects.toThrow(
      'Return URL not found',
    );
    expect(await t.db('subscriptions').where({ brand_id: brandId })).toHaveLength(0);
    expect(await t.db('subscription_payment_source').where({ brand_id: brandId })).toHaveLength(0);
  });
});

describe('cancel and plan change on Shopify', () => {
  it("cancels at Shopify; a 'Payment Required' answer is tolerated and the subscription is still cancelled", async () => {
    const { brandId, shop } = await shopifyBrand('Ember Candles');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@ember.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    const gid = (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id;
    await activate(shop, gid);
    shopify.fail({ operation: 'AppSubscriptionCancel', status: 402 });
    const cancelled = await cancelBrandSubscription(ctx, { brandId });
    expect(cancelled).toMatchObject({
      subscription_id: result.subscription_id,
      from: 'active',
      status: 'cancelled',
      remote: 'tolerated',
    });
    const row = await t.db('subscriptions').where({ id: result.subscription_id }).first();
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).not.toBeNull();
    await expect(cancelBrandSubscription(ctx, { brandId })).rejects.toThrow('No active subscription found');
  });

  it('a plan change cancels the old app subscription and creates a new pending_setup one to confirm', async () => {
    const { brandId, shop } = await shopifyBrand('Fjord Knitwear');
    const old = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@fjord.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    const gid = (await t.db('subscriptions').where({ id: old.subscription_id }).first()).external_id;
    await activate(shop, gid);
    const change = await changePlan(ctx, { subscriptionId: old.subscription_id, brandId, planId: scalePlan });
    expect(change).toMatchObject({ cancelled_subscription_id: old.subscription_id, path: 'recreated' });
    expect(change.subscription).toMatchObject({
      gateway: 'shopify',
      status: 'pending_setup',
      plan_name: 'Scale',
      discount_amount: 0,
    });
    expect((await t.db('subscriptions').where({ id: old.subscription_id }).first()).status).toBe('cancelled');
    expect(shopify.appSubscriptions(shop).map((s) => [s.name, s.status])).toEqual([
      ['Growth', 'CANCELLED'],
      ['Scale', 'PENDING'],
    ]);
    await expect(changePlan(ctx, { subscriptionId: old.subscription_id, brandId, planId: scalePlan })).rejects.toThrow(
      'Invalid Subscription',
    );
    await expect(changePlan(ctx, { subscriptionId: 987_654, brandId, planId: scalePlan })).rejects.toThrow(
      'Subscription not found',
    );
  });

  it('app/uninstalled ends billing: the next sync cancels the subscription here without calling Shopify', async () => {
    const { brandId, shop } = await shopifyBrand('Gale Coffee');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@gale.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    await activate(shop, (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id);
    const response = await sendShopifyWebhook(app, {
      topic: 'app/uninstalled',
      shop,
      payload: { id: 1, myshopify_domain: shop, domain: shop },
    });
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);
    const cancelsBefore = shopify.operations('AppSubscriptionCancel').length;
    const sync = await billingSync(ctx, { brandId });
    expect(sync.events).toEqual({ processed: 1, cancelled: [result.subscription_id] });
    const row = await t.db('subscriptions').where({ id: result.subscription_id }).first();
    expect(row.status).toBe('cancelled');
    expect(row.extra_data.cancel_reason).toBe('app_uninstalled');
    expect(shopify.operations('AppSubscriptionCancel')).toHaveLength(cancelsBefore);
    expect((await billingSync(ctx, { brandId })).events.processed).toBe(0);
  });
});
