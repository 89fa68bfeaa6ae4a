import { describe, expect, it } from 'vitest';
import {
  accountFor,
  cardReading,
  editDistance,
  intentMass,
  otherSideOfAmount,
  questionIntents,
  sameWord,
  sentencesMissed,
  strict,
  trigramSimilarity,
  type QuestionWord,
} from '../../src/agent/index.ts';
import { DEMO_KB } from '../../src/demo/index.ts';

const cardOf = (title: string): { title: string; content: string } => {
  const [, content] = DEMO_KB.nw!.find(([t]) => t === title)!;
  return { title, content };
};
// The question's content words as PostgreSQL stems them (the test gives the stems by hand).
const words = (pairs: string): QuestionWord[] =>
  pairs.split(' ').map((p) => {
    const [word, lexeme] = p.split('/');
    return { word: word!, lexeme: lexeme ?? word! };
  });
const lexemesIn = (card: { content: string; title: string }) => (w: QuestionWord) =>
  w.lexeme !== null && `${card.title} ${card.content}`.toLowerCase().includes(w.lexeme);

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
  const size = cardOf('Size guide');
  const gifts = cardOf('Gift cards');
  const match = (card: { title: string; content: string }, pairs: string, intents: Record<string, number>): boolean => {
    const account = accountFor(words(pairs), card, lexemesIn(card));
    return strict({
      mass: intentMass(intents, cardReading(card.title, card.content).intents),
      top: true,
      margin: 0,
      foundMargin: 0,
      account,
      elsewhere: 0,
      sentenceMiss: sentencesMissed(account.foundWords, card, intents),
      coverage: 0,
      otherTopic: false,
      smallTalk: 0,
      negative: 0,
      question: true,
    });
  };

  it('matches when each word is in the card, names its intent or is a common word', () => {
    expect(match(shipping, 'shipping/ship arrives/arriv', { 'shipping-time': 0.9 })).toBe(true);
    expect(match(shipping, 'shiping/shipe cost/cost', { 'shipping-cost': 0.9 })).toBe(true);
    expect(match(shipping, 'shipping/ship usually/usual', { 'shipping-time': 0.9 })).toBe(true);
    expect(match(canada, 'ship/ship canada/canada', { 'shipping-international': 0.9 })).toBe(true);
  });

  it('reads misspelled, run-together and Spanish words as the card words they are', () => {
    expect(match(size, 'sze/sze jackets/jacket', { 'size-fit': 0.9 })).toBe(true);
    expect(match(gifts, 'giftcard/giftcard expire/expir', { gift: 0.9 })).toBe(true);
    expect(match(shipping, 'envio/envio', { 'shipping-time': 0.9 })).toBe(true);
  });

  it('answers for a place by its country, and for a country it does not list by "other countries"', () => {
    expect(match(canada, 'ship/ship toronto/toronto', { 'shipping-international': 0.9 })).toBe(true);
    expect(match(canada, 'ship/ship london/london', { 'shipping-international': 0.9 })).toBe(true);
    expect(match(canada, 'ship/ship australia/australia', { 'shipping-international': 0.9 })).toBe(true);
    expect(match(shipping, 'shipping/ship ohio/ohio', { 'shipping-time': 0.9 })).toBe(true);
    expect(match(shipping, 'shipping/ship toronto/toronto', { 'shipping-time': 0.9 })).toBe(false);
  });

  it('leaves to the team a word nothing explains', () => {
    expect(match(shipping, 'pay/pay klarna/klarna', { 'shipping-cost': 0.9 })).toBe(false);
  });

  it('needs an intent of the card that the question likely asks', () => {
    expect(match(shipping, 'shipping/ship arrives/arriv', { 'shipping-time': 0.2 })).toBe(false);
    expect(match(shipping, 'shipping/ship arrives/arriv', { 'size-fit': 0.9 })).toBe(false);
  });

  it('needs one of the words in the card', () => {
    expect(match(shipping, 'arrives/arriv', { 'shipping-time': 0.9 })).toBe(false);
  });

  it('refuses a card whose only sentence with the asked word answers another question (express: how long, not how much)', () => {
    expect(match(shipping, 'express/express cost/cost', { 'shipping-cost': 0.9 })).toBe(false);
    expect(match(shipping, 'express/express fast/fast', { 'shipping-time': 0.9 })).toBe(true);
  });
});

describe('the questions intents', () => {
  it('reads shipping time or cost to a place abroad as shipping abroad', () => {
    const abroad = questionIntents('how much is shipping to toronto', words('shipping/ship toronto/toronto'));
    const home = questionIntents('how much is shipping to ohio', words('shipping/ship ohio/ohio'));
    expect(abroad['shipping-international']).toBeGreaterThan(0.8);
    expect(home['shipping-cost']).toBeGreaterThan(0.8);
  });

  it('leaves complaints and blockers out (they escalate)', () => {
    const intents = questionIntents('my code is not working', words('code/code work/work'));
    expect(intents['code-not-working']).toBeUndefined();
  });
});

describe('the other side of an amount', () => {
  const card = 'Orders over $75 ship free. Standard shipping takes 3-5 business days in the US.';
  it.each([
    ['whats shipping cost if im under $75', true],
    ['how much is shipping below 75', true],
    ['is shipping free over $75', false],
    ['my cart is $80, free shipping?', false],
    ['shipping under $50?', false],
  ])('%s: %s', (question, other) => {
    expect(otherSideOfAmount(question, card)).toBe(other);
  });
});
