/**
 * A fake Stripe on 127.0.0.1 speaking the v1 wire format closely enough for the official `stripe`
 * library (pointed here with host/port/protocol) to work against it, with objects shaped as API
 * version 2023-08-16 returns them (the version production pins):
 * - Requests are form encoded with bracket nesting (`metadata[k]=v`, `items[0][price]=p`, `expand[]=x`);
 *   values stay strings and are coerced where Stripe coerces (integers, booleans). Unknown top-level
 *   parameters are refused as Stripe refuses them (`parameter_unknown`), so a typo fails here too.
 * - `Authorization: Bearer <key>` (or Basic) must carry `apiKey`; errors use Stripe's envelope
 *   `{ error: { type, code?, message, param? } }`; POSTs honour `Idempotency-Key` (a replay answers the
 *   stored response with `Idempotent-Replayed: true`; the same key with other parameters is an
 *   idempotency_error); lists are newest first with `limit` and `starting_after`/`ending_before`.
 * - Endpoints: customers, products, prices, coupons, promotion_codes, checkout/sessions,
 *   subscriptions, invoiceitems, invoices (+ finalize, pay, void), billing_portal/sessions, events.
 * - Test controls play what happens outside the API: `completeCheckout` (the customer pays),
 *   `setSubscriptionStatus`, `renewSubscription`, `payInvoice`, and `event()` builds the Event JSON a
 *   webhook delivers (sign it with the library's `webhooks.generateTestHeaderString` or `signPayload`).
 *   `fail()` makes matching requests answer a Stripe error.
 * Deliberately not modelled: payment methods and intents, taxes, schedules, tiers, metered usage,
 * and the events Stripe would send on its own after API calls (tests build the ones they need).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;
type Metadata = Record<string, string>;

export const FAKE_STRIPE_API_VERSION = '2023-08-16';

export type SubscriptionStatus =
  'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface StripeObject extends Json {
  id: string;
  object: string;
  created: number;
}

export interface FakeCustomer extends StripeObject {
  object: 'customer';
  email: string | null;
  name: string | null;
  phone: string | null;
  currency: string | null;
  metadata: Metadata;
  invoice_prefix: string;
  next_invoice_sequence: number;
}

export interface FakeProduct extends StripeObject {
  object: 'product';
  name: string;
  metadata: Metadata;
}

export interface FakePrice extends StripeObject {
  object: 'price';
  product: string;
  currency: string;
  unit_amount: number | null;
  type: 'one_time' | 'recurring';
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; [key: string]: unknown } | null;
  lookup_key: string | null;
  metadata: Metadata;
}

export interface FakeCoupon extends StripeObject {
  object: 'coupon';
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  valid: boolean;
  metadata: Metadata;
}

export interface FakePromotionCode extends StripeObject {
  object: 'promotion_code';
  code: string;
  active: boolean;
  coupon: FakeCoupon;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  metadata: Metadata;
}

export interface FakeCheckoutSession extends StripeObject {
  object: 'checkout.session';
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  mode: 'subscription';
  customer: string | null;
  subscription: string | null;
  expires_at: number;
  success_url: string;
  cancel_url: string | null;
  metadata: Metadata;
}

export interface FakeSubscriptionItem extends StripeObject {
  object: 'subscription_item';
  price: FakePrice;
  quantity: number;
  subscription: string;
  metadata: Metadata;
}

export interface FakeDiscount extends Json {
  id: string;
  object: 'discount';
  coupon: FakeCoupon;
  promotion_code: string | null;
  start: number;
  end: number | null;
}

export interface FakeSubscription extends StripeObject {
  object: 'subscription';
  customer: string;
  status: SubscriptionStatus;
  current_period_start: number;
  current_period_end: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: boolean; total_count: number; url: string };
  latest_invoice: string | null;
  discount: FakeDiscount | null;
  metadata: Metadata;
}

export interface FakeInvoiceItem extends StripeObject {
  object: 'invoiceitem';
  customer: string;
  amount: number;
  currency: string;
  description: string | null;
  invoice: string | null;
  subscription: string | null;
  proration: boolean;
  metadata: Metadata;
}

export interface FakeInvoiceLine extends Json {
  id: string;
  object: 'line_item';
  amount: number;
  type: 'invoiceitem' | 'subscription';
  invoice_item?: string;
  subscription: string | null;
}

export interface FakeInvoice extends StripeObject {
  object: 'invoice';
  customer: string;
  subscription: string | null;
  status: 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';
  number: string | null;
  amount_due: number;
  amount_paid: number;
  total: number;
  currency: string;
  billing_reason: string;
  lines: { object: 'list'; data: FakeInvoiceLine[]; has_more: boolean; total_count: number; url: string };
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  discount: FakeDiscount | null;
  metadata: Metadata;
}

export interface FakePortalSession extends StripeObject {
  object: 'billing_portal.session';
  customer: string;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** Parsed query string (GET and DELETE carry their parameters here). */
  query: Json;
  /** Parsed form body (POST). */
  body: Json;
  headers: IncomingMessage['headers'];
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
  /** Status answered; set once the response is written. */
  status?: number;
  response?: unknown;
  /** True when the answer was an idempotent replay. */
  replayed?: boolean;
  at: number;
}

export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

export interface FakeStripeFault {
  method?: string;
  /** Matched against the path without query: exact string or RegExp. */
  path: string | RegExp;
  status: number;
  /** Defaults by status: 402 card_error, >= 500 api_error, else invalid_request_error. */
  type?: string;
  code?: string;
  message?: string;
  param?: string;
  /** How many matching requests fail (default 1; Infinity for all). */
  times?: number;
}

/** The error a handler throws; the server writes it in Stripe's envelope. */
class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
const missing = (param: string): StripeApiError =>
  invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
/** 404 for an id in the URL; referenced ids in parameters answer 400 with the same code, as Stripe does. */
const noSuch = (thing: string, id: string, param = 'id', status = 404): StripeApiError =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${thing}: '${id}'`,
    param,
  });
const exclusive = (a: string, b: string): StripeApiError =>
  invalid(`You may only specify one of these parameters: ${a}, ${b}.`, b);

// ---------------------------------------------------------------------------------------------
// Form parsing and parameter coercion

const UNSAFE_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * Parses Stripe's form encoding into nested objects and arrays: `a[b][0][c]=v` and `a[]=v`.
 * Values stay strings (Stripe coerces per parameter). Array holes from sparse indexes are dropped.
 */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const path = match ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)] : [rawKey];
    if (path.some((segment) => UNSAFE_KEYS.has(segment))) continue;
    let node: Json | unknown[] = root;
    for (let i = 0; i < path.length; i += 1) {
      const segment = path[i]!;
      const last = i === path.length - 1;
      const next = path[i + 1];
      const makeChild = (): Json | unknown[] => (next === '' || /^\d+$/.test(next ?? '') ? [] : {});
      if (Array.isArray(node)) {
        const index = segment === '' ? node.length : Number(segment);
        if (!Number.isInteger(index)) break;
        if (last) node[index] = value;
        else {
          if (typeof node[index] !== 'object' || node[index] === null) node[index] = makeChild();
          node = node[index] as Json | unknown[];
        }
      } else {
        if (last) node[segment] = value;
        else {
          if (typeof node[segment] !== 'object' || node[segment] === null) node[segment] = makeChild();
          node = node[segment] as Json | unknown[];
        }
      }
    }
  }
  return compact(root) as Json;
}

function compact(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(compact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
  return value;
}

function readString(params: Json, key: string, path = key): string | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${JSON.stringify(value)}`, path);
  return value;
}

function requireString(params: Json, key: string, path = key): string {
  const value = readString(params, key, path);
  if (value === undefined) throw missing(path);
  return value;
}

function readInt(params: Json, key: string, path = key): number | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, path, 'parameter_invalid_integer');
  return Number(value);
}

function readDecimal(params: Json, key: string, path = key): number | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+(\.\d+)?$/.test(value)) throw invalid(`Invalid decimal: ${value}`, path);
  return Number(value);
}

function readBool(params: Json, key: string, path = key): boolean | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, path);
  return value === 'true';
}

function readEnum<T extends string>(params: Json, key: string, values: readonly T[], path = key): T | undefined {
  const value = readString(params, key, path);
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) throw invalid(`Invalid ${path}: must be one of ${values.join(', ')}`, path);
  return value as T;
}

function readObject(params: Json, key: string, path = key): Json | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`Invalid object`, path);
  return value as Json;
}

function readArray(params: Json, key: string, path = key): Json[] | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (!Array.isArray(value)) throw invalid(`Invalid array`, path);
  return value.map((item, i) => {
    if (typeof item !== 'object' || item === null) throw invalid(`Invalid object`, `${path}[${i}]`);
    return item as Json;
  });
}

function readStringArray(params: Json, key: string): string[] {
  const value = params[key];
  if (value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((item, i) => {
    if (typeof item !== 'string') throw invalid('Invalid array', `${key}[${i}]`);
    return item;
  });
}

/** `undefined`: not given; `null`: cleared (`metadata=`); else the keys to set ('' unsets one). */
function readMetadata(params: Json, key = 'metadata'): Metadata | null | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('Invalid hash', key);
  const entries = Object.entries(value as Json);
  if (entries.length > 50) throw invalid('Invalid metadata: metadata can have a maximum of 50 keys.', key);
  for (const [k, v] of entries) {
    if (typeof v !== 'string') throw invalid(`Invalid string: ${JSON.stringify(v)}`, `${key}[${k}]`);
    if (k.length > 40) throw invalid(`Invalid metadata: keys can be a maximum of 40 characters.`, `${key}[${k}]`);
    if (v.length > 500) throw invalid(`Invalid metadata: values can be a maximum of 500 characters.`, `${key}[${k}]`);
  }
  return value as Metadata;
}

/** Stripe's metadata update: keys merge, an empty value unsets a key, an empty `metadata` clears all. */
function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

/** Refuses top-level parameters the endpoint does not take, as Stripe does. */
function allowOnly(params: Json, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (key !== 'expand' && !allowed.includes(key))
      throw invalid(`Received unknown parameter: ${key}`, key, 'parameter_unknown');
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const base62 = (length: number): string => [...randomBytes(length)].map((byte) => BASE62[byte % 62]).join('');
const newId = (prefix: string, length = 24): string => `${prefix}${base62(length)}`;
const upperCode = (length: number): string =>
  [...randomBytes(length)].map((byte) => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[byte % 32]).join('');

const DAY = 86_400;
const INTERVALS = ['day', 'week', 'month', 'year'] as const;
type Interval = (typeof INTERVALS)[number];

/** Adds billing intervals the way Stripe anchors them: months clamp to the last day of a shorter month. */
export function addInterval(unixSeconds: number, interval: Interval, count = 1): number {
  if (interval === 'day') return unixSeconds + count * DAY;
  if (interval === 'week') return unixSeconds + count * 7 * DAY;
  const date = new Date(unixSeconds * 1000);
  const months = interval === 'month' ? count : count * 12;
  const day = date.getUTCDate();
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

const money = (amount: number, currency: string): string =>
  `${currency === 'usd' ? '$' : `${currency.toUpperCase()} `}${(amount / 100).toFixed(2)}`;

const discountAmount = (coupon: FakeCoupon, subtotal: number): number => {
  if (subtotal <= 0) return 0;
  if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
  return Math.min(coupon.amount_off ?? 0, subtotal);
};

const clone = <T>(value: T): T => structuredClone(value);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req_', 14), ...headers });
  res.end(JSON.stringify(body));
}

/** Top-level parameters each endpoint takes (2023-08-16 names plus newer ones, so valid calls pass). */
const PAGINATION = ['limit', 'starting_after', 'ending_before', 'created'];
const PARAMS = {
  customerCreate: [
    'address',
    'balance',
    'cash_balance',
    'coupon',
    'description',
    'email',
    'invoice_prefix',
    'invoice_settings',
    'metadata',
    'name',
    'next_invoice_sequence',
    'payment_method',
    'phone',
    'preferred_locales',
    'promotion_code',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'tax_id_data',
    'test_clock',
    'validate',
  ],
  customerUpdate: [
    'address',
    'balance',
    'cash_balance',
    'coupon',
    'default_source',
    'description',
    'email',
    'invoice_prefix',
    'invoice_settings',
    'metadata',
    'name',
    'next_invoice_sequence',
    'phone',
    'preferred_locales',
    'promotion_code',
    'shipping',
    'source',
    'tax',
    'tax_exempt',
    'validate',
  ],
  customerList: [...PAGINATION, 'email', 'test_clock'],
  productCreate: [
    'name',
    'active',
    'default_price_data',
    'description',
    'features',
    'id',
    'images',
    'marketing_features',
    'metadata',
    'package_dimensions',
    'shippable',
    'statement_descriptor',
    'tax_code',
    'type',
    'unit_label',
    'url',
  ],
  productList: [...PAGINATION, 'active', 'ids', 'shippable', 'type', 'url'],
  priceCreate: [
    'currency',
    'active',
    'billing_scheme',
    'currency_options',
    'custom_unit_amount',
    'lookup_key',
    'metadata',
    'nickname',
    'product',
    'product_data',
    'recurring',
    'tax_behavior',
    'tiers',
    'tiers_mode',
    'transfer_lookup_key',
    'transform_quantity',
    'unit_amount',
    'unit_amount_decimal',
  ],
  priceList: [...PAGINATION, 'active', 'currency', 'lookup_keys', 'product', 'recurring', 'type'],
  couponCreate: [
    'amount_off',
    'applies_to',
    'currency',
    'currency_options',
    'duration',
    'duration_in_months',
    'id',
    'max_redemptions',
    'metadata',
    'name',
    'percent_off',
    'redeem_by',
  ],
  couponList: [...PAGINATION],
  promoCreate: ['coupon', 'active', 'code', 'customer', 'expires_at', 'max_redemptions', 'metadata', 'restrictions'],
  promoUpdate: ['active', 'metadata', 'restrictions'],
  promoList: [...PAGINATION, 'active', 'code', 'coupon', 'customer'],
  sessionCreate: [
    'after_expiration',
    'allow_promotion_codes',
    'automatic_tax',
    'billing_address_collection',
    'cancel_url',
    'client_reference_id',
    'consent_collection',
    'currency',
    'custom_fields',
    'custom_text',
    'customer',
    'customer_creation',
    'customer_email',
    'customer_update',
    'discounts',
    'expires_at',
    'invoice_creation',
    'line_items',
    'locale',
    'metadata',
    'mode',
    'payment_intent_data',
    'payment_method_collection',
    'payment_method_configuration',
    'payment_method_options',
    'payment_method_types',
    'phone_number_collection',
    'redirect_on_completion',
    'return_url',
    'setup_intent_data',
    'shipping_address_collection',
    'shipping_options',
    'submit_type',
    'subscription_data',
    'success_url',
    'tax_id_collection',
    'ui_mode',
  ],
  sessionList: [
    ...PAGINATION,
    'customer',
    'customer_details',
    'payment_intent',
    'payment_link',
    'status',
    'subscription',
  ],
  subscriptionCreate: [
    'add_invoice_items',
    'application_fee_percent',
    'automatic_tax',
    'backdate_start_date',
    'billing_cycle_anchor',
    'billing_thresholds',
    'cancel_at',
    'cancel_at_period_end',
    'collection_method',
    'coupon',
    'currency',
    'customer',
    'days_until_due',
    'default_payment_method',
    'default_source',
    'default_tax_rates',
    'description',
    'discounts',
    'items',
    'metadata',
    'off_session',
    'on_behalf_of',
    'payment_behavior',
    'payment_settings',
    'pending_invoice_item_interval',
    'promotion_code',
    'proration_behavior',
    'transfer_data',
    'trial_end',
    'trial_from_plan',
    'trial_period_days',
    'trial_settings',
  ],
  subscriptionUpdate: [
    'add_invoice_items',
    'application_fee_percent',
    'automatic_tax',
    'billing_cycle_anchor',
    'billing_thresholds',
    'cancel_at',
    'cancel_at_period_end',
    'cancellation_details',
    'collection_method',
    'coupon',
    'days_until_due',
    'default_payment_method',
    'default_source',
    'default_tax_rates',
    'description',
    'discounts',
    'items',
    'metadata',
    'off_session',
    'on_behalf_of',
    'pause_collection',
    'payment_behavior',
    'payment_settings',
    'pending_invoice_item_interval',
    'promotion_code',
    'proration_behavior',
    'proration_date',
    'transfer_data',
    'trial_end',
    'trial_from_plan',
    'trial_settings',
  ],
  subscriptionList: [
    ...PAGINATION,
    'automatic_tax',
    'collection_method',
    'current_period_end',
    'current_period_start',
    'customer',
    'plan',
    'price',
    'status',
    'test_clock',
  ],
  subscriptionCancel: ['cancellation_details', 'invoice_now', 'prorate'],
  invoiceItemCreate: [
    'amount',
    'currency',
    'customer',
    'description',
    'discountable',
    'discounts',
    'invoice',
    'metadata',
    'period',
    'price',
    'price_data',
    'quantity',
    'subscription',
    'tax_behavior',
    'tax_code',
    'tax_rates',
    'unit_amount',
    'unit_amount_decimal',
  ],
  invoiceItemList: [...PAGINATION, 'customer', 'invoice', 'pending'],
  invoiceCreate: [
    'account_tax_ids',
    'application_fee_amount',
    'auto_advance',
    'automatic_tax',
    'collection_method',
    'currency',
    'custom_fields',
    'customer',
    'days_until_due',
    'default_payment_method',
    'default_source',
    'default_tax_rates',
    'description',
    'discounts',
    'due_date',
    'effective_at',
    'footer',
    'from_invoice',
    'issuer',
    'metadata',
    'number',
    'on_behalf_of',
    'payment_settings',
    'pending_invoice_items_behavior',
    'rendering',
    'rendering_options',
    'shipping_cost',
    'shipping_details',
    'statement_descriptor',
    'subscription',
    'transfer_data',
  ],
  invoiceList: [...PAGINATION, 'collection_method', 'customer', 'due_date', 'status', 'subscription'],
  invoiceFinalize: ['auto_advance'],
  invoicePay: ['forgive', 'mandate', 'off_session', 'paid_out_of_band', 'payment_method', 'source'],
  portalCreate: ['configuration', 'customer', 'flow_data', 'locale', 'on_behalf_of', 'return_url'],
} as const;

const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;

interface SessionPlan {
  lineItems: Json[];
  trialDays: number | undefined;
  subscriptionMetadata: Metadata;
  description: string | undefined;
  coupon: FakeCoupon | undefined;
  promotionCode: FakePromotionCode | undefined;
}

interface Route {
  method: string;
  pattern: RegExp;
  handle: (params: Json, match: RegExpExecArray, request: RecordedRequest) => StripeObject | Json;
}

export interface FakeStripeOptions {
  /** The secret key requests must carry (default 'sk_test_reclaim'). */
  apiKey?: string;
}

export class FakeStripe {
  readonly requests: RecordedRequest[] = [];
  readonly events: StripeEvent[] = [];
  readonly customers = new Map<string, FakeCustomer>();
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly coupons = new Map<string, FakeCoupon>();
  readonly promotionCodes = new Map<string, FakePromotionCode>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoiceItems = new Map<string, FakeInvoiceItem>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly portalSessions = new Map<string, FakePortalSession>();
  /** Fixed clock in unix seconds for objects the fake creates; undefined follows the wall clock. */
  clock: number | undefined;
  port = 0;
  baseUrl = '';

  private readonly sessionPlans = new Map<string, SessionPlan>();
  private readonly idempotent = new Map<
    string,
    { method: string; path: string; body: string; status: number; response: unknown }
  >();
  private readonly faults: Array<FakeStripeFault & { times: number }> = [];
  /** Discounts of duration 'once' already spent on an invoice. */
  private readonly spentDiscounts = new Set<string>();
  private readonly routes: Route[] = [];
  private server!: Server;

  private constructor(readonly apiKey: string) {
    this.defineRoutes();
  }

  static async start({ apiKey = 'sk_test_reclaim' }: FakeStripeOptions = {}): Promise<FakeStripe> {
    const fake = new FakeStripe(apiKey);
    fake.server = createServer(
      (req, res) =>
        void fake
          .handle(req, res)
          .catch((error: Error) =>
            send(res, 500, { error: { type: 'api_error', message: `fake Stripe crashed: ${error.message}` } }),
          ),
    );
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    fake.port = (fake.server.address() as AddressInfo).port;
    fake.baseUrl = `http://127.0.0.1:${fake.port}`;
    return fake;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets every object, request, event, fault and idempotency key (the server keeps running). */
  reset(): void {
    for (const store of [
      this.customers,
      this.products,
      this.prices,
      this.coupons,
      this.promotionCodes,
      this.sessions,
      this.subscriptions,
      this.invoiceItems,
      this.invoices,
      this.portalSessions,
      this.sessionPlans,
      this.idempotent,
    ])
      store.clear();
    this.requests.length = 0;
    this.events.length = 0;
    this.faults.length = 0;
    this.spentDiscounts.clear();
    this.clock = undefined;
  }

  now(): number {
    return this.clock ?? Math.floor(Date.now() / 1000);
  }

  /** Matching requests (after the API key check) answer a Stripe error, `times` times. */
  fail(fault: FakeStripeFault): void {
    this.faults.push({ ...fault, times: fault.times ?? 1 });
  }

  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Requests served, optionally only those of one method and path (string or RegExp). */
  calls(method?: string, path?: string | RegExp): RecordedRequest[] {
    return this.requests.filter(
      (r) =>
        (!method || r.method === method.toUpperCase()) &&
        (!path || (typeof path === 'string' ? r.path === path : path.test(r.path))),
    );
  }

  // -------------------------------------------------------------------------------------------
  // Test controls

  /** Builds a Stripe Event (2023-08-16) around a snapshot of `object` and keeps it in `events`. */
  event(type: string, object: Json, previousAttributes?: Json): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: this.now(),
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }

  /** The `Stripe-Signature` header Stripe would send with `payload` for an endpoint secret. */
  signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /**
   * Plays the customer paying on the hosted page: creates the customer when the session had none,
   * the subscription (trialing when the session asked for a trial, or when `status` says so) with
   * its first invoice (paid), redeems the discount, completes the session, and returns the
   * `checkout.session.completed` event.
   */
  completeCheckout(sessionId: string, { status }: { status?: 'active' | 'trialing' } = {}): StripeEvent {
    const session = this.sessions.get(sessionId);
    const plan = this.sessionPlans.get(sessionId);
    if (!session || !plan) throw new Error(`fake Stripe: no checkout session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`fake Stripe: checkout session ${sessionId} is ${session.status}`);
    const customer = session.customer
      ? this.customers.get(session.customer)!
      : this.createCustomer({
          email: (session.customer_email as string | null) ?? `buyer-${base62(6).toLowerCase()}@example.com`,
        });
    const trialDays = status === 'active' ? undefined : (plan.trialDays ?? (status === 'trialing' ? 14 : undefined));
    const subscription = this.createSubscription({
      customer,
      items: plan.lineItems.map((item) => ({ price: item.price as FakePrice, quantity: item.quantity as number })),
      metadata: plan.subscriptionMetadata,
      trialDays,
      description: plan.description,
      coupon: plan.coupon,
      promotionCode: plan.promotionCode,
      checkoutSession: sessionId,
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: trialDays ? 'no_payment_required' : 'paid',
      subscription: subscription.id,
      customer: customer.id,
      customer_details: {
        address: null,
        email: customer.email,
        name: customer.name,
        phone: customer.phone,
        tax_exempt: 'none',
        tax_ids: [],
      },
      url: null,
    });
    return this.event('checkout.session.completed', session);
  }

  /** Moves a subscription to `status` and returns the `customer.subscription.updated` event. */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): StripeEvent {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    const previous: Json = { status: subscription.status };
    const now = this.now();
    if (status === 'canceled' && subscription.status !== 'canceled') {
      Object.assign(previous, { canceled_at: subscription.canceled_at, ended_at: subscription.ended_at });
      Object.assign(subscription, { canceled_at: subscription.canceled_at ?? now, ended_at: now });
    }
    if (
      subscription.status === 'trialing' &&
      status !== 'trialing' &&
      status !== 'canceled' &&
      subscription.trial_end &&
      subscription.trial_end > now
    ) {
      previous.trial_end = subscription.trial_end;
      subscription.trial_end = now;
    }
    subscription.status = status;
    return this.event('customer.subscription.updated', subscription, previous);
  }

  /** Cancels a subscription now (as Stripe does at period end or after failed payments): `customer.subscription.deleted`. */
  endSubscription(id: string): StripeEvent {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    this.cancelNow(subscription);
    return this.event('customer.subscription.deleted', subscription);
  }

  /**
   * Plays a billing cycle: the period moves forward (a trial ends), an invoice for the new period
   * is created with the subscription's lines plus the customer's pending invoice items, finalized,
   * and paid (or its payment fails: invoice open, subscription past_due). Returns the events
   * `customer.subscription.updated` and `invoice.paid` / `invoice.payment_failed`.
   */
  renewSubscription(
    id: string,
    { paid = true }: { paid?: boolean } = {},
  ): { invoice: FakeInvoice; events: StripeEvent[] } {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
    if (subscription.status === 'canceled') throw new Error(`fake Stripe: subscription ${id} is canceled`);
    const previous: Json = {
      current_period_start: subscription.current_period_start,
      current_period_end: subscription.current_period_end,
      status: subscription.status,
      latest_invoice: subscription.latest_invoice,
    };
    const price = subscription.items.data[0]!.price;
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = addInterval(
      subscription.current_period_start,
      price.recurring!.interval,
      price.recurring!.interval_count,
    );
    const invoice = this.subscriptionInvoice(subscription, 'subscription_cycle');
    this.finalize(invoice);
    if (paid) this.markPaid(invoice);
    else Object.assign(invoice, { attempted: true, attempt_count: 1, next_payment_attempt: this.now() + 3 * DAY });
    subscription.status = paid ? 'active' : 'past_due';
    subscription.latest_invoice = invoice.id;
    const events = [
      this.event('customer.subscription.updated', subscription, previous),
      this.event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
    ];
    return { invoice, events };
  }

  /** Pays an open invoice (the customer's card succeeds) and returns the `invoice.paid` event. */
  payInvoice(id: string): StripeEvent {
    const invoice = this.invoices.get(id);
    if (!invoice) throw new Error(`fake Stripe: no invoice ${id}`);
    if (invoice.status === 'draft') this.finalize(invoice);
    if (invoice.status !== 'paid') this.markPaid(invoice);
    return this.event('invoice.paid', invoice);
  }

  // -------------------------------------------------------------------------------------------
  // Object builders (shared by the API and the controls)

  private createCustomer({
    email = null,
    name = null,
    phone = null,
    description = null,
    metadata = {},
  }: {
    email?: string | null;
    name?: string | null;
    phone?: string | null;
    description?: string | null;
    metadata?: Metadata;
  }): FakeCustomer {
    const customer: FakeCustomer = {
      id: newId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description,
      discount: null,
      email,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata,
      name,
      next_invoice_sequence: 1,
      phone,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createProduct(
    name: string,
    {
      description = null,
      metadata = {},
      id,
      features = [],
    }: { description?: string | null; metadata?: Metadata; id?: string; features?: Json[] } = {},
  ): FakeProduct {
    const now = this.now();
    const product: FakeProduct = {
      id: id ?? newId('prod_', 14),
      object: 'product',
      active: true,
      attributes: [],
      created: now,
      default_price: null,
      description,
      features,
      images: [],
      livemode: false,
      metadata,
      name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: now,
      url: null,
    };
    this.products.set(product.id, product);
    return product;
  }

  private planOf(price: FakePrice): Json {
    return {
      id: price.id,
      object: 'plan',
      active: price.active,
      aggregate_usage: null,
      amount: price.unit_amount,
      amount_decimal: price.unit_amount_decimal,
      billing_scheme: 'per_unit',
      created: price.created,
      currency: price.currency,
      interval: price.recurring?.interval,
      interval_count: price.recurring?.interval_count,
      livemode: false,
      metadata: price.metadata,
      nickname: price.nickname,
      product: price.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  private subscriptionItem(subscriptionId: string, price: FakePrice, quantity: number): FakeSubscriptionItem {
    return {
      id: newId('si_', 14),
      object: 'subscription_item',
      billing_thresholds: null,
      created: this.now(),
      metadata: {},
      plan: this.planOf(price),
      price,
      quantity,
      subscription: subscriptionId,
      tax_rates: [],
    };
  }

  private createSubscription(input: {
    customer: FakeCustomer;
    items: Array<{ price: FakePrice; quantity: number }>;
    metadata: Metadata;
    trialDays?: number;
    description?: string;
    coupon?: FakeCoupon;
    promotionCode?: FakePromotionCode;
    checkoutSession?: string;
  }): FakeSubscription {
    const now = this.now();
    const id = newId('sub_');
    const first = input.items[0]!.price;
    const trialEnd = input.trialDays ? now + input.trialDays * DAY : null;
    const periodEnd = trialEnd ?? addInterval(now, first.recurring!.interval, first.recurring!.interval_count);
    const items = input.items.map(({ price, quantity }) => this.subscriptionItem(id, price, quantity));
    const discount = input.coupon
      ? this.discount(input.coupon, {
          customer: input.customer.id,
          subscription: id,
          promotionCode: input.promotionCode?.id ?? null,
          checkoutSession: input.checkoutSession ?? null,
        })
      : null;
    const subscription: FakeSubscription = {
      id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { enabled: false },
      billing_cycle_anchor: trialEnd ?? now,
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: first.currency,
      current_period_end: periodEnd,
      current_period_start: now,
      customer: input.customer.id,
      days_until_due: null,
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: input.description ?? null,
      discount,
      ended_at: null,
      items: {
        object: 'list',
        data: items,
        has_more: false,
        total_count: items.length,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: input.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: {
        payment_method_options: null,
        payment_method_types: null,
        save_default_payment_method: 'off',
      },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      plan: items.length === 1 ? items[0]!.plan : null,
      quantity: items.length === 1 ? items[0]!.quantity : null,
      schedule: null,
      start_date: now,
      status: trialEnd ? 'trialing' : 'active',
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: trialEnd ? now : null,
    };
    this.subscriptions.set(id, subscription);
    input.customer.currency ??= first.currency;
    if (input.coupon) {
      input.coupon.times_redeemed += 1;
      if (input.promotionCode) input.promotionCode.times_redeemed += 1;
    }
    const invoice = this.subscriptionInvoice(subscription, 'subscription_create');
    this.finalize(invoice);
    this.markPaid(invoice);
    subscription.latest_invoice = invoice.id;
    return subscription;
  }

  private discount(
    coupon: FakeCoupon,
    refs: {
      customer: string;
      subscription: string | null;
      promotionCode: string | null;
      checkoutSession: string | null;
    },
  ): FakeDiscount {
    const start = this.now();
    const end =
      coupon.duration === 'repeating' && coupon.duration_in_months
        ? addInterval(start, 'month', coupon.duration_in_months)
        : null;
    return {
      id: newId('di_', 14),
      object: 'discount',
      checkout_session: refs.checkoutSession,
      coupon,
      customer: refs.customer,
      end,
      invoice: null,
      invoice_item: null,
      promotion_code: refs.promotionCode,
      start,
      subscription: refs.subscription,
    };
  }

  private newInvoice(input: {
    customer: FakeCustomer;
    subscription: FakeSubscription | null;
    billingReason: string;
    currency: string;
    autoAdvance: boolean;
    description?: string | null;
    metadata?: Metadata;
  }): FakeInvoice {
    const now = this.now();
    const id = newId('in_');
    const invoice: FakeInvoice = {
      id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Reclaim Test',
      account_tax_ids: null,
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      amount_shipping: 0,
      application: null,
      application_fee_amount: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: input.autoAdvance,
      automatic_tax: { enabled: false, status: null },
      billing_reason: input.billingReason,
      charge: null,
      collection_method: 'charge_automatically',
      created: now,
      currency: input.currency,
      custom_fields: null,
      customer: input.customer.id,
      customer_address: null,
      customer_email: input.customer.email,
      customer_name: input.customer.name,
      customer_phone: input.customer.phone,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: input.description ?? null,
      discount: null,
      discounts: [],
      due_date: null,
      effective_at: null,
      ending_balance: null,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: input.metadata ?? {},
      next_payment_attempt: null,
      number: null,
      on_behalf_of: null,
      paid: false,
      paid_out_of_band: false,
      payment_intent: null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: now,
      period_start: now,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      quote: null,
      receipt_number: null,
      rendering_options: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: 'draft',
      status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subscription: input.subscription?.id ?? null,
      subscription_details: { metadata: input.subscription ? clone(input.subscription.metadata) : null },
      subtotal: 0,
      subtotal_excluding_tax: 0,
      tax: null,
      test_clock: null,
      total: 0,
      total_discount_amounts: [],
      total_excluding_tax: 0,
      total_tax_amounts: [],
      transfer_data: null,
      webhooks_delivered_at: null,
    };
    this.invoices.set(id, invoice);
    return invoice;
  }

  private itemLine(item: FakeInvoiceItem): FakeInvoiceLine {
    return {
      id: newId('il_'),
      object: 'line_item',
      amount: item.amount,
      amount_excluding_tax: item.amount,
      currency: item.currency,
      description: item.description,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      invoice_item: item.id,
      livemode: false,
      metadata: item.metadata,
      period: item.period,
      plan: null,
      price: item.price,
      proration: item.proration,
      proration_details: { credited_items: null },
      quantity: item.quantity,
      subscription: item.subscription,
      tax_amounts: [],
      tax_rates: [],
      type: 'invoiceitem',
      unit_amount_excluding_tax: String(item.unit_amount),
    };
  }

  /** Pulls pending invoice items into a draft invoice (those of its subscription, or the customer's loose ones). */
  private attachPending(invoice: FakeInvoice, { withLooseItems }: { withLooseItems: boolean }): void {
    for (const item of this.invoiceItems.values()) {
      if (item.invoice || item.customer !== invoice.customer) continue;
      if (
        item.subscription
          ? item.subscription !== invoice.subscription
          : !withLooseItems && invoice.subscription !== null
      )
        continue;
      item.invoice = invoice.id;
      invoice.lines.data.push(this.itemLine(item));
    }
    this.recompute(invoice);
  }

  /** The invoice Stripe creates for a subscription period: one line per item (0 while trialing), plus pending items. */
  private subscriptionInvoice(
    subscription: FakeSubscription,
    billingReason: 'subscription_create' | 'subscription_cycle',
  ): FakeInvoice {
    const customer = this.customers.get(subscription.customer)!;
    const invoice = this.newInvoice({
      customer,
      subscription,
      billingReason,
      currency: subscription.currency as string,
      autoAdvance: true,
    });
    const trialing = subscription.trial_end !== null && subscription.trial_end > subscription.current_period_start;
    for (const item of subscription.items.data) {
      const product = this.products.get(item.price.product);
      const unit = trialing ? 0 : (item.price.unit_amount ?? 0);
      const interval = item.price.recurring!.interval;
      invoice.lines.data.push({
        id: newId('il_'),
        object: 'line_item',
        amount: unit * item.quantity,
        amount_excluding_tax: unit * item.quantity,
        currency: item.price.currency,
        description: trialing
          ? `Trial period for ${product?.name ?? item.price.id}`
          : `${item.quantity} × ${product?.name ?? item.price.id} (at ${money(item.price.unit_amount ?? 0, item.price.currency)} / ${interval})`,
        discount_amounts: [],
        discountable: true,
        discounts: [],
        livemode: false,
        metadata: {},
        period: { start: subscription.current_period_start, end: subscription.current_period_end },
        plan: item.plan,
        price: item.price,
        proration: false,
        proration_details: { credited_items: null },
        quantity: item.quantity,
        subscription: subscription.id,
        subscription_item: item.id,
        tax_amounts: [],
        tax_rates: [],
        type: 'subscription',
        unit_amount_excluding_tax: String(unit),
      });
    }
    Object.assign(invoice, {
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
    });
    if (subscription.discount) {
      const discount = subscription.discount;
      const spent = discount.coupon.duration === 'once' && this.spentDiscounts.has(discount.id);
      const expired = discount.end !== null && discount.end <= this.now();
      if (spent || expired) subscription.discount = null;
      else {
        invoice.discount = discount;
        invoice.discounts = [discount.id];
        this.spentDiscounts.add(discount.id);
      }
    }
    this.attachPending(invoice, { withLooseItems: true });
    return invoice;
  }

  private recompute(invoice: FakeInvoice): void {
    const subtotal = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
    const discounted = invoice.discount ? discountAmount(invoice.discount.coupon, subtotal) : 0;
    const total = subtotal - discounted;
    Object.assign(invoice, {
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_excluding_tax: total,
      total_discount_amounts: discounted ? [{ amount: discounted, discount: invoice.discount!.id }] : [],
      amount_due: Math.max(0, total),
      amount_remaining: Math.max(0, total) - invoice.amount_paid,
    });
    invoice.lines.total_count = invoice.lines.data.length;
  }

  /** Draft -> open with a number; an invoice with nothing due is paid on finalization, as Stripe does. */
  private finalize(invoice: FakeInvoice, autoAdvance?: boolean): void {
    const customer = this.customers.get(invoice.customer)!;
    const now = this.now();
    Object.assign(invoice, {
      status: 'open',
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`,
      effective_at: now,
      ending_balance: 0,
      hosted_invoice_url: `${this.baseUrl}/i/${invoice.id}`,
      invoice_pdf: `${this.baseUrl}/i/${invoice.id}/pdf`,
      auto_advance: autoAdvance ?? invoice.auto_advance,
    });
    customer.next_invoice_sequence += 1;
    invoice.status_transitions.finalized_at = now;
    if (invoice.amount_due === 0) this.markPaid(invoice);
    else if (invoice.auto_advance) invoice.next_payment_attempt = now + 3600;
  }

  private markPaid(invoice: FakeInvoice, outOfBand = false): void {
    Object.assign(invoice, {
      status: 'paid',
      paid: true,
      paid_out_of_band: outOfBand,
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempted: invoice.amount_due > 0 || invoice.attempted,
      attempt_count: invoice.amount_due > 0 ? Math.max(1, invoice.attempt_count as number) : invoice.attempt_count,
      auto_advance: false,
      next_payment_attempt: null,
    });
    invoice.status_transitions.paid_at = this.now();
  }

  private cancelNow(subscription: FakeSubscription, reason = 'cancellation_requested'): void {
    const now = this.now();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: subscription.canceled_at ?? now,
      ended_at: now,
      cancel_at: null,
    });
    subscription.cancellation_details = { comment: null, feedback: null, reason };
  }

  /** Ad-hoc price Stripe makes for an invoice item given as an amount (inactive, not listed). */
  private adHocPrice(amount: number, currency: string): FakePrice {
    const now = this.now();
    return {
      id: newId('price_'),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: now,
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: newId('prod_', 14),
      recurring: null,
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
  }

  private lookup(id: string): StripeObject | undefined {
    for (const store of [
      this.customers,
      this.products,
      this.prices,
      this.promotionCodes,
      this.sessions,
      this.subscriptions,
      this.invoiceItems,
      this.invoices,
      this.portalSessions,
      this.coupons,
    ]) {
      const found = (store as Map<string, StripeObject>).get(id);
      if (found) return found;
    }
    return this.events.find((event) => event.id === id) as unknown as StripeObject | undefined;
  }

  private checkoutLineItems(sessionId: string): Json[] {
    return this.sessionPlans.get(sessionId)?.lineItems ?? [];
  }

  /** Applies `expand[]` paths (`subscription`, `data.customer`, `line_items`, `latest_invoice.subscription`) to a response copy. */
  private expand(body: Json, paths: string[]): Json {
    const expandAt = (node: unknown, segments: string[], full: string): unknown => {
      if (Array.isArray(node)) return node.map((item) => expandAt(item, segments, full));
      if (!node || typeof node !== 'object') return node;
      const object = node as Json;
      const [head, ...rest] = segments;
      let child = object[head!];
      if (child === undefined && head === 'line_items' && object.object === 'checkout.session') {
        const data = clone(this.checkoutLineItems(object.id as string));
        child = {
          object: 'list',
          data,
          has_more: false,
          url: `/v1/checkout/sessions/${object.id as string}/line_items`,
        };
      } else if (child === undefined) {
        throw invalid(`This property cannot be expanded (${full}).`, 'expand');
      }
      if (typeof child === 'string') {
        const found = this.lookup(child);
        if (found) child = clone(found);
      }
      object[head!] = rest.length ? expandAt(child, rest, full) : child;
      return object;
    };
    for (const path of paths) expandAt(body, path.split('.'), path);
    return body;
  }

  private list<T extends StripeObject>(items: Iterable<T>, params: Json, url: string, thing: string): Json {
    const limit = readInt(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw invalid(`This value must be between 1 and 100 (it currently is '${limit}').`, 'limit');
    const all = [...items].reverse().sort((a, b) => b.created - a.created);
    const after = readString(params, 'starting_after');
    const before = readString(params, 'ending_before');
    let page: T[];
    let hasMore: boolean;
    if (after) {
      const index = all.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch(thing, after, 'starting_after', 400);
      const rest = all.slice(index + 1);
      page = rest.slice(0, limit);
      hasMore = rest.length > limit;
    } else if (before) {
      const index = all.findIndex((item) => item.id === before);
      if (index < 0) throw noSuch(thing, before, 'ending_before', 400);
      const rest = all.slice(0, index);
      page = rest.slice(-limit);
      hasMore = rest.length > limit;
    } else {
      page = all.slice(0, limit);
      hasMore = all.length > limit;
    }
    return { object: 'list', data: page, has_more: hasMore, url };
  }

  private need<T>(store: Map<string, T>, id: string, thing: string, param?: string): T {
    const found = store.get(id);
    if (!found) throw param ? noSuch(thing, id, param, 400) : noSuch(thing, id);
    return found;
  }

  // -------------------------------------------------------------------------------------------
  // HTTP

  private route(method: string, pattern: RegExp, handle: Route['handle']): void {
    this.routes.push({ method, pattern, handle });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    const header = (name: string): string | undefined => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: parseStripeForm(url.search.slice(1)),
      body: raw ? parseStripeForm(raw) : {},
      headers: req.headers,
      stripeVersion: header('stripe-version'),
      idempotencyKey: header('idempotency-key'),
      at: Date.now(),
    };
    this.requests.push(request);
    const reply = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      request.status = status;
      request.response = body;
      send(res, status, body, {
        ...(request.stripeVersion ? { 'Stripe-Version': request.stripeVersion } : {}),
        ...(request.idempotencyKey ? { 'Idempotency-Key': request.idempotencyKey } : {}),
        ...headers,
      });
    };

    // The hosted pages behind the URLs the fake hands out (checkout, portal, invoice).
    if (method === 'GET' && /^\/(c\/pay|p\/session|i)\//.test(url.pathname)) {
      request.status = 200;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Fake Stripe</title><p>Fake Stripe page for ${url.pathname}</p>`);
      return;
    }

    const authorization = header('authorization') ?? '';
    const key = authorization.startsWith('Bearer ')
      ? authorization.slice(7).trim()
      : authorization.startsWith('Basic ')
        ? Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':')[0]!
        : '';
    if (!key) {
      return reply(401, {
        error: {
          type: 'invalid_request_error',
          message:
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
    }
    if (key !== this.apiKey) {
      const masked = `${key.slice(0, key.startsWith('sk_test_') ? 8 : 3)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
      return reply(401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${masked}` } });
    }

    const fault = this.faults.find(
      (f) =>
        f.times > 0 &&
        (!f.method || f.method.toUpperCase() === method) &&
        (typeof f.path === 'string' ? f.path === url.pathname : f.path.test(url.pathname)),
    );
    if (fault) {
      fault.times -= 1;
      const type =
        fault.type ??
        (fault.status === 402 ? 'card_error' : fault.status >= 500 ? 'api_error' : 'invalid_request_error');
      const defaults: Record<number, { message: string; code?: string; decline_code?: string }> = {
        402: { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' },
        409: {
          message:
            'This object cannot be accessed right now because another API request or Stripe process is currently accessing it.',
          code: 'lock_timeout',
        },
        429: {
          message: 'Request rate limit exceeded. Learn more about rate limits in the API reference.',
          code: 'rate_limit',
        },
      };
      const base = defaults[fault.status] ?? {
        message: fault.status >= 500 ? 'An unknown error occurred' : 'Invalid request',
      };
      const error: StripeErrorBody = {
        ...base,
        type,
        message: fault.message ?? base.message,
        ...(fault.code ? { code: fault.code } : {}),
        ...(fault.param ? { param: fault.param } : {}),
      };
      return reply(fault.status, { error });
    }

    const bodyKey = JSON.stringify(request.body);
    if (method === 'POST' && request.idempotencyKey) {
      const stored = this.idempotent.get(request.idempotencyKey);
      if (stored) {
        if (stored.method !== method || stored.path !== url.pathname) {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.method} ${stored.path}' vs '${method} ${url.pathname}'). Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        if (stored.body !== bodyKey) {
          return reply(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        request.replayed = true;
        return reply(stored.status, stored.response, { 'Idempotent-Replayed': 'true' });
      }
    }

    const params = method === 'POST' ? { ...request.query, ...request.body } : request.query;
    let status = 200;
    let response: unknown;
    try {
      const route = this.routes.find((r) => r.method === method && r.pattern.test(url.pathname));
      const match = route ? route.pattern.exec(url.pathname)! : null;
      if (!route || !match)
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        });
      const result = route.handle(params, match, request);
      response = this.expand(clone(result), readStringArray(params, 'expand'));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      response = { error: error.body };
    }
    // Stripe saves the result once the endpoint ran; requests refused by validation are not saved.
    if (method === 'POST' && request.idempotencyKey && (status === 200 || status === 402)) {
      this.idempotent.set(request.idempotencyKey, { method, path: url.pathname, body: bodyKey, status, response });
    }
    return reply(status, response);
  }

  private defineRoutes(): void {
    const id = '([^/]+)';
    const r = (path: string): RegExp => new RegExp(`^/v1/${path}$`);

    // Customers -------------------------------------------------------------------------------
    this.route('POST', r('customers'), (p) => {
      allowOnly(p, PARAMS.customerCreate);
      return this.createCustomer({
        email: readString(p, 'email') ?? null,
        name: readString(p, 'name') ?? null,
        phone: readString(p, 'phone') ?? null,
        description: readString(p, 'description') ?? null,
        metadata: mergeMetadata({}, readMetadata(p)),
      });
    });
    this.route('GET', r('customers'), (p) => {
      allowOnly(p, PARAMS.customerList);
      const email = readString(p, 'email');
      return this.list(
        [...this.customers.values()].filter((c) => !email || c.email === email),
        p,
        '/v1/customers',
        'customer',
      );
    });
    this.route('GET', r(`customers/${id}`), (_p, m) => this.need(this.customers, m[1]!, 'customer'));
    this.route('POST', r(`customers/${id}`), (p, m) => {
      allowOnly(p, PARAMS.customerUpdate);
      const customer = this.need(this.customers, m[1]!, 'customer');
      for (const field of ['email', 'name', 'phone', 'description'] as const)
        if (p[field] !== undefined) customer[field] = readString(p, field) ?? null;
      customer.metadata = mergeMetadata(customer.metadata, readMetadata(p));
      return customer;
    });

    // Products and prices -------------------------------------------------------------------------
    this.route('POST', r('products'), (p) => {
      allowOnly(p, PARAMS.productCreate);
      const name = requireString(p, 'name');
      const custom = readString(p, 'id');
      if (custom && this.products.has(custom))
        throw invalid('Product already exists.', 'id', 'resource_already_exists');
      // 2023-08-16 names the marketing feature list `features` ([{ name }]).
      const features = (readArray(p, 'features') ?? readArray(p, 'marketing_features') ?? []).map((f, i) => ({
        name: requireString(f, 'name', `features[${i}][name]`),
      }));
      return this.createProduct(name, {
        description: readString(p, 'description') ?? null,
        metadata: mergeMetadata({}, readMetadata(p)),
        id: custom,
        features,
      });
    });
    this.route('GET', r(`products/${id}`), (_p, m) => this.need(this.products, m[1]!, 'product'));
    this.route('GET', r('products'), (p) => {
      allowOnly(p, PARAMS.productList);
      const active = readBool(p, 'active');
      return this.list(
        [...this.products.values()].filter((x) => active === undefined || x.active === active),
        p,
        '/v1/products',
        'product',
      );
    });

    this.route('POST', r('prices'), (p) => {
      allowOnly(p, PARAMS.priceCreate);
      const currency = requireString(p, 'currency').toLowerCase();
      const productData = readObject(p, 'product_data');
      let productId = readString(p, 'product');
      if (productId && productData) throw exclusive('product', 'product_data');
      if (productData)
        productId = this.createProduct(requireString(productData, 'name', 'product_data[name]'), {
          metadata: mergeMetadata({}, readMetadata(productData)),
        }).id;
      if (!productId) throw missing('product');
      this.need(this.products, productId, 'product', 'product');
      const unitAmount =
        readInt(p, 'unit_amount') ??
        (readDecimal(p, 'unit_amount_decimal') !== undefined
          ? Math.round(readDecimal(p, 'unit_amount_decimal')!)
          : undefined);
      if (unitAmount === undefined) throw missing('unit_amount');
      if (unitAmount < 0) throw invalid('This value must be greater than or equal to 0.', 'unit_amount');
      const recurringParams = readObject(p, 'recurring');
      let recurring: FakePrice['recurring'] = null;
      if (recurringParams) {
        const interval = readEnum(recurringParams, 'interval', INTERVALS, 'recurring[interval]');
        if (!interval) throw missing('recurring[interval]');
        recurring = {
          aggregate_usage: null,
          interval,
          interval_count: readInt(recurringParams, 'interval_count', 'recurring[interval_count]') ?? 1,
          trial_period_days: null,
          usage_type: 'licensed',
        };
      }
      const lookupKey = readString(p, 'lookup_key') ?? null;
      if (lookupKey && [...this.prices.values()].some((x) => x.lookup_key === lookupKey)) {
        if (readBool(p, 'transfer_lookup_key') !== true)
          throw invalid(
            `A price (\`${[...this.prices.values()].find((x) => x.lookup_key === lookupKey)!.id}\`) already uses that lookup key.`,
            'lookup_key',
          );
        for (const other of this.prices.values()) if (other.lookup_key === lookupKey) other.lookup_key = null;
      }
      const price: FakePrice = {
        id: newId('price_'),
        object: 'price',
        active: readBool(p, 'active') ?? true,
        billing_scheme: 'per_unit',
        created: this.now(),
        currency,
        custom_unit_amount: null,
        livemode: false,
        lookup_key: lookupKey,
        metadata: mergeMetadata({}, readMetadata(p)),
        nickname: readString(p, 'nickname') ?? null,
        product: productId,
        recurring,
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: recurring ? 'recurring' : 'one_time',
        unit_amount: unitAmount,
        unit_amount_decimal: String(unitAmount),
      };
      this.prices.set(price.id, price);
      return price;
    });
    this.route('GET', r(`prices/${id}`), (_p, m) => this.need(this.prices, m[1]!, 'price'));
    this.route('GET', r('prices'), (p) => {
      allowOnly(p, PARAMS.priceList);
      const product = readString(p, 'product');
      const active = readBool(p, 'active');
      const type = readEnum(p, 'type', ['one_time', 'recurring'] as const);
      const lookupKeys = readStringArray(p, 'lookup_keys');
      const items = [...this.prices.values()].filter(
        (x) =>
          (!product || x.product === product) &&
          (active === undefined || x.active === active) &&
          (!type || x.type === type) &&
          (lookupKeys.length === 0 || (x.lookup_key !== null && lookupKeys.includes(x.lookup_key))),
      );
      return this.list(items, p, '/v1/prices', 'price');
    });

    // Coupons and promotion codes -------------------------------------------------------------------
    this.route('POST', r('coupons'), (p) => {
      allowOnly(p, PARAMS.couponCreate);
      const percentOff = readDecimal(p, 'percent_off');
      const amountOff = readInt(p, 'amount_off');
      if (percentOff !== undefined && amountOff !== undefined) throw exclusive('amount_off', 'percent_off');
      if (percentOff === undefined && amountOff === undefined)
        throw invalid('You must specify either `amount_off` or `percent_off`.', 'percent_off');
      if (percentOff !== undefined && (percentOff <= 0 || percentOff > 100))
        throw invalid('Invalid percent_off: must be greater than 0 and less than or equal to 100.', 'percent_off');
      if (amountOff !== undefined && amountOff <= 0)
        throw invalid('Invalid amount_off: must be greater than 0.', 'amount_off');
      const currency = readString(p, 'currency')?.toLowerCase() ?? null;
      if (amountOff !== undefined && !currency) throw missing('currency');
      const duration = readEnum(p, 'duration', ['once', 'repeating', 'forever'] as const) ?? 'once';
      const months = readInt(p, 'duration_in_months') ?? null;
      if (duration === 'repeating' && months === null) throw missing('duration_in_months');
      const custom = readString(p, 'id');
      if (custom && this.coupons.has(custom)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
      const coupon: FakeCoupon = {
        id: custom ?? base62(8),
        object: 'coupon',
        amount_off: amountOff ?? null,
        created: this.now(),
        currency: amountOff !== undefined ? currency : null,
        duration,
        duration_in_months: duration === 'repeating' ? months : null,
        livemode: false,
        max_redemptions: readInt(p, 'max_redemptions') ?? null,
        metadata: mergeMetadata({}, readMetadata(p)),
        name: readString(p, 'name') ?? null,
        percent_off: percentOff ?? null,
        redeem_by: readInt(p, 'redeem_by') ?? null,
        times_redeemed: 0,
        valid: true,
      };
      this.coupons.set(coupon.id, coupon);
      return coupon;
    });
    this.route('GET', r('coupons'), (p) => {
      allowOnly(p, PARAMS.couponList);
      return this.list(this.coupons.values(), p, '/v1/coupons', 'coupon');
    });
    this.route('GET', r(`coupons/${id}`), (_p, m) => this.need(this.coupons, decodeURIComponent(m[1]!), 'coupon'));
    this.route('DELETE', r(`coupons/${id}`), (_p, m) => {
      const coupon = this.need(this.coupons, decodeURIComponent(m[1]!), 'coupon');
      this.coupons.delete(coupon.id);
      coupon.valid = false;
      return { id: coupon.id, object: 'coupon', deleted: true };
    });

    this.route('POST', r('promotion_codes'), (p) => {
      allowOnly(p, PARAMS.promoCreate);
      const couponId = requireString(p, 'coupon');
      const coupon = this.need(this.coupons, couponId, 'coupon', 'coupon');
      const code = readString(p, 'code') ?? upperCode(8);
      if (!/^[a-zA-Z0-9_-]{1,500}$/.test(code))
        throw invalid(
          'Invalid code: promotion codes may only contain alphanumeric characters, dashes and underscores.',
          'code',
        );
      const active = readBool(p, 'active') ?? true;
      if (
        active &&
        [...this.promotionCodes.values()].some((x) => x.active && x.code.toLowerCase() === code.toLowerCase())
      ) {
        throw invalid(
          `An active promotion code with \`code: ${code}\` already exists.`,
          'code',
          'resource_already_exists',
        );
      }
      const expiresAt = readInt(p, 'expires_at') ?? null;
      if (expiresAt !== null && expiresAt <= this.now())
        throw invalid('The `expires_at` timestamp must be in the future.', 'expires_at');
      const customer = readString(p, 'customer') ?? null;
      if (customer) this.need(this.customers, customer, 'customer', 'customer');
      const maxRedemptions = readInt(p, 'max_redemptions') ?? null;
      if (maxRedemptions !== null && maxRedemptions < 1)
        throw invalid('This value must be greater than or equal to 1.', 'max_redemptions');
      const restrictions = readObject(p, 'restrictions') ?? {};
      const promo: FakePromotionCode = {
        id: newId('promo_'),
        object: 'promotion_code',
        active,
        code,
        coupon,
        created: this.now(),
        customer,
        expires_at: expiresAt,
        livemode: false,
        max_redemptions: maxRedemptions,
        metadata: mergeMetadata({}, readMetadata(p)),
        restrictions: {
          currency_options: {},
          first_time_transaction:
            readBool(restrictions, 'first_time_transaction', 'restrictions[first_time_transaction]') ?? false,
          minimum_amount: readInt(restrictions, 'minimum_amount', 'restrictions[minimum_amount]') ?? null,
          minimum_amount_currency:
            readString(restrictions, 'minimum_amount_currency', 'restrictions[minimum_amount_currency]') ?? null,
        },
        times_redeemed: 0,
      };
      this.promotionCodes.set(promo.id, promo);
      return promo;
    });
    this.route('GET', r(`promotion_codes/${id}`), (_p, m) => this.need(this.promotionCodes, m[1]!, 'promotion code'));
    this.route('POST', r(`promotion_codes/${id}`), (p, m) => {
      allowOnly(p, PARAMS.promoUpdate);
      const promo = this.need(this.promotionCodes, m[1]!, 'promotion code');
      const active = readBool(p, 'active');
      if (active === true && !promo.active) throw invalid('Promotion codes cannot be reactivated.', 'active');
      if (active !== undefined) promo.active = active;
      promo.metadata = mergeMetadata(promo.metadata, readMetadata(p));
      return promo;
    });
    this.route('GET', r('promotion_codes'), (p) => {
      allowOnly(p, PARAMS.promoList);
      const code = readString(p, 'code');
      const coupon = readString(p, 'coupon');
      const customer = readString(p, 'customer');
      const active = readBool(p, 'active');
      const items = [...this.promotionCodes.values()].filter(
        (x) =>
          (!code || x.code.toLowerCase() === code.toLowerCase()) &&
          (!coupon || x.coupon.id === coupon) &&
          (!customer || x.customer === customer) &&
          (active === undefined || x.active === active),
      );
      return this.list(items, p, '/v1/promotion_codes', 'promotion code');
    });

    // Checkout sessions -------------------------------------------------------------------------------
    this.route('POST', r('checkout/sessions'), (p) => this.createCheckoutSession(p));
    this.route('GET', r(`checkout/sessions/${id}`), (_p, m) => this.need(this.sessions, m[1]!, 'checkout.session'));
    this.route('GET', r(`checkout/sessions/${id}/line_items`), (p, m) => {
      const session = this.need(this.sessions, m[1]!, 'checkout.session');
      return this.list(
        [...this.checkoutLineItems(session.id)].reverse() as StripeObject[],
        p,
        `/v1/checkout/sessions/${session.id}/line_items`,
        'line item',
      );
    });
    this.route('POST', r(`checkout/sessions/${id}/expire`), (_p, m) => {
      const session = this.need(this.sessions, m[1]!, 'checkout.session');
      if (session.status !== 'open')
        throw invalid(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        );
      Object.assign(session, { status: 'expired', url: null });
      return session;
    });
    this.route('GET', r('checkout/sessions'), (p) => {
      allowOnly(p, PARAMS.sessionList);
      const customer = readString(p, 'customer');
      const subscription = readString(p, 'subscription');
      const status = readString(p, 'status');
      return this.list(
        [...this.sessions.values()].filter(
          (s) =>
            (!customer || s.customer === customer) &&
            (!subscription || s.subscription === subscription) &&
            (!status || s.status === status),
        ),
        p,
        '/v1/checkout/sessions',
        'checkout.session',
      );
    });

    // Subscriptions --------------------------------------------------------------------------------
    this.route('GET', r('subscriptions'), (p) => {
      allowOnly(p, PARAMS.subscriptionList);
      const status = readEnum(p, 'status', [...SUBSCRIPTION_STATUSES, 'all', 'ended'] as const);
      const customer = readString(p, 'customer');
      const price = readString(p, 'price');
      const items = [...this.subscriptions.values()].filter((s) => {
        const statusMatches =
          status === 'all'
            ? true
            : status === 'ended'
              ? s.status === 'canceled' || s.status === 'incomplete_expired'
              : status
                ? s.status === status
                : s.status !== 'canceled' && s.status !== 'incomplete_expired';
        return (
          statusMatches &&
          (!customer || s.customer === customer) &&
          (!price || s.items.data.some((item) => item.price.id === price))
        );
      });
      return this.list(items, p, '/v1/subscriptions', 'subscription');
    });
    this.route('GET', r(`subscriptions/${id}`), (_p, m) => this.need(this.subscriptions, m[1]!, 'subscription'));
    this.route('POST', r('subscriptions'), (p) => {
      allowOnly(p, PARAMS.subscriptionCreate);
      const customer = this.need(this.customers, requireString(p, 'customer'), 'customer', 'customer');
      const itemParams = readArray(p, 'items');
      if (!itemParams?.length) throw missing('items');
      const items = itemParams.map((item, i) => ({
        price: this.recurringPrice(requireString(item, 'price', `items[${i}][price]`), `items[${i}][price]`),
        quantity: readInt(item, 'quantity', `items[${i}][quantity]`) ?? 1,
      }));
      return this.createSubscription({
        customer,
        items,
        metadata: mergeMetadata({}, readMetadata(p)),
        trialDays: readInt(p, 'trial_period_days'),
        description: readString(p, 'description'),
      });
    });
    this.route('POST', r(`subscriptions/${id}`), (p, m) => this.updateSubscription(m[1]!, p));
    this.route('DELETE', r(`subscriptions/${id}`), (p, m) => {
      allowOnly(p, PARAMS.subscriptionCancel);
      const subscription = this.need(this.subscriptions, m[1]!, 'subscription');
      // Stripe treats a canceled subscription as gone for cancel and update.
      if (subscription.status === 'canceled') throw noSuch('subscription', subscription.id);
      this.cancelNow(subscription);
      const details = readObject(p, 'cancellation_details');
      if (details)
        Object.assign(subscription.cancellation_details as Json, {
          comment: readString(details, 'comment') ?? null,
          feedback: readString(details, 'feedback') ?? null,
        });
      return subscription;
    });

    // Invoice items and invoices -----------------------------------------------------------------------
    this.route('POST', r('invoiceitems'), (p) => {
      allowOnly(p, PARAMS.invoiceItemCreate);
      const customer = this.need(this.customers, requireString(p, 'customer'), 'customer', 'customer');
      const subscriptionId = readString(p, 'subscription') ?? null;
      if (subscriptionId) {
        const subscription = this.need(this.subscriptions, subscriptionId, 'subscription', 'subscription');
        if (subscription.customer !== customer.id)
          throw invalid(
            `The subscription '${subscriptionId}' does not belong to the customer '${customer.id}'.`,
            'subscription',
          );
      }
      const priceId = readString(p, 'price');
      const amount = readInt(p, 'amount');
      const quantity = readInt(p, 'quantity') ?? 1;
      const unitAmount = readInt(p, 'unit_amount');
      if (amount !== undefined && (priceId || unitAmount !== undefined))
        throw exclusive('amount', priceId ? 'price' : 'unit_amount');
      let price: FakePrice;
      let total: number;
      if (priceId) {
        price = this.need(this.prices, priceId, 'price', 'price');
        total = (price.unit_amount ?? 0) * quantity;
      } else {
        const currency = readString(p, 'currency')?.toLowerCase() ?? customer.currency ?? 'usd';
        if (amount === undefined && unitAmount === undefined) throw missing('amount');
        price = this.adHocPrice(amount ?? unitAmount!, currency);
        total = amount ?? unitAmount! * quantity;
      }
      const invoiceId = readString(p, 'invoice') ?? null;
      const invoice = invoiceId ? this.need(this.invoices, invoiceId, 'invoice', 'invoice') : null;
      if (invoice && invoice.status !== 'draft')
        throw invalid(
          `You can only add invoice items to draft invoices. Invoice '${invoice.id}' is ${invoice.status}.`,
          'invoice',
        );
      const now = this.now();
      const periodParams = readObject(p, 'period');
      const item: FakeInvoiceItem = {
        id: newId('ii_'),
        object: 'invoiceitem',
        amount: total,
        created: now,
        currency: price.currency,
        customer: customer.id,
        date: now,
        description: readString(p, 'description') ?? null,
        discountable: readBool(p, 'discountable') ?? true,
        discounts: [],
        invoice: null,
        livemode: false,
        metadata: mergeMetadata({}, readMetadata(p)),
        period: {
          start: (periodParams && readInt(periodParams, 'start', 'period[start]')) ?? now,
          end: (periodParams && readInt(periodParams, 'end', 'period[end]')) ?? now,
        },
        plan: null,
        price,
        proration: false,
        quantity,
        subscription: subscriptionId,
        subscription_item: null,
        tax_rates: [],
        test_clock: null,
        unit_amount: price.unit_amount,
        unit_amount_decimal: price.unit_amount_decimal,
      };
      this.invoiceItems.set(item.id, item);
      if (invoice) {
        item.invoice = invoice.id;
        invoice.lines.data.push(this.itemLine(item));
        this.recompute(invoice);
      }
      return item;
    });
    this.route('GET', r(`invoiceitems/${id}`), (_p, m) => this.need(this.invoiceItems, m[1]!, 'invoiceitem'));
    this.route('GET', r('invoiceitems'), (p) => {
      allowOnly(p, PARAMS.invoiceItemList);
      const customer = readString(p, 'customer');
      const invoice = readString(p, 'invoice');
      const pending = readBool(p, 'pending');
      const items = [...this.invoiceItems.values()].filter(
        (x) =>
          (!customer || x.customer === customer) &&
          (!invoice || x.invoice === invoice) &&
          (pending === undefined || (x.invoice === null) === pending),
      );
      return this.list(items, p, '/v1/invoiceitems', 'invoiceitem');
    });

    this.route('POST', r('invoices'), (p) => {
      allowOnly(p, PARAMS.invoiceCreate);
      const customer = this.need(this.customers, requireString(p, 'customer'), 'customer', 'customer');
      const subscriptionId = readString(p, 'subscription');
      const subscription = subscriptionId
        ? this.need(this.subscriptions, subscriptionId, 'subscription', 'subscription')
        : null;
      if (subscription && subscription.customer !== customer.id)
        throw invalid(
          `The subscription '${subscription.id}' does not belong to the customer '${customer.id}'.`,
          'subscription',
        );
      // Since 2022-08-01 pending items are left out unless asked for.
      const behavior = readEnum(p, 'pending_invoice_items_behavior', ['exclude', 'include'] as const) ?? 'exclude';
      const invoice = this.newInvoice({
        customer,
        subscription,
        billingReason: 'manual',
        currency: readString(p, 'currency')?.toLowerCase() ?? customer.currency ?? 'usd',
        autoAdvance: readBool(p, 'auto_advance') ?? false,
        description: readString(p, 'description') ?? null,
        metadata: mergeMetadata({}, readMetadata(p)),
      });
      if (behavior === 'include') this.attachPending(invoice, { withLooseItems: false });
      if (invoice.lines.data.length > 0)
        invoice.currency = (invoice.lines.data[0]!.currency as string) ?? invoice.currency;
      return invoice;
    });
    this.route('GET', r(`invoices/${id}`), (_p, m) => this.need(this.invoices, m[1]!, 'invoice'));
    this.route('GET', r('invoices'), (p) => {
      allowOnly(p, PARAMS.invoiceList);
      const customer = readString(p, 'customer');
      const subscription = readString(p, 'subscription');
      const status = readEnum(p, 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
      const items = [...this.invoices.values()].filter(
        (x) =>
          (!customer || x.customer === customer) &&
          (!subscription || x.subscription === subscription) &&
          (!status || x.status === status),
      );
      return this.list(items, p, '/v1/invoices', 'invoice');
    });
    this.route('POST', r(`invoices/${id}/finalize`), (p, m) => {
      allowOnly(p, PARAMS.invoiceFinalize);
      const invoice = this.need(this.invoices, m[1]!, 'invoice');
      if (invoice.status !== 'draft')
        throw invalid(
          "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
          undefined,
          'invoice_not_editable',
        );
      this.finalize(invoice, readBool(p, 'auto_advance'));
      return invoice;
    });
    this.route('POST', r(`invoices/${id}/pay`), (p, m) => {
      allowOnly(p, PARAMS.invoicePay);
      const invoice = this.need(this.invoices, m[1]!, 'invoice');
      if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
      if (invoice.status === 'void') throw invalid('This invoice has been voided and cannot be paid.');
      if (invoice.status === 'draft') this.finalize(invoice);
      // finalize() pays an invoice with nothing due.
      if ((invoice.status as string) !== 'paid') this.markPaid(invoice, readBool(p, 'paid_out_of_band') ?? false);
      return invoice;
    });
    this.route('POST', r(`invoices/${id}/void`), (_p, m) => {
      const invoice = this.need(this.invoices, m[1]!, 'invoice');
      if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
        throw invalid(`You can only void open or uncollectible invoices. This invoice is ${invoice.status}.`);
      Object.assign(invoice, { status: 'void', auto_advance: false, next_payment_attempt: null, amount_remaining: 0 });
      invoice.status_transitions.voided_at = this.now();
      return invoice;
    });

    // Billing portal ----------------------------------------------------------------------------------
    this.route('POST', r('billing_portal/sessions'), (p) => {
      allowOnly(p, PARAMS.portalCreate);
      const customer = this.need(this.customers, requireString(p, 'customer'), 'customer', 'customer');
      const sessionId = newId('bps_');
      const session: FakePortalSession = {
        id: sessionId,
        object: 'billing_portal.session',
        configuration: 'bpc_fakedefault000000000000',
        created: this.now(),
        customer: customer.id,
        flow: null,
        livemode: false,
        locale: readString(p, 'locale') ?? null,
        on_behalf_of: null,
        return_url: readString(p, 'return_url') ?? null,
        url: `${this.baseUrl}/p/session/${sessionId}`,
      };
      this.portalSessions.set(session.id, session);
      return session;
    });

    // Events ------------------------------------------------------------------------------------------
    this.route('GET', r(`events/${id}`), (_p, m) => {
      const event = this.events.find((e) => e.id === m[1]);
      if (!event) throw noSuch('event', m[1]!);
      return event as unknown as Json;
    });
    this.route('GET', r('events'), (p) => {
      const type = readString(p, 'type');
      const events = this.events.filter(
        (e) => !type || e.type === type || (type.endsWith('*') && e.type.startsWith(type.slice(0, -1))),
      );
      return this.list(events as unknown as StripeObject[], p, '/v1/events', 'event');
    });
  }

  private recurringPrice(priceId: string, param: string): FakePrice {
    const price = this.need(this.prices, priceId, 'price', param);
    if (price.type !== 'recurring')
      throw invalid(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        param,
      );
    if (!price.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, param);
    return price;
  }

  private createCheckoutSession(p: Json): FakeCheckoutSession {
    allowOnly(p, PARAMS.sessionCreate);
    const mode = readEnum(p, 'mode', ['payment', 'setup', 'subscription'] as const);
    if (!mode) throw missing('mode');
    if (mode !== 'subscription') throw invalid(`The fake Stripe only models mode=subscription (got ${mode}).`, 'mode');
    const uiMode = readEnum(p, 'ui_mode', ['hosted', 'embedded'] as const) ?? 'hosted';
    const successUrl = readString(p, 'success_url');
    if (uiMode === 'hosted' && !successUrl) throw missing('success_url');
    const customerId = readString(p, 'customer') ?? null;
    const customerEmail = readString(p, 'customer_email') ?? null;
    if (customerId && customerEmail) throw exclusive('customer', 'customer_email');
    if (customerId) this.need(this.customers, customerId, 'customer', 'customer');
    const allowPromotionCodes = readBool(p, 'allow_promotion_codes');
    const discounts = readArray(p, 'discounts');
    if (discounts?.length && allowPromotionCodes !== undefined) throw exclusive('allow_promotion_codes', 'discounts');
    if (discounts && discounts.length > 1) throw invalid('You may only specify one discount.', 'discounts');

    const lineParams = readArray(p, 'line_items');
    if (!lineParams?.length) throw missing('line_items');
    let currency: string | undefined;
    const lineItems = lineParams.map((line, i) => {
      const priceId = readString(line, 'price', `line_items[${i}][price]`);
      if (!priceId) throw missing(`line_items[${i}][price]`);
      const price = this.need(this.prices, priceId, 'price', `line_items[${i}][price]`);
      if (!price.active)
        throw invalid(
          `The price specified is inactive. This field only accepts active prices.`,
          `line_items[${i}][price]`,
        );
      const quantity = readInt(line, 'quantity', `line_items[${i}][quantity]`);
      if (quantity === undefined) throw missing(`line_items[${i}][quantity]`);
      if (quantity < 1) throw invalid('This value must be greater than or equal to 1.', `line_items[${i}][quantity]`);
      if (currency && price.currency !== currency)
        throw invalid('All prices must be in the same currency.', `line_items[${i}][price]`);
      currency = price.currency;
      const subtotal = (price.unit_amount ?? 0) * quantity;
      return {
        id: newId('li_'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: subtotal,
        amount_tax: 0,
        amount_total: subtotal,
        currency: price.currency,
        description: this.products.get(price.product)?.name ?? price.id,
        price,
        quantity,
        created: this.now(),
      } as Json;
    });
    if (!lineItems.some((line) => (line.price as FakePrice).type === 'recurring'))
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        'line_items',
      );

    let coupon: FakeCoupon | undefined;
    let promotionCode: FakePromotionCode | undefined;
    if (discounts?.length) {
      const discount = discounts[0]!;
      const promoId = readString(discount, 'promotion_code', 'discounts[0][promotion_code]');
      const couponId = readString(discount, 'coupon', 'discounts[0][coupon]');
      if (promoId && couponId) throw exclusive('discounts[0][coupon]', 'discounts[0][promotion_code]');
      if (promoId) {
        promotionCode = this.need(this.promotionCodes, promoId, 'promotion code', 'discounts[0][promotion_code]');
        const spent =
          promotionCode.max_redemptions !== null && promotionCode.times_redeemed >= promotionCode.max_redemptions;
        const expired = promotionCode.expires_at !== null && promotionCode.expires_at <= this.now();
        if (!promotionCode.active || spent || expired)
          throw invalid(
            `This promotion code cannot be redeemed because it is inactive, expired or fully redeemed.`,
            'discounts[0][promotion_code]',
          );
        if (promotionCode.customer && promotionCode.customer !== customerId)
          throw invalid('This promotion code is restricted to a different customer.', 'discounts[0][promotion_code]');
        coupon = promotionCode.coupon;
      } else if (couponId) {
        coupon = this.need(this.coupons, couponId, 'coupon', 'discounts[0][coupon]');
      } else throw missing('discounts[0][coupon]');
      if (!coupon.valid || (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions))
        throw invalid(`Coupon '${coupon.id}' is no longer valid.`, 'discounts');
    }

    const subscriptionData = readObject(p, 'subscription_data') ?? {};
    const trialDays = readInt(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]');
    if (trialDays !== undefined && trialDays < 1)
      throw invalid('This value must be greater than or equal to 1.', 'subscription_data[trial_period_days]');
    const now = this.now();
    const expiresAt = readInt(p, 'expires_at') ?? now + DAY;
    if (expiresAt > now + DAY)
      throw invalid(
        'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
        'expires_at',
      );
    if (expiresAt < now + 30 * 60)
      throw invalid(
        'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
        'expires_at',
      );

    const subtotal = trialDays ? 0 : lineItems.reduce((sum, line) => sum + (line.amount_subtotal as number), 0);
    const discounted = coupon ? discountAmount(coupon, subtotal) : 0;
    const id = `cs_test_${base62(58)}`;
    const session: FakeCheckoutSession = {
      id,
      object: 'checkout.session',
      after_expiration: null,
      allow_promotion_codes: allowPromotionCodes ?? null,
      amount_subtotal: subtotal,
      amount_total: subtotal - discounted,
      automatic_tax: { enabled: false, status: null },
      billing_address_collection: null,
      cancel_url: readString(p, 'cancel_url') ?? null,
      client_reference_id: readString(p, 'client_reference_id') ?? null,
      consent: null,
      consent_collection: null,
      created: now,
      currency: currency!,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customerId,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: customerEmail,
      expires_at: expiresAt,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: readString(p, 'locale') ?? null,
      metadata: mergeMetadata({}, readMetadata(p)),
      mode,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: readString(p, 'payment_method_collection') ?? 'always',
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: readStringArray(p, 'payment_method_types').length
        ? readStringArray(p, 'payment_method_types')
        : ['card'],
      payment_status: 'unpaid',
      phone_number_collection: { enabled: false },
      recovered_from: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_details: null,
      shipping_options: [],
      status: 'open',
      submit_type: null,
      subscription: null,
      success_url: successUrl ?? '',
      total_details: { amount_discount: discounted, amount_shipping: 0, amount_tax: 0 },
      ui_mode: uiMode,
      url: `${this.baseUrl}/c/pay/${id}`,
    };
    this.sessions.set(id, session);
    this.sessionPlans.set(id, {
      lineItems,
      trialDays,
      subscriptionMetadata: mergeMetadata({}, readMetadata(subscriptionData)),
      description: readString(subscriptionData, 'description', 'subscription_data[description]'),
      coupon,
      promotionCode,
    });
    return session;
  }

  private updateSubscription(subscriptionId: string, p: Json): FakeSubscription {
    allowOnly(p, PARAMS.subscriptionUpdate);
    const subscription = this.need(this.subscriptions, subscriptionId, 'subscription');
    const onlyMetadata = Object.keys(p).every(
      (key) => key === 'metadata' || key === 'expand' || key === 'cancellation_details',
    );
    if (subscription.status === 'canceled' && !onlyMetadata) throw noSuch('subscription', subscription.id);
    const now = this.now();
    const behavior =
      readEnum(p, 'proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ??
      'create_prorations';

    subscription.metadata = mergeMetadata(subscription.metadata, readMetadata(p));
    if (p.description !== undefined) subscription.description = readString(p, 'description') ?? null;
    const cancelAtPeriodEnd = readBool(p, 'cancel_at_period_end');
    const cancelAt = p.cancel_at === '' ? null : readInt(p, 'cancel_at');
    if (cancelAtPeriodEnd !== undefined && cancelAt !== undefined) throw exclusive('cancel_at', 'cancel_at_period_end');
    if (cancelAtPeriodEnd === true || (cancelAt !== undefined && cancelAt !== null)) {
      Object.assign(subscription, {
        cancel_at_period_end: cancelAtPeriodEnd === true,
        cancel_at: cancelAt ?? subscription.current_period_end,
        canceled_at: now,
      });
      subscription.cancellation_details = { comment: null, feedback: null, reason: 'cancellation_requested' };
    } else if (cancelAtPeriodEnd === false || cancelAt === null) {
      Object.assign(subscription, { cancel_at_period_end: false, cancel_at: null, canceled_at: null });
      subscription.cancellation_details = { comment: null, feedback: null, reason: null };
    }
    const details = readObject(p, 'cancellation_details');
    if (details)
      Object.assign(subscription.cancellation_details as Json, {
        comment: readString(details, 'comment') ?? null,
        feedback: readString(details, 'feedback') ?? null,
      });
    if (p.pause_collection !== undefined) {
      const pause = readObject(p, 'pause_collection');
      subscription.pause_collection = pause
        ? {
            behavior:
              readEnum(
                pause,
                'behavior',
                ['keep_as_draft', 'mark_uncollectible', 'void'] as const,
                'pause_collection[behavior]',
              ) ?? null,
            resumes_at: readInt(pause, 'resumes_at', 'pause_collection[resumes_at]') ?? null,
          }
        : null;
    }

    const trialEnd = p.trial_end;
    if (trialEnd !== undefined) {
      if (trialEnd === 'now') {
        const price = subscription.items.data[0]!.price;
        Object.assign(subscription, {
          status: 'active',
          trial_end: now,
          current_period_start: now,
          current_period_end: addInterval(now, price.recurring!.interval, price.recurring!.interval_count),
          billing_cycle_anchor: now,
        });
      } else {
        const end = readInt(p, 'trial_end')!;
        if (end <= now)
          throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
        Object.assign(subscription, {
          status: 'trialing',
          trial_start: subscription.trial_start ?? now,
          trial_end: end,
          current_period_end: end,
        });
      }
    }

    const itemParams = readArray(p, 'items');
    if (itemParams) {
      const changes: Array<{ before: number; after: number; item: FakeSubscriptionItem; oldPrice: FakePrice }> = [];
      itemParams.forEach((params, i) => {
        const itemId = readString(params, 'id', `items[${i}][id]`);
        const priceId = readString(params, 'price', `items[${i}][price]`);
        const quantity = readInt(params, 'quantity', `items[${i}][quantity]`);
        const deleted = readBool(params, 'deleted', `items[${i}][deleted]`);
        if (itemId) {
          const index = subscription.items.data.findIndex((item) => item.id === itemId);
          if (index < 0) throw noSuch('subscription item', itemId, `items[${i}][id]`, 400);
          const item = subscription.items.data[index]!;
          const before = (item.price.unit_amount ?? 0) * item.quantity;
          const oldPrice = item.price;
          if (deleted) {
            subscription.items.data.splice(index, 1);
            changes.push({ before, after: 0, item, oldPrice });
            return;
          }
          if (priceId) {
            item.price = this.recurringPrice(priceId, `items[${i}][price]`);
            item.plan = this.planOf(item.price);
          }
          if (quantity !== undefined) item.quantity = quantity;
          item.metadata = mergeMetadata(item.metadata, readMetadata(params));
          changes.push({ before, after: (item.price.unit_amount ?? 0) * item.quantity, item, oldPrice });
        } else {
          if (!priceId) throw missing(`items[${i}][price]`);
          const item = this.subscriptionItem(
            subscription.id,
            this.recurringPrice(priceId, `items[${i}][price]`),
            quantity ?? 1,
          );
          subscription.items.data.push(item);
          changes.push({ before: 0, after: (item.price.unit_amount ?? 0) * item.quantity, item, oldPrice: item.price });
        }
      });
      if (subscription.items.data.length === 0)
        throw invalid('A subscription must have at least one active plan.', 'items');
      subscription.items.total_count = subscription.items.data.length;
      const single = subscription.items.data.length === 1 ? subscription.items.data[0]! : null;
      subscription.plan = single?.plan ?? null;
      subscription.quantity = single?.quantity ?? null;
      // Nothing is owed during a trial, so a trialing subscription gets no prorations.
      if (behavior !== 'none' && subscription.status !== 'trialing')
        this.prorate(subscription, changes, behavior === 'always_invoice');
    }
    return subscription;
  }

  /** Linear proration over the rest of the period: a credit for the old amount, a charge for the new one. */
  private prorate(
    subscription: FakeSubscription,
    changes: Array<{ before: number; after: number; item: FakeSubscriptionItem; oldPrice: FakePrice }>,
    invoiceNow: boolean,
  ): void {
    const now = this.now();
    const span = subscription.current_period_end - subscription.current_period_start;
    const share = span > 0 ? Math.max(0, subscription.current_period_end - now) / span : 0;
    const when = new Date(now * 1000).toISOString().slice(0, 10);
    const customer = this.customers.get(subscription.customer)!;
    const add = (amount: number, price: FakePrice, description: string, item: FakeSubscriptionItem): void => {
      const entry: FakeInvoiceItem = {
        id: newId('ii_'),
        object: 'invoiceitem',
        amount,
        created: now,
        currency: price.currency,
        customer: customer.id,
        date: now,
        description,
        discountable: false,
        discounts: [],
        invoice: null,
        livemode: false,
        metadata: {},
        period: { start: now, end: subscription.current_period_end },
        plan: this.planOf(price),
        price,
        proration: true,
        quantity: item.quantity,
        subscription: subscription.id,
        subscription_item: item.id,
        tax_rates: [],
        test_clock: null,
        unit_amount: price.unit_amount,
        unit_amount_decimal: price.unit_amount_decimal,
      };
      this.invoiceItems.set(entry.id, entry);
    };
    for (const change of changes) {
      if (change.before === change.after && change.oldPrice.id === change.item.price.id) continue;
      const productName = (price: FakePrice): string => this.products.get(price.product)?.name ?? price.id;
      if (change.before > 0)
        add(
          -Math.round(change.before * share),
          change.oldPrice,
          `Unused time on ${productName(change.oldPrice)} after ${when}`,
          change.item,
        );
      if (change.after > 0)
        add(
          Math.round(change.after * share),
          change.item.price,
          `Remaining time on ${productName(change.item.price)} after ${when}`,
          change.item,
        );
    }
    if (invoiceNow) {
      const invoice = this.newInvoice({
        customer,
        subscription,
        billingReason: 'subscription_update',
        currency: subscription.currency as string,
        autoAdvance: true,
      });
      this.attachPending(invoice, { withLooseItems: false });
      this.finalize(invoice);
      if (invoice.status !== 'paid') this.markPaid(invoice);
      subscription.latest_invoice = invoice.id;
    }
  }
}

/** Starts a fake Stripe on a free port of 127.0.0.1. */
export function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  return FakeStripe.start(options);
}
