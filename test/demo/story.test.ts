import { describe, expect, it } from 'vitest';
import { buildStory, loadDemoFixtures, storySpec, type BrandStory } from '../../src/demo/index.ts';

const MINUTE = 60_000;
const clockAt = (iso: string) => {
  const now = new Date(iso);
  return { now, stopAt: new Date(now.getTime() - 150 * MINUTE) };
};

async function stories(iso: string): Promise<{ clock: ReturnType<typeof clockAt>; stories: Map<string, BrandStory> }> {
  const fixtures = await loadDemoFixtures();
  const clock = clockAt(iso);
  const used = { shortCodes: new Set<string>(), discountCodes: new Set<string>() };
  return {
    clock,
    stories: new Map(
      fixtures.brands.map((b) => [b.key, buildStory(storySpec(b, 'http://localhost:3000'), clock, used)]),
    ),
  };
}

/** The rows a story writes, counted; order-flow outcomes near the worker's stop are left out (see below). */
function shape(story: BrandStory): Record<string, number> {
  const count: Record<string, number> = {
    contacts: story.contacts.length,
    carts: story.carts.length,
    checkouts: story.checkouts.length,
    orders: story.orders.length,
    conversations: story.conversations.length,
    messages: story.conversations.reduce((n, c) => n + c.messages.length, 0),
    clicks: story.conversations.reduce((n, c) => n + (c.link?.clicks.length ?? 0), 0),
    codes_used: story.orders.filter((o) => o.discountCode).length,
    opted_out: story.contacts.filter((c) => c.optedOutAt).length,
  };
  for (const e of story.flowEvents)
    if (e.kind !== 'order' || e.outcome !== 'duplicate')
      count[`${e.kind}:${e.outcome}`] = (count[`${e.kind}:${e.outcome}`] ?? 0) + 1;
  for (const c of story.carts) count[`cart:${c.state}`] = (count[`cart:${c.state}`] ?? 0) + 1;
  for (const c of story.checkouts) count[`checkout:${c.state}`] = (count[`checkout:${c.state}`] ?? 0) + 1;
  return count;
}

describe('the demo story is the same on every run', () => {
  it('has the same rows whatever the time of day it is told at (only the quiet hours move times)', async () => {
    // 03:10 UTC is night in the US (first texts wait for 8:00); 18:40 UTC is daytime.
    const night = await stories('2026-03-04T03:10:00Z');
    const day = await stories('2026-03-04T18:40:00Z');
    for (const key of ['nw', 'hp']) expect(shape(day.stories.get(key)!)).toEqual(shape(night.stories.get(key)!));
    // An order placed near three days before the worker stopped is decided by the post-purchase
    // flow either in the history or by the first run after `reclaim start`, as its text's quiet
    // hours fall: the order itself is there either way.
    expect(shape(night.stories.get('nw')!)).toMatchObject({
      contacts: 408,
      carts: 528,
      checkouts: 476,
      orders: 245,
      conversations: 271,
      'checkout:started': 197,
      'checkout:holdout': 67,
    });
    expect(shape(night.stories.get('hp')!)).toMatchObject({ contacts: 113, carts: 145, orders: 72, conversations: 80 });
  });

  it('lets shoppers act only in the past, and nothing the worker does after it stopped', async () => {
    const { clock, stories: all } = await stories('2026-03-04T03:10:00Z');
    for (const story of all.values()) {
      for (const c of story.conversations) {
        for (const m of c.messages) {
          expect(m.createdAt.getTime()).toBeLessThanOrEqual(clock.now.getTime());
          if (m.sentAt) expect(m.sentAt.getTime()).toBeLessThanOrEqual(clock.stopAt.getTime());
        }
        for (const click of c.link?.clicks ?? []) expect(click.at.getTime()).toBeLessThan(clock.stopAt.getTime());
        expect(c.createdAt.getTime()).toBeLessThanOrEqual(clock.stopAt.getTime());
      }
      for (const o of story.orders) expect(o.createdAt.getTime()).toBeLessThan(clock.now.getTime());
      for (const e of story.flowEvents) expect(e.at.getTime()).toBeLessThanOrEqual(clock.stopAt.getTime());
    }
  });

  it('leaves the newest checkouts and carts to the worker: pending, inside the candidate window, undecided', async () => {
    const { clock, stories: all } = await stories('2026-03-04T18:40:00Z');
    const window = (at: Date, delay: number) =>
      at.getTime() >= clock.now.getTime() - 180 * MINUTE && at.getTime() <= clock.now.getTime() - delay * MINUTE;
    const nw = all.get('nw')!;
    const decided = new Set(nw.flowEvents.filter((e) => e.kind === 'checkout').map((e) => e.event));
    const fresh = nw.checkouts.flatMap((c, i) => (c.state === 'pending' && window(c.updatedAt, 30) ? [i] : []));
    expect(fresh.length).toBeGreaterThanOrEqual(5);
    expect(fresh.filter((i) => decided.has(i))).toEqual([]);
    const hp = all.get('hp')!;
    expect(
      hp.carts.filter((c) => c.state === 'pending' && c.contact !== null && window(c.updatedAt, 60)).length,
    ).toBeGreaterThanOrEqual(2);
  });
});
