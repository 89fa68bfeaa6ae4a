/**
 * The fake Stripe's subscriptions: creating them with their first invoice, and what happens to them
 * outside the API (status changes, renewals, ending).
 */
import type { Json } from '../server.ts';
import { addInterval, DAY, newId } from './common.ts';
import { finalize, markPaid, subscriptionInvoice } from './invoices.ts';
import { planOf } from './products.ts';
import type { StripeState } from './state.ts';
import type {
  FakeCoupon,
  FakeCustomer,
  FakeDiscount,
  FakeInvoice,
  FakePrice,
  FakePromotionCode,
  FakeSubscription,
  FakeSubscriptionItem,
  Metadata,
  StripeEvent,
  SubscriptionStatus,
} from './types.ts';

export function subscriptionItem(
  state: StripeState,
  subscriptionId: string,
  price: FakePrice,
  quantity: number,
): FakeSubscriptionItem {
  return {
    id: newId('si_', 14),
    object: 'subscription_item',
    billing_thresholds: null,
    created: state.now(),
    metadata: {},
    plan: planOf(price),
    price,
    quantity,
    subscription: subscriptionId,
    tax_rates: [],
  };
}

export function newDiscount(
  state: StripeState,
  coupon: FakeCoupon,
  refs: {
    customer: string;
    subscription: string | null;
    promotionCode: string | null;
    checkoutSession: string | null;
  },
): FakeDiscount {
  const start = state.now();
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

export function createSubscription(
  state: StripeState,
  input: {
    customer: FakeCustomer;
    items: Array<{ price: FakePrice; quantity: number }>;
    metadata: Metadata;
    trialDays?: number;
    description?: string;
    coupon?: FakeCoupon;
    promotionCode?: FakePromotionCode;
    checkoutSession?: string;
  },
): FakeSubscription {
  const now = state.now();
  const id = newId('sub_');
  const first = input.items[0]!.price;
  const trialEnd = input.trialDays ? now + input.trialDays * DAY : null;
  const periodEnd = trialEnd ?? addInterval(now, first.recurring!.interval, first.recurring!.interval_count);
  const items = input.items.map(({ price, quantity }) => subscriptionItem(state, id, price, quantity));
  const discount = input.coupon
    ? newDiscount(state, input.coupon, {
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
  state.subscriptions.set(id, subscription);
  input.customer.currency ??= first.currency;
  if (input.coupon) {
    input.coupon.times_redeemed += 1;
    if (input.promotionCode) input.promotionCode.times_redeemed += 1;
  }
  const invoice = subscriptionInvoice(state, subscription, 'subscription_create');
  finalize(state, invoice);
  markPaid(state, invoice);
  subscription.latest_invoice = invoice.id;
  return subscription;
}

export function cancelNow(state: StripeState, subscription: FakeSubscription, reason = 'cancellation_requested'): void {
  const now = state.now();
  Object.assign(subscription, {
    status: 'canceled',
    canceled_at: subscription.canceled_at ?? now,
    ended_at: now,
    cancel_at: null,
  });
  subscription.cancellation_details = { comment: null, feedback: null, reason };
}

/** Moves a subscription to `status` and returns the `customer.subscription.updated` event. */
export function setSubscriptionStatus(state: StripeState, id: string, status: SubscriptionStatus): StripeEvent {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
  const previous: Json = { status: subscription.status };
  const now = state.now();
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
  return state.event('customer.subscription.updated', subscription, previous);
}

/** Cancels a subscription now (as Stripe does at period end or after failed payments): `customer.subscription.deleted`. */
export function endSubscription(state: StripeState, id: string): StripeEvent {
  const subscription = state.subscriptions.get(id);
  if (!subscription) throw new Error(`fake Stripe: no subscription ${id}`);
  cancelNow(state, subscription);
  return state.event('customer.subscription.deleted', subscription);
}

/**
 * Plays a billing cycle: the period moves forward (a trial ends), an invoice for the new period
 * is created with the subscription's lines plus the customer's pending invoice items, finalized,
 * and paid (or its payment fails: invoice open, subscription past_due). Returns the events
 * `customer.subscription.updated` and `invoice.paid` / `invoice.payment_failed`.
 */
export function renewSubscription(
  state: StripeState,
  id: string,
  { paid = true }: { paid?: boolean } = {},
): { invoice: FakeInvoice; events: StripeEvent[] } {
  const subscription = state.subscriptions.get(id);
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
  const invoice = subscriptionInvoice(state, subscription, 'subscription_cycle');
  finalize(state, invoice);
  if (paid) markPaid(state, invoice);
  else Object.assign(invoice, { attempted: true, attempt_count: 1, next_payment_attempt: state.now() + 3 * DAY });
  subscription.status = paid ? 'active' : 'past_due';
  subscription.latest_invoice = invoice.id;
  const events = [
    state.event('customer.subscription.updated', subscription, previous),
    state.event(paid ? 'invoice.paid' : 'invoice.payment_failed', invoice),
  ];
  return { invoice, events };
}
