import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, type AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import {
  createShopifyAdminClient,
  disconnectIntegration,
  getBrandIntegration,
  getShopInfo,
  shopifyAdminFor,
  shopifyInstallRoutes,
  SHOPIFY_SCOPES,
  SHOPIFY_SUBSCRIPTION_TOPICS,
} from '../../../src/stores/index.ts';
import { createBrand } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { TEST_ENCRYPTION_KEY, useTestDatabase } from '../../helpers/db.ts';

const PUBLIC_URL = 'https://reclaim.example.com';
const KEY = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');
const BAD_REQUEST = 'The request may not be from Shopify, please contact support if you believe this is an error.';

interface IntegrationSettings {
  credentials: Record<string, string>;
  installed_at?: string;
  health?: Record<string, string>;
  shop_info?: Record<string, unknown>;
  access_token_expires_at?: string;
  refresh_token_expires_at?: string;
  admin_url?: string;
}

const t = useTestDatabase();
let ctx: AppContext;
let fake: FakeShopify;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await FakeShopify.start();
  ctx = await t.context({
    SHOPIFY_API_KEY: fake.apiKey,
    SHOPIFY_API_SECRET: fake.apiSecret,
    PUBLIC_URL,
    SHOPIFY_ADMIN_BASE_URL: fake.url,
  });
  app = await buildHttpServer(ctx, { routes: [shopifyInstallRoutes(STORE_EFFECTS)], panel: false });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const integrationOf = (shop: string) =>
  t
    .db('brand_integrations')
    .where({ lookup_id: shop })
    .first<{ id: string; brand_id: string; status: string; is_enabled: boolean; settings: IntegrationSettings }>();
const rawRow = async (id: string): Promise<string> =>
  JSON.stringify(await t.db('brand_integrations').where({ id }).first());
const count = async (table: string): Promise<number> =>
  Number((await t.db(table).count<{ count: string }[]>('* as count'))[0]!.count);

async function open(shop: string, extra: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/api/integration/shopify/open?${fake.openQuery(shop, extra).toString()}` });
}
async function install(shop: string, extra: Record<string, string> = {}) {
  const opened = await open(shop, extra);
  expect(opened.statusCode).toBe(302);
  const callback = fake.approveInstall(opened.headers.location as string, shop);
  return { opened, callback, finished: await app.inject({ method: 'GET', url: callback.pathname + callback.search }) };
}

describe('Shopify install: open -> authorize -> callback -> connected', () => {
  it('goes from open to connected with the token sealed, the brand named, every webhook registered', async () => {
    const shop = 'acme-outfitters.myshopify.com';
    fake.addShop(shop);
    const tenantsBefore = await count('tenants');

    const opened = await open(shop);
    expect(opened.statusCode).toBe(302);
    const location = new URL(opened.headers.location as string);
    expect(location.origin + location.pathname).toBe(`${fake.url}/admin/oauth/authorize`);
    const pending = await integrationOf(shop);
    expect(pending).toMatchObject({ status: 'pending_setup', is_enabled: false });
    expect(Object.fromEntries(location.searchParams)).toEqual({
      client_id: fake.apiKey,
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: `${PUBLIC_URL}/api/integration/${pending!.id}/auth`,
      state: expect.any(String),
      'grant_options[]': '',
    });
    const state = location.searchParams.get('state')!;
    expect(pending!.settings.credentials.state).not.toBe(state);
    expect(decryptSecret(pending!.settings.credentials.state, KEY)).toBe(state);
    expect(await rawRow(pending!.id)).not.toContain(state);
    // A shop never seen, opened without bid: a tenant and brand named after the subdomain.
    expect(await count('tenants')).toBe(tenantsBefore + 1);
    expect(await t.db('brands').where({ id: pending!.brand_id }).first()).toMatchObject({
      name: 'acme-outfitters',
      domain: shop,
      extra_data: { placeholder: 'shopify_install' },
    });

    const callback = fake.approveInstall(location.toString(), shop);
    const finished = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(finished.statusCode).toBe(302);
    // A shop never seen: its merchant is set up from the shop's lead and signed in.
    const landing = new URL(finished.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/redirect`);
    expect(landing.searchParams.get('redirectTo')).toBe(
      `/b/${pending!.brand_id}?installed=shopify&integration=${pending!.id}`,
    );

    const connected = await integrationOf(shop);
    expect(connected).toMatchObject({ id: pending!.id, status: 'connected', is_enabled: true });
    expect(connected!.settings.installed_at).toEqual(expect.any(String));
    expect(connected!.settings.health).toBeUndefined();
    expect(connected!.settings.credentials.state).toBeUndefined();
    const [token] = [...fake.shop(shop).accessTokens];
    expect(token).toMatch(/^shpat_/);
    expect(decryptSecret(connected!.settings.credentials.access_token, KEY)).toBe(token);
    expect(await rawRow(pending!.id)).not.toContain(token!);
    // The code was exchanged for an expiring offline token: its refresh token is sealed, its expiry kept.
    const exchange = fake.requests.find((r) => r.path === '/admin/oauth/access_token');
    expect(exchange?.body).toEqual({
      client_id: fake.apiKey,
      client_secret: fake.apiSecret,
      code: callback.searchParams.get('code'),
      expiring: '1',
    });
    const [refreshToken] = [...fake.shop(shop).refreshTokens.keys()];
    expect(decryptSecret(connected!.settings.credentials.refresh_token!, KEY)).toBe(refreshToken);
    expect(await rawRow(pending!.id)).not.toContain(refreshToken!);
    const expiresIn = Date.parse(String(connected!.settings.access_token_expires_at)) - Date.now();
    expect(expiresIn).toBeGreaterThan(3500_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
    expect(Date.parse(String(connected!.settings.refresh_token_expires_at)) - Date.now()).toBeGreaterThan(
      89 * 86_400_000,
    );
    expect(connected!.settings.admin_url).toBe('https://admin.shopify.com/store/acme-outfitters');
    expect(connected!.settings.shop_info).toMatchObject({
      name: 'Acme Outfitters Store',
      myshopify_domain: shop,
      primary_domain_url: 'https://www.acme-outfitters.example.com',
      currency: 'USD',
      plan_name: 'Basic',
    });
    expect(await t.db('brands').where({ id: pending!.brand_id }).first()).toMatchObject({
      name: 'Acme Outfitters Store',
      domain: 'www.acme-outfitters.example.com',
      timezone: 'America/New_York',
      support_email: 'help@acme-outfitters.example.com',
    });

    const subscriptions = fake.shop(shop).webhookSubscriptions;
    expect(subscriptions.map((s) => s.topic).sort()).toEqual([...SHOPIFY_SUBSCRIPTION_TOPICS].sort());
    expect(new Set(subscriptions.map((s) => `${s.uri} ${s.format}`))).toEqual(
      new Set([`${PUBLIC_URL}/webhooks/shopify JSON`]),
    );
    // The web pixel is set up with the integration's ingest key and our ingest URL.
    const { ingest_key: ingestKey } = await t.db('brand_integrations').where({ lookup_id: shop }).first();
    expect(JSON.parse(fake.shop(shop).webPixel!.settings)).toEqual({
      ingestKey,
      ingestUrl: `${PUBLIC_URL}/ingest/pixel`,
    });
    // Every Admin call carried the token in X-Shopify-Access-Token and went to the configured version.
    const calls = fake.requests.filter((r) => r.operation);
    expect(
      calls.every(
        (r) =>
          r.headers['x-shopify-access-token'] === token &&
          r.path === `/admin/api/${ctx.config.SHOPIFY_API_VERSION}/graphql.json`,
      ),
    ).toBe(true);

    // The callback cannot be replayed: the state nonce is used up.
    const replay = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe(BAD_REQUEST);
  });

  it('a re-install of a known shop reconnects the same row and keeps or repoints subscriptions', async () => {
    const shop = 'repeat-buyer.myshopify.com';
    const data = fake.addShop(shop);
    const first = await install(shop);
    expect(first.finished.statusCode).toBe(302);
    const row = await integrationOf(shop);
    const [old] = data.webhookSubscriptions.filter((s) => s.topic === 'APP_UNINSTALLED');
    old!.uri = 'https://old-host.example.com/webhooks/shopify';
    await disconnectIntegration(t.db, Number(row!.id));
    const tenants = await count('tenants');

    const reopened = await open(shop);
    expect(reopened.statusCode).toBe(302);
    expect(await integrationOf(shop)).toMatchObject({ id: row!.id, status: 'pending_setup', is_enabled: false });
    const callback = fake.approveInstall(reopened.headers.location as string, shop);
    expect((await app.inject({ method: 'GET', url: callback.pathname + callback.search })).statusCode).toBe(302);

    expect(await integrationOf(shop)).toMatchObject({ id: row!.id, status: 'connected', is_enabled: true });
    expect(await t.db('brand_integrations').where({ lookup_id: shop })).toHaveLength(1);
    expect(await count('tenants')).toBe(tenants);
    expect(data.webhookSubscriptions).toHaveLength(SHOPIFY_SUBSCRIPTION_TOPICS.length);
    expect(data.webhookSubscriptions.find((s) => s.id === old!.id)?.uri).toBe(`${PUBLIC_URL}/webhooks/shopify`);
    expect(fake.operations('WebhookSubscriptionUpdate').filter((r) => r.shop === shop)).toHaveLength(1);
  });

  it('with bid, the integration belongs to that brand and no tenant is created', async () => {
    const brand = await createBrand(t.db, { name: 'Known Brand' });
    const shop = 'known-brand.myshopify.com';
    fake.addShop(shop);
    const tenants = await count('tenants');
    const { finished } = await install(shop, { bid: String(brand.id) });
    expect(finished.statusCode).toBe(302);
    expect(await integrationOf(shop)).toMatchObject({ brand_id: String(brand.id), status: 'connected' });
    expect(await count('tenants')).toBe(tenants);
    expect(await t.db('brands').where({ id: brand.id }).first()).toMatchObject({ name: 'Known Brand' });
  });

  it("a missing scope sets the health 'Permissions required' with 'Missing permissions: …'", async () => {
    const shop = 'few-scopes.myshopify.com';
    fake.addShop(shop, { withheldScopes: ['write_pixels', 'read_customer_events'] });
    const { finished } = await install(shop);
    expect(finished.statusCode).toBe(302);
    const row = await integrationOf(shop);
    expect(row).toMatchObject({ status: 'connected', is_enabled: true });
    expect(row!.settings.health).toEqual({
      status: 'Permissions required',
      message: 'Missing permissions: write_pixels, read_customer_events',
      level: 'warning',
      action: 'reconnect',
    });
  });
});

describe('expiring offline tokens', () => {
  it('an access token about to expire is refreshed once, stored sealed, and the old refresh token ends when the new token is used', async () => {
    const shop = 'token-refresh.myshopify.com';
    fake.addShop(shop);
    await install(shop);
    const row = await integrationOf(shop);
    const oldAccess = decryptSecret(row!.settings.credentials.access_token, KEY);
    const oldRefresh = decryptSecret(row!.settings.credentials.refresh_token!, KEY);
    // Still valid for a while: no refresh.
    const fresh = await shopifyAdminFor(ctx, (await getBrandIntegration(t.db, Number(row!.id)))!);
    expect((await getShopInfo(fresh)).myshopifyDomain).toBe(shop);
    expect(
      fake.requests.filter((r) => (r.body as { grant_type?: string })?.grant_type === 'refresh_token'),
    ).toHaveLength(0);

    // Two minutes left: two workers at once refresh it once, and both get the new token.
    await t
      .db('brand_integrations')
      .where({ id: row!.id })
      .update({
        settings: t.db.raw(`settings || jsonb_build_object('access_token_expires_at', ?::text)`, [
          new Date(Date.now() + 120_000).toISOString(),
        ]),
      });
    const stale = (await getBrandIntegration(t.db, Number(row!.id)))!;
    const [a, b] = await Promise.all([shopifyAdminFor(ctx, stale), shopifyAdminFor(ctx, stale)]);
    const refreshes = fake.requests.filter((r) => (r.body as { grant_type?: string })?.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.body).toEqual({
      client_id: fake.apiKey,
      client_secret: fake.apiSecret,
      grant_type: 'refresh_token',
      refresh_token: oldRefresh,
    });
    const after = await integrationOf(shop);
    const newAccess = decryptSecret(after!.settings.credentials.access_token, KEY);
    expect(newAccess).not.toBe(oldAccess);
    expect(decryptSecret(after!.settings.credentials.refresh_token!, KEY)).not.toBe(oldRefresh);
    expect(Date.parse(after!.settings.access_token_expires_at!) - Date.now()).toBeGreaterThan(3500_000);
    expect(await rawRow(row!.id)).not.toContain(newAccess);
    expect(fake.shop(shop).refreshTokens.has(oldRefresh)).toBe(true);
    expect((await getShopInfo(a)).myshopifyDomain).toBe(shop);
    expect((await getShopInfo(b)).myshopifyDomain).toBe(shop);
    expect(fake.requests.at(-1)!.headers['x-shopify-access-token']).toBe(newAccess);
    expect(fake.shop(shop).refreshTokens.has(oldRefresh)).toBe(false);
  });

  it("a refresh token Shopify refuses is 'Authentication error'; an expired token is refused by Shopify", async () => {
    const shop = 'token-revoked.myshopify.com';
    fake.addShop(shop);
    await install(shop);
    const row = await integrationOf(shop);
    fake.shop(shop).refreshTokens.clear();
    await t
      .db('brand_integrations')
      .where({ id: row!.id })
      .update({
        settings: t.db.raw(`settings || jsonb_build_object('access_token_expires_at', ?::text)`, [
          new Date(Date.now() - 1000).toISOString(),
        ]),
      });
    const integration = (await getBrandIntegration(t.db, Number(row!.id)))!;
    await expect(shopifyAdminFor(ctx, integration)).rejects.toMatchObject({
      kind: 'unauthorized',
      message: 'Authentication error',
    });
    for (const token of fake.shop(shop).tokenExpiry.keys()) fake.shop(shop).tokenExpiry.set(token, Date.now() - 1);
    const client = createShopifyAdminClient({
      config: ctx.config,
      shop,
      accessToken: decryptSecret(row!.settings.credentials.access_token, KEY),
    });
    await expect(getShopInfo(client)).rejects.toMatchObject({ kind: 'unauthorized', message: 'Authentication error' });
  });
});

describe('Shopify install refusals change nothing', () => {
  it('a tampered HMAC on open is refused with 401 and nothing is created', async () => {
    const shop = 'tampered.myshopify.com';
    fake.addShop(shop);
    const [tenants, integrations] = [await count('tenants'), await count('brand_integrations')];
    const query = fake.openQuery(shop);
    query.set('timestamp', String(Number(query.get('timestamp')) + 1));
    const res = await app.inject({ method: 'GET', url: `/api/integration/shopify/open?${query.toString()}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(BAD_REQUEST);
    const forged = await app.inject({
      method: 'GET',
      url: `/api/integration/shopify/open?${fake
        .openQuery(shop)
        .toString()
        .replace(/hmac=[0-9a-f]{4}/, 'hmac=0000')}`,
    });
    expect(forged.statusCode).toBe(401);
    const signedElsewhere = fake.sign({ shop, timestamp: '1700000000' }, 'not-our-secret');
    expect(
      (await app.inject({ method: 'GET', url: `/api/integration/shopify/open?${signedElsewhere.toString()}` }))
        .statusCode,
    ).toBe(401);
    expect(await integrationOf(shop)).toBeUndefined();
    expect([await count('tenants'), await count('brand_integrations')]).toEqual([tenants, integrations]);
  });

  it('a correctly signed but stale (replayed) open or callback is refused with 401', async () => {
    const shop = 'stale-link.myshopify.com';
    fake.addShop(shop);
    const [tenants, integrations] = [await count('tenants'), await count('brand_integrations')];
    const stale = fake.openQuery(shop, { timestamp: String(Math.floor(Date.now() / 1000) - 120) });
    const res = await app.inject({ method: 'GET', url: `/api/integration/shopify/open?${stale.toString()}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(BAD_REQUEST);
    expect([await count('tenants'), await count('brand_integrations')]).toEqual([tenants, integrations]);

    const opened = await open(shop);
    const callback = fake.approveInstall(opened.headers.location as string, shop);
    const late = fake.sign({
      ...Object.fromEntries(callback.searchParams),
      timestamp: String(Math.floor(Date.now() / 1000) - 120),
    });
    const res2 = await app.inject({ method: 'GET', url: `${callback.pathname}?${late.toString()}` });
    expect(res2.statusCode).toBe(401);
    expect(await integrationOf(shop)).toMatchObject({ status: 'pending_setup', is_enabled: false });
  });

  it("an invalid shop is refused with 400 'Invalid shop provided' and nothing is created", async () => {
    const [tenants, integrations] = [await count('tenants'), await count('brand_integrations')];
    for (const shop of ['evil.example.com', 'acme.myshopify.com.evil.com', '']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/integration/shopify/open?${fake.sign({ shop, timestamp: '1700000000' }).toString()}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Invalid shop provided');
    }
    expect([await count('tenants'), await count('brand_integrations')]).toEqual([tenants, integrations]);
  });

  it('a callback with a tampered code or a wrong state is refused and the integration stays pending', async () => {
    const shop = 'careful-shop.myshopify.com';
    fake.addShop(shop);
    const opened = await open(shop);
    const callback = fake.approveInstall(opened.headers.location as string, shop);
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'attacker-code');
    const res = await app.inject({ method: 'GET', url: tampered.pathname + tampered.search });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(BAD_REQUEST);

    const wrongState = fake.sign({ ...Object.fromEntries(callback.searchParams), state: 'guessed' });
    const res2 = await app.inject({ method: 'GET', url: `${callback.pathname}?${wrongState.toString()}` });
    expect(res2.statusCode).toBe(401);
    expect(await integrationOf(shop)).toMatchObject({ status: 'pending_setup', is_enabled: false });
    expect(
      fake.requests.filter(
        (r) => r.path === '/admin/oauth/access_token' && (r.body as { code?: string })?.code === 'attacker-code',
      ),
    ).toHaveLength(0);
  });
});
