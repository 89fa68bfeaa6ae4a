/** Billing SQL: recurring and usage charges. Ids come back as numbers; amounts as numbers of USD. */
import type { Handle, Tx } from '../../db/index.ts';
import type { Gateway } from '../rules.ts';

type Json = Record<string, unknown>;

export interface Charge {
  id: number;
  subscription_id: number;
  brand_id: number;
  plan_id: number;
  order_id: number | null;
  amount: number;
  external_id: string | null;
  status: string;
  type: 'recurring' | 'usage';
  charge_collected_at: Date | null;
  extra_data: Json;
  created_at: Date;
}

const chargeOf = (row: Json): Charge => ({
  ...(row as unknown as Charge),
  id: Number(row.id),
  subscription_id: Number(row.subscription_id),
  brand_id: Number(row.brand_id),
  plan_id: Number(row.plan_id),
  order_id: row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
  amount: Number(row.amount),
});

export async function insertCharge(
  tx: Handle,
  charge: {
    subscription_id: number;
    brand_id: number;
    plan_id: number;
    amount: number;
    type: 'recurring' | 'usage';
    status: string;
    order_id?: number | null;
    external_id?: string | null;
    charge_collected_at?: Date;
    description: string;
    extra?: Json;
  },
): Promise<number> {
  const { description, extra = {}, ...columns } = charge;
  const [row] = await tx('subscription_charges')
    .insert({ ...columns, extra_data: { ...extra, description } })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

/** Pending recurring charges of a subscription become complete (on activation). */
export async function completePendingRecurring(tx: Handle, subscriptionId: number): Promise<number> {
  return tx('subscription_charges')
    .where({ subscription_id: subscriptionId, type: 'recurring', status: 'pending' })
    .update({ status: 'complete', charge_collected_at: tx.fn.now(), updated_at: tx.fn.now() });
}

/**
 * One queued usage charge per billable order of the brand that has none yet: order total x the
 * plan's percentage, rounded to the cent. Set-based and idempotent (unique per order). Reads the
 * store domain's orders; their billing status is the caller's to move. Returns the charges created.
 */
export async function insertUsageCharges(
  tx: Tx,
  subscription: { id: number; brand_id: number; plan_id: number },
): Promise<Charge[]> {
  const rows = await tx.raw(
    `insert into subscription_charges (subscription_id, brand_id, plan_id, order_id, amount, status, type, extra_data)
     select ?, o.brand_id, p.id, o.id, round(o.total * p.usage_charge_percentage / 100, 2), 'queued', 'usage',
            jsonb_build_object('description', format('Recovered order %s: %s%% of %s USD', coalesce(o.number, o.external_id), p.usage_charge_percentage::float8, o.total),
                               'order_total', o.total, 'percentage', p.usage_charge_percentage)
       from orders o
       join plans p on p.id = ?
      where o.brand_id = ? and o.billing_status = 'billable'
        and not exists (select 1 from subscription_charges c where c.order_id = o.id and c.type = 'usage')
      order by o.recovered_at nulls last, o.id
     on conflict (order_id) where type = 'usage' do nothing
     returning *`,
    [subscription.id, subscription.plan_id, subscription.brand_id],
  );
  return (rows.rows as Json[]).map(chargeOf).sort((a, b) => a.id - b.id);
}

/** Queued usage charges of a subscription, oldest first. */
export async function queuedUsageCharges(db: Handle, subscriptionId: number): Promise<Charge[]> {
  return (
    await db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage', status: 'queued' })
      .orderBy('id')
  ).map((row) => chargeOf(row as Json));
}

/** Marks charges complete (collected now); returns the orders of the charges that changed (null for recurring ones). */
export async function markChargesComplete(
  db: Handle,
  chargeIds: number[],
  extra: Json = {},
): Promise<{ changed: number; orderIds: number[] }> {
  if (chargeIds.length === 0) return { changed: 0, orderIds: [] };
  const updated = await db('subscription_charges')
    .whereIn('id', chargeIds)
    .whereNot('status', 'complete')
    .update({
      status: 'complete',
      charge_collected_at: db.fn.now(),
      updated_at: db.fn.now(),
      extra_data: db.raw(`extra_data || ?::jsonb`, [JSON.stringify(extra)]),
    })
    .returning<{ order_id: string | null }[]>('order_id');
  const orderIds = updated.map((row) => row.order_id).filter((id): id is string => id !== null);
  return { changed: updated.length, orderIds: orderIds.map(Number) };
}

export async function setChargeExternal(db: Handle, id: number, externalId: string, extra: Json = {}): Promise<void> {
  await db('subscription_charges')
    .where({ id })
    .update({
      external_id: externalId,
      updated_at: db.fn.now(),
      extra_data: db.raw(`extra_data || ?::jsonb`, [JSON.stringify(extra)]),
    });
}

/** Queued usage charges already on a Stripe invoice item, not yet invoiced. */
export async function chargesAwaitingInvoice(db: Handle, subscriptionId: number): Promise<Charge[]> {
  return (
    await db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage', status: 'queued' })
      .whereNotNull('external_id')
      .orderBy('id')
  ).map((row) => chargeOf(row as Json));
}

/** Ids of a subscription's usage charges known at the gateway by these invoice item ids. */
export async function usageChargeIdsByExternalIds(
  db: Handle,
  subscriptionId: number,
  externalIds: string[],
): Promise<number[]> {
  if (externalIds.length === 0) return [];
  return (
    await db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage' })
      .whereIn('external_id', externalIds)
      .pluck('id')
  ).map(Number);
}

export async function recurringChargeExists(db: Handle, subscriptionId: number, externalId: string): Promise<boolean> {
  return Boolean(
    await db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'recurring', external_id: externalId })
      .first('id'),
  );
}

/** A charge as the charge history lists it: with its plan's name, its subscription's status and its gateway. */
export type ChargeRow = Charge & {
  plan_name: string;
  subscription_status: string;
  gateway: Gateway | null;
  order_number: string | null;
  order_total: number | null;
  conversation_id: number | null;
  shopper_name: string | null;
};

/**
 * One page of a brand's charges, newest first, without those in review, with the count and the
 * total amount of every charge the filter matches.
 */
export async function listChargeRows(
  db: Handle,
  filter: {
    brandId: number;
    gateway?: string;
    from?: Date;
    to?: Date;
    limit: number;
    offset: number;
    order?: 'asc' | 'desc';
  },
): Promise<{ rows: ChargeRow[]; count: number; totalAmount: number }> {
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
      { column: 'c.created_at', order: filter.order ?? 'desc' },
      { column: 'c.id', order: filter.order ?? 'desc' },
    ])
    .limit(filter.limit)
    .offset(filter.offset)
    .select(
      'c.*',
      'p.name as plan_name',
      's.status as subscription_status',
      'ps.gateway',
      db.raw('o.number as order_number'),
      db.raw('o.total as order_total'),
      db.raw('oc.conversation_id as conversation_id'),
      db.raw('oc.shopper_name as shopper_name'),
    )
    // The order a usage charge was taken on, and the conversation it was recovered by (the newest
    // linked one) with the shopper's name: what the panel says a charge was for.
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .joinRaw(
      `left join lateral (
         select x.conversation_id, nullif(trim(concat_ws(' ', k.given_name, k.family_name)), '') as shopper_name
           from order_conversations x
           join conversations v on v.id = x.conversation_id
           left join contacts k on k.id = v.contact_id
          where x.order_id = c.order_id and x.brand_id = c.brand_id
          order by x.created_at desc, x.id desc
          limit 1) oc on true`,
    );
  return {
    rows: rows.map((row: Json) => ({
      ...chargeOf(row),
      plan_name: row.plan_name as string,
      subscription_status: row.subscription_status as string,
      gateway: (row.gateway as Gateway | null) ?? null,
      order_number: (row.order_number as string | null) ?? null,
      order_total: row.order_total === null || row.order_total === undefined ? null : Number(row.order_total),
      conversation_id:
        row.conversation_id === null || row.conversation_id === undefined ? null : Number(row.conversation_id),
      shopper_name: (row.shopper_name as string | null) ?? null,
    })),
    count: Number(totals?.n ?? 0),
    totalAmount: Number(totals?.amount ?? 0),
  };
}

/** A brand's recovered orders that are billable and carry no usage charge yet: charged once a plan runs. */
export async function unchargedOrders(db: Handle, brandId: number): Promise<{ count: number; total: number }> {
  const [row] = await db('orders as o')
    .where({ 'o.brand_id': brandId, 'o.billing_status': 'billable' })
    .whereNotExists((q) =>
      q.select(db.raw('1')).from('subscription_charges as c').whereRaw('c.order_id = o.id').andWhere('c.type', 'usage'),
    )
    .count({ n: '*' })
    .sum({ total: 'o.total' });
  return { count: Number(row?.n ?? 0), total: Number(row?.total ?? 0) };
}
