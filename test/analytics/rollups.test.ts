import { beforeAll, describe, expect, it } from 'vitest';
import {
  brandStats,
  clientFunnelStats,
  conversationStats,
  dailyStats,
  refreshAnalyticsRollups,
  workflowStatsList,
  type PeriodQuery,
} from '../../src/analytics/index.ts';
import { createDb } from '../../src/db/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { la, seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

const WEEK = { from: '2026-11-10', to: '2026-11-16' };

/** Every report of the week, read through the rollups (default) or from the rows only. */
async function reports(rollups: boolean, extra: PeriodQuery = {}) {
  const q = { brandId: s.brandA, ...WEEK, ...extra, rollups };
  return JSON.parse(
    JSON.stringify({
      brand: await brandStats(t.db, { ...q, charts: true }),
      hourly: await dailyStats(t.db, { ...q, from: '2026-11-12', to: '2026-11-16' }),
      weekly: await dailyStats(t.db, { ...q, from: '2026-11-01', to: '2026-11-30', granularity: 'week' }),
      funnel: await clientFunnelStats(t.db, q),
      workflows: await workflowStatsList(t.db, q),
      conversations: await conversationStats(t.db, { ...q, isHidden: null, charts: true }),
      w1: await brandStats(t.db, { ...q, workflowId: s.w1 }),
    }),
  );
}

const metric = async (id: string, rollups = true) => {
  const stats = await brandStats(t.db, { brandId: s.brandA, ...WEEK, rollups });
  const m = stats.metrics.find((x) => x.id === id)!;
  return [m.current, m.previous];
};
const step = async (id: string) =>
  (await clientFunnelStats(t.db, { brandId: s.brandA, ...WEEK })).steps.find((x) => x.id === id)!.current;
const dirtyCount = async () =>
  Number((await t.db('analytics_dirty').count({ n: '*' }))[0]!.n) +
  Number((await t.db('analytics_dirty_conversations').count({ n: '*' }))[0]!.n);

/** The figure read right after a change (its hours dirty), after a refresh, and from the rows agree. */
async function agreeEverywhere(read: () => Promise<unknown>, expected: unknown) {
  expect(await dirtyCount()).toBeGreaterThan(0);
  expect(await read()).toEqual(expected);
  await refreshAnalyticsRollups(t.db);
  expect(await dirtyCount()).toBe(0);
  expect(await read()).toEqual(expected);
}

describe('hourly rollups: the same figures as the rows, correct under late and out-of-order events', () => {
  it('a refresh clears every dirty hour, and every report reads the same from the rollups as from the rows', async () => {
    expect(await dirtyCount()).toBeGreaterThan(0);
    const result = await refreshAnalyticsRollups(t.db, { batchSize: 7 });
    expect(result.remaining).toBe(0);
    expect(result.batches).toBeGreaterThan(1);
    const texts = await t.db('analytics_hourly').where({ brand_id: s.brandA }).sum({ n: 'texts_sent' });
    // All brand A's sent texts: m1, m3, m4, m6, m9, m11, m13.
    expect(Number(texts[0]!.n)).toBe(7);
    const cohort = await t.db('analytics_cohort_hourly').where({ brand_id: s.brandA }).sum({ n: 'started' });
    expect(Number(cohort[0]!.n)).toBe(7);
    expect(await reports(true)).toEqual(await reports(false));
  });

  it('a late delivery report counts at once and after the refresh', async () => {
    await t.db('conversation_messages').where({ id: s.messages.m4 }).update({ status: 'delivered' });
    await agreeEverywhere(() => metric('texts_delivered'), [4, 1]);
    expect(await step('delivered')).toBe(3);
  });

  it("a text older than the conversation's first moves the conversation to the earlier period", async () => {
    // P2 started at 23:00 on the 9th and was first texted at 08:30 on the 10th (this week); a text
    // of 23:30 on the 9th, recorded late, makes it a conversation texted last week.
    await t.db('conversation_messages').insert({
      brand_id: s.brandA,
      conversation_id: s.conversations.p2,
      body: 'An early reminder',
      direction: 'outgoing',
      status: 'sent',
      sent_at: la(9, '23:30'),
      created_at: la(9, '23:30'),
    });
    await agreeEverywhere(
      async () => [await metric('texted_conversations'), await metric('texts_sent')],
      [
        [3, 2],
        [6, 2],
      ],
    );
  });

  it('an order attributed later, a checkout recovered later and a repeated click', async () => {
    await t
      .db('orders')
      .where({ id: s.orders.o2 })
      .update({ workflow_id: s.w1, recovered_at: la(12, '13:00'), billing_status: 'billable' });
    await agreeEverywhere(() => metric('recovered_sales'), ['150.00', '60.00']);

    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: s.brandA,
        brand_integration_id: (await t.db('brand_integrations').where({ brand_id: s.brandA }).first('id')).id,
        external_id: `late-${s.tag}`,
        state: 'abandoned',
      })
      .returning('id');
    await t
      .db('orders')
      .where({ id: s.orders.o4 })
      .update({ workflow_id: s.w1, recovered_at: la(14, '10:00'), checkout_id: checkout.id });
    await refreshAnalyticsRollups(t.db);
    expect(await metric('recovered_orders')).toEqual([2, 1]);
    await t.db('checkouts').where({ id: checkout.id }).update({ state: 'recovered' });
    await agreeEverywhere(() => metric('recovered_orders'), [3, 1]);

    const link = await t.db('short_links').where({ message_id: s.messages.m1 }).first('id');
    await t.db('link_clicks').insert({ brand_id: s.brandA, short_link_id: link.id, clicked_at: la(12, '09:00') });
    await agreeEverywhere(
      async () => [await metric('clicks'), await metric('unique_clicks')],
      [
        [4, 0],
        [2, 0],
      ],
    );
  });

  it("a new code prefix of the brand changes which of its texts are templates (every hour of the brand's texts)", async () => {
    const before = await metric('template_texts_sent');
    // A static code YES: m3 ("Yes, we ship to Canada...") now carries it.
    await t.db('discount_rules').insert({
      brand_id: s.brandA,
      type: 'percentage',
      value: 5,
      extra_data: { type: 'static', code_prefix: 'YES' },
    });
    await agreeEverywhere(() => metric('template_texts_sent'), [Number(before[0]) + 1, before[1]]);
  });

  it('a deleted order and a hidden conversation made visible', async () => {
    await t.db('orders').where({ id: s.orders.o5 }).delete();
    await agreeEverywhere(() => metric('orders'), [3, 1]);
    await t.db('conversations').where({ id: s.conversations.c4 }).update({ is_hidden: false });
    await agreeEverywhere(
      async () =>
        (await conversationStats(t.db, { brandId: s.brandA, ...WEEK })).stats.find((x) => x.id === 'count')!.current,
      3,
    );
    expect(await reports(true)).toEqual(await reports(false));
  });

  it('a change committed while a refresh runs keeps its mark (the refresh clears only the marks it took)', async () => {
    await refreshAnalyticsRollups(t.db);
    // A change in C5's hour (13 November, 17:00 UTC) for the refresh to take.
    await t.db('conversation_messages').where({ id: s.messages.m10 }).update({ body: 'What are your hours?' });
    const other = createDb({ url: t.url, pool: { max: 1 } });
    let written = false;
    try {
      await refreshAnalyticsRollups(t.db, {
        maxBatches: 1,
        // A reply lands in that hour after the refresh recomputed it, before it clears its marks.
        beforeClear: async () => {
          if (written) return;
          written = true;
          await other('conversation_messages').insert({
            brand_id: s.brandA,
            conversation_id: s.conversations.c5,
            body: 'And on Sundays?',
            direction: 'incoming',
            status: 'received',
            created_at: new Date('2026-11-13T17:30:00Z'),
            extra_data: { action: 'reply' },
          });
        },
      });
    } finally {
      await other.destroy();
    }
    expect(written).toBe(true);
    const marks = await t.db('analytics_dirty_conversations').where({ brand_id: s.brandA }).pluck('conversation_id');
    expect(marks.map(Number)).toContain(s.conversations.c5);
    expect(await metric('replies')).toEqual([3, 1]);
    await refreshAnalyticsRollups(t.db);
    expect(await dirtyCount()).toBe(0);
    expect(await metric('replies')).toEqual([3, 1]);
  });

  it('a time zone with a half-hour offset is read from the rows (its days do not start on UTC hours)', async () => {
    const kolkata = { timezone: 'Asia/Kolkata' };
    expect(await reports(true, kolkata)).toEqual(await reports(false, kolkata));
  });
});
