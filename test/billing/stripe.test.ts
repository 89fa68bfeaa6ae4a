/**
 * Billing through Stripe, end to end against a local fake Stripe API driven by the official
 * `stripe` library (pinned to API 2023-08-16): subscribe to a checkout, activation by a signed
 * webhook (signature made with the library's test-header helper), one live subscription per
 * brand, statuses from webhooks, and the billing error texts. Usage charges and plan changes are in
 * stripe-usage.test.ts and stripe-plan-change.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  billingPortalUrl,
  cancelBrandSubscription,
  changePlan,
  createPlan,
  subscribe,
} from '../../src/billing/index.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { app, ctx, growthPlan, RETURN_URL, scalePlan, stripe, useStripeBilling } from './stripe-setup.ts';

const DAY = 86_400_000;

const t = useTestDatabase();
const { sendStripeEvent, subscriptionRow, activeStripeBrand } = useStripeBilling(t);

describe('subscribe through Stripe checkout', () => {
  it('finds or creates the customer, makes the product and price, the first-month coupon and promotion code, and a checkout session', async () => {
    const brand = await createBrand(t.db, { name: 'Atlas Apparel', support_phone: '+14155550190' });
    const result = await subscribe(ctx, {
      brandId: brand.id,
      planId: growthPlan,
      billingEmail: 'Billing@Atlas.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: true,
      source: 'web-client',
    });
    expect(result).toMatchObject({
      gateway: 'stripe',
      status: 'pending_setup',
      discount_amount: 99,
      trial_days: null,
      reused: false,
    });
    expect(result.checkout_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_/);

    const customer = [...stripe.customers.values()].find((c) => c.email === 'billing@atlas.example')!;
    expect(customer).toMatchObject({
      name: 'Atlas Apparel',
      phone: '+14155550190',
      metadata: { brand_id: String(brand.id) },
    });
    const price = [...stripe.prices.values()].find((p) => p.metadata.plan_id === String(growthPlan))!;
    expect(price).toMatchObject({ unit_amount: 9900, currency: 'usd', recurring: { interval: 'month' } });
    const product = stripe.products.get(price.product as string)!;
    expect((product.features as { name: string }[]).map((f) => f.name)).toEqual([
      'Unlimited conversations',
      'A'.repeat(80),
    ]);
    const coupon = [...stripe.coupons.values()].at(-1)!;
    expect(coupon).toMatchObject({ amount_off: 9900, currency: 'usd', duration: 'once' });
    const promotion = [...stripe.promotionCodes.values()].at(-1)!;
    expect(promotion).toMatchObject({ max_redemptions: 1 });
    expect((promotion.coupon as { id: string }).id).toBe(coupon.id);
    expect(promotion.expires_at! - Math.floor(Date.now() / 1000)).toBeGreaterThan(364 * 86_400);

    const row = await subscriptionRow(result.subscription_id);
    const session = stripe.sessions.get(row.extra_data.checkout_session_id)!;
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer.id,
      success_url: RETURN_URL,
      metadata: { reclaim_subscription_id: String(result.subscription_id) },
    });
    const create = stripe.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(create.body).toMatchObject({
      line_items: [{ price: price.id, quantity: '1' }],
      discounts: [{ promotion_code: promotion.id }],
    });
    expect(create.stripeVersion).toBe('2023-08-16');
    expect(row.extra_data).toMatchObject({
      source: 'web-client',
      checkout_url: result.checkout_url,
      discount_amount: 99,
      billing_email: 'billing@atlas.example',
    });
    expect(Date.parse(row.extra_data.checkout_expired_at)).toBe(session.expires_at * 1000);
    const charges = await t.db('subscription_charges').where({ subscription_id: result.subscription_id });
    expect(charges.map((c) => [c.type, c.status])).toEqual([['recurring', 'pending']]);
  });

  it('a trial goes to checkout without a discount; activation through the signed webhook maps trialing to in_trial', async () => {
    const brand = await createBrand(t.db, { name: 'Birch Studio' });
    const coupons = stripe.coupons.size;
    const result = await subscribe(ctx, {
      brandId: brand.id,
      planId: growthPlan,
      billingEmail: 'ap@birch.example',
      returnUrl: RETURN_URL,
      trialDays: 7,
      applyFirstMonthDiscount: false,
    });
    expect(result).toMatchObject({ trial_days: 7, discount_amount: 0 });
    expect(stripe.coupons.size).toBe(coupons);
    const row = await subscriptionRow(result.subscription_id);
    expect(stripe.calls('POST', '/v1/checkout/sessions').at(-1)!.body).toMatchObject({
      subscription_data: { trial_period_days: '7' },
    });
    expect(stripe.calls('POST', '/v1/checkout/sessions').at(-1)!.body!.discounts).toBeUndefined();

    expect(await sendStripeEvent(stripe.completeCheckout(row.extra_data.checkout_session_id))).toBe(200);
    const activated = await subscriptionRow(result.subscription_id);
    expect(activated.status).toBe('in_trial');
    expect(activated.external_id).toMatch(/^sub_/);
    expect(activated.activated_at).not.toBeNull();
    expect(activated.trial_end_at.getTime() - activated.trial_start_at.getTime()).toBe(7 * DAY);
    const charge = await t.db('subscription_charges').where({ subscription_id: result.subscription_id }).first();
    expect(charge.status).toBe('complete');
  });

  it('refuses a webhook whose signature does not verify, storing nothing', async () => {
    const before = Number((await t.db('webhook_events').where({ source: 'stripe' }).count({ n: '*' }))[0]!.n);
    const event = stripe.event('customer.subscription.updated', {
      id: 'sub_forged',
      object: 'subscription',
      status: 'active',
    });
    expect(await sendStripeEvent(event, { secret: 'whsec_not_ours' })).toBe(401);
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(
      'The request is not from Stripe: the Stripe-Signature header does not verify.',
    );
    expect(Number((await t.db('webhook_events').where({ source: 'stripe' }).count({ n: '*' }))[0]!.n)).toBe(before);
  });

  it('prorates the first-month discount by the age of the oldest activated subscription (10 and 29 days)', async () => {
    for (const [days, discount] of [
      [10, 66],
      [29, 3],
    ] as const) {
      const brand = await createBrand(t.db);
      const [old] = await t
        .db('subscriptions')
        .insert({
          brand_id: brand.id,
          plan_id: growthPlan,
          status: 'cancelled',
          activated_at: new Date(Date.now() - days * DAY - 3_600_000),
        })
        .returning('id');
      const result = await subscribe(ctx, {
        brandId: brand.id,
        planId: growthPlan,
        billingEmail: `ap${days}@prorate.example`,
        returnUrl: RETURN_URL,
        applyFirstMonthDiscount: true,
      });
      expect(result.discount_amount).toBe(discount);
      expect([...stripe.coupons.values()].at(-1)!.amount_off).toBe(discount * 100);
      expect(Number(old.id)).toBeLessThan(result.subscription_id);
    }
  });

  it('keeps nothing when Stripe refuses the checkout (Failed to create subscription)', async () => {
    const brand = await createBrand(t.db);
    stripe.fail({ method: 'POST', path: '/v1/checkout/sessions', status: 400, message: 'No such price', times: 1 });
    await expect(
      subscribe(ctx, {
        brandId: brand.id,
        planId: growthPlan,
        billingEmail: 'ap@refused.example',
        returnUrl: RETURN_URL,
        applyFirstMonthDiscount: false,
      }),
    ).rejects.toThrow('Failed to create subscription');
    expect(await t.db('subscriptions').where({ brand_id: brand.id })).toHaveLength(0);
    expect(await t.db('subscription_charges').where({ brand_id: brand.id })).toHaveLength(0);
  });
});

describe('one live subscription per brand', () => {
  it('refuses a second subscribe while one is live, and cancelling a pending one expires its checkout', async () => {
    const { brandId, subscriptionId } = await activeStripeBrand('Jade Jewelry');
    await expect(
      subscribe(ctx, { brandId, planId: scalePlan, billingEmail: 'ap@jade.example', returnUrl: RETURN_URL }),
    ).rejects.toMatchObject({
      message: 'The brand already has a plan: change it, or cancel it first.',
      cliMessage: `The brand already has a live subscription (${subscriptionId}, active); change its plan with 'reclaim billing change-plan' or cancel it first.`,
    });
    const other = await createBrand(t.db);
    const pending = await subscribe(ctx, {
      brandId: other.id,
      planId: scalePlan,
      billingEmail: 'ap@pending.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    const sessionId = (await subscriptionRow(pending.subscription_id)).extra_data.checkout_session_id;
    expect(await cancelBrandSubscription(ctx, { brandId: other.id })).toMatchObject({
      from: 'pending_setup',
      status: 'cancelled',
      remote: 'none',
    });
    expect(stripe.sessions.get(sessionId)!.status).toBe('expired');
  });

  it("answers 'Customer not found' when Stripe no longer knows the brand's customer", async () => {
    const brand = await createBrand(t.db);
    await t
      .db('subscription_payment_source')
      .insert({ brand_id: brand.id, gateway: 'stripe', external_id: 'cus_deleted0000' });
    await expect(billingPortalUrl(ctx, { brandId: brand.id })).rejects.toThrow('Customer not found');
  });
});

describe('statuses from Stripe webhooks', () => {
  it('maps past_due, keeps the newest event when an older one arrives later, and cancels on customer.subscription.deleted', async () => {
    const { subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Cobalt Tools');
    expect((await subscriptionRow(subscriptionId)).status).toBe('active');
    const older = stripe.setSubscriptionStatus(stripeSubscriptionId, 'unpaid');
    const newer = stripe.setSubscriptionStatus(stripeSubscriptionId, 'past_due');
    newer.created = older.created + 5;
    expect(await sendStripeEvent(newer)).toBe(200);
    expect((await subscriptionRow(subscriptionId)).status).toBe('past_due');
    expect(await sendStripeEvent(older)).toBe(200);
    expect((await subscriptionRow(subscriptionId)).status).toBe('past_due');

    const ended = stripe.endSubscription(stripeSubscriptionId);
    ended.created = newer.created + 10;
    expect(await sendStripeEvent(ended)).toBe(200);
    const row = await subscriptionRow(subscriptionId);
    expect(row.status).toBe('cancelled');
    expect(row.cancelled_at).not.toBeNull();
  });
});

describe('billing error texts (spec 1 section 8) in their situations, changing nothing', () => {
  it("'Payment source creation failed' when Stripe cannot make the customer", async () => {
    const brand = await createBrand(t.db);
    stripe.fail({ method: 'POST', path: '/v1/customers', status: 500, times: 3 });
    await expect(
      subscribe(ctx, {
        brandId: brand.id,
        planId: growthPlan,
        billingEmail: 'ap@nocustomer.example',
        returnUrl: RETURN_URL,
      }),
    ).rejects.toThrow('Payment source creation failed');
    expect(await t.db('subscription_payment_source').where({ brand_id: brand.id })).toHaveLength(0);
  });

  it("'Invalid Plan' for a draft plan, 'Plan not found' for a custom plan from nothing", async () => {
    const brand = await createBrand(t.db);
    const draft = await createPlan(t.db, { name: 'Secret', price: 10, rate: 1, status: 'draft' });
    await expect(
      subscribe(ctx, { brandId: brand.id, planId: draft.id, billingEmail: 'ap@draft.example', returnUrl: RETURN_URL }),
    ).rejects.toThrow('Invalid Plan');
    await expect(
      subscribe(ctx, {
        brandId: brand.id,
        planId: 'custom',
        duplicatePlanId: 987_654,
        planRate: 3,
        planPrice: 50,
        billingEmail: 'ap@draft.example',
        returnUrl: RETURN_URL,
      }),
    ).rejects.toThrow('Plan or brand not found');
    await expect(changePlan(ctx, { subscriptionId: 1, brandId: brand.id, planId: 987_654 })).rejects.toThrow(
      'Plan not found',
    );
    expect(await t.db('subscriptions').where({ brand_id: brand.id })).toHaveLength(0);
  });

  it("'Failed to cancel subscription' when Stripe refuses: the subscription stays active", async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Lark Leather');
    stripe.fail({ method: 'DELETE', path: `/v1/subscriptions/${stripeSubscriptionId}`, status: 500, times: 3 });
    await expect(cancelBrandSubscription(ctx, { brandId })).rejects.toThrow('Failed to cancel subscription');
    expect((await subscriptionRow(subscriptionId)).status).toBe('active');
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.status).toBe('active');
  });

  it("'Failed to create new subscription' when the replacement checkout is refused after the cancel", async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Moss Audio');
    stripe.fail({
      method: 'POST',
      path: `/v1/subscriptions/${stripeSubscriptionId}`,
      status: 400,
      message: 'cannot update',
      times: 1,
    });
    stripe.fail({ method: 'POST', path: '/v1/checkout/sessions', status: 400, message: 'checkout refused', times: 1 });
    await expect(changePlan(ctx, { subscriptionId, brandId, planId: scalePlan })).rejects.toThrow(
      'Failed to create new subscription',
    );
    expect((await subscriptionRow(subscriptionId)).status).toBe('cancelled');
    expect(await t.db('subscriptions').where({ brand_id: brandId })).toHaveLength(1);
  });
});
