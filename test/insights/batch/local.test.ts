import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { isAppError } from '../../../src/app/index.ts';
import { NEUTRAL_SUMMARY, runInsightsBatch } from '../../../src/insights/index.ts';
import { createBrand } from '../../factories/index.ts';
import { useTestDatabase } from '../../helpers/db.ts';
import { agent, conversationWith, messageInsights, shopper } from './seed.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
let tenantId: number;
let ids: number[];
let other: number[];
let old: number[];
let existing: number;

beforeAll(async () => {
  ctx = await t.context();
  const brand = await createBrand(t.db);
  brandId = brand.id;
  tenantId = brand.tenant_id;
  const [row] = await t
    .db('brand_insights')
    .insert({
      brand_id: brandId,
      category: 'blocker',
      tag: 'shipping',
      topic: 'Shipping is too expensive',
      body: 'Shoppers leave because shipping costs too much.',
      updated_at: new Date('2026-01-01T00:00:00Z'),
    })
    .returning('id');
  existing = Number(row.id);
  ids = await conversationWith(t.db, brandId, [
    agent('Your cart is waiting: https://rcl.im/r/Ab12Cd with code LR-7KX2PQ'),
    shopper('How long does shipping take to Canada?'),
    shopper('STOP'),
    shopper('help'),
    shopper('Thanks!'),
    shopper('Shipping is way too expensive for one shirt'),
    shopper('Use code LR-7KX2PQ at https://rcl.im/r/Ab12Cd'),
  ]);
  other = await conversationWith(t.db, brandId, [shopper('How long does delivery to Canada take?')]);
  old = await conversationWith(t.db, brandId, [shopper('Is it waterproof?', 60 * 24 * 9)]);
});

describe('insights batch with the local analyser', () => {
  it('a dry run counts the outcomes and saves nothing', async () => {
    const { brands } = await runInsightsBatch(ctx, { brandId, dryRun: true });
    expect(brands[0]).toMatchObject({ dry_run: true, messages_read: 4, excluded: 3, linked: 1, none: 1 });
    expect(await t.db('conversation_message_insights').where({ brand_id: brandId })).toHaveLength(0);
  });

  it('gives each message of the last 5 days one outcome: linked, a new insight, or none with the neutral summary', async () => {
    const { brands } = await runInsightsBatch(ctx, { brandId });
    expect(brands).toEqual([
      expect.objectContaining({
        brand_id: brandId,
        analyser: 'local',
        messages_read: 4,
        excluded: 3,
        linked: 1,
        new_insights: 1,
        new_insight_messages: 2,
        none: 1,
        skipped: 0,
        model_calls: 0,
        tokens: 0,
      }),
    ]);
    const rows = await messageInsights(t.db, [...ids, ...other, ...old]);
    const canada = rows.get(ids[1]!)!;
    expect(canada).toMatchObject({ tag: 'shipping', category: 'product', sentiment: 'neutral' });
    expect(rows.get(other[0]!)!.brand_insight_id).toBe(canada.brand_insight_id);
    expect(rows.get(ids[4]!)).toEqual({
      brand_insight_id: null,
      summary: NEUTRAL_SUMMARY,
      category: null,
      tag: null,
      sentiment: 'positive',
    });
    expect(rows.get(ids[5]!)).toMatchObject({
      brand_insight_id: existing,
      tag: 'shipping',
      category: 'blocker',
      sentiment: 'negative',
    });
    // Opt-out and HELP keywords and template texts are never analysed; older messages are not read.
    for (const skipped of [ids[0]!, ids[2]!, ids[3]!, ids[6]!, old[0]!]) expect(rows.has(skipped)).toBe(false);
    const linked = await t.db('brand_insights').where({ id: existing }).first();
    expect(new Date(linked.updated_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const created = await t.db('brand_insights').where({ id: canada.brand_insight_id }).first();
    expect(created).toMatchObject({
      brand_id: String(brandId),
      category: 'product',
      tag: 'shipping',
      topic: 'How long does shipping take to Canada?',
    });
    expect(created.proposed_solution).toMatch(/shipping/i);
  });

  it("raises one notification for the brand's users about the new insights", async () => {
    const notes = await t.db('notifications').where({ brand_id: brandId, tenant_id: tenantId });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'system', title: 'A new insight from shoppers' });
    expect(notes[0].body).toContain('How long does shipping take to Canada?');
  });

  it('a second run reads nothing new; --days 10 reaches the older message', async () => {
    expect((await runInsightsBatch(ctx, { brandId })).brands[0]).toMatchObject({ messages_read: 0, excluded: 3 });
    expect((await runInsightsBatch(ctx, { brandId, days: 10 })).brands[0]).toMatchObject({
      messages_read: 1,
      new_insights: 1,
    });
  });

  it('refuses a bad --days and an unknown brand, changing nothing', async () => {
    const error = await runInsightsBatch(ctx, { brandId, days: 0 }).catch((e: unknown) => e);
    expect(isAppError(error) && error.kind).toBe('invalid_input');
    const missing = await runInsightsBatch(ctx, { brandId: 999_999_999 }).catch((e: unknown) => e);
    expect(isAppError(missing) && missing.message).toBe('Brand not found');
  });
});

describe('two insights batches of a brand at once', () => {
  it('give each message one outcome and make each new insight once', async () => {
    const brand = await createBrand(t.db);
    const messages = await conversationWith(t.db, brand.id, [
      shopper('How long does shipping take to Canada?'),
      shopper('Do you ship to Canada? How many days?'),
      shopper('My discount code does not work at checkout'),
      shopper('Can I return the jacket if it does not fit?'),
    ]);
    const runs = await Promise.all([
      runInsightsBatch(ctx, { brandId: brand.id }),
      runInsightsBatch(ctx, { brandId: brand.id }),
    ]);
    const rows = await t.db('conversation_message_insights').where({ brand_id: brand.id });
    expect(rows.map((r) => Number(r.conversation_message_id)).sort()).toEqual([...messages].sort());
    const insights = await t.db('brand_insights').where({ brand_id: brand.id }).select('id', 'topic');
    expect(new Set(insights.map((i) => i.topic)).size).toBe(insights.length);
    expect(runs.reduce((n, r) => n + r.brands[0]!.new_insights, 0)).toBe(insights.length);
  });
});
