/**
 * Billing through Stripe, end to end against a local fake Stripe API driven by the official
 * `stripe` library (pinned to API 2023-08-16): subscribe to a checkout, activation by a signed
 * webhook (signature made with the library's test-header helper), usage charges as invoice items
 * invoiced at the end of the period, plan change (update in place, and cancel-and-recreate when
 * Stripe refuses), cancel, the billing portal.
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  billingPortalUrl,
  billingSync,
  cancelBrandSubscription,
  changePlan,
  createPlan,
  subscribe,
} from '../../src/billing/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { FakeStripe, type StripeEvent } from '../fakes/stripe/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const WEBHOOK_SECRET = 'whsec_test_reclaim_0123456789';
const RETURN_URL = 'https://app.reclaim.example/billing/done';
const DAY = 86_400_000;

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let stripe: FakeStripe;
let growthPlan: number;
let scalePlan: number;

async function sendStripeEvent(
  event: StripeEvent | Record<string, unknown>,
  { secret = WEBHOOK_SECRET } = {},
): Promise<number> {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const response = await app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  await runDueJobs(ctx);
  return response.statusCode;
}

const subscriptionRow = async (id: number) => t.db('subscriptions').where({ id }).first();

/** A brand subscribed to Growth through Stripe and activated by the checkout webhook. */
async function activeStripeBrand(
  name: string,
): Promise<{ brandId: number; subscriptionId: number; stripeSubscriptionId: string; integrationId: number }> {
  const brand = await createBrand(t.db, { name });
  const integration = await createIntegration(t.db, brand.id, { status: 'disconnected', is_enabled: false });
  const result = await subscribe(ctx, {
    brandId: brand.id,
    planId: growthPlan,
    billingEmail: `ap@${brand.id}.example`,
    returnUrl: RETURN_URL,
    applyFirstMonthDiscount: false,
    paymentSource: 'stripe',
  });
  const sessionId = (await subscriptionRow(result.subscription_id)).extra_data.checkout_session_id;
  expect(await sendStripeEvent(stripe.completeCheckout(sessionId))).toBe(200);
  const row = await subscriptionRow(result.subscription_id);
  return {
    brandId: brand.id,
    subscriptionId: result.subscription_id,
    stripeSubscriptionId: row.external_id,
    integrationId: integration.id,
  };
}

let orderSeq = 5000;
async function billableOrder(brandId: number, integrationId: number, total: string): Promise<number> {
  orderSeq += 1;
  const [row] = await t
    .db('orders')
    .insert({
      brand_id: brandId,
      brand_integration_id: integrationId,
      external_id: String(orderSeq),
      number: `#${orderSeq}`,
      state: 'complete',
      total,
      billing_status: 'billable',
      recovered_at: new Date(),
    })
    .returning('id');
  return Number(row.id);
}

beforeAll(async () => {
  stripe = await FakeStripe.start();
  ctx = await t.context({
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_API_BASE_URL: stripe.baseUrl,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
  growthPlan = (
    await createPlan(t.db, {
      name: 'Growth',
      price: 99,
      rate: 5,
      features: ['Unlimited conversations', 'A'.repeat(120)],
    })
  ).id;
  scalePlan = (await createPlan(t.db, { name: 'Scale', price: 299, rate: 3 })).id;
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

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
    ).rejects.toThrow(
      `The brand already has a live subscription (${subscriptionId}, active); change its plan with 'reclaim billing change-plan' or cancel it first.`,
    );
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

describe('usage charges on Stripe', () => {
  it('3 billable orders give 3 queued charges with invoice items; a second sync adds none; the period end invoices and completes them', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Dune Ceramics');
    const orders = [
      await billableOrder(brandId, integrationId, '120.00'),
      await billableOrder(brandId, integrationId, '64.30'),
      await billableOrder(brandId, integrationId, '10.00'),
    ];

    const first = await billingSync(ctx, { brandId });
    expect(first.brands[0]).toMatchObject({
      usage_created: 3,
      usage_created_amount: 9.72,
      usage_pushed: 3,
      usage_queued: 3,
      usage_queued_amount: 9.72,
      invoiced: 0,
      errors: [],
    });
    const queued = await t
      .db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage' })
      .orderBy('order_id');
    expect(queued.map((c) => [Number(c.order_id), Number(c.amount), c.status])).toEqual([
      [orders[0], 6, 'queued'],
      [orders[1], 3.22, 'queued'],
      [orders[2], 0.5, 'queued'],
    ]);
    const items = queued.map((c) => stripe.invoiceItems.get(c.external_id)!);
    expect(items.map((i) => [i.amount, i.currency, i.subscription, i.customer])).toEqual(
      items.map(() => [expect.any(Number), 'usd', stripeSubscriptionId, expect.stringMatching(/^cus_/)]),
    );
    expect(items.map((i) => i.amount)).toEqual([600, 322, 50]);

    const second = await billingSync(ctx, { brandId });
    expect(second.brands[0]).toMatchObject({ usage_created: 0, usage_pushed: 0, usage_queued: 3 });
    expect(stripe.invoiceItems.size).toBeGreaterThanOrEqual(3);
    expect(await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' })).toHaveLength(
      3,
    );

    // The period rolls over at Stripe: the next sync invoices the items and finalises the invoice.
    const remote = stripe.subscriptions.get(stripeSubscriptionId)!;
    remote.current_period_start = Math.floor(Date.now() / 1000) + 1;
    remote.current_period_end = remote.current_period_start + 30 * 86_400;
    const third = await billingSync(ctx, { brandId, now: new Date(Date.now() + 2000) });
    expect(third.brands[0]).toMatchObject({ invoiced: 3, usage_queued: 0 });
    const invoiceId = third.brands[0]!.subscriptions[0]!.usage!.invoice_id!;
    const invoice = stripe.invoices.get(invoiceId)!;
    expect(invoice.status).not.toBe('draft');
    expect(invoice.total).toBe(972);
    const done = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' });
    expect(done.map((c) => [c.status, c.extra_data.invoice_id])).toEqual(done.map(() => ['complete', invoiceId]));
    expect(await t.db('orders').whereIn('id', orders).pluck('billing_status')).toEqual([
      'complete',
      'complete',
      'complete',
    ]);
    expect((await subscriptionRow(subscriptionId)).last_billed_at).not.toBeNull();
  });

  it("charges Stripe's own renewal invoice already holds complete with that invoice, and a renewal is a recurring charge", async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Elm Bikes');
    await billableOrder(brandId, integrationId, '200.00');
    await billingSync(ctx, { brandId });
    const { invoice, events } = stripe.renewSubscription(stripeSubscriptionId);
    for (const event of events) expect(await sendStripeEvent(event)).toBe(200);
    const usage = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' }).first();
    expect(usage).toMatchObject({ status: 'complete' });
    expect(usage.extra_data.invoice_id).toBe(invoice.id);
    const renewal = await t
      .db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'recurring', external_id: invoice.id })
      .first();
    expect(renewal).toMatchObject({ status: 'complete' });
    expect(Number(renewal.amount)).toBe(invoice.amount_paid / 100);
    // The same events again change nothing.
    for (const event of events) await sendStripeEvent({ ...event, id: `${event.id}_again` });
    expect(await t.db('subscription_charges').where({ subscription_id: subscriptionId })).toHaveLength(3);
  });
});

describe('plan change, cancel and portal on Stripe', () => {
  it('moves a live subscription to the new price in place (proration invoiced); the old row is cancelled', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Fern Optics');
    const change = await changePlan(ctx, { subscriptionId, brandId, planId: scalePlan });
    expect(change).toMatchObject({ cancelled_subscription_id: subscriptionId, path: 'updated' });
    const update = stripe.calls('POST', `/v1/subscriptions/${stripeSubscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice' });
    const scalePrice = [...stripe.prices.values()].find((p) => p.metadata.plan_id === String(scalePlan))!;
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.items.data[0]!.price.id).toBe(scalePrice.id);
    expect((await subscriptionRow(subscriptionId)).status).toBe('cancelled');
    const replacement = await subscriptionRow(change.subscription.subscription_id);
    expect(replacement).toMatchObject({ external_id: stripeSubscriptionId, plan_id: String(scalePlan) });
    // The next sync reads Stripe and activates the new row.
    await billingSync(ctx, { brandId });
    expect((await subscriptionRow(change.subscription.subscription_id)).status).toBe('active');
  });

  it('when Stripe refuses the update, cancels the old subscription there and creates a new checkout', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Grove Tea');
    stripe.fail({
      method: 'POST',
      path: `/v1/subscriptions/${stripeSubscriptionId}`,
      status: 400,
      message: 'This subscription cannot be updated',
      times: 1,
    });
    const change = await changePlan(ctx, { subscriptionId, brandId, planId: scalePlan });
    expect(change.path).toBe('recreated');
    expect(change.subscription).toMatchObject({ status: 'pending_setup', plan_name: 'Scale' });
    expect(change.subscription.checkout_url).toMatch(/\/c\/pay\/cs_test_/);
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
    expect((await subscriptionRow(subscriptionId)).status).toBe('cancelled');
  });

  it('cancel invoices the queued usage, cancels at Stripe and completes the charges; the portal gives a link', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Heron Paper');
    await billableOrder(brandId, integrationId, '80.00');
    const url = await billingPortalUrl(ctx, { brandId, returnUrl: RETURN_URL });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//);

    const result = await cancelBrandSubscription(ctx, { brandId });
    expect(result).toMatchObject({
      subscription_id: subscriptionId,
      from: 'active',
      status: 'cancelled',
      remote: 'cancelled',
    });
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
    const usage = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' }).first();
    expect(usage.status).toBe('complete');
    expect(stripe.invoices.get(usage.extra_data.invoice_id)!.total).toBe(400);

    const stranger = await createBrand(t.db);
    await expect(billingPortalUrl(ctx, { brandId: stranger.id })).rejects.toThrow('Payment Source not found.');
    await expect(cancelBrandSubscription(ctx, { brandId: stranger.id })).rejects.toThrow(
      'No active subscription found',
    );
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
