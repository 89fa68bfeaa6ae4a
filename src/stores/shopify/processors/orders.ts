/** orders/* topics: orders upserted, linked to their cart and checkout, and handed to orderSaved. */
import type { AppContext } from '../../../app/index.ts';
import { withTransaction } from '../../../db/index.ts';
import type { StoreEffects } from '../../effects.ts';
import type { BrandIntegration } from '../../integrations/store.ts';
import { isNewerOrSame, shopifyOrderState, type OrderState } from '../../rules.ts';
import { completeCart, findCartByExternalId, findCheckoutByExternalId, upsertOrder } from '../../store.ts';
import { isRedacted, lineItemsData } from './checkout.ts';
import { captureContact, shopperContact } from './contact.ts';
import { completeCheckout, markOrderDeleted, noteOrderEdit, storedOrder } from '../store/processors.ts';
import {
  parseShopifyPayload,
  shopifyOrderSchema,
  type ShopifyOrderPayload,
  type ShopifyOrderTopic,
} from '../payloads.ts';

export interface ShopifyOrderResult {
  outcome: 'processed' | 'skipped';
  reason?: string;
  orderId?: number;
  state?: OrderState;
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
const externalIdOf = (value: string | number | null | undefined): string | undefined =>
  value === null || value === undefined || String(value).trim() === '' ? undefined : String(value).trim();

/** What the order row keeps of the payload: totals, statuses, tokens, the shopper (stripped on redact). */
function orderData(order: ShopifyOrderPayload): Record<string, unknown> {
  return {
    id: order.id ?? null,
    name: order.name ?? null,
    order_number: order.order_number ?? null,
    checkout_token: order.checkout_token ?? null,
    cart_token: order.cart_token ?? null,
    financial_status: order.financial_status ?? null,
    fulfillment_status: order.fulfillment_status ?? null,
    confirmed: order.confirmed ?? null,
    cancelled_at: order.cancelled_at ?? null,
    subtotal_price: order.subtotal_price ?? null,
    total_discounts: order.total_discounts ?? null,
    total_tax: order.total_tax ?? null,
    total_price: order.total_price ?? null,
    currency: order.currency ?? null,
    discount_codes: (order.discount_codes ?? []).map((code) => ({
      code: code.code,
      amount: code.amount ?? null,
      type: code.type ?? null,
    })),
    line_items: lineItemsData((order as { line_items?: Parameters<typeof lineItemsData>[0] }).line_items),
    email: order.email ?? null,
    phone: order.phone ?? null,
    customer: order.customer
      ? {
          id: order.customer.id ?? null,
          email: order.customer.email ?? null,
          phone: order.customer.phone ?? null,
          first_name: order.customer.first_name ?? null,
          last_name: order.customer.last_name ?? null,
        }
      : null,
    shipping_address: order.shipping_address ?? null,
    billing_address: order.billing_address ?? null,
    created_at: order.created_at ?? null,
    updated_at: order.updated_at ?? null,
  };
}

/**
 * Upserts the order (state per shopifyOrderState), links the cart (cart_token, else the
 * checkout's cart) and checkout (checkout_token), completes both, and hands the saved order to
 * orderSaved. An order removed by orders/delete, or an event older than the stored order, changes
 * nothing. An event as new as the stored order saves it again (a retry after orderSaved failed).
 */
export async function processShopifyOrder(
  ctx: AppContext,
  integration: BrandIntegration,
  payload: unknown,
  effects: StoreEffects,
  topic: ShopifyOrderTopic | 'orders/edited' = 'orders/updated',
): Promise<ShopifyOrderResult> {
  if (isRedacted(payload)) return { outcome: 'skipped', reason: 'redacted' };
  const order = parseShopifyPayload<ShopifyOrderPayload>('orders/updated', payload);
  const log = ctx.logger.child({ brand_id: integration.brand_id, brand_integration_id: integration.id, topic });
  const externalId = externalIdOf(order.id);
  if (!externalId) {
    log.warn('No order id found');
    return { outcome: 'skipped', reason: 'no_order_id' };
  }
  const remoteUpdatedAt = toDate(order.updated_at);
  const known = await storedOrder(ctx.db, integration.id, externalId);
  if (known?.deleted) return { outcome: 'skipped', reason: 'deleted', orderId: known.id };
  if (known && !isNewerOrSame(remoteUpdatedAt, known.remote_updated_at)) {
    log.info({ order_id: known.id }, 'order event older than the stored order; nothing changed');
    return { outcome: 'skipped', reason: 'stale', orderId: known.id };
  }

  const contactId =
    order.customer || order.email || order.phone
      ? await captureContact(ctx, integration, shopperContact(order), `shopify:${topic}`)
      : null;
  const state = shopifyOrderState(order);
  const result = await withTransaction(ctx.db, async (tx) => {
    const locked = await storedOrder(tx, integration.id, externalId, { lock: true });
    if (locked?.deleted) return { outcome: 'skipped' as const, reason: 'deleted', orderId: locked.id };
    const checkout = order.checkout_token
      ? await findCheckoutByExternalId(tx, integration.id, order.checkout_token)
      : undefined;
    const cart = order.cart_token ? await findCartByExternalId(tx, integration.id, order.cart_token) : undefined;
    const cartId = cart?.id ?? checkout?.cart_id ?? null;
    const saved = await upsertOrder(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId,
      number:
        order.name ??
        (order.order_number !== null && order.order_number !== undefined ? String(order.order_number) : null),
      cartId,
      checkoutId: checkout?.id ?? null,
      contactId,
      state,
      total: order.total_price === null || order.total_price === undefined ? '0' : String(order.total_price),
      currency: order.currency ?? undefined,
      discountCodes: (order.discount_codes ?? []).map((code) => code.code),
      cleanedRawData: orderData(order),
      remoteUpdatedAt,
      createdAt: toDate(order.created_at),
    });
    if (!saved.applied) return { outcome: 'skipped' as const, reason: 'stale', orderId: saved.id };
    if (cartId !== null) await completeCart(tx, cartId);
    if (checkout) await completeCheckout(tx, checkout.id);
    return { outcome: 'processed' as const, orderId: saved.id, state };
  });
  if (result.outcome === 'processed')
    await effects.orderSaved(ctx, { id: result.orderId, brandId: integration.brand_id, state });
  log.info({ order_id: result.orderId, state: result.state, outcome: result.outcome }, 'shopify order processed');
  return result;
}

/**
 * orders/delete: the order stays (billing history needs it) but is cancelled and marked deleted;
 * later events of that order are ignored. An unknown order leaves a cancelled tombstone.
 */
export async function processShopifyOrderDelete(
  ctx: AppContext,
  integration: BrandIntegration,
  payload: unknown,
  effects: StoreEffects,
): Promise<ShopifyOrderResult> {
  const externalId = externalIdOf((payload as { id?: string | number | null } | null)?.id);
  if (!externalId) {
    ctx.logger.warn({ brand_id: integration.brand_id }, 'No order id found');
    return { outcome: 'skipped', reason: 'no_order_id' };
  }
  const { id } = await withTransaction(ctx.db, (tx) =>
    markOrderDeleted(tx, { brandId: integration.brand_id, brandIntegrationId: integration.id, externalId }),
  );
  await effects.orderSaved(ctx, { id, brandId: integration.brand_id, state: 'cancelled' });
  return { outcome: 'processed', orderId: id, state: 'cancelled' };
}

/**
 * orders/edited carries the edit (order_edit.order_id), not the order: the edit is noted on the
 * order; the order itself follows in orders/updated. A full order payload is processed as one.
 */
export async function processShopifyOrderEdited(
  ctx: AppContext,
  integration: BrandIntegration,
  payload: unknown,
  effects: StoreEffects,
): Promise<ShopifyOrderResult> {
  const edit = (payload as { order_edit?: Record<string, unknown> | null } | null)?.order_edit;
  if (!edit) {
    if (shopifyOrderSchema.safeParse(payload).success)
      return processShopifyOrder(ctx, integration, payload, effects, 'orders/edited');
    return { outcome: 'skipped', reason: 'no_order_id' };
  }
  const externalId = externalIdOf(edit.order_id as string | number | null | undefined);
  if (!externalId) {
    ctx.logger.warn({ brand_id: integration.brand_id }, 'No order id found');
    return { outcome: 'skipped', reason: 'no_order_id' };
  }
  const known = await storedOrder(ctx.db, integration.id, externalId);
  if (!known || known.deleted) return { outcome: 'skipped', reason: known ? 'deleted' : 'unknown_order' };
  await noteOrderEdit(ctx.db, known.id, { id: edit.id ?? null, created_at: edit.created_at ?? null });
  return { outcome: 'processed', orderId: known.id };
}
