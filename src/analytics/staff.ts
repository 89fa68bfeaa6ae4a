/**
 * Staff reads: GetBrandList (every brand but internal_testing ones, ranked by total earnings),
 * GetBrandSubscriptionChargeList (billing's charge list: in_review left out, plan, subscription
 * status, gateway, a meta count) and the staff member list (spec 4: is_staff users, oldest first).
 */
import { AppError } from '../app/index.ts';
import { listCharges, type ChargeListing } from '../billing/index.ts';
import type { Db, Handle } from '../db/index.ts';
import { resolvePeriod, resolveTimeZone } from './rules.ts';
import { brandListRows, staffRows, type BrandListRow, type StaffRow } from './store/brands.ts';

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 1000;

export interface Page {
  limit?: number;
  offset?: number;
}

function page({ limit = DEFAULT_LIST_LIMIT, offset = 0 }: Page): { limit: number; offset: number } {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT)
    throw new AppError('invalid_input', `limit must be a whole number from 1 to ${MAX_LIST_LIMIT}.`, {
      code: 'invalid_limit',
    });
  if (!Number.isInteger(offset) || offset < 0)
    throw new AppError('invalid_input', 'offset must be a whole number of 0 or more.', { code: 'invalid_offset' });
  return { limit, offset };
}

/** Local days (YYYY-MM-DD, inclusive) in a time zone, as instants; neither given: no range. */
function dayRange(from: string | undefined, to: string | undefined, timezone?: string | null) {
  if (from === undefined && to === undefined) return {};
  const period = resolvePeriod({ from, to, timezone: resolveTimeZone(timezone) });
  return { from: period.from, to: period.to };
}

export interface BrandListQuery extends Page {
  timezone?: string | null;
  where?: { search?: string; tenantId?: number; from?: string; to?: string };
}

export async function brandList(
  db: Handle,
  q: BrandListQuery = {},
): Promise<{ brands: BrandListRow[]; total: number }> {
  const timezone = resolveTimeZone(q.timezone);
  const { rows, total } = await brandListRows(db, {
    ...page(q),
    search: q.where?.search?.trim() || undefined,
    tenantId: q.where?.tenantId,
    ...dayRange(q.where?.from, q.where?.to, timezone),
  });
  return { brands: rows, total };
}

export interface ChargeListQuery extends Page {
  brandId: number;
  gateway?: string;
  /** Local days, inclusive. */
  from?: string;
  to?: string;
  timezone?: string | null;
  orderBy?: 'created_at_desc' | 'created_at_asc';
}

export interface ChargeList {
  charges: ChargeListing[];
  plans: Array<{ id: number; name: string }>;
  subscriptions: Array<{ id: number; status: string }>;
  meta: { count: number; total_amount: number };
}

export async function brandSubscriptionChargeList(db: Db, q: ChargeListQuery): Promise<ChargeList> {
  const { limit, offset } = page({ limit: q.limit ?? 50, offset: q.offset });
  const { charges, count, total_amount } = await listCharges(db, {
    brandId: q.brandId,
    gateway: q.gateway,
    ...dayRange(q.from, q.to, q.timezone),
    limit,
    offset,
    order: q.orderBy === 'created_at_asc' ? 'asc' : 'desc',
  });
  const distinct = <T extends { id: number }>(items: T[]): T[] => [...new Map(items.map((i) => [i.id, i])).values()];
  return {
    charges,
    plans: distinct(charges.map((c) => c.plan)),
    subscriptions: distinct(charges.map((c) => c.subscription)),
    meta: { count, total_amount },
  };
}

export async function staffMembers(db: Handle, q: Page = {}): Promise<{ users: StaffRow[]; total: number }> {
  const { rows, total } = await staffRows(db, page({ limit: q.limit ?? 10, offset: q.offset }));
  return { users: rows, total };
}
