/**
 * Billing's webhook events, as the worker processes them: Stripe's (stored by `POST
 * /webhooks/stripe`, see routes.ts) and Shopify's `app_subscriptions/update` (arriving on
 * /webhooks/shopify). Processing applies the remote status to the subscription; an event older
 * than one already applied changes nothing.
 */
import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import type { WebhookEvent } from '../webhooks/index.ts';
import { applyRemoteState } from './lifecycle.ts';
import { mapShopifyStatus } from './rules.ts';
import { completeCharges } from './charges.ts';
import { insertCharge, recurringChargeExists, usageChargeIdsByExternalIds } from './store/charges.ts';
import {
  findSubscription,
  findSubscriptionByCheckoutSession,
  findSubscriptionByExternalId,
  updateSubscription,
  type Subscription,
} from './store/subscriptions.ts';
import { retrieveSubscription, type StripeSubscription } from './stripe.ts';
import { stripeRemoteState } from './sync.ts';

/** The Stripe event types Reclaim stores and processes; others are acknowledged and dropped. */
const STRIPE_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.finalized',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
type StripeEventType = (typeof STRIPE_EVENT_TYPES)[number];
export const isStripeEventType = (type: string): type is StripeEventType =>
  (STRIPE_EVENT_TYPES as readonly string[]).includes(type);

type Outcome = 'processed' | 'skipped';

const stripeEventSchema = z.looseObject({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.looseObject({ object: z.looseObject({ id: z.string().optional() }) }),
});
const sessionSchema = z.looseObject({
  id: z.string(),
  subscription: z.string().nullish(),
  customer: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const subscriptionSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
const invoiceSchema = z.looseObject({
  id: z.string(),
  subscription: z.string().nullish(),
  billing_reason: z.string().nullish(),
  amount_paid: z.number().nullish(),
  total: z.number().nullish(),
  lines: z.looseObject({ data: z.array(z.looseObject({ invoice_item: z.string().nullish() })) }).nullish(),
});

async function subscriptionFor(
  ctx: AppContext,
  stripeId: string | null | undefined,
  metadata: Record<string, string> | null | undefined,
): Promise<Subscription | undefined> {
  const byExternal = stripeId ? await findSubscriptionByExternalId(ctx.db, 'stripe', stripeId) : undefined;
  if (byExternal) return byExternal;
  const ours = Number(metadata?.reclaim_subscription_id);
  return Number.isInteger(ours) && ours > 0 ? findSubscription(ctx.db, ours) : undefined;
}

/** True when an event at least as new was already applied to this subscription. */
const stale = (subscription: Subscription, created: number): boolean =>
  Number(subscription.extra_data.stripe_event_created ?? 0) > created;

export async function processStripeEvent(ctx: AppContext, stored: WebhookEvent): Promise<Outcome> {
  const parsed = stripeEventSchema.safeParse(stored.payload);
  if (!parsed.success) return 'skipped';
  const event = parsed.data;
  const log = ctx.logger.child({ webhook_event_id: stored.id, stripe_event: event.id, type: event.type });
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = sessionSchema.parse(event.data.object);
      const subscription =
        (await findSubscriptionByCheckoutSession(ctx.db, session.id)) ??
        (await subscriptionFor(ctx, null, session.metadata));
      if (!subscription || !session.subscription) {
        log.warn('checkout completed for a subscription Reclaim does not know');
        return 'skipped';
      }
      const remote = await retrieveSubscription(ctx.clients.stripe, session.subscription);
      return applyStripeSubscription(ctx, subscription, remote, event.created);
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const remote = subscriptionSchema.parse(event.data.object) as unknown as StripeSubscription;
      const subscription = await subscriptionFor(ctx, remote.id, remote.metadata);
      if (!subscription) {
        log.warn('subscription event for a subscription Reclaim does not know');
        return 'skipped';
      }
      return applyStripeSubscription(
        ctx,
        subscription,
        event.type === 'customer.subscription.deleted' ? { ...remote, status: 'canceled' } : remote,
        event.created,
      );
    }
    case 'invoice.finalized':
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return processInvoice(ctx, event.type, invoiceSchema.parse(event.data.object), log);
    default:
      return 'skipped';
  }
}

async function applyStripeSubscription(
  ctx: AppContext,
  subscription: Subscription,
  remote: StripeSubscription,
  created: number,
): Promise<Outcome> {
  if (stale(subscription, created)) return 'skipped';
  const state = stripeRemoteState(remote);
  if (!state) return 'skipped';
  await applyRemoteState(ctx, subscription.id, state);
  await updateSubscription(ctx.db, subscription.id, {}, { stripe_event_created: created });
  return 'processed';
}

async function processInvoice(
  ctx: AppContext,
  type: StripeEventType,
  invoice: z.infer<typeof invoiceSchema>,
  log: AppContext['logger'],
): Promise<Outcome> {
  const subscription = invoice.subscription
    ? await findSubscriptionByExternalId(ctx.db, 'stripe', invoice.subscription)
    : undefined;
  if (!subscription) {
    log.info('invoice of a subscription Reclaim does not know');
    return 'skipped';
  }
  if (type === 'invoice.payment_failed') {
    await updateSubscription(
      ctx.db,
      subscription.id,
      {},
      { last_payment_failed_at: new Date().toISOString(), last_failed_invoice_id: invoice.id },
    );
    log.warn({ subscription_id: subscription.id }, 'Stripe could not collect an invoice');
    return 'processed';
  }
  // Usage charges whose invoice items are on this (finalised) invoice are complete.
  const items = (invoice.lines?.data ?? []).map((line) => line.invoice_item).filter((id): id is string => Boolean(id));
  const completed = await completeCharges(ctx.db, await usageChargeIdsByExternalIds(ctx.db, subscription.id, items), {
    invoice_id: invoice.id,
  });
  if (type === 'invoice.finalized') {
    await updateSubscription(ctx.db, subscription.id, { last_billed_at: new Date() }, { last_invoice_id: invoice.id });
    return completed > 0 ? 'processed' : 'skipped';
  }
  // invoice.paid: a renewal is a recurring charge, recorded once per invoice.
  if (invoice.billing_reason !== 'subscription_cycle') return completed > 0 ? 'processed' : 'skipped';
  if (await recurringChargeExists(ctx.db, subscription.id, invoice.id)) return completed > 0 ? 'processed' : 'skipped';
  await insertCharge(ctx.db, {
    subscription_id: subscription.id,
    brand_id: subscription.brand_id,
    plan_id: subscription.plan_id,
    amount: (invoice.amount_paid ?? invoice.total ?? 0) / 100,
    type: 'recurring',
    status: 'complete',
    external_id: invoice.id,
    charge_collected_at: new Date(),
    description: 'Monthly subscription renewal',
  });
  return 'processed';
}

const appSubscriptionFields = z.looseObject({
  admin_graphql_api_id: z.string(),
  status: z.string(),
  updated_at: z.string().nullish(),
});
/** Wrapped in `app_subscription` (current API versions) or, as early versions sent it, at the top. */
const appSubscriptionSchema = z.union([
  z.looseObject({ app_subscription: appSubscriptionFields }),
  appSubscriptionFields.transform((fields) => ({ app_subscription: fields })),
]);

/** Shopify app_subscriptions/update: the app subscription's new status applied (older updates ignored). */
export async function processShopifyAppSubscription(ctx: AppContext, stored: WebhookEvent): Promise<Outcome> {
  const parsed = appSubscriptionSchema.safeParse(stored.payload);
  if (!parsed.success) return 'skipped';
  const { admin_graphql_api_id: id, status, updated_at: updatedAt } = parsed.data.app_subscription;
  const subscription = await findSubscriptionByExternalId(ctx.db, 'shopify', id);
  const mapped = mapShopifyStatus(status);
  if (!subscription || !mapped) {
    ctx.logger.warn({ webhook_event_id: stored.id, status }, 'app subscription update Reclaim cannot apply');
    return 'skipped';
  }
  const at = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  const known = Date.parse(String(subscription.extra_data.shopify_updated_at ?? ''));
  if (!Number.isNaN(at) && !Number.isNaN(known) && at < known) return 'skipped';
  await applyRemoteState(ctx, subscription.id, { status: mapped });
  if (!Number.isNaN(at))
    await updateSubscription(ctx.db, subscription.id, {}, { shopify_updated_at: new Date(at).toISOString() });
  return 'processed';
}
