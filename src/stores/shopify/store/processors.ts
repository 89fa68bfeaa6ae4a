/**
 * SQL the Shopify webhook processors need beyond the shared cart/checkout/order upserts. Besides
 * the store's own tables it reads the brand's permissions, the contact's channels and earlier
 * webhook events; it changes none of them.
 */
import type { Handle, Tx } from '../../../db/index.ts';

type Json = Record<string, unknown>;

export const DISABLE_CARTS_PERMISSION = 'beta:disable_carts';

/** True when the brand has the feature permission in state permitted (spec 2 section 6, spec 3 section 6). */
export async function brandHasPermission(db: Handle, brandId: number, attribute: string): Promise<boolean> {
  const row = await db('brand_permissions as bp')
    .join('permissions as p', 'p.id', 'bp.permission_id')
    .where({ 'bp.brand_id': brandId, 'p.attribute': attribute, 'bp.state': 'permitted' })
    .first('bp.id');
  return row !== undefined;
}

/** The stored remote time of a checkout, to drop a late event before it touches anything. */
export async function checkoutVersion(
  db: Handle,
  brandIntegrationId: number,
  externalId: string,
): Promise<{ id: number; remote_updated_at: Date | null } | undefined> {
  const row = await db('checkouts')
    .where({ brand_integration_id: brandIntegrationId, external_id: externalId })
    .first<{ id: string; remote_updated_at: Date | null } | undefined>('id', 'remote_updated_at');
  return row ? { id: Number(row.id), remote_updated_at: row.remote_updated_at } : undefined;
}

export interface StoredOrder {
  id: number;
  remote_updated_at: Date | null;
  deleted: boolean;
  extra_data: Json;
}

/** The stored order (locked when a transaction is given), with whether orders/delete removed it. */
export async function storedOrder(
  db: Handle,
  brandIntegrationId: number,
  externalId: string,
  { lock = false } = {},
): Promise<StoredOrder | undefined> {
  const query = db('orders').where({ brand_integration_id: brandIntegrationId, external_id: externalId });
  if (lock) void query.forUpdate();
  const row = await query.first<{ id: string; remote_updated_at: Date | null; extra_data: Json } | undefined>(
    'id',
    'remote_updated_at',
    'extra_data',
  );
  return row
    ? {
        id: Number(row.id),
        remote_updated_at: row.remote_updated_at,
        deleted: row.extra_data?.deleted === true,
        extra_data: row.extra_data ?? {},
      }
    : undefined;
}

/**
 * orders/delete: the order is kept (billing history) as cancelled and marked deleted, so later
 * order events are ignored. A delete that arrives before the order leaves a cancelled tombstone.
 */
export async function markOrderDeleted(
  tx: Tx,
  { brandId, brandIntegrationId, externalId }: { brandId: number; brandIntegrationId: number; externalId: string },
): Promise<{ id: number; created: boolean }> {
  const marker = { deleted: true, deleted_at: new Date().toISOString() };
  const existing = await storedOrder(tx, brandIntegrationId, externalId, { lock: true });
  if (existing) {
    if (!existing.deleted)
      await tx('orders')
        .where({ id: existing.id })
        .update({ state: 'cancelled', extra_data: { ...existing.extra_data, ...marker }, updated_at: tx.fn.now() });
    return { id: existing.id, created: false };
  }
  const [row] = await tx('orders')
    .insert({
      brand_id: brandId,
      brand_integration_id: brandIntegrationId,
      external_id: externalId,
      state: 'cancelled',
      total: 0,
      extra_data: marker,
    })
    .onConflict(['brand_integration_id', 'external_id'])
    .ignore()
    .returning<{ id: string }[]>('id');
  if (!row) return markOrderDeleted(tx, { brandId, brandIntegrationId, externalId });
  return { id: Number(row.id), created: true };
}

/** orders/edited: note the edit on the order (the full order follows in orders/updated). */
export async function noteOrderEdit(db: Handle, orderId: number, edit: Json): Promise<void> {
  await db('orders')
    .where({ id: orderId })
    .update({
      extra_data: db.raw(`extra_data || jsonb_build_object('last_edit', ?::jsonb)`, [JSON.stringify(edit)]),
      updated_at: db.fn.now(),
    });
}

/** The checkout of a placed order becomes complete (a recovered one stays recovered). */
export async function completeCheckout(db: Handle, checkoutId: number): Promise<void> {
  await db('checkouts')
    .where({ id: checkoutId })
    .whereNotIn('state', ['complete', 'recovered'])
    .update({ state: 'complete', updated_at: db.fn.now() });
}

/** Attaches a contact to a cart that has none (a checkout event older than the cart still names the shopper). */
export async function attachCartContact(db: Handle, cartId: number, contactId: number): Promise<void> {
  await db('carts')
    .where({ id: cartId })
    .whereNull('contact_id')
    .update({ contact_id: contactId, updated_at: db.fn.now() });
}

/**
 * An order can arrive before its checkout or cart. When one of them is stored later, the order
 * that names its token completes it and is linked to it.
 */
export async function linkPlacedOrder(
  tx: Tx,
  {
    brandIntegrationId,
    checkoutToken,
    cartToken,
    checkoutId,
    cartId,
  }: {
    brandIntegrationId: number;
    checkoutToken?: string | null;
    cartToken?: string | null;
    checkoutId?: number;
    cartId?: number;
  },
): Promise<number | undefined> {
  if (!checkoutToken && !cartToken) return undefined;
  const order = await tx('orders')
    .where({ brand_integration_id: brandIntegrationId })
    .where((q) => {
      if (checkoutToken) void q.orWhereRaw(`cleaned_raw_data->>'checkout_token' = ?`, [checkoutToken]);
      if (cartToken) void q.orWhereRaw(`cleaned_raw_data->>'cart_token' = ?`, [cartToken]);
    })
    .whereRaw(`coalesce((extra_data->>'deleted')::boolean, false) = false`)
    .orderBy('id', 'desc')
    .first<{ id: string; cart_id: string | null; checkout_id: string | null } | undefined>(
      'id',
      'cart_id',
      'checkout_id',
    );
  if (!order) return undefined;
  const patch: Json = {};
  if (cartId !== undefined && order.cart_id === null) patch.cart_id = cartId;
  if (checkoutId !== undefined && order.checkout_id === null) patch.checkout_id = checkoutId;
  if (Object.keys(patch).length > 0)
    await tx('orders')
      .where({ id: order.id })
      .update({ ...patch, updated_at: tx.fn.now() });
  if (cartId !== undefined)
    await tx('carts')
      .where({ id: cartId })
      .whereNot({ state: 'complete' })
      .update({ state: 'complete', updated_at: tx.fn.now() });
  if (checkoutId !== undefined) await completeCheckout(tx, checkoutId);
  return Number(order.id);
}

/** The subscribed SMS usernames of a contact (to decide no_identity). */
export async function subscribedPhones(db: Handle, contactId: number): Promise<string[]> {
  const rows = await db('contact_channels')
    .where({ contact_id: contactId, type: 'sms', status: 'subscribed' })
    .select<{ username: string }[]>('username');
  return rows.map((row) => row.username);
}

/**
 * customers/create|update carry the customer's updated_at: a processed event of the same customer
 * with a later time makes this one stale.
 */
export async function newerCustomerEventExists(
  db: Handle,
  { shop, customerId, updatedAt, eventId }: { shop: string; customerId: string; updatedAt: Date; eventId: number },
): Promise<boolean> {
  const row = await db('webhook_events')
    .where({ source: 'shopify', shop, status: 'processed' })
    .whereIn('topic', ['customers/create', 'customers/update'])
    .whereNot({ id: eventId })
    .whereRaw(`payload->>'id' = ?`, [customerId])
    .whereRaw(`payload->>'updated_at' is not null and (payload->>'updated_at')::timestamptz > ?`, [updatedAt])
    .first('id');
  return row !== undefined;
}

/** Where each consent topic keeps the customer id, the address and the consent object. */
const CONSENT_TOPICS = {
  sms: { topic: 'customers_marketing_consent/update', idKey: 'id', addressKey: 'phone', customerAddressKey: 'phone' },
  email: {
    topic: 'customers_email_marketing_consent/update',
    idKey: 'customer_id',
    addressKey: 'email_address',
    customerAddressKey: 'email',
  },
} as const;
const CONSENT_OBJECT = { sms: 'sms_marketing_consent', email: 'email_marketing_consent' } as const;

/**
 * A consent change is stale when a processed event already reported a later consent time
 * (`consent_updated_at`) for the same customer and address: an event of the consent topic itself,
 * or a customers/create|update of an API version that still carried the consent object.
 * Addresses compare case-insensitively; a stored time PostgreSQL cannot read never counts.
 */
export async function newerConsentEventExists(
  db: Handle,
  {
    shop,
    channel,
    customerId,
    address,
    consentUpdatedAt,
    eventId,
  }: {
    shop: string;
    channel: 'sms' | 'email';
    customerId: string;
    address: string;
    consentUpdatedAt: Date;
    eventId: number;
  },
): Promise<boolean> {
  const { topic, idKey, addressKey, customerAddressKey } = CONSENT_TOPICS[channel];
  const time = `payload->'${CONSENT_OBJECT[channel]}'->>'consent_updated_at'`;
  const row = await db('webhook_events')
    .where({ source: 'shopify', shop, status: 'processed' })
    .whereNot({ id: eventId })
    .where((either) => {
      void either
        .where((own) => {
          void own
            .where({ topic })
            .whereRaw(`payload->>'${idKey}' = ?`, [customerId])
            .whereRaw(`lower(payload->>'${addressKey}') = lower(?)`, [address]);
        })
        .orWhere((customer) => {
          void customer
            .whereIn('topic', ['customers/create', 'customers/update'])
            .whereRaw(`payload->>'id' = ?`, [customerId])
            .whereRaw(`lower(payload->>'${customerAddressKey}') = lower(?)`, [address]);
        });
    })
    .whereRaw(`(case when ${time} ~ '^\\d{4}-\\d{2}-\\d{2}[T ]\\d{2}:\\d{2}' then (${time})::timestamptz end) > ?`, [
      consentUpdatedAt,
    ])
    .first('id');
  return row !== undefined;
}
