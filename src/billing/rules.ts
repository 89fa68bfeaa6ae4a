/**
 * Billing rules straight from spec 1 (sections 4, 5, 8 and 9): form checks with their messages,
 * remote status mapping, the first-month proration, usage amounts and the Shopify usage cap.
 * Pure functions only; the services in this folder compose them with the store and the gateways.
 */
import { AppError } from '../app/index.ts';

// ---------------------------------------------------------------------------------------------
// Constants (spec 1 section 9).

/** The card provider's API version we speak; pinned, whatever the SDK's default. */
export const STRIPE_API_VERSION = '2023-08-16';
/** Shopify usage line cap per 30-day interval, in USD. */
export const USAGE_CAP_USD = 10_000;
export const BILLING_INTERVAL_DAYS = 30;
/** Stripe promotion codes for the first-month discount: one redemption, valid one year. */
export const PROMOTION_CODE_MAX_REDEMPTIONS = 1;
export const PROMOTION_CODE_VALID_DAYS = 365;
/** Stripe's limit on a product feature name. */
export const FEATURE_NAME_MAX = 80;
/** Stripe subscription list page size. */
export const SUBSCRIPTION_LIST_LIMIT = 100;

export const GATEWAYS = ['stripe', 'shopify'] as const;
export type Gateway = (typeof GATEWAYS)[number];
export const SUBSCRIBE_SOURCES = ['web-admin', 'web-client'] as const;
export type SubscribeSource = (typeof SUBSCRIBE_SOURCES)[number];

export type SubscriptionStatus =
  | 'pending_setup'
  | 'active'
  | 'in_trial'
  | 'past_due'
  | 'unpaid'
  | 'incomplete'
  | 'paused'
  | 'cancelled'
  | 'expired'
  | 'declined';
/** Statuses in which a subscription counts as live (spec 1 section 4). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = [
  'active',
  'in_trial',
  'past_due',
  'unpaid',
  'incomplete',
  'paused',
];
export const isLive = (status: string): boolean => (LIVE_STATUSES as readonly string[]).includes(status);

// ---------------------------------------------------------------------------------------------
// Error texts (spec 1 section 8), verbatim.

export const BILLING_ERRORS = {
  paymentSourceCreation: 'Payment source creation failed',
  subscriptionsCreation: 'Subscriptions creation failed',
  planOrBrandNotFound: 'Plan or brand not found',
  planNotFound: 'Plan not found',
  invalidPlan: 'Invalid Plan',
  subscriptionNotFound: 'Subscription not found',
  returnUrlNotFound: 'Return URL not found',
  environmentNotFound: 'Environment not found',
  billingEmailNotFound: 'Billing email not found',
  customerIdNotFound: 'Customer ID not found',
  priceIdNotFound: 'Price ID not found',
  trialDaysNotFound: 'Trial days not found',
  customerNotFound: 'Customer not found',
  noActiveSubscription: 'No active subscription found',
  paymentSourceNotFound: 'Payment Source not found.',
  failedToCreate: 'Failed to create subscription',
  failedToCreateNew: 'Failed to create new subscription',
  failedToUpdate: 'Failed to update subscription: ',
  failedToCancel: 'Failed to cancel subscription',
  invalidSubscription: 'Invalid Subscription',
  invalidPaymentSource: 'Invalid Payment Source',
  invalidGateway: 'Invalid payment gateway',
  brandNotFound: 'Brand not found',
} as const;

/** Form messages (spec 1 section 5), verbatim. */
export const FORM_MESSAGES = {
  brandIdRequired: 'Brand ID is required',
  planIdRequired: 'Plan ID is required',
  billingEmailRequired: 'Billing Email is required',
  minimumTrial: 'Minimum 1 day trial required',
  trialAndDiscount: 'Cannot apply both trial days and first month discount',
  selectPlan: 'Select a plan',
  rateRequired: 'Rate Required',
  priceRequired: 'Price Required',
  subscriptionRequired: 'Subscription is required',
  brandRequired: 'Brand is required',
  planRequired: 'Plan is required',
  customPlanRequired: 'Plan is required.',
  customRateRequired: 'Rate is required.',
  customPriceRequired: 'Price is required.',
} as const;

// ---------------------------------------------------------------------------------------------
// Forms.

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The custom-plan part of the subscribe and plan-change forms ('Select a plan', 'Rate Required', 'Price Required'). */
export interface CustomPlanFields {
  duplicatePlanId?: number | string | null;
  planRate?: number | string | null;
  planPrice?: number | string | null;
}

export interface SubscribeForm extends CustomPlanFields {
  brandId?: number | string | null;
  planId?: number | string | null;
  billingEmail?: string | null;
  /** Absent: no trial. Present but empty or below 1: 'Minimum 1 day trial required'. */
  trialDays?: number | string | null;
  /** The form's default is true. */
  applyFirstMonthDiscount?: boolean | string | null;
  paymentSource?: string | null;
  source?: string | null;
}

export interface PlanChangeForm extends CustomPlanFields {
  subscriptionId?: number | string | null;
  brandId?: number | string | null;
  planId?: number | string | null;
}

const truthy = (value: boolean | string | null | undefined, fallback: boolean): boolean => {
  if (value === undefined || value === null || value === '') return fallback;
  return value === true || value === 'true';
};

function customPlanProblems(form: CustomPlanFields & { planId?: unknown }): string[] {
  if (String(form.planId ?? '').trim() !== 'custom') return [];
  const problems: string[] = [];
  if (blank(form.duplicatePlanId)) problems.push(FORM_MESSAGES.selectPlan);
  if (blank(form.planRate)) problems.push(FORM_MESSAGES.rateRequired);
  if (blank(form.planPrice)) problems.push(FORM_MESSAGES.priceRequired);
  return problems;
}

/** Every problem of a subscribe form, in the order the form shows them (empty when valid). */
export function subscribeFormProblems(form: SubscribeForm): string[] {
  const problems: string[] = [];
  if (blank(form.brandId)) problems.push(FORM_MESSAGES.brandIdRequired);
  if (blank(form.planId)) problems.push(FORM_MESSAGES.planIdRequired);
  if (blank(form.billingEmail)) problems.push(FORM_MESSAGES.billingEmailRequired);
  const trialGiven = form.trialDays !== undefined;
  if (trialGiven) {
    const days = Number(form.trialDays);
    if (blank(form.trialDays) || !Number.isInteger(days) || days < 1) problems.push(FORM_MESSAGES.minimumTrial);
    else if (truthy(form.applyFirstMonthDiscount, true)) problems.push(FORM_MESSAGES.trialAndDiscount);
  }
  if (!blank(form.paymentSource) && !(GATEWAYS as readonly string[]).includes(String(form.paymentSource)))
    problems.push(BILLING_ERRORS.invalidGateway);
  if (!blank(form.source) && !(SUBSCRIBE_SOURCES as readonly string[]).includes(String(form.source)))
    problems.push(`Source must be one of ${SUBSCRIBE_SOURCES.join(', ')}`);
  return [...problems, ...customPlanProblems(form)];
}

/** Every problem of a plan-change form. */
export function planChangeFormProblems(form: PlanChangeForm): string[] {
  const problems: string[] = [];
  if (blank(form.subscriptionId)) problems.push(FORM_MESSAGES.subscriptionRequired);
  if (blank(form.brandId)) problems.push(FORM_MESSAGES.brandRequired);
  if (blank(form.planId)) problems.push(FORM_MESSAGES.planRequired);
  return [...problems, ...customPlanProblems(form)];
}

/** The custom plan form ('Plan is required.', 'Rate is required.', 'Price is required.'). */
export function customPlanFormProblems(form: { planId?: unknown; rate?: unknown; price?: unknown }): string[] {
  const problems: string[] = [];
  if (blank(form.planId)) problems.push(FORM_MESSAGES.customPlanRequired);
  if (blank(form.rate)) problems.push(FORM_MESSAGES.customRateRequired);
  if (blank(form.price)) problems.push(FORM_MESSAGES.customPriceRequired);
  return problems;
}

/** Throws the first problem as the message (all of them in details) when there is any. */
export function assertNoProblems(problems: string[]): void {
  if (problems.length > 0)
    throw new AppError('invalid_input', problems[0]!, { code: 'invalid_form', details: { problems } });
}

/** A custom plan's price: whole USD, 0 or more. */
export function parsePrice(value: unknown): number {
  const price = Number(value);
  if (!Number.isInteger(price) || price < 0)
    throw new AppError('invalid_input', 'Price must be a whole number of USD, 0 or more.', { code: 'invalid_price' });
  return price;
}

/** A usage charge percentage: 0 to 100, at most two decimals. */
export function parseRate(value: unknown): number {
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate < 0 || rate > 100 || Math.round(rate * 100) !== rate * 100) {
    throw new AppError('invalid_input', 'Rate must be a percentage from 0 to 100 with at most two decimals.', {
      code: 'invalid_rate',
    });
  }
  return rate;
}

// ---------------------------------------------------------------------------------------------
// Statuses.

/** Shopify app subscription status -> ours. ACTIVE and ACCEPTED are active; PENDING is still pending_setup. */
export function mapShopifyStatus(status: string): SubscriptionStatus | undefined {
  switch (status.toUpperCase()) {
    case 'ACTIVE':
    case 'ACCEPTED':
      return 'active';
    case 'PENDING':
      return 'pending_setup';
    case 'CANCELLED':
      return 'cancelled';
    case 'DECLINED':
      return 'declined';
    case 'EXPIRED':
      return 'expired';
    case 'FROZEN':
      // The shop's own Shopify bill is unpaid: charges are held, as a paused subscription.
      return 'paused';
    default:
      return undefined;
  }
}

/** Stripe subscription status -> ours: the live ones keep their name, trialing is in_trial. */
export function mapStripeStatus(status: string): SubscriptionStatus | undefined {
  switch (status) {
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'paused':
    case 'incomplete':
      return status;
    case 'trialing':
      return 'in_trial';
    case 'canceled':
      return 'cancelled';
    case 'incomplete_expired':
      return 'expired';
    default:
      return undefined;
  }
}

/** Whether moving to `next` activates the subscription (activated_at set, pending recurring charges completed). */
export const activates = (current: { activated_at: Date | string | null }, next: SubscriptionStatus): boolean =>
  current.activated_at === null && isLive(next);

// ---------------------------------------------------------------------------------------------
// Money.

const DAY_MS = 86_400_000;

/**
 * The first-month discount in whole USD: the plan price prorated over 30 days by the age (whole
 * days) of the brand's oldest activated subscription, rounded; a first subscription gets it all.
 */
export function firstMonthDiscount(price: number, oldestActivatedAt: Date | null, now: Date = new Date()): number {
  if (!oldestActivatedAt) return price;
  const ageDays = Math.max(0, Math.floor((now.getTime() - oldestActivatedAt.getTime()) / DAY_MS));
  const remaining = Math.max(0, BILLING_INTERVAL_DAYS - ageDays);
  return Math.round((price * remaining) / BILLING_INTERVAL_DAYS);
}

/** Cents, exactly, from a decimal USD amount (string or number). */
export const toCents = (usd: number | string): number => Math.round(Number(usd) * 100);
export const fromCents = (cents: number): number => cents / 100;

/** A usage charge: order total x the plan's percentage, in USD rounded to the cent. */
export function usageChargeAmount(orderTotal: number | string, percentage: number | string): number {
  return fromCents(Math.round((toCents(orderTotal) * Number(percentage)) / 100));
}

/**
 * Which queued usage charges fit under the Shopify cap, oldest first, given what the current
 * 30-day interval has used. A charge that does not fit stays queued (and so do the ones after it,
 * so charges are billed in order).
 */
export function fitUnderCap<T extends { amount: number }>(
  charges: readonly T[],
  balanceUsedUsd: number,
  capUsd: number = USAGE_CAP_USD,
): { fits: T[]; held: T[]; remainingUsd: number } {
  let remaining = toCents(capUsd) - toCents(balanceUsedUsd);
  const fits: T[] = [];
  let index = 0;
  for (; index < charges.length; index += 1) {
    const cents = toCents(charges[index]!.amount);
    if (cents > remaining) break;
    remaining -= cents;
    fits.push(charges[index]!);
  }
  return { fits, held: charges.slice(index), remainingUsd: fromCents(Math.max(0, remaining)) };
}

/** Feature names as Stripe takes them (80 characters at most), blanks dropped. */
export const stripeFeatureNames = (features: readonly unknown[]): string[] =>
  features
    .map((feature) =>
      String(feature ?? '')
        .trim()
        .slice(0, FEATURE_NAME_MAX),
    )
    .filter(Boolean);

/** Shopify's test flag: true outside production (spec: staging or development). */
export const shopifyTestCharge = (environment: string): boolean => environment !== 'production';

// ---------------------------------------------------------------------------------------------
// The Stripe Event envelope (Stripe's Event object: id, object "event", type, created, data.object).

/** The largest unix time in seconds a JavaScript Date (and so a stored timestamp) holds. */
export const MAX_UNIX_SECONDS = 8_640_000_000_000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFilledString = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * What keeps a signed body from being a Stripe Event, each problem worded for the sender (empty
 * when it is one). Checked for every event type, before anything is stored.
 */
export function stripeEventProblems(event: unknown): string[] {
  if (!isRecord(event)) return ['the body is not an object'];
  const problems: string[] = [];
  if (event.object !== undefined && event.object !== 'event') problems.push('object must be "event"');
  if (!isFilledString(event.id)) problems.push('id must be a non-empty string');
  if (!isFilledString(event.type)) problems.push('type must be a non-empty string');
  const created = event.created;
  if (typeof created !== 'number' || !Number.isSafeInteger(created) || created <= 0 || created > MAX_UNIX_SECONDS)
    problems.push('created must be a unix time in seconds');
  if (!isRecord(event.data) || !isRecord(event.data.object)) problems.push('data.object must be an object');
  return problems;
}
