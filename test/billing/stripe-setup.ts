/**
 * Billing through Stripe on a test database: the fake Stripe, every route, two plans, seeds.
 * `useStripeBilling(t)` starts it for the calling test file; the file then reads `ctx`, `app`,
 * `stripe`, `growthPlan` and `scalePlan` from here inside its tests (each test file has its own
 * instance of this module).
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { createPlan, subscribe } from '../../src/billing/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { FakeStripe, type StripeEvent } from '../fakes/stripe/index.ts';
import type { TestDatabaseHandle } from '../helpers/db.ts';
import { billableOrders } from './orders.ts';
import { TASKS } from '../../src/cli/index.ts';

export const WEBHOOK_SECRET = 'whsec_test_reclaim_0123456789';
export const RETURN_URL = 'https://app.reclaim.example/billing/done';

export interface StripeBilling {
  ctx: AppContext;
  app: FastifyInstance;
  stripe: FakeStripe;
  growthPlan: number;
  scalePlan: number;
}

/** The fake Stripe, a context and the HTTP server on it, and the Growth and Scale plans. */
export async function startStripeBilling(t: TestDatabaseHandle): Promise<StripeBilling> {
  const stripe = await FakeStripe.start();
  const ctx = await t.context({
    STRIPE_SECRET_KEY: stripe.apiKey,
    STRIPE_API_BASE_URL: stripe.baseUrl,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  const app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
  const growthPlan = (
    await createPlan(t.db, {
      name: 'Growth',
      price: 99,
      rate: 5,
      features: ['Unlimited conversations', 'A'.repeat(120)],
    })
  ).id;
  const scalePlan = (await createPlan(t.db, { name: 'Scale', price: 299, rate: 3 })).id;
  return { ctx, app, stripe, growthPlan, scalePlan };
}

/** The billing `useStripeBilling` started for this test file (set in its beforeAll). */
export let ctx: AppContext;
export let app: FastifyInstance;
export let stripe: FakeStripe;
export let growthPlan: number;
export let scalePlan: number;

/**
 * Starts the billing for the calling test file in a beforeAll and stops it in an afterAll (call it
 * after `useTestDatabase()`, so the database outlives it); returns the seeds on it.
 */
export function useStripeBilling(t: TestDatabaseHandle) {
  beforeAll(async () => {
    ({ ctx, app, stripe, growthPlan, scalePlan } = await startStripeBilling(t));
  });
  afterAll(async () => {
    await app.close();
    await stripe.close();
  });
  return stripeBillingSeeds(t, () => ({ ctx, app, stripe, growthPlan, scalePlan }));
}

/**
 * `sendStripeEvent`, `subscriptionRow`, `activeStripeBrand` and `billableOrder` on the test
 * database `t` and the started billing.
 */
export function stripeBillingSeeds(t: TestDatabaseHandle, started: () => StripeBilling) {
  async function sendStripeEvent(
    event: StripeEvent | Record<string, unknown>,
    { secret = WEBHOOK_SECRET } = {},
  ): Promise<number> {
    const { ctx, app } = started();
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const response = await app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    await runDueJobs(ctx, TASKS);
    return response.statusCode;
  }

  const subscriptionRow = async (id: number) => t.db('subscriptions').where({ id }).first();

  /** A brand subscribed to Growth through Stripe and activated by the checkout webhook. */
  async function activeStripeBrand(
    name: string,
  ): Promise<{ brandId: number; subscriptionId: number; stripeSubscriptionId: string; integrationId: number }> {
    const { ctx, stripe, growthPlan } = started();
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

  const billableOrder = billableOrders(t, 5000);

  return { sendStripeEvent, subscriptionRow, activeStripeBrand, billableOrder };
}
