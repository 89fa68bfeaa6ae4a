import { describe, expect, it } from 'vitest';
import { decideOutcome, type BrandSettings, type CandidateFacts } from '../../../src/workflows/index.ts';

const NOW = new Date('2026-11-22T18:00:00Z');
const DAY = 86_400_000;
const ago = (ms: number): Date => new Date(NOW.getTime() - ms);

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
