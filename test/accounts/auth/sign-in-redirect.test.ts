/**
 * Sign-in through a store: `/auth/redirect?token=…` hands the panel a one-time, short-lived
 * token that POST /api/auth/redirect exchanges for a session (with the refresh cookie). A valid
 * token opens the session once; an expired or reused one is refused; spec 4's texts for a token
 * without user data, a user not connected to the brand, and no token at all.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountsApi,
  API_GUARD,
  issueSignInLink,
  SIGN_IN_MESSAGES,
  verifyAccessToken,
} from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { apiRoutes, buildHttpServer } from '../../../src/http/index.ts';
import { createBrand } from '../../factories/index.ts';
import { createBrandUser, createUser } from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await t.context({ PUBLIC_URL: 'https://app.reclaim.test' });
  app = await buildHttpServer(ctx, { routes: [apiRoutes({ routes: accountsApi, guard: API_GUARD })], panel: false });
});
afterAll(() => app.close());

const exchange = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/redirect', payload });

describe('POST /api/auth/redirect', () => {
  it('opens a session for the valid token, sets the refresh cookie, and lands on the brand', async () => {
    const { user, brandId } = await createBrandUser(t.db);
    const link = await issueSignInLink(ctx, { userId: user.id, brandId, source: 'shopify:install' });
    expect(link.url).toBe(`https://app.reclaim.test/auth/redirect?token=${link.token}`);
    expect(link.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(120_000);
    const stored = await t.db('sign_in_tokens').where({ user_id: user.id }).first();
    expect(stored.token_hash).not.toContain(link.token);

    const answer = await exchange({ token: link.token });
    expect(answer.statusCode).toBe(200);
    const session = answer.json();
    expect(session).toMatchObject({ user_id: user.id, brand_id: brandId, email: user.email });
    expect((await verifyAccessToken(ctx, session.access_token)).claims.sub).toBe(String(user.id));
    expect(String(answer.headers['set-cookie'])).toMatch(/^reclaim_refresh=[\w.-]+; Path=\/api\/auth;.*HttpOnly/);
  });

  it('refuses the same token a second time, and changes nothing', async () => {
    const { user, brandId } = await createBrandUser(t.db);
    const { token } = await issueSignInLink(ctx, { userId: user.id, brandId, source: 'shopify:install' });
    expect((await exchange({ token })).statusCode).toBe(200);
    const again = await exchange({ token });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(SIGN_IN_MESSAGES.expired);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired token and an unknown one alike', async () => {
    const { user, brandId } = await createBrandUser(t.db);
    const { token } = await issueSignInLink(ctx, { userId: user.id, brandId, source: 'shopify:open' });
    await t
      .db('sign_in_tokens')
      .where({ user_id: user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await exchange({ token });
    const unknown = await exchange({ token: 'A'.repeat(43) });
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toBe(unknown.body);
    // Refused while expired, it was not used: still nothing opens it.
    expect((await t.db('sign_in_tokens').where({ user_id: user.id }).first()).used_at).toBeNull();
  });

  it("answers 'No data provided' without a token", async () => {
    for (const payload of [{}, { token: '' }, { token: '   ' }]) {
      const answer = await exchange(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.message).toBe('No data provided');
    }
  });

  it("answers 'No user data provided' for a token issued before the merchant had a user", async () => {
    const brand = await createBrand(t.db);
    const { token } = await issueSignInLink(ctx, { userId: null, brandId: brand.id, source: 'shopify:install' });
    const answer = await exchange({ token });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('No user data provided');
  });

  it("answers 'Your account is not connected to a brand, please contact support' for a user outside the brand", async () => {
    const outsider = await createUser(t.db);
    const brand = await createBrand(t.db);
    for (const brandId of [brand.id, null]) {
      const { token } = await issueSignInLink(ctx, { userId: outsider.id, brandId, source: 'shopify:open' });
      const answer = await exchange({ token });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error.message).toBe('Your account is not connected to a brand, please contact support');
    }
  });
});
