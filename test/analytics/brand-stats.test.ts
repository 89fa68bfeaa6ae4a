import { beforeAll, describe, expect, it } from 'vitest';
import { brandStats, dailyStats, METRIC_INFO, type BrandStats } from '../../src/analytics/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { seedAnalytics, type Seeded } from './seed.ts';

const t = useTestDatabase();
let s: Seeded;
beforeAll(async () => {
  s = await seedAnalytics(t.db);
});

const PERIOD = { from: '2026-11-10', to: '2026-11-16' };
const values = (stats: BrandStats) =>
  Object.fromEntries(stats.metrics.map((m) => [m.id, [m.current, m.previous, m.change]]));

describe('brand stats: every metric, current against previous, computed by hand from seed.ts', () => {
  it('counts each metric of the current week against the week before', async () => {
    const stats = await brandStats(t.db, { brandId: s.brandA, ...PERIOD });
    expect(stats.timezone).toBe('America/Los_Angeles');
    expect(stats.current).toMatchObject({
      from: '2026-11-10T08:00:00.000Z',
      to: '2026-11-17T08:00:00.000Z',
      days: 7,
      granularity: 'day',
    });
    expect(stats.previous).toMatchObject({ from_day: '2026-11-03', to_day: '2026-11-09' });
    expect(values(stats)).toEqual({
      // C1-C5 started this week (C4 at 23:30 on the 16th, local); P1 and P2 the week before.
      conversations_started: [5, 2, 1.5],
      // m1, m3, m4, m6, m9 and P2's m13 (sent on the 10th); m7 is held and m8 skipped. Before: m11.
      texts_sent: [6, 1, 5],
      // m1 (link and LR-), m4 (NW- prefix), m13 (link); m9 has a link but 250 characters.
      template_texts_sent: [3, 1, 2],
      reply_texts_sent: [3, 0, null],
      texts_delivered: [3, 1, 2],
      delivery_rate: [0.5, 1, -0.5],
      // C1, C2, C4 and P2 got texts this week.
      texted_conversations: [4, 1, 3],
      // C1's link twice and P2's once.
      clicks: [3, 0, null],
      unique_clicks: [2, 0, null],
      click_rate: [0.3333, 0, 0.3333],
      // m2 and m10 (STOP is not a reply); before, m12.
      replies: [2, 1, 1],
      replied_conversations: [2, 1, 1],
      reply_rate: [0.5, 1, -0.5],
      opt_outs: [1, 0, null],
      opt_out_rate: [0.25, 0, 0.25],
      // O1, O2, O4, O5 (O3 is cancelled); before, O6.
      orders: [4, 1, 3],
      sales: ['250.00', '60.00', 3.1667],
      average_order_value: ['62.50', '60.00', 0.0417],
      // O1 only: O2 has recovered_at and billable but no workflow.
      recovered_orders: [1, 1, 0],
      recovered_sales: ['100.00', '60.00', 0.6667],
      recovered_average_order_value: ['100.00', '60.00', 0.6667],
      revenue_per_text: ['16.67', '60.00', -0.7222],
    });
  });

  it('every metric carries its label, one-sentence definition, unit and direction', async () => {
    const stats = await brandStats(t.db, { brandId: s.brandA, ...PERIOD });
    expect(stats.metrics.map((m) => m.id)).toEqual(METRIC_INFO.map((m) => m.id));
    for (const m of stats.metrics) {
      expect(m.label.length).toBeGreaterThan(0);
      expect(m.definition).toMatch(/^[A-Z].*\.$/);
    }
    expect(stats.metrics.find((m) => m.id === 'opt_out_rate')).toMatchObject({ unit: 'rate', lower_is_better: true });
    expect(stats.metrics.find((m) => m.id === 'recovered_sales')).toMatchObject({
      unit: 'money',
      lower_is_better: false,
    });
  });

  it('one workflow: its conversations, texts, replies, clicks and recovered orders only', async () => {
    const stats = await brandStats(t.db, { brandId: s.brandA, ...PERIOD, workflowId: s.w2 });
    const v = values(stats);
    // W2 has only C3, whose texts were held and skipped.
    expect([v.conversations_started![0], v.texts_sent![0], v.replies![0], v.recovered_orders![0]]).toEqual([
      1, 0, 0, 0,
    ]);
    const w1 = values(await brandStats(t.db, { brandId: s.brandA, ...PERIOD, workflowId: s.w1 }));
    expect([w1.conversations_started![0], w1.texts_sent![0], w1.clicks![0], w1.replies![0]]).toEqual([3, 6, 3, 1]);
    expect(w1.recovered_sales![0]).toBe('100.00');
  });

  it("another brand's data never counts, and an unknown brand is 'Brand not found'", async () => {
    const b = values(await brandStats(t.db, { brandId: s.brandB, ...PERIOD }));
    expect([b.conversations_started![0], b.texts_sent![0], b.recovered_sales![0]]).toEqual([1, 1, '1000.00']);
    await expect(brandStats(t.db, { brandId: 999_999_999, ...PERIOD })).rejects.toThrow('Brand not found');
  });

  it('a whole month is compared with the whole month before', async () => {
    const stats = await brandStats(t.db, { brandId: s.brandA, from: '2026-11-01', to: '2026-11-30' });
    expect([stats.previous.from_day, stats.previous.to_day]).toEqual(['2026-10-01', '2026-10-31']);
    // October holds O7 only (500.00, recovered).
    expect(values(stats).recovered_sales).toEqual(['160.00', '500.00', -0.68]);
  });
});

describe('daily stats: the metrics per bucket in the report time zone', () => {
  it('days are local: C4 and m9 (17 November in UTC) fall on the 16th in Los Angeles', async () => {
    const daily = await dailyStats(t.db, { brandId: s.brandA, ...PERIOD });
    expect(daily.granularity).toBe('day');
    const pick = (id: string) => daily.points.map((p) => p.values[id]);
    expect(daily.points.map((p) => p.key)).toEqual([
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
    ]);
    expect(pick('conversations_started')).toEqual([1, 0, 1, 1, 1, 0, 1]);
    expect(pick('texts_sent')).toEqual([3, 0, 2, 0, 0, 0, 1]);
    expect(pick('clicks')).toEqual([3, 0, 0, 0, 0, 0, 0]);
    expect(pick('replies')).toEqual([1, 0, 0, 1, 0, 0, 0]);
    expect(pick('opt_outs')).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(pick('orders')).toEqual([0, 1, 1, 0, 1, 1, 0]);
    expect(pick('recovered_sales')).toEqual(['0.00', '100.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(pick('delivery_rate')).toEqual([0.6667, null, 0, null, null, null, 1]);
  });

  it('in UTC the same events land on other days; weeks start on Monday; a forced granularity wins', async () => {
    const utc = await dailyStats(t.db, { brandId: s.brandA, ...PERIOD, timezone: 'UTC' });
    expect(utc.period).toMatchObject({ from: '2026-11-10T00:00:00.000Z', timezone: 'UTC' });
    // P2 (07:00 UTC on the 10th) joins C1 on the 10th; C3 moves to the 15th; C4 (07:30 on the 17th) is outside.
    expect(utc.points.map((p) => p.values.conversations_started)).toEqual([2, 0, 1, 1, 0, 1, 0]);
    const weekly = await dailyStats(t.db, {
      brandId: s.brandA,
      from: '2026-11-01',
      to: '2026-11-30',
      granularity: 'week',
    });
    expect(weekly.points.map((p) => [p.key, p.values.conversations_started])).toEqual([
      ['2026-10-26', 0],
      ['2026-11-02', 1],
      ['2026-11-09', 5],
      ['2026-11-16', 1],
      ['2026-11-23', 0],
      ['2026-11-30', 0],
    ]);
  });

  it('hours: the five days from the 12th have 120 hourly points; C2 started at 15:00 local', async () => {
    const hourly = await dailyStats(t.db, { brandId: s.brandA, from: '2026-11-12', to: '2026-11-16' });
    expect(hourly.granularity).toBe('hour');
    expect(hourly.points).toHaveLength(120);
    const started = hourly.points.filter((p) => p.values.conversations_started === 1).map((p) => p.label);
    expect(started).toEqual([
      '2026-11-12 15:00-08:00',
      '2026-11-13 09:00-08:00',
      '2026-11-14 20:00-08:00',
      '2026-11-16 23:00-08:00',
    ]);
  });
});
