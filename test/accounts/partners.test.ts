import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import {
  activateMembership,
  findMembershipBySetupToken,
  invitePartner,
  listPartners,
  listUsers,
} from '../../src/accounts/index.ts';
import { latestOutboxMessageTo } from '../../src/notifications/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createBrand } from '../factories/index.ts';

const t = useTestDatabase();
let ctx: AppContext;
let dir: string;
const env = (): Record<string, string> => ({ ...testEnv(t.url), RECLAIM_DATA_DIR: dir });

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reclaim-partners-'));
  ctx = await t.context({ RECLAIM_DATA_DIR: dir });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const uid = (): string => Math.random().toString(36).slice(2, 8);
const tokenOf = (link: string): string => new URL(link).searchParams.get('token')!;
const count = async (table: string): Promise<number> => Number((await t.db(table).count({ n: '*' }))[0]!.n);

describe('partners invite', () => {
  it("creates a pending partner, invited members with setup tokens and the links to the brands' tenants", async () => {
    const b1 = await createBrand(t.db);
    const b2 = await createBrand(t.db);
    const ann = `ann-${uid()}@growth.example`;
    const bob = `bob-${uid()}@growth.example`;
    const result = await invitePartner(ctx, {
      name: '  Growth Co  ',
      emails: `${ann}\n${bob}, nope`,
      brandIds: [b1.id, b2.id, b1.id],
    });
    expect(result.partner).toMatchObject({ name: 'Growth Co', state: 'pending' });
    expect(result.invalid).toEqual(['nope']);
    expect(result.tenant_ids.sort()).toEqual([b1.tenant_id, b2.tenant_id].sort());

    const partner = await t.db('partners').where({ id: result.partner.id }).first();
    expect(partner).toMatchObject({ name: 'Growth Co', state: 'pending', email: ann });
    const links = await t.db('partner_tenants').where({ partner_id: partner.id }).orderBy('tenant_id');
    expect(links.map((l) => Number(l.tenant_id))).toEqual([b1.tenant_id, b2.tenant_id].sort((a, b) => a - b));

    const members = await t
      .db('partner_users as pu')
      .join('users as u', 'u.id', 'pu.user_id')
      .where('pu.partner_id', partner.id)
      .orderBy('u.email')
      .select('pu.*', 'u.email', 'u.is_enabled', 'u.state as user_state', 'u.role as user_role');
    expect(
      members.map((m) => [m.email, m.state, m.activated_at, m.role, m.is_enabled, m.user_state, m.user_role]),
    ).toEqual([
      [ann, 'invited', null, 'member', false, 'invited', 'partner'],
      [bob, 'invited', null, 'member', false, 'invited', 'partner'],
    ]);
    expect(members[0].extra_data.setup_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(members[0].extra_data.invite_expires_at).getTime() - Date.now()).toBeGreaterThan(4319 * 60_000);

    const mail = await latestOutboxMessageTo(ctx.config, ann);
    expect(mail?.subject).toBe('Set up your account for Growth Co');
    expect(mail!.links[0]!.startsWith('http://localhost:3000/account/setup?token=')).toBe(true);
    expect(tokenOf(mail!.links[0]!)).toBe(members[0].extra_data.setup_token);

    const listed = await listUsers(t.db, { partnerId: partner.id, state: 'invited' });
    expect(listed.users.map((u) => u.email)).toEqual([ann, bob]);
  });

  it('is pending until the first member accepts, then active; a second member keeps it active', async () => {
    const ann = `ann-${uid()}@agency.example`;
    const bob = `bob-${uid()}@agency.example`;
    const { partner } = await invitePartner(ctx, { name: 'Agency', emails: [ann, bob], role: 'admin' });
    const first = await findMembershipBySetupToken(
      t.db,
      tokenOf((await latestOutboxMessageTo(ctx.config, ann))!.links[0]!),
    );
    expect(first).toMatchObject({ kind: 'partner', ownerId: partner.id });
    const one = await t.db.transaction((tx) =>
      activateMembership(tx, { kind: 'partner', membershipId: first!.membershipId }),
    );
    expect(one).toMatchObject({ partnerActivated: true, userId: first!.userId, ownerId: partner.id });
    expect((await t.db('partners').where({ id: partner.id }).first()).state).toBe('active');
    const member = await t.db('partner_users').where({ id: first!.membershipId }).first();
    expect(member).toMatchObject({ state: 'active', role: 'admin', extra_data: {} });
    expect(member.activated_at).not.toBeNull();
    expect(await t.db('users').where({ id: first!.userId }).first()).toMatchObject({
      is_enabled: true,
      state: 'active',
    });

    const second = await findMembershipBySetupToken(
      t.db,
      tokenOf((await latestOutboxMessageTo(ctx.config, bob))!.links[0]!),
    );
    const two = await t.db.transaction((tx) =>
      activateMembership(tx, { kind: 'partner', membershipId: second!.membershipId }),
    );
    expect(two.partnerActivated).toBe(false);
    expect((await t.db('partners').where({ id: partner.id }).first()).state).toBe('active');
  });

  it('a brand whose tenant already has a partner gives "Tenant {names} already exists" and creates nothing', async () => {
    const taken1 = await createBrand(t.db);
    const taken2 = await createBrand(t.db);
    const free = await createBrand(t.db);
    await invitePartner(ctx, { name: 'First', emails: `x-${uid()}@first.example`, brandIds: [taken1.id, taken2.id] });
    const names = (await t.db('tenants').whereIn('id', [taken1.tenant_id, taken2.tenant_id]).orderBy('id')).map(
      (r) => r.name,
    );
    const [partners, users] = [await count('partners'), await count('users')];
    const email = `y-${uid()}@second.example`;
    await expect(
      invitePartner(ctx, { name: 'Second', emails: email, brandIds: [free.id, taken1.id, taken2.id] }),
    ).rejects.toMatchObject({
      kind: 'conflict',
      message: `Tenant ${names.join(', ')} already exists`,
    });
    expect([await count('partners'), await count('users')]).toEqual([partners, users]);
    expect(await latestOutboxMessageTo(ctx.config, email)).toBeUndefined();
  });

  it('existing accounts give "Account already exists with this email: {emails}"', async () => {
    const email = `exists-${uid()}@agency.example`;
    await t.db('users').insert({ email });
    const partners = await count('partners');
    await expect(invitePartner(ctx, { name: 'Dup', emails: `new-${uid()}@agency.example; ${email}` })).rejects.toThrow(
      `Account already exists with this email: ${email}`,
    );
    expect(await count('partners')).toBe(partners);
  });

  it('a failing insert rolls everything back with "Failed to create partner"', async () => {
    const brand = await createBrand(t.db);
    await t.db.raw(
      `create or replace function reclaim_test_fail() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`,
    );
    await t.db.raw(
      `create trigger reclaim_test_fail_partner_tenants before insert on partner_tenants for each row when (new.tenant_id = ${brand.tenant_id}) execute function reclaim_test_fail()`,
    );
    const email = `fail-${uid()}@agency.example`;
    const partners = await count('partners');
    await expect(invitePartner(ctx, { name: 'Broken', emails: email, brandIds: [brand.id] })).rejects.toMatchObject({
      kind: 'internal',
      message: 'Failed to create partner',
    });
    expect(await count('partners')).toBe(partners);
    expect(await t.db('users').where({ email })).toHaveLength(0);
    await t.db.raw('drop trigger reclaim_test_fail_partner_tenants on partner_tenants');
  });

  it.each([
    [{ name: ' ', emails: 'a@x.example' }, 'Give the partner a name (--name).'],
    [{ name: 'P', emails: 'nothing-valid' }, 'No valid e-mail address given (not e-mail addresses: nothing-valid).'],
    [{ name: 'P', emails: 'a@x.example', brandIds: [999_998, 999_999] }, 'Brand not found'],
  ])('%j is refused: %s', async (input, message) => {
    const partners = await count('partners');
    await expect(invitePartner(ctx, input)).rejects.toThrow(message);
    expect(await count('partners')).toBe(partners);
  });

  it('with EMAIL_TRANSPORT=none nothing is created: "Email service not available"', async () => {
    const noMail = await t.context({ RECLAIM_DATA_DIR: dir, EMAIL_TRANSPORT: 'none' });
    const partners = await count('partners');
    await expect(invitePartner(noMail, { name: 'Quiet', emails: `q-${uid()}@agency.example` })).rejects.toThrow(
      'Email service not available',
    );
    expect(await count('partners')).toBe(partners);
  });
});

describe('reclaim partners invite / list', () => {
  it('invites through the CLI with repeated --brand and lists partners with their counts', async () => {
    const b1 = await createBrand(t.db);
    const b2 = await createBrand(t.db);
    const email = `cli-${uid()}@agency.example`;
    const cli = await runCli(
      [
        'partners',
        'invite',
        '--name',
        'CLI Partners',
        '--emails',
        email,
        '--brand',
        String(b1.id),
        '--brand',
        String(b2.id),
        '--json',
      ],
      env(),
    );
    expect(cli.stderr).toBe('');
    expect(cli.code).toBe(0);
    const out = JSON.parse(cli.stdout);
    expect(out.partner).toMatchObject({ name: 'CLI Partners', state: 'pending' });
    expect(out.invited[0]).toMatchObject({ email, mail: { transport: 'outbox' } });

    const list = await runCli(['partners', 'list', '--json'], env());
    expect(list.code).toBe(0);
    const listed = JSON.parse(list.stdout).partners.find((p: { id: number }) => p.id === out.partner.id);
    expect(listed).toMatchObject({ name: 'CLI Partners', state: 'pending', members: 1, tenants: 2 });
    expect((await listPartners(t.db)).find((p) => p.id === out.partner.id)).toMatchObject({ members: 1, tenants: 2 });

    const again = await runCli(
      ['partners', 'invite', '--name', 'Late', '--emails', `z-${uid()}@agency.example`, '--brand', String(b2.id)],
      env(),
    );
    expect(again.code).toBe(1);
    const tenantName = (await t.db('tenants').where({ id: b2.tenant_id }).first()).name;
    expect(again.stderr).toContain(`Tenant ${tenantName} already exists`);
  });
});
