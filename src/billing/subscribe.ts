/**
 * Subscribe (spec 1 sections 4, 5, 7): the form checked with its messages, then a pending_setup
 * subscription with a pending recurring charge, and the gateway's page the brand confirms on:
 * a Stripe checkout session, or a Shopify app subscription's confirmation URL (started in
 * subscribe-checkout.ts). Everything local happens in one transaction that also spans the gateway
 * calls, so a refused call leaves nothing behind; a re-run while the first checkout is still open
 * returns that checkout.
 */
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { withTransaction, type Tx } from '../db/index.ts';
import { findConnectedIntegration } from '../stores/index.ts';
import { createCustomPlan } from './plans.ts';
import {
  assertNoProblems,
  BILLING_ERRORS,
  firstMonthDiscount,
  GATEWAYS,
  LIVE_STATUSES,
  subscribeFormProblems,
  type Gateway,
  type SubscribeForm,
  type SubscribeSource,
} from './rules.ts';
import { insertCharge } from './store/charges.ts';
import { findPlan, type Plan } from './store/plans.ts';
import {
  brandSubscriptions,
  findBrand,
  findPaymentSource,
  insertPaymentSource,
  insertSubscription,
  oldestActivatedAt,
  updatePaymentSource,
  updateSubscription,
  type BrandRow,
} from './store/subscriptions.ts';
import { findOrCreateCustomer } from './stripe.ts';
import { startShopifySubscription, startStripeCheckout, subscribeFailure } from './subscribe-checkout.ts';

export interface SubscribeInput extends SubscribeForm {
  returnUrl?: string | null;
  /** Defaults to the brand's Shopify store when it has a connected one, else Stripe. */
  paymentSource?: string | null;
  now?: Date;
}

export interface SubscribeResult {
  subscription_id: number;
  brand_id: number;
  plan_id: number;
  plan_name: string;
  gateway: Gateway;
  status: string;
  /** Where the brand confirms: Stripe checkout or Shopify's confirmation page. */
  checkout_url: string | null;
  checkout_expires_at: string | null;
  discount_amount: number;
  trial_days: number | null;
  /** True when an open checkout for the same plan was returned instead of a new one. */
  reused: boolean;
}

/** The gateway a subscribe goes through: as asked, else the brand's Shopify store, else Stripe. */
export async function chooseGateway(
  ctx: AppContext,
  brandId: number,
  asked: string | null | undefined,
): Promise<Gateway> {
  if (asked) {
    if (!(GATEWAYS as readonly string[]).includes(asked))
      throw new AppError('invalid_input', BILLING_ERRORS.invalidGateway, { code: 'invalid_gateway' });
    return asked as Gateway;
  }
  return (await findConnectedIntegration(ctx.db, { brandId, platform: 'shopify' })) ? 'shopify' : 'stripe';
}

function openCheckout(subscription: { extra_data: Record<string, unknown> }, now: Date): boolean {
  const expires = subscription.extra_data.checkout_expired_at;
  return (
    typeof subscription.extra_data.checkout_url === 'string' &&
    (typeof expires !== 'string' || Date.parse(expires) > now.getTime())
  );
}

export async function subscribe(ctx: AppContext, input: SubscribeInput): Promise<SubscribeResult> {
  assertNoProblems(subscribeFormProblems(input));
  const now = input.now ?? new Date();
  const brandId = Number(input.brandId);
  const custom = String(input.planId).trim() === 'custom';
  const brand = await findBrand(ctx.db, brandId);
  const named = custom
    ? await findPlan(ctx.db, Number(input.duplicatePlanId))
    : await findPlan(ctx.db, Number(input.planId));
  if (!brand || !named)
    throw new AppError('not_found', BILLING_ERRORS.planOrBrandNotFound, { code: 'plan_or_brand_not_found' });
  if (named.status !== 'published' && named.status !== 'custom')
    throw new AppError('invalid_input', BILLING_ERRORS.invalidPlan, {
      code: 'invalid_plan',
      details: { status: named.status },
    });
  const gateway = await chooseGateway(ctx, brandId, input.paymentSource);
  const returnUrl = input.returnUrl?.trim();
  if (!returnUrl) throw new AppError('invalid_input', BILLING_ERRORS.returnUrlNotFound, { code: 'return_url_missing' });
  if (gateway === 'shopify' && !ctx.config.NODE_ENV)
    throw new AppError('invalid_input', BILLING_ERRORS.environmentNotFound, { code: 'environment_missing' });
  const billingEmail = String(input.billingEmail).trim().toLowerCase();
  const trialDays = input.trialDays === undefined || input.trialDays === null ? null : Number(input.trialDays);
  const source: SubscribeSource = (input.source as SubscribeSource | null | undefined) ?? 'web-admin';
  const applyDiscount =
    trialDays === null && input.applyFirstMonthDiscount !== false && input.applyFirstMonthDiscount !== 'false';

  const live = (await brandSubscriptions(ctx.db, brandId, LIVE_STATUSES))[0];
  if (live)
    throw new AppError('conflict', 'The brand already has a plan: change it, or cancel it first.', {
      code: 'already_subscribed',
      details: { subscription_id: live.id },
      cliMessage: `The brand already has a live subscription (${live.id}, ${live.status}); change its plan with 'reclaim billing change-plan' or cancel it first.`,
    });
  if (!custom) {
    const open = (await brandSubscriptions(ctx.db, brandId, ['pending_setup'])).find(
      (s) => s.plan_id === named.id && s.gateway === gateway && openCheckout(s, now),
    );
    if (open) return resultOf(open.id, brandId, named, gateway, open.extra_data, true);
  }

  return withTransaction(ctx.db, async (tx) => {
    const plan = custom ? await planForCustom(tx, input) : named;
    const discount = applyDiscount ? firstMonthDiscount(plan.price, await oldestActivatedAt(tx, brandId), now) : 0;
    const paymentSourceId = await paymentSourceFor(ctx, tx, { brand, gateway, billingEmail });
    const extra = {
      source,
      discount_amount: discount,
      trial_days: trialDays,
      billing_email: billingEmail,
      first_month_free: discount > 0 && discount >= plan.price,
      gateway,
      return_url: returnUrl,
    };
    let subscriptionId: number;
    try {
      subscriptionId = await insertSubscription(tx, {
        brand_id: brandId,
        plan_id: plan.id,
        payment_source_id: paymentSourceId,
        billing_email: billingEmail,
        extra_data: extra,
      });
      await insertCharge(tx, {
        subscription_id: subscriptionId,
        brand_id: brandId,
        plan_id: plan.id,
        amount: Math.max(0, plan.price - discount),
        type: 'recurring',
        status: 'pending',
        description: `${plan.name}: first month${discount > 0 ? ` (${discount} USD off)` : ''}`,
        extra: { list_price: plan.price, discount_amount: discount },
      });
    } catch (error) {
      throw subscribeFailure(BILLING_ERRORS.subscriptionsCreation, error, 'subscription_insert_failed');
    }
    const remote =
      gateway === 'stripe'
        ? await startStripeCheckout(ctx, tx, {
            plan,
            subscriptionId,
            brand,
            paymentSourceId,
            returnUrl,
            trialDays,
            discount,
            now,
          })
        : await startShopifySubscription(ctx, tx, {
            plan,
            subscriptionId,
            paymentSourceId,
            returnUrl,
            trialDays,
            discount,
          });
    await updateSubscription(tx, subscriptionId, { external_id: remote.externalId }, remote.extra);
    ctx.logger.info(
      { brand_id: brandId, subscription_id: subscriptionId, plan_id: plan.id, gateway },
      'subscription created; waiting for the brand to confirm',
    );
    return resultOf(subscriptionId, brandId, plan, gateway, { ...extra, ...remote.extra }, false);
  });
}

function resultOf(
  id: number,
  brandId: number,
  plan: Pick<Plan, 'id' | 'name'>,
  gateway: Gateway,
  extra: Record<string, unknown>,
  reused: boolean,
): SubscribeResult {
  return {
    subscription_id: id,
    brand_id: brandId,
    plan_id: plan.id,
    plan_name: plan.name,
    gateway,
    status: 'pending_setup',
    checkout_url: typeof extra.checkout_url === 'string' ? extra.checkout_url : null,
    checkout_expires_at: typeof extra.checkout_expired_at === 'string' ? extra.checkout_expired_at : null,
    discount_amount: Number(extra.discount_amount ?? 0),
    trial_days: extra.trial_days === null || extra.trial_days === undefined ? null : Number(extra.trial_days),
    reused,
  };
}

async function planForCustom(tx: Tx, input: SubscribeInput): Promise<Plan> {
  const created = await createCustomPlan(tx, {
    planId: input.duplicatePlanId,
    rate: input.planRate,
    price: input.planPrice,
  });
  return (await findPlan(tx, created.id))!;
}

/** The brand's payment source for the gateway: a Stripe customer, or the brand's Shopify store. */
async function paymentSourceFor(
  ctx: AppContext,
  tx: Tx,
  { brand, gateway, billingEmail }: { brand: BrandRow; gateway: Gateway; billingEmail: string },
): Promise<number> {
  try {
    const known = await findPaymentSource(tx, brand.id, gateway);
    if (gateway === 'shopify') {
      const integration = await findConnectedIntegration(tx, { brandId: brand.id, platform: 'shopify' });
      if (!integration)
        throw new AppError('invalid_input', BILLING_ERRORS.invalidPaymentSource, {
          code: 'invalid_payment_source',
          details: { reason: 'the brand has no connected Shopify store' },
        });
      if (known) {
        await updatePaymentSource(tx, known.id, {
          external_id: integration.lookup_id,
          gateway_account_id: String(integration.id),
        });
        return known.id;
      }
      return (
        await insertPaymentSource(tx, {
          brand_id: brand.id,
          gateway,
          external_id: integration.lookup_id,
          gateway_account_id: String(integration.id),
        })
      ).id;
    }
    const customerId = await findOrCreateCustomer(ctx.clients.stripe, {
      email: billingEmail,
      name: brand.name,
      phone: brand.support_phone,
      metadata: { brand_id: String(brand.id), brand_name: brand.name },
    });
    if (known) {
      if (known.external_id !== customerId) await updatePaymentSource(tx, known.id, { external_id: customerId });
      return known.id;
    }
    return (await insertPaymentSource(tx, { brand_id: brand.id, gateway, external_id: customerId })).id;
  } catch (error) {
    if (isAppError(error) && error.code === 'invalid_payment_source') throw error;
    if (isAppError(error) && error.code === 'stripe_not_configured') throw error;
    throw subscribeFailure(BILLING_ERRORS.paymentSourceCreation, error, 'payment_source_failed');
  }
}
