import { describe, expect, it } from 'vitest';
import { WORKFLOW_TEMPLATES, messageText, renderMessage, textToBlocks } from '../../src/workflows/index.ts';

describe('messages: messageText and renderMessage', () => {
  const vars = {
    first_name: 'Sam',
    brand_name: 'Northwind',
    cart_link: 'https://r.example/r/Ab12Cd34',
    discount_code: 'LR-ABC234',
    discount_value: '10%',
  };
  it.each([
    [
      'every placeholder',
      "Hi {first_name}, it's {brand_name}: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.",
      vars,
      "Hi Sam, it's Northwind: https://r.example/r/Ab12Cd34 Use LR-ABC234 for 10% off. Reply STOP to opt out.",
    ],
    [
      'the opt-out line is added when missing',
      'Hi {first_name}, your cart: {cart_link}',
      vars,
      'Hi Sam, your cart: https://r.example/r/Ab12Cd34\nReply STOP to opt out.',
    ],
    [
      '"Text STOP" counts as an opt-out line',
      'Your cart: {cart_link} Text STOP to quit.',
      vars,
      'Your cart: https://r.example/r/Ab12Cd34 Text STOP to quit.',
    ],
    [
      'no first name: no stray space before the comma',
      'Hi {first_name}, your cart: {cart_link} Reply STOP to opt out.',
      { ...vars, first_name: null },
      'Hi, your cart: https://r.example/r/Ab12Cd34 Reply STOP to opt out.',
    ],
    [
      'no code: the discount sentence is left out',
      "It's {brand_name}. Your cart: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.",
      { ...vars, discount_code: '', discount_value: null },
      "It's Northwind. Your cart: https://r.example/r/Ab12Cd34 Reply STOP to opt out.",
    ],
    [
      'fixed and free-shipping values',
      'Get {discount_value} with {discount_code}. Reply STOP to opt out.',
      { ...vars, discount_value: 'free shipping' },
      'Get free shipping with LR-ABC234. Reply STOP to opt out.',
    ],
  ])('%s', (_name, text, values, expected) => {
    expect(renderMessage(textToBlocks(text), values)).toBe(expected);
  });

  it('every template renders with and without a code', () => {
    for (const template of Object.values(WORKFLOW_TEMPLATES)) {
      const withCode = renderMessage(textToBlocks(template.message), vars);
      expect(withCode).toContain('LR-ABC234');
      expect(withCode).toContain('10%');
      expect(withCode).toContain(vars.cart_link);
      expect(withCode).not.toMatch(/\{\w+\}/);
      const without = renderMessage(textToBlocks(template.message), { ...vars, discount_code: '' });
      expect(without).toContain(vars.cart_link);
      expect(without).not.toMatch(/\{\w+\}|10%| {2}/);
      expect(without.endsWith('Reply STOP to opt out.')).toBe(true);
    }
  });

  it('messageText flattens blocks, one line per block, nested children included', () => {
    expect(
      messageText([
        { type: 'paragraph', children: [{ text: 'Hi ' }, { text: '{first_name}', bold: true }] },
        { type: 'paragraph', children: [{ type: 'link', children: [{ text: 'more' }] }] },
      ]),
    ).toBe('Hi {first_name}\nmore');
    expect(messageText(null)).toBe('');
  });
});
