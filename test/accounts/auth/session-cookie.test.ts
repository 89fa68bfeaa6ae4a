import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../../src/accounts/index.ts';
import { apiRoutes, buildHttpServer } from '../../../src/http/index.ts';
import { createBrandUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';

// The panel's session: the refresh token in an httpOnly, SameSite=Strict cookie scoped to
// /api/auth (Secure over https), read by refresh, cleared and revoked by logout.
const t = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  const ctx = await t.context({ TRUST_PROXY: 'loopback' });
  app = await buildHttpServer(ctx, { routes: [apiRoutes({ routes: accountsApi, guard: API_GUARD })], panel: false });
});
afterAll(() => app.close());

const setCookie = (response: LightMyRequestResponse): string => String(response.headers['set-cookie'] ?? '');
const cookieValue = (response: LightMyRequestResponse): string =>
  /reclaim_refresh=([^;]*)/.exec(setCookie(response))?.[1] ?? '';
const post = (url: string, cookie?: string, headers: Record<string, string> = {}, payload: object = {}) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(cookie ? { cookie: `reclaim_refresh=${cookie}` } : {}) },
  });

describe('the refresh cookie', () => {
  it('login sets it httpOnly and SameSite=Strict on /api/auth; Secure only over https', async () => {
    const { user } = await createBrandUser(t.db);
    const plain = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(plain.statusCode).toBe(200);
    const cookie = setCookie(plain);
    expect(cookie).toMatch(/^reclaim_refresh=[\w.-]+; Path=\/api\/auth; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    expect(decodeURIComponent(cookieValue(plain))).toBe(plain.json().refresh_token);

    const secure = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookie(secure)).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('refresh reads the cookie, answers new tokens and sets the next cookie; the old one is retired', async () => {
    const { user } = await createBrandUser(t.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const first = cookieValue(login);
    const refreshed = await post('/api/auth/refresh', first);
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toMatchObject({ user_id: user.id, email: user.email });
    const second = cookieValue(refreshed);
    expect(second).not.toBe(first);
    expect(second.length).toBeGreaterThan(20);

    const noCookie = await post('/api/auth/refresh');
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().error.message).toBe('refresh_token is required');
    const stale = await post('/api/auth/refresh', first);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.message).toBe('Invalid refresh token');
  });

  it('logout revokes the session (its access token stops working) and clears the cookie', async () => {
    const { user } = await createBrandUser(t.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const access = login.json().access_token as string;
    const me = () => app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });
    expect((await me()).statusCode).toBe(200);

    const out = await post('/api/auth/logout', cookieValue(login));
    expect(out.statusCode).toBe(204);
    expect(setCookie(out)).toMatch(/^reclaim_refresh=; Path=\/api\/auth; Max-Age=0; HttpOnly; SameSite=Strict$/);
    expect((await me()).statusCode).toBe(401);
    const again = await post('/api/auth/refresh', cookieValue(login));
    expect(again.statusCode).toBe(401);
    const row = await t.db('auth_sessions').where({ user_id: user.id }).first();
    expect(row.revoked_reason).toBe('logout');

    const anonymous = await post('/api/auth/logout');
    expect(anonymous.statusCode).toBe(204);
  });
});
