import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { apiRoutes } from '../../../src/http/index.ts';
import { latestOutboxMessageTo } from '../../../src/notifications/index.ts';
import { createBrandUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { bearer, listenHttp, type ListeningServer } from '../../helpers/listening-server.ts';

const t = useTestDatabase();
let ctx: AppContext;
let server: ListeningServer;
let dataDir: string;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-rotation-'));
  const base = await t.context({
    PUBLIC_URL: 'https://app.reclaim.test',
    RECLAIM_DATA_DIR: dataDir,
    EMAIL_TRANSPORT: 'outbox',
  });
  const sink = new Writable({
    write: (chunk, _encoding, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  ctx = { ...base, logger: pino({ level: 'info' }, sink) };
  server = await listenHttp(ctx, [apiRoutes({ routes: accountsApi, guard: API_GUARD })]);
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Session {
  access_token: string;
  refresh_token: string;
  user_id: number;
}

async function logIn(email: string, password = TEST_PASSWORD): Promise<Session> {
  const answer = await server.post('/api/auth/login', { email, password });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Session;
}

const refreshWith = (token: string) => server.post('/api/auth/refresh', { refresh_token: token });
const me = async (session: Session) => (await server.get('/api/me', bearer(session.access_token))).status;

describe('refresh tokens rotate: each works once, and a reused one ends its whole login', () => {
  it('the second refresh with the same token is refused and every token of that login stops working', async () => {
    const { user, tenantId } = await createBrandUser(t.db);
    const first = await logIn(user.email);
    const elsewhere = await logIn(user.email); // another login of the same user: a family of its own

    const rotated = await refreshWith(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = rotated.body as unknown as Session;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await me(second)).toBe(200);

    const reused = await refreshWith(first.refresh_token);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toMatchObject({ kind: 'unauthorized', message: 'Invalid refresh token' });

    // Every token descended from that login is revoked, access tokens included.
    expect((await refreshWith(second.refresh_token)).status).toBe(401);
    expect(await me(second)).toBe(401);
    expect(await me(first)).toBe(401);
    // The other login is untouched.
    expect(await me(elsewhere)).toBe(200);
    expect((await refreshWith(elsewhere.refresh_token)).status).toBe(200);

    // A security event at warn naming the user and tenant, never a token.
    const events = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.event === 'refresh_token_reuse' && entry.user_id === user.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ level: 40, user_id: user.id, tenant_id: tenantId });
    const text = lines.join('');
    for (const token of [first, second, elsewhere].flatMap((s) => [s.refresh_token, s.access_token]))
      expect(text).not.toContain(token);

    const revoked = await t.db('auth_sessions').where({ user_id: user.id }).orderBy('created_at').select();
    expect(revoked.map((row) => row.revoked_reason)).toEqual(['refresh_token_reuse', null]);
  });

  it('concurrent refreshes with one token: exactly one answers 200', async () => {
    const { user } = await createBrandUser(t.db);
    const session = await logIn(user.email);
    const answers = await Promise.all(Array.from({ length: 8 }, () => refreshWith(session.refresh_token)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 401, 401, 401, 401, 401, 401, 401]);
    // The losers presented a retired token: the login is ended, the winner's new token with it.
    const winner = answers.find((a) => a.status === 200)!.body as unknown as Session;
    expect((await refreshWith(winner.refresh_token)).status).toBe(401);
    expect(await me(winner)).toBe(401);
  });

  it('a password reset ends every login of the user, refreshed or not', async () => {
    const { user } = await createBrandUser(t.db);
    expect((await server.post('/api/auth/forgot-password', { email: user.email })).status).toBe(200);
    const link = (await latestOutboxMessageTo(ctx.config, user.email))!.links[0];
    const token = new URL(link).searchParams.get('token')!;

    // Start on a fresh second, so the tokens and the reset share it (token times have one-second resolution).
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
    const a = await logIn(user.email);
    const b = await logIn(user.email);
    const a2 = (await refreshWith(a.refresh_token)).body as unknown as Session;
    const reset = await server.post('/api/auth/reset-password', {
      token,
      password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
    });
    expect(reset.status).toBe(200);

    for (const session of [a2, b]) {
      expect((await refreshWith(session.refresh_token)).status).toBe(401);
      expect(await me(session)).toBe(401);
    }
    const rows = await t.db('auth_sessions').where({ user_id: user.id }).select('revoked_reason');
    expect(rows.map((row) => row.revoked_reason)).toEqual(['password_reset', 'password_reset']);
    // Refused because the reset revoked them, which is no token reuse.
    expect(lines.some((line) => line.includes('refresh_token_reuse') && line.includes(`"user_id":${user.id}`))).toBe(
      false,
    );
    expect(await me(await logIn(user.email, 'a brand new passphrase'))).toBe(200);
  });
});
