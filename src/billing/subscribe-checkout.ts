/**
 * The gateway side of a subscribe: the page the brand confirms on. Through Stripe, a checkout
 * session for the plan's Stripe price (made on first use), with the first month's discount as a
 * promotion code; through Shopify, an app subscription with a recurring and a capped usage line,
 * and its confirmation URL. Both run inside the subscribe's transaction, so a refused call leaves
 * nothing behind.
 */
import { AppError, isAppError, type AppContext } from '../app/index.ts';
import type { Tx } from '../db/index.ts';
import { shopifyBillingClient } from './gateways.ts';
import { BILLING_ERRORS, shopifyTestCharge, USAGE_CAP_USD } from './rules.ts';
import { createAppSubscription, usageLine } from './shopify-billing.ts';
import { planGatewayId, setPlanGatewayId, type Plan } from './store/plans.ts';
import { findPaymentSourceById, type BrandRow } from './store/subscriptions.ts';
import { createCheckoutSession, createFirstMonthPromotion, createPlanPrice } from './stripe.ts';

/** A failed subscribe step: invalid_input when the cause was, else upstream, with the cause's message. */
export const subscribeFailure = (message: string, error: unknown, code: string): AppError =>
  new AppError(isAppError(error) && error.kind === 'invalid_input' ? 'invalid_input' : 'upstream', message, {
    code,
    details: { reason: (error as Error).message },
    cause: error,
  });

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

export interface RemoteStart {
  externalId: string | null;
  extra: Record<string, unknown>;
}

export async function startStripeCheckout(
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
    throw subscribeFailure(BILLING_ERRORS.failedToCreate, error, 'subscription_create_failed');
  }
}

export async function startShopifySubscription(
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
    throw subscribeFailure(BILLING_ERRORS.failedToCreate, error, 'subscription_create_failed');
  }
}
