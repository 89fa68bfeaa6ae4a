import { describe, expect, it } from 'vitest';
import { codeMarkers, isTemplateText, messageKind } from '../../src/analytics/rules-messages.ts';

const link = 'https://reclaim.example.com/r/Ab12Cd34';
const pad = (text: string, length: number): string => text + 'x'.repeat(length - text.length);

describe('template texts: under 230 characters with a short link or a discount code prefix', () => {
  const markers = codeMarkers([
    { prefix: 'nw', isStatic: false },
    { prefix: 'SUMMER20-', isStatic: true },
  ]);

  it('the markers are LR-, the brand prefixes with a dash, and static codes as they are', () => {
    expect(markers).toEqual(['LR-', 'NW-', 'SUMMER20']);
  });

  it.each([
    ['a link, 229 characters', pad(`Your cart: ${link} `, 229), true],
    ['a link, 230 characters', pad(`Your cart: ${link} `, 230), false],
    ['the LR- prefix', 'Use LR-ABC234 for 10% off', true],
    ['the prefix in lower case', 'use lr-abc234 today', true],
    ["the brand's prefix", 'Use NW-QRSTUV for 10% off', true],
    ['a static code', 'Use SUMMER20 at checkout', true],
    ['a plain answer', 'Yes, we ship to Canada: 5 to 7 days.', false],
    ['a prefix without its dash', 'We love NW customers', false],
    ['a link elsewhere than /r/', 'See https://shop.example.com/cart', false],
  ])('%s -> %s', (_name, body, expected) => {
    expect(isTemplateText(body, markers)).toBe(expected);
  });

  it('the kind of a message: shopper for incoming, template or reply for outgoing', () => {
    expect(messageKind({ direction: 'incoming', body: `Use LR-ABC234 ${link}` })).toBe('shopper');
    expect(messageKind({ direction: 'outgoing', body: `Your cart ${link}` })).toBe('template');
    expect(messageKind({ direction: 'outgoing', body: 'Happy to help!' })).toBe('reply');
    // Characters, not UTF-16 units: 229 emoji are 458 units but still under 230 characters.
    expect(isTemplateText(`${'😀'.repeat(200)} LR-`)).toBe(true);
  });
});
