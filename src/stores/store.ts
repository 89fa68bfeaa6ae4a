import type { Handle, Tx } from '../db/index.ts';
import { isNewerOrSame, nextCartState, type CartState, type OrderState } from './rules.ts';

type Json = Record<string, unknown>;

export interface UpsertResult {
  id: number;
  /** False when the stored row is newer than the event (nothing changed). */
  applied: boolean;
  created: boolean;
}

export interface CartInput {
  brandId: number;
  brandIntegrationId: number;
  externalId: string;
  contactId?: number | null;
  state: CartState;
  total: string | number;
  currency?: string;
  locale?: string;
  extraData?: Json;
  data?: Json;
  cleanedRawData?: Json;
  remoteUpdatedAt?: Date | null;
}

const toDate = (value: unknown): Date | null =>
  value instanceof Date ? value : value ? new Date(String(value)) : null;

/**
 * Inserts or updates a cart keyed by (integration, external id), locking the row, so that an
 * older event never overwrites newer data and a complete cart stays complete.
 */
export async function upsertCart(tx: Tx, input: CartInput): Promise<UpsertResult> {
  const existing = await tx('carts')
    .where({ brand_integration_id: input.brandIntegrationId, external_id: input.externalId })
    .forUpdate()
    .first<{
      id: string;
      state: CartState;
      remote_updated_at: Date | null;
      extra_data: Json;
      contact_id: string | null;
    }>('id', 'state', 'remote_updated_at', 'extra_data', 'contact_id');
  const values = {
    total: input.total,
    currency: input.currency ?? 'USD',
    locale: input.locale ?? 'en-US',
    data: input.data ?? {},
    cleaned_raw_data: input.cleanedRawData ?? {},
    remote_updated_at: input.remoteUpdatedAt ?? null,
  };
  if (!existing) {
    const inserted = await tx('carts')
      .insert({
        ...values,
        brand_id: input.brandId,
        brand_integration_id: input.brandIntegrationId,
        external_id: input.externalId,
        contact_id: input.contactId ?? null,
        state: input.state,
        extra_data: input.extraData ?? {},
      })
      .onConflict(['brand_integration_id', 'external_id'])
      .ignore()
      .returning<{ id: string }[]>('id');
    if (inserted[0]) return { id: Number(inserted[0].id), applied: true, created: true };
    return upsertCart(tx, input); // created meanwhile by a concurrent event: take the update path
  }
  if (!isNewerOrSame(input.remoteUpdatedAt, toDate(existing.remote_updated_at)))
    return { id: Number(existing.id), applied: false, created: false };
  await tx('carts')
    .where({ id: existing.id })
    .update({
      ...values,
      contact_id: input.contactId ?? existing.contact_id,
      state: nextCartState(existing.state, input.state),
      extra_data: { ...existing.extra_data, ...(input.extraData ?? {}) },
      updated_at: tx.fn.now(),
    });
  return { id: Number(existing.id), applied: true, created: false };
}

export interface CheckoutInput {
  brandId: number;
  brandIntegrationId: number;
  externalId: string;
  cartId?: number | null;
  contactId?: number | null;
  state: 'pending' | 'abandoned' | 'no_identity' | 'complete' | 'recovered';
  totalPrice: string | number;
  checkoutDetails?: Json;
  isHistorical?: boolean;
  abandonedCheckoutUrl?: string | null;
  remoteUpdatedAt?: Date | null;
}

export async function upsertCheckout(tx: Tx, input: CheckoutInput): Promise<UpsertResult> {
  const existing = await tx('checkouts')
    .where({ brand_integration_id: input.brandIntegrationId, external_id: input.externalId })
    .forUpdate()
    .first<{ id: string; state: string; remote_updated_at: Date | null }>('id', 'state', 'remote_updated_at');
  const values = {
    cart_id: input.cartId ?? null,
    contact_id: input.contactId ?? null,
    total_price: input.totalPrice,
    checkout_details: input.checkoutDetails ?? {},
    is_historical: input.isHistorical ?? false,
    abandoned_checkout_url: input.abandonedCheckoutUrl ?? null,
    remote_updated_at: input.remoteUpdatedAt ?? null,
  };
  if (!existing) {
    const inserted = await tx('checkouts')
      .insert({
        ...values,
        brand_id: input.brandId,
        brand_integration_id: input.brandIntegrationId,
        external_id: input.externalId,
        state: input.state,
      })
      .onConflict(['brand_integration_id', 'external_id'])
      .ignore()
      .returning<{ id: string }[]>('id');
    if (inserted[0]) return { id: Number(inserted[0].id), applied: true, created: true };
    return upsertCheckout(tx, input);
  }
  if (!isNewerOrSame(input.remoteUpdatedAt, toDate(existing.remote_updated_at)))
    return { id: Number(existing.id), applied: false, created: false };
  const keepFinal = existing.state === 'complete' || existing.state === 'recovered';
  await tx('checkouts')
    .where({ id: existing.id })
    .update({ ...values, state: keepFinal ? existing.state : input.state, updated_at: tx.fn.now() });
  return { id: Number(existing.id), applied: true, created: false };
}

export interface OrderInput {
  brandId: number;
  brandIntegrationId: number;
  externalId: string;
  number?: string | null;
  cartId?: number | null;
  checkoutId?: number | null;
  contactId?: number | null;
  state: OrderState;
  total: string | number;
  currency?: string;
  discountCodes?: string[];
  cleanedRawData?: Json;
  extraData?: Json;
  remoteUpdatedAt?: Date | null;
  createdAt?: Date | null;
}

export async function upsertOrder(tx: Tx, input: OrderInput): Promise<UpsertResult> {
  const existing = await tx('orders')
    .where({ brand_integration_id: input.brandIntegrationId, external_id: input.externalId })
    .forUpdate()
    .first<{
      id: string;
      remote_updated_at: Date | null;
      extra_data: Json;
      cart_id: string | null;
      checkout_id: string | null;
      contact_id: string | null;
    }>('id', 'remote_updated_at', 'extra_data', 'cart_id', 'checkout_id', 'contact_id');
  const values = {
    number: input.number ?? null,
    state: input.state,
    total: input.total,
    currency: input.currency ?? 'USD',
    discount_codes: input.discountCodes ?? [],
    cleaned_raw_data: input.cleanedRawData ?? {},
    remote_updated_at: input.remoteUpdatedAt ?? null,
  };
  if (!existing) {
    const inserted = await tx('orders')
      .insert({
        ...values,
        brand_id: input.brandId,
        brand_integration_id: input.brandIntegrationId,
        external_id: input.externalId,
        cart_id: input.cartId ?? null,
        checkout_id: input.checkoutId ?? null,
        contact_id: input.contactId ?? null,
        extra_data: input.extraData ?? {},
        ...(input.createdAt ? { created_at: input.createdAt } : {}),
      })
      .onConflict(['brand_integration_id', 'external_id'])
      .ignore()
      .returning<{ id: string }[]>('id');
    if (inserted[0]) return { id: Number(inserted[0].id), applied: true, created: true };
    return upsertOrder(tx, input);
  }
  if (!isNewerOrSame(input.remoteUpdatedAt, toDate(existing.remote_updated_at)))
    return { id: Number(existing.id), applied: false, created: false };
  await tx('orders')
    .where({ id: existing.id })
    .update({
      ...values,
      cart_id: input.cartId ?? existing.cart_id,
      checkout_id: input.checkoutId ?? existing.checkout_id,
      contact_id: input.contactId ?? existing.contact_id,
      extra_data: { ...existing.extra_data, ...(input.extraData ?? {}) },
      updated_at: tx.fn.now(),
    });
  return { id: Number(existing.id), applied: true, created: false };
}

/** The cart (and its checkout) of a placed order become complete. */
export async function completeCart(tx: Handle, cartId: number): Promise<void> {
  await tx('carts')
    .where({ id: cartId })
    .whereNot({ state: 'complete' })
    .update({ state: 'complete', updated_at: tx.fn.now() });
}

/** Billing's progress on these orders: billable, processing (a usage charge is queued), complete (collected). */
export async function setOrdersBillingStatus(db: Handle, orderIds: number[], billingStatus: string): Promise<void> {
  if (orderIds.length === 0) return;
  await db('orders').whereIn('id', orderIds).update({ billing_status: billingStatus, updated_at: db.fn.now() });
}

export async function findCartByExternalId(
  db: Handle,
  brandIntegrationId: number,
  externalId: string,
): Promise<{ id: number; state: CartState } | undefined> {
  const row = await db('carts')
    .where({ brand_integration_id: brandIntegrationId, external_id: externalId })
    .first<{ id: string; state: CartState }>('id', 'state');
  return row ? { id: Number(row.id), state: row.state } : undefined;
}

export async function findCheckoutByExternalId(
  db: Handle,
  brandIntegrationId: number,
  externalId: string,
): Promise<{ id: number; cart_id: number | null } | undefined> {
  const row = await db('checkouts')
    .where({ brand_integration_id: brandIntegrationId, external_id: externalId })
    .first<{ id: string; cart_id: string | null }>('id', 'cart_id');
  return row ? { id: Number(row.id), cart_id: row.cart_id === null ? null : Number(row.cart_id) } : undefined;
}

/** Spec 2 section 9: carts in no_identity updated within the last 24 hours, oldest first, 100. */
export async function pendingNoIdentityCarts(
  db: Handle,
  { limit = 100, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<{ id: number; brand_integration_id: number; external_id: string }[]> {
  const rows = await db('carts')
    .where({ state: 'no_identity' })
    .where('updated_at', '>=', new Date(now.getTime() - 24 * 3600_000))
    .orderBy('updated_at', 'asc')
    .limit(limit)
    .select<{ id: string; brand_integration_id: string; external_id: string }[]>(
      'id',
      'brand_integration_id',
      'external_id',
    );
  return rows.map((row) => ({
    id: Number(row.id),
    brand_integration_id: Number(row.brand_integration_id),
    external_id: row.external_id,
  }));
}

/** Whether the brand has a connected, enabled integration of this category ('chat', 'sms', ...). */
export async function hasConnectedIntegration(
  db: Handle,
  { brandId, category }: { brandId: number; category: string },
): Promise<boolean> {
  const row = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'bi.status': 'connected', 'bi.is_enabled': true, 'i.category': category })
    .first('bi.id');
  return row !== undefined;
}

/**
 * Carts or checkouts selected by run-candidates become abandoned. Only rows still pending change;
 * their ids come back (a cart completed by an order meanwhile is left alone). The row lock this
 * takes makes a concurrent run wait and then find the cart no longer pending. updated_at (the
 * shopper's last activity) is kept.
 */
export async function markAbandoned(tx: Tx, kind: 'cart' | 'checkout', ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const table = kind === 'cart' ? 'carts' : 'checkouts';
  const result = await tx.raw<{ rows: { id: string }[] }>(
    `update ${table} set state = 'abandoned' where id = any(?::bigint[]) and state = 'pending' returning id`,
    [[...ids].sort((a, b) => a - b)],
  );
  return new Set(result.rows.map((r) => Number(r.id)));
}

/** A recovered order: its billing status, recovered_at (kept once set), the workflow and extra_data.attribution. */
export async function markOrderRecovered(
  tx: Tx,
  orderId: number,
  {
    billingStatus,
    workflowId,
    attribution,
  }: { billingStatus: string; workflowId: number | null; attribution: Record<string, unknown> },
): Promise<void> {
  await tx('orders')
    .where({ id: orderId })
    .update({
      billing_status: billingStatus,
      recovered_at: tx.raw('coalesce(recovered_at, now())'),
      workflow_id: workflowId,
      extra_data: tx.raw(`extra_data || jsonb_build_object('attribution', ?::jsonb)`, [JSON.stringify(attribution)]),
      updated_at: tx.fn.now(),
    });
}

/** The checkout of a recovered order becomes recovered (once). */
export async function markCheckoutRecovered(
  tx: Tx,
  { checkoutId, brandId }: { checkoutId: number; brandId: number },
): Promise<void> {
  await tx('checkouts')
    .where({ id: checkoutId, brand_id: brandId })
    .whereNot({ state: 'recovered' })
    .update({ state: 'recovered', updated_at: tx.fn.now() });
}
