/**
 * The demo brands' knowledge bases (title, content, status, source, weight, whether it is the
 * recovery workflow's card): the published cards are what the shopper agent answers from, and the
 * agent's evaluation (fixtures/agent, npm run eval:agent) is written against Northwind's ('nw').
 */
export const DEMO_KB: Readonly<
  Record<string, readonly (readonly [string, string, string, string, number, boolean])[]>
> = {
  // title, content, status, source, weight, is the workflow's card
  nw: [
    [
      'Shipping times and costs',
      'Orders over $75 ship free. Standard shipping takes 3-5 business days in the US; express takes 1-2. Tracking is sent by text and e-mail when the order leaves the warehouse.',
      'published',
      'manual',
      10,
      false,
    ],
    [
      'Size guide',
      'Jackets, fleeces and tees fit true to size; size up for layering. Trail Boots run half a size large. Exchanges for another size are free within 30 days.',
      'published',
      'manual',
      8,
      false,
    ],
    [
      'Returns and exchanges',
      'Unworn items can be returned within 30 days. Every box has a prepaid return label; refunds reach the card within 5 business days of the return arriving.',
      'published',
      'manual',
      9,
      false,
    ],
    [
      'Abandoned cart codes',
      'The code in the cart reminder takes 10% off everything in the cart, sale items included, for 10 days. One code per order; it does not stack with other codes.',
      'published',
      'flow',
      6,
      true,
    ],
    [
      'Changing the shipping address',
      'The address can be changed until the order ships: reply to the text with the new address or e-mail help@northwind-outfitters.example.',
      'published',
      'escalation',
      5,
      false,
    ],
    ['Price matching', 'We do not match other stores’ prices at the moment.', 'unpublished', 'manual', 3, false],
    [
      'International shipping',
      'We ship to Canada and the UK; duties are paid at delivery.',
      'draft',
      'import',
      1,
      false,
    ],
    [
      'Gift cards',
      'Gift cards are sent by e-mail, never expire and work on sale items.',
      'published',
      'import',
      2,
      false,
    ],
    [
      'Shipping to Canada and the UK',
      'We ship to Canada and the UK: delivery takes 7-10 business days for a flat $15, and duties are paid at delivery. We do not ship to other countries yet.',
      'published',
      'import',
      4,
      false,
    ],
    [
      'Discount rules',
      'One discount code per order: codes do not combine with each other or with gift card purchases. Free shipping over $75 still applies when you use a code.',
      'published',
      'manual',
      5,
      false,
    ],
  ],
  hp: [
    [
      'Shipping',
      'Free shipping on every cart reminder order; orders arrive in 2-4 business days.',
      'published',
      'manual',
      8,
      true,
    ],
    [
      'Candle care',
      'Trim the wick to a quarter inch and burn for at least two hours the first time.',
      'published',
      'manual',
      4,
      false,
    ],
    ['Wholesale orders', 'Wholesale terms for shops are being written.', 'draft', 'manual', 1, false],
  ],
};
