import type { Handle } from '../../db/index.ts';

/**
 * Tenant isolation: which tenants a session may read. Staff read every tenant; other users the
 * tenants they hold an active, activated membership of, and partner users the tenants their
 * (active) partner owns through partner_tenants.
 */

export interface Reader {
  userId: number;
  isStaff: boolean;
}

/**
 * The tenants a (non-staff) user may read, as a subquery: those with an active, activated
 * membership, and those its active partners own (through an active, activated partner membership).
 */
function readableTenantIds(db: Handle, userId: number) {
  return db('tenant_users')
    .where({ user_id: userId, state: 'active' })
    .whereNotNull('activated_at')
    .select('tenant_id')
    .union((union) => {
      void union
        .from('partner_users as pu')
        .join('partner_tenants as pt', 'pt.partner_id', 'pu.partner_id')
        .join('partners as p', 'p.id', 'pu.partner_id')
        .where({ 'pu.user_id': userId, 'pu.state': 'active', 'p.state': 'active' })
        .whereNotNull('pu.activated_at')
        .select('pt.tenant_id');
    });
}

export async function canReadTenant(db: Handle, reader: Reader, tenantId: number): Promise<boolean> {
  if (!Number.isSafeInteger(tenantId) || tenantId <= 0) return false;
  const tenant = await db('tenants').where({ id: tenantId }).first('id');
  if (!tenant) return false;
  if (reader.isStaff) return true;
  const readable = await db
    .select('tenant_id')
    .from(readableTenantIds(db, reader.userId).as('r'))
    .where('tenant_id', tenantId)
    .first();
  return readable !== undefined;
}

/** The brands a session may read: every brand for staff, else the brands of its readable tenants. */
export async function readableBrandIds(db: Handle, reader: Reader): Promise<'all' | number[]> {
  if (reader.isStaff) return 'all';
  const rows = await db('brands').whereIn('tenant_id', readableTenantIds(db, reader.userId)).orderBy('id').select('id');
  return rows.map((row: { id: string | number }) => Number(row.id));
}

export interface ScopedBrand {
  id: number;
  tenant_id: number;
  name: string;
  timezone: string;
}

/** A brand inside the scope (undefined when it is missing or outside: the caller cannot tell). */
export async function findBrandInScope(
  db: Handle,
  scope: 'all' | readonly number[],
  brandId: number,
): Promise<ScopedBrand | undefined> {
  if (!Number.isSafeInteger(brandId) || brandId <= 0) return undefined;
  if (scope !== 'all' && !scope.includes(brandId)) return undefined;
  const row = await db('brands').where({ id: brandId }).first('id', 'tenant_id', 'name', 'timezone');
  return row
    ? { id: Number(row.id), tenant_id: Number(row.tenant_id), name: row.name, timezone: row.timezone }
    : undefined;
}

export interface BrandListItem {
  id: number;
  tenant_id: number;
  name: string;
  domain: string | null;
  industry: string | null;
  is_enabled: boolean;
  timezone: string;
  created_at: Date;
}

/** The brands in the scope, by name then id; q matches name or domain (case-insensitive, anywhere). */
export async function listBrandsInScope(
  db: Handle,
  { scope, q, limit, offset }: { scope: 'all' | readonly number[]; q?: string; limit: number; offset: number },
): Promise<{ rows: BrandListItem[]; total: number }> {
  const base = db('brands');
  if (scope !== 'all') void base.whereIn('id', [...scope]);
  const text = q?.trim();
  if (text) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    void base.where((w) => void w.whereILike('name', like).orWhereILike('domain', like));
  }
  const [count] = await base.clone().count<{ count: string }[]>('* as count');
  const rows = await base
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .limit(limit)
    .offset(offset)
    .select('id', 'tenant_id', 'name', 'domain', 'industry', 'is_enabled', 'timezone', 'created_at');
  return {
    total: Number(count?.count ?? 0),
    rows: rows.map((r: Record<string, unknown>) => ({
      ...(r as unknown as BrandListItem),
      id: Number(r.id),
      tenant_id: Number(r.tenant_id),
    })),
  };
}

export interface BrandView {
  id: number;
  tenant_id: number;
  name: string;
  domain: string | null;
  company_website: string | null;
  support_email: string | null;
  support_phone: string | null;
  industry: string | null;
  is_enabled: boolean;
  timezone: string;
  /** The currency its store reports (else that of its latest order; USD for a brand with neither). */
  currency: string;
  created_at: Date;
}

/** A brand's currency: its store's, else its latest order's, else USD (brands are US stores). */
const BRAND_CURRENCY_SQL = `coalesce(
  (select upper(bi.settings ->> 'currency') from brand_integrations bi join integrations i on i.id = bi.integration_id
    where bi.brand_id = brands.id and i.category = 'ecommerce' and bi.settings ->> 'currency' ~ '^[A-Za-z]{3}$'
    order by (bi.status = 'connected') desc, bi.updated_at desc limit 1),
  (select o.currency from orders o where o.brand_id = brands.id order by o.created_at desc limit 1),
  'USD') as currency`;

export async function findBrandView(db: Handle, brandId: number): Promise<BrandView | undefined> {
  if (!Number.isSafeInteger(brandId) || brandId <= 0) return undefined;
  const row = await db('brands')
    .where({ id: brandId })
    .first(
      'id',
      'tenant_id',
      'name',
      'domain',
      'company_website',
      'support_email',
      'support_phone',
      'industry',
      'is_enabled',
      'timezone',
      'created_at',
      db.raw(BRAND_CURRENCY_SQL),
    );
  return row ? { ...row, id: Number(row.id), tenant_id: Number(row.tenant_id) } : undefined;
}

export interface MembershipView {
  kind: 'tenant' | 'partner';
  id: number;
  name: string;
  role: string;
  state: string;
  activated_at: Date | null;
  brand_ids: number[];
}

/** The user's tenant and partner memberships with names and, for tenants, their brand ids. */
export async function membershipViews(db: Handle, userId: number): Promise<MembershipView[]> {
  const tenants = await db('tenant_users as tu')
    .join('tenants as t', 't.id', 'tu.tenant_id')
    .where('tu.user_id', userId)
    .whereNot('tu.state', 'removed')
    .orderBy('tu.id')
    .select(
      't.id',
      't.name',
      'tu.role',
      'tu.state',
      'tu.activated_at',
      db.raw(
        'coalesce((select array_agg(b.id order by b.id) from brands b where b.tenant_id = t.id), array[]::bigint[]) as brand_ids',
      ),
    );
  const partners = await db('partner_users as pu')
    .join('partners as p', 'p.id', 'pu.partner_id')
    .where('pu.user_id', userId)
    .whereNot('pu.state', 'removed')
    .orderBy('pu.id')
    .select('p.id', 'p.name', 'pu.role', 'pu.state', 'pu.activated_at');
  return [
    ...tenants.map((r: Record<string, unknown>) => ({
      kind: 'tenant' as const,
      id: Number(r.id),
      name: String(r.name),
      role: String(r.role),
      state: String(r.state),
      activated_at: r.activated_at as Date | null,
      brand_ids: (r.brand_ids as string[]).map(Number),
    })),
    ...partners.map((r: Record<string, unknown>) => ({
      kind: 'partner' as const,
      id: Number(r.id),
      name: String(r.name),
      role: String(r.role),
      state: String(r.state),
      activated_at: r.activated_at as Date | null,
      brand_ids: [],
    })),
  ];
}

export type BrandRole = 'admin' | 'member';

/**
 * The caller's role for a brand it may read (spec 4 section 6: tenant-user and partner-user roles
 * are admin and member): staff act as admins; an active, activated admin of the brand's tenant, or
 * of an active partner that owns it, is an admin; every other reader a member.
 */
export async function brandRole(db: Handle, reader: Reader, tenantId: number): Promise<BrandRole> {
  if (reader.isStaff) return 'admin';
  const tenantAdmin = await db('tenant_users')
    .where({ user_id: reader.userId, tenant_id: tenantId, state: 'active', role: 'admin' })
    .whereNotNull('activated_at')
    .first('id');
  if (tenantAdmin) return 'admin';
  const partnerAdmin = await db('partner_users as pu')
    .join('partner_tenants as pt', 'pt.partner_id', 'pu.partner_id')
    .join('partners as p', 'p.id', 'pu.partner_id')
    .where({ 'pu.user_id': reader.userId, 'pu.state': 'active', 'pu.role': 'admin', 'p.state': 'active' })
    .where('pt.tenant_id', tenantId)
    .whereNotNull('pu.activated_at')
    .first('pu.id');
  return partnerAdmin ? 'admin' : 'member';
}
