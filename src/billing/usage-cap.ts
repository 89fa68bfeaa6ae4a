/**
 * Raising the usage cap of a brand's Shopify app subscription (`appSubscriptionLineItemUpdate`
 * with `cappedAmount`): Shopify answers a confirmation URL the merchant must approve; until then
 * the old cap holds, and usage beyond it stays queued. The asked cap is kept on the subscription
 * (extra_data.requested_capped_amount) so the panel and support can see what is pending.
 */
import { AppError, type AppContext } from '../app/index.ts';
import { requireBrand, shopifyBillingClient } from './gateways.ts';
import { BILLING_ERRORS, isLive } from './rules.ts';
import { getAppSubscription, updateUsageCap, usageLine } from './shopify-billing.ts';
import { brandSubscriptions, updateSubscription } from './store/subscriptions.ts';

export interface UsageCapResult {
  brand_id: number;
  subscription_id: number;
  line_item_id: string;
  current_cap_usd: number;
  requested_cap_usd: number;
  /** Where the merchant approves the new cap (Shopify's page). */
  confirmation_url: string | null;
}

export async function raiseUsageCap(
  ctx: AppContext,
  { brandId, amountUsd }: { brandId: number; amountUsd: number },
): Promise<UsageCapResult> {
  if (!Number.isFinite(amountUsd) || amountUsd <= 0 || Math.round(amountUsd * 100) !== amountUsd * 100)
    throw new AppError('invalid_input', 'The new cap must be a positive USD amount (at most two decimals)', {
      code: 'invalid_cap',
    });
  await requireBrand(ctx.db, brandId);
  const subscription = (await brandSubscriptions(ctx.db, brandId)).find((s) => isLive(s.status));
  if (!subscription?.external_id)
    throw new AppError('not_found', BILLING_ERRORS.noActiveSubscription, { code: 'no_active_subscription' });
  if (subscription.gateway !== 'shopify')
    throw new AppError('invalid_input', BILLING_ERRORS.invalidGateway, {
      code: 'invalid_gateway',
      details: { reason: 'only a Shopify app subscription has a usage cap to raise', gateway: subscription.gateway },
    });
  const client = await shopifyBillingClient(ctx, subscription.gateway_account_id);
  const remote = await getAppSubscription(client, subscription.external_id);
  if (!remote) throw new AppError('not_found', BILLING_ERRORS.subscriptionNotFound, { code: 'subscription_not_found' });
  const line = usageLine(remote);
  if (!line)
    throw new AppError('invalid_input', BILLING_ERRORS.invalidSubscription, {
      code: 'no_usage_line',
      details: { reason: 'the app subscription has no usage line' },
    });
  const current = Number(line.cappedAmount?.amount ?? 0);
  if (amountUsd <= current)
    throw new AppError('invalid_input', `The new cap must be above the current cap of ${current} USD`, {
      code: 'cap_not_raised',
      details: { current_cap_usd: current },
    });
  const { confirmationUrl } = await updateUsageCap(client, { lineItemId: line.id, cappedAmountUsd: amountUsd });
  await updateSubscription(
    ctx.db,
    subscription.id,
    {},
    { requested_capped_amount: amountUsd, requested_capped_amount_at: new Date().toISOString() },
  );
  return {
    brand_id: brandId,
    subscription_id: subscription.id,
    line_item_id: line.id,
    current_cap_usd: current,
    requested_cap_usd: amountUsd,
    confirmation_url: confirmationUrl,
  };
}
