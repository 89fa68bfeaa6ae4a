import { beforeAll, describe, expect, it } from 'vitest';
import {
  brandInsights,
  cartInfoOf,
  checkoutInfoOf,
  conversationMessageBody,
  conversationMessageCount,
  conversationThread,
  insightTagCategoryCounts,
  kbCardStats,
  liveFeed,
} from '../../src/analytics/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { la, seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

const PERIOD = { from: '2026-11-10', to: '2026-11-16' };

describe('getConvoThread: messages, feedback, goal state events and files', () => {
  it('tells template texts from replies and the shopper, oldest first', async () => {
    const thread = await conversationThread(t.db, { brandId: s.brandA, conversationId: s.conversations.c1 });
    expect(thread.conversation).toMatchObject({
      id: s.conversations.c1,
      workflow_id: s.w1,
      workflow_name: 'Abandoned Cart',
      given_name: 'Ava',
      cart_id: s.carts.c1,
      is_hidden: false,
    });
    expect(thread.conversation.phone).toMatch(/^\+1\d{10}$/);
    expect(thread.messages.map((m) => [m.id, m.kind, m.direction])).toEqual([
      [s.messages.m1, 'template', 'outgoing'],
      [s.messages.m2, 'shopper', 'incoming'],
      [s.messages.m3, 'reply', 'outgoing'],
    ]);
    expect(thread.feedback).toMatchObject([{ message_id: s.messages.m3, rating: 1, comment: 'Good answer' }]);
    expect(thread.goal_state_events.map((e) => [e.id, e.state, e.order_id])).toEqual([
      [s.events.recovered, 'recovered', s.orders.o1],
    ]);
    expect(thread.files).toEqual([
      {
        message_id: s.messages.m2,
        files: [{ id: s.fileId, name: 'socks.png', url: 'https://files.example.com/socks.png', type: 'image/png' }],
      },
    ]);
  });

  it("the brand's own prefix (NW-) makes a template; 230 characters or more never; the cart's goal events join", async () => {
    const c2 = await conversationThread(t.db, { brandId: s.brandA, conversationId: s.conversations.c2 });
    expect(c2.messages.map((m) => m.kind)).toEqual(['template', 'shopper', 'reply']);
    expect(c2.goal_state_events.map((e) => e.state)).toEqual(['messaged', 'filtered_out']);
    const c4 = await conversationThread(t.db, { brandId: s.brandA, conversationId: s.conversations.c4 });
    expect(c4.messages.map((m) => [m.body.length, m.kind])).toEqual([[261, 'reply']]);
    expect(c4.goal_state_events.map((e) => e.id)).toEqual([s.events.pending]);
  });

  it("another brand's conversation is 'Conversation not found'", async () => {
    await expect(conversationThread(t.db, { brandId: s.brandA, conversationId: s.conversations.b1 })).rejects.toThrow(
      'Conversation not found',
    );
  });
});

describe('message counts and bodies, cart and checkout info', () => {
  it('counts per conversation of the brand; bodies of its messages only', async () => {
    const { c1, c2, c3, c5, b1 } = s.conversations;
    expect(await conversationMessageCount(t.db, { brandId: s.brandA, conversationIds: [c5, c1, b1, c2, c3] })).toEqual([
      { conversation_id: c1, count: 3 },
      { conversation_id: c2, count: 3 },
      { conversation_id: c3, count: 2 },
      { conversation_id: c5, count: 1 },
    ]);
    const bodies = await conversationMessageBody(t.db, {
      brandId: s.brandA,
      messageIds: [s.messages.m2, s.messages.bm, s.messages.m1],
    });
    expect(bodies.map((m) => [m.id, m.body])).toEqual([
      [s.messages.m1, 'Hi Ava, your cart is waiting: http://localhost:3000/r/AbCd1234 Use LR-ABCDEF for 10% off.'],
      [s.messages.m2, 'Do you ship to Canada?'],
    ]);
  });

  it("cart data and checkout details; another brand's cart or checkout is not found", async () => {
    expect(await cartInfoOf(t.db, { brandId: s.brandA, cartId: s.carts.c1 })).toMatchObject({
      id: s.carts.c1,
      state: 'complete',
      total: '59.00',
      data: { line_items: [{ title: 'Wool socks', quantity: 2 }] },
    });
    await expect(cartInfoOf(t.db, { brandId: s.brandA, cartId: s.carts.b })).rejects.toThrow('Cart ID not found');
    expect(await checkoutInfoOf(t.db, { brandId: s.brandA, checkoutId: s.checkout })).toMatchObject({
      state: 'recovered',
      is_historical: false,
      total_price: '100.00',
      checkout_details: { email: 'ava@example.com', line_items: [{ title: 'Wool socks' }] },
    });
    await expect(checkoutInfoOf(t.db, { brandId: s.brandB, checkoutId: s.checkout })).rejects.toThrow(
      'Checkout not found',
    );
  });
});

describe('brand insights and their tag and category counts, by the conversations they came from', () => {
  const ids = (r: Awaited<ReturnType<typeof brandInsights>>) => r.insights.map((i) => [i.tag, i.conversations]);

  it.each([
    [
      'no filter: every conversation',
      {},
      [
        ['shipping', 2],
        ['price', 2],
      ],
    ],
    [
      'conversations of the week',
      PERIOD,
      [
        ['shipping', 2],
        ['price', 1],
      ],
    ],
    [
      'workflow W1 only',
      { flowIds: 'w1' },
      [
        ['price', 2],
        ['shipping', 1],
      ],
    ],
    ['recovered conversations of the week', { ...PERIOD, includeStates: ['recovered'] }, [['shipping', 1]]],
    [
      'not recovered, in the week',
      { ...PERIOD, excludeStates: ['recovered'] },
      [
        ['shipping', 1],
        ['price', 1],
      ],
    ],
    ['abandoned carts of the week', { ...PERIOD, includeStates: ['abandoned'] }, [['price', 1]]],
  ])('%s', async (_name, filter, expected) => {
    const { flowIds, ...rest } = filter as Record<string, unknown>;
    const result = await brandInsights(t.db, {
      brandId: s.brandA,
      ...rest,
      ...(flowIds ? { flowIds: [s.w1] } : {}),
    });
    expect(ids(result)).toEqual(expected);
    expect(result.total).toBe(expected.length);
  });

  it('pages with limit and offset and keeps the total', async () => {
    const page = await brandInsights(t.db, { brandId: s.brandA, limit: 1, offset: 1 });
    expect(page.insights.map((i) => i.id)).toEqual([s.insights.price]);
    expect(page.total).toBe(2);
    expect(page.insights[0]).toMatchObject({ category: 'blocker', topic: 'Price', body: 'Too expensive.' });
  });

  it('counts by category and tag, and per day with charts', async () => {
    const counts = await insightTagCategoryCounts(t.db, { brandId: s.brandA, ...PERIOD, charts: true });
    expect(counts.counts).toEqual([
      { category: 'product', tag: 'shipping', conversations: 2, messages: 2 },
      { category: 'blocker', tag: 'price', conversations: 1, messages: 1 },
    ]);
    expect(counts.series!.filter((p) => Object.keys(p.categories).length > 0)).toMatchObject([
      { key: '2026-11-10', categories: { product: 1 } },
      { key: '2026-11-12', categories: { blocker: 1 } },
      { key: '2026-11-13', categories: { product: 1 } },
    ]);
    const plain = await insightTagCategoryCounts(t.db, { brandId: s.brandA, ...PERIOD });
    expect(plain.counts).toEqual(counts.counts);
    expect(plain.series).toBeUndefined();
  });
});

describe('KB card stats', () => {
  it('cards by status and source, created and updated in the period, escalations', async () => {
    expect(await kbCardStats(t.db, { brandId: s.brandA, ...PERIOD })).toMatchObject({
      total: 4,
      published: 2,
      unpublished: 1,
      draft: 1,
      by_source: { manual: 2, flow: 1, escalation: 1, import: 0 },
      created_in_period: 1,
      updated_in_period: 2,
      escalations_in_period: 2,
      escalations_added_to_kb: 1,
    });
  });
});

describe('the live feed: 50 conversations, 50 orders and 50 events in the states pending, recovered, messaged', () => {
  it('shows each in its state, newest first, phones masked', async () => {
    const feed = await liveFeed(t.db, { brandId: s.brandA });
    const { c1, c2, c3, c4, c5, p1, p2 } = s.conversations;
    expect(feed.conversations.map((c) => [c.id, c.state])).toEqual([
      [c4, 'messaged'],
      [c3, 'pending'],
      [c5, 'pending'],
      [c2, 'messaged'],
      [c1, 'recovered'],
      [p2, 'messaged'],
      [p1, 'recovered'],
    ]);
    for (const c of feed.conversations) expect(c.phone).toMatch(/^\+1\d{3}\*\*\*\d{4}$/);
    const { o1, o4, o5, o6, o7 } = s.orders;
    // O2 (no workflow, never texted) and O3 (cancelled, no shopper) are not on the feed.
    expect(feed.orders.map((o) => [o.id, o.state])).toEqual([
      [o5, 'pending'],
      [o4, 'messaged'],
      [o1, 'recovered'],
      [o6, 'recovered'],
      [o7, 'recovered'],
    ]);
    expect(feed.events.map((e) => [e.id, e.state])).toEqual([
      [s.events.pending, 'pending'],
      [s.events.messaged, 'messaged'],
      [s.events.recovered, 'recovered'],
    ]);
  });

  it('keeps the 50 newest of each', async () => {
    const rows = Array.from({ length: 55 }, (_, k) => ({
      brand_id: s.brandB,
      state: 'pending',
      created_at: la(20, `${String(10 + (k % 10)).padStart(2, '0')}:${String(k).padStart(2, '0')}`),
    }));
    await t.db('workflow_goal_state_change_events').insert(rows);
    await t.db('conversations').insert(rows.map(({ brand_id, created_at }) => ({ brand_id, created_at })));
    const feed = await liveFeed(t.db, { brandId: s.brandB });
    expect(feed.events).toHaveLength(50);
    expect(feed.conversations).toHaveLength(50);
    const times = feed.events.map((e) => e.created_at.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });
});
