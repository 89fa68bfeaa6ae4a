/**
 * The Shopify webhook route on the test database of the calling test file: `useShopifyWebhookApp(t)`
 * starts it in a beforeAll and closes it in an afterAll, and returns the seeds on it; the file
 * reads `ctx` and `app` from here inside its tests (each test file has its own instance of this
 * module). Plus a fresh checkouts/* payload for a shop.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import type { TestDatabaseHandle } from './db.ts';
import {
  checkoutPayload,
  shopifyWebhookSeeds,
  startShopifyWebhookApp,
  type CheckoutFixture,
} from './shopify-webhook.ts';

/** The context and webhook app `useShopifyWebhookApp` started for this test file (set in its beforeAll). */
export let ctx: AppContext;
export let app: FastifyInstance;

/** Call after `useTestDatabase()`, so the database outlives the app. */
export function useShopifyWebhookApp(t: TestDatabaseHandle, env: Record<string, string> = {}) {
  beforeAll(async () => {
    ({ ctx, app } = await startShopifyWebhookApp(t, env));
  });
  afterAll(() => app.close());
  return shopifyWebhookSeeds(t, () => ({ ctx, app }));
}

/** Eight random hex characters, to keep tokens and ids apart between tests. */
export const suffix = (): string => randomBytes(4).toString('hex');

/** A checkouts/* payload for `domain` with a fresh token (unless `f` gives one). */
export const checkout = (domain: string, f: Partial<CheckoutFixture> = {}) =>
  checkoutPayload(domain, { token: `tok${suffix()}`, ...f });
