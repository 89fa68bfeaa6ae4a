/**
 * Plan change (update in place, and cancel-and-recreate when Stripe refuses), cancel and the
 * billing portal through Stripe, end to end against the fake Stripe API.
 */
import { describe, expect, it } from 'vitest';
import { billingPortalUrl, billingSync, cancelBrandSubscription, changePlan } from '../../src/billing/index.ts';
import { createBrand } from '../factories/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { ctx, RETURN_URL, scalePlan, stripe, useStripeBilling } from './stripe-setup.ts';

const t = useTestDatabase();
const { subscriptionRow, activeStripeBrand, billableOrder } = useStripeBilling(t);

describe('plan change, cancel and portal on Stripe', () => {
  it('moves a live subscription to the new price in place (proration invoiced); the old row is cancelled', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Fern Optics');
    const change = await changePlan(ctx, { subscriptionId, brandId, planId: scalePlan });
    expect(change).toMatchObject({ cancelled_subscription_id: subscriptionId, path: 'updated' });
    const update = stripe.calls('POST', `/v1/subscriptions/${stripeSubscriptionId}`).at(-1)!;
    expect(update.body).toMatchObject({ proration_behavior: 'always_invoice' });
    const scalePrice = [...stripe.prices.values()].find((p) => p.metadata.plan_id === String(scalePlan))!;
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.items.data[0]!.price.id).toBe(scalePrice.id);
    expect((await subscriptionRow(subscriptionId)).status).toBe('cancelled');
    const replacement = await subscriptionRow(change.subscription.subscription_id);
    expect(replacement).toMatchObject({ external_id: stripeSubscriptionId, plan_id: String(scalePlan) });
    // The next sync reads Stripe and activates the new row.
    await billingSync(ctx, { brandId });
    expect((await subscriptionRow(change.subscription.subscription_id)).status).toBe('active');
  });

  it('when Stripe refuses the update, cancels the old subscription there and creates a new checkout', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId } = await activeStripeBrand('Grove Tea');
    stripe.fail({
      method: 'POST',
      path: `/v1/subscriptions/${stripeSubscriptionId}`,
      status: 400,
      message: 'This subscription cannot be updated',
      times: 1,
    });
    const change = await changePlan(ctx, { subscriptionId, brandId, planId: scalePlan });
    expect(change.path).toBe('recreated');
    expect(change.subscription).toMatchObject({ status: 'pending_setup', plan_name: 'Scale' });
    expect(change.subscription.checkout_url).toMatch(/\/c\/pay\/cs_test_/);
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
    expect((await subscriptionRow(subscriptionId)).status).toBe('cancelled');
  });

  it('cancel invoices the queued usage, cancels at Stripe and completes the charges; the portal gives a link', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Heron Paper');
    await billableOrder(brandId, integrationId, '80.00');
    const url = await billingPortalUrl(ctx, { brandId, returnUrl: RETURN_URL });
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/session\//);

    const result = await cancelBrandSubscription(ctx, { brandId });
    expect(result).toMatchObject({
      subscription_id: subscriptionId,
      from: 'active',
      status: 'cancelled',
      remote: 'cancelled',
    });
    expect(stripe.subscriptions.get(stripeSubscriptionId)!.status).toBe('canceled');
    const usage = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' }).first();
    expect(usage.status).toBe('complete');
    expect(stripe.invoices.get(usage.extra_data.invoice_id)!.total).toBe(400);

    const stranger = await createBrand(t.db);
    await expect(billingPortalUrl(ctx, { brandId: stranger.id })).rejects.toThrow('Payment Source not found.');
    await expect(cancelBrandSubscription(ctx, { brandId: stranger.id })).rejects.toThrow(
      'No active subscription found',
    );
  });
});
