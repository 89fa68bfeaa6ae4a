/**
 * Charge history (spec 2 "GetBrandSubscriptionChargeList"): a brand's charges with their plan,
 * the subscription's status and the payment source's gateway, newest first, in_review excluded,
 * with the total count. For a usage charge, earnings is the recovered sale it was taken on.
 */
import { AppError } from '../app/index.ts';
import type { Db, Handle, Tx } from '../db/index.ts';
import { setOrdersBillingStatus } from '../stores/index.ts';
import { requireBrand } from './gateways.ts';
import { BILLING_ERRORS, GATEWAYS, type Gateway } from './rules.ts';
import { insertUsageCharges, listChargeRows, markChargesComplete, type Charge } from './store/charges.ts';

export interface ChargeFilter {
  brandId: number;
  gateway?: string;
  from?: Date;
  to?: Date;
  limit?: number;
  offset?: number;
  /** By creation time: newest first (desc, the default) or oldest first. */
  order?: 'asc' | 'desc';
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
  /** Usage charges: the share taken, the order and the conversation that recovered it. */
  percentage: number | null;
  order: { number: string | null; total: number | null } | null;
  conversation: { id: number; shopper_name: string | null } | null;
}

export async function listCharges(
  db: Db,
  filter: ChargeFilter,
): Promise<{ charges: ChargeListing[]; count: number; total_amount: number }> {
  await requireBrand(db, filter.brandId);
  if (filter.gateway !== undefined && !(GATEWAYS as readonly string[]).includes(filter.gateway))
    throw new AppError('invalid_input', BILLING_ERRORS.invalidGateway, { code: 'invalid_gateway' });
  const { rows, count, totalAmount } = await listChargeRows(db, {
    brandId: filter.brandId,
    gateway: filter.gateway,
    from: filter.from,
    to: filter.to,
    limit: filter.limit ?? 50,
    offset: filter.offset ?? 0,
    order: filter.order ?? 'desc',
  });
  return {
    count,
    total_amount: totalAmount,
    charges: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      type: row.type,
      status: row.status,
      amount: row.amount,
      earnings: row.extra_data?.order_total === undefined ? null : Number(row.extra_data.order_total),
      description: (row.extra_data?.description as string | undefined) ?? null,
      order_id: row.order_id,
      external_id: row.external_id,
      charge_collected_at: row.charge_collected_at,
      plan: { id: row.plan_id, name: row.plan_name },
      subscription: { id: row.subscription_id, status: row.subscription_status },
      payment_source: { gateway: row.gateway },
      percentage: row.extra_data?.percentage === undefined ? null : Number(row.extra_data.percentage),
      order: row.order_id === null ? null : { number: row.order_number, total: row.order_total },
      conversation: row.conversation_id === null ? null : { id: row.conversation_id, shopper_name: row.shopper_name },
    })),
  };
}

/**
 * The usage charges of the brand's billable orders that have none yet (see insertUsageCharges);
 * the orders charged move to billing status processing in the same transaction.
 */
export async function createUsageCharges(
  tx: Tx,
  subscription: { id: number; brand_id: number; plan_id: number },
): Promise<Charge[]> {
  const created = await insertUsageCharges(tx, subscription);
  await setOrdersBillingStatus(
    tx,
    created.flatMap((charge) => (charge.order_id === null ? [] : [charge.order_id])),
    'processing',
  );
  return created;
}

/** Marks charges complete (collected now) and their orders' billing complete; returns how many changed. */
export async function completeCharges(
  db: Handle,
  chargeIds: number[],
  extra: Record<string, unknown> = {},
): Promise<number> {
  const { changed, orderIds } = await markChargesComplete(db, chargeIds, extra);
  await setOrdersBillingStatus(db, orderIds, 'complete');
  return changed;
}
