/** SQL for tenants and brands. */
import type { Handle } from '../../db/index.ts';

export async function findTenant(
  db: Handle,
  id: number,
): Promise<{ id: number; name: string; brand_name: string | null } | undefined> {
  const row = await db('tenants as t')
    .where('t.id', id)
    .select(
      't.id',
      't.name',
      db.raw('(select b.name from brands b where b.tenant_id = t.id order by b.id limit 1) as brand_name'),
    )
    .first();
  return row ? { id: Number(row.id), name: row.name, brand_name: row.brand_name ?? null } : undefined;
}

/** Brand id -> its tenant (id, name); unknown brands are absent. */
export async function tenantsOfBrands(
  db: Handle,
  brandIds: readonly number[],
): Promise<Array<{ brand_id: number; tenant_id: number; tenant_name: string }>> {
  if (brandIds.length === 0) return [];
  const rows = await db('brands as b')
    .join('tenants as t', 't.id', 'b.tenant_id')
    .whereIn('b.id', brandIds as number[])
    .select('b.id as brand_id', 't.id as tenant_id', 't.name as tenant_name');
  return rows.map((r: Record<string, unknown>) => ({
    brand_id: Number(r.brand_id),
    tenant_id: Number(r.tenant_id),
    tenant_name: String(r.tenant_name),
  }));
}

export interface NewTenant {
  name: string;
  email: string | null;
  phone: string | null;
  type: 'brand';
  is_enabled: boolean;
}

export async function insertTenant(db: Handle, tenant: NewTenant): Promise<number> {
  const [row] = await db('tenants').insert(tenant).returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export interface NewBrand {
  tenant_id: number;
  name: string;
  domain: string | null;
  company_website: string | null;
  support_phone: string | null;
  industry: string | null;
  extra_data: Record<string, unknown>;
}

export async function insertBrand(db: Handle, brand: NewBrand): Promise<number> {
  const [row] = await db('brands').insert(brand).returning<{ id: string }[]>('id');
  return Number(row!.id);
}
