import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { runCandidates } from '../../../src/workflows/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import {
  outcomesOf,
  pastConversation,
  seedCart,
  seedOrder,
  seedStore,
  tableCounts,
} from '../../helpers/candidates-seed.ts';

const t = useTestDatabase();
let ctx: AppContext;

beforeAll(async () => {
  ctx = await t.context();
});

describe('cart workflows: every window edge and outcome', () => {
  const now = new Date();
  let store: Awaited<ReturnType<typeof seedStore>>;
  const carts: Record<string, Awaited<ReturnType<typeof seedCart>>> = {};

  beforeAll(async () => {
    store = await seedStore(t.db, { type: 'cart', delay: 30, brand: { extra_data: { holdout: { groups: ['D'] } } } });
    const specs = {
      inside_2h59: { age: 179, firstName: 'Ava' },
      outside_3h01: { age: 181 },
      before_delay_29m: { age: 29 },
      after_delay_31m: { age: 31, firstName: 'Ben' },
      uk_number: { age: 60, phone: '+447911123456' },
      texas_area_code: { age: 60, phone: '+12145550123' },
      texas_province: { age: 60, province: 'TX' },
      engaged_29_days: { age: 60, engagedDaysAgo: 29 },
      engaged_31_days: { age: 60, engagedDaysAgo: 31, firstName: 'Cy' },
      holdout_group_d: { age: 60, group: 'D' },
      unsubscribed: { age: 60, channelStatus: 'unsubscribed' as const },
      no_contact: { age: 60, noContact: true },
      complete: { age: 60, state: 'complete' },
    };
    for (const [name, spec] of Object.entries(specs)) carts[name] = await seedCart(t.db, store, spec, now);
  });

  it('records exactly one outcome per selected cart, and texts exactly the ones that pass', async () => {
    const result = await runCandidates(ctx, { brandId: store.brandId, now });
    expect(result.workflows).toHaveLength(1);
    expect(result.workflows[0]!.outcomes).toEqual({
      started: 3,
      triggered: 0,
      filtered_out: 2,
      channel_missing: 2,
      channel_blocked: 1,
      recently_engaged: 1,
      holdout: 1,
      duplicate: 0,
    });

    const byName = Object.fromEntries(Object.entries(carts).map(([name, c]) => [c.id, name]));
    const outcomes = await outcomesOf(t.db, store.workflowId);
    expect(Object.fromEntries(Object.entries(outcomes).map(([id, state]) => [byName[Number(id)], state]))).toEqual({
      inside_2h59: 'started',
      after_delay_31m: 'started',
      engaged_31_days: 'started',
      uk_number: 'channel_missing',
      no_contact: 'channel_missing',
      texas_area_code: 'filtered_out',
      texas_province: 'filtered_out',
      engaged_29_days: 'recently_engaged',
      holdout_group_d: 'holdout',
      unsubscribed: 'channel_blocked',
    });
    const texas = await t
      .db('flow_events')
      .where({ workflow_id: store.workflowId })
      .whereIn('event_id', [carts.texas_area_code!.id, carts.texas_province!.id])
      .pluck('reason');
    expect(texas).toEqual(['texas', 'texas']);

    const conversations = await t.db('conversations').where({ workflow_id: store.workflowId }).orderBy('cart_id');
    expect(conversations.map((c) => Number(c.cart_id))).toEqual(
      [carts.inside_2h59!.id, carts.after_delay_31m!.id, carts.engaged_31_days!.id].sort((a, b) => a - b),
    );
    expect(conversations.every((c) => c.is_hidden === true && Number(c.contact_channel_id) > 0)).toBe(true);
  });

  it('the first message: rendered, short link, reserved code, due now, auto_queued', async () => {
    const conversation = await t
      .db('conversations')
      .where({ workflow_id: store.workflowId, cart_id: carts.inside_2h59!.id })
      .first();
    const [message] = await t.db('conversation_messages').where({ conversation_id: conversation.id });
    expect(message).toMatchObject({ direction: 'outgoing', status: 'auto_queued', is_marketing: true });
    expect(message.scheduled_for.getTime()).toBe(now.getTime());
    expect(message.body).toMatch(
      /^Hi Ava, it's Northwind Outfitters\. You left something in your cart: http:\/\/localhost:3000\/r\/[A-Za-z0-9]{8} Use LR-[A-HJKMNP-Z0-9]{6} for 10% off\. Reply STOP to opt out\.$/,
    );

    const link = await t.db('short_links').where({ conversation_id: conversation.id }).first();
    const cart = await t.db('carts').where({ id: carts.inside_2h59!.id }).first();
    expect(link.target_url).toBe(cart.extra_data.abandoned_checkout_url);
    expect(Number(link.message_id)).toBe(Number(message.id));
    expect(message.body).toContain(`/r/${link.code}`);

    const code = await t.db('discount_codes').where({ conversation_id: conversation.id }).first();
    expect(code).toMatchObject({ status: 'pending', usage_limit: 1 });
    expect(Number(code.message_id)).toBe(Number(message.id));
    expect(message.body).toContain(code.code);
    expect(message.extra_data).toEqual({
      workflow_message: true,
      discount_code_id: Number(code.id),
      short_link_code: link.code,
    });
    expect(Math.round((code.ends_at.getTime() - code.starts_at.getTime()) / 86_400_000)).toBe(10);
  });

  it('goal events: one per outcome, the started ones with their conversation', async () => {
    const goals = await t
      .db('workflow_goal_state_change_events')
      .where({ workflow_id: store.workflowId })
      .select('cart_id', 'state', 'state_display', 'conversation_id');
    expect(goals).toHaveLength(10);
    const started = goals.filter((g) => g.state === 'started');
    expect(started).toHaveLength(3);
    expect(started.every((g) => g.conversation_id !== null)).toBe(true);
    expect(goals.filter((g) => g.state !== 'started').every((g) => g.conversation_id === null)).toBe(true);
    expect(goals.find((g) => Number(g.cart_id) === carts.texas_province!.id)).toMatchObject({
      state: 'filtered_out',
      state_display: 'texas',
    });
    expect(goals.find((g) => Number(g.cart_id) === carts.holdout_group_d!.id)).toMatchObject({ state: 'holdout' });
  });

  it('selected carts become abandoned; the others keep their state', async () => {
    const states = Object.fromEntries(
      await Promise.all(
        Object.entries(carts).map(async ([name, c]) => [
          name,
          (await t.db('carts').where({ id: c.id }).first('state')).state,
        ]),
      ),
    );
    expect(states).toMatchObject({
      inside_2h59: 'abandoned',
      texas_province: 'abandoned',
      holdout_group_d: 'abandoned',
      outside_3h01: 'pending',
      before_delay_29m: 'pending',
      complete: 'complete',
    });
  });

  it('a second run changes nothing', async () => {
    const before = await tableCounts(t.db);
    const again = await runCandidates(ctx, { brandId: store.brandId, now });
    expect(again.started).toBe(0);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('the 29-minute cart becomes a candidate two minutes later', async () => {
    const later = new Date(now.getTime() + 2 * 60_000);
    const result = await runCandidates(ctx, { brandId: store.brandId, now: later });
    expect(result.workflows[0]!.outcomes.started).toBe(1);
    expect((await outcomesOf(t.db, store.workflowId))[carts.before_delay_29m!.id]).toBe('started');
  });
});

describe('Texas with texas_compliance, and checkout workflows', () => {
  it('texts Texas customers when the brand has texas_compliance', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { brand: { extra_data: { texas_compliance: true } } });
    const a = await seedCart(t.db, store, { age: 60, phone: '+12145550177' }, now);
    const b = await seedCart(t.db, store, { age: 60, province: 'TX' }, now);
    await runCandidates(ctx, { brandId: store.brandId, now });
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({ [a.id]: 'started', [b.id]: 'started' });
  });

  it('one text per contact per run: a second cart of the same shopper is a duplicate', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { discount: false });
    const first = await seedCart(t.db, store, { age: 90 }, now);
    const second = await seedCart(t.db, store, { age: 60, contactId: first.contactId! }, now);
    await runCandidates(ctx, { brandId: store.brandId, now });
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({ [first.id]: 'started', [second.id]: 'duplicate' });
    const [message] = await t
      .db('conversation_messages')
      .join('conversations as c', 'c.id', 'conversation_messages.conversation_id')
      .where('c.workflow_id', store.workflowId)
      .select('body');
    expect(message.body).toMatch(
      /^Hi Ava, it's Northwind Outfitters\. You left something in your cart: http:\/\/localhost:3000\/r\/\w{8}\s+Reply STOP to opt out\.$/,
    );
    expect(await t.db('discount_codes').where({ workflow_id: store.workflowId })).toHaveLength(0);
  });

  it('checkout workflows select checkouts: the checkout becomes abandoned, the conversation keeps cart and checkout', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { type: 'checkout', delay: 60 });
    const cart = await seedCart(t.db, store, { age: 61 }, now);
    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        external_id: `co-${cart.id}`,
        cart_id: cart.id,
        contact_id: cart.contactId,
        state: 'pending',
        total_price: '84.00',
        abandoned_checkout_url: 'https://northwind.example.com/checkouts/cn/abc/recover',
        checkout_details: JSON.stringify({
          customer: { first_name: 'Dee' },
          shipping_address: { province_code: 'NY' },
          line_items: [{ product_id: 8001 }],
        }),
        updated_at: new Date(now.getTime() - 61 * 60_000),
      })
      .returning('id');
    const early = await t
      .db('checkouts')
      .insert({
        brand_id: store.brandId,
        brand_integration_id: store.integrationId,
        external_id: `co-early-${cart.id}`,
        state: 'pending',
        updated_at: new Date(now.getTime() - 59 * 60_000),
      })
      .returning('id');
    const result = await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(result.workflows[0]!.outcomes.started).toBe(1);
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({ [Number(checkout.id)]: 'started' });
    const conversation = await t.db('conversations').where({ workflow_id: store.workflowId }).first();
    expect([Number(conversation.checkout_id), Number(conversation.cart_id)]).toEqual([Number(checkout.id), cart.id]);
    expect((await t.db('checkouts').where({ id: checkout.id }).first()).state).toBe('abandoned');
    expect((await t.db('checkouts').where({ id: early[0].id }).first()).state).toBe('pending');
    const link = await t.db('short_links').where({ conversation_id: conversation.id }).first();
    expect(link.target_url).toBe('https://northwind.example.com/checkouts/cn/abc/recover');
  });
});

describe('the outreach rule', () => {
  it('three conversations sent to without a reply stop outreach; a reply lifts it', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { discount: false });
    const silent = await seedCart(t.db, store, { age: 60 }, now);
    const replied = await seedCart(t.db, store, { age: 60 }, now);
    for (const cart of [silent, replied]) {
      const channel = await t.db('contact_channels').where({ contact_id: cart.contactId }).first('id');
      for (let i = 0; i < 3; i += 1) {
        const [c] = await t
          .db('conversations')
          .insert({
            brand_id: store.brandId,
            contact_id: cart.contactId,
            contact_channel_id: channel.id,
            created_at: new Date(now.getTime() - (40 + i) * 86_400_000),
          })
          .returning('id');
        await t.db('conversation_messages').insert({
          brand_id: store.brandId,
          conversation_id: c.id,
          body: 'Hi',
          direction: 'outgoing',
          status: 'delivered',
          sent_at: new Date(now.getTime() - (40 + i) * 86_400_000),
        });
        if (cart === replied && i === 0)
          await t.db('conversation_messages').insert({
            brand_id: store.brandId,
            conversation_id: c.id,
            body: 'thanks',
            direction: 'incoming',
            status: 'received',
          });
      }
    }
    await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({ [silent.id]: 'filtered_out', [replied.id]: 'started' });
    const event = await t.db('flow_events').where({ workflow_id: store.workflowId, event_id: silent.id }).first();
    expect([event.reason, event.extra_data.detail]).toEqual([
      'outreach_limit',
      '3 conversations without a reply: outreach stops after 3',
    ]);
  });
});

describe('order workflows', () => {
  it('window edges, one order per contact, re-engage duplicates, US numbers only', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { type: 'order', delay: 120, brand: { re_engage_period: 30 } });
    const o = {
      after_delay: await seedOrder(t.db, store, { age: 121 }, now),
      before_delay: await seedOrder(t.db, store, { age: 119 }, now),
      lookback_edge_inside: await seedOrder(t.db, store, { age: 120 + 1440 - 1 }, now),
      lookback_edge_outside: await seedOrder(t.db, store, { age: 120 + 1440 + 1 }, now),
      uk: await seedOrder(t.db, store, { age: 200, phone: '+447911123456' }, now),
      cancelled: await seedOrder(t.db, store, { age: 200, state: 'cancelled' }, now),
      talked_5_days_ago: await seedOrder(t.db, store, { age: 300 }, now),
      talked_31_days_ago: await seedOrder(t.db, store, { age: 300 }, now),
    };
    const newest = await seedOrder(t.db, store, { age: 130 }, now);
    const older = await seedOrder(t.db, store, { age: 400, contactId: newest.contactId! }, now);
    await pastConversation(t.db, store.brandId, o.talked_5_days_ago.contactId!, 5, now);
    await pastConversation(t.db, store.brandId, o.talked_31_days_ago.contactId!, 31, now);

    const result = await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(result.workflows[0]!.outcomes).toMatchObject({ triggered: 4, duplicate: 2, channel_missing: 1, started: 0 });
    expect(await outcomesOf(t.db, store.workflowId)).toEqual({
      [o.after_delay.id]: 'triggered',
      [o.lookback_edge_inside.id]: 'triggered',
      [o.talked_31_days_ago.id]: 'triggered',
      [newest.id]: 'triggered',
      [older.id]: 'duplicate',
      [o.talked_5_days_ago.id]: 'duplicate',
      [o.uk.id]: 'channel_missing',
    });
    const reasons = await t
      .db('flow_events')
      .where({ workflow_id: store.workflowId, state: 'duplicate' })
      .orderBy('event_id')
      .pluck('reason');
    expect(reasons.sort()).toEqual(['re_engage_period', 'same_contact']);
    const conversations = await t.db('conversations').where({ workflow_id: store.workflowId }).pluck('order_id');
    expect(conversations.map(Number).sort((a, b) => a - b)).toEqual(
      [o.after_delay.id, o.lookback_edge_inside.id, o.talked_31_days_ago.id, newest.id].sort((a, b) => a - b),
    );
    const goals = await t
      .db('workflow_goal_state_change_events')
      .where({ workflow_id: store.workflowId })
      .select('state', 'order_id');
    expect(
      goals
        .filter((g) => g.state === 'triggered')
        .map((g) => Number(g.order_id))
        .sort(),
    ).toEqual(conversations.map(Number).sort());
    expect(goals.filter((g) => g.state === 'filtered_out')).toHaveLength(2);
  });

  it('at most 150 orders per brand integration per run; the rest wait for the next run', async () => {
    const now = new Date();
    const store = await seedStore(t.db, { type: 'order', delay: 120, discount: false });
    await t.db.raw(
      `with c as (
         insert into contacts (brand_id, given_name, extra_data) select ?, 'Shopper ' || g, '{"group_name":"A"}' from generate_series(1, 160) g returning id
       ), ch as (
         insert into contact_channels (brand_id, contact_id, type, username, status)
         select ?, id, 'sms', '+1415' || lpad((2000000 + id % 8000000)::text, 7, '0'), 'subscribed' from c returning contact_id
       )
       insert into orders (brand_id, brand_integration_id, external_id, contact_id, state, total, created_at)
       select ?, ?, 'bulk-' || contact_id, contact_id, 'complete', 50, ?::timestamptz - interval '3 hours' from ch`,
      [store.brandId, store.brandId, store.brandId, store.integrationId, now],
    );
    const first = await runCandidates(ctx, { workflowId: store.workflowId, now });
    expect(Object.values(first.workflows[0]!.outcomes).reduce((a, b) => a + b, 0)).toBe(150);
    const second = await runCandidates(ctx, { workflowId: store.workflowId, now: new Date(now.getTime() + 60_000) });
    expect(Object.values(second.workflows[0]!.outcomes).reduce((a, b) => a + b, 0)).toBe(10);
    expect(await t.db('flow_events').where({ workflow_id: store.workflowId }).count({ n: '*' })).toEqual([
      { n: '160' },
    ]);
  });
});

describe('runnable workflows only', () => {
  it('paused, draft, ended workflows and disconnected stores select nothing', async () => {
    const now = new Date();
    const paused = await seedStore(t.db, { workflow: { is_paused: true } });
    const draft = await seedStore(t.db, { workflow: { status: 'draft' } });
    const ended = await seedStore(t.db, { workflow: { ends_at: new Date(now.getTime() - 60_000) } });
    const disconnected = await seedStore(t.db);
    await t.db('brand_integrations').where({ id: disconnected.integrationId }).update({ status: 'disconnected' });
    for (const s of [paused, draft, ended, disconnected]) {
      await seedCart(t.db, s, { age: 60 }, now);
      const result = await runCandidates(ctx, { brandId: s.brandId, now });
      expect(result.workflows).toEqual([]);
      expect(await outcomesOf(t.db, s.workflowId)).toEqual({});
    }
  });
});
