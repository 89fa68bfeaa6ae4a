import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectPermissions, setupTenant, type LeadInput } from '../../src/accounts/index.ts';
import { rowCount, setupRowCounts } from '../factories/accounts.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';

const t = useTestDatabase();
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'reclaim-setup-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tag = (): string => randomBytes(4).toString('hex');
const leadInput = (overrides: LeadInput = {}): LeadInput => {
  const id = tag();
  return {
    email: `owner-${id}@acme-${id}.com`,
    first_name: 'Jane',
    last_name: 'Doe',
    company_name: `  Acme ${id}  `,
    store_url: `www.acme-${id}.com`,
    support_phone: '(415) 555-0134',
    ...overrides,
  };
};
const count = (table: string): Promise<number> => rowCount(t.db, table);
const counts = () => setupRowCounts(t.db);

describe('tenant setup from a lead', () => {
  it('creates lead, tenant, admin user, active membership and brand, all linked to the lead', async () => {
    const input = leadInput();
    const result = await setupTenant(t.db, { lead: input, password: 'correct horse battery' });
    expect(result).toMatchObject({ created: true, reused_user: false });

    const lead = await t.db('leads').where({ id: result.lead_id }).first();
    expect(lead).toMatchObject({
      email: input.email,
      company_name: input.company_name!.trim(),
      store_url: `https://${input.store_url}`,
      support_phone: '+14155550134',
    });
    expect([Number(lead.tenant_id), Number(lead.user_id), Number(lead.brand_id)]).toEqual([
      result.tenant_id,
      result.user_id,
      result.brand_id,
    ]);
    expect(lead.extra_data).toEqual({});

    expect(await t.db('tenants').where({ id: result.tenant_id }).first()).toMatchObject({
      name: input.company_name!.trim(),
      type: 'brand',
      email: input.email,
      is_enabled: true,
    });
    const user = await t.db('users').where({ id: result.user_id }).first();
    expect(user).toMatchObject({
      email: input.email,
      given_name: 'Jane',
      family_name: 'Doe',
      role: 'admin',
      state: 'active',
      is_enabled: true,
    });
    expect(user.password).toMatch(/^\$2[aby]\$10\$/);
    expect(await bcrypt.compare('correct horse battery', user.password)).toBe(true);
    const membership = await t
      .db('tenant_users')
      .where({ tenant_id: result.tenant_id, user_id: result.user_id })
      .first();
    expect(membership).toMatchObject({ role: 'admin', state: 'active' });
    expect(membership.activated_at).toBeInstanceOf(Date);
    const brand = await t.db('brands').where({ id: result.brand_id }).first();
    expect(brand).toMatchObject({
      tenant_id: String(result.tenant_id),
      name: input.company_name!.trim(),
      domain: input.store_url!.replace(/^www\./, ''),
      industry: null,
      support_phone: '+14155550134',
    });
  });

  it('an internal +test e-mail gives the brand industry internal_testing', async () => {
    const result = await setupTenant(t.db, { lead: leadInput({ email: `qa+test-${tag()}@reclaim.dev` }) });
    expect((await t.db('brands').where({ id: result.brand_id }).first()).industry).toBe('internal_testing');
  });

  it("refuses an existing user's e-mail with duplicate_email and changes nothing", async () => {
    const first = await setupTenant(t.db, { lead: leadInput() });
    const email = (await t.db('users').where({ id: first.user_id }).first()).email as string;
    const before = await counts();
    await expect(setupTenant(t.db, { lead: leadInput({ email: email.toUpperCase() }) })).rejects.toMatchObject({
      message: 'An account with this email already exists',
      code: 'duplicate_email',
    });
    expect(await counts()).toEqual(before);
  });

  it('reuses the existing user when duplicates are allowed, without replacing a stored password', async () => {
    const first = await setupTenant(t.db, { lead: leadInput(), password: 'first password' });
    const email = (await t.db('users').where({ id: first.user_id }).first()).email as string;
    const users = await count('users');
    const second = await setupTenant(t.db, {
      lead: leadInput({ email }),
      password: 'other password',
      allowDuplicate: true,
    });
    expect(second).toMatchObject({ created: true, reused_user: true, user_id: first.user_id });
    expect(second.tenant_id).not.toBe(first.tenant_id);
    expect(await count('users')).toBe(users);
    expect(
      await t.db('tenant_users').where({ tenant_id: second.tenant_id, user_id: first.user_id }).first(),
    ).toMatchObject({ role: 'admin', state: 'active' });
    expect((await t.db('leads').where({ id: second.lead_id }).first()).extra_data).toEqual({
      existing_user_id: first.user_id,
    });
    expect(
      await bcrypt.compare('first password', (await t.db('users').where({ id: first.user_id }).first()).password),
    ).toBe(true);
  });

  it('activates a reused invited user and sets a password when none is stored', async () => {
    const email = `invited-${tag()}@acme.com`;
    const [invited] = await t.db('users').insert({ email, state: 'invited', is_enabled: false }).returning('id');
    const result = await setupTenant(t.db, {
      lead: leadInput({ email }),
      password: 'new password',
      allowDuplicate: true,
    });
    const user = await t.db('users').where({ id: invited.id }).first();
    expect([result.user_id, user.state, user.is_enabled]).toEqual([Number(invited.id), 'active', true]);
    expect(await bcrypt.compare('new password', user.password)).toBe(true);
  });

  it('returns a lead that is already linked unchanged', async () => {
    const input = leadInput({ id: randomUUID() });
    const first = await setupTenant(t.db, { lead: input });
    const leadBefore = await t.db('leads').where({ id: first.lead_id }).first();
    const before = await counts();
    const again = await setupTenant(t.db, { lead: { ...input, company_name: 'Renamed Co', store_url: 'not a url' } });
    expect(again).toEqual({ ...first, created: false });
    expect(await counts()).toEqual(before);
    expect(await t.db('leads').where({ id: first.lead_id }).first()).toEqual(leadBefore);
  });

  it('rolls everything back when the brand insert fails', async () => {
    await t.db.raw(`alter table brands add constraint t_fail check (name <> 'Fail Co')`);
    try {
      const input = leadInput({ id: randomUUID(), company_name: 'Fail Co' });
      const before = await counts();
      await expect(setupTenant(t.db, { lead: input, password: 'secret password' })).rejects.toThrow(
        /^Failed to create tenant, user, and brand$/,
      );
      expect(await counts()).toEqual(before);
      expect(await t.db('leads').where({ id: input.id }).first()).toBeUndefined();
      expect(await t.db('users').where({ email: input.email }).first()).toBeUndefined();
      expect(await t.db('tenants').where({ name: 'Fail Co' }).first()).toBeUndefined();
    } finally {
      await t.db.raw('alter table brands drop constraint t_fail');
    }
  });

  it("grants the plan through read:plans:{id}; the plan's permissions count once the brand subscribes", async () => {
    const [plan] = await t
      .db('plans')
      .insert({ name: `Growth ${tag()}`, price: 149, status: 'published' })
      .returning('id');
    const [feature] = await t
      .db('permissions')
      .insert({ action: 'read', attribute: 'beta:insights' })
      .onConflict(['action', 'attribute'])
      .merge()
      .returning('id');
    await t.db('plan_permissions').insert({ plan_id: plan.id, permission_id: feature.id, state: 'permitted' });
    const result = await setupTenant(t.db, { lead: leadInput(), planId: Number(plan.id) });

    const grant = await t
      .db('brand_permissions as bp')
      .join('permissions as p', 'p.id', 'bp.permission_id')
      .where({ 'bp.brand_id': result.brand_id })
      .select('p.action', 'p.attribute', 'bp.state');
    expect(grant).toEqual([{ action: 'read', attribute: `plans:${plan.id}`, state: 'permitted' }]);
    expect(await collectPermissions(t.db, { brandId: result.brand_id })).toEqual([`read:plans:${plan.id}`]);
    await t.db('subscriptions').insert({ brand_id: result.brand_id, plan_id: plan.id, status: 'in_trial' });
    expect(await collectPermissions(t.db, { brandId: result.brand_id })).toEqual([
      'read:beta:insights',
      `read:plans:${plan.id}`,
    ]);
  });

  it('an unknown plan is refused before anything is created', async () => {
    const before = await counts();
    await expect(setupTenant(t.db, { lead: leadInput(), planId: 987_654 })).rejects.toThrow('Plan not found');
    expect(await counts()).toEqual(before);
  });
});

describe('reclaim tenant setup', () => {
  it('--json prints the ids; the password is never printed; a second run of the same lead file changes nothing', async () => {
    const input = leadInput({ id: randomUUID() });
    const file = join(dir, 'lead.json');
    await writeFile(file, JSON.stringify({ ...input, password: 'file-password-123' }));
    const first = await runCli(
      ['tenant', 'setup', '--lead-file', file, '--phone', '212 555 0100', '--json'],
      testEnv(t.url),
    );
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).not.toContain('file-password-123');
    const printed = JSON.parse(first.stdout);
    expect(Object.keys(printed).sort()).toEqual(['brand_id', 'created', 'lead_id', 'tenant_id', 'user_id']);
    const lead = await t.db('leads').where({ id: input.id }).first();
    expect(printed).toEqual({
      lead_id: input.id,
      tenant_id: Number(lead.tenant_id),
      user_id: Number(lead.user_id),
      brand_id: Number(lead.brand_id),
      created: true,
    });
    expect(lead.support_phone).toBe('+12125550100');
    expect(
      await bcrypt.compare('file-password-123', (await t.db('users').where({ id: printed.user_id }).first()).password),
    ).toBe(true);

    const again = await runCli(['tenant', 'setup', '--lead-file', file, '--json'], testEnv(t.url));
    expect([again.code, JSON.parse(again.stdout)]).toEqual([0, { ...printed, created: false }]);
  });

  it('from flags, prints a human summary', async () => {
    const id = tag();
    const result = await runCli(
      [
        'tenant',
        'setup',
        '--email',
        `cli-${id}@shop.com`,
        '--first-name',
        'Ana',
        '--last-name',
        'Ruiz',
        '--company',
        `Shop ${id}`,
        '--store-url',
        `shop-${id}.com`,
        '--password',
        'flag-password-1',
      ],
      testEnv(t.url),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Set up lead [0-9a-f-]{36}:\n {2}tenant \d+, user \d+, brand \d+\n$/);
    expect(result.stdout + result.stderr).not.toContain('flag-password-1');
    expect(
      await t
        .db('brands')
        .where({ name: `Shop ${id}`, domain: `shop-${id}.com` })
        .first(),
    ).toBeDefined();
  });

  it.each([
    [['--company', 'Acme', '--store-url', 'acme.com'], 'Missing --email (or set it in --lead-file)'],
    [['--email', 'a@acme.com', '--store-url', 'acme.com'], 'Missing --company (or set it in --lead-file)'],
    [['--email', 'a@acme.com', '--company', 'Acme'], 'Missing --store-url (or set it in --lead-file)'],
  ])('without a TTY, a missing value names its flag: %j', async (args, message) => {
    const result = await runCli(['tenant', 'setup', ...args], testEnv(t.url));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Error: ${message}`);
  });

  it.each([
    [['--phone', '555-1234'], '--phone: Please enter a valid phone number', 'invalid_lead'],
    [['--store-url', 'localhost'], '--store-url: Invalid url', 'invalid_lead'],
    [['--email', 'not-an-email'], '--email: Please enter a valid email address', 'invalid_lead'],
    [['--company', '  '], '--company: Company name is required', 'invalid_lead'],
    [['--plan', 'gold'], '--plan must be a whole number, got "gold".', null],
    [['--plan', '987654'], 'Plan not found', 'plan_not_found'],
  ])('bad input %j exits 1 naming the flag: %j, and creates nothing', async (args, message, code) => {
    const before = await counts();
    const id = tag();
    const result = await runCli(
      [
        'tenant',
        'setup',
        '--email',
        `x-${id}@acme.com`,
        '--company',
        'Acme',
        '--store-url',
        'acme.com',
        ...args,
        '--json',
      ],
      testEnv(t.url),
    );
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).error).toEqual({ kind: expect.any(String), code, message });
    expect(await counts()).toEqual(before);
  });
});
