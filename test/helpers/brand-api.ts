/**
 * The whole HTTP server (every route of the composition root) on a test database, with sign-in
 * and bearer calls for the brand API's tests.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { ROUTES } from '../../src/cli/index.ts';
import { buildHttpServer } from '../../src/http/index.ts';
import { TEST_PASSWORD } from '../factories/accounts.ts';
import type { TestDatabaseHandle } from './db.ts';

export interface BrandApi {
  readonly ctx: AppContext;
  login(email: string, app?: 'brand' | 'admin'): Promise<string>;
  get(url: string, token: string): Promise<LightMyRequestResponse>;
  post(url: string, token: string, payload?: Record<string, unknown>): Promise<LightMyRequestResponse>;
}

export function useBrandApi(t: TestDatabaseHandle, env: Record<string, string> = {}): BrandApi {
  let app: FastifyInstance | undefined;
  let ctx: AppContext | undefined;
  beforeAll(async () => {
    ctx = await t.context({ PUBLIC_URL: 'https://app.reclaim.test', ...env });
    app = await buildHttpServer(ctx, { routes: ROUTES, panel: false });
  });
  afterAll(async () => {
    await app?.close();
  });
  const server = (): FastifyInstance => {
    if (!app) throw new Error('The server exists only while the tests of its file run.');
    return app;
  };
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  return {
    get ctx() {
      return ctx!;
    },
    login: async (email, appName = 'brand') => {
      const answer = await server().inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: TEST_PASSWORD, app: appName },
      });
      if (answer.statusCode !== 200) throw new Error(`login ${email}: ${answer.body}`);
      return answer.json().access_token as string;
    },
    get: (url, token) => server().inject({ method: 'GET', url, headers: auth(token) }),
    post: (url, token, payload) =>
      server().inject({ method: 'POST', url, headers: auth(token), ...(payload ? { payload } : {}) }),
  };
}
