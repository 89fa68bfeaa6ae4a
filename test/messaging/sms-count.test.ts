/**
 * SMS counting as carriers do (3GPP TS 23.038 / 23.040): GSM-7 160 in one message and 153 per part,
 * the extension table's characters two septets and never split; UCS-2 70 and 67 in UTF-16 code
 * units, a surrogate pair never split. The published limits are the ones every carrier and
 * provider calculator lists (Twilio's and Infobip's segment calculators, Wikipedia "Concatenated SMS").
 */
import { describe, expect, it } from 'vitest';
import { countSms, replaceAllReplaceable, replaceCharacter } from '../../src/messaging/sms-count/rules.ts';
import { segmentInfo } from '../../src/messaging/rules.ts';
import { renderMessage } from '../../src/workflows/index.ts';

const a = (n: number) => 'a'.repeat(n);
const ni = (n: number) => '你'.repeat(n);

describe('countSms: encoding, characters, units, segments', () => {
  it.each([
    // name, text, encoding, characters, units, segments
    ['empty', '', 'GSM-7', 0, 0, 1],
    ['pure GSM-7 greeting', 'Hello world!', 'GSM-7', 12, 12, 1],
    ['the whole GSM-7 basic alphabet is GSM-7', '@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡ÄÖÑÜ§¿äöñüà', 'GSM-7', 42, 42, 1],
    // the 160/161 edge
    ['160 GSM-7 characters: one message', a(160), 'GSM-7', 160, 160, 1],
    ['161 GSM-7 characters: two parts (153 + 8)', a(161), 'GSM-7', 161, 161, 2],
    // published concatenation limits: 306 in two parts, 459 in three
    ['306 GSM-7 characters: two parts', a(306), 'GSM-7', 306, 306, 2],
    ['307 GSM-7 characters: three parts', a(307), 'GSM-7', 307, 307, 3],
    ['459 GSM-7 characters: three parts', a(459), 'GSM-7', 459, 459, 3],
    ['460 GSM-7 characters: four parts', a(460), 'GSM-7', 460, 460, 4],
    // extension table: two septets each
    ['80 euro signs fill one message (160 septets)', '€'.repeat(80), 'GSM-7', 80, 160, 1],
    ['81 euro signs: two parts', '€'.repeat(81), 'GSM-7', 81, 162, 2],
    ['159 letters and a brace: 161 septets, two parts', `${a(159)}{`, 'GSM-7', 160, 161, 2],
    ['every extension character counts two', '^{}\\[~]|€', 'GSM-7', 9, 18, 1],
    // an extension character at the part boundary moves whole to the next part
    [
      '152 letters, €, 152 letters: the € does not fit part 1, so three parts',
      `${a(152)}€${a(152)}`,
      'GSM-7',
      305,
      306,
      3,
    ],
    ['151 letters, €, 153 letters: the € ends part 1 exactly, two parts', `${a(151)}€${a(153)}`, 'GSM-7', 305, 306, 2],
    // the 70/71 edge
    ['70 UCS-2 characters: one message', ni(70), 'UCS-2', 70, 70, 1],
    ['71 UCS-2 characters: two parts (67 + 4)', ni(71), 'UCS-2', 71, 71, 2],
    ['134 UCS-2 characters: two parts', ni(134), 'UCS-2', 134, 134, 2],
    ['135 UCS-2 characters: three parts', ni(135), 'UCS-2', 135, 135, 3],
    ['one curly apostrophe turns 160 letters into UCS-2, three parts', `${a(159)}’`, 'UCS-2', 160, 160, 3],
    // surrogate pairs: two code units, never split
    ['35 emoji fill one message (70 code units)', '😀'.repeat(35), 'UCS-2', 35, 70, 1],
    ['35 emoji and a letter: two parts', `${'😀'.repeat(35)}a`, 'UCS-2', 36, 71, 2],
    [
      '66 letters, an emoji, 66 letters: the pair moves to part 2, three parts',
      `${ni(66)}😀${ni(66)}`,
      'UCS-2',
      133,
      134,
      3,
    ],
    [
      '65 letters, an emoji, 67 letters: the pair ends part 1 exactly, two parts',
      `${ni(65)}😀${ni(67)}`,
      'UCS-2',
      133,
      134,
      2,
    ],
    // a link: plain GSM-7
    [
      'a cart link',
      'Hi Sam, your cart at Northwind is waiting: https://reclaim.example.com/r/AbC12345',
      'GSM-7',
      81,
      81,
      1,
    ],
  ])('%s', (_name, text, encoding, characters, units, segments) => {
    const count = countSms(text);
    expect(count).toMatchObject({ encoding, characters, units, segments });
    // The send path records the same figures.
    expect(segmentInfo(text)).toEqual({ encoding, units, segments });
  });

  it('says how much room is left in the last segment', () => {
    expect(countSms(a(150))).toMatchObject({ perSegment: 160, remaining: 10 });
    expect(countSms(a(161))).toMatchObject({ perSegment: 153, remaining: 145 });
    expect(countSms(`${ni(66)}😀`)).toMatchObject({ perSegment: 70, remaining: 2 });
  });
});

describe('the opt-out words added to a first marketing text', () => {
  const vars = { first_name: 'Sam', brand_name: 'Northwind', cart_link: 'https://rc.example/r/AbC12345' };
  it('are counted: a 138-character text becomes 161 with " Reply STOP to opt out." and takes two parts', () => {
    const body = `Hi {first_name}, ${a(138 - 'Hi Sam, '.length - 1)}.`;
    const sent = renderMessage(body, vars);
    expect(sent.endsWith('. Reply STOP to opt out.')).toBe(true);
    expect(countSms(sent)).toMatchObject({ encoding: 'GSM-7', characters: 161, segments: 2 });
  });
  it('are not added twice when the text has them', () => {
    const sent = renderMessage('Your cart: {cart_link} Reply STOP to opt out.', vars);
    expect(sent).toBe('Your cart: https://rc.example/r/AbC12345 Reply STOP to opt out.');
    expect(countSms(sent)).toMatchObject({ characters: 63, segments: 1 });
  });
});

describe('the characters that force Unicode, with their replacement', () => {
  it('names each once with its count and GSM-7 look-alike', () => {
    const text = 'It’s “ready” — 20% off 😀 ’';
    expect(countSms(text).unicodeCharacters).toEqual([
      { char: '’', codePoint: 'U+2019', name: 'curly apostrophe ’', count: 2, replacement: "'" },
      { char: '“', codePoint: 'U+201C', name: 'curly opening double quote “', count: 1, replacement: '"' },
      { char: '”', codePoint: 'U+201D', name: 'curly closing double quote ”', count: 1, replacement: '"' },
      { char: '—', codePoint: 'U+2014', name: 'em dash —', count: 1, replacement: '-' },
      { char: '😀', codePoint: 'U+1F600', name: 'emoji 😀', count: 1, replacement: null },
    ]);
  });
  it('a GSM-7 text names none', () => expect(countSms('It\'s "ready" - 20% off €5').unicodeCharacters).toEqual([]));
  it('one click replaces one character everywhere; the emoji stays', () => {
    expect(replaceCharacter('It’s Sam’s', '’')).toBe("It's Sam's");
    expect(replaceCharacter('Hi 😀', '😀')).toBe('Hi 😀');
    const fixed = replaceAllReplaceable('It’s “ready”… 😀');
    expect(fixed).toBe('It\'s "ready"... 😀');
    expect(countSms(replaceAllReplaceable('It’s “ready”…'))).toMatchObject({ encoding: 'GSM-7', segments: 1 });
  });
});
