import { describe, expect, it } from 'vitest';
import {
  CART_WINDOW_MINUTES,
  DEFAULT_RE_ENGAGE_PERIOD_DAYS,
  EVENT_WINDOW_MS,
  MAX_ORDER_CANDIDATES,
  MAX_ORDERS_PER_INTEGRATION,
  ORDER_LOOKBACK_EXTRA_MINUTES,
  RECENTLY_ENGAGED_DAYS,
  brandSettings,
  candidateKind,
  candidateWindow,
  decideAll,
  goalState,
  inWindow,
  isTexasCustomer,
  lineItemFacts,
  provinceOf,
  rulesUseOrderCount,
  type BrandSettings,
  type CandidateFacts,
  type CandidateKind,
} from '../../../src/workflows/index.ts';

const NOW = new Date('2026-11-22T18:00:00Z');
const MIN = 60_000;
const ago = (ms: number): Date => new Date(NOW.getTime() - ms);

describe('constants (spec 1 section 9)', () => {
  it.each([
    ['cart window: 3 hours', CART_WINDOW_MINUTES, 180],
    ['order look-back: delay plus 1 day', ORDER_LOOKBACK_EXTRA_MINUTES, 1440],
    ['order candidates per run', MAX_ORDER_CANDIDATES, 10_000],
    ['orders per brand integration per run', MAX_ORDERS_PER_INTEGRATION, 150],
    ['event window: 300,000 ms', EVENT_WINDOW_MS, 300_000],
    ['recently engaged cutoff: 30 days', RECENTLY_ENGAGED_DAYS, 30],
    ['order re-engage default: 30 days', DEFAULT_RE_ENGAGE_PERIOD_DAYS, 30],
  ])('%s', (_, value, expected) => expect(value).toBe(expected));

  it.each([
    ['cart', 'cart'],
    ['checkout', 'checkout'],
    ['order', 'order'],
    ['events', 'event'],
    ['schedule', undefined],
    ['campaign', undefined],
    ['tap_to_text', undefined],
  ])('workflow type %s selects %s', (type, kind) => expect(candidateKind(type)).toBe(kind));
});

describe('windows', () => {
  it.each<[string, CandidateKind, number, number, boolean]>([
    ['cart updated 2h59 ago, delay 30', 'cart', 30, 179 * MIN, true],
    ['cart updated 3h01 ago, delay 30', 'cart', 30, 181 * MIN, false],
    ['cart updated exactly 3h ago', 'cart', 30, 180 * MIN, true],
    ['cart updated 31 minutes ago (delay + 1)', 'cart', 30, 31 * MIN, true],
    ['cart updated 29 minutes ago (delay - 1)', 'cart', 30, 29 * MIN, false],
    ['checkout updated 61 minutes ago, delay 60', 'checkout', 60, 61 * MIN, true],
    ['checkout updated 59 minutes ago, delay 60', 'checkout', 60, 59 * MIN, false],
    ['order placed delay + 1 minute ago', 'order', 120, 121 * MIN, true],
    ['order placed delay - 1 minute ago', 'order', 120, 119 * MIN, false],
    ['order placed delay + 1 day - 1 minute ago', 'order', 120, (120 + 1440 - 1) * MIN, true],
    ['order placed delay + 1 day + 1 minute ago', 'order', 120, (120 + 1440 + 1) * MIN, false],
    ['event 4:59 ago', 'event', 0, 299_000, true],
    ['event 5:01 ago', 'event', 0, 301_000, false],
  ])('%s: inside %s', (_, kind, delay, age, inside) =>
    expect(inWindow(candidateWindow(kind, delay, NOW), ago(age))).toBe(inside),
  );

  it('a cart delay longer than 3 hours leaves an empty window', () => {
    const w = candidateWindow('cart', 240, NOW);
    expect(w.from.getTime()).toBeGreaterThan(w.to.getTime());
  });

  it('describes itself for people', () => {
    expect(candidateWindow('cart', 30, NOW).description).toBe('updated between 3 hours and 30 minutes ago');
    expect(candidateWindow('order', 120, NOW).description).toBe('placed between 26 hours and 2 hours ago');
  });
});

describe('Texas', () => {
  it.each([
    [{ province_code: 'TX' }, 'TX'],
    [{ province: 'Texas' }, 'TX'],
    [{ state: 'Texas' }, 'TX'],
    [{ province_code: 'ca' }, 'CA'],
    [{}, null],
  ])('provinceOf(%o) = %s', (address, expected) =>
    expect(provinceOf(address as Record<string, unknown>)).toBe(expected),
  );

  it('reads the shipping address first, then billing', () =>
    expect(provinceOf(null, { province_code: 'TX' })).toBe('TX'));

  it.each([
    ['+12145550100', null, true],
    ['+14155550100', 'TX', true],
    ['+14155550100', 'CA', false],
    ['+14155550100', null, false],
  ])('%s in %s is a Texas customer: %s', (username, province, expected) =>
    expect(isTexasCustomer({ username, province })).toBe(expected),
  );
});

describe('brand settings', () => {
  it('reads texas_compliance, holdout groups and re_engage_period', () => {
    expect(
      brandSettings({
        name: 'B',
        re_engage_period: 14,
        extra_data: { texas_compliance: true, holdout: { groups: ['d', ' C '] } },
      }),
    ).toEqual({
      name: 'B',
      texasCompliance: true,
      holdoutGroups: ['D', 'C'],
      reEngagePeriodDays: 14,
    });
  });
  it('defaults: no compliance, nobody held out, no period', () => {
    expect(brandSettings({ name: 'B', re_engage_period: null, extra_data: {} })).toEqual({
      name: 'B',
      texasCompliance: false,
      holdoutGroups: [],
      reEngagePeriodDays: null,
    });
  });
});

const brand = (overrides: Partial<BrandSettings> = {}): BrandSettings => ({
  name: 'Acme',
  texasCompliance: false,
  holdoutGroups: [],
  reEngagePeriodDays: null,
  ...overrides,
});
const facts = (overrides: Partial<CandidateFacts> = {}): CandidateFacts => ({
  kind: 'cart',
  eventId: 1,
  contactId: 10,
  contactGroup: 'A',
  channel: { id: 100, username: '+14155550100', status: 'subscribed', blocked: false, lastEngagedAt: null },
  province: 'CA',
  rule: { cartTotal: 80, productIds: ['p1'], collectionIds: [], tags: [], contactGroup: 'A' },
  outreach: { replied: false, conversationsWithSentOutgoing: 0 },
  lastConversationAt: null,
  ...overrides,
});
const orderRules = { main_rule: { field: 'order_count', operator: 'gte', value: 1 } };

describe('one text per contact per run', () => {
  it('a later candidate of a chosen contact is a duplicate; other contacts are not affected', () => {
    const items = [facts({ eventId: 1 }), facts({ eventId: 2 }), facts({ eventId: 3, contactId: 11 })];
    const decisions = decideAll(items, { brand: brand(), workflow: { type: 'cart', rules: {} }, now: NOW });
    expect(decisions.map((d) => d.outcome)).toEqual(['started', 'duplicate', 'started']);
    expect(decisions[1]!.detail).toBe('another cart of this contact (cart 1) was chosen in this run');
  });

  it('a filtered-out candidate does not take the contact: the next one can be texted', () => {
    const items = [facts({ eventId: 1, province: 'TX' }), facts({ eventId: 2 })];
    expect(
      decideAll(items, { brand: brand(), workflow: { type: 'cart', rules: {} }, now: NOW }).map((d) => d.outcome),
    ).toEqual(['filtered_out', 'started']);
  });

  it('remembers chosen contacts across pages', () => {
    const seen = new Map<number, number>();
    decideAll([facts({ eventId: 1 })], { brand: brand(), workflow: { type: 'cart', rules: {} }, now: NOW }, seen);
    expect(
      decideAll([facts({ eventId: 2 })], { brand: brand(), workflow: { type: 'cart', rules: {} }, now: NOW }, seen)[0]!
        .outcome,
    ).toBe('duplicate');
  });

  it('goal events record a duplicate as filtered_out', () => {
    expect(goalState('duplicate')).toBe('filtered_out');
    expect(goalState('holdout')).toBe('holdout');
    expect(goalState('started')).toBe('started');
  });
});

describe('rule facts', () => {
  it('reads product and collection ids from line items', () => {
    expect(
      lineItemFacts([
        { product_id: 42, collection_ids: [7] },
        { product_id: 'gid://shopify/Product/43' },
        { product_id: null },
      ]),
    ).toEqual({ productIds: ['42', 'gid://shopify/Product/43'], collectionIds: ['7'] });
    expect(lineItemFacts(null)).toEqual({ productIds: [], collectionIds: [] });
  });
  it('knows when rules need the order count', () => {
    expect(rulesUseOrderCount(orderRules as never)).toBe(true);
    expect(rulesUseOrderCount({ rules: [{ field: 'cart_total', operator: 'gt', value: 1 }] })).toBe(false);
    expect(rulesUseOrderCount(null)).toBe(false);
  });
});
