/**
 * Reads of one BigCommerce resource for the conversation, rule and CLI paths, each failing with
 * its spec 2 section 8 text: 'Checkout not found', 'Order not found', 'Cart ID not found',
 * 'Cart token not found', 'Failed to get customer'. The shopper lookups that must never stop a
 * flow (customer orders here; customer, subscriber and order count in coupons.ts) answer none /
 * [] / false / 0 instead.
 */
import { AppError, coerceError, type AppContext } from '../../app/index.ts';
import type { BrandIntegration } from '../integrations/store.ts';
import {
  BigCommerceApiError,
  isNotFound,
  type BcCart,
  type BcCheckout,
  type BcCustomer,
  type BcOrder,
  type BigCommerceClient,
} from './client.ts';
import { clientFor } from './connection.ts';

export const CHECKOUT_NOT_FOUND = 'Checkout not found';
export const ORDER_NOT_FOUND = 'Order not found';
export const CART_ID_NOT_FOUND = 'Cart ID not found';
export const CART_TOKEN_NOT_FOUND = 'Cart token not found';
export const FAILED_TO_GET_CUSTOMER = 'Failed to get customer';
/** Spec 2 section 9 names no order page size; the v2 API allows 250. */
export const CUSTOMER_ORDERS_LIMIT = 50;

const notFound = (message: string, code: string) => new AppError('not_found', message, { code });

/** Runs `fn`; an empty id or a 404 (or no body) is `message`. Other failures stay as they are. */
async function one<T>(
  ctx: AppContext,
  integration: BrandIntegration,
  id: string | number | null | undefined,
  [message, code]: [string, string],
  fn: (client: BigCommerceClient, id: string) => Promise<T | undefined>,
): Promise<T> {
  const key = id === null || id === undefined ? '' : String(id).trim();
  if (!key) throw notFound(message, code);
  const client = await clientFor(ctx, integration);
  let found: T | undefined;
  try {
    found = await fn(client, key);
  } catch (error) {
    if (isNotFound(error)) throw notFound(message, code);
    throw error;
  }
  if (found === undefined || found === null) throw notFound(message, code);
  return found;
}

/** GET /v3/checkouts/{id} (a checkout's id is its cart's): 'Checkout not found'. */
export const getBigCommerceCheckout = (
  ctx: AppContext,
  integration: BrandIntegration,
  checkoutId: string | null | undefined,
): Promise<BcCheckout> =>
  one(ctx, integration, checkoutId, [CHECKOUT_NOT_FOUND, 'checkout_not_found'], (c, id) => c.getCheckout(id));

/** GET /v2/orders/{id}: 'Order not found'. */
export const getBigCommerceOrder = (
  ctx: AppContext,
  integration: BrandIntegration,
  orderId: string | number | null | undefined,
): Promise<BcOrder> => one(ctx, integration, orderId, [ORDER_NOT_FOUND, 'order_not_found'], (c, id) => c.getOrder(id));

/** GET /v3/carts/{id}: 'Cart ID not found' without an id or when the cart is gone. */
export const getBigCommerceCart = (
  ctx: AppContext,
  integration: BrandIntegration,
  cartId: string | null | undefined,
): Promise<BcCart> => one(ctx, integration, cartId, [CART_ID_NOT_FOUND, 'cart_not_found'], (c, id) => c.getCart(id));

/**
 * POST /v3/carts/{id}/redirect_urls: the cart's checkout link, which carries the cart's one-time
 * token. 'Cart ID not found' without an id or for a cart that is gone; 'Cart token not found'
 * when BigCommerce answers without a tokened link.
 */
export async function bigcommerceCartLink(
  ctx: AppContext,
  integration: BrandIntegration,
  cartId: string | null | undefined,
): Promise<string> {
  const tokenMissing = () => notFound(CART_TOKEN_NOT_FOUND, 'cart_token_not_found');
  const urls = await one(ctx, integration, cartId, [CART_ID_NOT_FOUND, 'cart_not_found'], async (c, id) => {
    try {
      return await c.createRedirectUrls(id);
    } catch (error) {
      // A 2xx answer without the documented redirect URLs.
      if (error instanceof BigCommerceApiError && error.status !== undefined && error.status < 300)
        throw tokenMissing();
      throw error;
    }
  });
  const link = [urls.checkout_url, urls.cart_url].find((url) => !!url && /[?&]token=[^&]+/.test(url));
  if (!link) throw tokenMissing();
  return link;
}

/**
 * GET /v3/customers?id:in={id}: the customer, or null when the store has none with this id;
 * 'Failed to get customer' when BigCommerce cannot be asked (the quiet lookups in coupons.ts
 * answer none instead).
 */
export async function getBigCommerceCustomer(
  ctx: AppContext,
  integration: BrandIntegration,
  customerId: string | number,
): Promise<BcCustomer | null> {
  const client = await clientFor(ctx, integration);
  try {
    return (await client.getCustomer(customerId)) ?? null;
  } catch (error) {
    throw new AppError('upstream', FAILED_TO_GET_CUSTOMER, { code: 'customer_lookup_failed', cause: error });
  }
}

/** GET /v2/orders?email&limit&sort=date_created:desc: the e-mail's newest orders; [] on failure. */
export async function customerOrders(
  ctx: AppContext,
  integration: BrandIntegration,
  email: string,
  { limit = CUSTOMER_ORDERS_LIMIT }: { limit?: number } = {},
): Promise<BcOrder[]> {
  if (!email.trim()) return [];
  try {
    const client = await clientFor(ctx, integration);
    return await client.listOrders({ email: email.trim(), limit: Math.max(1, Math.min(250, limit)) });
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), brand_integration_id: integration.id },
      'bigcommerce orders lookup failed',
    );
    return [];
  }
}
