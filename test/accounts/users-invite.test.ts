import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  activateMembership,
  findMembershipBySetupToken,
  inviteMembers,
  reinviteMember,
} from '../../src/accounts/index.ts';
import { latestOutboxMessageTo, listOutbox } from '../../src/notifications/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createBrand } from '../factories/index.ts';
import { startFakeSmtp } from '../fakes/smtp.ts';

const t = useTestDatabase();
let ctx: AppContext;
let dir: string;
const PUBLIC_URL = 'https://app.reclaim.example';
const env = (): Record<string, string> => ({ ...testEnv(t.url), RECLAIM_DATA_DIR: dir, PUBLIC_URL });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reclaim-users-'));
  ctx = await t.context({ RECLAIM_DATA_DIR: dir, PUBLIC_URL });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const uid = (): string => Math.random().toString(36).slice(2, 8);
const tokenOf = (link: string): string | null => new URL(link).searchParams.get('token');
const usersNamed = (emails: string[]) => t.db('users').whereIn('email', emails).orderBy('email');

describe('users invite: disabled users, setup token, 3-day expiry, mail with the link', () => {
  it('invites each valid address once, stores the token and mails the setup link with that token', async () => {
    const brand = await createBrand(t.db, { name: 'Acme Outdoors' });
    const [inviter] = await t
      .db('users')
      .insert({ email: `boss-${uid()}@acme.example`, given_name: 'Ann', family_name: 'Lee' })
      .returning('id');
    const a = `ann-${uid()}@acme.example`;
    const b = `bob-${uid()}@acme.example`;
    const before = Date.now();
    const result = await inviteMembers(ctx, {
      ownerId: brand.tenant_id,
      emails: `${a.toUpperCase()}, ${b};\n${a}\nnot-an-email`,
      inviterId: Number(inviter.id),
    });
    expect(result.invalid).toEqual(['not-an-email']);
    expect(result.invited.map((i) => [i.email, i.role])).toEqual([
      [a, 'member'],
      [b, 'member'],
    ]);

    const users = await usersNamed([a, b]);
    expect(users.map((u) => [u.email, u.is_enabled, u.state, u.role])).toEqual([
      [a, false, 'invited', 'member'],
      [b, false, 'invited', 'member'],
    ]);
    const member = await t.db('tenant_users').where({ tenant_id: brand.tenant_id, user_id: users[0].id }).first();
    expect(member).toMatchObject({ state: 'invited', activated_at: null, role: 'member' });
    expect(member.extra_data.setup_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const expiry = new Date(member.extra_data.invite_expires_at).getTime();
    expect(expiry - before).toBeGreaterThanOrEqual(4320 * 60_000 - 1000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(4320 * 60_000);

    const mail = await latestOutboxMessageTo(ctx.config, a);
    expect(mail?.subject).toBe('Set up your account for Acme Outdoors');
    expect(mail?.text).toContain('Ann Lee invited you to join Acme Outdoors on Reclaim.');
    expect(mail?.links).toHaveLength(1);
    expect(mail!.links[0]!.startsWith(`${PUBLIC_URL}/account/setup?token=`)).toBe(true);
    expect(tokenOf(mail!.links[0]!)).toBe(member.extra_data.setup_token);
    expect(result.invited[0]!.mail).toMatchObject({ id: mail!.id, transport: 'outbox' });

    const found = await findMembershipBySetupToken(t.db, member.extra_data.setup_token);
    expect(found).toEqual({
      kind: 'tenant',
      membershipId: Number(member.id),
      userId: Number(users[0].id),
      ownerId: brand.tenant_id,
      expiresAt: new Date(member.extra_data.invite_expires_at),
    });
  });

  it('activation makes the membership active, records the time, removes the token and enables the user', async () => {
    const brand = await createBrand(t.db);
    const email = `cy-${uid()}@acme.example`;
    await inviteMembers(ctx, { ownerId: brand.tenant_id, emails: email, role: 'admin' });
    const token = tokenOf((await latestOutboxMessageTo(ctx.config, email))!.links[0]!)!;
    const found = await findMembershipBySetupToken(t.db, token);
    const activated = await t.db.transaction((tx) =>
      activateMembership(tx, { kind: 'tenant', membershipId: found!.membershipId }),
    );
    expect(activated).toMatchObject({
      kind: 'tenant',
      userId: found!.userId,
      ownerId: brand.tenant_id,
      partnerActivated: false,
    });
    const member = await t.db('tenant_users').where({ id: found!.membershipId }).first();
    expect(member.state).toBe('active');
    expect(member.role).toBe('admin');
    expect(Date.now() - new Date(member.activated_at).getTime()).toBeLessThan(60_000);
    expect(member.extra_data).toEqual({});
    expect(await t.db('users').where({ id: found!.userId }).first()).toMatchObject({
      is_enabled: true,
      state: 'active',
      role: 'admin',
    });
    expect(await findMembershipBySetupToken(t.db, token)).toBeUndefined();
    await expect(
      t.db.transaction((tx) => activateMembership(tx, { kind: 'tenant', membershipId: 999_999 })),
    ).rejects.toThrow('Failed to activate user');
  });

  it('existing accounts refuse the whole batch: "Account already exists with this email: {emails}"', async () => {
    const brand = await createBrand(t.db);
    const taken1 = `taken1-${uid()}@acme.example`;
    const taken2 = `taken2-${uid()}@acme.example`;
    await t.db('users').insert([{ email: taken1 }, { email: taken2.toUpperCase() }]);
    const fresh = `fresh-${uid()}@acme.example`;
    await expect(
      inviteMembers(ctx, { ownerId: brand.tenant_id, emails: `${taken1}, ${fresh}; ${taken2}` }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: `Account already exists with this email: ${taken1}, ${taken2}`,
    });
    expect(await usersNamed([fresh])).toHaveLength(0);
    expect(await latestOutboxMessageTo(ctx.config, fresh)).toBeUndefined();
  });

  it('a failing insert rolls the batch back with "Failed to create user"', async () => {
    const brand = await createBrand(t.db);
    await t.db.raw(
      `create or replace function reclaim_test_fail() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`,
    );
    await t.db.raw(
      `create trigger reclaim_test_fail_tenant_users before insert on tenant_users for each row when (new.tenant_id = ${brand.tenant_id}) execute function reclaim_test_fail()`,
    );
    const emails = [`f1-${uid()}@acme.example`, `f2-${uid()}@acme.example`];
    await expect(inviteMembers(ctx, { ownerId: brand.tenant_id, emails: emails.join(',') })).rejects.toMatchObject({
      message: 'Failed to create user',
      kind: 'internal',
    });
    expect(await usersNamed(emails)).toHaveLength(0);
    expect(await latestOutboxMessageTo(ctx.config, emails[0]!)).toBeUndefined();
    await t.db.raw('drop trigger reclaim_test_fail_tenant_users on tenant_users');
  });

  it.each([
    [{ emails: 'nobody, ' }, 'No valid e-mail address given (not e-mail addresses: nobody).'],
    [{ emails: 'a@x.example', role: 'owner' }, 'Invalid role "owner": use admin or member.'],
    [{ emails: 'a@x.example', inviterId: 999_999 }, 'User not found'],
  ])('%j is refused: %s', async (input, message) => {
    const brand = await createBrand(t.db);
    await expect(inviteMembers(ctx, { ownerId: brand.tenant_id, ...input })).rejects.toThrow(message);
    expect(await t.db('tenant_users').where({ tenant_id: brand.tenant_id })).toHaveLength(0);
  });

  it('with EMAIL_TRANSPORT=none nothing is created: "Email service not available"', async () => {
    const brand = await createBrand(t.db);
    const noMail = await t.context({ RECLAIM_DATA_DIR: dir, EMAIL_TRANSPORT: 'none' });
    const email = `nomail-${uid()}@acme.example`;
    await expect(inviteMembers(noMail, { ownerId: brand.tenant_id, emails: email })).rejects.toMatchObject({
      kind: 'upstream',
      message: 'Email service not available',
    });
    expect(await usersNamed([email])).toHaveLength(0);
  });

  it('when the SMTP server refuses after the commit, the invitation stays and says so (re-invite retries)', async () => {
    const smtp = await startFakeSmtp({ rejectRecipients: true });
    try {
      const brand = await createBrand(t.db);
      const smtpCtx = await t.context({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url });
      const email = `smtp-${uid()}@acme.example`;
      const result = await inviteMembers(smtpCtx, { ownerId: brand.tenant_id, emails: email });
      expect(result.invited[0]).toMatchObject({ email, mail: null, mail_error: 'Email service not available' });
      expect(await usersNamed([email])).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });

  it('reinvite issues a fresh token and expiry and mails again; the old token stops working', async () => {
    const brand = await createBrand(t.db);
    const email = `re-${uid()}@acme.example`;
    const first = await inviteMembers(ctx, { ownerId: brand.tenant_id, emails: email });
    const oldToken = tokenOf((await latestOutboxMessageTo(ctx.config, email))!.links[0]!)!;
    await t
      .db('tenant_users')
      .where({ id: first.invited[0]!.membership_id })
      .update({
        extra_data: t.db.raw(
          `extra_data || '{"invite_expires_at": "2020-01-01T00:00:00.000Z", "note": "kept"}'::jsonb`,
        ),
      });
    const again = await reinviteMember(ctx, { ownerId: brand.tenant_id, userId: first.invited[0]!.user_id });
    const member = await t.db('tenant_users').where({ id: first.invited[0]!.membership_id }).first();
    expect(member.extra_data.setup_token).not.toBe(oldToken);
    expect(member.extra_data.note).toBe('kept');
    expect(new Date(member.extra_data.invite_expires_at).getTime() - Date.now()).toBeGreaterThan(4319 * 60_000);
    expect(again.expires_at).toBe(member.extra_data.invite_expires_at);
    const mail = await latestOutboxMessageTo(ctx.config, email);
    expect(mail!.id).toBe(again.mail!.id);
    expect(tokenOf(mail!.links[0]!)).toBe(member.extra_data.setup_token);
    expect(await findMembershipBySetupToken(t.db, oldToken)).toBeUndefined();

    await expect(reinviteMember(ctx, { ownerId: brand.tenant_id, userId: 999_999 })).rejects.toThrow('User not found');
    await t.db.transaction((tx) => activateMembership(tx, { kind: 'tenant', membershipId: member.id }));
    await expect(reinviteMember(ctx, { ownerId: brand.tenant_id, userId: first.invited[0]!.user_id })).rejects.toThrow(
      'has already accepted the invitation',
    );
  });

  it('reclaim users invite --json, then mail list --json shows the mail; the token is never printed', async () => {
    const brand = await createBrand(t.db);
    const email = `cli-${uid()}@acme.example`;
    const cli = await runCli(
      [
        'users',
        'invite',
        '--tenant',
        String(brand.tenant_id),
        '--emails',
        `${email}; bogus`,
        '--role',
        'admin',
        '--json',
      ],
      env(),
    );
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const out = JSON.parse(cli.stdout);
    expect(out.invited).toHaveLength(1);
    expect(out.invited[0]).toMatchObject({ email, role: 'admin', mail: { transport: 'outbox' } });
    expect(out.invalid).toEqual(['bogus']);
    const member = await t.db('tenant_users').where({ id: out.invited[0].membership_id }).first();
    expect(cli.stdout).not.toContain(member.extra_data.setup_token);

    const list = await runCli(['mail', 'list', '--json'], env());
    expect(list.code).toBe(0);
    const mails = JSON.parse(list.stdout).mails as Array<{ id: string; to: string; subject: string }>;
    expect(mails.find((m) => m.id === out.invited[0].mail.id)).toMatchObject({
      to: email,
      subject: `Set up your account for ${brand.name}`,
    });

    const again = await runCli(['users', 'invite', '--tenant', String(brand.tenant_id), '--emails', email], env());
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Account already exists with this email: ${email}`);
    expect(await listOutbox(ctx.config)).toHaveLength(mails.length);
  });
});
