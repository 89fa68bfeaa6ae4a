import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  analyseLocally,
  asShopperMessages,
  featuresOf,
  fromLabelled,
  NEUTRAL_SUMMARY,
  type LabelledText,
  type ShopperMessage,
} from '../../../src/insights/index.ts';

const message = (id: number, body: string): ShopperMessage => ({ id, conversationId: id, body, context: [] });

describe('the local analyser', () => {
  it.each([
    ['How long does shipping take to Texas?', 'shipping', 'product', 'neutral'],
    ['My package never arrived, it has been two weeks', 'shipping', 'post_purchase', 'negative'],
    ['Shipping is way too expensive', 'shipping', 'blocker', 'negative'],
    ['The discount code is not working', 'discount', 'blocker', 'negative'],
    ['Do these run true to size?', 'specifications', 'product', 'neutral'],
    ['Can I exchange for a bigger size?', 'exchanges', 'post_purchase', 'neutral'],
    ["What's your return policy?", 'returns', 'product', 'neutral'],
    ['My card keeps getting declined at checkout', 'checkout', 'blocker', 'negative'],
    ["What's the difference between the Pro and the regular?", 'comparison', 'product', 'neutral'],
    ['Will you restock the hoodie?', 'new', 'product', 'neutral'],
    ['Thanks so much!', null, null, 'positive'],
    ['ok', null, null, 'neutral'],
  ])('%s -> %s / %s / %s', (body, tag, category, sentiment) => {
    expect(featuresOf(body)).toMatchObject({ tag, category, sentiment });
  });

  it('gives small talk the neutral summary, groups alike questions and links to an existing insight', () => {
    const outcomes = analyseLocally(
      [{ id: 7, topic: 'Do you ship to Canada?', body: 'Shipping destinations', category: 'product', tag: 'shipping' }],
      [
        message(1, 'Thank you!'),
        message(2, 'Can you ship to Canada?'),
        message(3, 'Is the discount code valid on sale items?'),
        message(4, 'Can I use the discount code on sale items?'),
      ],
    );
    expect(outcomes[0]).toEqual({ kind: 'none', messageId: 1, summary: NEUTRAL_SUMMARY, sentiment: 'positive' });
    expect(outcomes[1]).toMatchObject({ kind: 'linked', insightId: 7, summary: 'Shipping: Can you ship to Canada?' });
    expect(outcomes[2]).toMatchObject({ kind: 'new', insight: { tag: 'discount', category: 'product' } });
    expect(outcomes[3]).toMatchObject({ kind: 'new', key: outcomes[2]!.kind === 'new' ? outcomes[2]!.key : '' });
  });

  const labelled = fromLabelled(
    readFileSync('fixtures/insights/labelled.jsonl', 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LabelledText),
  );

  it('gives the same outcomes for the same input, run after run', () => {
    const first = analyseLocally([], asShopperMessages(labelled));
    const second = analyseLocally([], asShopperMessages(labelled));
    expect(second).toEqual(first);
    expect(first).toHaveLength(labelled.length);
  });
});
