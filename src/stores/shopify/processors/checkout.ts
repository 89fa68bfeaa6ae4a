/**
 * checkouts/create, checkouts/update (also the backfill's converted abandoned checkouts) and
 * carts/update: checkout and cart kept in step, the shopper captured as a contact.
 */
import { coerceError, type AppContext } from '../../../app/index.ts';
import { withTransaction } from '../../../db/index.ts';
import type { BrandIntegration } from '../../integrations/store.ts';
import { isNewerOrSame, type CartState } from '../../rules.ts';
import { upsertCart, upsertCheckout } from '../../store.ts';
import { captureContact, hasUsablePhone, shopperContact } from './contact.ts';
import {
  attachCartContact,
  brandHasPermission,
  checkoutVersion,
  DISABLE_CARTS_PERMISSION,
  linkPlacedOrder,
} from '../store/processors.ts';
import { parseShopifyPayload, type ShopifyCartPayload, type ShopifyCheckoutPayload } from '../payloads.ts';

export interface ShopifyProcessResult {
  outcome: 'processed' | 'skipped';
  /** Why it was skipped (stale, no_cart_id, ...). */
  reason?: string;
  checkoutId?: number;
  cartId?: number;
  contactId?: number | null;
  state?: CartState;
}

export interface CheckoutOptions {
  /** checkouts.is_historical (backfill of old checkouts). */
  historical?: boolean;
  /** True when the backfill (not a webhook) delivered it: carts get extra_data.from_webhook false. */
  etl?: boolean;
  /** The topic, for the consent source. */
  topic?: string;
}

const toDate = (value: string | null | undefined): Date | null => (value ? new Date(value) : null);
const amount = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '0' : String(value);
export const isRedacted = (payload: unknown): boolean =>
  typeof payload === 'object' && payload !== null && (payload as { redacted?: unknown }).redacted === true;

type LineItem = NonNullable<ShopifyCheckoutPayload['line_items']>[number];

/** The line items we keep (what cart links, messages and analytics read). */
export function lineItemsData(items: LineItem[] | null | undefined): Record<string, unknown>[] {
  return (items ?? []).map((item) => ({
    variant_id: item.variant_id ?? null,
    product_id: item.product_id ?? null,
    title: item.title ?? null,
    variant_title: (item as { variant_title?: unknown }).variant_title ?? null,
    sku: (item as { sku?: unknown }).sku ?? null,
    quantity: item.quantity ?? 0,
    price: item.price ?? null,
    line_price: item.line_price ?? null,
  }));
}

/** The parts of a checkout worth keeping for conversations and analytics (personal fields included; privacy requests strip them). */
function checkoutDetails(checkout: ShopifyCheckoutPayload, etl: boolean): Record<string, unknown> {
  return {
    id: checkout.id ?? null,
    token: checkout.token,
    cart_token: checkout.cart_token ?? null,
    email: checkout.email ?? null,
    phone: checkout.phone ?? null,
    sms_marketing_phone: checkout.sms_marketing_phone ?? null,
    buyer_accepts_marketing: checkout.buyer_accepts_marketing ?? null,
    buyer_accepts_sms_marketing: checkout.buyer_accepts_sms_marketing ?? null,
    customer: checkout.customer
      ? {
          id: checkout.customer.id ?? null,
          email: checkout.customer.email ?? null,
          phone: checkout.customer.phone ?? null,
          first_name: checkout.customer.first_name ?? null,
          last_name: checkout.customer.last_name ?? null,
        }
      : null,
    shipping_address: checkout.shipping_address ?? null,
    billing_address: checkout.billing_address ?? null,
    line_items: lineItemsData(checkout.line_items),
    discount_codes: (checkout.discount_codes ?? []).map((code) => code.code),
    subtotal_price: checkout.subtotal_price ?? null,
    total_discounts: checkout.total_discounts ?? null,
    total_tax: checkout.total_tax ?? null,
    total_price: checkout.total_price ?? null,
    currency: checkout.presentment_currency ?? checkout.currency ?? null,
    customer_locale: checkout.customer_locale ?? null,
    completed_at: checkout.completed_at ?? null,
    created_at: checkout.created_at ?? null,
    updated_at: checkout.updated_at ?? null,
    source: etl ? 'backfill' : 'webhook',
  };
}

/**
 * Upserts the checkout (external id = token) and its cart (external id = cart_token, else the
 * token) in one transaction, with the shopper's contact. State: complete when completed_at is
 * set, else pending, or no_identity without a subscribed +1 phone. An event older than what is
 * stored changes nothing. Exported for the backfill, which passes `{ historical, etl }`.
 */
export async function processShopifyCheckout(
  ctx: AppContext,
  integration: BrandIntegration,
  payload: unknown,
  { historical = false, etl = false, topic = 'checkouts/update' }: CheckoutOptions = {},
): Promise<ShopifyProcessResult> {
  if (isRedacted(payload)) return { outcome: 'skipped', reason: 'redacted' };
  const checkout = parseShopifyPayload<ShopifyCheckoutPayload>('checkouts/update', payload);
  const log = ctx.logger.child({ brand_id: integration.brand_id, brand_integration_id: integration.id });
  const remoteUpdatedAt = toDate(checkout.updated_at);
  const stored = await checkoutVersion(ctx.db, integration.id, checkout.token);
  if (stored && !isNewerOrSame(remoteUpdatedAt, stored.remote_updated_at)) {
    log.info({ checkout_id: stored.id }, 'checkout event older than the stored checkout; nothing changed');
    return { outcome: 'skipped', reason: 'stale', checkoutId: stored.id };
  }

  const contactId = await captureContact(ctx, integration, shopperContact(checkout), `shopify:${topic}`);
  const state: CartState = checkout.completed_at
    ? 'complete'
    : (await hasUsablePhone(ctx, contactId))
      ? 'pending'
      : 'no_identity';
  const cartExternalId = checkout.cart_token?.trim() || checkout.token;
  const currency = checkout.presentment_currency ?? checkout.currency ?? undefined;
  const details = checkoutDetails(checkout, etl);

  const result = await withTransaction(ctx.db, async (tx) => {
    const cart = await upsertCart(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId: cartExternalId,
      contactId,
      state,
      total: amount(checkout.total_price),
      currency: currency ?? undefined,
      locale: checkout.customer_locale ?? undefined,
      extraData: {
        from_webhook: !etl,
        abandoned_checkout_url: checkout.abandoned_checkout_url ?? null,
        checkout_token: checkout.token,
      },
      data: { line_items: lineItemsData(checkout.line_items), checkout_token: checkout.token },
      cleanedRawData: { detail: { payload: details } },
      remoteUpdatedAt,
    });
    if (!cart.applied && contactId !== null) await attachCartContact(tx, cart.id, contactId);
    const saved = await upsertCheckout(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId: checkout.token,
      cartId: cart.id,
      contactId,
      state,
      totalPrice: amount(checkout.total_price),
      checkoutDetails: details,
      isHistorical: historical,
      abandonedCheckoutUrl: checkout.abandoned_checkout_url ?? null,
      remoteUpdatedAt,
    });
    if (!saved.applied)
      return { outcome: 'skipped' as const, reason: 'stale', checkoutId: saved.id, cartId: cart.id, contactId };
    const placed = await linkPlacedOrder(tx, {
      brandIntegrationId: integration.id,
      checkoutToken: checkout.token,
      cartToken: checkout.cart_token,
      checkoutId: saved.id,
      cartId: cart.id,
    });
    return {
      outcome: 'processed' as const,
      checkoutId: saved.id,
      cartId: cart.id,
      contactId,
      state: placed === undefined ? state : ('complete' as const),
    };
  });
  log.info(
    { checkout_id: result.checkoutId, cart_id: result.cartId, state: result.state, outcome: result.outcome },
    'shopify checkout processed',
  );
  return result;
}

/** beta:disable_carts permitted: carts/update is skipped as a success. A failing check lets it through. */
async function cartsDisabled(ctx: AppContext, brandId: number): Promise<boolean> {
  try {
    return await brandHasPermission(ctx.db, brandId, DISABLE_CARTS_PERMISSION);
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), brand_id: brandId },
      'permission check failed; the cart webhook is processed',
    );
    return false;
  }
}

/** A cart's total from its line items (carts/update carries no total). */
function cartTotal(cart: ShopifyCartPayload): string {
  const cents = (cart.line_items ?? []).reduce((sum, item) => {
    const line =
      item.line_price ??
      (item.price !== null && item.price !== undefined ? Number(item.price) * (item.quantity ?? 0) : 0);
    return sum + Math.round(Number(line) * 100);
  }, 0);
  return (cents / 100).toFixed(2);
}

/** carts/update: needs a cart id and line items; the cart becomes (or stays) pending. */
export async function processShopifyCart(
  ctx: AppContext,
  integration: BrandIntegration,
  payload: unknown,
): Promise<ShopifyProcessResult> {
  if (isRedacted(payload)) return { outcome: 'skipped', reason: 'redacted' };
  const log = ctx.logger.child({ brand_id: integration.brand_id, brand_integration_id: integration.id });
  if (await cartsDisabled(ctx, integration.brand_id)) {
    log.info(`cart webhook skipped: ${DISABLE_CARTS_PERMISSION} is permitted for the brand`);
    return { outcome: 'skipped', reason: 'carts_disabled' };
  }
  const cart = parseShopifyPayload<ShopifyCartPayload>('carts/update', payload);
  const externalId = cart.id !== null && cart.id !== undefined ? String(cart.id) : cart.token?.trim();
  if (!externalId) {
    log.warn('No cart id found');
    return { outcome: 'skipped', reason: 'no_cart_id' };
  }
  if (!cart.line_items || cart.line_items.length === 0) {
    log.info('cart webhook without line items skipped');
    return { outcome: 'skipped', reason: 'no_line_items' };
  }
  const currency = (cart as { currency?: unknown }).currency;
  return withTransaction(ctx.db, async (tx) => {
    const saved = await upsertCart(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      externalId,
      state: 'pending',
      total: cartTotal(cart),
      currency: typeof currency === 'string' ? currency : undefined,
      extraData: { from_webhook: true },
      data: { line_items: lineItemsData(cart.line_items as LineItem[]), note: cart.note ?? null },
      cleanedRawData: {
        detail: {
          payload: {
            id: cart.id ?? null,
            token: cart.token ?? null,
            line_items: lineItemsData(cart.line_items as LineItem[]),
            created_at: cart.created_at ?? null,
            updated_at: cart.updated_at ?? null,
          },
        },
      },
      remoteUpdatedAt: toDate(cart.updated_at),
    });
    if (!saved.applied) {
      log.info({ cart_id: saved.id }, 'cart event older than the stored cart; nothing changed');
      return { outcome: 'skipped' as const, reason: 'stale', cartId: saved.id };
    }
    const placed = await linkPlacedOrder(tx, {
      brandIntegrationId: integration.id,
      cartToken: externalId,
      cartId: saved.id,
    });
    return {
      outcome: 'processed' as const,
      cartId: saved.id,
      state: placed === undefined ? ('pending' as const) : ('complete' as const),
    };
  });
}
