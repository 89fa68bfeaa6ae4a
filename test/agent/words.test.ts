import { describe, expect, it } from 'vitest';
import {
  cardCoversPlace,
  countryOf,
  inEnglish,
  isCommonWord,
  SEARCH_STEMS,
  searchTargets,
} from '../../src/agent/index.ts';
import { useTestDatabase } from '../helpers/db.ts';

const words = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^a-z]+/));

describe('places a shopper names', () => {
  it.each([
    ['ohio', 'us'],
    ['tx', 'us'],
    ['toronto', 'canada'],
    ['quebec', 'canada'],
    ['manchester', 'uk'],
    ['england', 'uk'],
    ['germany', 'other'],
    ['mexico', 'other'],
    ['boots', null],
  ])('%s is in %s', (place, country) => {
    expect(countryOf(place)).toBe(country);
  });

  it('is answered for by a card naming its country, or "other countries" for a country it does not list', () => {
    const abroad = words('We ship to Canada and the UK. We do not ship to other countries yet.');
    const home = words('Standard shipping takes 3-5 business days in the US.');
    expect(cardCoversPlace('vancouver', abroad)).toBe(true);
    expect(cardCoversPlace('london', abroad)).toBe(true);
    expect(cardCoversPlace('japan', abroad)).toBe(true);
    expect(cardCoversPlace('denver', abroad)).toBe(false);
    expect(cardCoversPlace('denver', home)).toBe(true);
    expect(cardCoversPlace('toronto', home)).toBe(false);
    expect(cardCoversPlace('japan', home)).toBe(false);
  });
});

describe('words that say how, not what', () => {
  it.each(['usually', 'stuff', 'yall', 'til', 'mom', 'sis'])('%s is common', (w) => {
    expect(isCommonWord(w)).toBe(true);
  });
  it.each(['shipping', 'refund', 'waterproof', 'klarna'])('%s is not', (w) => {
    expect(isCommonWord(w)).toBe(false);
  });
});

describe('Spanish words and places searched for by the words a card uses', () => {
  it('reads the Spanish word as its English', () => {
    expect(inEnglish('envio')).toBe('shipping');
    expect(inEnglish('devolverlo')).toBe('return');
    expect(inEnglish('boots')).toBe('boots');
  });

  it('searches a place by its country and a Spanish word by its English', () => {
    expect(searchTargets(['cuanto', 'tarda', 'el', 'envio', 'a', 'montreal']).sort()).toEqual(
      ['canada', 'much', 'shipping', 'take'].sort(),
    );
    expect(searchTargets(['envian', 'a', 'colombia'])).toEqual(['ship', 'countries']);
    expect(searchTargets(['do', 'you', 'ship'])).toEqual([]);
  });
});

describe('the stems the cards are searched for', () => {
  const t = useTestDatabase();

  it('are PostgreSQL English stems of the words (what a card text is indexed by)', async () => {
    const words = Object.keys(SEARCH_STEMS);
    const { rows } = await t.db.raw<{ rows: { word: string; stems: string[] }[] }>(
      `select w as word, tsvector_to_array(to_tsvector('english', w)) as stems from unnest(?::text[]) as w`,
      [words],
    );
    expect(Object.fromEntries(rows.map((r) => [r.word, r.stems[0] ?? null]))).toEqual(SEARCH_STEMS);
  });
});
