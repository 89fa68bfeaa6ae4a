/**
 * The BigCommerce storefront script: served at /storefront/bigcommerce.js (JavaScript, cache
 * headers, ETag, no secret in it; a bad key 404, a Shopify key 'Not implemented for identify'),
 * installed through the Scripts API of the fake BigCommerce at install and by the sync (created,
 * unchanged, updated, a duplicate removed, deleted), and run against a small fake storefront
 * (its Storefront API answering in the documented camelCase shape) so that what it posts goes
 * through the real ingest endpoint into the shopper's cart: linked to a contact that already has
 * the address, never creating one and never granting consent.
 */
import { randomUUID } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS, WEBHOOK_PROCESSORS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import {
  bigcommerceRoutes,
  ensureIngestKey,
  pixelIngestRoutes,
  storefrontScriptRoutes,
  syncStorefrontScript,
  STOREFRONT_SCRIPT_NAME,
  UNKNOWN_STOREFRONT_KEY,
} from '../../../src/stores/index.ts';
import { processWebhookEvent } from '../../../src/webhooks/index.ts';
import { createBrand, createContact, createIntegration, usPhone } from '../../factories/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';

const HASH = 'scriptstore1';
const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let integrationId: number;
let key: string;

async function install(hash: string, scope: string): Promise<number> {
  const { code } = fake.addStore(hash);
  const response = await app.inject({
    method: 'GET',
    url: `/api/integration/bigcommerce/auth?code=${code}&scope=${encodeURIComponent(scope)}&context=stores/${hash}`,
  });
  expect(response.statusCode).toBe(302);
  return Number((await t.db('brand_integrations').where({ lookup_id: hash }).first()).id);
}

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
  integrationId = await install(HASH, 'store_v2_content store_content_checkout store_cart store_v2_orders_read_only');
  key = (await t.db('brand_integrations').where({ id: integrationId }).first()).ingest_key;
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const scripts = (hash = HASH) => fake.store(hash).scripts;
const serve = (query: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/storefront/bigcommerce.js${query}`, headers });

describe('installed through the Scripts API', () => {
  it('adds the script at install, on every page with the Checkout content scope, once', async () => {
    expect(key).toMatch(/^rk_/);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).toMatchObject({
      name: STOREFRONT_SCRIPT_NAME,
      src: `https://reclaim.test/storefront/bigcommerce.js?key=${key}`,
      kind: 'src',
      load_method: 'defer',
      location: 'footer',
      visibility: 'all_pages',
      consent_category: 'targeting',
      auto_uninstall: true,
      enabled: true,
      api_client_id: fake.clientId,
    });
    const created = fake.requests.filter((r) => r.method === 'POST' && r.path === `/stores/${HASH}/v3/content/scripts`);
    expect(created).toHaveLength(1);
    expect(created[0]!.body).not.toHaveProperty('html');
  });

  it('sync: unchanged, then updated when the URL drifted, a duplicate removed, another app left alone, then removed', async () => {
    expect(await syncStorefrontScript(ctx, { integrationId })).toMatchObject({
      action: 'unchanged',
      duplicatesRemoved: 0,
    });
    const [ours] = scripts();
    ours!.src = 'https://old-host.example/storefront/bigcommerce.js?key=rk_old';
    scripts().push(
      { ...ours!, uuid: randomUUID() },
      { ...ours!, uuid: randomUUID(), name: 'Other app', src: 'https://x.example/a.js', api_client_id: 'other-app' },
    );
    const updated = await syncStorefrontScript(ctx, { integrationId });
    expect(updated).toMatchObject({ action: 'updated', scriptUuid: ours!.uuid, duplicatesRemoved: 1 });
    expect(scripts().map((s) => [s.api_client_id, s.src])).toEqual([
      [fake.clientId, `https://reclaim.test/storefront/bigcommerce.js?key=${key}`],
      ['other-app', 'https://x.example/a.js'],
    ]);
    expect(await syncStorefrontScript(ctx, { integrationId, remove: true })).toMatchObject({ action: 'deleted' });
    expect(await syncStorefrontScript(ctx, { integrationId, remove: true })).toMatchObject({ action: 'absent' });
    expect(scripts().map((s) => s.api_client_id)).toEqual(['other-app']);
    const env = { ...testEnv(t.url), BIGCOMMERCE_API_BASE_URL: fake.url, PUBLIC_URL: 'https://reclaim.test' };
    const cli = await runCli(
      ['stores', 'storefront-script', 'sync', '--integration', String(integrationId), '--json'],
      env,
    );
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toMatchObject({ action: 'created', storeHash: HASH, visibility: 'all_pages' });
    expect(scripts().filter((s) => s.api_client_id === fake.clientId)).toHaveLength(1);
  });

  it('without the Content scope the install goes on and the sync says what to add; a Shopify store is refused', async () => {
    const other = await install('scriptstore2', 'store_cart store_v2_orders_read_only');
    expect(scripts('scriptstore2')).toHaveLength(0); // install went on; the failure was logged
    await expect(syncStorefrontScript(ctx, { integrationId: other })).rejects.toThrow(
      /installed without the Content scope \(store_v2_content\)/,
    );
    const shop = await createIntegration(t.db, (await createBrand(t.db)).id);
    await expect(syncStorefrontScript(ctx, { integrationId: shop.id })).rejects.toThrow(/not a BigCommerce store/);
  });
});

describe('GET /storefront/bigcommerce.js', () => {
  it('serves JavaScript with the ingest URL, cache headers and an ETag; no secret in it', async () => {
    const response = await serve(`?key=${key}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain(`"https://reclaim.test/ingest/pixel/${key}"`);
    expect(response.body).toContain("'/api/storefront/carts'");
    expect(response.body).not.toContain(fake.store(HASH).token);
    const settings = (await t.db('brand_integrations').where({ id: integrationId }).first()).settings;
    for (const sealed of Object.values(settings.credentials as Record<string, string>))
      expect(response.body).not.toContain(sealed);
    const again = await serve(`?key=${key}`, { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('a malformed or unknown key is a 404 that says so; a Shopify key is Not implemented for identify', async () => {
    for (const query of ['', '?key=nope', `?key=rk_${'A'.repeat(24)}`]) {
      const response = await serve(query);
      expect([response.statusCode, response.json().error.message]).toEqual([404, UNKNOWN_STOREFRONT_KEY]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const shop = await createIntegration(t.db, (await createBrand(t.db)).id);
    const response = await serve(`?key=${await ensureIngestKey(t.db, shop.id)}`);
    expect([response.statusCode, response.json().error.message]).toEqual([400, 'Not implemented for identify']);
  });
});

/** A BigCommerce storefront cart as GET /api/storefront/carts answers it (camelCase). */
const storefrontCart = (id: string, email: string, lines: number) => ({
  id,
  customerId: 0,
  email,
  currency: { name: 'US Dollars', code: 'USD', symbol: '$', decimalPlaces: 2 },
  isTaxIncluded: false,
  baseAmount: 24.5 * lines,
  discountAmount: 0,
  cartAmount: 24.5 * lines,
  coupons: [],
  discounts: [],
  lineItems: {
    physicalItems: Array.from({ length: lines }, (_, i) => ({
      id: randomUUID(),
      parentId: null,
      variantId: 501 + i,
      productId: 77,
      sku: `TEE-${i}`,
      name: 'Tee',
      url: 'https://shop.example.com/tee/',
      quantity: 1,
      isTaxable: true,
      imageUrl: 'https://cdn11.bigcommerce.com/s-scriptstore1/products/77/images/1/tee.jpg',
      discounts: [],
      coupons: [],
      discountAmount: 0,
      couponAmount: 0,
      listPrice: 24.5,
      salePrice: 24.5,
      extendedListPrice: 24.5,
      extendedSalePrice: 24.5,
      isShippingRequired: true,
      isMutable: true,
    })),
    digitalItems: [],
    giftCertificates: [],
    customItems: [],
  },
  createdTime: '2026-11-24T18:00:00+00:00',
  updatedTime: '2026-11-24T18:05:00+00:00',
  locale: 'en',
});

/** Runs the served script on a fake storefront page; what it posts goes to the real ingest route. */
async function runOnStorefront(path: string, cart: unknown, phone: string | null) {
  const source = (await serve(`?key=${key}`)).body;
  const posted: { status: number; body: Record<string, unknown> }[] = [];
  const storage = new Map<string, string>();
  const json = (status: number, body: unknown) => ({ ok: status < 300, status, json: async () => body });
  const fetch = async (url: string, init: { method?: string; body?: string } = {}) => {
    if (url === '/api/storefront/carts') return json(200, cart ? [cart] : []);
    if (url.startsWith('/api/storefront/checkouts/'))
      return json(200, { id: (cart as { id: string }).id, billingAddress: { email: '', phone: phone ?? '' } });
    const target = new URL(url);
    const response = await app.inject({
      method: init.method as 'POST',
      url: target.pathname,
      headers: { 'content-type': 'text/plain' },
      payload: init.body,
      remoteAddress: '203.0.113.9',
    });
    posted.push({ status: response.statusCode, body: JSON.parse(init.body!) });
    return json(response.statusCode, response.json());
  };
  const window: Record<string, unknown> = {
    fetch,
    location: { pathname: path },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => storage.set(k, v),
    },
    document: { addEventListener: () => undefined, visibilityState: 'visible' },
    setInterval: () => 0,
    clearInterval: () => undefined,
  };
  window.window = window;
  runInNewContext(source, window);
  const capture = (window.ReclaimStorefront as { capture: () => Promise<unknown> }).capture;
  await capture(); // the run the script started on load has the same state: it is sent once
  await new Promise((resolve) => setImmediate(resolve));
  return { posted, capture };
}

async function processPosted(body: Record<string, unknown>) {
  const event = await t
    .db('webhook_events')
    .where({ source: 'pixel', event_id: `${integrationId}:${body.id}` })
    .first();
  await processWebhookEvent(ctx, Number(event.id), WEBHOOK_PROCESSORS);
  return t.db('carts').where({ brand_integration_id: integrationId, external_id: body.cartId }).first();
}

describe('the script on a storefront', () => {
  it('posts the cart id, e-mail and phone from the checkout once; the cart is created, no contact and no consent', async () => {
    const cartId = randomUUID();
    const phone = usPhone();
    const { posted, capture } = await runOnStorefront('/checkout', storefrontCart(cartId, 'ada@example.com', 2), phone);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.status).toBe(200);
    expect(posted[0]!.body).toMatchObject({
      name: 'bigcommerce_cart_identified',
      cartId,
      email: 'ada@example.com',
      phone,
      lineItemCount: 2,
      total: 49,
      currency: 'USD',
    });
    await capture();
    expect(posted).toHaveLength(1); // nothing changed: nothing sent
    const cart = await processPosted(posted[0]!.body);
    expect(cart).toMatchObject({ total: '49.00', currency: 'USD' });
    expect(['pending', 'no_identity']).toContain(cart.state);
    expect(cart.extra_data).toMatchObject({ from_identify: true });
    // The post is anonymous: it identifies the cart, it makes nobody textable.
    expect(cart).toMatchObject({ state: 'no_identity', contact_id: null });
    expect(await t.db('contact_channels').whereIn('username', [phone, 'ada@example.com'])).toEqual([]);
    expect(await t.db('channel_consent_events').whereIn('username', [phone, 'ada@example.com'])).toEqual([]);
  });

  it("links the cart to the contact that already has the e-mail, leaving that contact's consent as it was", async () => {
    const brandId = Number((await t.db('brand_integrations').where({ id: integrationId }).first()).brand_id);
    const phone = usPhone();
    const email = `grace-${randomUUID().slice(0, 6)}@example.com`;
    const { contact, channel } = await createContact(t.db, brandId, {
      phone,
      channel: { status: 'unsubscribed', compliance_type: 'na', consent_source: 'sms_keyword:STOP' },
    });
    await t.db('contact_channels').insert({
      brand_id: brandId,
      contact_id: contact.id,
      type: 'email',
      username: email,
      status: 'subscribed',
      compliance_type: 'a2p',
      consent_source: 'bigcommerce:store/customer/updated',
    });
    const cartId = randomUUID();
    const { posted } = await runOnStorefront('/checkout', storefrontCart(cartId, email, 1), phone);
    const cart = await processPosted(posted[0]!.body);
    expect(cart).toMatchObject({ contact_id: String(contact.id), state: 'no_identity' });
    expect(await t.db('contact_channels').where({ id: channel.id }).first()).toMatchObject({
      status: 'unsubscribed',
      consent_source: 'sms_keyword:STOP',
    });
    expect(await t.db('channel_consent_events').where({ brand_id: brandId, username: phone })).toEqual([]);
  });

  it('an identified shopper with an empty cart makes an empty cart; no e-mail or phone, nothing is sent', async () => {
    const cartId = randomUUID();
    const { posted } = await runOnStorefront('/', storefrontCart(cartId, 'grace@example.com', 0), null);
    expect(posted.map((p) => [p.status, p.body.phone, p.body.lineItemCount])).toEqual([[200, null, 0]]);
    expect(await processPosted(posted[0]!.body)).toMatchObject({ state: 'empty' });
    const anonymous = await runOnStorefront('/cart.php', storefrontCart(randomUUID(), '', 1), null);
    expect(anonymous.posted).toHaveLength(0);
    expect((await runOnStorefront('/', null, null)).posted).toHaveLength(0);
  });
});
