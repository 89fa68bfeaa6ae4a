/**
 * Issue 28 item 7: cookies are spent only by the panel. The routes that read the refresh cookie
 * (refresh, logout) refuse a browser request from another origin (Origin, else Sec-Fetch-Site,
 * against PUBLIC_URL) with 403 and change nothing; the API takes JSON bodies only (415 for
 * text/plain or a form), while the pixel ingest keeps taking text/plain.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/cli/index.ts';
import { buildHttpServer } from '../../../src/http/index.ts';
import { ensureIngestKey } from '../../../src/stores/index.ts';
import { createBrandUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { createBrand, createIntegration } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { checkout, checkoutStarted } from '../../helpers/pixel-events.ts';

const PANEL = 'https://app.reclaim.test';
const CROSS_SITE = `Refused: this request comes from another site. Only the panel at ${PANEL} may use the session cookie.`;
const JSON_ONLY = 'Unsupported content type text/plain: send the body as JSON (Content-Type: application/json).';

const t = useTestDatabase();
let app: FastifyInstance;
beforeAll(async () => {
  const ctx = await t.context({ PUBLIC_URL: `${PANEL}/` });
  app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
});
afterAll(() => app.close());

const cookieOf = (response: LightMyRequestResponse): string =>
  /reclaim_refresh=([^;]*)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1] ?? '';

async function signIn() {
  const { user } = await createBrandUser(t.db);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  return { user, cookie: cookieOf(login), access: login.json().access_token as string };
}

/** A POST as the panel sends it (an empty JSON object), with the cookie and the given headers. */
const withCookie = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', cookie: `reclaim_refresh=${cookie}`, ...headers },
    payload: '{}',
  });
const me = (access: string) =>
  app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });

describe('the cookie routes refuse another origin', () => {
  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['the same host over another scheme', { origin: 'http://app.reclaim.test' }],
    ['the same host on another port', { origin: 'https://app.reclaim.test:8443' }],
    ['an opaque Origin', { origin: 'null' }],
    ['a cross-site fetch without Origin', { 'sec-fetch-site': 'cross-site' }],
    ['a same-site fetch without Origin', { 'sec-fetch-site': 'same-site' }],
  ])('refresh and logout from %s answer 403 and the session stays valid', async (_name, headers) => {
    const { cookie, access } = await signIn();
    for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
      const refused = await withCookie(url, cookie, headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({ kind: 'forbidden', code: 'cross_site_request', message: CROSS_SITE });
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    // Nothing changed: the access token still works and the cookie still refreshes.
    expect((await me(access)).statusCode).toBe(200);
    const refreshed = await withCookie('/api/auth/refresh', cookie, { origin: PANEL });
    expect(refreshed.statusCode).toBe(200);
  });

  it('a foreign Origin is refused even with the token in the body', async () => {
    const { cookie, access } = await signIn();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
      payload: { refresh_token: decodeURIComponent(cookie) },
    });
    expect(refused.statusCode).toBe(403);
    expect((await me(access)).statusCode).toBe(200);
  });
});

describe('the panel and other clients keep working', () => {
  it('refresh then logout from the panel origin', async () => {
    const { cookie, access } = await signIn();
    const refreshed = await withCookie('/api/auth/refresh', cookie, { origin: PANEL, 'sec-fetch-site': 'same-origin' });
    expect(refreshed.statusCode).toBe(200);
    const next = cookieOf(refreshed);
    const out = await withCookie('/api/auth/logout', next, { origin: PANEL });
    expect(out.statusCode).toBe(204);
    expect((await me(access)).statusCode).toBe(401);
  });

  it('Sec-Fetch-Site same-origin without Origin, and a client sending neither (curl), are admitted', async () => {
    const { cookie } = await signIn();
    const sameOrigin = await withCookie('/api/auth/refresh', cookie, { 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode).toBe(200);
    const curl = await withCookie('/api/auth/refresh', cookieOf(sameOrigin));
    expect(curl.statusCode).toBe(200);
  });

  it('a POST with no body at all (no content type) still refreshes and logs out', async () => {
    const { cookie, access } = await signIn();
    const bare = (url: string, c: string) =>
      app.inject({ method: 'POST', url, headers: { origin: PANEL, cookie: `reclaim_refresh=${c}` } });
    const refreshed = await bare('/api/auth/refresh', cookie);
    expect(refreshed.statusCode).toBe(200);
    expect((await bare('/api/auth/logout', cookieOf(refreshed))).statusCode).toBe(204);
    expect((await me(access)).statusCode).toBe(401);
  });
});

describe('the API takes JSON only', () => {
  it('a text/plain body answers 415 and changes nothing', async () => {
    const { user, cookie, access } = await signIn();
    const before = await t.db('auth_sessions').where({ user_id: user.id }).count<{ n: string }[]>('id as n');
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(login.statusCode).toBe(415);
    expect(login.json().error).toEqual({ kind: 'invalid_input', code: 'unsupported_media_type', message: JSON_ONLY });
    const after = await t.db('auth_sessions').where({ user_id: user.id }).count<{ n: string }[]>('id as n');
    expect(after[0]!.n).toBe(before[0]!.n);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'text/plain', cookie: `reclaim_refresh=${cookie}` },
      payload: '{}',
    });
    expect(logout.statusCode).toBe(415);
    expect((await me(access)).statusCode).toBe(200);
  });

  it('a form body answers 415 naming its type, on an authenticated route too', async () => {
    const { access } = await signIn();
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration/options',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json().error.message).toBe(
      'Unsupported content type application/x-www-form-urlencoded: send the body as JSON (Content-Type: application/json).',
    );
  });

  it('the pixel ingest still takes text/plain', async () => {
    const key = await ensureIngestKey(t.db, (await createIntegration(t.db, (await createBrand(t.db)).id)).id);
    const posted = await app.inject({
      method: 'POST',
      url: `/ingest/pixel/${key}`,
      headers: { 'content-type': 'text/plain', origin: 'https://shop.example' },
      payload: JSON.stringify(checkoutStarted(checkout())),
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ ok: true });
  });
});
