import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { attributeOrder } from '../../src/attribution/index.ts';
import { runCli } from '../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../helpers/db.ts';
import { createCart, createContact, createOrder } from '../factories/index.ts';
import {
  createClick,
  createConversation,
  createDiscountCode,
  createFlowEvent,
  createReply,
  createSentMessage,
  createShop,
  hoursBefore,
} from '../factories/attribution.ts';

const t = useTestDatabase();
let ctx: AppContext;
beforeAll(async () => {
  ctx = await t.context();
});

const ORDER_AT = new Date(Date.now() - 3_600_000);
const explain = async (orderId: number, extra: string[] = []) => {
  const result = await runCli(['orders', 'explain', String(orderId), '--json', ...extra], testEnv(t.url));
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
};

describe('reclaim orders explain', () => {
  it('shows the rule, the window and each piece of evidence for every kind of decision', async () => {
    const s = await createShop(t.db);
    const conversation = await createConversation(t.db, {
      brandId: s.brandId,
      workflowId: s.workflowId,
      contactId: s.contactId,
      channelId: s.channelId,
      createdAt: hoursBefore(ORDER_AT, 300),
    });
    const order = (overrides: Record<string, unknown> = {}) =>
      createOrder(t.db, {
        brandId: s.brandId,
        integrationId: s.integrationId,
        contact_id: s.contactId,
        created_at: ORDER_AT,
        ...overrides,
      });

    // Inside the window: a message 100 h before.
    const message = await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: conversation.id,
      sentAt: hoursBefore(ORDER_AT, 100),
    });
    const inside = await order();
    const attributed = await runCli(['orders', 'attribute', String(inside.id), '--json'], testEnv(t.url));
    expect(attributed.code).toBe(0);
    expect(JSON.parse(attributed.stdout)).toEqual({
      order_id: inside.id,
      recovered: true,
      rule: 'message',
      conversation_id: conversation.id,
      billing_status: 'billable',
    });
    expect(await explain(inside.id, ['--brand', String(s.brandId)])).toMatchObject({
      order: { id: inside.id, state: 'complete', billing_status: 'billable', workflow_id: s.workflowId },
      billed: true,
      live_feed_recovered: true,
      summary: `Billed: recovered by conversation ${conversation.id} (workflow ${s.workflowId}): message 100 h before the order, inside the 120 h message window`,
      decision: {
        recovered: true,
        rule: 'message',
        attribution_type: 'last_touch',
        window_hours: 120,
        hard_cap_days: 30,
        conversation_id: conversation.id,
        items: [
          {
            kind: 'message',
            id: message.id,
            at: hoursBefore(ORDER_AT, 100).toISOString(),
            hours_before: 100,
            counted: true,
            reason: 'inside the 120 h message window',
          },
        ],
      },
    });

    // Outside the window: another shopper's message 130 h before the order.
    const { contact: late } = await createContact(t.db, s.brandId);
    const lateConversation = await createConversation(t.db, {
      brandId: s.brandId,
      workflowId: s.workflowId,
      contactId: late.id,
      createdAt: hoursBefore(ORDER_AT, 200),
    });
    await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: lateConversation.id,
      sentAt: hoursBefore(ORDER_AT, 130),
    });
    const outside = await order({ contact_id: late.id });
    await attributeOrder(ctx, outside.id);
    expect(await explain(outside.id)).toMatchObject({
      billed: false,
      live_feed_recovered: false,
      decision: {
        recovered: false,
        rule: 'outside_window',
        window_hours: 120,
        items: [{ kind: 'message', hours_before: 130, counted: false, reason: 'outside the 120 h message window' }],
      },
    });

    // With the code (a guest order), and with a code the brand never issued.
    const code = await createDiscountCode(t.db, {
      brandId: s.brandId,
      conversationId: conversation.id,
      workflowId: s.workflowId,
      createdAt: hoursBefore(ORDER_AT, 400),
    });
    const withCode = await order({ contact_id: null, discount_codes: [code.code] });
    await attributeOrder(ctx, withCode.id);
    expect(await explain(withCode.id)).toMatchObject({
      billed: true,
      decision: {
        rule: 'discount_code',
        window_hours: 720,
        conversation_id: conversation.id,
        items: [
          {
            kind: 'discount_code',
            code: code.code,
            hours_before: 400,
            counted: true,
            reason: 'inside the 720 h discount code window',
          },
        ],
      },
    });
    const withoutCode = await order({ contact_id: null, discount_codes: ['SUMMER20'] });
    await attributeOrder(ctx, withoutCode.id);
    const none = await explain(withoutCode.id);
    expect(none).toMatchObject({ billed: false, decision: { recovered: false, rule: 'no_evidence', items: [] } });
    expect(none.summary).toBe(
      'Not billed: no message, click, reply or discount code from a workflow conversation in the 30 days before the order',
    );

    // Cancelled after it was billed: history kept (still on the live feed through its linked conversation), not billable.
    await t.db('orders').where({ id: inside.id }).update({ state: 'cancelled' });
    await attributeOrder(ctx, inside.id);
    expect(await explain(inside.id)).toMatchObject({
      order: { state: 'cancelled', billing_status: 'not_billable' },
      billed: false,
      live_feed_recovered: true,
      summary: `Not billed: recovered by conversation ${conversation.id} (workflow ${s.workflowId}): message 100 h before the order, inside the 120 h message window; the order was cancelled afterwards, so it is not billable`,
      decision: {
        rule: 'message',
        billing_note: 'order cancelled after attribution: not billable; its history is kept',
      },
    });
  });

  it('a click only and a reply only are each shown as the deciding evidence; the human output lists them', async () => {
    const cases = [
      {
        kind: 'click',
        seed: (brandId: number, conversationId: number) =>
          createClick(t.db, { brandId, conversationId, at: hoursBefore(ORDER_AT, 6) }),
      },
      {
        kind: 'reply',
        seed: (brandId: number, conversationId: number) =>
          createReply(t.db, { brandId, conversationId, at: hoursBefore(ORDER_AT, 6) }),
      },
    ];
    for (const c of cases) {
      const s = await createShop(t.db);
      const conversation = await createConversation(t.db, {
        brandId: s.brandId,
        workflowId: s.workflowId,
        contactId: s.contactId,
        createdAt: hoursBefore(ORDER_AT, 48),
      });
      const evidence = await c.seed(s.brandId, conversation.id);
      const order = await createOrder(t.db, {
        brandId: s.brandId,
        integrationId: s.integrationId,
        contact_id: s.contactId,
        created_at: ORDER_AT,
      });
      await attributeOrder(ctx, order.id);
      expect(await explain(order.id)).toMatchObject({
        billed: true,
        decision: {
          rule: c.kind,
          window_hours: 120,
          items: [{ kind: c.kind, id: evidence.id, hours_before: 6, counted: true }],
        },
      });
      const human = await runCli(['orders', 'explain', String(order.id)], testEnv(t.url));
      expect(human.stdout).toContain(`Rule: ${c.kind} (attribution last_touch), window 120 h, hard cap 30 days`);
      expect(human.stdout).toContain(
        `counted      ${c.kind} ${evidence.id} at ${hoursBefore(ORDER_AT, 6).toISOString()} (6 h before) in conversation ${conversation.id}: inside the 120 h ${c.kind} window`,
      );
    }
  });

  it('an unknown order, or an order of another brand, is "Order not found" with exit 1', async () => {
    const s = await createShop(t.db);
    const order = await createOrder(t.db, { brandId: s.brandId, integrationId: s.integrationId });
    const other = await createShop(t.db);
    for (const args of [['999999999'], [String(order.id), '--brand', String(other.brandId)]]) {
      const result = await runCli(['orders', 'explain', ...args], testEnv(t.url));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('Order not found');
    }
    const pending = await runCli(['orders', 'explain', String(order.id), '--json'], testEnv(t.url));
    expect(JSON.parse(pending.stdout)).toMatchObject({
      billed: false,
      decision: null,
      summary: `Not billed: no attribution decision recorded yet (reclaim orders attribute ${order.id}).`,
    });
  });
});

describe('reclaim stats', () => {
  it('lift compares texted carts with held-out carts; attributed revenue comes from the live feed rule', async () => {
    const s = await createShop(t.db, { extra_data: { holdout: { groups: ['D'] } } });
    const at = new Date(Date.now() - 10 * 86_400_000);
    const cartFor = async (
      group: string,
      state: 'started' | 'holdout',
      order?: { hoursAfter: number; total: string; state?: string; recovered?: boolean },
    ) => {
      const { contact } = await createContact(t.db, s.brandId, { extra_data: { group_name: group } });
      const cart = await createCart(t.db, {
        brandId: s.brandId,
        integrationId: s.integrationId,
        contact_id: contact.id,
        state: 'abandoned',
      });
      await createFlowEvent(t.db, {
        brandId: s.brandId,
        workflowId: s.workflowId,
        eventId: cart.id,
        contactId: contact.id,
        state,
        at,
      });
      if (order) {
        const placed = new Date(at.getTime() + order.hoursAfter * 3_600_000);
        const extra = order.recovered
          ? { recovered_at: placed, workflow_id: s.workflowId, billing_status: 'billable' }
          : {};
        await createOrder(t.db, {
          brandId: s.brandId,
          integrationId: s.integrationId,
          contact_id: contact.id,
          cart_id: cart.id,
          created_at: placed,
          total: order.total,
          state: order.state ?? 'complete',
          ...extra,
        });
      }
    };
    await cartFor('A', 'started', { hoursAfter: 2, total: '100.00', recovered: true });
    await cartFor('A', 'started', { hoursAfter: 50, total: '50.00' });
    await cartFor('B', 'started', { hoursAfter: 200, total: '70.00' }); // after the 120 h window
    await cartFor('A', 'started');
    // A checkout flow texted: the order names the checkout.
    const { contact: buyer } = await createContact(t.db, s.brandId);
    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: s.brandId,
        brand_integration_id: s.integrationId,
        external_id: 'co-lift',
        contact_id: buyer.id,
        state: 'abandoned',
      })
      .returning('id');
    await createFlowEvent(t.db, {
      brandId: s.brandId,
      workflowId: s.workflowId,
      eventId: Number(checkout.id),
      contactId: buyer.id,
      state: 'started',
      at,
      eventType: 'checkout',
    });
    await createOrder(t.db, {
      brandId: s.brandId,
      integrationId: s.integrationId,
      contact_id: buyer.id,
      checkout_id: Number(checkout.id),
      created_at: new Date(at.getTime() + 10 * 3_600_000),
      total: '40.00',
    });
    await cartFor('D', 'holdout', { hoursAfter: 20, total: '80.00' });
    await cartFor('D', 'holdout', { hoursAfter: 5, total: '30.00', state: 'cancelled' });
    await cartFor('D', 'holdout');

    const result = await runCli(['stats', 'lift', '--brand', String(s.brandId), '--json'], testEnv(t.url));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      brand_id: s.brandId,
      window_hours: 120,
      holdout_groups: ['D'],
      texted: { carts: 5, converted: 3, orders: 3, revenue: '190.00', rate: 0.6, revenue_per_cart: '38.00' },
      held_out: { carts: 3, converted: 1, orders: 1, revenue: '80.00', rate: 0.3333, revenue_per_cart: '26.67' },
      lift: { absolute: 0.2667, relative: 0.8 },
      attributed: { orders: 1, revenue: '100.00' },
      warnings: ['Fewer than 30 carts on a side: the lift is not reliable yet.'],
    });

    const human = await runCli(['stats', 'lift', '--brand', String(s.brandId)], testEnv(t.url));
    expect(human.stdout).toMatch(/held out\s+3\s+1\s+33\.3%\s+80\.00/);
    expect(human.stdout).toContain('Lift: +26.7 points, +80.0% relative');
    expect(human.stdout).toContain('Attributed (live feed): 1 recovered orders, 100.00');

    const recent = await runCli(
      [
        'stats',
        'lift',
        '--brand',
        String(s.brandId),
        '--since',
        new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
        '--json',
      ],
      testEnv(t.url),
    );
    expect(JSON.parse(recent.stdout)).toMatchObject({
      texted: { carts: 0 },
      held_out: { carts: 0 },
      warnings: ['No held-out carts in this period yet.'],
    });
  });

  it('recovered counts the live-feed recovered orders and their sales', async () => {
    const s = await createShop(t.db);
    const order = (overrides: Record<string, unknown>) =>
      createOrder(t.db, { brandId: s.brandId, integrationId: s.integrationId, created_at: ORDER_AT, ...overrides });
    await order({ total: '120.00', recovered_at: ORDER_AT, workflow_id: s.workflowId, billing_status: 'billable' });
    await order({ total: '80.00', recovered_at: ORDER_AT, workflow_id: s.workflowId, billing_status: 'complete' });
    await order({ total: '40.00', recovered_at: ORDER_AT, workflow_id: null, billing_status: 'billable' });
    await order({ total: '60.00' });
    const result = await runCli(['stats', 'recovered', '--brand', String(s.brandId), '--json'], testEnv(t.url));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      brand_id: s.brandId,
      orders: 4,
      sales: '300.00',
      recovered_orders: 2,
      recovered_sales: '200.00',
      recovered_aov: '100.00',
      recovered_share: 0.5,
    });

    const bad = await runCli(
      ['stats', 'recovered', '--brand', String(s.brandId), '--since', 'yesterday'],
      testEnv(t.url),
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--since must be a date like 2026-11-01 (or an ISO time), got "yesterday".');
    const unknown = await runCli(['stats', 'lift', '--brand', '999999999'], testEnv(t.url));
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Brand not found');
  });
});
