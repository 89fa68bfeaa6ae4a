/** The fake Stripe's subscription endpoints: create, list, retrieve, update (with prorations) and cancel. */
import type { Json } from '../server.ts';
import { addInterval, newId } from './common.ts';
import { PARAMS, SUBSCRIPTION_STATUSES } from './endpoint-params.ts';
import { attachPending, finalize, markPaid, newInvoice } from './invoices.ts';
import {
  allowOnly,
  exclusive,
  invalid,
  mergeMetadata,
  missing,
  noSuch,
  readArray,
  readBool,
  readEnum,
  readInt,
  readMetadata,
  readObject,
  readString,
  requireString,
} from './params.ts';
import { planOf, recurringPrice } from './products.ts';
import { ID, type StripeState, v1 } from './state.ts';
import { cancelNow, createSubscription, subscriptionItem } from './subscriptions.ts';
import type { AddRoute, FakeInvoiceItem, FakePrice, FakeSubscription, FakeSubscriptionItem } from './types.ts';

export function updateSubscription(state: StripeState, subscriptionId: string, p: Json): FakeSubscription {
  allowOnly(p, PARAMS.subscriptionUpdate);
  const subscription = state.need(state.subscriptions, subscriptionId, 'subscription');
  const onlyMetadata = Object.keys(p).every(
    (key) => key === 'metadata' || key === 'expand' || key === 'cancellation_details',
  );
  if (subscription.status === 'canceled' && !onlyMetadata) throw noSuch('subscription', subscription.id);
  const now = state.now();
  const behavior =
    readEnum(p, 'proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const) ?? 'create_prorations';

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
      if (end <= now) throw invalid('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
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
          item.price = recurringPrice(state, priceId, `items[${i}][price]`);
          item.plan = planOf(item.price);
        }
        if (quantity !== undefined) item.quantity = quantity;
        item.metadata = mergeMetadata(item.metadata, readMetadata(params));
        changes.push({ before, after: (item.price.unit_amount ?? 0) * item.quantity, item, oldPrice });
      } else {
        if (!priceId) throw missing(`items[${i}][price]`);
        const item = subscriptionItem(
          state,
          subscription.id,
          recurringPrice(state, priceId, `items[${i}][price]`),
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
      prorate(state, subscription, changes, behavior === 'always_invoice');
  }
  return subscription;
}

/** Linear proration over the rest of the period: a credit for the old amount, a charge for the new one. */
export function prorate(
  state: StripeState,
  subscription: FakeSubscription,
  changes: Array<{ before: number; after: number; item: FakeSubscriptionItem; oldPrice: FakePrice }>,
  invoiceNow: boolean,
): void {
  const now = state.now();
  const span = subscription.current_period_end - subscription.current_period_start;
  const share = span > 0 ? Math.max(0, subscription.current_period_end - now) / span : 0;
  const when = new Date(now * 1000).toISOString().slice(0, 10);
  const customer = state.customers.get(subscription.customer)!;
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
      plan: planOf(price),
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
    state.invoiceItems.set(entry.id, entry);
  };
  for (const change of changes) {
    if (change.before === change.after && change.oldPrice.id === change.item.price.id) continue;
    const productName = (price: FakePrice): string => state.products.get(price.product)?.name ?? price.id;
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
    const invoice = newInvoice(state, {
      customer,
      subscription,
      billingReason: 'subscription_update',
      currency: subscription.currency as string,
      autoAdvance: true,
    });
    attachPending(state, invoice, { withLooseItems: false });
    finalize(state, invoice);
    if (invoice.status !== 'paid') markPaid(state, invoice);
    subscription.latest_invoice = invoice.id;
  }
}

/** The subscription endpoints. */
export function subscriptionRoutes(state: StripeState, route: AddRoute): void {
  route('GET', v1('subscriptions'), (p) => {
    allowOnly(p, PARAMS.subscriptionList);
    const status = readEnum(p, 'status', [...SUBSCRIPTION_STATUSES, 'all', 'ended'] as const);
    const customer = readString(p, 'customer');
    const price = readString(p, 'price');
    const items = [...state.subscriptions.values()].filter((s) => {
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
    return state.list(items, p, '/v1/subscriptions', 'subscription');
  });
  route('GET', v1(`subscriptions/${ID}`), (_p, m) => state.need(state.subscriptions, m[1]!, 'subscription'));
  route('POST', v1('subscriptions'), (p) => {
    allowOnly(p, PARAMS.subscriptionCreate);
    const customer = state.need(state.customers, requireString(p, 'customer'), 'customer', 'customer');
    const itemParams = readArray(p, 'items');
    if (!itemParams?.length) throw missing('items');
    const items = itemParams.map((item, i) => ({
      price: recurringPrice(state, requireString(item, 'price', `items[${i}][price]`), `items[${i}][price]`),
      quantity: readInt(item, 'quantity', `items[${i}][quantity]`) ?? 1,
    }));
    return createSubscription(state, {
      customer,
      items,
      metadata: mergeMetadata({}, readMetadata(p)),
      trialDays: readInt(p, 'trial_period_days'),
      description: readString(p, 'description'),
    });
  });
  route('POST', v1(`subscriptions/${ID}`), (p, m) => updateSubscription(state, m[1]!, p));
  route('DELETE', v1(`subscriptions/${ID}`), (p, m) => {
    allowOnly(p, PARAMS.subscriptionCancel);
    const subscription = state.need(state.subscriptions, m[1]!, 'subscription');
    // Stripe treats a canceled subscription as gone for cancel and update.
    if (subscription.status === 'canceled') throw noSuch('subscription', subscription.id);
    cancelNow(state, subscription);
    const details = readObject(p, 'cancellation_details');
    if (details)
      Object.assign(subscription.cancellation_details as Json, {
        comment: readString(details, 'comment') ?? null,
        feedback: readString(details, 'feedback') ?? null,
      });
    return subscription;
  });
}
