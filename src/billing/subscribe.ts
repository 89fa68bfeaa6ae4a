/**
 * Subscribe (spec 1 sections 4, 5, 7): the form checked with its messages, then a pending_setup
 * subscription with a pending recurring charge, and the gateway's page the brand confirms on:
 * a Stripe checkout session, or a Shopify app subscription's confirmation URL. Everything local
 * happens in one transaction that also spans the gateway calls, so a refused call leaves nothing
 * behind; a re-run while the first checkout is still open returns that checkout.
 */
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import { withTransaction, type Tx } from '../db/index.ts';
import { findConnectedIntegration } from '../stores/index.ts';
import { shopifyBillingClient } from './gateways.ts';
import { createCustomPlan } from './plans.ts';
import {
  assertNoProblems,
  BILLING_ERRORS,
  firstMonthDiscount,
  GATEWAYS,
  LIVE_STATUSES,
  shopifyTestCharge,
  subscribeFormProblems,
  USAGE_CAP_USD,
  type Gateway,
  type SubscribeForm,
  type SubscribeSource,
} from './rules.ts';
import { createAppSubscription, usageLine } from './shopify-billing.ts';
import { insertCharge } from './store/charges.ts';
import { findPlan, planGatewayId, setPlanGatewayId, type Plan } from './store/plans.ts';
import {
  brandSubscriptions,
  findBrand,
  findPaymentSource,
  findPaymentSourceById,
  insertPaymentSource,
  insertSubscription,
  oldestActivatedAt,
  updatePaymentSource,
  updateSubscription,
  type BrandRow,
} from './store/subscriptions.ts';
import { createCheckoutSession, createFirstMonthPromotion, createPlanPrice, findOrCreateCustomer } from './stripe.ts';

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

const fail = (message: string, error: unknown, code: string): AppError =>
  new AppError(isAppError(error) && error.kind === 'invalid_input' ? 'invalid_input' : 'upstream', message, {
    code,
    details: { reason: (error as Error).message },
    cause: error,
  });

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
    throw new AppError(
      'conflict',
      `The brand already has a live subscription (${live.id}, ${live.status}); change its plan with 'reclaim billing change-plan' or cancel it first.`,
      { code: 'already_subscribed', details: { subscription_id: live.id } },
    );
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
      throw fail(BILLING_ERRORS.subscriptionsCreation, error, 'subscription_insert_failed');
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
    throw fail(BILLING_ERRORS.paymentSourceCreation, error, 'payment_source_failed');
  }
}

/** The plan's Stripe price id, made (product + monthly USD price) and kept on first use. */
export async function stripePriceFor(ctx: AppContext, tx: Tx, plan: Plan): Promise<string> {
  const known = await planGatewayId(tx, plan.id, 'stripe');
  if (known) return known;
  const features = Array.isArray(plan.extra_data.features) ? (plan.extra_data.features as unknown[]) : [];
  const priceId = await createPlanPrice(ctx.clients.stripe, {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    price: plan.price,
    features,
  });
  if (!priceId) throw new AppError('upstream', BILLING_ERRORS.priceIdNotFound, { code: 'price_missing' });
  await setPlanGatewayId(tx, plan.id, 'stripe', priceId);
  return priceId;
}

interface RemoteStart {
  externalId: string | null;
  extra: Record<string, unknown>;
}

async function startStripeCheckout(
  ctx: AppContext,
  tx: Tx,
  input: {
    plan: Plan;
    subscriptionId: number;
    brand: BrandRow;
    paymentSourceId: number;
    returnUrl: string;
    trialDays: number | null;
    discount: number;
    now: Date;
  },
): Promise<RemoteStart> {
  const source = await findPaymentSourceById(tx, input.paymentSourceId);
  if (!source?.external_id)
    throw new AppError('upstream', BILLING_ERRORS.customerIdNotFound, { code: 'customer_missing' });
  try {
    const stripe = ctx.clients.stripe;
    const priceId = await stripePriceFor(ctx, tx, input.plan);
    // Checkout discounts apply only with no trial and an amount above 0 (spec 1 section 5).
    const promotion =
      !input.trialDays && input.discount > 0
        ? await createFirstMonthPromotion(stripe, {
            amountUsd: input.discount,
            planName: input.plan.name,
            subscriptionId: input.subscriptionId,
            now: input.now,
          })
        : null;
    const metadata = {
      reclaim_subscription_id: String(input.subscriptionId),
      brand_id: String(input.brand.id),
      plan_id: String(input.plan.id),
    };
    const session = await createCheckoutSession(stripe, {
      customerId: source.external_id,
      priceId,
      returnUrl: input.returnUrl,
      trialDays: input.trialDays,
      promotionCodeId: promotion?.promotionCodeId ?? null,
      metadata,
    });
    return {
      externalId: null,
      extra: {
        checkout_session_id: session.id,
        checkout_url: session.url,
        checkout_expired_at: new Date(session.expires_at * 1000).toISOString(),
        stripe_price_id: priceId,
        ...(promotion
          ? {
              stripe_coupon_id: promotion.couponId,
              stripe_promotion_code_id: promotion.promotionCodeId,
              stripe_promotion_code: promotion.code,
            }
          : {}),
      },
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'stripe_not_configured') throw error;
    throw fail(BILLING_ERRORS.failedToCreate, error, 'subscription_create_failed');
  }
}

async function startShopifySubscription(
  ctx: AppContext,
  tx: Tx,
  input: {
    plan: Plan;
    subscriptionId: number;
    paymentSourceId: number;
    returnUrl: string;
    trialDays: number | null;
    discount: number;
  },
): Promise<RemoteStart> {
  const source = await findPaymentSourceById(tx, input.paymentSourceId);
  try {
    const client = await shopifyBillingClient(ctx, source?.gateway_account_id);
    const { subscription, confirmationUrl } = await createAppSubscription(client, {
      name: input.plan.name,
      returnUrl: input.returnUrl,
      trialDays: input.trialDays ?? 0,
      test: shopifyTestCharge(ctx.config.NODE_ENV),
      priceUsd: input.plan.price,
      ...(input.discount > 0 ? { firstIntervalDiscountUsd: input.discount } : {}),
      usageCapUsd: USAGE_CAP_USD,
      usageTerms: `${input.plan.usage_charge_percentage}% of sales recovered by Reclaim`,
    });
    return {
      externalId: subscription.id,
      extra: {
        checkout_url: confirmationUrl,
        shopify_usage_line_item_id: usageLine(subscription)?.id ?? null,
        shopify_test: subscription.test,
      },
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'invalid_payment_source') throw error;
    throw fail(BILLING_ERRORS.failedToCreate, error, 'subscription_create_failed');
  }
}
