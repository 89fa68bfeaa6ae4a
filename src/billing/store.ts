/**
 * Billing SQL: plans and their gateways, payment sources, subscriptions and charges.
 * Ids come back as numbers; amounts as numbers of USD.
 */
import type { Db, Tx } from '../db/index.ts';
import type { Gateway, SubscriptionStatus } from './rules.ts';

type Handle = Db | Tx;
type Json = Record<string, unknown>;

export interface Plan {
  id: number;
  name: string;
  description: string | null;
  price: number;
  usage_charge_percentage: number;
  status: string;
  frequency: string;
  extra_data: Json;
  created_at: Date;
}

export interface PaymentSource {
  id: number;
  brand_id: number;
  external_id: string | null;
  gateway: Gateway;
  gateway_account_id: string | null;
}

export interface Subscription {
  id: number;
  brand_id: number;
  plan_id: number;
  payment_source_id: number | null;
  status: SubscriptionStatus;
  external_id: string | null;
  billing_email: string | null;
  started_at: Date | null;
  activated_at: Date | null;
  cancelled_at: Date | null;
  trial_start_at: Date | null;
  trial_end_at: Date | null;
  last_billed_at: Date | null;
  extra_data: Json;
  created_at: Date;
  updated_at: Date;
  /** From the payment source. */
  gateway: Gateway | null;
  customer_external_id: string | null;
  gateway_account_id: string | null;
}

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

const planOf = (row: Json): Plan => ({
  ...(row as unknown as Plan),
  id: Number(row.id),
  usage_charge_percentage: Number(row.usage_charge_percentage),
});
const sourceOf = (row: Json): PaymentSource => ({
  ...(row as unknown as PaymentSource),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
});
const subscriptionOf = (row: Json): Subscription => ({
  ...(row as unknown as Subscription),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
  plan_id: Number(row.plan_id),
  payment_source_id: row.payment_source_id === null ? null : Number(row.payment_source_id),
});
export const chargeOf = (row: Json): Charge => ({
  ...(row as unknown as Charge),
  id: Number(row.id),
  subscription_id: Number(row.subscription_id),
  brand_id: Number(row.brand_id),
  plan_id: Number(row.plan_id),
  order_id: row.order_id === null || row.order_id === undefined ? null : Number(row.order_id),
  amount: Number(row.amount),
});

// ---------------------------------------------------------------------------------------------
// Plans.

export async function insertPlan(
  tx: Handle,
  plan: {
    name: string;
    description?: string | null;
    price: number;
    usage_charge_percentage: number;
    status: string;
    extra_data?: Json;
  },
): Promise<Plan> {
  const [row] = await tx('plans')
    .insert({ ...plan, frequency: 'MONTHLY', extra_data: plan.extra_data ?? {} })
    .returning('*');
  return planOf(row as Json);
}

export async function findPlan(db: Handle, id: number): Promise<Plan | undefined> {
  const row = await db('plans').where({ id }).first();
  return row ? planOf(row as Json) : undefined;
}

export async function listAllPlans(db: Handle): Promise<Plan[]> {
  return (await db('plans').orderBy([{ column: 'status', order: 'desc' }, 'price', 'id'])).map((row) =>
    planOf(row as Json),
  );
}

export async function planGateways(
  db: Handle,
  planIds: number[],
): Promise<{ plan_id: number; gateway: Gateway; external_id: string | null }[]> {
  if (planIds.length === 0) return [];
  const rows = await db('plan_gateways')
    .whereIn('plan_id', planIds)
    .orderBy(['plan_id', 'gateway'])
    .select('plan_id', 'gateway', 'external_id');
  return rows.map((row) => ({ ...row, plan_id: Number(row.plan_id) }));
}

export async function planGatewayId(db: Handle, planId: number, gateway: Gateway): Promise<string | null> {
  const row = await db('plan_gateways')
    .where({ plan_id: planId, gateway })
    .first<{ external_id: string | null } | undefined>('external_id');
  return row?.external_id ?? null;
}

export async function setPlanGatewayId(
  db: Handle,
  planId: number,
  gateway: Gateway,
  externalId: string | null,
): Promise<void> {
  await db('plan_gateways')
    .insert({ plan_id: planId, gateway, external_id: externalId })
    .onConflict(['plan_id', 'gateway'])
    .merge({ external_id: externalId, updated_at: db.fn.now() });
}

// ---------------------------------------------------------------------------------------------
// Payment sources.

export async function findPaymentSource(
  db: Handle,
  brandId: number,
  gateway: Gateway,
): Promise<PaymentSource | undefined> {
  const row = await db('subscription_payment_source')
    .where({ brand_id: brandId, gateway })
    .orderBy('id', 'desc')
    .first();
  return row ? sourceOf(row as Json) : undefined;
}

export async function findPaymentSourceById(db: Handle, id: number): Promise<PaymentSource | undefined> {
  const row = await db('subscription_payment_source').where({ id }).first();
  return row ? sourceOf(row as Json) : undefined;
}

export async function insertPaymentSource(
  db: Handle,
  source: { brand_id: number; gateway: Gateway; external_id: string | null; gateway_account_id?: string | null },
): Promise<PaymentSource> {
  const [row] = await db('subscription_payment_source').insert(source).returning('*');
  return sourceOf(row as Json);
}

export async function updatePaymentSource(
  db: Handle,
  id: number,
  patch: { external_id?: string | null; gateway_account_id?: string | null },
): Promise<void> {
  await db('subscription_payment_source')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

// ---------------------------------------------------------------------------------------------
// Subscriptions.

function subscriptionQuery(db: Handle) {
  return db('subscriptions as s')
    .leftJoin('subscription_payment_source as ps', 'ps.id', 's.payment_source_id')
    .select('s.*', 'ps.gateway', 'ps.external_id as customer_external_id', 'ps.gateway_account_id');
}

export async function findSubscription(db: Handle, id: number): Promise<Subscription | undefined> {
  const row = await subscriptionQuery(db).where('s.id', id).first();
  return row ? subscriptionOf(row as Json) : undefined;
}

/** The subscription a gateway knows by this id (newest first when a plan change reused it). */
export async function findSubscriptionByExternalId(
  db: Handle,
  gateway: Gateway,
  externalId: string,
): Promise<Subscription | undefined> {
  const row = await subscriptionQuery(db)
    .where({ 's.external_id': externalId, 'ps.gateway': gateway })
    .orderBy('s.id', 'desc')
    .first();
  return row ? subscriptionOf(row as Json) : undefined;
}

export async function findSubscriptionByCheckoutSession(
  db: Handle,
  sessionId: string,
): Promise<Subscription | undefined> {
  const row = await subscriptionQuery(db).whereRaw(`s.extra_data->>'checkout_session_id' = ?`, [sessionId]).first();
  return row ? subscriptionOf(row as Json) : undefined;
}

/** A brand's subscriptions in the given statuses, newest first. */
export async function brandSubscriptions(
  db: Handle,
  brandId: number,
  statuses?: readonly string[],
): Promise<Subscription[]> {
  const query = subscriptionQuery(db).where('s.brand_id', brandId).orderBy('s.id', 'desc');
  if (statuses) query.whereIn('s.status', statuses);
  return (await query).map((row) => subscriptionOf(row as Json));
}

/** Every subscription in the given statuses (optionally of one brand), oldest first. */
export async function subscriptionsInStatus(
  db: Handle,
  statuses: readonly string[],
  brandId?: number,
): Promise<Subscription[]> {
  const query = subscriptionQuery(db).whereIn('s.status', statuses).orderBy('s.id');
  if (brandId !== undefined) query.where('s.brand_id', brandId);
  return (await query).map((row) => subscriptionOf(row as Json));
}

export async function oldestActivatedAt(db: Handle, brandId: number): Promise<Date | null> {
  const row = await db('subscriptions')
    .where({ brand_id: brandId })
    .whereNotNull('activated_at')
    .min({ at: 'activated_at' })
    .first<{ at: Date | null }>();
  return row?.at ?? null;
}

export async function insertSubscription(
  tx: Handle,
  row: {
    brand_id: number;
    plan_id: number;
    payment_source_id: number;
    billing_email: string;
    external_id?: string | null;
    extra_data: Json;
  },
): Promise<number> {
  const [created] = await tx('subscriptions')
    .insert({ ...row, status: 'pending_setup', started_at: tx.fn.now() })
    .returning<{ id: string }[]>('id');
  return Number(created!.id);
}

/** Updates columns and merges `extra` into extra_data. */
export async function updateSubscription(
  db: Handle,
  id: number,
  patch: Partial<
    Pick<
      Subscription,
      | 'status'
      | 'external_id'
      | 'activated_at'
      | 'cancelled_at'
      | 'trial_start_at'
      | 'trial_end_at'
      | 'last_billed_at'
      | 'payment_source_id'
    >
  >,
  extra: Json = {},
): Promise<void> {
  await db('subscriptions')
    .where({ id })
    .update({
      ...patch,
      extra_data: db.raw(`extra_data || ?::jsonb`, [JSON.stringify(extra)]),
      updated_at: db.fn.now(),
    });
}

/** Locks a subscription row for the rest of the transaction; returns it fresh. */
export async function lockSubscription(tx: Tx, id: number): Promise<Subscription | undefined> {
  await tx('subscriptions').where({ id }).forUpdate().select('id');
  return findSubscription(tx, id);
}

// ---------------------------------------------------------------------------------------------
// Charges.

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
 * plan's percentage, rounded to the cent. Set-based and idempotent (unique per order); the orders
 * charged move to billing_status processing. Returns the charges created.
 */
export async function createUsageCharges(
  tx: Handle,
  subscription: Pick<Subscription, 'id' | 'brand_id' | 'plan_id'>,
): Promise<Charge[]> {
  const rows = await tx.raw(
    `with created as (
       insert into subscription_charges (subscription_id, brand_id, plan_id, order_id, amount, status, type, extra_data)
       select ?, o.brand_id, p.id, o.id, round(o.total * p.usage_charge_percentage / 100, 2), 'queued', 'usage',
              jsonb_build_object('description', format('Recovered order %s: %s%% of %s USD', coalesce(o.number, o.external_id), p.usage_charge_percentage::float8, o.total),
                                 'order_total', o.total, 'percentage', p.usage_charge_percentage)
         from orders o
         join plans p on p.id = ?
        where o.brand_id = ? and o.billing_status = 'billable'
          and not exists (select 1 from subscription_charges c where c.order_id = o.id and c.type = 'usage')
        order by o.recovered_at nulls last, o.id
       on conflict (order_id) where type = 'usage' do nothing
       returning *
     ), marked as (
       update orders set billing_status = 'processing', updated_at = now()
        where id in (select order_id from created)
     )
     select * from created order by id`,
    [subscription.id, subscription.plan_id, subscription.brand_id],
  );
  return (rows.rows as Json[]).map(chargeOf);
}

/** Queued usage charges of a subscription, oldest first. */
export async function queuedUsageCharges(db: Handle, subscriptionId: number): Promise<Charge[]> {
  return (
    await db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage', status: 'queued' })
      .orderBy('id')
  ).map((row) => chargeOf(row as Json));
}

/** Marks charges complete (collected now) and their orders' billing complete. */
export async function completeCharges(tx: Handle, chargeIds: number[], extra: Json = {}): Promise<number> {
  if (chargeIds.length === 0) return 0;
  const updated = await tx('subscription_charges')
    .whereIn('id', chargeIds)
    .whereNot('status', 'complete')
    .update({
      status: 'complete',
      charge_collected_at: tx.fn.now(),
      updated_at: tx.fn.now(),
      extra_data: tx.raw(`extra_data || ?::jsonb`, [JSON.stringify(extra)]),
    })
    .returning<{ order_id: string | null }[]>('order_id');
  const orderIds = updated.map((row) => row.order_id).filter((id): id is string => id !== null);
  if (orderIds.length > 0)
    await tx('orders').whereIn('id', orderIds).update({ billing_status: 'complete', updated_at: tx.fn.now() });
  return updated.length;
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
