/**
 * Coupons, created carts, fresh cart links, store info and the shopper lookups the recovery
 * engine uses.
 * Lookups give 0 / false / none when BigCommerce fails (spec 2 section 8).
 */
import { AppError, coerceError, type AppContext } from '../../app/index.ts';
import { getBrandIntegration, type BrandIntegration } from '../integrations/store.ts';
import { BigCommerceApiError, type BcCart, type BcCoupon, type BcCustomer, type BcStoreInfo } from './client.ts';
import { clientFor } from './connection.ts';
import {
  couponExpiry,
  couponType,
  DEFAULT_CART_CURRENCY,
  DEFAULT_CART_LOCALE,
  money,
  type DiscountType,
} from './rules.ts';

export interface CouponInput {
  integration: BrandIntegration;
  code: string;
  type: DiscountType;
  /** Percent for percentage, money for fixed; ignored for shipping (free shipping: all of it). */
  amount?: number | string;
  minPurchase?: number | string;
  name?: string;
  now?: Date;
}

/**
 * POST /v2/coupons: 'Code is required'; expires 10 days from now (RFC 2822), usable once and once
 * per customer (spec 3 section 9), on every category (`applies_to {entity: 'categories', ids: [0]}`);
 * 'Failed to create coupon' on any failure. Amounts go as strings, as the v2 API takes them. A
 * shipping rule is a free_shipping coupon, whose required `amount` BigCommerce ignores: '0'.
 */
export async function createCoupon(
  ctx: AppContext,
  { integration, code, type, amount = 0, minPurchase, name, now = new Date() }: CouponInput,
): Promise<BcCoupon> {
  if (!code?.trim()) throw new AppError('invalid_input', 'Code is required', { code: 'code_required' });
  const body = {
    name: (name ?? `Reclaim ${code.trim()}`).slice(0, 100),
    code: code.trim(),
    type: couponType(type),
    amount: type === 'shipping' ? '0' : String(amount),
    ...(minPurchase === undefined ? {} : { min_purchase: String(minPurchase) }),
    expires: couponExpiry(now),
    enabled: true,
    applies_to: { entity: 'categories', ids: [0] },
    max_uses: 1,
    max_uses_per_customer: 1,
  };
  const client = await clientFor(ctx, integration);
  try {
    const coupon = await client.createCoupon(body);
    if (!coupon) throw new Error('empty response');
    return coupon;
  } catch (error) {
    const detail = error instanceof BigCommerceApiError ? error.detail : undefined;
    ctx.logger.warn(
      {
        err: coerceError(error),
        brand_integration_id: integration.id,
        ...(detail ? { bigcommerce_message: detail } : {}),
      },
      'bigcommerce coupon creation failed',
    );
    throw new AppError('upstream', 'Failed to create coupon', { code: 'coupon_failed', cause: error });
  }
}

/** Spec 2 section 8: the lookup's answer, or `fallback` (logged; 'Failed to get customer' for customers). */
async function quietly<T>(ctx: AppContext, what: string, fallback: T, fn: () => Promise<T | undefined>): Promise<T> {
  try {
    return (await fn()) ?? fallback;
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error) },
      what === 'customer' ? 'Failed to get customer' : `bigcommerce ${what} lookup failed`,
    );
    return fallback;
  }
}

/** GET /v3/customers?id:in={id}; none on failure. */
export async function findCustomer(
  ctx: AppContext,
  integration: BrandIntegration,
  customerId: number | string,
): Promise<BcCustomer | null> {
  return quietly<BcCustomer | null>(ctx, 'customer', null, async () =>
    (await clientFor(ctx, integration)).getCustomer(customerId),
  );
}

/** GET /v3/customers?email:in={email}; none on failure. */
export async function findCustomerByEmail(
  ctx: AppContext,
  integration: BrandIntegration,
  email: string,
): Promise<BcCustomer | null> {
  return quietly<BcCustomer | null>(
    ctx,
    'customer',
    null,
    async () => (await (await clientFor(ctx, integration)).findCustomersByEmail(email))[0],
  );
}

/** GET /v2/customer_groups/{id}; none on failure. */
export async function findCustomerGroup(
  ctx: AppContext,
  integration: BrandIntegration,
  groupId: number | string,
): Promise<{ id: number; name: string | null } | null> {
  return quietly(ctx, 'customer group', null, async () => {
    const group = await (await clientFor(ctx, integration)).getCustomerGroup(groupId);
    return group ? { id: group.id, name: group.name ?? null } : null;
  });
}

/** GET /v3/customers/subscribers?email=; false on failure. */
export async function isSubscriber(ctx: AppContext, integration: BrandIntegration, email: string): Promise<boolean> {
  return quietly(
    ctx,
    'subscriber',
    false,
    async () => (await (await clientFor(ctx, integration)).findSubscribers(email)).length > 0,
  );
}

/** GET /v2/orders/count?email=; 0 on failure. */
export async function customerOrderCount(
  ctx: AppContext,
  integration: BrandIntegration,
  email: string,
): Promise<number> {
  return quietly(ctx, 'order count', 0, async () => (await clientFor(ctx, integration)).countOrders(email));
}

/** GET /v2/store. */
export async function storeInfo(ctx: AppContext, integration: BrandIntegration): Promise<BcStoreInfo> {
  const info = await (await clientFor(ctx, integration)).getStore();
  if (!info) throw new AppError('upstream', 'BigCommerce returned no store information.');
  return info;
}

export interface NewCartInput {
  integration: BrandIntegration;
  lineItems: { productId: number; variantId?: number; quantity: number }[];
  customerId?: number;
  currency?: string;
  locale?: string;
  channelId?: number;
}

/**
 * A fresh checkout URL for a BigCommerce cart, for a shopper following a short link. BigCommerce's
 * redirect URLs work once (a link preview, or a second tap, spends a stored one), so every visit
 * asks for a new one. Undefined when the cart's integration is not an enabled BigCommerce store,
 * the cart is gone, or BigCommerce does not answer in time: the caller keeps the stored link.
 */
export async function freshCartUrl(
  ctx: AppContext,
  { brandIntegrationId, cartId }: { brandIntegrationId: number; cartId: string },
): Promise<string | undefined> {
  const integration = await getBrandIntegration(ctx.db, brandIntegrationId);
  if (!integration || integration.slug !== 'bigcommerce' || !integration.is_enabled) return undefined;
  try {
    const urls = await (await clientFor(ctx, integration)).createRedirectUrls(cartId);
    return urls?.checkout_url ?? urls?.cart_url ?? undefined;
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), brand_integration_id: brandIntegrationId },
      'no fresh BigCommerce cart link; the stored one is used',
    );
    return undefined;
  }
}

/** POST /v3/carts, USD and en-US unless told otherwise; 'cart not found on create' when none comes back. */
export async function createCart(
  ctx: AppContext,
  {
    integration,
    lineItems,
    customerId,
    currency = DEFAULT_CART_CURRENCY,
    locale = DEFAULT_CART_LOCALE,
    channelId,
  }: NewCartInput,
): Promise<BcCart & { total: string }> {
  const client = await clientFor(ctx, integration);
  const cart = await client.createCart({
    ...(customerId ? { customer_id: customerId } : {}),
    ...(channelId ? { channel_id: channelId } : {}),
    line_items: lineItems.map((item) => ({
      product_id: item.productId,
      ...(item.variantId ? { variant_id: item.variantId } : {}),
      quantity: item.quantity,
    })),
    currency: { code: currency },
    locale,
  });
  if (!cart) throw new AppError('upstream', 'cart not found on create', { code: 'cart_not_created' });
  return { ...cart, total: money(cart.cart_amount) };
}
