import { describe, expect, it } from 'vitest';
import {
  isRowDataError,
  mayHoldUnstorableJson,
  processableJsonText,
  storableText,
  webhookKeyProblem,
} from '../../src/webhooks/rules.ts';

describe('a bad webhook does not fail its neighbours: what jsonb can hold', () => {
  it.each([
    ['a \\u0000 escape is removed', String.raw`{"a":"x\u0000y"}`, String.raw`{"a":"xy"}`],
    ['several are removed', String.raw`{"a\u0000":"\u0000\u0000"}`, String.raw`{"a":""}`],
    ['a lone high surrogate escape becomes U+FFFD', String.raw`{"a":"x\ud800y"}`, String.raw`{"a":"x\ufffdy"}`],
    ['a lone low surrogate escape becomes U+FFFD', String.raw`{"a":"\uDC00"}`, String.raw`{"a":"\ufffd"}`],
    [
      'a high surrogate escape before a non-low one',
      String.raw`{"a":"\uD83D\u0041"}`,
      String.raw`{"a":"\ufffd\u0041"}`,
    ],
    ['a valid pair of escapes is kept', String.raw`{"a":"\ud83d\ude00"}`, String.raw`{"a":"\ud83d\ude00"}`],
    ['an escaped backslash before u0000 is text, kept', String.raw`{"a":"C:\\u0000"}`, String.raw`{"a":"C:\\u0000"}`],
    ['an escaped backslash then a \\u0000 escape', String.raw`{"a":"\\\u0000"}`, String.raw`{"a":"\\"}`],
    [
      'other escapes and raw characters are kept',
      String.raw`{"a":"😀\n\"\u00e9\/"}`,
      String.raw`{"a":"😀\n\"\u00e9\/"}`,
    ],
    [
      'numbers are kept as written',
      '{"id":820982911946154508,"x":1e1000000}',
      '{"id":820982911946154508,"x":1e1000000}',
    ],
    ['a raw U+0000 is removed', '{"a":"x\u0000"}', '{"a":"x"}'],
    ['a raw lone surrogate becomes U+FFFD', '{"a":"x\ud800"}', '{"a":"x\ufffd"}'],
  ])('processable copy: %s', (_case, text, copy) => {
    expect(processableJsonText(text)).toBe(copy);
  });

  it.each([
    [String.raw`{"a":"x\u0000"}`, true],
    [String.raw`{"a":"x\uD800"}`, true],
    [String.raw`{"a":"\ud83d\ude00"}`, true], // settled by the copy, which changes nothing
    [String.raw`{"a":"\u0026 \u00e9"}`, false],
    ['{"a":"😀 plain"}', false],
  ])('quick test of %s: %s', (text, expected) => {
    expect(mayHoldUnstorableJson(text)).toBe(expected);
  });

  it('header values lose U+0000 and lone surrogates', () => {
    expect(storableText('2023-08-16\u0000')).toBe('2023-08-16');
    expect(storableText('a\udc00b😀')).toBe('a\ufffdb😀');
  });

  it.each([
    [{ eventId: 'evt_1', topic: 'orders/create', shop: 'a.myshopify.com' }, undefined],
    [{ eventId: 'evt\u00001' }, 'its event id holds a NUL character (\\u0000)'],
    [{ eventId: 'evt_1', topic: 'orders/\ud800' }, 'its topic holds a lone surrogate (it is not well-formed Unicode)'],
    [{ eventId: 'evt_1', shop: 's'.repeat(256) }, 'its shop is longer than 255 characters (256)'],
    [{ eventId: 'e'.repeat(255), topic: null }, undefined],
    [{ eventId: '' }, 'its event id is empty'],
  ])('keys %j: %s', (keys, problem) => {
    expect(webhookKeyProblem(keys)).toBe(problem);
  });

  it.each([
    ['22P05', true],
    ['22P02', true],
    ['22003', true],
    ['22021', true],
    ['23503', true],
    ['54001', true],
    ['08006', false],
    ['57014', false],
    ['40P01', false],
    [undefined, false],
  ])('SQLSTATE %s is one row’s data: %s', (state, expected) => {
    expect(isRowDataError(state)).toBe(expected);
  });
});
