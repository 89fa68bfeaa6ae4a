import { beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/app/index.ts';
import { createEscalation, getEscalation } from '../../../src/conversations/index.ts';
import {
  BRAND_INSIGHT_NOT_FOUND,
  createKbCard,
  ESCALATION_NOT_PROCESSED,
  processEscalations,
  promoteEscalation,
  promoteInsight,
} from '../../../src/insights/index.ts';
import { createBrand } from '../../factories/index.ts';
import { runCli } from '../../helpers/cli.ts';
import { testEnv, useTestDatabase } from '../../helpers/db.ts';
import { conversationWith, shopper } from './seed.ts';

const t = useTestDatabase();
let ctx: AppContext;
let brandId: number;
let otherBrandId: number;
let insightId: number;

beforeAll(async () => {
  ctx = await t.context();
  brandId = (await createBrand(t.db)).id;
  otherBrandId = (await createBrand(t.db)).id;
  const [row] = await t
    .db('brand_insights')
    .insert({
      brand_id: brandId,
      category: 'product',
      tag: 'shipping',
      topic: 'Do you ship to Canada?',
      body: 'Shoppers ask whether we deliver to Canada.',
      proposed_solution: 'Yes: 5 to 7 business days, duties included.',
    })
    .returning('id');
  insightId = Number(row.id);
});

describe('the knowledge base from insights and escalations', () => {
  it('promotes an insight to a draft KB card (source insight, weight the messages behind it), once', async () => {
    const [a, b] = await conversationWith(t.db, brandId, [shopper('Canada?'), shopper('Ship to Canada?')]);
    const conversationId = Number((await t.db('conversation_messages').where({ id: a }).first()).conversation_id);
    await t.db('conversation_message_insights').insert(
      [a, b].map((id) => ({
        brand_id: brandId,
        brand_insight_id: insightId,
        conversation_id: conversationId,
        conversation_message_id: id,
        sentiment: 'neutral',
      })),
    );
    const { card, created } = await promoteInsight(t.db, { brandId, id: insightId });
    expect(created).toBe(true);
    expect(card).toMatchObject({
      brand_id: brandId,
      title: 'Do you ship to Canada?',
      content: 'Shoppers ask whether we deliver to Canada.\n\nYes: 5 to 7 business days, duties included.',
      status: 'draft',
      source: 'insight',
      weight: 2,
    });
    const again = await promoteInsight(t.db, { brandId, id: insightId, status: 'published' });
    expect(again).toEqual({ card, created: false });
  });

  it(`'${BRAND_INSIGHT_NOT_FOUND}' for a missing insight or another brand's`, async () => {
    for (const input of [
      { brandId, id: 999_999_999 },
      { brandId: otherBrandId, id: insightId },
    ])
      await expect(promoteInsight(t.db, input)).rejects.toThrow(BRAND_INSIGHT_NOT_FOUND);
  });

  it('processes escalations into processed_question / processed_response, then promotes one', async () => {
    await createKbCard(t.db, {
      brandId,
      title: 'Returns',
      content: 'Returns are free within 30 days: use the link in your order e-mail.',
      status: 'published',
    });
    const escalation = await createEscalation(t.db, {
      brandId,
      question: 'how do returns work? i bought shoes last week',
    });
    await expect(promoteEscalation(t.db, { brandId, id: escalation.id })).rejects.toThrow(ESCALATION_NOT_PROCESSED);
    const { processed } = await processEscalations(ctx, { brandId });
    expect(processed).toEqual([
      expect.objectContaining({
        id: escalation.id,
        processed_question: 'How do returns work?',
        processed_response: 'Returns are free within 30 days: use the link in your order e-mail.',
      }),
    ]);
    expect((await processEscalations(ctx, { brandId })).processed).toEqual([]);
    const card = await promoteEscalation(t.db, { brandId, id: escalation.id });
    expect(card).toMatchObject({ source: 'escalation', title: 'How do returns work?', status: 'draft' });
    expect((await getEscalation(t.db, { brandId, id: escalation.id })).is_added_kb).toBe(true);
  });

  it('reclaim insights batch --json prints the summary per brand; a bad flag changes nothing', async () => {
    await conversationWith(t.db, otherBrandId, [shopper('Is the jacket waterproof?')]);
    const run = await runCli(['insights', 'batch', '--brand', String(otherBrandId), '--json'], testEnv(t.url));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).brands).toEqual([
      expect.objectContaining({ brand_id: otherBrandId, messages_read: 1, new_insights: 1, analyser: 'local' }),
    ]);
    const bad = await runCli(['insights', 'batch', '--days', 'five'], testEnv(t.url));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--days must be a whole number');
    const help = await runCli(['insights', 'batch', '--help']);
    expect(help.stdout).toContain('reclaim insights batch --brand 1 --days 7');
  });
});
