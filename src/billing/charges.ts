/**
 * Charge history (spec 2 "GetBrandSubscriptionChargeList"): a brand's charges with their plan,
 * the subscription's status and the payment source's gateway, newest first, in_review excluded,
 * with the total count. For a usage charge, earnings is the recovered sale it was taken on.
 */
import { AppError } from '../app/index.ts';
import type { Db } from '../db/index.ts';
import { requireBrand } from './gateways.ts';
import { BILLING_ERRORS, GATEWAYS, type Gateway } from './rules.ts';

export interface ChargeFilter {
  brandId: number;
  gateway?: string;
  from?: Date;
  to?: Date;
  limit?: number;
  offset?: number;
}

export interface ChargeListing {
  id: number;
  created_at: Date;
  type: 'recurring' | 'usage';
  status: string;
  amount: number;
  earnings: number | null;
  description: string | null;
  order_id: number | null;
  external_id: string | null;
  charge_collected_at: Date | null;
  plan: { id: number; name: string };
  subscription: { id: number; status: string };
  payment_source: { gateway: Gateway | null };
}

export async function listCharges(
  db: Db,
  filter: ChargeFilter,
): Promise<{ charges: ChargeListing[]; count: number; total_amount: number }> {
  await requireBrand(db, filter.brandId);
  if (filter.gateway !== undefined && !(GATEWAYS as readonly string[]).includes(filter.gateway))
    throw new AppError('invalid_input', BILLING_ERRORS.invalidGateway, { code: 'invalid_gateway' });
  const base = db('subscription_charges as c')
    .join('plans as p', 'p.id', 'c.plan_id')
    .join('subscriptions as s', 's.id', 'c.subscription_id')
    .leftJoin('subscription_payment_source as ps', 'ps.id', 's.payment_source_id')
    .where('c.brand_id', filter.brandId)
    .whereNot('c.status', 'in_review');
  if (filter.gateway) base.where('ps.gateway', filter.gateway);
  if (filter.from) base.where('c.created_at', '>=', filter.from);
  if (filter.to) base.where('c.created_at', '<', filter.to);
  const [totals] = await base.clone().count({ n: '*' }).sum({ amount: 'c.amount' });
  const rows = await base
    .clone()
    .orderBy([
      { column: 'c.created_at', order: 'desc' },
      { column: 'c.id', order: 'desc' },
    ])
    .limit(filter.limit ?? 50)
    .offset(filter.offset ?? 0)
    .select('c.*', 'p.name as plan_name', 's.status as subscription_status', 'ps.gateway');
  return {
    count: Number(totals?.n ?? 0),
    total_amount: Number(totals?.amount ?? 0),
    charges: rows.map((row) => ({
      id: Number(row.id),
      created_at: row.created_at,
      type: row.type,
      status: row.status,
      amount: Number(row.amount),
      earnings: row.extra_data?.order_total === undefined ? null : Number(row.extra_data.order_total),
      description: row.extra_data?.description ?? null,
      order_id: row.order_id === null ? null : Number(row.order_id),
      external_id: row.external_id,
      charge_collected_at: row.charge_collected_at,
      plan: { id: Number(row.plan_id), name: row.plan_name },
      subscription: { id: Number(row.subscription_id), status: row.subscription_status },
      payment_source: { gateway: row.gateway ?? null },
    })),
  };
}
