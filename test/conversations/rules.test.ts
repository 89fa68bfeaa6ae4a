import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as conversations from '../../src/conversations/index.ts';
import { lineItemsOf, lookupUsername } from '../../src/conversations/rules.ts';

describe('the username of a contact lookup', () => {
  it.each([
    ['+14155550101', '+14155550101'],
    ['14155550101', '+14155550101'],
    [' 1 (415) 555-0101 ', '+14155550101'],
    ['+1.415.555.0101', '+14155550101'],
    ['Riley@Example.com', 'riley@example.com'],
  ])('%j -> %j', (given, expected) => expect(lookupUsername(given)).toBe(expected));
});

describe('line items in one shape', () => {
  it.each([
    [
      'Shopify',
      [{ title: 'Tent', variant_title: '2P', sku: 'T-2', quantity: 2, price: '84.00' }],
      [{ title: 'Tent', variant: '2P', sku: 'T-2', quantity: 2, price: '84.00' }],
    ],
    [
      'BigCommerce cart groups',
      {
        physical_items: [{ name: 'Mug', quantity: 1, sale_price: 12 }],
        digital_items: [{ name: 'Guide', list_price: 5 }],
      },
      [
        { title: 'Mug', variant: null, sku: null, quantity: 1, price: '12' },
        { title: 'Guide', variant: null, sku: null, quantity: 1, price: '5' },
      ],
    ],
    ['nothing usable', [{ quantity: 1 }, null, 'x'], []],
    ['not stored', null, []],
  ])('%s', (_name, raw, expected) => expect(lineItemsOf(raw)).toEqual(expected));
});

describe('the inbox input schemas', () => {
  const schemas = Object.entries(conversations).filter(
    ([name, value]) => name.endsWith('Schema') && value instanceof z.ZodType,
  ) as [string, z.ZodType][];

  it('are all exported and expressible as JSON Schema (the OpenAPI document reuses them)', () => {
    expect(schemas.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'listConversationsSchema',
        'replyToConversationSchema',
        'upsertFeedbackSchema',
        'checkoutDetailsSchema',
        'createConversationSchema',
      ]),
    );
    for (const [name, schema] of schemas) {
      const json = z.toJSONSchema(schema, { io: 'input' }) as { type?: string; properties?: object };
      expect([name, json.type]).toEqual([name, 'object']);
      expect(json.properties).toHaveProperty('brandId');
    }
  });
});
