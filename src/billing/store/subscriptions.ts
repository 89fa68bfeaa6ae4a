/** Billing SQL: payment sources and subscriptions, the brand billed, the billing sync's lock. Ids come back as numbers. */
import type { Handle, Tx } from '../../db/index.ts';
import type { Gateway, SubscriptionStatus } from '../rules.ts';

type Json = Record<string, unknown>;

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
export interface BrandRow {
  id: number;
  name: string;
  support_email: string | null;
  support_phone: string | null;
  created_at: Date;
}

/** The brand billed (a read of the accounts domain's table). */
export async function findBrand(db: Handle, id: number): Promise<BrandRow | undefined> {
  const row = await db('brands').where({ id }).first('id', 'name', 'support_email', 'support_phone', 'created_at');
  return row ? { ...row, id: Number(row.id) } : undefined;
}

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

/**
 * Takes the billing sync's transaction-scoped advisory lock when it is free; false when another
 * sync holds it.
 */
export async function tryLockSync(tx: Tx, key: number): Promise<boolean> {
  const { rows } = await tx.raw<{ rows: { got: boolean }[] }>('select pg_try_advisory_xact_lock(?) as got', [key]);
  return rows[0]!.got;
}

/** Waits for the billing sync's advisory lock and takes it until the transaction ends. */
export async function lockSync(tx: Tx, key: number): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(?)', [key]);
}
