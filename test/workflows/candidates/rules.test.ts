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
  decideOutcome,
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
const DAY = 86_400_000;
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
const channel = (overrides: Partial<NonNullable<CandidateFacts['channel']>>): CandidateFacts['channel'] => ({
  id: 100,
  username: '+14155550100',
  status: 'subscribed',
  blocked: false,
  lastEngagedAt: null,
  ...overrides,
});
const orderRules = { main_rule: { field: 'order_count', operator: 'gte', value: 1 } };

describe('decideOutcome: one outcome per candidate', () => {
  it.each<[string, Partial<CandidateFacts>, Partial<BrandSettings>, string, unknown, string, string]>([
    ['every check passes (cart flow)', {}, {}, 'cart', {}, 'started', 'started'],
    [
      'every check passes (order flow)',
      { kind: 'order', rule: { orderTotal: 50, orderCount: 1, productIds: [], collectionIds: [], tags: [] } },
      {},
      'order',
      orderRules,
      'triggered',
      'triggered',
    ],
    ['no contact', { contactId: null, channel: null }, {}, 'cart', {}, 'channel_missing', 'no_contact'],
    ['no SMS channel', { channel: null }, {}, 'cart', {}, 'channel_missing', 'no_channel'],
    [
      'a +44 number',
      { channel: channel({ username: '+447911123456' }) },
      {},
      'cart',
      {},
      'channel_missing',
      'not_us_number',
    ],
    ['a blocked channel', { channel: channel({ status: 'blocked' }) }, {}, 'cart', {}, 'channel_blocked', 'blocked'],
    [
      "an agent's block",
      { channel: channel({ blocked: true, status: 'unsubscribed' }) },
      {},
      'cart',
      {},
      'channel_blocked',
      'blocked',
    ],
    [
      'an unsubscribed channel (STOP)',
      { channel: channel({ status: 'unsubscribed' }) },
      {},
      'cart',
      {},
      'channel_blocked',
      'unsubscribed',
    ],
    [
      'a Texas area code without texas_compliance',
      { channel: channel({ username: '+12145550100' }) },
      {},
      'cart',
      {},
      'filtered_out',
      'texas',
    ],
    ['a TX address without texas_compliance', { province: 'TX' }, {}, 'cart', {}, 'filtered_out', 'texas'],
    [
      'a Texas area code with texas_compliance',
      { channel: channel({ username: '+12145550100' }) },
      { texasCompliance: true },
      'cart',
      {},
      'started',
      'started',
    ],
    [
      'engaged 29 days ago (cart flow)',
      { channel: channel({ lastEngagedAt: ago(29 * DAY) }) },
      {},
      'cart',
      {},
      'recently_engaged',
      'recently_engaged',
    ],
    [
      'engaged 31 days ago (cart flow)',
      { channel: channel({ lastEngagedAt: ago(31 * DAY) }) },
      {},
      'cart',
      {},
      'started',
      'started',
    ],
    [
      'engaged 10 days ago, re_engage_period 7',
      { channel: channel({ lastEngagedAt: ago(10 * DAY) }) },
      { reEngagePeriodDays: 7 },
      'checkout',
      {},
      'started',
      'started',
    ],
    [
      'engaged 6 days ago, re_engage_period 7',
      { kind: 'checkout', channel: channel({ lastEngagedAt: ago(6 * DAY) }) },
      { reEngagePeriodDays: 7 },
      'checkout',
      {},
      'recently_engaged',
      'recently_engaged',
    ],
    [
      'order flow: conversation 5 days ago, period 30',
      {
        kind: 'order',
        lastConversationAt: ago(5 * DAY),
        rule: { orderCount: 1, productIds: [], collectionIds: [], tags: [] },
      },
      { reEngagePeriodDays: 30 },
      'order',
      orderRules,
      'duplicate',
      're_engage_period',
    ],
    [
      'order flow: conversation 31 days ago, period 30',
      {
        kind: 'order',
        lastConversationAt: ago(31 * DAY),
        rule: { orderCount: 1, productIds: [], collectionIds: [], tags: [] },
      },
      { reEngagePeriodDays: 30 },
      'order',
      orderRules,
      'triggered',
      'triggered',
    ],
    [
      '3 unanswered conversations',
      { outreach: { replied: false, conversationsWithSentOutgoing: 3 } },
      {},
      'cart',
      {},
      'filtered_out',
      'outreach_limit',
    ],
    [
      '3 unanswered conversations but replied before',
      { outreach: { replied: true, conversationsWithSentOutgoing: 3 } },
      {},
      'cart',
      {},
      'started',
      'started',
    ],
    [
      'rules fail (cart total 80 < 100)',
      {},
      {},
      'cart',
      { condition: 'AND', rules: [{ field: 'cart_total', operator: 'gte', value: 100 }] },
      'filtered_out',
      'rules',
    ],
    [
      'order flow without a main rule',
      { kind: 'order', rule: { orderCount: 1, productIds: [], collectionIds: [], tags: [] } },
      {},
      'order',
      {},
      'filtered_out',
      'rules',
    ],
    ['holdout group D', { contactGroup: 'D' }, { holdoutGroups: ['D'] }, 'cart', {}, 'holdout', 'holdout'],
    ['group A when D is held out', {}, { holdoutGroups: ['D'] }, 'cart', {}, 'started', 'started'],
  ])('%s', (_, f, b, type, rules, outcome, reason) => {
    const decision = decideOutcome({
      facts: facts(f),
      brand: brand(b),
      workflow: { type, rules: rules as never },
      now: NOW,
    });
    expect(decision.outcome).toBe(outcome);
    expect(decision.reason).toBe(reason);
  });

  it('checks in order and says which one decided', () => {
    const decision = decideOutcome({
      facts: facts({ province: 'TX', contactGroup: 'D' }),
      brand: brand({ holdoutGroups: ['D'] }),
      workflow: { type: 'cart', rules: {} },
      now: NOW,
    });
    expect(decision.checks.map((c) => [c.check, c.passed])).toEqual([
      ['channel', true],
      ['consent', true],
      ['texas', false],
    ]);
    expect(decision.detail).toBe('Texas customer (a TX address) and the brand has not set texas_compliance');
  });

  it('the rule that failed is named', () => {
    const decision = decideOutcome({
      facts: facts(),
      brand: brand(),
      workflow: {
        type: 'cart',
        rules: { condition: 'AND', rules: [{ field: 'cart_total', operator: 'gte', value: 100 }] },
      },
      now: NOW,
    });
    expect(decision.detail).toBe('rule 1 of 1 (AND): cart_total gte 100 failed (cart_total is 80)');
  });

  it('holdout is decided last: a held-out shopper is one who would have been texted', () => {
    const decision = decideOutcome({
      facts: facts({ contactGroup: 'D' }),
      brand: brand({ holdoutGroups: ['D'] }),
      workflow: { type: 'cart', rules: {} },
      now: NOW,
    });
    expect(decision.checks.filter((c) => c.passed).map((c) => c.check)).toEqual([
      'channel',
      'consent',
      'texas',
      'recently_engaged',
      'outreach',
      'rules',
    ]);
  });
});

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
