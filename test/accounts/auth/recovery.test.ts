import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticate,
  forgotPassword,
  FORGOT_PASSWORD_ANSWER,
  invitePartner,
  inviteMembers,
  login,
  resetPassword,
  setupAccount,
  signRecoveryToken,
  verifyInvite,
} from '../../../src/accounts/index.ts';
import type { AppContext } from '../../../src/app/index.ts';
import { listOutbox, latestOutboxMessageTo } from '../../../src/notifications/index.ts';
import { createBrandUser, createInvitedMember, createUser, TEST_PASSWORD } from '../../factories/accounts.ts';
import { createBrand } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';

const t = useTestDatabase();
let ctx: AppContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'reclaim-auth-'));
  ctx = await t.context({
    EMAIL_TRANSPORT: 'outbox',
    RECLAIM_DATA_DIR: dataDir,
    PUBLIC_URL: 'https://app.reclaim.test',
  });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!;
const NEW_PASSWORD = 'a much better passphrase';

async function resetLinkFor(email: string): Promise<string> {
  await expect(forgotPassword(ctx, { email })).resolves.toEqual({ message: FORGOT_PASSWORD_ANSWER });
  const mail = await latestOutboxMessageTo(ctx.config, email);
  expect(mail?.subject).toBe('Reset your password');
  return mail!.links[0];
}

describe('forgot password', () => {
  it('mails a reset link with a recovery token; only a digest of the token is stored', async () => {
    const { user } = await createBrandUser(t.db);
    const link = await resetLinkFor(user.email);
    expect(link.startsWith('https://app.reclaim.test/')).toBe(true);
    const stored = (await t.db('users').where({ id: user.id }).first()).auth.recovery_token;
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toBe(tokenOf(link));
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await listOutbox(ctx.config)).length;
    await expect(forgotPassword(ctx, { email: 'nobody-here@example.com' })).resolves.toEqual({
      message: FORGOT_PASSWORD_ANSWER,
    });
    expect(await listOutbox(ctx.config)).toHaveLength(before);
  });

  it('sends at most 5 mails an hour to one address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 7; i += 1) await forgotPassword(ctx, { email: user.email });
    expect((await listOutbox(ctx.config)).filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });

  it('sends at most 5 mails an hour to one address when the requests come at once', async () => {
    const user = await createUser(t.db);
    await Promise.all(Array.from({ length: 12 }, () => forgotPassword(ctx, { email: user.email })));
    expect((await listOutbox(ctx.config)).filter((m) => m.to.includes(user.email))).toHaveLength(5);
  });

  it("says 'Email service not available' when no mail can be sent, whoever asks", async () => {
    const noMail = await t.context({ EMAIL_TRANSPORT: 'none', RECLAIM_DATA_DIR: dataDir });
    const { user } = await createBrandUser(t.db);
    await expect(forgotPassword(noMail, { email: user.email })).rejects.toThrow('Email service not available');
    await expect(forgotPassword(noMail, { email: 'nobody-here@example.com' })).rejects.toThrow(
      'Email service not available',
    );
  });
});

describe('reset password', () => {
  it("'Passwords do not match' changes nothing", async () => {
    const { user } = await createBrandUser(t.db);
    const token = tokenOf(await resetLinkFor(user.email));
    await expect(
      resetPassword(ctx, { token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }),
    ).rejects.toMatchObject({ kind: 'invalid_input', message: 'Passwords do not match' });
    await expect(login(ctx, { email: user.email, password: TEST_PASSWORD })).resolves.toMatchObject({
      email: user.email,
    });
  });

  it.each([
    ['an access token', async (email: string) => (await login(ctx, { email, password: TEST_PASSWORD })).access_token],
    ['a refresh token', async (email: string) => (await login(ctx, { email, password: TEST_PASSWORD })).refresh_token],
    ['garbage', async () => 'garbage'],
    [
      'a recovery token that was never mailed',
      async (email: string) => signRecoveryToken(ctx, Number((await t.db('users').where({ email }).first()).id)),
    ],
  ])("refuses %s with 'Invalid token'", async (_name, make) => {
    const { user } = await createBrandUser(t.db);
    await resetLinkFor(user.email);
    await expect(
      resetPassword(ctx, { token: await make(user.email), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).rejects.toMatchObject({ kind: 'unauthorized', message: 'Invalid token' });
  });

  it('sets the password (bcrypt cost 10), works once, and ends earlier sessions', async () => {
    const { user } = await createBrandUser(t.db);
    const earlier = await login(ctx, { email: user.email, password: TEST_PASSWORD });
    const oldLink = await resetLinkFor(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // token times have one-second resolution
    await expect(
      resetPassword(ctx, { token: tokenOf(oldLink), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).rejects.toThrow('Invalid token');
    await expect(resetPassword(ctx, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD })).resolves.toEqual(
      { user_id: user.id, email: user.email },
    );

    const row = await t.db('users').where({ id: user.id }).first();
    expect(row.password).toMatch(/^\$2[aby]\$10\$/);
    expect(row.auth.recovery_token).toBeUndefined();
    await expect(login(ctx, { email: user.email, password: TEST_PASSWORD })).rejects.toThrow('Invalid password!');
    await expect(login(ctx, { email: user.email, password: NEW_PASSWORD })).resolves.toMatchObject({
      user_id: user.id,
    });
    await expect(
      resetPassword(ctx, { token, password: 'yet another password', confirmPassword: 'yet another password' }),
    ).rejects.toThrow('Invalid token');
    await expect(authenticate(ctx, earlier.access_token)).rejects.toThrow('Invalid token');
  });
});

describe('invitation to activation', () => {
  it('invite mail -> verify -> setup: membership active with its time, token gone, user enabled; the token works once', async () => {
    const brand = await createBrand(t.db);
    const email = `invitee-${Date.now()}@example.com`;
    await inviteMembers(ctx, { kind: 'tenant', ownerId: brand.tenant_id, emails: email, role: 'admin' });
    const mail = await latestOutboxMessageTo(ctx.config, email);
    const token = tokenOf(mail!.links[0]);

    await expect(login(ctx, { email, password: NEW_PASSWORD })).rejects.toThrow(
      'Password is not setup, reset your password to login!',
    );
    await expect(verifyInvite(ctx, { token })).resolves.toMatchObject({ kind: 'tenant', email });
    await expect(
      setupAccount(ctx, { token, password: NEW_PASSWORD, confirmPassword: 'something else' }),
    ).rejects.toThrow('Passwords do not match');
    const result = await setupAccount(ctx, {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      givenName: ' Grace ',
      familyName: 'Hopper',
    });
    expect(result).toMatchObject({ email, kind: 'tenant' });

    const user = await t.db('users').where({ email }).first();
    expect(user).toMatchObject({ is_enabled: true, state: 'active', given_name: 'Grace', family_name: 'Hopper' });
    expect(user.password).toMatch(/^\$2[aby]\$10\$/);
    const membership = await t.db('tenant_users').where({ user_id: user.id }).first();
    expect(membership.state).toBe('active');
    expect(membership.activated_at).not.toBeNull();
    expect(membership.extra_data.setup_token).toBeUndefined();
    expect(membership.extra_data.invite_expires_at).toBeUndefined();

    await expect(login(ctx, { email, password: NEW_PASSWORD, app: 'brand' })).resolves.toMatchObject({
      role: 'brand_admin',
      tenant_id: brand.tenant_id,
      brand_id: brand.id,
    });
    await expect(verifyInvite(ctx, { token })).rejects.toThrow('Invalid account token');
    await expect(
      setupAccount(ctx, { token, password: 'another password', confirmPassword: 'another password' }),
    ).rejects.toThrow('Invalid account token');
  });

  it('a partner becomes active when its first member sets up the account, and the member reaches the admin app', async () => {
    const email = `partner-${Date.now()}@example.com`;
    const invited = await invitePartner(ctx, { name: 'Agency One', emails: email });
    const token = tokenOf((await latestOutboxMessageTo(ctx.config, email))!.links[0]);
    await setupAccount(ctx, { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await t.db('partners').where({ id: invited.partner.id }).first()).state).toBe('active');
    await expect(login(ctx, { email, password: NEW_PASSWORD, app: 'admin' })).resolves.toMatchObject({
      partner_id: invited.partner.id,
    });
  });

  it('expired and unknown tokens are refused and change nothing', async () => {
    const brand = await createBrand(t.db);
    const expired = await createInvitedMember(t.db, {
      tenantId: brand.tenant_id,
      expiresAt: new Date(Date.now() - 60_000),
    });
    await expect(verifyInvite(ctx, { token: expired.token })).rejects.toMatchObject({
      message: 'Invalid account token',
    });
    await expect(
      setupAccount(ctx, { token: expired.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
    ).rejects.toThrow('Invalid account token');
    await expect(verifyInvite(ctx, { token: 'no-such-token' })).rejects.toThrow('Invalid account token');
    const user = await t.db('users').where({ id: expired.user.id }).first();
    expect(user).toMatchObject({ password: null, is_enabled: false, state: 'invited' });
  });

  it("'Failed to activate user' when activation fails, and the password is not kept", async () => {
    const brand = await createBrand(t.db);
    const invited = await createInvitedMember(t.db, { tenantId: brand.tenant_id });
    // Make activation fail inside the database, as a broken row would.
    await t.db.raw(`
      create function refuse_activation() returns trigger language plpgsql as $$
      begin if new.id = ${invited.membershipId} and new.state = 'active' then raise exception 'activation refused'; end if; return new; end $$;
      create trigger refuse_activation before update on tenant_users for each row execute function refuse_activation();`);
    try {
      await expect(
        setupAccount(ctx, { token: invited.token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ).rejects.toMatchObject({ message: 'Failed to activate user' });
    } finally {
      await t.db.raw('drop trigger refuse_activation on tenant_users; drop function refuse_activation();');
    }
    expect(await t.db('users').where({ id: invited.user.id }).first()).toMatchObject({
      password: null,
      is_enabled: false,
    });
    expect((await t.db('tenant_users').where({ id: invited.membershipId }).first()).extra_data.setup_token).toBe(
      invited.token,
    );
  });
});
