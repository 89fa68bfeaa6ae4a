/**
 * Permission services: collection, per-brand grant and revoke, listing, plan visibility and the
 * plan permission helpers billing calls when it creates plans.
 */
import { AppError } from '../../app/index.ts';
import type { Handle } from '../../db/index.ts';
import {
  collapsePermissions,
  parsePermission,
  planBaseName,
  planReadPermission,
  splitFeatures,
  type Grant,
  type GrantState,
  type ListedPermission,
} from './rules.ts';
import {
  brandGrants,
  brandPermissionRows,
  copyPlanPermissionRows,
  ensurePermission,
  findBrand,
  findPlan,
  findPublishedPlanByName,
  findUserRole,
  membershipRole,
  planGrantsForBrand,
  tenantGrants,
  upsertBrandPermission,
  userGrants,
  visiblePlanRows,
  type BrandRef,
  type PlanRow,
} from '../store/permissions.ts';

async function requireBrand(db: Handle, brandId: number): Promise<BrandRef> {
  const brand = await findBrand(db, brandId);
  if (!brand) throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
  return brand;
}

async function requireUserRole(db: Handle, userId: number): Promise<string> {
  const role = await findUserRole(db, userId);
  if (role === undefined) throw new AppError('not_found', 'User not found');
  return role;
}

export interface CollectOptions {
  /** The user's own grants and role defaults. */
  userId?: number | null;
  /** The brand's, its tenant's and its active or in-trial plans' grants. */
  brandId?: number | null;
}

/**
 * A user's and/or brand's effective permissions as sorted `action:attribute` strings.
 * Sources: user_permissions, tenant_permissions (the brand's tenant), brand_permissions, and the
 * plan_permissions of plans the brand subscribes to with status active or in_trial. Only
 * 'permitted' grants count; a 'denied' grant is ignored and does not cancel a grant elsewhere.
 * The default permissions of the user's role are added: the role of their active membership in
 * the brand's tenant, else their own user role.
 */
export async function collectPermissions(db: Handle, { userId, brandId }: CollectOptions): Promise<string[]> {
  if (!userId && !brandId)
    throw new AppError('invalid_input', 'Give a user, a brand, or both to collect permissions for.');
  const grants: Grant[] = [];
  let role: string | undefined;
  if (userId) {
    role = await requireUserRole(db, userId);
    grants.push(...(await userGrants(db, userId)));
  }
  if (brandId) {
    const brand = await requireBrand(db, brandId);
    grants.push(
      ...(await tenantGrants(db, brand.tenant_id)),
      ...(await brandGrants(db, brand.id)),
      ...(await planGrantsForBrand(db, brand.id)),
    );
    if (userId) role = (await membershipRole(db, userId, brand.tenant_id)) ?? role;
  }
  return collapsePermissions(grants, { role });
}

export interface BrandPermissionChange {
  brandId: number;
  /** `action:attribute`, e.g. read:beta:insights */
  permission: string;
  authorId?: number | null;
}

async function setBrandPermission(
  db: Handle,
  { brandId, permission, authorId }: BrandPermissionChange,
  state: GrantState,
): Promise<{ brand_id: number; permission: string; state: GrantState }> {
  const parsed = parsePermission(permission);
  await requireBrand(db, brandId);
  if (authorId) await requireUserRole(db, authorId);
  const permissionId = await ensurePermission(db, parsed);
  await upsertBrandPermission(db, { brandId, permissionId, state, authorId });
  return { brand_id: brandId, permission: `${parsed.action}:${parsed.attribute}`, state };
}

/** Grants a permission to a brand (state permitted), recording who did it. */
export const grantBrandPermission = (db: Handle, change: BrandPermissionChange) =>
  setBrandPermission(db, change, 'permitted');

/** Revokes a brand's permission (state denied). Other levels that permit it still count. */
export const revokeBrandPermission = (db: Handle, change: BrandPermissionChange) =>
  setBrandPermission(db, change, 'denied');

export interface BrandPermissionList {
  brand_id: number;
  features: ListedPermission[];
  access: ListedPermission[];
}

/** A brand's permission rows split into features (beta:) and access, each with its enabled flag. */
export async function listBrandPermissions(db: Handle, { brandId }: { brandId: number }): Promise<BrandPermissionList> {
  await requireBrand(db, brandId);
  return { brand_id: brandId, ...splitFeatures(await brandPermissionRows(db, brandId)) };
}

/** Plans a user may see: published ones, those they hold read:plans:{id} for, and the named plan. */
export function visiblePlans(
  db: Handle,
  { userId, planName }: { userId?: number | null; planName?: string | null },
): Promise<PlanRow[]> {
  return visiblePlanRows(db, { userId, planName });
}

/** Creating a plan adds its read permission (read, plans:{id}); returns the permission id. */
export function addPlanReadPermission(tx: Handle, planId: number): Promise<number> {
  return ensurePermission(tx, planReadPermission(planId));
}

/** Grants a brand the permission read:plans:{planId}, through which the plan's permissions reach it. */
export async function grantPlanToBrand(
  tx: Handle,
  { brandId, planId, authorId }: { brandId: number; planId: number; authorId?: number | null },
): Promise<void> {
  const permissionId = await addPlanReadPermission(tx, planId);
  await upsertBrandPermission(tx, { brandId, permissionId, state: 'permitted', authorId });
}

/**
 * A custom plan copies the plan permissions of the published plan with the same base name
 * (its name without the ' - $<price>/<rate>%' suffix). Returns the source plan, or null when no
 * published plan has that name (then nothing is copied).
 */
export async function copyPlanPermissions(
  tx: Handle,
  { customPlanId }: { customPlanId: number },
): Promise<{ source_plan_id: number | null; copied: number }> {
  const plan = await findPlan(tx, customPlanId);
  if (!plan) throw new AppError('not_found', 'Plan not found', { code: 'plan_not_found' });
  const source = await findPublishedPlanByName(tx, planBaseName(plan.name), plan.id);
  if (!source) return { source_plan_id: null, copied: 0 };
  return {
    source_plan_id: source.id,
    copied: await copyPlanPermissionRows(tx, { fromPlanId: source.id, toPlanId: plan.id }),
  };
}

export type { PlanRow };
