/**
 * The BigCommerce storefront script in Debian's Chromium: the script BigCommerce would insert
 * (the `src` Reclaim installed through the Scripts API, deferred) on a checkout page of a store
 * whose same-origin Storefront API answers the shopper's cart and checkout; its cross-origin post
 * reaches the real ingest endpoint (CORS included) and becomes the shopper's cart; being anonymous, it
 * makes nobody textable (no contact, channel or consent).
 * Both origins are served in-process through Playwright's routing: nothing listens on a port but
 * the fake BigCommerce Admin API.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { chromium, type BrowserContext, type Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { STORE_EFFECTS, WEBHOOK_PROCESSORS } from '../../src/flows/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { bigcommerceRoutes, pixelIngestRoutes, storefrontScriptRoutes } from '../../src/stores/index.ts';
import { processWebhookEvent } from '../../src/webhooks/index.ts';
import { usPhone } from '../factories/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { CHROMIUM, CHROMIUM_ARGS } from './harness.ts';

const HASH = 'browserstore';
const SHOP = 'https://shop.example.com';
const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let browser: BrowserContext;
let profile: string;
let integrationId: number;

beforeAll(async () => {
  fake = await startFakeBigCommerce();
  ctx = await t.context({
    ...fake.config,
    PUBLIC_URL: 'https://reclaim.test',
  });
  app = await buildHttpServer(ctx, {
    routes: [bigcommerceRoutes(STORE_EFFECTS), pixelIngestRoutes, storefrontScriptRoutes],
    panel: false,
  });
  const { code } = fake.addStore(HASH);
  const installed = await app.inject({
    method: 'GET',
    url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_v2_content%20store_content_checkout&context=stores/${HASH}`,
  });
  expect(installed.statusCode).toBe(302);
  integrationId = Number((await t.db('brand_integrations').where({ lookup_id: HASH }).first()).id);
  profile = await mkdtemp(join(tmpdir(), 'reclaim-storefront-'));
  browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await rm(profile, { recursive: true, force: true });
  await app?.close();
  await fake?.close();
});

/** Reclaim's origin, answered by the app in-process. */
async function reclaim(route: Route, posts: { origin?: string; contentType?: string }[]) {
  const request = route.request();
  const url = new URL(request.url());
  if (request.method() === 'POST')
    posts.push({ origin: request.headers().origin, contentType: request.headers()['content-type'] });
  const response = await app.inject({
    method: request.method() as 'GET' | 'POST' | 'OPTIONS',
    url: `${url.pathname}${url.search}`,
    headers: request.headers(),
    payload: request.postData() ?? undefined,
    remoteAddress: '203.0.113.20',
  });
  const headers = Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => name !== 'content-length' && name !== 'transfer-encoding')
      .map(([name, value]) => [name, String(value)]),
  );
  await route.fulfill({ status: response.statusCode, headers, body: response.rawPayload });
}

describe('the storefront script in Chromium', () => {
  it('reads the cart on the checkout and posts its id, e-mail and phone; the cart is recorded and nobody is made textable', async () => {
    const [script] = fake.store(HASH).scripts;
    expect(script).toMatchObject({ kind: 'src', load_method: 'defer', visibility: 'all_pages' });
    const cartId = randomUUID();
    const phone = usPhone();
    const cart = {
      id: cartId,
      customerId: 0,
      email: 'lin@example.com',
      currency: { name: 'US Dollars', code: 'USD', symbol: '$', decimalPlaces: 2 },
      isTaxIncluded: false,
      baseAmount: 30,
      discountAmount: 0,
      cartAmount: 30,
      coupons: [],
      discounts: [],
      lineItems: {
        physicalItems: [{ id: randomUUID(), productId: 77, variantId: 501, name: 'Tee', quantity: 1, salePrice: 30 }],
        digitalItems: [],
        giftCertificates: [],
        customItems: [],
      },
      createdTime: '2026-11-24T18:00:00+00:00',
      updatedTime: '2026-11-24T18:05:00+00:00',
      locale: 'en',
    };
    const posts: { origin?: string; contentType?: string }[] = [];
    await browser.route('https://reclaim.test/**', (route) => reclaim(route, posts));
    await browser.route(`${SHOP}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      const json = (body: unknown) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
      if (path === '/api/storefront/carts') return json([cart]);
      if (path === `/api/storefront/checkouts/${cartId}`)
        return json({ id: cartId, cart, billingAddress: { email: 'lin@example.com', phone } });
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: `<!doctype html><title>Checkout</title><p>Checkout</p><script src="${script!.src}" defer></script>`,
      });
    });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${SHOP}/checkout`);

    const stored = () => t.db('webhook_events').where({ source: 'pixel', brand_integration_id: integrationId }).first();
    await expect.poll(stored, { timeout: 10_000 }).toBeDefined();
    expect(errors).toEqual([]);
    expect(posts).toEqual([{ origin: SHOP, contentType: 'text/plain' }]);
    const event = await stored();
    expect(event.payload).toMatchObject({ cartId, email: 'lin@example.com', phone, lineItemCount: 1, total: 30 });
    await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
    const row = await t.db('carts').where({ brand_integration_id: integrationId, external_id: cartId }).first();
    expect(row).toMatchObject({ total: '30.00', currency: 'USD' });
    expect(row).toMatchObject({ state: 'no_identity', contact_id: null });
    expect(await t.db('contact_channels').whereIn('username', [phone, 'lin@example.com'])).toEqual([]);
    expect(await t.db('channel_consent_events').whereIn('username', [phone, 'lin@example.com'])).toEqual([]);
    await page.close();
  });
});
