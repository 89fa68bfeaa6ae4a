import { describe, expect, it } from 'vitest';
import { factsOf, validateAnswer } from '../../src/agent/index.ts';

const CARDS = [
  'Shipping times and costs\nOrders over $75 ship free. Standard shipping takes 3-5 business days in the US; express takes 1-2.',
  'Abandoned cart codes\nThe code in the cart reminder takes 10% off everything in the cart, sale items included, for 10 days.',
  'Changing the shipping address\nReply to the text or e-mail help@northwind-outfitters.example. See https://northwind-outfitters.example/returns',
];
const CART = 'Trail Boots $129.00\nYour cart is waiting: 10% off with NW-7KQ2 at https://nw.example/c/abc';

describe('the grounding validator refuses every kind of invented fact', () => {
  it.each([
    ['price', 'Orders over $50 ship free.', '$50'],
    ['price in words', 'Orders over 60 dollars ship free.', '60 dollars'],
    ['price of another amount', 'The boots are $99.', '$99'],
    ['percentage', 'The code takes 15% off.', '15%'],
    ['percentage in words', 'It takes 20 percent off everything.', '20 percent'],
    ['a number given as a price', 'Shipping costs $10.', '$10'],
    ['number', 'Standard shipping takes 7 business days.', '7'],
    ['number in words', 'Standard shipping takes seven business days.', '7'],
    ['date', 'The sale ends on March 3.', 'March 3'],
    ['numeric date', 'The code works until 12/24.', '12/24'],
    ['ISO date', 'Returns close 2026-12-31.', '2026-12-31'],
    ['weekday', 'It will arrive by Friday.', 'Friday'],
    ['code', 'Use SAVE20 at checkout.', 'SAVE20'],
    ['code with a dash', 'Use NW-9ZZ1 at checkout.', 'NW-9ZZ1'],
    ['URL', 'Track it at https://tracking.example.com/123', 'https://tracking.example.com/123'],
    ['bare domain', 'See northwind-deals.com for more.', 'northwind-deals.com'],
    ['e-mail', 'Write to sales@northwind.example.', 'sales@northwind.example'],
  ])('%s: "%s" is refused (%s)', (_kind, answer, fact) => {
    const result = validateAnswer(answer, [...CARDS, CART]);
    expect(result.ok).toBe(false);
    expect(result.invented.map((f) => f.text).join(' ')).toContain(fact === '7' ? '7' : fact);
  });

  it.each([
    'Orders over $75 ship free, and standard shipping takes 3-5 business days.',
    'Express takes 1-2 business days.',
    'The cart code takes 10% off for 10 days, sale items included.',
    'Your code NW-7KQ2 takes 10% off: https://nw.example/c/abc',
    'The Trail Boots are $129 in your cart.',
    'Shipping is free over 75 dollars.',
    'Text HUMAN for a person, or e-mail help@northwind-outfitters.example.',
    'Returns: https://northwind-outfitters.example/returns',
    'Standard shipping takes three to five business days.',
    'Yes, we can help with that.',
  ])('a grounded answer passes: "%s"', (answer) => {
    expect(validateAnswer(answer, [...CARDS, CART])).toEqual({ ok: true, invented: [] });
  });

  it('a number of the sources is not a price or a percentage of them: "$10 off" is refused where the card says 10%', () => {
    expect(validateAnswer('The code takes $10 off.', CARDS).invented).toEqual([{ kind: 'price', text: '$10' }]);
    expect(validateAnswer('Orders over 75% ship free.', CARDS).invented).toEqual([{ kind: 'percentage', text: '75%' }]);
  });

  it('reads each fact once, the most specific kind first', () => {
    expect(factsOf('Use SAVE10 for 10% off orders over $50 until May 5 at www.x.com')).toEqual([
      { kind: 'url', text: 'www.x.com' },
      { kind: 'price', text: '$50' },
      { kind: 'percentage', text: '10%' },
      { kind: 'date', text: 'May 5' },
      { kind: 'code', text: 'SAVE10' },
    ]);
  });
});
