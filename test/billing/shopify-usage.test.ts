/**
 * Usage charges through Shopify app billing, end to end against the fake Shopify Admin API: usage
 * records for billable orders under the 10,000 USD cap of the 30-day interval, two billing syncs
 * at once, and the hourly 'billing:sync' job.
 */
import { describe, expect, it } from 'vitest';
import { billingSync, subscribe } from '../../src/billing/index.ts';
import { enqueueJob, resolveSchedules, runDueJobs } from '../../src/jobs/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { ctx, growthPlan, RETURN_URL, shopify, useShopifyBilling } from './shopify-setup.ts';
import { TASKS } from '../../src/cli/index.ts';

const t = useTestDatabase();
const { shopifyBrand, billableOrder, activate } = useShopifyBilling(t);

describe('usage charges on Shopify', () => {
  it('3 billable orders give 3 usage records once; a second sync adds none', async () => {
    const { brandId, shop, integrationId } = await shopifyBrand('Juniper Home');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@juniper.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    const gid = (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id;
    await activate(shop, gid);
    const orders = [
      await billableOrder(brandId, integrationId, '120.00'),
      await billableOrder(brandId, integrationId, '80.50'),
      await billableOrder(brandId, integrationId, '19.99'),
    ];

    const first = await billingSync(ctx, { brandId });
    expect(first.brands[0]).toMatchObject({
      brand_id: brandId,
      usage_created: 3,
      usage_created_amount: 22.05,
      usage_pushed: 3,
      usage_queued: 0,
      errors: [],
    });
    const charges = await t
      .db('subscription_charges')
      .where({ subscription_id: result.subscription_id, type: 'usage' })
      .orderBy('order_id');
    expect(charges.map((c) => [Number(c.order_id), Number(c.amount), c.status])).toEqual([
      [orders[0], 12, 'complete'],
      [orders[1], 8.05, 'complete'],
      [orders[2], 2, 'complete'],
    ]);
    expect(
      charges.every(
        (c) => typeof c.external_id === 'string' && c.external_id.startsWith('gid://shopify/AppUsageRecord/'),
      ),
    ).toBe(true);
    expect((await t.db('orders').whereIn('id', orders).pluck('billing_status')).sort()).toEqual([
      'complete',
      'complete',
      'complete',
    ]);
    const usage = shopify.appSubscriptions(shop)[0]!.lineItems.find((line) => line.kind === 'usage')!;
    expect(usage.usageRecords.map((record) => record.price.cents)).toEqual([1200, 805, 200]);

    const second = await billingSync(ctx, { brandId });
    expect(second.brands[0]).toMatchObject({ usage_created: 0, usage_pushed: 0 });
    expect(
      await t.db('subscription_charges').where({ subscription_id: result.subscription_id, type: 'usage' }),
    ).toHaveLength(3);
    expect(
      shopify.appSubscriptions(shop)[0]!.lineItems.find((line) => line.kind === 'usage')!.usageRecords,
    ).toHaveLength(3);
  });

  it('never passes the 10,000 USD cap of the 30-day interval: what does not fit stays queued and is reported', async () => {
    const { brandId, shop, integrationId } = await shopifyBrand('Summit Outdoor');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@summit.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    await activate(shop, (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id);
    await billableOrder(brandId, integrationId, '40000.00');
    await billableOrder(brandId, integrationId, '45000.00');
    const held = await billableOrder(brandId, integrationId, '30000.00');

    const sync = await billingSync(ctx, { brandId });
    expect(sync.brands[0]).toMatchObject({
      usage_created: 3,
      usage_pushed: 2,
      usage_queued: 1,
      usage_queued_amount: 3000,
      held_over_cap_amount: 3000,
    });
    expect(sync.brands[0]!.notices).toEqual([
      '1 usage charge(s) (3000 USD) stay queued: the Shopify cap of this 30-day interval is reached',
    ]);
    const usage = shopify.appSubscriptions(shop)[0]!.lineItems.find((line) => line.kind === 'usage')!;
    expect(usage.balanceUsedCents).toBe(850_000);
    const queued = await t.db('subscription_charges').where({ order_id: held }).first();
    expect(queued).toMatchObject({ status: 'queued', external_id: null });
    expect(sync.errors).toBe(0);
  });
});

describe('billing sync run twice at once', () => {
  it('the second run waits for the first and finds nothing left: one charge and one usage record per order', async () => {
    const { brandId, shop, integrationId } = await shopifyBrand('Twin Peaks Tea');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@twin.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    await activate(shop, (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id);
    for (const total of ['10.00', '20.00', '30.00', '40.00']) await billableOrder(brandId, integrationId, total);
    const [a, b] = await Promise.all([billingSync(ctx, { brandId }), billingSync(ctx, { brandId })]);
    expect([a.waited_for_other_run, b.waited_for_other_run].sort()).toEqual([false, true]);
    expect(a.brands[0]!.usage_created + b.brands[0]!.usage_created).toBe(4);
    expect(
      await t
        .db('subscription_charges')
        .where({ subscription_id: result.subscription_id, type: 'usage', status: 'complete' }),
    ).toHaveLength(4);
    expect(
      shopify.appSubscriptions(shop)[0]!.lineItems.find((line) => line.kind === 'usage')!.usageRecords,
    ).toHaveLength(4);
  });
});

describe('the worker', () => {
  it("runs billing sync hourly as the 'billing:sync' job", async () => {
    expect(resolveSchedules({}).find((s) => s.name === 'billing_sync')).toMatchObject({
      task: 'billing:sync',
      pattern: '0 * * * *',
    });
    const { brandId, shop, integrationId } = await shopifyBrand('Worker Wares');
    const result = await subscribe(ctx, {
      brandId,
      planId: growthPlan,
      billingEmail: 'ap@worker.example',
      returnUrl: RETURN_URL,
      applyFirstMonthDiscount: false,
    });
    await activate(shop, (await t.db('subscriptions').where({ id: result.subscription_id }).first()).external_id);
    const order = await billableOrder(brandId, integrationId, '50.00');
    await enqueueJob(ctx.db, 'billing:sync', { brandId });
    await runDueJobs(ctx, TASKS);
    expect(await t.db('subscription_charges').where({ order_id: order }).first()).toMatchObject({
      type: 'usage',
      status: 'complete',
      amount: '5.00',
    });
  });
});
