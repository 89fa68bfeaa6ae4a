/**
 * The app's web pixel on a Shopify store, against the fake Shopify Admin (which checks inputs and
 * the settings against the extension's settings definition): created, left alone, updated when
 * the settings drift, deleted; `reclaim stores pixel sync`; and the extension's own code posting
 * Shopify's events to the real ingest endpoint.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reclaimPixel } from '../../../extensions/web-pixel/src/pixel.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { pixelIngestRoutes, sealCredentials, SHOPIFY_SCOPES, syncShopifyPixel } from '../../../src/stores/index.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../../helpers/db.ts';
import { checkout, checkoutStarted, productAddedToCart, variant } from '../../helpers/pixel-events.ts';

const PUBLIC_URL = 'https://reclaim.example.com';
const t = useTestDatabase();
let fake: FakeShopify;
let ctx: AppContext;

beforeAll(async () => {
  fake = await FakeShopify.start();
  ctx = await t.context({ SHOPIFY_ADMIN_BASE_URL: fake.url, PUBLIC_URL });
});
afterAll(() => fake.close());

async function connectedShop(scopes: readonly string[] = SHOPIFY_SCOPES) {
  const shop = `pixel-${Math.random().toString(36).slice(2, 8)}.myshopify.com`;
  fake.addShop(shop);
  const token = fake.issueToken(shop, [...scopes]);
  const brand = await createBrand(t.db);
  const integration = await createIntegration(t.db, brand.id, {
    lookup_id: shop,
    settings: { credentials: sealCredentials({ access_token: token }, Buffer.from(TEST_ENCRYPTION_KEY, 'base64')) },
  });
  return { shop, integrationId: integration.id };
}

describe('syncShopifyPixel', () => {
  it('creates the pixel with the ingest key and URL, then leaves it alone, updates drift and deletes it', async () => {
    const { shop, integrationId } = await connectedShop();
    const created = await syncShopifyPixel(ctx, { integrationId });
    const { ingest_key: key } = await t.db('brand_integrations').where({ id: integrationId }).first();
    expect(key).toMatch(/^rk_[\w-]{24}$/);
    expect(created).toMatchObject({ action: 'created', shop, ingestUrl: `${PUBLIC_URL}/ingest/pixel/${key}` });
    expect(JSON.parse(fake.shop(shop).webPixel!.settings)).toEqual({
      ingestKey: key,
      ingestUrl: `${PUBLIC_URL}/ingest/pixel`,
    });
    const [create] = fake.operations('WebPixelCreate');
    expect(typeof (create!.variables!.webPixel as { settings: unknown }).settings).toBe('string');

    expect(await syncShopifyPixel(ctx, { integrationId })).toMatchObject({
      action: 'unchanged',
      pixelId: created.pixelId,
    });

    fake.shop(shop).webPixel!.settings = JSON.stringify({
      ingestKey: key,
      ingestUrl: 'https://old.example.com/ingest/pixel',
    });
    expect(await syncShopifyPixel(ctx, { integrationId })).toMatchObject({
      action: 'updated',
      pixelId: created.pixelId,
    });
    expect(JSON.parse(fake.shop(shop).webPixel!.settings).ingestUrl).toBe(`${PUBLIC_URL}/ingest/pixel`);

    expect(await syncShopifyPixel(ctx, { integrationId, remove: true })).toMatchObject({ action: 'deleted' });
    expect(fake.shop(shop).webPixel).toBeNull();
    expect(await syncShopifyPixel(ctx, { integrationId, remove: true })).toMatchObject({
      action: 'absent',
      pixelId: null,
    });
  });

  it("surfaces Shopify's user error when the app lacks the pixel scopes", async () => {
    const { integrationId } = await connectedShop(SHOPIFY_SCOPES.filter((s) => !s.endsWith('_pixels')));
    await expect(syncShopifyPixel(ctx, { integrationId })).rejects.toThrow(
      'Shopify refused to create the web pixel: Access denied for this field.',
    );
  });

  it('refuses an integration that is not a connected Shopify store', async () => {
    await expect(syncShopifyPixel(ctx, { integrationId: 987654 })).rejects.toThrow('Integration not found');
    const { integrationId } = await connectedShop();
    await t.db('brand_integrations').where({ id: integrationId }).update({ status: 'disconnected', is_enabled: false });
    await expect(syncShopifyPixel(ctx, { integrationId })).rejects.toThrow(/is not connected/);
  });
});

describe('reclaim stores pixel sync', () => {
  it('creates the pixel and prints where events go; --json for scripts; a bad id changes nothing', async () => {
    const { shop, integrationId } = await connectedShop();
    const env = { ...testEnv(t.url), SHOPIFY_ADMIN_BASE_URL: fake.url, PUBLIC_URL };
    const text = await runCli(['stores', 'pixel', 'sync', '--integration', String(integrationId)], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`${shop}: web pixel created (gid://shopify/WebPixel/`);
    expect(text.stdout).toContain(`events post to ${PUBLIC_URL}/ingest/pixel/rk_`);
    const json = await runCli(['stores', 'pixel', 'sync', '--integration', String(integrationId), '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ action: 'unchanged', shop, integrationId });
    const bad = await runCli(['stores', 'pixel', 'sync', '--integration', 'x'], env);
    expect(bad.code).toBe(1);
    expect(fake.shop(shop).webPixel).not.toBeNull();
  });
});

describe('the extension', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildHttpServer(ctx, { routes: [pixelIngestRoutes], panel: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it("posts the events it subscribes to, with the init cart's token, to the ingest endpoint", async () => {
    const { integrationId } = await connectedShop();
    await syncShopifyPixel(ctx, { integrationId });
    const { ingest_key: key } = await t.db('brand_integrations').where({ id: integrationId }).first();
    const { port } = app.server.address() as AddressInfo;
    const callbacks = new Map<string, (event: unknown) => void>();
    const sent: Promise<unknown>[] = [];
    reclaimPixel(
      {
        settings: { ingestKey: key, ingestUrl: `http://127.0.0.1:${port}/ingest/pixel` },
        analytics: {
          subscribe: (name: string, callback: (event: unknown) => void) => (callbacks.set(name, callback), () => true),
        },
        init: { data: { cart: { id: 'c1-extension-cart' } }, customerPrivacy: { marketingAllowed: true } },
      } as unknown as Parameters<typeof reclaimPixel>[0],
      (url, init) => {
        const request = fetch(url, init);
        sent.push(request);
        return request;
      },
    );
    expect([...callbacks.keys()].sort()).toEqual([
      'checkout_completed',
      'checkout_contact_info_submitted',
      'checkout_started',
      'product_added_to_cart',
    ]);
    callbacks.get('product_added_to_cart')!(productAddedToCart(variant('8001', 30), 1));
    callbacks.get('checkout_started')!(checkoutStarted(checkout()));
    const responses = (await Promise.all(sent)) as Response[];
    expect(responses.map((r) => r.status)).toEqual([200, 200]);
    const stored = await t
      .db('webhook_events')
      .where({ source: 'pixel', brand_integration_id: integrationId })
      .orderBy('id');
    // The two posts run at once: either may be stored first.
    expect(stored.map((e) => [e.topic, e.payload.cartToken]).sort()).toEqual([
      ['pixel/checkout_started', 'c1-extension-cart'],
      ['pixel/product_added_to_cart', 'c1-extension-cart'],
    ]);
  });
});
