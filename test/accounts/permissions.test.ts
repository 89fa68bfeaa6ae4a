import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  addPlanReadPermission,
  collapsePermissions,
  collectPermissions,
  copyPlanPermissions,
  customPlanName,
  grantBrandPermission,
  listBrandPermissions,
  parsePermission,
  planBaseName,
  revokeBrandPermission,
  splitFeatures,
  visiblePlans,
  type Grant,
} from '../../src/accounts/index.ts';
import { createBrand } from '../factories/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();

const g = (text: string, state: Grant['state'] = 'permitted'): Grant => ({ ...parsePermission(text), state });
const tag = (): string => randomBytes(4).toString('hex');

describe('permission collection rules (spec 4 section 6)', () => {
  it.each([
    [
      'a wildcard replaces the specific attributes of the same action',
      [g('read:plans:1'), g('read:analytics'), g('read:*')],
      undefined,
      ['read:*'],
    ],
    [
      'beta: attributes are kept beside a wildcard',
      [g('read:*'), g('read:beta:insights'), g('read:plans:1')],
      undefined,
      ['read:*', 'read:beta:insights'],
    ],
    [
      'a wildcard only affects its own action',
      [g('read:*'), g('update:users'), g('update:brands')],
      undefined,
      ['read:*', 'update:brands', 'update:users'],
    ],
    [
      'a denied grant is ignored: it does not subtract a permitted one',
      [g('read:analytics'), g('read:analytics', 'denied')],
      undefined,
      ['read:analytics'],
    ],
    ['a denied grant alone gives nothing', [g('read:analytics', 'denied')], undefined, []],
    [
      'a denied wildcard does not replace anything',
      [g('read:*', 'denied'), g('read:plans:1')],
      undefined,
      ['read:plans:1'],
    ],
    ['duplicates from several levels count once', [g('read:plans:1'), g('read:plans:1')], undefined, ['read:plans:1']],
    ['admin gets create:users and update:users', [], 'admin', ['create:users', 'update:users']],
    ['member gets no defaults', [], 'member', []],
    ['partner gets no defaults', [g('read:analytics')], 'partner', ['read:analytics']],
    ["a wildcard replaces the admin's default for that action", [g('create:*')], 'admin', ['create:*', 'update:users']],
  ])('%s', (_case, grants, role, expected) => {
    expect(collapsePermissions(grants, { role })).toEqual(expected);
  });

  it.each([
    ['read:plans:3', { action: 'read', attribute: 'plans:3' }],
    [' read:beta:insights ', { action: 'read', attribute: 'beta:insights' }],
    ['update:*', { action: 'update', attribute: '*' }],
  ])('parses %j', (text, expected) => expect(parsePermission(text)).toEqual(expected));

  it.each(['read', ':plans', 'read:', 're ad:x'])('refuses %j', (text) => {
    expect(() => parsePermission(text)).toThrow(
      `Permission must look like action:attribute (e.g. read:plans:3), got "${text}".`,
    );
  });

  it('splits features (beta:) from access with the enabled flag', () => {
    expect(splitFeatures([g('read:beta:ads', 'denied'), g('read:analytics'), g('read:beta:insights')])).toEqual({
      features: [
        { permission: 'read:beta:ads', action: 'read', attribute: 'beta:ads', enabled: false },
        { permission: 'read:beta:insights', action: 'read', attribute: 'beta:insights', enabled: true },
      ],
      access: [{ permission: 'read:analytics', action: 'read', attribute: 'analytics', enabled: true }],
    });
  });

  it.each([
    ['Growth - $149/3%', 'Growth'],
    ['Growth - $99.50/2.5%', 'Growth'],
    ['Pro Plus - $10/0%', 'Pro Plus'],
    ['Growth', 'Growth'],
    ['Growth - custom', 'Growth - custom'],
  ])('the base name of %j is %j', (name, base) => expect(planBaseName(name)).toBe(base));

  it('names a custom plan with the price and rate suffix', () => {
    expect(customPlanName('Growth', 149, 3)).toBe('Growth - $149/3%');
    expect(planBaseName(customPlanName('Starter', 49.5, 2.5))).toBe('Starter');
  });
});

async function permissionId(text: string): Promise<number> {
  const { action, attribute } = parsePermission(text);
  const [row] = await t
    .db('permissions')
    .insert({ action, attribute })
    .onConflict(['action', 'attribute'])
    .merge()
    .returning('id');
  return Number(row.id);
}
async function createUser(overrides: Record<string, unknown> = {}): Promise<number> {
  const [row] = await t
    .db('users')
    .insert({ email: `user-${tag()}@acme.com`, ...overrides })
    .returning('id');
  return Number(row.id);
}
async function createPlan(name: string, status = 'published'): Promise<number> {
  const [row] = await t.db('plans').insert({ name, price: 99, status }).returning('id');
  return Number(row.id);
}

describe('collecting permissions from the database', () => {
  it('joins user, tenant, brand and active or in-trial plan grants, only permitted ones', async () => {
    const brand = await createBrand(t.db);
    const userId = await createUser();
    await t.db('tenant_users').insert({
      tenant_id: brand.tenant_id,
      user_id: userId,
      role: 'member',
      state: 'active',
      activated_at: new Date(),
    });
    await t.db('user_permissions').insert([
      { user_id: userId, permission_id: await permissionId('read:reports'), state: 'permitted' },
      { user_id: userId, permission_id: await permissionId('delete:contacts'), state: 'denied' },
    ]);
    await t
      .db('tenant_permissions')
      .insert({ tenant_id: brand.tenant_id, permission_id: await permissionId('read:analytics'), state: 'permitted' });
    await t.db('brand_permissions').insert([
      { brand_id: brand.id, permission_id: await permissionId('read:beta:insights'), state: 'permitted' },
      { brand_id: brand.id, permission_id: await permissionId('read:analytics'), state: 'denied' },
    ]);
    const plans: Record<string, number> = {};
    for (const status of ['active', 'in_trial', 'cancelled', 'pending_setup', 'past_due']) {
      plans[status] = await createPlan(`Plan ${status} ${tag()}`);
      await t.db('plan_permissions').insert({
        plan_id: plans[status],
        permission_id: await permissionId(`use:plan-${status}`),
        state: 'permitted',
      });
      await t.db('subscriptions').insert({ brand_id: brand.id, plan_id: plans[status], status });
    }
    await t
      .db('plan_permissions')
      .insert({ plan_id: plans.active, permission_id: await permissionId('use:denied-by-plan'), state: 'denied' });

    expect(await collectPermissions(t.db, { brandId: brand.id, userId })).toEqual([
      'read:analytics',
      'read:beta:insights',
      'read:reports',
      'use:plan-active',
      'use:plan-in_trial',
    ]);
    expect(await collectPermissions(t.db, { brandId: brand.id })).toEqual([
      'read:analytics',
      'read:beta:insights',
      'use:plan-active',
      'use:plan-in_trial',
    ]);
    expect(await collectPermissions(t.db, { userId })).toEqual(['read:reports']);

    await t
      .db('brand_permissions')
      .insert({ brand_id: brand.id, permission_id: await permissionId('use:*'), state: 'permitted' });
    expect(await collectPermissions(t.db, { brandId: brand.id })).toEqual([
      'read:analytics',
      'read:beta:insights',
      'use:*',
    ]);
  });

  it("adds the role defaults of the user's active membership in the brand's tenant", async () => {
    const brand = await createBrand(t.db);
    const admin = await createUser({ role: 'member' });
    const member = await createUser({ role: 'admin' });
    await t.db('tenant_users').insert([
      { tenant_id: brand.tenant_id, user_id: admin, role: 'admin', state: 'active', activated_at: new Date() },
      { tenant_id: brand.tenant_id, user_id: member, role: 'member', state: 'active', activated_at: new Date() },
    ]);
    expect(await collectPermissions(t.db, { brandId: brand.id, userId: admin })).toEqual([
      'create:users',
      'update:users',
    ]);
    expect(await collectPermissions(t.db, { brandId: brand.id, userId: member })).toEqual([]);
    expect(await collectPermissions(t.db, { userId: member })).toEqual(['create:users', 'update:users']);
  });

  it('unknown brands and users are clear errors', async () => {
    await expect(collectPermissions(t.db, { brandId: 999_999 })).rejects.toThrow('Brand not found');
    await expect(collectPermissions(t.db, { userId: 999_999 })).rejects.toThrow('User not found');
  });
});

describe('granting and revoking per brand', () => {
  it('grant upserts permitted with its author; revoke sets denied; the listing shows both with enabled flags', async () => {
    const brand = await createBrand(t.db);
    const author = await createUser();
    expect(
      await grantBrandPermission(t.db, { brandId: brand.id, permission: 'read:beta:ads', authorId: author }),
    ).toEqual({ brand_id: brand.id, permission: 'read:beta:ads', state: 'permitted' });
    await grantBrandPermission(t.db, { brandId: brand.id, permission: 'read:analytics' });
    await revokeBrandPermission(t.db, { brandId: brand.id, permission: 'read:analytics', authorId: author });

    const rows = await t
      .db('brand_permissions as bp')
      .join('permissions as p', 'p.id', 'bp.permission_id')
      .where({ 'bp.brand_id': brand.id })
      .orderBy('p.attribute')
      .select('p.attribute', 'bp.state', 'bp.author_id');
    expect(rows).toEqual([
      { attribute: 'analytics', state: 'denied', author_id: String(author) },
      { attribute: 'beta:ads', state: 'permitted', author_id: String(author) },
    ]);
    expect(await listBrandPermissions(t.db, { brandId: brand.id })).toEqual({
      brand_id: brand.id,
      features: [{ permission: 'read:beta:ads', action: 'read', attribute: 'beta:ads', enabled: true }],
      access: [{ permission: 'read:analytics', action: 'read', attribute: 'analytics', enabled: false }],
    });
    expect(await collectPermissions(t.db, { brandId: brand.id })).toEqual(['read:beta:ads']);

    // A revoke at brand level does not cancel a tenant-level grant (denied is ignored, not subtracted).
    await t
      .db('tenant_permissions')
      .insert({ tenant_id: brand.tenant_id, permission_id: await permissionId('read:analytics') });
    expect(await collectPermissions(t.db, { brandId: brand.id })).toEqual(['read:analytics', 'read:beta:ads']);
  });

  it('refuses an unknown brand, an unknown author and a malformed permission', async () => {
    const brand = await createBrand(t.db);
    await expect(grantBrandPermission(t.db, { brandId: 999_999, permission: 'read:x' })).rejects.toThrow(
      'Brand not found',
    );
    await expect(
      grantBrandPermission(t.db, { brandId: brand.id, permission: 'read:x', authorId: 999_999 }),
    ).rejects.toThrow('User not found');
    await expect(revokeBrandPermission(t.db, { brandId: brand.id, permission: 'nonsense' })).rejects.toThrow(
      'Permission must look like action:attribute',
    );
    expect(await t.db('brand_permissions').where({ brand_id: brand.id })).toEqual([]);
  });
});

describe('plans and their permissions (spec 1 section 6)', () => {
  it('published plans, plans the user holds read:plans:{id} for, and the named plan are visible', async () => {
    const suffix = tag();
    const published = await createPlan(`Starter ${suffix}`);
    const granted = await createPlan(`Partner deal ${suffix}`, 'custom');
    const named = await createPlan(`Named ${suffix}`, 'draft');
    const hidden = await createPlan(`Hidden ${suffix}`, 'custom');
    const deniedPlan = await createPlan(`Denied ${suffix}`, 'custom');
    const brand = await createBrand(t.db);
    const userId = await createUser();
    const outsider = await createUser();
    await t.db('tenant_users').insert({
      tenant_id: brand.tenant_id,
      user_id: userId,
      role: 'member',
      state: 'active',
      activated_at: new Date(),
    });
    await t.db('brand_permissions').insert([
      { brand_id: brand.id, permission_id: await addPlanReadPermission(t.db, granted), state: 'permitted' },
      { brand_id: brand.id, permission_id: await addPlanReadPermission(t.db, deniedPlan), state: 'denied' },
    ]);
    await addPlanReadPermission(t.db, hidden);

    const ids = async (options: Parameters<typeof visiblePlans>[1]) =>
      (await visiblePlans(t.db, options))
        .map((p) => p.id)
        .filter((id) => [published, granted, named, hidden, deniedPlan].includes(id));
    expect(await ids({ userId })).toEqual([published, granted]);
    expect(await ids({ userId, planName: `Named ${suffix}` })).toEqual([published, granted, named]);
    expect(await ids({ userId: outsider })).toEqual([published]);
    expect(await ids({})).toEqual([published]);

    await t.db('user_permissions').insert({ user_id: outsider, permission_id: await permissionId('read:*') });
    expect(await ids({ userId: outsider })).toEqual([published, granted, named, hidden, deniedPlan]);
  });

  it('creating a plan adds its read permission once', async () => {
    const plan = await createPlan(`Scale ${tag()}`);
    const first = await addPlanReadPermission(t.db, plan);
    expect(await addPlanReadPermission(t.db, plan)).toBe(first);
    expect(await t.db('permissions').where({ id: first }).first()).toMatchObject({
      action: 'read',
      attribute: `plans:${plan}`,
    });
  });

  it('a custom plan copies the permissions of the published plan with the same base name', async () => {
    const base = `Growth ${tag()}`;
    await createPlan(base, 'draft');
    const source = await createPlan(base);
    await t.db('plan_permissions').insert([
      { plan_id: source, permission_id: await permissionId('read:beta:ads'), state: 'permitted' },
      { plan_id: source, permission_id: await permissionId('read:analytics'), state: 'denied' },
    ]);
    const custom = await createPlan(customPlanName(base, 149, 3), 'custom');
    expect(await copyPlanPermissions(t.db, { customPlanId: custom })).toEqual({ source_plan_id: source, copied: 2 });
    const copied = await t
      .db('plan_permissions as pp')
      .join('permissions as p', 'p.id', 'pp.permission_id')
      .where({ plan_id: custom })
      .orderBy('p.attribute')
      .select('p.attribute', 'pp.state');
    expect(copied).toEqual([
      { attribute: 'analytics', state: 'denied' },
      { attribute: 'beta:ads', state: 'permitted' },
    ]);
    expect(await copyPlanPermissions(t.db, { customPlanId: custom })).toEqual({ source_plan_id: source, copied: 0 });

    const orphan = await createPlan(`Nothing like it ${tag()} - $10/1%`, 'custom');
    expect(await copyPlanPermissions(t.db, { customPlanId: orphan })).toEqual({ source_plan_id: null, copied: 0 });
    await expect(copyPlanPermissions(t.db, { customPlanId: 999_999 })).rejects.toThrow('Plan not found');
  });
});

describe('reclaim permissions', () => {
  it('grant, revoke and list through the CLI', async () => {
    const brand = await createBrand(t.db);
    const env = testEnv(t.url);
    const grant = await runCli(
      ['permissions', 'grant', '--brand', String(brand.id), '--permission', 'read:beta:insights'],
      env,
    );
    expect([grant.code, grant.stdout]).toEqual([0, `read:beta:insights is now permitted for brand ${brand.id}.\n`]);
    expect(
      (await runCli(['permissions', 'grant', '--brand', String(brand.id), '--permission', 'read:analytics'], env)).code,
    ).toBe(0);
    const revoke = await runCli(
      ['permissions', 'revoke', '--brand', String(brand.id), '--permission', 'read:analytics', '--json'],
      env,
    );
    expect([revoke.code, JSON.parse(revoke.stdout)]).toEqual([
      0,
      { brand_id: brand.id, permission: 'read:analytics', state: 'denied' },
    ]);

    const list = await runCli(['permissions', 'list', '--brand', String(brand.id), '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout)).toEqual({
      brand_id: brand.id,
      features: [{ permission: 'read:beta:insights', action: 'read', attribute: 'beta:insights', enabled: true }],
      access: [{ permission: 'read:analytics', action: 'read', attribute: 'analytics', enabled: false }],
    });
    const human = await runCli(['permissions', 'list', '--brand', String(brand.id)], env);
    expect(human.stdout).toBe(
      `Brand ${brand.id}\nFeatures:\n  [x] read:beta:insights\nAccess:\n  [ ] read:analytics\n`,
    );

    const effective = await runCli(['permissions', 'effective', '--brand', String(brand.id), '--json'], env);
    expect(JSON.parse(effective.stdout)).toEqual({
      brand_id: brand.id,
      user_id: null,
      permissions: ['read:beta:insights'],
    });
  }, 120_000);

  it.each([
    [['grant', '--brand', '999999', '--permission', 'read:x'], 'Brand not found'],
    [
      ['grant', '--brand', '1', '--permission', 'nonsense'],
      'Permission must look like action:attribute (e.g. read:plans:3), got "nonsense".',
    ],
    [['list', '--brand', 'abc'], '--brand must be a whole number, got "abc".'],
  ])('%j exits 1 with %j', async (args, message) => {
    const result = await runCli(['permissions', ...args], testEnv(t.url));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Error: ${message}`);
  });
});
