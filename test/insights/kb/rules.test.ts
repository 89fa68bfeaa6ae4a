import { describe, expect, it } from 'vitest';
import { KB_MIN_WORD_LENGTH, searchWords } from '../../../src/insights/kb/rules.ts';

describe('KB card search ignores words of 2 characters or fewer', () => {
  it('keeps words of 3 characters and more', () => {
    expect(KB_MIN_WORD_LENGTH).toBe(3);
  });

  it.each([
    ['do we ship to CA?', ['ship'], ['do', 'we', 'to', 'ca']],
    ['Shipping, shipping... SHIPPING', ['shipping'], []],
    ['a an of', [], ['a', 'an', 'of']],
    ['', [], []],
    ['   ', [], []],
    ['size XL or XXL', ['size', 'xxl'], ['xl', 'or']],
    ['return-policy 30 days 365', ['return', 'policy', 'days', '365'], ['30']],
    ['café crème', ['café', 'crème'], []],
    ['über 20€ versand', ['über', 'versand'], ['20']],
    ["don't", ['don'], ['t']],
  ])('%j -> words %j, ignored %j', (query, words, ignored) => {
    expect(searchWords(query)).toEqual({ words, ignored });
  });
});
