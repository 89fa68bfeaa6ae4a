import { beforeAll, describe, expect, it } from 'vitest';
import {
  clientFunnelStats,
  conversationStats,
  workflowStats,
  workflowStatsList,
  type FunnelComparison,
} from '../../src/analytics/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

const PERIOD = { from: '2026-11-10', to: '2026-11-16' };
type Triple = [number | string, number | string, number | null];
const steps = (f: FunnelComparison): Record<string, Triple> =>
  Object.fromEntries(f.steps.map((x) => [x.id, [x.current, x.previous, x.change]]));
const rates = (f: FunnelComparison) => Object.fromEntries(f.steps.map((x) => [x.id, x.rate]));
const outcomes = (f: FunnelComparison): Record<string, [number, number]> =>
  Object.fromEntries(f.outcomes.map((x) => [x.id, [x.current, x.previous]]));
const orders = (f: FunnelComparison) => Object.fromEntries(f.orders.map((x) => [x.id, [x.current, x.previous]]));

describe('the client funnel: candidates -> started -> sent -> delivered -> clicked -> replied -> recovered', () => {
  it('follows the conversations that started in the period, whenever their texts, clicks and orders came', async () => {
    const funnel = await clientFunnelStats(t.db, { brandId: s.brandA, ...PERIOD });
    expect(steps(funnel)).toEqual({
      // 8 flow events this week (W1: 3 started, filtered_out, channel_missing, holdout; W2: triggered, duplicate); 3 before.
      candidates: [8, 3, 1.6667],
      // C1-C5; before, P1 and P2.
      started: [5, 2, 1.5],
      // C1, C2, C4 (C3's texts were held and skipped); P2 counts for last week although its text went out this week.
      sent: [3, 2, 0.5],
      // C1 and C4 (C2's text was undelivered); P1, P2.
      delivered: [2, 2, 0],
      clicked: [1, 1, 0],
      // C1 and C5 (C2 only sent STOP); P1.
      replied: [2, 1, 1],
      // C1 (O1); P1 (O6).
      recovered: [1, 1, 0],
    });
    expect(rates(funnel)).toEqual({
      candidates: null,
      started: 0.625,
      sent: 0.6,
      delivered: 0.4,
      clicked: 0.2,
      replied: 0.4,
      recovered: 0.2,
    });
    expect(outcomes(funnel)).toEqual({
      filtered_out: [1, 0],
      channel_missing: [1, 0],
      channel_blocked: [0, 1],
      recently_engaged: [0, 0],
      holdout: [1, 0],
      duplicate: [1, 0],
      compliance_skipped: [0, 0],
      quiet_hours_held: [1, 0],
      skipped: [1, 0],
    });
    expect(orders(funnel)).toEqual({
      orders: [4, 1],
      sales: ['250.00', '60.00'],
      recovered_orders: [1, 1],
      recovered_sales: ['100.00', '60.00'],
    });
    expect(funnel.steps.map((x) => x.definition).every((d) => d.endsWith('.'))).toBe(true);
  });

  it('isHistorical keeps the conversations about a historical checkout (or the others)', async () => {
    const [checkout] = await t
      .db('checkouts')
      .insert({
        brand_id: s.brandA,
        brand_integration_id: (await t.db('brand_integrations').where({ brand_id: s.brandA }).first('id')).id,
        external_id: `historical-${s.tag}`,
        is_historical: true,
      })
      .returning('id');
    await t.db('conversations').where({ id: s.conversations.c4 }).update({ checkout_id: checkout.id });
    const historical = await clientFunnelStats(t.db, { brandId: s.brandA, ...PERIOD, isHistorical: true });
    expect([steps(historical).started![0], steps(historical).sent![0], steps(historical).delivered![0]]).toEqual([
      1, 1, 1,
    ]);
    const live = await clientFunnelStats(t.db, { brandId: s.brandA, ...PERIOD, isHistorical: false });
    expect(steps(live).started![0]).toBe(4);
    expect(live.filters).toEqual({ workflow_id: null, is_historical: false });
    await t.db('conversations').where({ id: s.conversations.c4 }).update({ checkout_id: null });
  });
});

describe('workflow stats', () => {
  it('the list: each workflow of the brand with its funnel, outcomes and recovered orders', async () => {
    const list = await workflowStatsList(t.db, { brandId: s.brandA, ...PERIOD });
    expect(list.workflows.map((w) => [w.workflow.id, w.workflow.name, w.workflow.type])).toEqual([
      [s.w1, 'Abandoned Cart', 'cart'],
      [s.w2, 'Upsell', 'order'],
    ]);
    const [w1, w2] = list.workflows;
    expect(steps(w1!)).toEqual({
      candidates: [6, 3, 1],
      started: [3, 2, 0.5],
      sent: [3, 2, 0.5],
      delivered: [2, 2, 0],
      clicked: [1, 1, 0],
      replied: [1, 1, 0],
      recovered: [1, 1, 0],
    });
    expect(outcomes(w1!)).toMatchObject({
      filtered_out: [1, 0],
      channel_missing: [1, 0],
      channel_blocked: [0, 1],
      holdout: [1, 0],
      quiet_hours_held: [0, 0],
    });
    expect(orders(w1!)).toEqual({
      orders: [1, 1],
      sales: ['100.00', '60.00'],
      recovered_orders: [1, 1],
      recovered_sales: ['100.00', '60.00'],
    });
    expect(steps(w2!)).toEqual({
      candidates: [2, 0, null],
      started: [1, 0, null],
      sent: [0, 0, null],
      delivered: [0, 0, null],
      clicked: [0, 0, null],
      replied: [0, 0, null],
      recovered: [0, 0, null],
    });
    expect(outcomes(w2!)).toMatchObject({ duplicate: [1, 0], quiet_hours_held: [1, 0], skipped: [1, 0] });
  });

  it("one workflow; another brand's or an unknown workflow is 'Flow not found'", async () => {
    const one = await workflowStats(t.db, { brandId: s.brandA, workflowId: s.w2, ...PERIOD });
    expect(one.workflow).toMatchObject({ id: s.w2, name: 'Upsell', status: 'active', is_paused: false });
    expect(steps(one).started).toEqual([1, 0, null]);
    const theirs = await t.db('workflows').where({ brand_id: s.brandB }).first('id');
    await expect(workflowStats(t.db, { brandId: s.brandA, workflowId: Number(theirs.id) })).rejects.toThrow(
      'Flow not found',
    );
    await expect(
      workflowStatsList(t.db, { brandId: s.brandA, workflowIds: [s.w1, 999_999_999], ...PERIOD }),
    ).rejects.toThrow('Flow not found');
    await expect(clientFunnelStats(t.db, { brandId: s.brandA, workflowId: Number(theirs.id) })).rejects.toThrow(
      'Flow not found',
    );
  });
});

describe('conversation stats (isHidden false by default)', () => {
  const figures = (stats: Awaited<ReturnType<typeof conversationStats>>) =>
    Object.fromEntries(stats.stats.map((x) => [x.id, [x.current, x.previous, x.change]]));

  it('counts visible conversations unless asked otherwise', async () => {
    const visible = await conversationStats(t.db, { brandId: s.brandA, ...PERIOD });
    expect(visible.filters).toEqual({ workflow_id: null, is_hidden: false, is_historical: null });
    // C1 and C5 are visible (P1 before): C1 texted, both replied.
    expect(figures(visible)).toEqual({
      count: [2, 1, 1],
      sent_count: [1, 1, 0],
      reply_count: [2, 1, 1],
      reply_rate: [1, 1, 0],
    });
    const hidden = await conversationStats(t.db, { brandId: s.brandA, ...PERIOD, isHidden: true });
    // C2, C3, C4 (P2 before): C2 and C4 texted, none replied.
    expect(figures(hidden)).toEqual({
      count: [3, 1, 2],
      sent_count: [2, 1, 1],
      reply_count: [0, 0, null],
      reply_rate: [0, 0, 0],
    });
    const all = await conversationStats(t.db, { brandId: s.brandA, ...PERIOD, isHidden: null });
    expect(figures(all).count).toEqual([5, 2, 1.5]);
    expect(figures(all).reply_rate).toEqual([0.4, 0.5, -0.1]);
  });

  it('with charts: the visible conversations per local day', async () => {
    const stats = await conversationStats(t.db, { brandId: s.brandA, ...PERIOD, charts: true });
    expect(stats.series!.map((p) => [p.key, p.count, p.sent_count, p.reply_count])).toEqual([
      ['2026-11-10', 1, 1, 1],
      ['2026-11-11', 0, 0, 0],
      ['2026-11-12', 0, 0, 0],
      ['2026-11-13', 1, 0, 1],
      ['2026-11-14', 0, 0, 0],
      ['2026-11-15', 0, 0, 0],
      ['2026-11-16', 0, 0, 0],
    ]);
  });
});
