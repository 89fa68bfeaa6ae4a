/**
 * SQL for permissions and their grants (user, tenant, brand and plan levels). Plan visibility and
 * plan grants read billing's plans and subscriptions tables: which plans a brand subscribes to
 * decides what it may do.
 */
import type { Knex } from 'knex';
import type { Handle } from '../../db/index.ts';
import { GRANTING_SUBSCRIPTION_STATUSES, type Grant, type GrantState, type Permission } from '../permissions/rules.ts';

/** The id of permission (action, attribute), created when missing. */
export async function ensurePermission(db: Handle, { action, attribute }: Permission): Promise<number> {
  const [inserted] = await db('permissions')
    .insert({ action, attribute })
    .onConflict(['action', 'attribute'])
    .ignore()
    .returning<{ id: string }[]>('id');
  if (inserted) return Number(inserted.id);
  const row = await db('permissions').where({ action, attribute }).first<{ id: string }>('id');
  return Number(row!.id);
}

const grantsFrom = (db: Handle, table: string, where: (q: Knex.QueryBuilder) => void): Promise<Grant[]> =>
  db(`${table} as g`)
    .join('permissions as p', 'p.id', 'g.permission_id')
    .where(where)
    .select<Grant[]>('p.action', 'p.attribute', 'g.state');

export const userGrants = (db: Handle, userId: number): Promise<Grant[]> =>
  grantsFrom(db, 'user_permissions', (q) => q.where('g.user_id', userId));
export const tenantGrants = (db: Handle, tenantId: number): Promise<Grant[]> =>
  grantsFrom(db, 'tenant_permissions', (q) => q.where('g.tenant_id', tenantId));
export const brandGrants = (db: Handle, brandId: number): Promise<Grant[]> =>
  grantsFrom(db, 'brand_permissions', (q) => q.where('g.brand_id', brandId));

/** Grants of the plans the brand has an active or in-trial subscription to. */
export const planGrantsForBrand = (db: Handle, brandId: number): Promise<Grant[]> =>
  grantsFrom(db, 'plan_permissions', (q) =>
    q.whereIn(
      'g.plan_id',
      db('subscriptions')
        .select('plan_id')
        .where({ brand_id: brandId })
        .whereIn('status', GRANTING_SUBSCRIPTION_STATUSES),
    ),
  );

export interface BrandRef {
  id: number;
  tenant_id: number;
  name: string;
}

export async function findBrand(db: Handle, id: number): Promise<BrandRef | undefined> {
  const row = await db('brands').where({ id }).first<Record<string, unknown> | undefined>('id', 'tenant_id', 'name');
  return row ? { id: Number(row.id), tenant_id: Number(row.tenant_id), name: String(row.name) } : undefined;
}

export async function findUserRole(db: Handle, userId: number): Promise<string | undefined> {
  const row = await db('users').where({ id: userId }).first<{ role: string } | undefined>('role');
  return row?.role;
}

/** The role of the user's active membership in the tenant, if any. */
export async function membershipRole(db: Handle, userId: number, tenantId: number): Promise<string | undefined> {
  const row = await db('tenant_users')
    .where({ user_id: userId, tenant_id: tenantId, state: 'active' })
    .first<{ role: string } | undefined>('role');
  return row?.role;
}

export async function upsertBrandPermission(
  db: Handle,
  {
    brandId,
    permissionId,
    state,
    authorId,
  }: { brandId: number; permissionId: number; state: GrantState; authorId?: number | null },
): Promise<void> {
  await db('brand_permissions')
    .insert({ brand_id: brandId, permission_id: permissionId, state, author_id: authorId ?? null })
    .onConflict(['brand_id', 'permission_id'])
    .merge({ state, author_id: authorId ?? null, updated_at: db.fn.now() });
}

/** Every permission row of a brand (permitted and denied), for listing. */
export const brandPermissionRows = (db: Handle, brandId: number): Promise<Grant[]> => brandGrants(db, brandId);

export interface PlanRow {
  id: number;
  name: string;
  description: string | null;
  price: number;
  usage_charge_percentage: string;
  status: string;
  frequency: string;
}

const PLAN_COLUMNS = [
  'plans.id',
  'plans.name',
  'plans.description',
  'plans.price',
  'plans.usage_charge_percentage',
  'plans.status',
  'plans.frequency',
];
const toPlan = (row: Record<string, unknown>): PlanRow => ({ ...(row as unknown as PlanRow), id: Number(row.id) });

export async function findPlan(db: Handle, id: number): Promise<PlanRow | undefined> {
  const row = await db('plans').where({ id }).first(PLAN_COLUMNS);
  return row ? toPlan(row) : undefined;
}

/**
 * Ids of the permissions a user holds as permitted: their own grants, their active tenants'
 * grants, and the grants of the brands of those tenants.
 */
function heldPermissionIds(db: Handle, userId: number): Knex.QueryBuilder {
  const tenants = db('tenant_users').select('tenant_id').where({ user_id: userId, state: 'active' });
  return db('user_permissions')
    .select('permission_id')
    .where({ user_id: userId, state: 'permitted' })
    .union((q) =>
      q
        .select('permission_id')
        .from('tenant_permissions')
        .where({ state: 'permitted' })
        .whereIn('tenant_id', tenants.clone()),
    )
    .union((q) =>
      q
        .select('permission_id')
        .from('brand_permissions')
        .where({ state: 'permitted' })
        .whereIn('brand_id', db('brands').select('id').whereIn('tenant_id', tenants.clone())),
    );
}

/**
 * Published plans, plans for which the user holds read:plans:{id} (or read:*), and the named plan.
 */
export async function visiblePlanRows(
  db: Handle,
  { userId, planName }: { userId?: number | null; planName?: string | null },
): Promise<PlanRow[]> {
  const query = db('plans')
    .select(PLAN_COLUMNS)
    .where((q) => {
      q.where('plans.status', 'published');
      if (planName) q.orWhere('plans.name', planName);
      if (userId) {
        q.orWhereExists(
          db('permissions as perm')
            .select(db.raw('1'))
            .where('perm.action', 'read')
            .where((w) => w.whereRaw(`perm.attribute = 'plans:' || plans.id`).orWhere('perm.attribute', '*'))
            .whereIn('perm.id', heldPermissionIds(db, userId)),
        );
      }
    })
    .orderBy([{ column: 'plans.price' }, { column: 'plans.id' }]);
  return (await query).map(toPlan);
}

/** The newest published plan with exactly this name. */
export async function findPublishedPlanByName(
  db: Handle,
  name: string,
  exceptId: number,
): Promise<PlanRow | undefined> {
  const row = await db('plans')
    .where({ name, status: 'published' })
    .whereNot({ id: exceptId })
    .orderBy('id', 'desc')
    .first(PLAN_COLUMNS);
  return row ? toPlan(row) : undefined;
}

/** Copies the plan permissions of one plan onto another; existing ones stay. Returns how many were added. */
export async function copyPlanPermissionRows(
  db: Handle,
  { fromPlanId, toPlanId }: { fromPlanId: number; toPlanId: number },
): Promise<number> {
  const result = await db.raw(
    `insert into plan_permissions (plan_id, permission_id, author_id, state)
     select ?, permission_id, author_id, state from plan_permissions where plan_id = ?
     on conflict (plan_id, permission_id) do nothing`,
    [toPlanId, fromPlanId],
  );
  return (result as { rowCount: number }).rowCount;
}
