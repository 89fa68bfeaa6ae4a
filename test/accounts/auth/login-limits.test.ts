import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../../src/accounts/index.ts';
import { apiRoutes } from '../../../src/http/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { latestOutboxMessageTo } from '../../../src/notifications/index.ts';
import { createBrandUser, createUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { listenHttp, type ListeningServer } from '../../helpers/listening-server.ts';

const t = useTestDatabase();
let dataDir: string;
const servers: ListeningServer[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-login-limits-'));
});
// Every request of this file comes from 127.0.0.1: each test starts with no recorded attempts.
beforeEach(async () => {
  await t.db('auth_attempts').delete();
});
afterAll(async () => {
  for (const server of servers) await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function serve(env: Record<string, string> = {}): Promise<{ ctx: AppContext; server: ListeningServer }> {
  const ctx = await t.context({
    PUBLIC_URL: 'https://app.reclaim.test',
    RECLAIM_DATA_DIR: dataDir,
    EMAIL_TRANSPORT: 'outbox',
    ...env,
  });
  const server = await listenHttp(ctx, [apiRoutes({ routes: accountsApi, guard: API_GUARD })]);
  servers.push(server);
  return { ctx, server };
}

const forwardedFor = (value: string) => ({ 'x-forwarded-for': value });
const latestAttemptIp = async (): Promise<string> => (await t.db('auth_attempts').orderBy('id', 'desc').first('ip')).ip;

describe('the per-IP login limit cannot be bypassed with X-Forwarded-For', () => {
  it('by default a client-sent X-Forwarded-For is ignored: 50 failures from one peer lock that peer out', async () => {
    const { server } = await serve();
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
    for (let i = 0; i < 50; i += 1) {
      const answer = await server.post(
        '/api/auth/login',
        { email: users[i % 5].email, password: 'wrong' },
        forwardedFor(`203.0.113.${i}`),
      );
      expect(answer.status).toBe(401);
    }
    const { user } = await createBrandUser(t.db);
    const refused = await server.post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      forwardedFor('198.51.100.1'),
    );
    expect(refused.status).toBe(429);
    expect(await t.db('auth_attempts').distinct('ip').pluck('ip')).toEqual(['127.0.0.1']);
  });

  it.each([
    ['unset', {}, '198.51.100.7', '127.0.0.1'],
    ['off', { TRUST_PROXY: 'off' }, '198.51.100.7', '127.0.0.1'],
    ['the peer address', { TRUST_PROXY: '127.0.0.1' }, '198.51.100.7', '198.51.100.7'],
    ['other proxies only', { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' }, '198.51.100.7', '127.0.0.1'],
    [
      'loopback, the client prefixing its own entry',
      { TRUST_PROXY: 'loopback' },
      '203.0.113.5, 198.51.100.7',
      '198.51.100.7',
    ],
    ['one hop', { TRUST_PROXY: '1' }, '203.0.113.5, 198.51.100.8', '198.51.100.8'],
  ])('TRUST_PROXY %s: the attempt is recorded for the right address', async (_name, env, header, expected) => {
    const { server } = await serve(env);
    const user = await createUser(t.db);
    await server.post('/api/auth/login', { email: user.email, password: 'wrong' }, forwardedFor(header));
    expect(await latestAttemptIp()).toBe(expected);
  });

  it('behind a configured proxy the limit applies to the forwarded client address', async () => {
    const { server } = await serve({ TRUST_PROXY: '127.0.0.1' });
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t.db)));
    for (let i = 0; i < 50; i += 1)
      await server.post(
        '/api/auth/login',
        { email: users[i % 5].email, password: 'wrong' },
        forwardedFor('198.51.100.50'),
      );
    const { user } = await createBrandUser(t.db);
    const credentials = { email: user.email, password: TEST_PASSWORD };
    expect((await server.post('/api/auth/login', credentials, forwardedFor('198.51.100.50'))).status).toBe(429);
    expect((await server.post('/api/auth/login', credentials, forwardedFor('6.6.6.6, 198.51.100.50'))).status).toBe(
      429,
    );
    expect((await server.post('/api/auth/login', credentials, forwardedFor('198.51.100.51'))).status).toBe(200);
  });
});

describe('the per-e-mail login limit holds under parallel attempts', () => {
  it('40 wrong passwords at once: exactly 10 are checked, the other 30 are refused with 429', async () => {
    const { server } = await serve();
    const { user } = await createBrandUser(t.db, { user: { password: null } });
    // The production cost, so each check takes as long as it does for real users.
    await t
      .db('users')
      .where({ id: user.id })
      .update({ password: bcrypt.hashSync(TEST_PASSWORD, 10) });

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.post('/api/auth/login', { email: user.email, password: `wrong-${i}` }),
      ),
    );
    const checked = answers.filter((a) => a.status === 401);
    const refused = answers.filter((a) => a.status === 429);
    expect([checked.length, refused.length]).toEqual([10, 30]);
    for (const answer of checked) expect(answer.body.error?.message).toBe('Invalid password!');
    for (const answer of refused)
      expect(answer.body.error).toEqual({
        kind: 'forbidden',
        code: 'rate_limited',
        message: 'Too many login attempts, please try again later.',
      });
    const stored = await t.db('auth_attempts').whereRaw('lower(email) = lower(?)', [user.email]).select('succeeded');
    expect(stored).toHaveLength(10);
    expect(stored.every((row) => row.succeeded === false)).toBe(true);
    // The owner is locked out now, even with the right password.
    expect((await server.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(429);
  });
});

describe('a password reset by e-mail link works during a lockout and ends it', () => {
  it('requesting and completing the reset are not refused, and login works again at once', async () => {
    const { ctx, server } = await serve();
    const { user } = await createBrandUser(t.db);
    for (let i = 0; i < 10; i += 1)
      expect((await server.post('/api/auth/login', { email: user.email, password: 'wrong' })).status).toBe(401);
    expect((await server.post('/api/auth/login', { email: user.email, password: TEST_PASSWORD })).status).toBe(429);

    expect((await server.post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const link = (await latestOutboxMessageTo(ctx.config, user.email))?.links[0];
    expect(link).toBeDefined();
    const reset = await server.post('/api/auth/reset-password', {
      token: new URL(link!).searchParams.get('token'),
      password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);

    const after = await server.post('/api/auth/login', { email: user.email, password: 'a brand new passphrase' });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ user_id: user.id });
  });
});
