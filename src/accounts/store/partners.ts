/** SQL for partners and the tenants they manage (partner_tenants). */
import type { Handle } from '../../db/index.ts';

export async function findPartner(
  db: Handle,
  id: number,
): Promise<{ id: number; name: string; state: string } | undefined> {
  const row = await db('partners').where({ id }).select('id', 'name', 'state').first();
  return row ? { id: Number(row.id), name: row.name, state: row.state } : undefined;
}

export async function insertPartner(
  db: Handle,
  { name, email }: { name: string; email: string | null },
): Promise<number> {
  const [row] = await db('partners').insert({ name, email, state: 'pending' }).returning('id');
  return Number((row as { id: string }).id);
}

/** A pending partner becomes active; any other state is left as it is. */
export async function activatePendingPartner(db: Handle, partnerId: number): Promise<boolean> {
  const count = await db('partners')
    .where({ id: partnerId, state: 'pending' })
    .update({ state: 'active', updated_at: db.fn.now() });
  return count > 0;
}

/** Those of these tenants already attached to a partner. */
export async function attachedTenantIds(db: Handle, tenantIds: readonly number[]): Promise<number[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db('partner_tenants')
    .whereIn('tenant_id', tenantIds as number[])
    .distinct('tenant_id');
  return rows.map((r: { tenant_id: string }) => Number(r.tenant_id));
}

export async function insertPartnerTenants(db: Handle, partnerId: number, tenantIds: readonly number[]): Promise<void> {
  if (tenantIds.length === 0) return;
  await db('partner_tenants').insert(tenantIds.map((tenantId) => ({ partner_id: partnerId, tenant_id: tenantId })));
}

export interface PartnerListRow {
  id: number;
  name: string;
  email: string | null;
  state: string;
  members: number;
  tenants: number;
  created_at: Date;
}

export async function listPartnerRows(db: Handle): Promise<PartnerListRow[]> {
  const rows = await db('partners as p')
    .select(
      'p.id',
      'p.name',
      'p.email',
      'p.state',
      'p.created_at',
      db.raw(
        `(select count(*) from partner_users pu where pu.partner_id = p.id and pu.state <> 'removed')::int as members`,
      ),
      db.raw('(select count(*) from partner_tenants pt where pt.partner_id = p.id)::int as tenants'),
    )
    .orderBy('p.id');
  return rows.map((r: Record<string, unknown>) => ({ ...(r as unknown as PartnerListRow), id: Number(r.id) }));
}

/** The active partners a user is an active member of that manage this tenant. */
export async function partnersOfUserForTenant(
  db: Handle,
  userId: number,
  tenantId: number,
): Promise<Array<{ id: number; name: string }>> {
  const rows = await db('partner_users as pu')
    .join('partner_tenants as pt', 'pt.partner_id', 'pu.partner_id')
    .join('partners as p', 'p.id', 'pu.partner_id')
    .where({ 'pu.user_id': userId, 'pu.state': 'active', 'p.state': 'active', 'pt.tenant_id': tenantId })
    .whereNotNull('pu.activated_at')
    .distinct('p.id', 'p.name')
    .orderBy('p.id');
  return rows.map((r: { id: string; name: string }) => ({ id: Number(r.id), name: r.name }));
}
