/**
 * A demo brand's own rows: its tenant, the brand, the Shopify link, its workflows with their
 * discount rules; and the demo's people: the brand's member, the staff user, the partner that
 * manages the second brand with its member.
 */
import type { Tx } from '../../db/index.ts';
import { insertRow, type DemoRow } from './rows.ts';
import type { BrandIds } from './shop.ts';

export interface BrandRows {
  tenant: DemoRow;
  brand: DemoRow;
  integrationId: number;
  brandIntegration: DemoRow;
  workflows: (DemoRow & { name: string; discount: DemoRow | null })[];
  createdAt: Date;
}

/** The tenant, brand, store link, discount rules and workflows; returns their ids. */
export async function insertBrandRows(tx: Tx, rows: BrandRows): Promise<BrandIds & { tenantId: number }> {
  const at = { created_at: rows.createdAt, updated_at: rows.createdAt };
  const tenantId = await insertRow(tx, 'tenants', { ...rows.tenant, ...at });
  const brandId = await insertRow(tx, 'brands', { ...rows.brand, tenant_id: tenantId, ...at });
  const integrationId = await insertRow(tx, 'brand_integrations', {
    ...rows.brandIntegration,
    brand_id: brandId,
    integration_id: rows.integrationId,
    ...at,
  });
  const workflows = new Map<string, number>();
  const discountRules = new Map<string, number>();
  for (const { discount, ...workflow } of rows.workflows) {
    const ruleId = discount ? await insertRow(tx, 'discount_rules', { ...discount, brand_id: brandId, ...at }) : null;
    if (ruleId !== null) discountRules.set(workflow.name, ruleId);
    const id = await insertRow(tx, 'workflows', {
      ...workflow,
      brand_id: brandId,
      brand_integration_id: integrationId,
      discount_rule_id: ruleId,
      ...at,
    });
    workflows.set(workflow.name, id);
  }
  return { tenantId, brandId, integrationId, workflows, discountRules };
}

export interface DemoPerson {
  email: string;
  given_name: string;
  family_name: string;
  /** A bcrypt hash, or null (no password: the person sets one through password recovery). */
  password: string | null;
}

/**
 * The user with this e-mail: created (active, enabled) when missing; an existing user is reused
 * as it is (its password is never changed).
 */
export async function ensureUser(
  tx: Tx,
  person: DemoPerson,
  fields: { role: 'admin' | 'member' | 'partner'; is_staff?: boolean; created_at: Date },
): Promise<number> {
  const existing = await tx('users').whereRaw('lower(email) = lower(?)', [person.email]).first<{ id: string }>('id');
  if (existing) return Number(existing.id);
  return insertRow(tx, 'users', {
    ...person,
    role: fields.role,
    is_staff: fields.is_staff ?? false,
    is_enabled: true,
    state: 'active',
    created_at: fields.created_at,
    updated_at: fields.created_at,
  });
}

/** An active, activated membership of a tenant or a partner. */
export async function insertActiveMember(
  tx: Tx,
  kind: 'tenant' | 'partner',
  { ownerId, userId, at }: { ownerId: number; userId: number; at: Date },
): Promise<void> {
  await tx(kind === 'tenant' ? 'tenant_users' : 'partner_users')
    .insert({
      [`${kind}_id`]: ownerId,
      user_id: userId,
      role: 'admin',
      state: 'active',
      activated_at: at,
      created_at: at,
      updated_at: at,
    })
    .onConflict([`${kind}_id`, 'user_id'])
    .ignore();
}

/** An active partner managing the given tenants. */
export async function insertPartner(
  tx: Tx,
  { name, email, tenantIds, at }: { name: string; email: string; tenantIds: number[]; at: Date },
): Promise<number> {
  const partnerId = await insertRow(tx, 'partners', { name, email, state: 'active', created_at: at, updated_at: at });
  if (tenantIds.length > 0)
    await tx('partner_tenants').insert(
      tenantIds.map((tenantId) => ({ partner_id: partnerId, tenant_id: tenantId, created_at: at })),
    );
  return partnerId;
}
