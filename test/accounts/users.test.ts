import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getUser, listUsers, suspendUser, updateUser } from '../../src/accounts/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createBrand } from '../factories/index.ts';

const t = useTestDatabase();
let dir: string;
const PUBLIC_URL = 'https://app.reclaim.example';
const env = (): Record<string, string> => ({ ...testEnv(t.url), RECLAIM_DATA_DIR: dir, PUBLIC_URL });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reclaim-users-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const uid = (): string => Math.random().toString(36).slice(2, 8);

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
