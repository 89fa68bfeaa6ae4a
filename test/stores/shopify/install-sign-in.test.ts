/**
 * After a Shopify install, the brand's member lands on the panel signed in through a one-time
 * `/auth/redirect?token=…` link; a brand without a member lands on the start page; and the web
 * pixel is set up with the integration's ingest key.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../../src/accounts/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { apiRoutes, buildHttpServer } from '../../../src/http/index.ts';
import { shopifyInstallRoutes } from '../../../src/stores/index.ts';
import { addTenantMember, createBrandUser } from '../../factories/accounts.ts';
import { createBrand } from '../../factories/index.ts';
import { FakeShopify } from '../../fakes/shopify/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const PUBLIC_URL = 'https://reclaim.example.com';
const t = useTestDatabase();
let fake: FakeShopify;
let app: FastifyInstance;

beforeAll(async () => {
  fake = await FakeShopify.start();
  const ctx = await t.context({
    SHOPIFY_API_KEY: fake.apiKey,
    SHOPIFY_API_SECRET: fake.apiSecret,
    PUBLIC_URL,
    SHOPIFY_ADMIN_BASE_URL: fake.url,
  });
  app = await buildHttpServer(ctx, {
    routes: [shopifyInstallRoutes(STORE_EFFECTS), apiRoutes({ routes: accountsApi, guard: API_GUARD })],
    panel: false,
  });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function install(shop: string, brandId: number): Promise<URL> {
  fake.addShop(shop);
  const query = fake.openQuery(shop, { bid: String(brandId) }).toString();
  const opened = await app.inject({ method: 'GET', url: `/api/integration/shopify/open?${query}` });
  expect(opened.statusCode).toBe(302);
  const callback = fake.approveInstall(opened.headers.location as string, shop);
  const finished = await app.inject({ method: 'GET', url: callback.pathname + callback.search });
  expect(finished.statusCode).toBe(302);
  return new URL(finished.headers.location as string);
}

it("lands the brand's member on the panel signed in through a one-time /auth/redirect link", async () => {
  const { user, brandId } = await createBrandUser(t.db);
  const shop = 'member-brand.myshopify.com';
  const location = await install(shop, brandId);
  const integration = await t.db('brand_integrations').where({ lookup_id: shop }).first();
  expect(`${location.origin}${location.pathname}`).toBe(`${PUBLIC_URL}/auth/redirect`);
  expect(location.searchParams.get('redirectTo')).toBe(`/b/${brandId}?installed=shopify&integration=${integration.id}`);
  const token = location.searchParams.get('token');
  const signIn = await app.inject({ method: 'POST', url: '/api/auth/redirect', payload: { token } });
  expect(signIn.statusCode).toBe(200);
  expect(signIn.json()).toMatchObject({ user_id: user.id, brand_id: brandId });
  const reused = await app.inject({ method: 'POST', url: '/api/auth/redirect', payload: { token } });
  expect(reused.statusCode).toBe(401);
  expect(JSON.parse(fake.shop(shop).webPixel!.settings)).toEqual({
    ingestKey: integration.ingest_key,
    ingestUrl: `${PUBLIC_URL}/ingest/pixel`,
  });
});

it('lands a brand without a member on the start page, with no token', async () => {
  const brand = await createBrand(t.db);
  const location = await install('memberless-brand.myshopify.com', brand.id);
  expect(location.pathname).toBe('/');
  expect(location.searchParams.get('installed')).toBe('shopify');
  expect(location.searchParams.has('token')).toBe(false);
});

it("does not sign in an admin whose account reaches another tenant (an agency's user logs in with a password)", async () => {
  const { user, brandId } = await createBrandUser(t.db);
  const other = await createBrand(t.db);
  await addTenantMember(t.db, { tenantId: other.tenant_id, userId: user.id, role: 'admin' });
  const location = await install('agency-brand.myshopify.com', brandId);
  expect(location.pathname).toBe('/');
  expect(location.searchParams.get('installed')).toBe('shopify');
  expect(location.searchParams.has('token')).toBe(false);
  expect(await t.db('sign_in_tokens').where({ user_id: user.id }).count({ n: '*' }).first()).toEqual({ n: '0' });
});
