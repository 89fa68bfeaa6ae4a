/**
 * `reclaim billing sync` and the worker's hourly `billing:sync`: the store's cancel events, every
 * pending or live subscription reconciled with its gateway (Stripe: the account's subscriptions,
 * 100 a page; Shopify: each app subscription by id), then usage charges created and pushed.
 * One run at a time: a second run waits for the first (a transaction-scoped advisory lock), then
 * finds nothing left to do. A run cut short is safe to repeat: charges are unique per order and
 * every remote call carries an idempotency key.
 */
import { coerceError, type AppContext } from '../app/index.ts';
import { raiseBillingSyncFailed } from '../notifications/index.ts';
import { shopifyBillingClient } from './gateways.ts';
import { applyRemoteState, processBillingEvents, type StatusChange } from './lifecycle.ts';
import { isLive, LIVE_STATUSES, mapShopifyStatus, mapStripeStatus } from './rules.ts';
import { getAppSubscription, type AppSubscription } from './shopify-billing.ts';
import {
  findBrand,
  findSubscription,
  lockSync,
  subscriptionsInStatus,
  tryLockSync,
  type Subscription,
} from './store/subscriptions.ts';
import {
  listAllSubscriptions,
  retrieveCheckoutSession,
  retrieveSubscription,
  type StripeSubscription,
} from './stripe.ts';
import { pushUsageCharges, type UsageOutcome } from './usage.ts';

/** pg advisory lock key of the billing sync ('billing' in ASCII). */
const SYNC_LOCK_KEY = 0x62696c6c;

export interface SubscriptionSync {
  subscription_id: number;
  gateway: string | null;
  from: string;
  to: string;
  usage: UsageOutcome | null;
  error: string | null;
}

export interface BrandSync {
  brand_id: number;
  brand_name: string;
  subscriptions: SubscriptionSync[];
  usage_created: number;
  usage_created_amount: number;
  usage_pushed: number;
  usage_queued: number;
  usage_queued_amount: number;
  held_over_cap_amount: number;
  invoiced: number;
  /** What the operator must know (usage held over the Shopify cap). */
  notices: string[];
  errors: string[];
}

export interface SyncResult {
  waited_for_other_run: boolean;
  events: { processed: number; cancelled: number[] };
  brands: BrandSync[];
  errors: number;
  duration_ms: number;
}

const secondsToDate = (value: number | null | undefined): Date | null => (value ? new Date(value * 1000) : null);

/** Our view of a Stripe subscription (2023-08-16 fields). */
export function stripeRemoteState(remote: StripeSubscription): Parameters<typeof applyRemoteState>[2] | undefined {
  const status = mapStripeStatus(remote.status);
  if (!status) return undefined;
  return {
    status,
    externalId: remote.id,
    trialStart: secondsToDate(remote.trial_start),
    trialEnd: secondsToDate(remote.trial_end),
    periodStart: secondsToDate(remote.current_period_start),
    periodEnd: secondsToDate(remote.current_period_end),
  };
}

interface Reconciled {
  change?: StatusChange;
  /** The Shopify app subscription as read now (usage is pushed against it without reading it again). */
  shopifyRemote?: AppSubscription | null;
}

/** Reconciles one subscription with its gateway; the Stripe list (when read) saves a call per subscription. */
async function reconcile(
  ctx: AppContext,
  subscription: Subscription,
  stripeById: Map<string, StripeSubscription> | undefined,
): Promise<Reconciled> {
  if (subscription.gateway === 'shopify') {
    if (!subscription.external_id) return {};
    const remote = await getAppSubscription(
      await shopifyBillingClient(ctx, subscription.gateway_account_id),
      subscription.external_id,
    );
    const status = remote ? mapShopifyStatus(remote.status) : undefined;
    return {
      shopifyRemote: remote,
      change: status
        ? await applyRemoteState(ctx, subscription.id, {
            status,
            periodEnd: remote?.currentPeriodEnd ? new Date(remote.currentPeriodEnd) : null,
          })
        : undefined,
    };
  }
  if (subscription.gateway !== 'stripe') return {};
  let externalId = subscription.external_id;
  if (!externalId) {
    const sessionId = subscription.extra_data.checkout_session_id;
    if (typeof sessionId !== 'string') return {};
    const session = await retrieveCheckoutSession(ctx.clients.stripe, sessionId);
    if (!session.subscription) return {};
    externalId = session.subscription;
  }
  const remote = stripeById?.get(externalId) ?? (await retrieveSubscription(ctx.clients.stripe, externalId));
  const state = stripeRemoteState(remote);
  return { change: state ? await applyRemoteState(ctx, subscription.id, state) : undefined };
}

const emptyBrand = (brandId: number, name: string): BrandSync => ({
  brand_id: brandId,
  brand_name: name,
  subscriptions: [],
  usage_created: 0,
  usage_created_amount: 0,
  usage_pushed: 0,
  usage_queued: 0,
  usage_queued_amount: 0,
  held_over_cap_amount: 0,
  invoiced: 0,
  notices: [],
  errors: [],
});

const addMoney = (a: number, b: number): number => Math.round((a + b) * 100) / 100;

/** Staff are told once per subscription and failure (the hourly retry failing alike adds nothing). */
async function notifyFailure(ctx: AppContext, subscription: Subscription, error: string): Promise<void> {
  try {
    await raiseBillingSyncFailed(ctx.db, {
      brandId: subscription.brand_id,
      subscriptionId: subscription.id,
      gateway: subscription.gateway,
      error,
    });
  } catch (raiseError) {
    ctx.logger.error(
      { err: raiseError, subscription_id: subscription.id },
      'billing sync failure notification not raised',
    );
  }
}

export async function billingSync(
  ctx: AppContext,
  { brandId, now = new Date() }: { brandId?: number; now?: Date } = {},
): Promise<SyncResult> {
  const started = Date.now();
  return ctx.db.transaction(async (lock) => {
    const waited = !(await tryLockSync(lock, SYNC_LOCK_KEY));
    if (waited) {
      ctx.logger.info('another billing sync is running; waiting for it to finish');
      await lockSync(lock, SYNC_LOCK_KEY);
    }

    const events = await processBillingEvents(ctx, { brandId });
    const subscriptions = await subscriptionsInStatus(ctx.db, ['pending_setup', ...LIVE_STATUSES], brandId);
    const brands = new Map<number, BrandSync>();
    const brandOf = async (id: number): Promise<BrandSync> => {
      let entry = brands.get(id);
      if (!entry) {
        entry = emptyBrand(id, (await findBrand(ctx.db, id))?.name ?? `brand ${id}`);
        brands.set(id, entry);
      }
      return entry;
    };

    let stripeById: Map<string, StripeSubscription> | undefined;
    if (subscriptions.some((s) => s.gateway === 'stripe' && s.external_id) && ctx.config.STRIPE_SECRET_KEY) {
      try {
        stripeById = new Map((await listAllSubscriptions(ctx.clients.stripe)).map((remote) => [remote.id, remote]));
      } catch (error) {
        ctx.logger.warn({ err: error }, 'Stripe subscriptions could not be listed; each is read on its own');
      }
    }

    for (const subscription of subscriptions) {
      const brand = await brandOf(subscription.brand_id);
      const entry: SubscriptionSync = {
        subscription_id: subscription.id,
        gateway: subscription.gateway,
        from: subscription.status,
        to: subscription.status,
        usage: null,
        error: null,
      };
      brand.subscriptions.push(entry);
      try {
        const { change, shopifyRemote } = await reconcile(ctx, subscription, stripeById);
        const current = (await findSubscription(ctx.db, subscription.id))!;
        entry.to = change?.to ?? current.status;
        if (isLive(current.status)) {
          const usage = await pushUsageCharges(ctx, current, { now, shopifyRemote });
          entry.usage = usage;
          brand.usage_created += usage.created;
          brand.usage_created_amount = addMoney(brand.usage_created_amount, usage.created_amount);
          brand.usage_pushed += usage.pushed;
          brand.usage_queued += usage.queued;
          brand.usage_queued_amount = addMoney(brand.usage_queued_amount, usage.queued_amount);
          brand.held_over_cap_amount = addMoney(brand.held_over_cap_amount, usage.held_amount);
          brand.invoiced += usage.invoiced;
          if (usage.held_over_cap > 0)
            brand.notices.push(
              `${usage.held_over_cap} usage charge(s) (${usage.held_amount} USD) stay queued: the Shopify cap of this 30-day interval is reached`,
            );
        }
      } catch (error) {
        const message = coerceError(error).message;
        entry.error = message;
        brand.errors.push(`subscription ${subscription.id}: ${message}`);
        ctx.logger.warn(
          { err: error, subscription_id: subscription.id },
          'billing sync failed for a subscription; the others go on',
        );
        await notifyFailure(ctx, subscription, message);
      }
    }

    const list = [...brands.values()].sort((a, b) => a.brand_id - b.brand_id);
    return {
      waited_for_other_run: waited,
      events,
      brands: list,
      errors: list.reduce((total, brand) => total + brand.subscriptions.filter((s) => s.error).length, 0),
      duration_ms: Date.now() - started,
    };
  });
}
