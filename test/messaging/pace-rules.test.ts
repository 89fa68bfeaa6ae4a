/** Each sending number's pace, pure: the daily cap in the plan, where the pace comes from, a campaign's finish. */
import { describe, expect, it } from 'vitest';
import { estimateFinish, planSlots, readPace, slotGraceMs, tierOfCampaign } from '../../src/messaging/index.ts';

describe("a number's pace", () => {
  it("a number's daily cap: only the day's rest is planned, the others are over the cap", () => {
    const now = new Date('2026-07-15T19:00:00Z');
    const plan = planSlots({ nextSendAt: now, now, count: 5, interval: 500, dayLeft: 2 });
    expect(plan.slots.map((d) => d.getTime() - now.getTime())).toEqual([0, 500]);
    expect(plan.later).toEqual([]);
    expect(plan.overCap).toBe(3);
    expect(planSlots({ nextSendAt: now, now, count: 2, interval: 500, dayLeft: 0 })).toMatchObject({
      slots: [],
      overCap: 2,
    });
  });

  it("a claim's slack for a late last text: half an interval, 20 to 250 ms", () => {
    expect([1, 100, 250, 500, 1000, 5000].map(slotGraceMs)).toEqual([20, 50, 125, 250, 250, 250]);
  });

  it("a number's pace: Infobip's tier first, then the brand's settings, then the defaults", () => {
    const defaults = { perSecond: 1, perDay: 2_000 };
    expect(readPace({ perSecond: [], perDay: [] }, defaults)).toEqual({
      perSecond: 1,
      perDay: 2_000,
      source: 'default',
    });
    expect(readPace({ perSecond: [undefined, '4'], perDay: ['50000'] }, defaults)).toEqual({
      perSecond: 4,
      perDay: 50_000,
      source: 'setting',
    });
    expect(readPace({ tier: { perSecond: 75, perDay: 200_000 }, perSecond: [4], perDay: [10] }, defaults)).toEqual({
      perSecond: 75,
      perDay: 200_000,
      source: 'tier',
    });
    // A tier with a daily cap only keeps the brand's rate.
    expect(readPace({ tier: { perDay: 10_000 }, perSecond: [4], perDay: [] }, defaults)).toMatchObject({
      perSecond: 4,
      perDay: 10_000,
    });
    expect(readPace({ perSecond: [-1, 'x', 0], perDay: [] }, defaults).perSecond).toBe(1);
  });

  it("a campaign's finish at its number's pace: the rate while the day's cap lasts, then the next days", () => {
    const from = new Date('2026-07-15T20:00:00Z');
    const pace = { perSecond: 4, perDay: 10_000 };
    // 2,000 texts at 4 a second: 500 s.
    expect(estimateFinish({ remaining: 2_000, pace, today: 0, from }).toISOString()).toBe('2026-07-15T20:08:20.000Z');
    // 25,000 texts with 9,000 sent today: 1,000 today, 10,000 on the 16th, 10,000 on the 17th, 4,000 on the 18th.
    expect(estimateFinish({ remaining: 25_000, pace, today: 9_000, from }).toISOString()).toBe(
      '2026-07-18T00:16:40.000Z',
    );
    expect(estimateFinish({ remaining: 0, pace, today: 0, from })).toEqual(from);
  });

  it("a 10DLC campaign's tier from Infobip's answer: AT&T's class or a per-minute figure, T-Mobile's daily cap", () => {
    expect(tierOfCampaign({ id: '1', stage: 'REGISTERED' })).toBeUndefined();
    expect(tierOfCampaign({ messageClass: 'A' })).toEqual({ perSecond: 75 });
    expect(tierOfCampaign({ throughput: { messageClass: 't', dailyCap: 2_000 } })).toEqual({
      perSecond: 1.25,
      perDay: 2_000,
    });
    expect(tierOfCampaign({ tpm: 240 })).toEqual({ perSecond: 4 });
  });
});
