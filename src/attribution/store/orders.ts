/**
 * Orders as attribution reads them: the order with its brand's attribution settings, and whether
 * the live feed counts it as recovered. Orders belong to stores; attribution changes them only
 * through stores' functions.
 */
import type { Handle } from '../../db/index.ts';
import { liveFeedRecoveredSql } from './live-feed.ts';

export interface OrderForAttribution {
  id: number;
  brand_id: number;
  number: string | null;
  state: string;
  total: string;
  currency: string;
  contact_id: number | null;
  cart_id: number | null;
  checkout_id: number | null;
  workflow_id: number | null;
  billing_status: string | null;
  recovered_at: Date | null;
  discount_codes: string[];
  extra_data: Record<string, unknown>;
  created_at: Date;
  brand: { attribution_type: string | null; attribution_rules: unknown; attribution_hard_cap: number | null };
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The order with its brand's attribution settings; lock = FOR UPDATE of the order row. */
export async function loadOrder(
  db: Handle,
  orderId: number,
  { lock = false, brandId }: { lock?: boolean; brandId?: number } = {},
): Promise<OrderForAttribution | undefined> {
  const query = db('orders as o')
    .join('brands as b', 'b.id', 'o.brand_id')
    .where('o.id', orderId)
    .first(
      'o.id',
      'o.brand_id',
      'o.number',
      'o.state',
      'o.total',
      'o.currency',
      'o.contact_id',
      'o.cart_id',
      'o.checkout_id',
      'o.workflow_id',
      'o.billing_status',
      'o.recovered_at',
      'o.discount_codes',
      'o.extra_data',
      'o.created_at',
      'b.attribution_type',
      'b.attribution_rules',
      'b.attribution_hard_cap',
    );
  if (brandId !== undefined) void query.where('o.brand_id', brandId);
  if (lock) void query.forUpdate('o');
  const row = await query;
  if (!row) return undefined;
  return {
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    number: row.number,
    state: row.state,
    total: row.total,
    currency: row.currency,
    contact_id: num(row.contact_id),
    cart_id: num(row.cart_id),
    checkout_id: num(row.checkout_id),
    workflow_id: num(row.workflow_id),
    billing_status: row.billing_status,
    recovered_at: row.recovered_at,
    discount_codes: row.discount_codes ?? [],
    extra_data: row.extra_data ?? {},
    created_at: row.created_at,
    brand: {
      attribution_type: row.attribution_type,
      attribution_rules: row.attribution_rules,
      attribution_hard_cap: row.attribution_hard_cap,
    },
  };
}

/** Whether the live feed rule counts the order as recovered. */
export async function isLiveFeedRecovered(db: Handle, orderId: number): Promise<boolean> {
  const feed = await db('orders')
    .where('orders.id', orderId)
    .first<{ recovered: boolean }>(db.raw(`${liveFeedRecoveredSql('orders')} as recovered`));
  return feed?.recovered === true;
}
