import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, type AppContext } from '../../../src/app/index.ts';
import { STORE_EFFECTS } from '../../../src/flows/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { bigcommerceRoutes, syncBigCommerceHooks } from '../../../src/stores/index.ts';
import { createBrand } from '../../factories/index.ts';
import { startFakeBigCommerce, type FakeBigCommerce } from '../../fakes/bigcommerce/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { TEST_ENCRYPTION_KEY, testEnv, useTestDatabase } from '../../helpers/db.ts';

const PUBLIC_URL = 'https://reclaim.test';
const DESTINATION = `${PUBLIC_URL}/webhooks/bigcommerce`;
const REINSTALL = 'Please reinstall the app to reconnect your account';
const key = Buffer.from(TEST_ENCRYPTION_KEY, 'base64');

const t = useTestDatabase();
let fake: FakeBigCommerce;
let ctx: AppContext;
let app: FastifyInstance;
let env: Record<string, string>;

beforeAll(async () => {
  fake = await startFakeBigCommerce();
  env = {
    ...fake.config,
    PUBLIC_URL,
  };
  ctx = await t.context(env);
  app = await buildHttpServer(ctx, { routes: [bigcommerceRoutes(STORE_EFFECTS)], panel: false });
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

const integrationOf = (hash: string) =>
  t
    .db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'i.slug': 'bigcommerce', 'bi.lookup_id': hash })
    .first('bi.*');

async function install(hash: string, info?: Record<string, unknown>) {
  const { code } = fake.addStore(hash, info);
  return app.inject({
    method: 'GET',
    url: `/api/integration/bigcommerce/auth?code=${code}&scope=${encodeURIComponent('store_v2_orders store_cart')}&context=stores/${hash}`,
  });
}

describe('app install (auth callback)', () => {
  it('exchanges the code, connects the store with its token sealed, and creates the hooks with the secret header', async () => {
    const response = await install('abc123');
    const row = await integrationOf('abc123');
    expect(response.statusCode).toBe(302);
    // A new merchant: set up from the store's lead and signed in through the one-time link.
    const landing = new URL(response.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/redirect`);
    expect(landing.searchParams.get('redirectTo')).toBe(
      `/b/${row.brand_id}?installed=bigcommerce&integration=${row.id}`,
    );

    // POST https://login.bigcommerce.com/oauth2/token with a JSON body of exactly these seven fields.
    const exchange = fake.requests.find((r) => r.path === '/oauth2/token')!;
    expect([exchange.method, exchange.headers['content-type'], exchange.headers.accept]).toEqual([
      'POST',
      'application/json',
      'application/json',
    ]);
    expect(exchange.body).toEqual({
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
      code: expect.any(String),
      grant_type: 'authorization_code',
      scope: 'store_v2_orders store_cart',
      context: 'stores/abc123',
      redirect_uri: `${PUBLIC_URL}/api/integration/bigcommerce/auth`,
    });

    const token = fake.store('abc123').token;
    expect(row).toMatchObject({ status: 'connected', is_enabled: true, lookup_id: 'abc123' });
    expect(row.settings.credentials.access_token).not.toContain(token);
    expect(decryptSecret(row.settings.credentials.access_token, key)).toBe(token);
    expect(row.settings.installed_at).toEqual(expect.any(String));
    expect(row.settings.domain).toBe('abc123.example-store.com');
    // The token answer names the installing user and the store owner separately.
    expect([row.settings.installed_by, row.settings.store_owner]).toEqual([
      { id: 24654, email: 'staff@abc123.example-store.com' },
      { id: 12345, email: 'owner@abc123.example-store.com' },
    ]);
    const brand = await t.db('brands').where({ id: row.brand_id }).first();
    expect([brand.name, brand.domain]).toEqual(['Store abc123', 'abc123.example-store.com']);

    const secret = decryptSecret(row.settings.credentials.hook_secret, key);
    const hooks = fake.store('abc123').hooks;
    expect(hooks.map((h) => h.scope).sort()).toEqual(['store/cart/*', 'store/customer/*', 'store/order/*']);
    for (const hook of hooks)
      expect(hook).toMatchObject({
        destination: DESTINATION,
        is_active: true,
        headers: { 'X-Reclaim-Hook-Secret': secret },
      });
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/stores/abc123/v3/hooks');
    expect(creates.every((r) => r.headers['x-auth-token'] === token)).toBe(true);
  });

  it('a reinstall re-connects the same integration and does not double the hooks', async () => {
    const before = await integrationOf('abc123');
    const brands = await t.db('brands').count<{ count: string }[]>('* as count');
    const response = await install('abc123');
    const after = await integrationOf('abc123');
    expect(response.statusCode).toBe(302);
    expect(after.id).toBe(before.id);
    expect(after.settings.credentials.hook_secret).toBe(before.settings.credentials.hook_secret);
    expect(fake.store('abc123').hooks).toHaveLength(3);
    expect(await t.db('brands').count<{ count: string }[]>('* as count')).toEqual(brands);
  });

  it("a store whose info has no admin e-mail gets the owner's e-mail from the token answer", async () => {
    expect((await install('noadmin1', { admin_email: '' })).statusCode).toBe(302);
    const brand = await t
      .db('brands')
      .where({ id: (await integrationOf('noadmin1')).brand_id })
      .first();
    expect(brand.support_email).toBe('owner@noadmin1.example-store.com');
  });

  it("a store whose domain is a brand's joins that brand", async () => {
    const brand = await createBrand(t.db, { domain: 'shop-of-sam.com' });
    await install('sam42', { domain: 'www.shop-of-sam.com' });
    expect(Number((await integrationOf('sam42')).brand_id)).toBe(brand.id);
  });

  it.each([
    ['context missing', 'code=x&scope=a', 'No store hash found'],
    ['context not a store', 'code=x&scope=a&context=abc', 'No store hash found'],
  ])('%s: 400 %s, nothing created', async (_case, query, message) => {
    const response = await app.inject({ method: 'GET', url: `/api/integration/bigcommerce/auth?${query}` });
    expect([response.statusCode, response.json().error.message]).toEqual([400, message]);
    expect(await integrationOf('abc')).toBeUndefined();
  });

  it('a token answer without an access token: No access token found, nothing connected', async () => {
    const { code, store } = fake.addStore('tokenless1');
    store.token = '';
    const response = await app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/auth?code=${code}&scope=a&context=stores/tokenless1`,
    });
    expect([response.statusCode, response.json().error.message]).toEqual([502, 'No access token found']);
    expect(await integrationOf('tokenless1')).toBeUndefined();
  });

  it('without PUBLIC_URL the install stops before the code is used: Webhook address is not set', async () => {
    const bare = await t.context({ ...env, PUBLIC_URL: '' });
    const bareApp = await buildHttpServer(bare, { routes: [bigcommerceRoutes(STORE_EFFECTS)], panel: false });
    const { code } = fake.addStore('nourl1');
    const exchanges = fake.requests.filter((r) => r.path === '/oauth2/token').length;
    const response = await bareApp.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/auth?code=${code}&scope=a&context=stores/nourl1`,
    });
    await bareApp.close();
    expect([response.statusCode, response.json().error.message]).toEqual([400, 'Webhook address is not set']);
    expect(fake.requests.filter((r) => r.path === '/oauth2/token').length).toBe(exchanges);
    expect(await integrationOf('nourl1')).toBeUndefined();
  });

  it('a code BigCommerce refuses is reported and nothing is connected', async () => {
    fake.addStore('nocode1');
    const response = await app.inject({
      method: 'GET',
      url: '/api/integration/bigcommerce/auth?code=wrong&scope=a&context=stores/nocode1',
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      'BigCommerce refused the install code (status 400); please install the app again.',
    );
    expect(await integrationOf('nocode1')).toBeUndefined();
  });
});

describe('load and uninstall callbacks (signed_payload_jwt)', () => {
  const call = (path: 'load' | 'uninstall', jwt?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/${path}${jwt === undefined ? '' : `?signed_payload_jwt=${encodeURIComponent(jwt)}`}`,
    });

  it("load with a good signed payload signs the store's user in on the integration's brand", async () => {
    const row = await integrationOf('abc123');
    const response = await call('load', await fake.signedPayload('abc123'));
    expect(response.statusCode).toBe(302);
    const landing = new URL(response.headers.location as string);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/redirect`);
    expect(landing.searchParams.get('redirectTo')).toBe(
      `/b/${row.brand_id}?installed=bigcommerce&integration=${row.id}`,
    );
  });

  it.each([
    ['signed with another secret', { secret: 'not-the-client-secret' }],
    ['for another app', { aud: 'another-client-id' }],
    ['not issued by bc', { iss: 'someone-else' }],
    ['expired', { expiresIn: Math.floor(Date.now() / 1000) - 3600 }],
  ])('a payload %s is refused: 401 and the reinstall message', async (_case, overrides) => {
    for (const path of ['load', 'uninstall'] as const) {
      const response = await call(path, await fake.signedPayload('abc123', overrides));
      expect([response.statusCode, response.json().error.message]).toEqual([401, REINSTALL]);
    }
    expect(await integrationOf('abc123')).toMatchObject({ status: 'connected', is_enabled: true });
  });

  it('no payload, or a garbled one, is refused the same way', async () => {
    for (const jwt of [undefined, 'not.a.jwt']) {
      const response = await call('load', jwt);
      expect([response.statusCode, response.json().error.message]).toEqual([401, REINSTALL]);
    }
  });

  it('a good payload for a store we do not know: 401 reinstall on load', async () => {
    const response = await call('load', await fake.signedPayload('unknown9'));
    expect([response.statusCode, response.json().error.message]).toEqual([401, REINSTALL]);
  });

  it('a good payload without a store subject: Store hash not found', async () => {
    const response = await call('load', await fake.signedPayload('abc123', { sub: 'users/5' }));
    expect([response.statusCode, response.json().error.message]).toEqual([400, 'Store hash not found']);
  });

  it('remove_user with a good signed payload is acknowledged with JSON; a bad one gets the reinstall message', async () => {
    const good = await app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/remove_user?signed_payload_jwt=${encodeURIComponent(await fake.signedPayload('abc123'))}`,
    });
    expect([good.statusCode, good.json()]).toEqual([200, { removed: true }]);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/integration/bigcommerce/remove_user?signed_payload_jwt=${encodeURIComponent(await fake.signedPayload('abc123', { secret: 'nope' }))}`,
    });
    expect([bad.statusCode, bad.json().error.message]).toEqual([401, REINSTALL]);
    expect(await integrationOf('abc123')).toMatchObject({ status: 'connected', is_enabled: true });
  });

  it('uninstall disconnects and disables the integration, stamps uninstalled_at and records a billing cancel event', async () => {
    await install('bye777');
    const before = await integrationOf('bye777');
    const response = await call('uninstall', await fake.signedPayload('bye777'));
    expect([response.statusCode, response.json()]).toEqual([200, { uninstalled: true }]);
    const after = await integrationOf('bye777');
    expect(after).toMatchObject({ status: 'disconnected', is_enabled: false });
    expect(after.settings.uninstalled_at).toEqual(expect.any(String));
    const events = await t.db('billing_events').where({ brand_id: before.brand_id });
    expect(events.map((e) => [e.type, e.reason, e.source])).toEqual([
      ['cancel_subscription', 'app_uninstalled', 'bigcommerce'],
    ]);
    // Loading a store that uninstalled asks for a reinstall.
    const load = await call('load', await fake.signedPayload('bye777'));
    expect([load.statusCode, load.json().error.message]).toEqual([401, REINSTALL]);
  });
});

describe('hook management', () => {
  const cliEnv = () => ({ ...testEnv(t.url), ...env });

  it('reclaim bigcommerce hooks list shows the store hooks without their secret', async () => {
    const row = await integrationOf('abc123');
    const result = await runCli(['bigcommerce', 'hooks', 'list', '--integration', String(row.id), '--json'], cliEnv());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.hooks.map((h: { scope: string; ours: boolean }) => [h.scope, h.ours]).sort()).toEqual([
      ['store/cart/*', true],
      ['store/customer/*', true],
      ['store/order/*', true],
    ]);
    expect(result.stdout).not.toContain(decryptSecret(row.settings.credentials.hook_secret, key));
  });

  it('reclaim bigcommerce hooks sync re-creates a missing hook and keeps the rest', async () => {
    const row = await integrationOf('abc123');
    const store = fake.store('abc123');
    store.hooks.splice(
      store.hooks.findIndex((h) => h.scope === 'store/order/*'),
      1,
    );
    const result = await runCli(['bigcommerce', 'hooks', 'sync', '--integration', String(row.id), '--json'], cliEnv());
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.created.map((h: { scope: string }) => h.scope)).toEqual(['store/order/*']);
    expect(out.kept).toHaveLength(2);
    expect(store.hooks).toHaveLength(3);
  });

  it('sync without PUBLIC_URL: Webhook address is not set, exit 1, nothing called', async () => {
    const row = await integrationOf('abc123');
    const calls = fake.requests.length;
    const result = await runCli(['bigcommerce', 'hooks', 'sync', '--integration', String(row.id)], {
      ...cliEnv(),
      PUBLIC_URL: '',
    });
    expect([result.code, result.stderr.trim()]).toEqual([1, 'Error: Webhook address is not set']);
    expect(fake.requests.length).toBe(calls);
  });

  it('a missing --integration is named', async () => {
    const result = await runCli(['bigcommerce', 'hooks', 'list'], cliEnv());
    expect([result.code, result.stderr.trim()]).toEqual([
      1,
      'Error: --integration is required (the brand integration id of the BigCommerce store).',
    ]);
  });

  it('hook calls retry 1 s apart when BigCommerce fails, and succeed when it recovers', async () => {
    const row = await integrationOf('abc123');
    const waits: number[] = [];
    fake.failNext('/stores/abc123/v3/hooks', 503, 2, 'GET');
    fake.failNext('/stores/abc123/v3/hooks', 500, 1, 'POST');
    const store = fake.store('abc123');
    store.hooks.splice(
      store.hooks.findIndex((h) => h.scope === 'store/customer/*'),
      1,
    );
    const result = await syncBigCommerceHooks(ctx, {
      integrationId: Number(row.id),
      sleep: async (ms) => void waits.push(ms),
    });
    expect(result.created.map((h) => h.scope)).toEqual(['store/customer/*']);
    expect(waits).toEqual([1000, 1000, 1000]);
  });

  it('BigCommerce refuses a destination on a port other than 443: the sync fails with its 422 and creates nothing', async () => {
    const row = await integrationOf('abc123');
    const store = fake.store('abc123');
    const before = store.hooks.length;
    const ported = await t.context({ ...env, PUBLIC_URL: 'https://reclaim.test:8443' });
    await expect(
      syncBigCommerceHooks(ported, { integrationId: Number(row.id), sleep: async () => undefined }),
    ).rejects.toMatchObject({ status: 422 });
    expect(store.hooks.length).toBe(before);
    expect(store.hooks.every((h) => h.destination === DESTINATION)).toBe(true);
  });

  it('after 5 retries the list fails with the spec message', async () => {
    const row = await integrationOf('abc123');
    const waits: number[] = [];
    const before = fake.requests.filter((r) => r.method === 'GET' && r.path === '/stores/abc123/v3/hooks').length;
    fake.failNext('/stores/abc123/v3/hooks', 502, 10, 'GET');
    await expect(
      syncBigCommerceHooks(ctx, { integrationId: Number(row.id), sleep: async (ms) => void waits.push(ms) }),
    ).rejects.toThrow('Failed to get existing hooks, you may try reinstalling the app or contact support');
    const after = fake.requests.filter((r) => r.method === 'GET' && r.path === '/stores/abc123/v3/hooks').length;
    expect([after - before, waits.length]).toEqual([6, 5]);
    fake.clearFailures();
  });
});
