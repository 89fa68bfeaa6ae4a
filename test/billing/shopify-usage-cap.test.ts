/**
 * Raising the usage cap of a brand's Shopify app subscription against the fake Shopify Admin:
 * `appSubscriptionLineItemUpdate` with the new cappedAmount, the confirmation URL the merchant
 * approves, the cap applied only after approval and then used by the usage push; the refusals
 * (no live subscription, a cap not above the current one, a Stripe subscription).
 */
import { describe, expect, it } from 'vitest';
import { billingSync, raiseUsageCap, subscribe } from '../../src/billing/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { ctx, growthPlan, RETURN_URL, shopify, useShopifyBilling } from './shopify-setup.ts';

const t = useTestDatabase();
const { shopifyBrand, activate, billableOrder } = useShopifyBilling(t);

async function liveSubscription(name: string) {
  const brand = await shopifyBrand(name);
  const result = await subscribe(ctx, {
    brandId: brand.brandId,
    planId: growthPlan,
    billingEmail: 'ap@brand.example',
    returnUrl: RETURN_URL,
    applyFirstMonthDiscount: false,
  });
  const gid = (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id as string;
  await activate(brand.shop, gid);
  return { ...brand, subscriptionId: result.subscription_id, gid };
}

const usageLineOf = (shop: string, gid: string) =>
  shopify
    .appSubscriptions(shop)
    .find((s) => s.id === gid)!
    .lineItems.find((line) => line.kind === 'usage')!;

describe('raiseUsageCap', () => {
  it('asks Shopify for the new cap and returns the URL the merchant approves; the cap applies once approved', async () => {
    const { brandId, shop, integrationId, subscriptionId, gid } = await liveSubscription('Cedar Goods');
    const result = await raiseUsageCap(ctx, { brandId, amountUsd: 15_000 });
    expect(result).toMatchObject({
      brand_id: brandId,
      subscription_id: subscriptionId,
      current_cap_usd: 10_000,
      requested_cap_usd: 15_000,
    });
    expect(result.confirmation_url).toContain('/RecurringApplicationCharge/confirm_update_capped_amount?signature=');
    const sent = shopify.operations('AppSubscriptionLineItemUpdate').at(-1)!.variables;
    expect(sent).toEqual({ id: result.line_item_id, cappedAmount: { amount: 15_000, currencyCode: 'USD' } });
    expect(usageLineOf(shop, gid).cappedAmount!.cents).toBe(1_000_000);
    const row = await t.db('subscriptions').where({ id: subscriptionId }).first();
    expect(row.extra_data.requested_capped_amount).toBe(15_000);

    shopify.approveAppSubscription(shop, gid);
    expect(usageLineOf(shop, gid).cappedAmount!.cents).toBe(1_500_000);
    // 9,995 USD used: a 12 USD charge passes the old 10,000 cap but fits under the approved one.
    usageLineOf(shop, gid).balanceUsedCents = 999_500;
    await billableOrder(brandId, integrationId, '120.00');
    const sync = await billingSync(ctx, { brandId });
    expect(sync.brands[0]).toMatchObject({ usage_created: 1, usage_pushed: 1, usage_queued: 0, errors: [] });
    expect(usageLineOf(shop, gid).balanceUsedCents).toBe(1_000_700);
    // The next raise starts from the approved cap.
    await expect(raiseUsageCap(ctx, { brandId, amountUsd: 12_000 })).rejects.toThrow(
      'The new cap must be above the current cap of 15000 USD',
    );
  });

  it('refuses a brand without a live subscription, a cap not above the current one, and a bad amount', async () => {
    const idle = await shopifyBrand('Idle Goods');
    await expect(raiseUsageCap(ctx, { brandId: idle.brandId, amountUsd: 20_000 })).rejects.toThrow(
      'No active subscription found',
    );
    const { brandId } = await liveSubscription('Birch Goods');
    await expect(raiseUsageCap(ctx, { brandId, amountUsd: 10_000 })).rejects.toThrow(
      'The new cap must be above the current cap of 10000 USD',
    );
    await expect(raiseUsageCap(ctx, { brandId, amountUsd: Number.NaN })).rejects.toThrow(
      'The new cap must be a positive USD amount',
    );
    await expect(raiseUsageCap(ctx, { brandId: 987_654, amountUsd: 20_000 })).rejects.toThrow('Brand not found');
  });
});
