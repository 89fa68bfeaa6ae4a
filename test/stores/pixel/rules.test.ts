/** Storefront capture rules from spec 3 (a cart from identify is empty until it has line items). */
import { describe, expect, it } from 'vitest';
import { addCartLine, pixelCartFacts, pixelCartState, rateWindow } from '../../../src/stores/index.ts';
import type { PixelEvent } from '../../../src/stores/index.ts';
import { checkout, contactInfoSubmitted } from '../../helpers/pixel-events.ts';

const line = (variant: number, quantity: number) => ({
  variant_id: variant,
  product_id: 1,
  title: 'Hoodie',
  variant_title: null,
  sku: null,
  quantity,
  price: '10.00',
  line_price: null,
});

describe('pixelCartState', () => {
  it.each([
    ['new cart without lines', undefined, 0, false, false, false, 'empty'],
    ['new cart with lines, no phone', undefined, 2, true, false, false, 'no_identity'],
    ['new cart with lines and a subscribed phone', undefined, 2, true, false, true, 'pending'],
    ['empty cart gets a line', 'empty', 1, true, false, true, 'pending'],
    ['abandoned cart identified without new lines', 'abandoned', 1, false, false, true, 'abandoned'],
    ['abandoned cart with new lines', 'abandoned', 2, true, false, true, 'pending'],
    ['checkout_completed', 'pending', 1, true, true, true, 'complete'],
    ['a complete cart stays complete', 'complete', 0, true, false, false, 'complete'],
  ] as const)('%s -> %s', (_name, current, lineCount, linesChanged, completed, usablePhone, expected) => {
    expect(pixelCartState({ current, lineCount, linesChanged, completed, usablePhone })).toBe(expected);
  });
});

describe('addCartLine', () => {
  it('adds to the same variant, appends a new one, drops zero quantities', () => {
    expect(addCartLine([line(1, 1)], line(1, 2)).map((l) => [l.variant_id, l.quantity])).toEqual([[1, 3]]);
    expect(addCartLine([line(1, 1)], line(2, 1)).map((l) => l.variant_id)).toEqual([1, 2]);
    expect(addCartLine([], line(3, 0))).toEqual([]);
  });
});

describe('rateWindow', () => {
  it('starts on the minute and says how long until the next one', () => {
    expect(rateWindow(new Date('2026-11-24T10:00:45.500Z'))).toEqual({
      start: new Date('2026-11-24T10:00:00.000Z'),
      retryAfterSeconds: 15,
    });
  });
});

describe('pixelCartFacts: a storefront event identifies, it carries no consent', () => {
  const submitted = (f: Parameters<typeof checkout>[0]) =>
    pixelCartFacts(contactInfoSubmitted(checkout(f)) as unknown as PixelEvent);
  it.each([
    [
      'ticked boxes',
      {
        email: 'ada@example.com',
        phone: '+14155550101',
        smsMarketingPhone: '+14155550102',
        acceptsSms: true,
        acceptsEmail: true,
      },
      ['ada@example.com', '+14155550101', '+14155550102'],
    ],
    ['unticked boxes', { email: 'ada@example.com', phone: '+14155550101' }, ['ada@example.com', '+14155550101']],
    [
      'the same phone twice, blanks',
      { email: ' ', phone: '+14155550101', smsMarketingPhone: '+14155550101', acceptsSms: true },
      ['+14155550101'],
    ],
    ['nobody', {}, []],
  ] as const)('%s', (_name, fixture, identifiers) => {
    const facts = submitted(fixture);
    expect(facts.identifiers).toEqual(identifiers);
    expect(Object.keys(facts)).not.toContain('shopper');
  });

  it('the BigCommerce identify event: its e-mail and phone', () => {
    const facts = pixelCartFacts({
      id: 'bc-1',
      name: 'bigcommerce_cart_identified',
      timestamp: '2026-11-29T10:00:00Z',
      cartId: 'cart-1',
      email: 'grace@example.com',
      phone: '+14155550103',
    });
    expect(facts).toMatchObject({ cartKey: 'cart-1', identifiers: ['grace@example.com', '+14155550103'] });
  });
});
