/**
 * Usage charges through Stripe, end to end against the fake Stripe API: invoice items for billable
 * orders, invoiced at the end of the period, and Stripe's own renewal invoices.
 */
import { describe, expect, it } from 'vitest';
import { billingSync } from '../../src/billing/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { ctx, stripe, useStripeBilling } from './stripe-setup.ts';

const t = useTestDatabase();
const { sendStripeEvent, subscriptionRow, activeStripeBrand, billableOrder } = useStripeBilling(t);

describe('usage charges on Stripe', () => {
  it('3 billable orders give 3 queued charges with invoice items; a second sync adds none; the period end invoices and completes them', async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Dune Ceramics');
    const orders = [
      await billableOrder(brandId, integrationId, '120.00'),
      await billableOrder(brandId, integrationId, '64.30'),
      await billableOrder(brandId, integrationId, '10.00'),
    ];

    const first = await billingSync(ctx, { brandId });
    expect(first.brands[0]).toMatchObject({
      usage_created: 3,
      usage_created_amount: 9.72,
      usage_pushed: 3,
      usage_queued: 3,
      usage_queued_amount: 9.72,
      invoiced: 0,
      errors: [],
    });
    const queued = await t
      .db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'usage' })
      .orderBy('order_id');
    expect(queued.map((c) => [Number(c.order_id), Number(c.amount), c.status])).toEqual([
      [orders[0], 6, 'queued'],
      [orders[1], 3.22, 'queued'],
      [orders[2], 0.5, 'queued'],
    ]);
    const items = queued.map((c) => stripe.invoiceItems.get(c.external_id)!);
    expect(items.map((i) => [i.amount, i.currency, i.subscription, i.customer])).toEqual(
      items.map(() => [expect.any(Number), 'usd', stripeSubscriptionId, expect.stringMatching(/^cus_/)]),
    );
    expect(items.map((i) => i.amount)).toEqual([600, 322, 50]);

    const second = await billingSync(ctx, { brandId });
    expect(second.brands[0]).toMatchObject({ usage_created: 0, usage_pushed: 0, usage_queued: 3 });
    expect(stripe.invoiceItems.size).toBeGreaterThanOrEqual(3);
    expect(await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' })).toHaveLength(
      3,
    );

    // The period rolls over at Stripe: the next sync invoices the items and finalises the invoice.
    const remote = stripe.subscriptions.get(stripeSubscriptionId)!;
    remote.current_period_start = Math.floor(Date.now() / 1000) + 1;
    remote.current_period_end = remote.current_period_start + 30 * 86_400;
    const third = await billingSync(ctx, { brandId, now: new Date(Date.now() + 2000) });
    expect(third.brands[0]).toMatchObject({ invoiced: 3, usage_queued: 0 });
    const invoiceId = third.brands[0]!.subscriptions[0]!.usage!.invoice_id!;
    const invoice = stripe.invoices.get(invoiceId)!;
    expect(invoice.status).not.toBe('draft');
    expect(invoice.total).toBe(972);
    const done = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' });
    expect(done.map((c) => [c.status, c.extra_data.invoice_id])).toEqual(done.map(() => ['complete', invoiceId]));
    expect(await t.db('orders').whereIn('id', orders).pluck('billing_status')).toEqual([
      'complete',
      'complete',
      'complete',
    ]);
    expect((await subscriptionRow(subscriptionId)).last_billed_at).not.toBeNull();
  });

  it("charges Stripe's own renewal invoice already holds complete with that invoice, and a renewal is a recurring charge", async () => {
    const { brandId, subscriptionId, stripeSubscriptionId, integrationId } = await activeStripeBrand('Elm Bikes');
    await billableOrder(brandId, integrationId, '200.00');
    await billingSync(ctx, { brandId });
    const { invoice, events } = stripe.renewSubscription(stripeSubscriptionId);
    for (const event of events) expect(await sendStripeEvent(event)).toBe(200);
    const usage = await t.db('subscription_charges').where({ subscription_id: subscriptionId, type: 'usage' }).first();
    expect(usage).toMatchObject({ status: 'complete' });
    expect(usage.extra_data.invoice_id).toBe(invoice.id);
    const renewal = await t
      .db('subscription_charges')
      .where({ subscription_id: subscriptionId, type: 'recurring', external_id: invoice.id })
      .first();
    expect(renewal).toMatchObject({ status: 'complete' });
    expect(Number(renewal.amount)).toBe(invoice.amount_paid / 100);
    // The same events again change nothing.
    for (const event of events) await sendStripeEvent({ ...event, id: `${event.id}_again` });
    expect(await t.db('subscription_charges').where({ subscription_id: subscriptionId })).toHaveLength(3);
  });
});
