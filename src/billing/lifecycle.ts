/**
 * A subscription after subscribe (spec 1 section 4): remote statuses applied (activation sets
 * activated_at and completes pending recurring charges), cancel, plan change (the old one
 * cancelled, a new pending_setup one created), the store's cancel events, the billing portal.
 */
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { requireBrand, shopifyBillingClient } from './gateways.ts';
import { createCustomPlan } from './plans.ts';
import {
  activates,
  assertNoProblems,
  BILLING_ERRORS,
  isLive,
  planChangeFormProblems,
  type Gateway,
  type PlanChangeForm,
  type SubscriptionStatus,
} from './rules.ts';
import { cancelAppSubscription } from './shopify-billing.ts';
import { completeCharges } from './charges.ts';
import { completePendingRecurring, queuedUsageCharges } from './store/charges.ts';
import { markEventProcessed, pendingCancelEvents } from './store/events.ts';
import { findPlan } from './store/plans.ts';
import {
  brandSubscriptions,
  findSubscription,
  insertSubscription,
  lockSubscription,
  updateSubscription,
  type Subscription,
} from './store/subscriptions.ts';
import {
  cancelSubscription as cancelStripeSubscription,
  changeSubscriptionPrice,
  expireCheckoutSession,
  retrieveSubscription,
} from './stripe.ts';
import { invoiceStripeUsage, pushUsageCharges } from './usage.ts';
import { stripePriceFor } from './subscribe-checkout.ts';
import { subscribe, type SubscribeResult } from './subscribe.ts';

/** Statuses a subscription never leaves once it has them. */
const FINAL: readonly SubscriptionStatus[] = ['cancelled', 'expired', 'declined'];

export interface RemoteState {
  status: SubscriptionStatus;
  externalId?: string | null;
  trialStart?: Date | null;
  trialEnd?: Date | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Merged into extra_data with the change. */
  extra?: Record<string, unknown>;
}

export interface StatusChange {
  subscription_id: number;
  from: SubscriptionStatus;
  to: SubscriptionStatus;
  changed: boolean;
  activated: boolean;
  charges_completed: number;
}

const iso = (at: Date | null | undefined): string | null => (at ? at.toISOString() : null);

/**
 * Applies what the gateway says of a subscription. Activation (first live status) sets
 * activated_at and completes the pending recurring charges; a cancelled subscription completes its
 * queued usage charges (Stripe bills what it already holds on the final invoice). A final local
 * status (cancelled, expired, declined) is never left again.
 */
export async function applyRemoteState(
  ctx: AppContext,
  subscriptionId: number,
  remote: RemoteState,
): Promise<StatusChange> {
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockSubscription(tx, subscriptionId);
    if (!current)
      throw new AppError('not_found', BILLING_ERRORS.subscriptionNotFound, { code: 'subscription_not_found' });
    const from = current.status;
    const extra = {
      ...(remote.periodStart ? { current_period_start: iso(remote.periodStart) } : {}),
      ...(remote.periodEnd ? { current_period_end: iso(remote.periodEnd) } : {}),
      remote_status_seen_at: new Date().toISOString(),
      ...remote.extra,
    };
    // Final statuses stay; a gateway still calling it pending never takes a subscription back.
    const to = FINAL.includes(from) || remote.status === 'pending_setup' ? from : remote.status;
    const activated = activates(current, to);
    await updateSubscription(
      tx,
      subscriptionId,
      {
        status: to,
        ...(remote.externalId && !current.external_id ? { external_id: remote.externalId } : {}),
        ...(activated ? { activated_at: new Date() } : {}),
        ...(to === 'cancelled' && from !== 'cancelled' ? { cancelled_at: new Date() } : {}),
        ...(remote.trialStart !== undefined ? { trial_start_at: remote.trialStart } : {}),
        ...(remote.trialEnd !== undefined ? { trial_end_at: remote.trialEnd } : {}),
      },
      extra,
    );
    let completed = activated ? await completePendingRecurring(tx, subscriptionId) : 0;
    if (to === 'cancelled' && from !== 'cancelled' && current.gateway === 'stripe') {
      completed += await completeCharges(
        tx,
        (await queuedUsageCharges(tx, subscriptionId)).map((charge) => charge.id),
        { completed_by: 'subscription_cancelled' },
      );
    }
    if (from !== to)
      ctx.logger.info(
        { subscription_id: subscriptionId, brand_id: current.brand_id, from, to, activated },
        'subscription status changed',
      );
    return { subscription_id: subscriptionId, from, to, changed: from !== to, activated, charges_completed: completed };
  });
}

/** A cancelled Shopify charge whose shop answers 402 Payment Required: the charge is gone with the shop's billing. */
const isPaymentRequired = (error: unknown): boolean =>
  isAppError(error) && (error.details?.status === 402 || /payment required/i.test(error.message));

/** Cancels the subscription at its gateway. 'tolerated' when Shopify answered Payment Required. */
async function cancelRemote(ctx: AppContext, subscription: Subscription): Promise<'cancelled' | 'tolerated' | 'none'> {
  const session = subscription.extra_data.checkout_session_id;
  if (!subscription.external_id && subscription.gateway === 'stripe' && typeof session === 'string') {
    await expireCheckoutSession(ctx.clients.stripe, session).catch((error: unknown) =>
      ctx.logger.warn({ err: error, subscription_id: subscription.id }, 'the open checkout could not be expired'),
    );
    return 'none';
  }
  if (!subscription.external_id) return 'none';
  try {
    if (subscription.gateway === 'stripe') {
      await invoiceStripeUsage(ctx, subscription, { force: true });
      await cancelStripeSubscription(ctx.clients.stripe, subscription.external_id);
    } else if (subscription.gateway === 'shopify') {
      await cancelAppSubscription(
        await shopifyBillingClient(ctx, subscription.gateway_account_id),
        subscription.external_id,
      );
    }
    return 'cancelled';
  } catch (error) {
    if (subscription.gateway === 'shopify' && isPaymentRequired(error)) {
      ctx.logger.warn(
        { subscription_id: subscription.id },
        'Shopify answered Payment Required to the cancel; tolerated',
      );
      return 'tolerated';
    }
    throw new AppError('upstream', BILLING_ERRORS.failedToCancel, {
      code: 'cancel_failed',
      details: { reason: (error as Error).message },
      cause: error,
    });
  }
}

export interface CancelResult {
  subscription_id: number;
  brand_id: number;
  from: SubscriptionStatus;
  status: SubscriptionStatus;
  remote: 'cancelled' | 'tolerated' | 'none' | 'skipped';
}

/**
 * Cancels a brand's subscription (the given one, else its newest live or pending one): usage still
 * queued is pushed and, on Stripe, invoiced; the gateway cancels; the row becomes cancelled.
 * `remote: false` only records it (the store already ended billing, e.g. the app was uninstalled).
 */
export async function cancelBrandSubscription(
  ctx: AppContext,
  {
    brandId,
    subscriptionId,
    reason = 'requested',
    remote = true,
  }: { brandId: number; subscriptionId?: number; reason?: string; remote?: boolean },
): Promise<CancelResult> {
  await requireBrand(ctx.db, brandId);
  const subscription = subscriptionId
    ? await findSubscription(ctx.db, subscriptionId)
    : (await brandSubscriptions(ctx.db, brandId)).find((s) => isLive(s.status) || s.status === 'pending_setup');
  if (subscriptionId && (!subscription || subscription.brand_id !== brandId))
    throw new AppError('not_found', BILLING_ERRORS.subscriptionNotFound, { code: 'subscription_not_found' });
  if (!subscription || FINAL.includes(subscription.status))
    throw new AppError('not_found', BILLING_ERRORS.noActiveSubscription, { code: 'no_active_subscription' });
  if (remote && isLive(subscription.status))
    await pushUsageCharges(ctx, subscription).catch((error: unknown) =>
      ctx.logger.warn({ err: error, subscription_id: subscription.id }, 'usage could not be pushed before the cancel'),
    );
  const outcome = remote ? await cancelRemote(ctx, subscription) : 'skipped';
  const change = await applyRemoteState(ctx, subscription.id, {
    status: 'cancelled',
    extra: { cancel_reason: reason },
  });
  return { subscription_id: subscription.id, brand_id: brandId, from: change.from, status: change.to, remote: outcome };
}

export interface PlanChangeInput extends PlanChangeForm {
  returnUrl?: string | null;
  billingEmail?: string | null;
  now?: Date;
}

export interface PlanChangeResult {
  cancelled_subscription_id: number;
  /** 'updated': Stripe moved the same subscription to the new price; 'recreated': a new checkout. */
  path: 'updated' | 'recreated';
  subscription: SubscribeResult;
}

/**
 * Plan change (spec 1 sections 4 and 8): the old subscription is cancelled and a new pending_setup
 * one created. On Stripe a live subscription is first moved to the new price in place (proration
 * invoiced at once) and the new row takes it over; if Stripe refuses, the error is logged and the
 * cancel-and-recreate path runs. On Shopify the old charge is cancelled ('Payment Required'
 * tolerated) and a new one must be confirmed.
 */
export async function changePlan(ctx: AppContext, input: PlanChangeInput): Promise<PlanChangeResult> {
  assertNoProblems(planChangeFormProblems(input));
  const brandId = Number(input.brandId);
  await requireBrand(ctx.db, brandId);
  const custom = String(input.planId).trim() === 'custom';
  const plan = custom ? undefined : await findPlan(ctx.db, Number(input.planId));
  if (!custom && !plan) throw new AppError('not_found', BILLING_ERRORS.planNotFound, { code: 'plan_not_found' });
  // The plan a custom one starts from, before the old subscription is cancelled: a typo changes nothing.
  if (custom && input.duplicatePlanId != null && !(await findPlan(ctx.db, Number(input.duplicatePlanId))))
    throw new AppError('not_found', BILLING_ERRORS.planNotFound, { code: 'plan_not_found' });
  const old = await findSubscription(ctx.db, Number(input.subscriptionId));
  // Another brand's subscription is answered like a missing one: nothing about it leaks.
  if (!old || old.brand_id !== brandId)
    throw new AppError('not_found', BILLING_ERRORS.subscriptionNotFound, { code: 'subscription_not_found' });
  if (FINAL.includes(old.status))
    throw new AppError('invalid_input', BILLING_ERRORS.invalidSubscription, { code: 'invalid_subscription' });
  if (plan?.id === old.plan_id)
    throw new AppError('invalid_input', BILLING_ERRORS.invalidPlan, {
      code: 'same_plan',
      details: { reason: 'the subscription is already on this plan' },
    });
  const gateway = (old.gateway ?? 'stripe') as Gateway;
  const form = {
    brandId,
    planId: input.planId,
    duplicatePlanId: input.duplicatePlanId,
    planRate: input.planRate,
    planPrice: input.planPrice,
    billingEmail: input.billingEmail ?? old.billing_email,
    applyFirstMonthDiscount: false,
    paymentSource: gateway,
    source: (old.extra_data.source as string | undefined) ?? 'web-admin',
    returnUrl: input.returnUrl ?? (old.extra_data.return_url as string | undefined),
    now: input.now,
  };

  if (!form.billingEmail)
    throw new AppError('invalid_input', BILLING_ERRORS.billingEmailNotFound, { code: 'billing_email_missing' });
  if (!form.returnUrl && !(gateway === 'stripe' && old.external_id && isLive(old.status)))
    throw new AppError('invalid_input', BILLING_ERRORS.returnUrlNotFound, { code: 'return_url_missing' });

  if (gateway === 'stripe' && old.external_id && isLive(old.status)) {
    const moved = await moveStripeSubscription(ctx, old, form).catch((error: unknown) => {
      ctx.logger.warn(
        { err: error, subscription_id: old.id },
        `${BILLING_ERRORS.failedToUpdate}${(error as Error).message}`,
      );
      return undefined;
    });
    if (moved) return { cancelled_subscription_id: old.id, path: 'updated', subscription: moved };
  }

  await cancelBrandSubscription(ctx, { brandId, subscriptionId: old.id, reason: 'plan_change' });
  try {
    return { cancelled_subscription_id: old.id, path: 'recreated', subscription: await subscribe(ctx, form) };
  } catch (error) {
    if (isAppError(error) && error.kind === 'invalid_input') throw error;
    throw new AppError('upstream', BILLING_ERRORS.failedToCreateNew, {
      code: 'create_new_failed',
      details: { reason: (error as Error).message },
      cause: error,
    });
  }
}

/** Moves a live Stripe subscription to the new plan's price; the new local row takes it over, active at once. */
async function moveStripeSubscription(
  ctx: AppContext,
  old: Subscription,
  form: Parameters<typeof subscribe>[1],
): Promise<SubscribeResult | undefined> {
  const stripe = ctx.clients.stripe;
  const remote = await retrieveSubscription(stripe, old.external_id!);
  return withTransaction(ctx.db, async (tx) => {
    const custom = String(form.planId).trim() === 'custom';
    const plan = custom
      ? (await findPlan(
          tx,
          (await createCustomPlan(tx, { planId: form.duplicatePlanId, rate: form.planRate, price: form.planPrice })).id,
        ))!
      : (await findPlan(tx, Number(form.planId)))!;
    const priceId = await stripePriceFor(ctx, tx, plan);
    const id = await insertSubscription(tx, {
      brand_id: old.brand_id,
      plan_id: plan.id,
      payment_source_id: old.payment_source_id!,
      billing_email: String(form.billingEmail),
      external_id: old.external_id,
      extra_data: {
        source: form.source,
        gateway: 'stripe',
        replaces_subscription_id: old.id,
        discount_amount: 0,
        trial_days: null,
        billing_email: form.billingEmail,
      },
    });
    await changeSubscriptionPrice(stripe, remote, priceId, {
      reclaim_subscription_id: String(id),
      brand_id: String(old.brand_id),
      plan_id: String(plan.id),
    });
    await updateSubscription(
      tx,
      old.id,
      { status: 'cancelled', cancelled_at: new Date() },
      { cancel_reason: 'plan_change', replaced_by_subscription_id: id },
    );
    return {
      subscription_id: id,
      brand_id: old.brand_id,
      plan_id: plan.id,
      plan_name: plan.name,
      gateway: 'stripe' as const,
      status: 'pending_setup',
      checkout_url: null,
      checkout_expires_at: null,
      discount_amount: 0,
      trial_days: null,
      reused: false,
    };
  });
}

/**
 * The store's cancel events (app uninstalled, frozen or closed shop): each cancels the brand's live
 * subscription once. Shopify billing ends with the shop, so its charge is not cancelled remotely.
 */
export async function processBillingEvents(
  ctx: AppContext,
  { brandId }: { brandId?: number } = {},
): Promise<{ processed: number; cancelled: number[] }> {
  const events = await pendingCancelEvents(ctx.db, { brandId });
  const cancelled: number[] = [];
  for (const event of events) {
    const brand = event.brand_id;
    const live = (await brandSubscriptions(ctx.db, brand)).filter(
      (s) => isLive(s.status) || s.status === 'pending_setup',
    );
    for (const subscription of live) {
      const remote = subscription.gateway === 'stripe';
      try {
        await cancelBrandSubscription(ctx, {
          brandId: brand,
          subscriptionId: subscription.id,
          reason: event.reason ?? 'store_event',
          remote,
        });
      } catch (error) {
        // The store is gone; the gateway refusing must not keep the brand billed by us.
        ctx.logger.warn({ err: error, subscription_id: subscription.id }, 'remote cancel failed; cancelled here only');
        await cancelBrandSubscription(ctx, {
          brandId: brand,
          subscriptionId: subscription.id,
          reason: event.reason ?? 'store_event',
          remote: false,
        });
      }
      cancelled.push(subscription.id);
    }
    await markEventProcessed(ctx.db, event.id);
  }
  return { processed: events.length, cancelled };
}
