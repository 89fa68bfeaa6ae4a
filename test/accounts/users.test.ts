import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  activateMembership,
  findMembershipBySetupToken,
  getUser,
  inviteMembers,
  listUsers,
  reinviteMember,
  suspendUser,
  updateUser,
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

async function tenantMember(
  tenantId: number,
  user: Record<string, unknown>,
  member: Record<string, unknown> = {},
): Promise<number> {
  const [row] = await t
    .db('users')
    .insert({ email: `${uid()}@member.example`, ...user })
    .returning('id');
  const id = Number((row as { id: string }).id);
  await t
    .db('tenant_users')
    .insert({ tenant_id: tenantId, user_id: id, role: 'member', state: 'active', activated_at: new Date(), ...member });
  return id;
}

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

describe('users list: by tenant or partner, search, state, paging, last-login order', () => {
  let tenantId: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    tenantId = (await createBrand(t.db)).tenant_id;
    const day = (n: number): Date => new Date(Date.UTC(2026, 10, n));
    ids.zed = await tenantMember(tenantId, {
      email: `zed-${uid()}@shop.example`,
      given_name: 'Zed',
      family_name: 'Quinn',
      last_login: day(20),
    });
    ids.amy = await tenantMember(tenantId, {
      email: `amy-${uid()}@shop.example`,
      given_name: 'Amy',
      family_name: 'Stone',
      last_login: day(21),
    });
    ids.invited = await tenantMember(
      tenantId,
      { email: `new-${uid()}@shop.example`, state: 'invited', is_enabled: false },
      { state: 'invited', activated_at: null },
    );
    ids.neverActivated = await tenantMember(
      tenantId,
      { email: `odd-${uid()}@shop.example`, given_name: 'Odd' },
      { state: 'active', activated_at: null },
    );
    ids.suspended = await tenantMember(tenantId, {
      email: `sus-${uid()}@shop.example`,
      state: 'suspended',
      last_login: day(19),
    });
    for (let i = 0; i < 8; i += 1)
      ids[`m${i}`] = await tenantMember(tenantId, {
        email: `m${i}-${uid()}@shop.example`,
        family_name: `Member${i}`,
        last_login: day(1 + i),
      });
    await tenantMember((await createBrand(t.db)).tenant_id, {
      email: `other-${uid()}@shop.example`,
      given_name: 'Amy',
    });
  });

  it('orders by last login, newest first, never-logged-in last, 10 per page by default, with the total', async () => {
    const first = await listUsers(t.db, { tenantId });
    expect(first).toMatchObject({ total: 13, page: 1, limit: 10 });
    expect(first.users.slice(0, 3).map((u) => u.user_id)).toEqual([ids.amy, ids.zed, ids.suspended]);
    expect(first.users.slice(3).map((u) => u.user_id)).toEqual([
      ids.m7,
      ids.m6,
      ids.m5,
      ids.m4,
      ids.m3,
      ids.m2,
      ids.m1,
    ]);
    const second = await listUsers(t.db, { tenantId, page: 2 });
    expect(second.users.map((u) => u.user_id)).toEqual([ids.m0, ids.invited, ids.neverActivated]);
    expect((await listUsers(t.db, { tenantId, page: 3, limit: 5 })).users.map((u) => u.user_id)).toEqual([
      ids.m0,
      ids.invited,
      ids.neverActivated,
    ]);
    expect(await listUsers(t.db, { tenantId, page: 9 })).toMatchObject({ users: [], total: 13 });
  });

  it.each([
    ['invited', ['invited', 'neverActivated']],
    ['suspended', ['suspended']],
  ])('state %s', async (state, names) => {
    const result = await listUsers(t.db, { tenantId, state });
    expect(result.users.map((u) => u.user_id)).toEqual(names.map((n) => ids[n]));
    expect(result.users.every((u) => u.state === state)).toBe(true);
    expect(result.total).toBe(names.length);
  });

  it('state active leaves out invited and suspended members', async () => {
    const result = await listUsers(t.db, { tenantId, state: 'active' });
    expect(result.total).toBe(10);
    expect(result.users.map((u) => u.user_id)).not.toContain(ids.suspended);
  });

  it.each([
    ['AMY', ['amy']],
    ['quinn', ['zed']],
    ['zed q', ['zed']],
    ['SHOP.EXAMPLE', null],
    ['member1', ['m1']],
    ['%', []],
  ])('search %j over e-mail, given and family name', async (search, names) => {
    const result = await listUsers(t.db, { tenantId, search, limit: 100 });
    if (names === null) expect(result.total).toBe(13);
    else expect(result.users.map((u) => u.user_id)).toEqual(names.map((n) => ids[n]));
  });

  it('needs exactly one of tenant or partner', async () => {
    await expect(listUsers(t.db, {})).rejects.toThrow('Say whose users to list');
  });

  it('reclaim users list --json with state, search and paging', async () => {
    const cli = await runCli(
      [
        'users',
        'list',
        '--tenant',
        String(tenantId),
        '--state',
        'active',
        '--search',
        'member',
        '--limit',
        '3',
        '--page',
        '2',
        '--json',
      ],
      env(),
    );
    expect(cli.code).toBe(0);
    const out = JSON.parse(cli.stdout);
    expect(out).toMatchObject({ total: 8, page: 2, limit: 3 });
    expect(out.users.map((u: { user_id: number }) => u.user_id)).toEqual([ids.m4, ids.m3, ids.m2]);
    expect(cli.stdout).not.toContain('password');
    const bad = await runCli(['users', 'list', '--tenant', String(tenantId), '--state', 'gone'], env());
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Invalid state "gone": use active, invited or suspended.');
  });
});

describe('users show, update, suspend', () => {
  it('show returns the user with memberships and never the password; "User not found"', async () => {
    const brand = await createBrand(t.db);
    const id = await tenantMember(
      brand.tenant_id,
      { given_name: 'Sam', password: 'hash-secret', auth: { recovery_token: 'rt-secret' } },
      { role: 'admin' },
    );
    const user = await getUser(t.db, id);
    expect(user).toMatchObject({
      id,
      given_name: 'Sam',
      memberships: [{ kind: 'tenant', owner_id: brand.tenant_id, role: 'admin', state: 'active' }],
    });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('auth');
    await expect(getUser(t.db, 999_999)).rejects.toMatchObject({ kind: 'not_found', message: 'User not found' });
    const cli = await runCli(['users', 'show', String(id), '--json'], env());
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).user.email).toBe(user.email);
    expect(cli.stdout).not.toContain('secret');
    const missing = await runCli(['users', 'show', '999999'], env());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('User not found');
  });

  it('update changes names, phone (E.164) and role; bad values change nothing', async () => {
    const id = await tenantMember((await createBrand(t.db)).tenant_id, { given_name: 'Old' });
    const updated = await updateUser(t.db, id, {
      givenName: ' Nia ',
      familyName: 'Park',
      phone: '(415) 555-0177',
      role: 'admin',
    });
    expect(updated).toMatchObject({ given_name: 'Nia', family_name: 'Park', phone: '+14155550177', role: 'admin' });
    await expect(updateUser(t.db, id, { phone: '123' })).rejects.toThrow('Please enter a valid phone number');
    await expect(updateUser(t.db, id, { role: 'partner' })).rejects.toThrow(
      'Invalid role "partner": use admin or member.',
    );
    await expect(updateUser(t.db, 999_999, { givenName: 'X' })).rejects.toThrow('User not found');
    expect(await t.db('users').where({ id }).first()).toMatchObject({
      given_name: 'Nia',
      phone: '+14155550177',
      role: 'admin',
    });
    const cli = await runCli(
      ['users', 'update', String(id), '--family-name', 'Parker', '--role', 'member', '--json'],
      env(),
    );
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout).user).toMatchObject({ family_name: 'Parker', role: 'member' });
  });

  it('suspend sets the user state to suspended; "User not found"', async () => {
    const brand = await createBrand(t.db);
    const id = await tenantMember(brand.tenant_id, {});
    expect((await suspendUser(t.db, id)).state).toBe('suspended');
    expect(
      (await listUsers(t.db, { tenantId: brand.tenant_id, state: 'suspended' })).users.map((u) => u.user_id),
    ).toEqual([id]);
    await expect(suspendUser(t.db, 999_999)).rejects.toThrow('User not found');
    const cli = await runCli(['users', 'suspend', '999999'], env());
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain('User not found');
  });
});
