/**
 * Pure Shopify rules: shop host sanitising, the signed-query HMAC, app scopes, the install state
 * check, authorize URLs, webhook topics and cart links. No I/O.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SAMPLE_CART_PATH } from '../rules.ts';

/** Spec 3 section 5: the texts a merchant sees when an install request is refused. */
export const INVALID_SHOP_MESSAGE = 'Invalid shop provided';
export const UNSIGNED_REQUEST_MESSAGE =
  'The request may not be from Shopify, please contact support if you believe this is an error.';
export const AUTHENTICATION_ERROR_MESSAGE = 'Authentication error';
export const NO_VARIANTS_MESSAGE = 'No product variants found in store';

const SHOP_HOST = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const ADMIN_STORE_PATH = /^admin\.shopify\.com\/store\/([a-z0-9][a-z0-9-]*)(?:[/?#].*)?$/;

/**
 * A valid `*.myshopify.com` host, or undefined. Lower-cases, strips a scheme, a path, a port and a
 * trailing dot; `admin.shopify.com/store/{name}` (what the new admin shows) maps to
 * `{name}.myshopify.com`. Anything else (custom domains, other hosts, odd characters) is refused.
 */
export function sanitizeShop(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let host = value
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '');
  const admin = ADMIN_STORE_PATH.exec(host);
  if (admin) return `${admin[1]}.myshopify.com`;
  host = host
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  return host.length <= 255 && SHOP_HOST.test(host) ? host : undefined;
}

/** The subdomain of a shop host ('acme-store' for acme-store.myshopify.com). */
export function shopSubdomain(shop: string): string {
  return shop.replace(/\.myshopify\.com$/, '');
}

export type QueryInput = URLSearchParams | Record<string, string | string[] | undefined>;

/** Every parameter of the query with its values in order (repeated keys such as ids[]=1&ids[]=2 grouped). */
function groupedParams(query: QueryInput): [string, string[]][] {
  const grouped = new Map<string, string[]>();
  const add = (key: string, value: string): void => void grouped.set(key, [...(grouped.get(key) ?? []), value]);
  if (query instanceof URLSearchParams) for (const [key, value] of query) add(key, value);
  else
    for (const [key, value] of Object.entries(query))
      for (const item of value === undefined ? [] : Array.isArray(value) ? value : [value]) add(key, item);
  return [...grouped].filter(([key]) => key !== 'hmac' && key !== 'signature');
}

/**
 * How a signed admin query is turned into the message Shopify signs:
 * - `documented`: Shopify's documented (and server-side) form: every parameter but `hmac` and
 *   `signature` as `key=value`, with `%` and `&` percent-escaped in keys and values and `=` in keys,
 *   the pairs sorted and joined with `&`; an array parameter (`ids[]=1&ids[]=2`, bulk actions) is
 *   signed as `ids=["1", "2"]`. Values are the decoded ones, so `a b` stays `a b`.
 * - `library`: what the official @shopify/shopify-api client computes: keys sorted, repeated keys
 *   joined with commas, the whole encoded as a query string with spaces as `%20` (not `+`).
 * For plain values (letters, digits, `.-_`) both give the same message.
 */
export type HmacMessageForm = 'documented' | 'library';

const escapeKey = (key: string): string => key.replace(/%/g, '%25').replace(/&/g, '%26').replace(/=/g, '%3D');
const escapeValue = (value: string): string => value.replace(/%/g, '%25').replace(/&/g, '%26');

export function queryHmacMessage(query: QueryInput, form: HmacMessageForm = 'documented'): string {
  const params = groupedParams(query);
  if (form === 'library') {
    const sorted = params
      .map(([key, values]): [string, string] => [key, values.join(',')])
      .sort(([a], [b]) => a.localeCompare(b));
    return new URLSearchParams(sorted).toString().replace(/\+/g, '%20');
  }
  return params
    .map(([key, values]) => {
      const isArray = key.endsWith('[]') || values.length > 1;
      const value = isArray ? `[${values.map((v) => JSON.stringify(v)).join(', ')}]` : values[0]!;
      return `${escapeKey(key.replace(/\[\]$/, ''))}=${escapeValue(value)}`;
    })
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join('&');
}

/** The hex `hmac` Shopify puts on a redirect to the app (the documented form). */
export function signQuery(query: QueryInput, secret: string, form: HmacMessageForm = 'documented'): string {
  return createHmac('sha256', secret).update(queryHmacMessage(query, form)).digest('hex');
}

/**
 * True when the query's `hmac` is the hex HMAC-SHA256, under the app secret, of its other
 * parameters in Shopify's documented form or in the official client's form (they differ only for
 * values with spaces or reserved characters). Compared in constant time. The timestamp is checked
 * separately (`timestampFresh`).
 */
export function verifyQueryHmac(query: QueryInput, secret: string | undefined): boolean {
  if (!secret) return false;
  const given = (query instanceof URLSearchParams ? query.getAll('hmac') : [query.hmac].flat()).filter(
    (value) => value !== undefined,
  );
  if (given.length !== 1 || !/^[0-9a-f]{64}$/i.test(given[0]!)) return false;
  const expected = Buffer.from(given[0]!.toLowerCase(), 'hex');
  let valid = false;
  for (const form of ['documented', 'library'] as const) {
    valid =
      timingSafeEqual(createHmac('sha256', secret).update(queryHmacMessage(query, form)).digest(), expected) || valid;
  }
  return valid;
}

/** Seconds of clock difference @shopify/shopify-api allows between Shopify's `timestamp` and ours. */
export const HMAC_TIMESTAMP_TOLERANCE_SECONDS = 90;

/** The signed `timestamp` is a whole number of seconds within 90 s of now (a replayed redirect is refused). */
export function timestampFresh(
  value: unknown,
  nowMs: number,
  toleranceSeconds = HMAC_TIMESTAMP_TOLERANCE_SECONDS,
): boolean {
  if (typeof value !== 'string' || !/^\d{1,12}$/.test(value)) return false;
  return Math.abs(Math.trunc(nowMs / 1000) - Number(value)) <= toleranceSeconds;
}

/** Constant-time equality of two state nonces (false when either is missing). */
export function stateMatches(given: unknown, stored: string | undefined): boolean {
  if (typeof given !== 'string' || !stored || given.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Spec 3 section 6, as Shopify spells the access scopes, plus write_draft_orders: `draftOrderCreate`
 * (a conversation's cart as a draft order with its invoice URL) needs it, and no scope of spec 3's
 * list grants it (write_orders covers orders only). A write scope implies its read scope.
 */
export const SHOPIFY_SCOPES: readonly string[] = [
  ...['customers', 'orders', 'translations', 'price_rules', 'discounts', 'script_tags', 'products', 'pixels'].flatMap(
    (name) => [`read_${name}`, `write_${name}`],
  ),
  'read_customer_events',
  'write_draft_orders',
];

/** The required scopes not covered by the granted ones (write_x covers read_x), in required order. */
export function missingScopes(granted: Iterable<string>, required: readonly string[] = SHOPIFY_SCOPES): string[] {
  const have = new Set([...granted].map((scope) => scope.trim()).filter(Boolean));
  return required.filter(
    (scope) => !have.has(scope) && !(scope.startsWith('read_') && have.has(`write_${scope.slice(5)}`)),
  );
}

export interface IntegrationHealth {
  status: string;
  message: string;
  level: 'warning' | 'error';
  action: 'reconnect';
}

/** Spec 3 section 8: the health a missing scope gives; undefined when nothing is missing. */
export function permissionsHealth(missing: string[]): IntegrationHealth | undefined {
  if (missing.length === 0) return undefined;
  return {
    status: 'Permissions required',
    message: `Missing permissions: ${missing.join(', ')}`,
    level: 'warning',
    action: 'reconnect',
  };
}

/** `https://{shop}`, or SHOPIFY_ADMIN_BASE_URL when set (tests point it at a fake). */
export function adminOrigin(shop: string, override?: string): string {
  return (override ?? `https://${shop}`).replace(/\/+$/, '');
}

/**
 * Shopify's authorize page for the authorization code grant, as @shopify/shopify-api builds it:
 * `client_id`, comma-separated `scope`, `redirect_uri`, `state` and `grant_options[]` (empty: an
 * offline token, which is what background work needs; `per-user` would ask for an online one).
 */
export function authorizeUrl({
  origin,
  clientId,
  scopes,
  redirectUri,
  state,
}: {
  origin: string;
  clientId: string;
  scopes: readonly string[];
  redirectUri: string;
  state: string;
}): string {
  const params = new URLSearchParams({
    client_id: clientId,
    scope: scopes.join(','),
    redirect_uri: redirectUri,
    state,
    'grant_options[]': '',
  });
  return `${origin}/admin/oauth/authorize?${params.toString().replace(/\+/g, '%20')}`;
}

/**
 * Shopify's `host` parameter decoded (`admin.shopify.com/store/{name}` or `{shop}/admin`), when it
 * is base64 of a Shopify admin host; undefined otherwise (as @shopify/shopify-api's sanitizeHost).
 */
export function decodeHostParam(host: unknown): string | undefined {
  if (typeof host !== 'string' || !/^[0-9a-zA-Z+/]+={0,2}$/.test(host)) return undefined;
  const decoded = Buffer.from(host, 'base64').toString('utf8');
  try {
    return /\.(myshopify\.com|shopify\.com)$/.test(new URL(`https://${decoded}`).hostname) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

export function callbackUrl(publicUrl: string, integrationId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/integration/${integrationId}/auth`;
}

export function webhookAddress(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhooks/shopify`;
}

/** Every topic Reclaim subscribes to (GraphQL WebhookSubscriptionTopic values). */
export const SHOPIFY_SUBSCRIPTION_TOPICS = [
  'CHECKOUTS_CREATE',
  'CHECKOUTS_UPDATE',
  'CARTS_UPDATE',
  'ORDERS_CREATE',
  'ORDERS_UPDATED',
  'ORDERS_PAID',
  'ORDERS_CANCELLED',
  'ORDERS_FULFILLED',
  'ORDERS_PARTIALLY_FULFILLED',
  'ORDERS_DELETE',
  'ORDERS_EDITED',
  'APP_UNINSTALLED',
  'SHOP_UPDATE',
  'CUSTOMERS_CREATE',
  'CUSTOMERS_UPDATE',
  // From API 2025-01 a customer's SMS and e-mail consent arrive only on these two topics.
  'CUSTOMERS_MARKETING_CONSENT_UPDATE',
  'CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE',
  'APP_SUBSCRIPTIONS_UPDATE',
] as const;
export type ShopifySubscriptionTopic = (typeof SHOPIFY_SUBSCRIPTION_TOPICS)[number];

export interface SubscriptionPlan {
  create: ShopifySubscriptionTopic[];
  update: { id: string; topic: ShopifySubscriptionTopic }[];
  keep: ShopifySubscriptionTopic[];
}

/** What to do per topic given the subscriptions the shop has: keep, repoint, or create. */
export function planSubscriptions(
  existing: { id: string; topic: string; uri: string | null }[],
  address: string,
  topics: readonly ShopifySubscriptionTopic[] = SHOPIFY_SUBSCRIPTION_TOPICS,
): SubscriptionPlan {
  const plan: SubscriptionPlan = { create: [], update: [], keep: [] };
  for (const topic of topics) {
    const mine = existing.filter((subscription) => subscription.topic === topic);
    if (mine.some((subscription) => subscription.uri === address)) plan.keep.push(topic);
    else if (mine[0]) plan.update.push({ id: mine[0].id, topic });
    else plan.create.push(topic);
  }
  return plan;
}

/** The numeric id in a GraphQL global id (gid://shopify/Order/123 -> '123'). */
export function legacyId(gid: string | null | undefined): string | undefined {
  if (!gid) return undefined;
  const match = /\/(\d+)(?:\?.*)?$/.exec(gid);
  return match ? match[1] : /^\d+$/.test(gid) ? gid : undefined;
}

export function toGid(type: string, id: string | number): string {
  return String(id).startsWith('gid://') ? String(id) : `gid://shopify/${type}/${id}`;
}

/** A value for Shopify's search syntax, quoted so spaces, colons and quotes stay literal. */
export function searchValue(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** abandonedCheckouts filter: updated at or after `since`, not recovered. */
export function abandonedCheckoutsQuery(since: Date): string {
  return `updated_at:>='${since.toISOString()}' AND recovery_state:not_recovered`;
}

/** The store's address for shoppers: its primary domain, else the myshopify host. */
export function storefrontUrl(
  settings: { shop_info?: { primary_domain_url?: string | null } } | undefined,
  shop: string | null | undefined,
): string | undefined {
  const primary = settings?.shop_info?.primary_domain_url;
  if (primary) return primary.replace(/\/+$/, '');
  return shop ? `https://${shop}` : undefined;
}

/**
 * The link that brings a shopper back to their cart: `{store}/cart/{variantId}:{qty},…` from the
 * line items, else `{store}/checkouts/cn/{cartId}` for a known cart token, else the store's
 * sample cart page (spec 3 section 8: the fallback when the link cannot be built).
 */
export function recoveryCartLink(
  storeUrl: string,
  {
    lineItems = [],
    cartToken,
  }: { lineItems?: { variant_id?: string | number | null; quantity?: number | null }[]; cartToken?: string | null },
): string {
  const base = storeUrl.replace(/\/+$/, '');
  const lines = lineItems
    .map((item) => ({
      id: legacyId(item.variant_id == null ? undefined : String(item.variant_id)),
      qty: Math.floor(Number(item.quantity ?? 0)),
    }))
    .filter((line): line is { id: string; qty: number } => line.id !== undefined && line.qty > 0);
  if (lines.length > 0) return `${base}/cart/${lines.map((line) => `${line.id}:${line.qty}`).join(',')}`;
  if (cartToken && /^[A-Za-z0-9_-]+$/.test(cartToken)) return `${base}/checkouts/cn/${cartToken}`;
  return `${base}${SAMPLE_CART_PATH}`;
}
