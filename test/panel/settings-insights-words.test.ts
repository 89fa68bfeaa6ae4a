/** Settings in words (quiet hours, attribution, store health) and insight counts grouped by category. */
import { describe, expect, test } from 'vitest';
import { groupCounts, insightLabel } from '../../web-panel/src/features/insights/components/groups.ts';
import {
  attributionInWords,
  clockTime,
  connectionInWords,
  quietHoursInWords,
} from '../../web-panel/src/features/settings/components/words.ts';

const QUIET = {
  start: '08:00',
  end: '21:00',
  strict_states: ['FL', 'OK', 'MD'],
  strict_end: '20:00',
  strict_limit: 3,
  strict_limit_hours: 24,
  cart_reminder_max_hours: 48,
  texas_compliance: false,
};

describe('settings in words', () => {
  test('quiet hours: the window in the locale, the strict states by name, the cap, Texas', () => {
    expect(clockTime('21:00')).toBe('9:00 PM');
    expect(clockTime('21:00', 'en-GB')).toBe('21:00');
    const lines = quietHoursInWords(QUIET);
    expect(lines[0]).toMatch(/^Marketing texts go out only between 8:00 AM and 9:00 PM in the shopper's own time zone/);
    expect(lines[1]).toBe(
      'Shoppers in Florida, Oklahoma, and Maryland: until 8:00 PM only, and at most 3 marketing texts in 24 hours.',
    );
    expect(lines[3]).toMatch(/^Texas shoppers receive no marketing texts/);
    expect(quietHoursInWords({ ...QUIET, texas_compliance: true })[3]).toMatch(
      /^Texas shoppers receive marketing texts/,
    );
  });

  test('attribution: whole days as days, other hours as hours, 0 as not counted', () => {
    const rows = attributionInWords({
      type: 'last_touch',
      hard_cap_days: 30,
      windows: { message: 120, click: 36, reply: 0, discount_code: 720 },
      holdout_groups: ['D'],
      warnings: [],
    });
    expect(Object.fromEntries(rows.map((r) => [r.term, r.text]))).toEqual({
      Model: 'Last touch: an order is credited to the latest text, click or reply before it.',
      'A text': 'An order within 5 days after a text counts.',
      'A click': 'An order within 36 hours after a click on the link counts.',
      'A reply': 'Not counted.',
      'A discount code': 'An order within 30 days after the code was sent counts.',
      Limit: 'Nothing later than 30 days after a text is credited.',
    });
  });

  test.each([
    [{ status: 'connected', is_enabled: true, health: null }, 'Connected', true],
    [{ status: 'connected', is_enabled: true, health: 'Permissions required' }, 'Connected, needs attention', false],
    [{ status: 'connected', is_enabled: false, health: null }, 'Connected, turned off', false],
    [{ status: 'disconnected', is_enabled: false, health: null }, 'Disconnected', false],
    [{ status: 'pending_setup', is_enabled: false, health: null }, 'Setting up', false],
  ] as const)('store %j reads %s', (state, label, healthy) => {
    const words = connectionInWords({
      id: 1,
      platform: 'shopify',
      shop: 'x.myshopify.com',
      installed_at: null,
      uninstalled_at: null,
      health_detail: null,
      action: null,
      ...state,
    });
    expect([words.label, words.healthy]).toEqual([label, healthy]);
    if (state.health) expect(words.detail).toBe(state.health);
  });
});

describe('insight counts by category', () => {
  test('categories most conversations first, each with its tags most first; labels for people', () => {
    const groups = groupCounts([
      { category: 'product', tag: 'sizing', conversations: 2, messages: 2 },
      { category: 'blocker', tag: 'price', conversations: 5, messages: 6 },
      { category: 'blocker', tag: 'shipping_cost', conversations: 9, messages: 9 },
      { category: null, tag: null, conversations: 1, messages: 1 },
    ]);
    expect(groups.map((g) => [g.category, g.conversations, g.messages])).toEqual([
      ['blocker', 14, 15],
      ['product', 2, 2],
      [null, 1, 1],
    ]);
    expect(groups[0]!.tags.map((t) => t.tag)).toEqual(['shipping_cost', 'price']);
    expect(insightLabel('shipping_cost')).toBe('Shipping cost');
    expect(insightLabel('blocker', 'category')).toBe('What stops the purchase');
    expect(insightLabel(null, 'category')).toBe('Uncategorised');
    expect(groupCounts([])).toEqual([]);
  });
});
