import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/app/index.ts';
import { attributeOrder, whereRecovered } from '../../src/attribution/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { createCart, createOrder } from '../factories/index.ts';
import {
  createClick,
  createConversation,
  createDiscountCode,
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

/** A shop whose shopper got a workflow conversation 10 days before the order. */
async function scenario(brand: Record<string, unknown> = {}) {
  const shop = await createShop(t.db, brand);
  const checkout = (
    await t
      .db('checkouts')
      .insert({
        brand_id: shop.brandId,
        brand_integration_id: shop.integrationId,
        external_id: `co-${Math.random()}`,
        contact_id: shop.contactId,
        state: 'complete',
      })
      .returning('id')
  )[0];
  const conversation = await createConversation(t.db, {
    brandId: shop.brandId,
    workflowId: shop.workflowId,
    contactId: shop.contactId,
    channelId: shop.channelId,
    checkout_id: Number(checkout.id),
    createdAt: hoursBefore(ORDER_AT, 240),
  });
  const order = (overrides: Record<string, unknown> = {}) =>
    createOrder(t.db, {
      brandId: shop.brandId,
      integrationId: shop.integrationId,
      contact_id: shop.contactId,
      checkout_id: Number(checkout.id),
      created_at: ORDER_AT,
      ...overrides,
    });
  return { ...shop, checkoutId: Number(checkout.id), conversationId: conversation.id, order };
}

const evidenceOf = (orderId: number) => t.db('attribution_evidence').where({ order_id: orderId });
const count = async (table: string, where: Record<string, unknown>) =>
  Number((await t.db(table).where(where).count<{ count: string }[]>('* as count'))[0]!.count);

describe('attributeOrder', () => {
  it('a sent workflow message inside the 120 h window recovers the order: billable, linked, goal and goal events, evidence', async () => {
    const s = await scenario();
    const message = await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      sentAt: hoursBefore(ORDER_AT, 119),
    });
    const order = await s.order();

    expect(await attributeOrder(ctx, order.id)).toEqual({
      recovered: true,
      rule: 'message',
      conversationId: s.conversationId,
      billingStatus: 'billable',
    });

    const row = await t.db('orders').where({ id: order.id }).first();
    expect(row).toMatchObject({
      billing_status: 'billable',
      workflow_id: String(s.workflowId),
      extra_data: {
        attribution: {
          type: 'message',
          conversation_source: 'checkout',
          model: 'last_touch',
          conversation_id: s.conversationId,
          window_hours: 120,
        },
      },
    });
    expect(row.recovered_at).toBeInstanceOf(Date);
    expect(await t.db('order_conversations').where({ order_id: order.id }).select('conversation_id')).toEqual([
      { conversation_id: String(s.conversationId) },
    ]);
    expect(await t.db('workflow_goals').where({ order_id: order.id }).first()).toMatchObject({
      brand_id: String(s.brandId),
      contact_id: String(s.contactId),
      workflow_id: String(s.workflowId),
      conversation_id: String(s.conversationId),
    });
    const events = await t
      .db('workflow_goal_state_change_events')
      .where({ order_id: order.id })
      .orderBy('state')
      .select('state', 'checkout_id', 'conversation_id', 'workflow_id');
    expect(events).toEqual([
      {
        state: 'converted',
        checkout_id: String(s.checkoutId),
        conversation_id: String(s.conversationId),
        workflow_id: String(s.workflowId),
      },
      {
        state: 'recovered',
        checkout_id: String(s.checkoutId),
        conversation_id: String(s.conversationId),
        workflow_id: String(s.workflowId),
      },
    ]);
    expect(await t.db('checkouts').where({ id: s.checkoutId }).first('state')).toEqual({ state: 'recovered' });
    const [evidence] = await evidenceOf(order.id);
    expect(evidence).toMatchObject({
      rule: 'message',
      window_hours: 120,
      conversation_id: String(s.conversationId),
      workflow_id: String(s.workflowId),
    });
    expect(evidence.evidence).toMatchObject({
      decision: 'recovered',
      attribution_type: 'last_touch',
      hard_cap_days: 30,
      items: [
        {
          kind: 'message',
          id: message.id,
          conversation_id: s.conversationId,
          at: hoursBefore(ORDER_AT, 119).toISOString(),
          hours_before: 119,
          counted: true,
          reason: 'inside the 120 h message window',
        },
      ],
    });
  });

  it('a message 121 h before is outside the window: not recovered, not billed, the evidence still recorded', async () => {
    const s = await scenario();
    await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      sentAt: hoursBefore(ORDER_AT, 121),
    });
    const order = await s.order();

    expect(await attributeOrder(ctx, order.id)).toEqual({
      recovered: false,
      rule: 'outside_window',
      billingStatus: null,
    });
    expect(await t.db('orders').where({ id: order.id }).first('billing_status', 'recovered_at', 'workflow_id')).toEqual(
      { billing_status: null, recovered_at: null, workflow_id: null },
    );
    expect(await count('order_conversations', { order_id: order.id })).toBe(0);
    expect(await count('workflow_goals', { order_id: order.id })).toBe(0);
    expect(await count('workflow_goal_state_change_events', { order_id: order.id })).toBe(0);
    const [evidence] = await evidenceOf(order.id);
    expect(evidence).toMatchObject({ rule: 'outside_window', window_hours: 120, conversation_id: null });
    expect(evidence.evidence.items).toEqual([
      expect.objectContaining({
        kind: 'message',
        hours_before: 121,
        counted: false,
        reason: 'outside the 120 h message window',
      }),
    ]);
  });

  it('a discount code issued in a conversation of the brand recovers the order even without a contact; a foreign code does not', async () => {
    const s = await scenario();
    const code = await createDiscountCode(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      workflowId: s.workflowId,
      createdAt: hoursBefore(ORDER_AT, 200),
    });
    const withCode = await s.order({ contact_id: null, checkout_id: null, discount_codes: [code.code.toLowerCase()] });
    expect(await attributeOrder(ctx, withCode.id)).toMatchObject({
      recovered: true,
      rule: 'discount_code',
      conversationId: s.conversationId,
    });
    expect((await evidenceOf(withCode.id))[0]).toMatchObject({ rule: 'discount_code', window_hours: 720 });

    const other = await scenario();
    await createDiscountCode(t.db, {
      brandId: other.brandId,
      conversationId: other.conversationId,
      code: 'LR-SHARED9',
      createdAt: hoursBefore(ORDER_AT, 10),
    });
    const without = await s.order({ contact_id: null, checkout_id: null, discount_codes: ['LR-SHARED9', 'WELCOME10'] });
    expect(await attributeOrder(ctx, without.id)).toEqual({
      recovered: false,
      rule: 'no_evidence',
      billingStatus: null,
    });
  });

  it('a click only, and a reply only, each recover the order with their own rule; a STOP reply does not', async () => {
    const clicked = await scenario();
    const click = await createClick(t.db, {
      brandId: clicked.brandId,
      conversationId: clicked.conversationId,
      at: hoursBefore(ORDER_AT, 30),
    });
    const clickOrder = await clicked.order();
    expect(await attributeOrder(ctx, clickOrder.id)).toMatchObject({ recovered: true, rule: 'click' });
    expect((await evidenceOf(clickOrder.id))[0].evidence.items).toEqual([
      expect.objectContaining({ kind: 'click', id: click.id, counted: true }),
    ]);

    const replied = await scenario();
    await createReply(t.db, {
      brandId: replied.brandId,
      conversationId: replied.conversationId,
      at: hoursBefore(ORDER_AT, 2),
    });
    expect(await attributeOrder(ctx, (await replied.order()).id)).toMatchObject({ recovered: true, rule: 'reply' });

    const stopped = await scenario();
    await createReply(t.db, {
      brandId: stopped.brandId,
      conversationId: stopped.conversationId,
      at: hoursBefore(ORDER_AT, 2),
      body: 'STOP',
      action: 'opt_out',
    });
    expect(await attributeOrder(ctx, (await stopped.order()).id)).toMatchObject({
      recovered: false,
      rule: 'not_counted',
    });
  });

  it('running it twice changes nothing more: one link, goal, event of each state and ledger row', async () => {
    const s = await scenario();
    await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      sentAt: hoursBefore(ORDER_AT, 5),
    });
    const order = await s.order();
    const first = await attributeOrder(ctx, order.id);
    const before = await t.db('orders').where({ id: order.id }).first();
    const [again] = await Promise.all([attributeOrder(ctx, order.id), attributeOrder(ctx, order.id)]);
    expect(again).toEqual(first);
    expect(await t.db('orders').where({ id: order.id }).first()).toEqual(before);
    expect(await count('order_conversations', { order_id: order.id })).toBe(1);
    expect(await count('workflow_goals', { order_id: order.id })).toBe(1);
    expect(await count('workflow_goal_state_change_events', { order_id: order.id })).toBe(2);
    expect(await count('attribution_evidence', { order_id: order.id })).toBe(1);
  });

  it('an unrecovered order is decided again and its ledger row replaced; a pending order is not decided', async () => {
    const s = await scenario();
    const order = await s.order();
    expect(await attributeOrder(ctx, order.id)).toMatchObject({ recovered: false, rule: 'no_evidence' });
    await createClick(t.db, { brandId: s.brandId, conversationId: s.conversationId, at: hoursBefore(ORDER_AT, 1) });
    expect(await attributeOrder(ctx, order.id)).toMatchObject({ recovered: true, rule: 'click' });
    expect(await evidenceOf(order.id)).toEqual([expect.objectContaining({ rule: 'click' })]);

    const pending = await s.order({ state: 'pending' });
    expect(await attributeOrder(ctx, pending.id)).toEqual({
      recovered: false,
      rule: 'not_complete',
      billingStatus: null,
    });
    expect(await count('attribution_evidence', { order_id: pending.id })).toBe(0);
  });

  it('an order cancelled after attribution keeps its history but is not billable', async () => {
    const s = await scenario();
    await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      sentAt: hoursBefore(ORDER_AT, 5),
    });
    const order = await s.order();
    await attributeOrder(ctx, order.id);
    await t.db('orders').where({ id: order.id }).update({ state: 'cancelled' });

    expect(await attributeOrder(ctx, order.id)).toEqual({
      recovered: true,
      rule: 'message',
      conversationId: s.conversationId,
      billingStatus: 'not_billable',
    });
    const row = await t.db('orders').where({ id: order.id }).first();
    expect(row).toMatchObject({
      billing_status: 'not_billable',
      workflow_id: String(s.workflowId),
      extra_data: { attribution: { type: 'message' } },
    });
    expect(row.recovered_at).toBeInstanceOf(Date);
    expect(await count('order_conversations', { order_id: order.id })).toBe(1);
    expect(await count('workflow_goals', { order_id: order.id })).toBe(1);
    expect((await evidenceOf(order.id))[0]).toMatchObject({
      rule: 'message',
      evidence: { billing_status: 'not_billable', cancelled: true, decision: 'recovered' },
    });
  });

  it('follows the brand settings: code_only ignores a click, a 24 h message window drops a 30 h message', async () => {
    const codeOnly = await scenario({ attribution_type: 'code_only' });
    await createClick(t.db, {
      brandId: codeOnly.brandId,
      conversationId: codeOnly.conversationId,
      at: hoursBefore(ORDER_AT, 1),
    });
    expect(await attributeOrder(ctx, (await codeOnly.order()).id)).toMatchObject({
      recovered: false,
      rule: 'not_counted',
    });

    const narrow = await scenario({ attribution_rules: { message_window_hours: 24 } });
    await createSentMessage(t.db, {
      brandId: narrow.brandId,
      conversationId: narrow.conversationId,
      sentAt: hoursBefore(ORDER_AT, 30),
    });
    const order = await narrow.order();
    expect(await attributeOrder(ctx, order.id)).toMatchObject({ recovered: false, rule: 'outside_window' });
    expect((await evidenceOf(order.id))[0]).toMatchObject({
      window_hours: 24,
      evidence: { windows: { message: 24, click: 120, reply: 120, discount_code: 720 } },
    });
  });
});

describe('live feed predicate (spec 1 section 4)', () => {
  it.each([
    ['recovered_at + workflow + billable', { billing: 'billable' }, true],
    ['recovered_at + workflow + processing', { billing: 'processing' }, true],
    ['recovered_at + workflow + complete', { billing: 'complete' }, true],
    ['recovered_at + workflow + a recovered checkout', { billing: 'not_billable', checkout: 'recovered' }, true],
    ['recovered_at + workflow + a linked conversation', { billing: 'not_billable', link: true }, true],
    ['recovered_at + workflow, nothing else', { billing: 'not_billable', checkout: 'complete' }, false],
    ['no recovered_at', { billing: 'billable', recoveredAt: null }, false],
    ['no workflow', { billing: 'billable', workflow: false, link: true }, false],
  ])(
    '%s -> %s',
    async (
      _name,
      setup: { billing: string; checkout?: string; link?: boolean; recoveredAt?: null; workflow?: boolean },
      expected,
    ) => {
      const s = await scenario();
      await t
        .db('checkouts')
        .where({ id: s.checkoutId })
        .update({ state: setup.checkout ?? 'complete' });
      const order = await s.order({
        billing_status: setup.billing,
        recovered_at: setup.recoveredAt === null ? null : ORDER_AT,
        workflow_id: setup.workflow === false ? null : s.workflowId,
      });
      if (setup.link)
        await t
          .db('order_conversations')
          .insert({ brand_id: s.brandId, order_id: order.id, conversation_id: s.conversationId });
      const found = await whereRecovered(t.db('orders as o').where('o.brand_id', s.brandId), 'o').pluck('o.id');
      expect(found.map(Number)).toEqual(expected ? [order.id] : []);
    },
  );

  it('with a cart but no checkout, a recovered order gets the cart on its recovered goal event', async () => {
    const s = await scenario();
    const cart = await createCart(t.db, {
      brandId: s.brandId,
      integrationId: s.integrationId,
      contact_id: s.contactId,
    });
    await createSentMessage(t.db, {
      brandId: s.brandId,
      conversationId: s.conversationId,
      sentAt: hoursBefore(ORDER_AT, 1),
    });
    const order = await s.order({ checkout_id: null, cart_id: cart.id });
    await attributeOrder(ctx, order.id);
    expect(
      await t
        .db('workflow_goal_state_change_events')
        .where({ order_id: order.id, state: 'recovered' })
        .first('cart_id'),
    ).toEqual({ cart_id: String(cart.id) });
  });
});
