/**
 * Pure BigCommerce rules (spec 2 sections 4, 5, 8 and 9). No I/O: the client, install, hooks and
 * processors call these. Order state and the return / financial / fulfillment mappings live in
 * ../rules.ts (shared with the stores core); this file holds what only BigCommerce needs.
 */
import { z } from 'zod';
import { AppError } from '../../app/index.ts';
import { bigcommerceFinancialStatus, bigcommerceFulfillmentStatus, bigcommerceReturnStatus } from '../rules.ts';

/** Spec 2 section 9: the webhook topics Reclaim subscribes to. */
export const HOOK_SCOPES = ['store/cart/*', 'store/order/*', 'store/customer/*'] as const;
export type HookScope = (typeof HOOK_SCOPES)[number];

/** BigCommerce does not sign hook deliveries: Reclaim sets this header on every hook it creates. */
export const HOOK_SECRET_HEADER = 'X-Reclaim-Hook-Secret';

/** Spec 2 section 8: hook calls retry up to 5 times, 1 second apart. */
export const HOOK_RETRIES = 5;
export const HOOK_RETRY_DELAY_MS = 1_000;

/** Spec 2 section 9: coupons expire after 10 days. */
export const COUPON_EXPIRY_MS = 864_000_000;

/** Spec 2 section 9: created carts default to USD and en-US. */
export const DEFAULT_CART_CURRENCY = 'USD';
export const DEFAULT_CART_LOCALE = 'en-US';

/** The flag a cart gets when its cart event finds it deleted (404) after an order. */
export const CART_DELETED_FLAG = 'deleted_after_order';

/** The webhook path under PUBLIC_URL and the app callback paths BigCommerce is configured with. */
export const WEBHOOK_PATH = '/webhooks/bigcommerce';
export const AUTH_CALLBACK_PATH = '/api/integration/bigcommerce/auth';

export type DiscountType = 'percentage' | 'fixed' | 'shipping';
export type CouponType = 'percentage_discount' | 'per_item_discount' | 'free_shipping';

/**
 * Spec 2 section 9 maps percentage -> percentage_discount and fixed -> per_item_discount, kept.
 * Its shipping -> shipping_discount is not: that type takes `amount` off the shipping cost, and a
 * shipping rule carries no amount (0), so the coupon took nothing off. A shipping rule means free
 * shipping (as on Shopify), which is BigCommerce's free_shipping type.
 */
const COUPON_TYPES: Record<DiscountType, CouponType> = {
  percentage: 'percentage_discount',
  fixed: 'per_item_discount',
  shipping: 'free_shipping',
};

/** percentage -> percentage_discount; fixed -> per_item_discount; shipping -> free_shipping. */
export function couponType(type: DiscountType): CouponType {
  const mapped = COUPON_TYPES[type];
  if (!mapped)
    throw new AppError(
      'invalid_input',
      `Unknown discount type "${String(type)}"; expected percentage, fixed or shipping.`,
    );
  return mapped;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number): string => String(n).padStart(2, '0');

/** RFC 2822 in UTC as the v2 API writes dates: "Tue, 13 Mar 2018 16:18:59 +0000". */
export function rfc2822(date: Date): string {
  return `${DAYS[date.getUTCDay()]}, ${pad(date.getUTCDate())} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`;
}

/** When a coupon created now expires (10 days later), in the v2 API's date format. */
export const couponExpiry = (now: Date): string => rfc2822(new Date(now.getTime() + COUPON_EXPIRY_MS));

/** 'stores/abc123' -> 'abc123'; anything else -> undefined. */
export function storeHashFromContext(context: string | null | undefined): string | undefined {
  const match = /^stores\/([A-Za-z0-9]+)$/.exec((context ?? '').trim());
  return match?.[1];
}

/** The hook destination; 'Webhook address is not set' without PUBLIC_URL (spec 2 section 5). */
export function hookDestination(publicUrl: string | null | undefined): string {
  if (!publicUrl?.trim()) throw new AppError('invalid_input', 'Webhook address is not set', { code: 'no_public_url' });
  return `${publicUrl.trim().replace(/\/+$/, '')}${WEBHOOK_PATH}`;
}

export type EventKind = 'cart' | 'order' | 'customer';

/** store/cart/lineItem/updated -> cart; store/order/statusUpdated -> order; unknown -> undefined. */
export function eventKind(scope: string): EventKind | undefined {
  const match = /^store\/(cart|order|customer)\//.exec(scope);
  return match ? (match[1] as EventKind) : undefined;
}

export interface EventData {
  type?: string;
  id?: string | number;
  cartId?: string;
  orderId?: string | number;
  order_id?: string | number;
  resource_id?: string | number;
  address?: { customer_id?: number | string };
}

/**
 * The id of the resource to fetch for an event, as BigCommerce's payloads carry it:
 * - cart events `{type: 'cart', id: cartId}` (converted adds `orderId`, abandoned adds `token`);
 * - line item events `{type: 'cart_line_item', id: lineItemId, cartId}`;
 * - order events `{type: 'order', id}` (statusUpdated adds `status`, refund and message events
 *   their own objects); transaction events `{type: 'transaction', order_id: '250', ...}`;
 * - customer events `{type: 'customer', id}`; address events `{id: addressId, address: {customer_id}}`;
 * - cart and order metafield events `{metafield_id, resource_id}`.
 */
export function resourceId(kind: EventKind, data: EventData): string | undefined {
  const pick = (value: unknown): string | undefined =>
    value === undefined || value === null || String(value).trim() === '' ? undefined : String(value);
  if (kind === 'cart') return pick(data.cartId) ?? pick(data.id) ?? pick(data.resource_id);
  if (kind === 'customer') return pick(data.address?.customer_id) ?? pick(data.id);
  return pick(data.id) ?? pick(data.order_id) ?? pick(data.resource_id);
}

export interface HookView {
  id: number;
  scope: string;
  destination: string;
  is_active: boolean;
  headers?: Record<string, string> | null;
}

export interface HookPlan {
  keep: HookView[];
  /** Hooks of ours (same destination and scope) that are inactive or carry a stale secret. */
  remove: HookView[];
  create: HookScope[];
}

const headerValue = (headers: Record<string, string> | null | undefined, name: string): string | undefined => {
  if (!headers) return undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : headers[key];
};

/**
 * What a hook sync does: per scope, keep one active hook to our destination with the current
 * secret; remove the other hooks of ours for that scope; create what is missing. Hooks pointing
 * elsewhere (another app or environment) are left alone.
 */
export function planHooks(
  existing: HookView[],
  { destination, secret }: { destination: string; secret: string },
): HookPlan {
  const plan: HookPlan = { keep: [], remove: [], create: [] };
  for (const scope of HOOK_SCOPES) {
    const ours = existing.filter((hook) => hook.scope === scope && hook.destination === destination);
    const good = ours.find((hook) => hook.is_active && headerValue(hook.headers, HOOK_SECRET_HEADER) === secret);
    if (good) plan.keep.push(good);
    else plan.create.push(scope);
    plan.remove.push(...ours.filter((hook) => hook !== good));
  }
  return plan;
}

/**
 * The v2 order statuses. Their ids are fixed (0-14); a merchant can rename a status, and the
 * order's `status` / `custom_status` then carry the new label, so mappings go by id.
 */
export const ORDER_STATUS_NAMES: Readonly<Record<number, string>> = {
  0: 'Incomplete',
  1: 'Pending',
  2: 'Shipped',
  3: 'Partially Shipped',
  4: 'Refunded',
  5: 'Cancelled',
  6: 'Declined',
  7: 'Awaiting Payment',
  8: 'Awaiting Pickup',
  9: 'Awaiting Shipment',
  10: 'Completed',
  11: 'Awaiting Fulfillment',
  12: 'Manual Verification Required',
  13: 'Disputed',
  14: 'Partially Refunded',
};

/** The system name of an order's status: by its id, else the name it carries. */
export const orderStatusName = (order: { status_id?: number | null; status?: string | null }): string =>
  (order.status_id !== undefined && order.status_id !== null ? ORDER_STATUS_NAMES[order.status_id] : undefined) ??
  order.status ??
  '';

export interface OrderStatusFields {
  status_id?: number | null;
  status?: string | null;
  payment_status?: string | null;
}

/** Spec 2 section 4 mappings, stored in the order's extra_data. */
export function orderStatusExtra(order: OrderStatusFields): {
  return_status: string;
  financial_status: string;
  fulfillment_status: string;
} {
  const status = orderStatusName(order);
  return {
    return_status: bigcommerceReturnStatus(status),
    financial_status: bigcommerceFinancialStatus(order.payment_status),
    fulfillment_status: bigcommerceFulfillmentStatus(status),
  };
}

export interface ChannelFacts {
  type: string;
  username: string;
  status: string;
  blocked?: boolean;
}

/** Spec 2 section 4: a cart is reachable only through a subscribed phone channel whose number starts +1. */
export function hasUsablePhone(channels: ChannelFacts[]): boolean {
  return channels.some(
    (c) => c.type === 'sms' && c.status === 'subscribed' && c.blocked !== true && c.username.startsWith('+1'),
  );
}

export const cartStateFor = (channels: ChannelFacts[]): 'pending' | 'no_identity' =>
  hasUsablePhone(channels) ? 'pending' : 'no_identity';

/** A v2 money string ("123.4500") or v3 number, as the numeric(12,2) text we store. */
export function money(value: string | number | null | undefined): string {
  const parsed = Number(value ?? 0);
  return Number.isFinite(parsed) ? parsed.toFixed(2) : '0.00';
}

/** v2 dates are RFC 2822, v3 dates ISO 8601; both parse, anything else gives null. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The JSON BigCommerce POSTs to a hook destination (a thin event: fetch the resource by id):
 * `{scope, store_id: '1025646', data, hash, created_at: <unix seconds>, producer: 'stores/{hash}'}`.
 * `hash` identifies the event (a retry carries the same one); `created_at` may be absent.
 */
export const deliverySchema = z.looseObject({
  scope: z.string().min(1),
  store_id: z.union([z.string(), z.number()]).optional(),
  producer: z.string().regex(/^stores\/[A-Za-z0-9]+$/, 'must look like stores/{store_hash}'),
  hash: z.string().min(1).max(200),
  created_at: z.number().optional(),
  data: z
    .looseObject({
      type: z.string().optional(),
      id: z.union([z.string(), z.number()]).optional(),
      cartId: z.string().optional(),
      orderId: z.union([z.string(), z.number()]).optional(),
      order_id: z.union([z.string(), z.number()]).optional(),
      resource_id: z.union([z.string(), z.number()]).optional(),
      address: z.looseObject({ customer_id: z.union([z.string(), z.number()]).optional() }).optional(),
    })
    .default({}),
});
export type Delivery = z.infer<typeof deliverySchema>;
