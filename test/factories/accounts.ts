/**
 * Account factories: users with a password, tenant and partner memberships, brand users.
 * Passwords are hashed with bcrypt cost 4 here to keep tests fast (compare reads the cost from
 * the hash); production hashing (cost 10) is asserted where passwords are set by the code.
 */
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db } from '../../src/db/index.ts';
import { createBrand } from './index.ts';

type Row = Record<string, unknown>;
const suffix = (): string => randomBytes(4).toString('hex');

export const TEST_PASSWORD = 'correct horse battery';

export interface TestUser {
  id: number;
  email: string;
  given_name: string;
  family_name: string;
}

export async function createUser(
  db: Db,
  { password = TEST_PASSWORD, ...overrides }: Row & { password?: string | null } = {},
): Promise<TestUser & Row> {
  const tag = suffix();
  const [row] = await db('users')
    .insert({
      email: `user-${tag}@example.com`,
      given_name: 'Ada',
      family_name: `Tester${tag}`,
      role: 'member',
      password: password === null ? null : bcrypt.hashSync(password, 4),
      ...overrides,
    })
    .returning('*');
  return { ...row, id: Number(row.id) };
}

export async function addTenantMember(
  db: Db,
  {
    tenantId,
    userId,
    role = 'member',
    state = 'active',
    activated = true,
    ...overrides
  }: Row & { tenantId: number; userId: number; role?: string; state?: string; activated?: boolean },
): Promise<Row & { id: number }> {
  const [row] = await db('tenant_users')
    .insert({
      tenant_id: tenantId,
      user_id: userId,
      role,
      state,
      activated_at: activated ? new Date() : null,
      ...overrides,
    })
    .returning('*');
  return { ...row, id: Number(row.id) };
}

export async function createPartner(
  db: Db,
  { tenantIds = [], ...overrides }: Row & { tenantIds?: number[] } = {},
): Promise<Row & { id: number }> {
  const [row] = await db('partners')
    .insert({ name: `Partner ${suffix()}`, state: 'active', ...overrides })
    .returning('*');
  for (const tenantId of tenantIds) await db('partner_tenants').insert({ partner_id: row.id, tenant_id: tenantId });
  return { ...row, id: Number(row.id) };
}

export async function addPartnerMember(
  db: Db,
  {
    partnerId,
    userId,
    role = 'admin',
    state = 'active',
    activated = true,
  }: { partnerId: number; userId: number; role?: string; state?: string; activated?: boolean },
): Promise<Row & { id: number }> {
  const [row] = await db('partner_users')
    .insert({ partner_id: partnerId, user_id: userId, role, state, activated_at: activated ? new Date() : null })
    .returning('*');
  return { ...row, id: Number(row.id) };
}

/** A tenant with a brand and a user who is an active member of it. */
export async function createBrandUser(
  db: Db,
  { role = 'admin', user = {} }: { role?: string; user?: Row & { password?: string | null } } = {},
): Promise<{ user: TestUser & Row; brandId: number; tenantId: number; membershipId: number }> {
  const brand = await createBrand(db);
  const created = await createUser(db, { role, ...user });
  const membership = await addTenantMember(db, { tenantId: brand.tenant_id, userId: created.id, role });
  return { user: created, brandId: brand.id, tenantId: brand.tenant_id, membershipId: membership.id };
}

/** An invited tenant member as the invite flow leaves it: user disabled, membership with a setup token. */
export async function createInvitedMember(
  db: Db,
  {
    tenantId,
    expiresAt = new Date(Date.now() + 3 * 24 * 3600_000),
    token = randomBytes(32).toString('base64url'),
  }: { tenantId: number; expiresAt?: Date; token?: string },
): Promise<{ user: TestUser & Row; membershipId: number; token: string }> {
  const user = await createUser(db, {
    password: null,
    is_enabled: false,
    state: 'invited',
    given_name: null,
    family_name: null,
  });
  const membership = await addTenantMember(db, {
    tenantId,
    userId: user.id,
    state: 'invited',
    activated: false,
    extra_data: { setup_token: token, invite_expires_at: expiresAt.toISOString() },
  });
  return { user, membershipId: membership.id, token };
}

/** The rows of one table. */
export const rowCount = async (db: Db, table: string): Promise<number> =>
  Number((await db(table).count<{ count: string }[]>('* as count'))[0]!.count);

/** The rows of each table a tenant setup writes (compared before and after a run that must add none). */
export const setupRowCounts = async (db: Db) => ({
  leads: await rowCount(db, 'leads'),
  tenants: await rowCount(db, 'tenants'),
  users: await rowCount(db, 'users'),
  tenant_users: await rowCount(db, 'tenant_users'),
  brands: await rowCount(db, 'brands'),
});
