/**
 * The fake BigCommerce's wire shapes: the state of one store, v3 and v2 error bodies, the v3 cart
 * resource, pagination, and the v2 formats (four-decimal money, RFC 2822 dates).
 */
import { randomUUID } from 'node:crypto';
import type { Json } from '../server.ts';

export interface FakeHook {
  id: number;
  client_id: string;
  store_hash: string;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string> | null;
  created_at: number;
  updated_at: number;
}

export interface FakeStore {
  hash: string;
  token: string;
  info: Json;
  carts: Map<string, Json>;
  checkouts: Map<string, Json>;
  orders: Map<string, Json>;
  orderCoupons: Map<string, Json[]>;
  customers: Map<string, Json>;
  customerGroups: Map<string, Json>;
  subscribers: Json[];
  hooks: FakeHook[];
  coupons: Json[];
  /** v3 catalogue: products (with `categories` ids), variants, categories of the trees. */
  products: Json[];
  variants: Json[];
  categories: Json[];
  /** /v3/content/scripts, each with the api_client_id of the app that made it. */
  scripts: Json[];
}

/**
 * The coupon types POST /v2/coupons accepts (its notes list these five; `promotion` coupons are
 * made by promotions and only read here). shipping_discount takes `amount` off shipping,
 * free_shipping waives it and ignores `amount` (still required).
 */
export const COUPON_CREATE_TYPES = [
  'per_item_discount',
  'per_total_discount',
  'shipping_discount',
  'free_shipping',
  'percentage_discount',
];

export const STATUS_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
export const v3Error = (status: number, title: string, errors?: Json) => ({
  status,
  title,
  type: STATUS_TYPE,
  ...(errors ? { errors } : {}),
});
export const v3NotFound = (title: string) => v3Error(404, title);

/** A v3 cart as BigCommerce answers it (without redirect_urls, which come only when asked for). */
export function cartResource(c: {
  id: string;
  customerId?: unknown;
  channelId?: unknown;
  email?: string;
  currency: unknown;
  amount: number;
  physicalItems: Json[];
  createdTime: string;
  updatedTime: string;
  locale?: unknown;
  version: number;
}): Json {
  return {
    id: c.id,
    customer_id: c.customerId ?? 0,
    channel_id: c.channelId ?? 1,
    email: c.email ?? '',
    currency: { code: c.currency },
    tax_included: false,
    base_amount: c.amount,
    discount_amount: 0,
    manual_discount_amount: 0,
    cart_amount: c.amount,
    coupons: [],
    discounts: [],
    line_items: { physical_items: c.physicalItems, digital_items: [], gift_certificates: [], custom_items: [] },
    created_time: c.createdTime,
    updated_time: c.updatedTime,
    locale: c.locale ?? 'en',
    version: c.version,
  };
}

/** A cart's redirect URLs as BigCommerce words them. */
export const redirectUrls = (hash: string, id: string, token: string) => ({
  cart_url: `https://${hash}.example-store.com/cart.php?action=load&id=${id}&token=${token}`,
  checkout_url: `https://${hash}.example-store.com/cart.php?action=loadInCheckout&id=${id}&token=${token}`,
  embedded_checkout_url: `https://${hash}.example-store.com/cart.php?embedded=1&action=loadInCheckout&id=${id}&token=${token}`,
});
export const v2Error = (status: number, message: string) => [{ status, message }];
export const v2NotFound = v2Error(404, 'The requested resource was not found.');
export const scopeMatches = (hookScope: string, scope: string): boolean =>
  hookScope.endsWith('/*') ? scope.startsWith(hookScope.slice(0, -1)) : hookScope === scope;
export const pagination = (total: number, count: number, perPage: number, page: number) => ({
  total,
  count,
  per_page: perPage,
  current_page: page,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
  links: {},
});
/** v2 money and percentages come back as strings with four decimals ("5.0000"). */
export const decimal4 = (value: unknown): string =>
  Number.isFinite(Number(value)) ? Number(value).toFixed(4) : String(value);
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** The v2 date format (RFC 2822, UTC): "Tue, 13 Mar 2018 16:18:59 +0000". */
export const rfc2822Date = (d: Date): string =>
  `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
export const RFC2822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;
/** Coupon codes: letters, numbers, white space, underscores and hyphens, 50 at most. */
export const COUPON_CODE = /^[a-zA-Z0-9_ -]{1,50}$/;

/** A store as BigCommerce describes it (GET /v2/store), with empty collections. */
export const newStore = (hash: string, info: Json = {}): FakeStore => ({
  hash,
  token: `token-${randomUUID()}`,
  info: {
    id: hash,
    account_uuid: randomUUID(),
    domain: `${hash}.example-store.com`,
    secure_url: `https://${hash}.example-store.com`,
    control_panel_base_url: `https://store-${hash}.mybigcommerce.com`,
    status: 'live',
    name: `Store ${hash}`,
    first_name: 'Olive',
    last_name: 'Owner',
    country: 'United States',
    country_code: 'US',
    phone: '512-555-0100',
    admin_email: `owner@${hash}.example-store.com`,
    order_email: `orders@${hash}.example-store.com`,
    timezone: {
      name: 'America/Chicago',
      raw_offset: -21600,
      dst_offset: -18000,
      dst_correction: true,
      date_format: { display: 'M jS Y', export: 'M jS Y', extended_display: 'M jS Y @ g:i A' },
    },
    language: 'en',
    currency: 'USD',
    currency_symbol: '$',
    plan_name: 'Standard',
    plan_level: 'Standard',
    plan_is_trial: false,
    store_id: 1025646,
    default_channel_id: 1,
    default_site_id: 1000,
    ...info,
  },
  carts: new Map(),
  checkouts: new Map(),
  orders: new Map(),
  orderCoupons: new Map(),
  customers: new Map(),
  customerGroups: new Map(),
  subscribers: [],
  hooks: [],
  coupons: [],
  products: [],
  variants: [],
  categories: [],
  scripts: [],
});
