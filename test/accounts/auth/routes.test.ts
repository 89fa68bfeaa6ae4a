import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { apiRoutes, buildHttpServer } from '../../../src/http/index.ts';
import { latestOutboxMessageTo } from '../../../src/notifications/index.ts';
import {
  addPartnerMember,
  createBrandUser,
  createInvitedMember,
  createPartner,
  createUser,
  TEST_PASSWORD,
} from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { SoftwareAuthenticator } from '../../helpers/webauthn-authenticator.ts';

const ORIGIN = 'https://app.reclaim.test';
const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-auth-http-'));
  ctx = await t.context({ PUBLIC_URL: ORIGIN, RECLAIM_DATA_DIR: dataDir, EMAIL_TRANSPORT: 'outbox' });
  app = await buildHttpServer(ctx, {
    routes: [apiRoutes({ routes: accountsApi, guard: API_GUARD })],
    panel: false,
  });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const post = (url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const tokenFor = async (email: string, appName = 'brand'): Promise<string> =>
  (await post('/api/auth/login', { email, password: TEST_PASSWORD, app: appName })).json().access_token;

describe('POST /api/auth/login and /api/auth/refresh', () => {
  it('answers the login response, and the spec message in the error shape on failure', async () => {
    const { user } = await createBrandUser(t.db);
    const ok = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ user_id: user.id, email: user.email, role: 'brand_admin' });

    const wrong = await post('/api/auth/login', { email: user.email, password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { kind: 'unauthorized', code: null, message: 'Invalid password!' } });
    const admin = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD, app: 'admin' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error.message).toBe('You are not authorized to access this app!');

    const refreshed = await post('/api/auth/refresh', { refresh_token: ok.json().refresh_token });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user_id).toBe(user.id);
    const bad = await post('/api/auth/refresh', { refresh_token: ok.json().access_token });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.message).toBe('Invalid refresh token');
  });

  it('validates bodies: 400 naming the field', async () => {
    const missing = await post('/api/auth/login', { password: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      kind: 'invalid_input',
      code: 'invalid_body',
      message: 'Invalid request body: email: email is required',
    });
    const badApp = await post('/api/auth/login', { email: 'a@example.com', password: 'x', app: 'mobile' });
    expect(badApp.statusCode).toBe(400);
    expect(badApp.json().error.message).toContain('app:');
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('too many attempts answer 429 with Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 10; i += 1) await post('/api/auth/login', { email: user.email, password: 'wrong' });
    const limited = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect(limited.json()).toEqual({
      error: { kind: 'forbidden', code: 'rate_limited', message: 'Too many login attempts, please try again later.' },
    });
  });
});

describe('recovery and invitations over HTTP', () => {
  it('forgot-password answers the same for any e-mail; reset-password sets the password', async () => {
    const { user } = await createBrandUser(t.db);
    const known = await post('/api/auth/forgot-password', { email: user.email });
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const token = new URL((await latestOutboxMessageTo(ctx.config, user.email))!.links[0]).searchParams.get('token')!;
    const mismatch = await post('/api/auth/reset-password', {
      token,
      password: 'new password 1',
      confirm_password: 'new password 2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe('Passwords do not match');
    const reset = await post('/api/auth/reset-password', {
      token,
      password: 'new password 1',
      confirm_password: 'new password 1',
    });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/auth/login', { email: user.email, password: 'new password 1' })).statusCode).toBe(200);
  });

  it('GET /api/auth/invite and POST /api/auth/setup-account', async () => {
    const { tenantId } = await createBrandUser(t.db);
    const invited = await createInvitedMember(t.db, { tenantId });
    const shown = await get(`/api/auth/invite?token=${encodeURIComponent(invited.token)}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ kind: 'tenant', email: invited.user.email });
    const setup = await post('/api/auth/setup-account', {
      token: invited.token,
      password: 'new password 1',
      confirm_password: 'new password 1',
      given_name: 'Lin',
    });
    expect(setup.statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { email: invited.user.email, password: 'new password 1' })).json(),
    ).toMatchObject({ given_name: 'Lin', tenant_id: tenantId });
    const again = await get(`/api/auth/invite?token=${encodeURIComponent(invited.token)}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('Invalid account token');
    expect((await get('/api/auth/invite')).statusCode).toBe(400);
  });
});

describe('passkeys over HTTP', () => {
  it('registration needs a bearer token; register, list, log in, delete', async () => {
    const { user } = await createBrandUser(t.db);
    expect((await post('/api/auth/passkeys/registration/options', {})).statusCode).toBe(401);
    const token = await tokenFor(user.email);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const options = (await post('/api/auth/passkeys/registration/options', {}, token)).json();
    const created = await post(
      '/api/auth/passkeys/registration/verify',
      { response: authenticator.createCredential(options), name: 'Phone' },
      token,
    );
    expect(created.statusCode).toBe(201);
    const { passkey } = created.json();
    expect(passkey).toMatchObject({ name: 'Phone' });
    expect((await get('/api/auth/passkeys', token)).json()).toEqual({ passkeys: [passkey] });

    const loginOptions = (await post('/api/auth/passkeys/login/options', { email: user.email })).json();
    const session = await post('/api/auth/passkeys/login/verify', {
      email: user.email,
      response: authenticator.getAssertion(loginOptions),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user_id: user.id, role: 'brand_admin' });

    expect(
      (
        await app.inject({
          method: 'DELETE',
          url: `/api/auth/passkeys/${passkey.id}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(204);
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/auth/passkeys/${passkey.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Passkey not found');
  });
});

describe('tenant isolation', () => {
  it('GET /api/me needs a valid token and shows the caller', async () => {
    expect((await get('/api/me')).json()).toEqual({
      error: { kind: 'unauthorized', code: 'missing_token', message: 'Invalid token' },
    });
    expect((await get('/api/me', 'not-a-token')).statusCode).toBe(401);
    const { user, tenantId } = await createBrandUser(t.db);
    const me = await get('/api/me', await tokenFor(user.email));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      user_id: user.id,
      email: user.email,
      tenant_id: tenantId,
      memberships: [{ kind: 'tenant', id: tenantId, role: 'admin', state: 'active' }],
    });
    expect(me.body).not.toContain('password');
  });

  it("a brand user's token cannot read another tenant's users or brand: 404, and nothing of it in the body", async () => {
    const mine = await createBrandUser(t.db);
    const theirs = await createBrandUser(t.db, { user: { given_name: 'Zenobia', family_name: 'Secretname' } });
    const theirBrand = await t.db('brands').where({ id: theirs.brandId }).first();
    const token = await tokenFor(mine.user.email);

    const own = await get(`/api/tenants/${mine.tenantId}/users`, token);
    expect(own.statusCode).toBe(200);
    expect(own.json().items.map((u: { email: string }) => u.email)).toEqual([mine.user.email]);
    expect(own.json()).toMatchObject({ total: 1, offset: 0, limit: 10 });
    expect((await get(`/api/brands/${mine.brandId}`, token)).json().brand).toMatchObject({
      id: mine.brandId,
      tenant_id: mine.tenantId,
    });

    const users = await get(`/api/tenants/${theirs.tenantId}/users`, token);
    expect(users.statusCode).toBe(404);
    expect(users.json()).toEqual({ error: { kind: 'not_found', code: null, message: 'Tenant not found' } });
    const brand = await get(`/api/brands/${theirs.brandId}`, token);
    expect(brand.statusCode).toBe(404);
    expect(brand.json()).toEqual({ error: { kind: 'not_found', code: null, message: 'Brand not found' } });
    for (const body of [users.body, brand.body]) {
      for (const secret of [theirs.user.email, 'Zenobia', 'Secretname', theirBrand.name, theirBrand.domain])
        expect(body).not.toContain(secret);
    }
    // Indistinguishable from ids that do not exist.
    expect((await get('/api/tenants/999999999/users', token)).body).toBe(users.body);
    expect((await get('/api/brands/999999999', token)).body).toBe(brand.body);
    expect((await get('/api/brands/abc', token)).body).toBe(brand.body);
  });

  it('staff read every tenant; partner users the tenants of their partner only', async () => {
    const other = await createBrandUser(t.db);
    const staff = await createUser(t.db, { is_staff: true, role: 'admin' });
    const staffToken = await tokenFor(staff.email, 'admin');
    expect((await get(`/api/tenants/${other.tenantId}/users`, staffToken)).json().items[0].email).toBe(
      other.user.email,
    );

    const managed = await createBrandUser(t.db);
    const partnerUser = await createUser(t.db, { role: 'partner' });
    const partner = await createPartner(t.db, { tenantIds: [managed.tenantId] });
    await addPartnerMember(t.db, { partnerId: partner.id, userId: partnerUser.id });
    const partnerToken = await tokenFor(partnerUser.email, 'admin');
    expect((await get(`/api/brands/${managed.brandId}`, partnerToken)).statusCode).toBe(200);
    expect((await get(`/api/brands/${other.brandId}`, partnerToken)).statusCode).toBe(404);
  });

  it("a suspended user's token stops working at once", async () => {
    const { user, tenantId } = await createBrandUser(t.db);
    const token = await tokenFor(user.email);
    await t.db('users').where({ id: user.id }).update({ state: 'suspended' });
    const refused = await get(`/api/tenants/${tenantId}/users`, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your account is not active, please contact support!');
  });
});

describe('logs', () => {
  it('carry no password, token or setup token', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write: (chunk, _encoding, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildHttpServer(
      { ...ctx, logger: pino({ level: 'debug' }, sink) },
      { routes: [apiRoutes({ routes: accountsApi, guard: API_GUARD })], panel: false },
    );
    try {
      const { user, tenantId } = await createBrandUser(t.db);
      const invited = await createInvitedMember(t.db, { tenantId });
      const session = (
        await logged.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).json();
      await logged.inject({ method: 'GET', url: `/api/auth/invite?token=${invited.token}` });
      await logged.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      await logged.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: session.refresh_token },
      });
      const text = lines.join('');
      expect(text).toContain('/api/me'); // requests are logged...
      for (const secret of [TEST_PASSWORD, invited.token, session.access_token, session.refresh_token])
        expect(text).not.toContain(secret); // ...secrets are not
    } finally {
      await logged.close();
    }
  });
});
