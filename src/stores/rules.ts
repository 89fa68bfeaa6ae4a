/** Pure rules shared by the store platforms (spec 2 section 4, spec 3 section 4). */

export type CartState = 'pending' | 'abandoned' | 'no_identity' | 'complete' | 'empty';
export type OrderState = 'cancelled' | 'complete' | 'pending';

/** Shopify: cancelled if cancelled_at is present, else complete if confirmed, else pending. */
export function shopifyOrderState(order: { cancelled_at?: string | null; confirmed?: boolean | null }): OrderState {
  if (order.cancelled_at) return 'cancelled';
  return order.confirmed ? 'complete' : 'pending';
}

/** BigCommerce: complete when the status id is above 1 and not 7 (Awaiting Payment), else pending. */
export function bigcommerceOrderState(statusId: number): Exclude<OrderState, 'cancelled'> {
  return statusId > 1 && statusId !== 7 ? 'complete' : 'pending';
}

export function bigcommerceReturnStatus(status: string): 'RETURNED' | 'IN_PROGRESS' | 'NO_RETURN' {
  if (status === 'Refunded') return 'RETURNED';
  if (status === 'Partially Refunded') return 'IN_PROGRESS';
  return 'NO_RETURN';
}

export function bigcommerceFinancialStatus(paymentStatus: string | null | undefined): 'paid' | 'pending' | 'refunded' {
  return paymentStatus === 'paid' || paymentStatus === 'refunded' || paymentStatus === 'pending'
    ? paymentStatus
    : 'pending';
}

export function bigcommerceFulfillmentStatus(status: string): 'fulfilled' | 'partial' | 'restocked' | 'none' {
  if (status === 'Shipped') return 'fulfilled';
  if (status === 'Partially Shipped') return 'partial';
  if (status === 'Cancelled') return 'restocked';
  return 'none';
}

/**
 * An event may arrive late: it applies only when it is not older than what we hold.
 * Unknown times on either side apply (first write, or a platform without timestamps).
 */
export function isNewerOrSame(incoming: Date | null | undefined, stored: Date | null | undefined): boolean {
  if (!incoming || !stored) return true;
  return incoming.getTime() >= stored.getTime();
}

/** A completed cart never goes back to pending or abandoned because of a late cart event. */
export function nextCartState(current: CartState | undefined, incoming: CartState): CartState {
  if (current === 'complete' && incoming !== 'complete') return 'complete';
  return incoming;
}

export const SAMPLE_CART_PATH = '/cart';

export interface CartLine {
  variantId: string | number;
  quantity: number;
}

/** `{store}/cart/{variantId}:{qty},…` ; falls back to the store's cart page when it cannot be built. */
export function shopifyCartLink(storeUrl: string, lines: CartLine[]): string {
  const base = storeUrl.replace(/\/+$/, '');
  const parts = lines
    .filter((line) => String(line.variantId).trim() !== '' && line.quantity > 0)
    .map((line) => `${line.variantId}:${line.quantity}`);
  return parts.length > 0 ? `${base}/cart/${parts.join(',')}` : `${base}${SAMPLE_CART_PATH}`;
}

/** `{store}/checkouts/cn/{cartId}` */
export function shopifyCheckoutLink(storeUrl: string, cartId: string): string {
  return `${storeUrl.replace(/\/+$/, '')}/checkouts/cn/${cartId}`;
}
