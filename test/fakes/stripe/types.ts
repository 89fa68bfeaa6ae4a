/** The Stripe objects the fake keeps, as API version 2023-08-16 shapes them, and the fake's own records. */
import type { Json, RecordedRequest } from '../server.ts';

export type Metadata = Record<string, string>;

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

/** A request to the fake: its form body parsed, with what Stripe reads from the headers and what was answered. */
export interface StripeRequest extends RecordedRequest<Json> {
  stripeVersion: string | undefined;
  idempotencyKey: string | undefined;
  /** Status answered; set once the response is written. */
  status?: number;
  response?: unknown;
  /** True when the answer was an idempotent replay. */
  replayed?: boolean;
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

/** What a checkout session will create when the customer pays. */
export interface SessionPlan {
  lineItems: Json[];
  trialDays: number | undefined;
  subscriptionMetadata: Metadata;
  description: string | undefined;
  coupon: FakeCoupon | undefined;
  promotionCode: FakePromotionCode | undefined;
}

/** An endpoint: method, path pattern, and the handler that answers its parameters. */
export interface Route {
  method: string;
  pattern: RegExp;
  handle: (params: Json, match: RegExpExecArray, request: StripeRequest) => StripeObject | Json;
}

/** Adds an endpoint to the fake. */
export type AddRoute = (method: string, pattern: RegExp, handle: Route['handle']) => void;
