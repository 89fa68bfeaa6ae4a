/**
 * Sign-in through a store for a new merchant: a Shopify or BigCommerce install of a store Reclaim
 * has never seen makes the merchant a lead (the store's e-mail, name, address and phone), then a
 * tenant user through the usual setup, and lands them on the panel through the one-time
 * `/auth/redirect` link; a second install reuses the lead. An app open names its user (BigCommerce
 * load). Reauth: installing again reconnects the store and the brand's messaging integration.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../src/accounts/index.ts';
import { createLogger, type AppContext } from '../../src/app/index.ts';
import { STORE_EFFECTS } from '../../src/flows/index.ts';
import { apiRoutes, buildHttpServer } from '../../src/http/index.ts';
import { bigcommerceRoutes, disconnectIntegration, shopifyInstallRoutes } from '../../src/stores/index.ts';
import { createUser } from '../factories/accounts.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from '../fakes/bigcommerce/index.ts';
import { FakeShopify } from '../fakes/shopify/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const PUBLIC_URL = 'https://reclaim.example.com';
const t = useTestDatabase();
let shopify: FakeShopify;
let bigcommerce: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  shopify = await FakeShopify.start();
  bigcommerce = await startFakeBigCommerce();
  const base = await t.context({
    SHOPIFY_API_KEY: shopify.apiKey,
    SHOPIFY_API_SECRET: shopify.apiSecret,
    SHOPIFY_ADMIN_BASE_URL: shopify.url,
    BIGCOMMERCE_CLIENT_ID: bigcommerce.clientId,
    BIGCOMMERCE_CLIENT_SECRET: bigcommerce.clientSecret,
    BIGCOMMERCE_API_BASE_URL: bigcommerce.url,
    BIGCOMMERCE_LOGIN_BASE_URL: bigcommerce.url,
    PUBLIC_URL,
  });
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  ctx = { ...base, logger: createLogger({ level: 'debug', pretty: false, destination }) };
  app = await buildHttpServer(ctx, {
    routes: [
      shopifyInstallRoutes(STORE_EFFECTS),
      bigcommerceRoutes(STORE_EFFECTS),
      apiRoutes({ routes: accountsApi, guard: API_GUARD }),
    ],
    panel: false,
  });
});
afterAll(async () => {
  await app.close();
  await shopify.close();
  await bigcommerce.close();
});

async function installShop(shop: string, email?: string): Promise<URL> {
  const data = shopify.addShop(shop);
  if (email) data.info.email = email;
  const opened = await app.inject({ method: 'GET', url: `/api/integration/shopify/open?${shopify.openQuery(shop)}` });
  expect(opened.statusCode).toBe(302);
  const callback = shopify.approveInstall(opened.headers.location as string, shop);
  const finished = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(finished.statusCode).toBe(302);
  return new URL(finished.headers.location as string);
}

async function signIn(landing: URL): Promise<{ statusCode: number; body: Record<string, unknown> }> {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/redirect`);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/redirect',
    payload: { token: landing.searchParams.get('token') },
  });
  return { statusCode: response.statusCode, body: response.json() };
}

const leadsOf = (installKey: string) => t.db('leads').whereRaw(`extra_data->>'install_key' = ?`, [installKey]);

describe('Shopify', () => {
  const shop = 'fresh-merchant.myshopify.com';

  it("a new shop's merchant becomes a lead, then the admin of the install's brand, signed in once", async () => {
    const landing = await installShop(shop);
    const integration = await t.db('brand_integrations').where({ lookup_id: shop }).first();
    const [lead] = await leadsOf(`shopify:${shop}`);
    expect(lead).toMatchObject({
      email: `owner@fresh-merchant.example.com`,
      first_name: 'Casey',
      last_name: 'Owner',
      support_phone: '+12125550100',
      source_name: 'shopify',
      brand_id: integration.brand_id,
    });
    expect(lead.extra_data).toMatchObject({ installation_source: 'shopify', install_key: `shopify:${shop}` });
    const user = await t.db('users').where({ id: lead.user_id }).first();
    expect(user).toMatchObject({ email: lead.email, role: 'admin', state: 'active' });
    const member = await t.db('tenant_users').where({ user_id: user.id, tenant_id: lead.tenant_id }).first();
    expect(member).toMatchObject({ role: 'admin', state: 'active' });
    const brand = await t.db('brands').where({ id: integration.brand_id }).first();
    expect(brand.tenant_id).toBe(lead.tenant_id);

    const session = await signIn(landing);
    expect(session.statusCode).toBe(200);
    expect(session.body).toMatchObject({ user_id: Number(user.id), brand_id: Number(integration.brand_id) });
    expect(landing.searchParams.get('redirectTo')).toBe(
      `/b/${integration.brand_id}?installed=shopify&integration=${integration.id}`,
    );
  });

  it('a second install of the same shop reuses the lead, the tenant and the user', async () => {
    const before = await leadsOf(`shopify:${shop}`);
    const landing = await installShop(shop);
    const after = await leadsOf(`shopify:${shop}`);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[0].id, user_id: before[0].user_id, tenant_id: before[0].tenant_id });
    expect(await t.db('users').where({ email: before[0].email }).count('* as n')).toEqual([{ n: '1' }]);
    expect((await signIn(landing)).body).toMatchObject({ user_id: Number(before[0].user_id) });
  });

  it("a shop whose e-mail is an existing account's: the account joins the brand but is not signed in by the shop", async () => {
    const existing = await createUser(t.db, { email: 'taken@merchant.example.com' });
    const other = 'taken-email.myshopify.com';
    const landing = await installShop(other, 'TAKEN@merchant.example.com');
    expect(landing.pathname).toBe('/');
    expect(landing.searchParams.has('token')).toBe(false);
    const [lead] = await leadsOf(`shopify:${other}`);
    expect(Number(lead.user_id)).toBe(existing.id);
    expect(lead.extra_data.existing_user_id).toBe(existing.id);
    expect((await installShop(other, 'taken@merchant.example.com')).searchParams.has('token')).toBe(false);
  });

  it("reauth: re-installing a disconnected shop reconnects it with fresh credentials and the brand's messaging", async () => {
    const integration = await t.db('brand_integrations').where({ lookup_id: shop }).first();
    const [sms] = await t
      .db('integrations')
      .insert({ name: 'Infobip', slug: 'infobip-reauth-test', category: 'sms' })
      .returning('id');
    const [messaging] = await t
      .db('brand_integrations')
      .insert({
        brand_id: integration.brand_id,
        integration_id: sms.id,
        status: 'disconnected',
        is_enabled: false,
        settings: {},
      })
      .returning('id');
    await disconnectIntegration(t.db, integration.id);
    const tokenBefore = integration.settings.credentials.access_token;
    logLines.length = 0;

    await installShop(shop);
    const store = await t.db('brand_integrations').where({ id: integration.id }).first();
    expect(store).toMatchObject({ status: 'connected', is_enabled: true });
    expect(store.settings.reconnected_at).toEqual(expect.any(String));
    expect(store.settings.uninstalled_at).toBeUndefined();
    expect(store.settings.credentials.access_token).not.toBe(tokenBefore);
    const reconnected = await t.db('brand_integrations').where({ id: messaging.id }).first();
    expect(reconnected).toMatchObject({ status: 'connected', is_enabled: true });
    expect(reconnected.settings.reconnected_at).toEqual(expect.any(String));

    const logged = logLines.join('');
    expect(logged).toContain('store integration reconnected with fresh credentials');
    for (const token of shopify.shop(shop).accessTokens) expect(logged).not.toContain(token);
  });
});

describe('BigCommerce', () => {
  const hash = 'newstore1';
  const install = async () => {
    const { code } = bigcommerce.addStore(hash);
    return app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/auth?code=${code}&scope=store_v2_orders&context=stores/${hash}`,
    });
  };
  const load = async (overrides: { user?: Record<string, unknown> | null } = {}) =>
    app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/load?signed_payload_jwt=${encodeURIComponent(await bigcommerce.signedPayload(hash, overrides))}`,
    });

  it("a new store's installing user becomes the lead (with the store's session, never its token) and signs in", async () => {
    const response = await install();
    expect(response.statusCode).toBe(302);
    const [lead] = await leadsOf(`bigcommerce:${hash}`);
    expect(lead).toMatchObject({ email: `staff@${hash}.example-store.com`, source_name: 'bigcommerce' });
    expect(lead.extra_data.bigcommerce_session).toMatchObject({
      store_hash: hash,
      user: { id: 24654, email: `staff@${hash}.example-store.com` },
      owner: { id: 12345, email: `owner@${hash}.example-store.com` },
    });
    expect(JSON.stringify(lead.extra_data)).not.toContain(bigcommerce.store(hash).token);
    const session = await signIn(new URL(response.headers.location as string));
    expect(session.statusCode).toBe(200);
    expect(session.body).toMatchObject({ user_id: Number(lead.user_id), brand_id: Number(lead.brand_id) });
  });

  it('a second install reuses the lead; the app open signs the same user in again and reconnects messaging', async () => {
    await install();
    const leads = await leadsOf(`bigcommerce:${hash}`);
    expect(leads).toHaveLength(1);
    const [sms] = await t
      .db('integrations')
      .insert({ name: 'SMS', slug: 'sms-bc-reauth', category: 'sms' })
      .returning('id');
    const [messaging] = await t
      .db('brand_integrations')
      .insert({ brand_id: leads[0].brand_id, integration_id: sms.id, status: 'disconnected', is_enabled: false })
      .returning('id');
    const opened = await load();
    expect(await t.db('brand_integrations').where({ id: messaging.id }).first()).toMatchObject({
      status: 'connected',
      is_enabled: true,
    });
    expect(opened.statusCode).toBe(302);
    expect((await signIn(new URL(opened.headers.location as string))).body).toMatchObject({
      user_id: Number(leads[0].user_id),
    });
  });

  it("an app open without a user is 'No user data provided'; a user of no brand is refused", async () => {
    const anonymous = await load({ user: null });
    expect([anonymous.statusCode, anonymous.json().error.message]).toEqual([400, 'No user data provided']);
    const stranger = await load({ user: { id: 9, email: 'stranger@elsewhere.example.com' } });
    expect([stranger.statusCode, stranger.json().error.message]).toEqual([
      403,
      'Your account is not connected to a brand, please contact support',
    ]);
  });
});
