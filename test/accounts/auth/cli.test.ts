import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestOutboxMessageTo } from '../../../src/notifications/index.ts';
import { createBrandUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let dataDir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-auth-cli-'));
  env = { ...testEnv(t.url), RECLAIM_DATA_DIR: dataDir, EMAIL_TRANSPORT: 'outbox' };
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('reclaim auth', () => {
  it('login prints who logged in and never the tokens, unless --json', async () => {
    const { user, tenantId } = await createBrandUser(t.db);
    const human = await runCli(['auth', 'login', '--email', user.email], { ...env, RECLAIM_PASSWORD: TEST_PASSWORD });
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(`Logged in as ${user.email} (brand_admin) to the brand app.`);
    expect(human.stdout).toContain(`tenant ${tenantId}`);
    expect(human.stdout).toContain('create:users');
    expect(human.stdout).not.toMatch(/eyJ/);

    const json = await runCli(['auth', 'login', '--email', user.email, '--json'], {
      ...env,
      RECLAIM_PASSWORD: TEST_PASSWORD,
    });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      user_id: user.id,
      role: 'brand_admin',
      access_token: expect.stringMatching(/^eyJ/),
      refresh_token: expect.stringMatching(/^eyJ/),
    });
  });

  it.each([
    ['a wrong password', { RECLAIM_PASSWORD: 'wrong' }, [] as string[], 'Invalid password!'],
    ['no password (no RECLAIM_PASSWORD, no terminal)', {}, [] as string[], 'Password not provided!'],
    [
      'the admin app for a brand user',
      { RECLAIM_PASSWORD: TEST_PASSWORD },
      ['--app', 'admin'],
      'You are not authorized to access this app!',
    ],
    [
      'an unknown app',
      { RECLAIM_PASSWORD: TEST_PASSWORD },
      ['--app', 'mobile'],
      '--app must be brand or admin, got "mobile".',
    ],
  ])('login with %s exits 1 with the message', async (_name, extra, args, message) => {
    const { user } = await createBrandUser(t.db);
    const result = await runCli(['auth', 'login', '--email', user.email, ...args], { ...env, ...extra });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Error: ${message}`);
    expect(result.stdout).toBe('');
  });

  it('forgot-password mails a link whose token reset-password accepts', async () => {
    const { user } = await createBrandUser(t.db);
    const forgot = await runCli(['auth', 'forgot-password', '--email', user.email], env);
    expect(forgot.code).toBe(0);
    expect(forgot.stdout).toContain('If an account exists for this e-mail');
    const mail = await latestOutboxMessageTo({ RECLAIM_DATA_DIR: dataDir }, user.email);
    const token = new URL(mail!.links[0]).searchParams.get('token')!;

    const noPassword = await runCli(['auth', 'reset-password', '--token', token], env);
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr).toContain('Password not provided!');

    const reset = await runCli(['auth', 'reset-password', '--token', token], {
      ...env,
      RECLAIM_PASSWORD: 'brand new password',
    });
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain(`Password reset for ${user.email}`);
    const login = await runCli(['auth', 'login', '--email', user.email, '--json'], {
      ...env,
      RECLAIM_PASSWORD: 'brand new password',
    });
    expect(login.code).toBe(0);
    const reused = await runCli(['auth', 'reset-password', '--token', token], {
      ...env,
      RECLAIM_PASSWORD: 'another new password',
    });
    expect(reused.code).toBe(1);
    expect(reused.stderr).toContain('Error: Invalid token');
  });

  it('--help shows an example', async () => {
    const help = await runCli(['auth', 'login', '--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('$ reclaim auth login --email ada@example.com');
  });
});
