import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  CODE_CUSTOMER_SELECTION,
  CODE_LENGTH,
  CODE_ONCE_PER_CUSTOMER,
  CODE_RETRIES,
  CODE_USAGE_LIMIT,
  DEFAULT_CODE_DURATION_DAYS,
  DEFAULT_CODE_PREFIX,
  FALLBACK_CODE_LENGTH,
  STORE_CODE_RETRIES,
  codeLengthForAttempt,
  generateCode,
  seededRandom,
} from '../../src/discounts/rules.ts';

const CODE6 = /^LR-[A-HJKMNP-Z0-9]{6}$/;
const CODE8 = /^LR-[A-HJKMNP-Z0-9]{8}$/;

describe('discount code constants (spec 3 section 9)', () => {
  it.each([
    ['prefix', DEFAULT_CODE_PREFIX, 'LR'],
    ['alphabet: A-Z without I, L, O, then 0-9', CODE_ALPHABET, 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789'],
    ['length', CODE_LENGTH, 6],
    ['length after the retries', FALLBACK_CODE_LENGTH, 8],
    ['retries with 6 characters', CODE_RETRIES, 4],
    ["retries after the store's 'Code must be unique'", STORE_CODE_RETRIES, 5],
    ['duration (days)', DEFAULT_CODE_DURATION_DAYS, 10],
    ['usage limit', CODE_USAGE_LIMIT, 1],
    ['once per customer', CODE_ONCE_PER_CUSTOMER, true],
    ['customers', CODE_CUSTOMER_SELECTION, 'all'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it.each([
    [0, 6],
    [4, 6],
    [5, 8],
    [9, 8],
  ])('try %i has %i characters', (attempt, length) => {
    expect(codeLengthForAttempt(attempt)).toBe(length);
  });
});

describe('generateCode', () => {
  it.each([
    ['LR- and 6 characters', { platform: 'shopify' }, CODE6],
    ['8 characters when asked', { platform: 'shopify', length: 8 }, CODE8],
    [
      'a custom prefix plus a dash (upper case)',
      { platform: 'shopify', prefix: 'summer', type: 'custom' },
      /^SUMMER-[A-HJKMNP-Z0-9]{6}$/,
    ],
    ['a prefix given with its dash gets one dash', { platform: 'shopify', prefix: 'LR-' }, CODE6],
    ['static: the prefix alone', { platform: 'shopify', prefix: 'WELCOME10', type: 'static' }, /^WELCOME10$/],
    [
      'static on BigCommerce: still the prefix',
      { platform: 'bigcommerce', prefix: 'WELCOME10', type: 'static' },
      /^WELCOME10$/,
    ],
    ['static without a prefix: no code', { platform: 'shopify', type: 'static' }, /^$/],
    ['BigCommerce workflows: an empty code', { platform: 'bigcommerce' }, /^$/],
  ] as const)('%s', (_name, options, pattern) => {
    expect(generateCode(options)).toMatch(pattern);
  });

  it('never uses I, L or O, and uses every other character', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i += 1) for (const c of generateCode({ platform: 'shopify' }).slice(3)) seen.add(c);
    expect([...seen].sort().join('')).toBe([...CODE_ALPHABET].sort().join(''));
  });

  it('a seeded random source gives the same codes again', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    expect([generateCode({ platform: 'shopify' }, a), generateCode({ platform: 'shopify' }, a)]).toEqual([
      generateCode({ platform: 'shopify' }, b),
      generateCode({ platform: 'shopify' }, b),
    ]);
  });
});
