import { describe, expect, it } from 'vitest';
import {
  cardReading,
  editDistance,
  sameWord,
  structuralMatch,
  trigramSimilarity,
  type QuestionWord,
} from '../../src/agent/index.ts';
import { DEMO_KB } from '../../src/demo/index.ts';

const cardOf = (title: string): { title: string; content: string; lexemes: string[] } => {
  const [, content] = DEMO_KB.nw!.find(([t]) => t === title)!;
  return { title, content, lexemes: [] };
};
// The question's content words as PostgreSQL stems them (the test gives the stems by hand).
const words = (pairs: string): QuestionWord[] =>
  pairs.split(' ').map((p) => {
    const [word, lexeme] = p.split('/');
    return { word: word!, lexeme: lexeme ?? word! };
  });
const lexemesIn = (card: { content: string; title: string }) => (w: QuestionWord) =>
  `${card.title} ${card.content}`.toLowerCase().includes(w.lexeme);

describe('a card read into the intents it answers', () => {
  it.each([
    ['Shipping times and costs', 'shipping-time'],
    ['Shipping times and costs', 'shipping-cost'],
    ['Size guide', 'size-fit'],
    ['Returns and exchanges', 'return-policy'],
    ['Shipping to Canada and the UK', 'shipping-international'],
    ['Changing the shipping address', 'change-address'],
    ['Gift cards', 'gift'],
  ])('%s answers %s', (title, intent) => {
    const card = cardOf(title);
    expect([...cardReading(card.title, card.content).intents]).toContain(intent);
  });

  it('never reads a card as a complaint (a late order, a code not working)', () => {
    for (const [title, content] of DEMO_KB.nw!) {
      const intents = [...cardReading(title, content).intents];
      expect(intents).not.toContain('where-is-my-order');
      expect(intents).not.toContain('code-not-working');
    }
  });
});

describe('misspelled words', () => {
  it.each([
    ['shiping', 'shipping', true],
    ['retrun', 'return', true],
    ['exchnage', 'exchange', true],
    ['jackets', 'jacket', true],
    ['worn', 'unworn', false],
    ['canada', 'panama', false],
    ['code', 'cost', false],
  ])('%s and %s: same word %s', (a, b, same) => {
    expect(sameWord(a, b)).toBe(same);
  });

  it('measures like pg_trgm and counts a swap as one edit', () => {
    expect(trigramSimilarity('word', 'word')).toBe(1);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
    expect(editDistance('retrun', 'return')).toBe(1);
    expect(editDistance('return', 'refund')).toBe(2);
  });
});

describe('a question matched to a card by structure', () => {
  const shipping = cardOf('Shipping times and costs');
  const canada = cardOf('Shipping to Canada and the UK');
  const match = (
    card: { title: string; content: string; lexemes: string[] },
    pairs: string,
    intent: string,
    confidence = 0.9,
    negative = false,
  ): boolean =>
    structuralMatch({ words: words(pairs), intent: { value: intent, confidence }, negative }, card, lexemesIn(card));

  it('matches when each word is in the card or names the intent', () => {
    expect(match(shipping, 'shipping/ship arrives/arriv', 'shipping-time')).toBe(true);
    expect(match(shipping, 'shiping/shipe cost/cost', 'shipping-cost')).toBe(true);
    expect(match(canada, 'ship/ship canada/canada', 'shipping-international')).toBe(true);
  });

  it('leaves to the team a word neither the card nor the intent explains', () => {
    expect(match(canada, 'ship/ship australia/australia', 'shipping-international')).toBe(false);
    expect(match(shipping, 'pay/pay klarna/klarna', 'shipping-cost')).toBe(false);
  });

  it('needs a confident intent that the card answers, asked in no complaint', () => {
    expect(match(shipping, 'shipping/ship arrives/arriv', 'shipping-time', 0.3)).toBe(false);
    expect(match(shipping, 'shipping/ship arrives/arriv', 'size-fit')).toBe(false);
    expect(match(shipping, 'shipping/ship arrives/arriv', 'shipping-time', 0.9, true)).toBe(false);
    expect(match(shipping, 'package/packag track/track', 'where-is-my-order')).toBe(false);
  });

  it('needs one of the words in the card', () => {
    expect(match(shipping, 'arrives/arriv', 'shipping-time')).toBe(false);
  });
});
