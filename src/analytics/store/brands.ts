/**
 * Staff reads across brands (GetBrandList, the staff member list of spec 4) and a brand's
 * knowledge-base figures. A brand's earnings are the sales of its live-feed recovered orders: what
 * Reclaim won back for it. Brands of the industry internal_testing are never in the list.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';

export const INTERNAL_TESTING_INDUSTRY = 'internal_testing';

export interface BrandListFilter {
  /** Name or domain contains this (case ignored). */
  search?: string;
  tenantId?: number;
  /** Earnings of orders placed in [from, to); both or neither (default: all time). */
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export interface BrandListRow {
  id: number;
  name: string;
  domain: string | null;
  tenant_id: number;
  industry: string | null;
  total_earnings: string;
  recovered_orders: number;
}

export async function brandListRows(db: Handle, f: BrandListFilter): Promise<{ rows: BrandListRow[]; total: number }> {
  const where = [`coalesce(b.industry, '') <> :internal`];
  if (f.search) where.push(`(b.name ilike :search or coalesce(b.domain, '') ilike :search)`);
  if (f.tenantId !== undefined) where.push('b.tenant_id = :tenantId');
  const ranged = f.from !== undefined && f.to !== undefined;
  const { rows } = await db.raw<{ rows: Array<BrandListRow & { total: number }> }>(
    `with earnings as (
       select o.brand_id, count(*)::int as recovered_orders, sum(o.total) as total_earnings
         from orders o
        where ${liveFeedRecoveredSql('o')} ${ranged ? 'and o.created_at >= :from and o.created_at < :to' : ''}
        group by o.brand_id
     )
     select b.id, b.name, b.domain, b.tenant_id, b.industry,
            coalesce(e.total_earnings, 0)::numeric(14, 2)::text as total_earnings,
            coalesce(e.recovered_orders, 0) as recovered_orders,
            count(*) over ()::int as total
       from brands b
       left join earnings e on e.brand_id = b.id
      where ${where.join(' and ')}
      order by coalesce(e.total_earnings, 0) desc, b.id
      limit :limit offset :offset`,
    {
      internal: INTERNAL_TESTING_INDUSTRY,
      search: f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null,
      tenantId: f.tenantId ?? null,
      from: f.from ?? null,
      to: f.to ?? null,
      limit: f.limit,
      offset: f.offset,
    } as never,
  );
  const total = rows[0]?.total ?? (f.offset > 0 ? await countBrands(db, f) : 0);
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, id: Number(r.id), tenant_id: Number(r.tenant_id) })),
    total,
  };
}

async function countBrands(db: Handle, f: BrandListFilter): Promise<number> {
  const { total } = await brandListRows(db, { ...f, offset: 0, limit: 1 });
  return total;
}

export interface StaffRow {
  id: number;
  given_name: string | null;
  family_name: string | null;
  email: string;
  role: string;
  state: string;
  created_at: Date;
}

/** Users with is_staff, oldest first, and how many there are. */
export async function staffRows(
  db: Handle,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: StaffRow[]; total: number }> {
  const [{ n }] = await db('users').where('is_staff', true).count<Array<{ n: string }>>({ n: '*' });
  const rows = await db('users')
    .where('is_staff', true)
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit)
    .offset(offset)
    .select('id', 'given_name', 'family_name', 'email', 'role', 'state', 'created_at');
  return { rows: rows.map((r) => ({ ...r, id: Number(r.id) })), total: Number(n) };
}

export interface KbCardStatsRow {
  total: number;
  published: number;
  unpublished: number;
  draft: number;
  by_source: Record<string, number>;
  created_in_period: number;
  updated_in_period: number;
  escalations_in_period: number;
  escalations_added_to_kb: number;
}

/** The brand's KB cards by status and source, cards created and updated in [from, to), and escalations in it. */
export async function kbCardStatsRow(
  db: Handle,
  { brandId, from, to }: { brandId: number; from: Date; to: Date },
): Promise<KbCardStatsRow> {
  const { rows } = await db.raw<{ rows: KbCardStatsRow[] }>(
    `select count(*)::int as total,
            count(*) filter (where k.status = 'published')::int as published,
            count(*) filter (where k.status = 'unpublished')::int as unpublished,
            count(*) filter (where k.status = 'draft')::int as draft,
            jsonb_build_object(
              'manual', count(*) filter (where k.source = 'manual'),
              'flow', count(*) filter (where k.source = 'flow'),
              'escalation', count(*) filter (where k.source = 'escalation'),
              'import', count(*) filter (where k.source = 'import')) as by_source,
            count(*) filter (where k.created_at >= :from and k.created_at < :to)::int as created_in_period,
            count(*) filter (where k.updated_at >= :from and k.updated_at < :to)::int as updated_in_period,
            (select count(*) from conversation_escalations e
              where e.brand_id = :brandId and e.created_at >= :from and e.created_at < :to)::int as escalations_in_period,
            (select count(*) from conversation_escalations e
              where e.brand_id = :brandId and e.created_at >= :from and e.created_at < :to and e.is_added_kb)::int as escalations_added_to_kb
       from kb_cards k
      where k.brand_id = :brandId`,
    { brandId, from, to } as never,
  );
  return rows[0]!;
}
