/**
 * Billing through Shopify app billing on a test database: the fake Shopify, every route, two
 * plans, seeds. `useShopifyBilling(t)` starts it for the calling test file; the file then reads
 * `ctx`, `app`, `shopify`, `growthPlan` and `scalePlan` from here inside its tests (each test file
 * has its own instance of this module).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { createPlan } from '../../src/billing/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { runDueJobs } from '../../src/jobs/index.ts';
import { sealCredentials } from '../../src/stores/index.ts';
import { createBrand, createIntegration } from '../factories/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, type TestDatabaseHandle } from '../helpers/db.ts';
import { sendShopifyWebhook, TEST_SHOPIFY_SECRET } from '../helpers/shopify-webhook.ts';
import { billableOrders } from './orders.ts';
import { TASKS } from '../../src/cli/index.ts';

export const RETURN_URL = 'https://app.reclaim.example/billing/done';

export interface ShopifyBilling {
  ctx: AppContext;
  app: FastifyInstance;
  shopify: FakeShopify;
  growthPlan: number;
  scalePlan: number;
}

/** The fake Shopify, a context and the HTTP server on it, and the Growth and Scale plans. */
export async function startShopifyBilling(t: TestDatabaseHandle): Promise<ShopifyBilling> {
  const shopify = await FakeShopify.start();
  const ctx = await t.context({
    SHOPIFY_API_SECRET: TEST_SHOPIFY_SECRET,
    SHOPIFY_ADMIN_BASE_URL: shopify.url,
    PUBLIC_URL: 'https://reclaim.example.com',
  });
  const app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
  const growthPlan = (
    await createPlan(t.db, { name: 'Growth', price: 99, rate: 10, features: ['Unlimited conversations'] })
  ).id;
  const scalePlan = (await createPlan(t.db, { name: 'Scale', price: 299, rate: 5 })).id;
  return { ctx, app, shopify, growthPlan, scalePlan };
}

/** The billing `useShopifyBilling` started for this test file (set in its beforeAll). */
export let ctx: AppContext;
export let app: FastifyInstance;
export let shopify: FakeShopify;
export let growthPlan: number;
export let scalePlan: number;

/**
 * Starts the billing for the calling test file in a beforeAll and stops it in an afterAll (call it
 * after `useTestDatabase()`, so the database outlives it); returns the seeds on it.
 */
export function useShopifyBilling(t: TestDatabaseHandle) {
  beforeAll(async () => {
    ({ ctx, app, shopify, growthPlan, scalePlan } = await startShopifyBilling(t));
  });
  afterAll(async () => {
    await app.close();
    await shopify.close();
  });
  return shopifyBillingSeeds(t, () => ({ ctx, app, shopify, growthPlan, scalePlan }));
}

/** `shopifyBrand`, `billableOrder` and `activate` on the test database `t` and the started billing. */
export function shopifyBillingSeeds(t: TestDatabaseHandle, started: () => ShopifyBilling) {
  async function shopifyBrand(name: string): Promise<{ brandId: number; shop: string; integrationId: number }> {
    const { shopify } = started();
    const shop = `${name.toLowerCase().replace(/\W+/g, '-')}-${Math.random().toString(36).slice(2, 7)}.myshopify.com`;
    shopify.addShop(shop);
    const brandId = (await createBrand(t.db, { name })).id;
    const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
    const integration = await createIntegration(t.db, brandId, {
      lookup_id: shop,
      settings: { domain: shop, credentials: sealCredentials({ access_token: shopify.issueToken(shop) }, key) },
    });
    return { brandId, shop, integrationId: integration.id };
  }

  const billableOrder = billableOrders(t, 1000);

  async function activate(shop: string, subscriptionGid: string): Promise<void> {
    const { ctx, app, shopify } = started();
    shopify.approveAppSubscription(shop, subscriptionGid);
    const response = await sendShopifyWebhook(app, {
      topic: 'app_subscriptions/update',
      shop,
      payload: shopify.appSubscriptionWebhook(shop, subscriptionGid),
    });
    expect(response.statusCode).toBe(200);
    await runDueJobs(ctx, TASKS);
  }

  return { shopifyBrand, billableOrder, activate };
}
