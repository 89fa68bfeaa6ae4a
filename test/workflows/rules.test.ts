import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DISCOUNT_DURATION_DAYS,
  DEFAULT_DISCOUNT_PERCENT,
  TEMPLATE_DISCOUNT_PERCENT,
} from '../../src/discounts/rules.ts';
import {
  DEFAULT_DELAY_MINUTES,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKFLOW_NAMES,
  WORKFLOW_STATUSES,
  WORKFLOW_TYPES,
  evaluateRules,
  type Rule,
  type RuleCandidate,
  type RuleEvaluation,
  type WorkflowRules,
} from '../../src/workflows/rules.ts';
import { WORKFLOW_TEMPLATES, TEMPLATE_KEYS } from '../../src/workflows/index.ts';

const candidate = (overrides: Partial<RuleCandidate> = {}): RuleCandidate => ({
  cartTotal: 80,
  orderTotal: undefined,
  productIds: ['gid://shopify/Product/101', '102'],
  collectionIds: ['summer'],
  orderCount: 2,
  tags: ['VIP', 'newsletter'],
  contactGroup: 'B',
  ...overrides,
});

describe('workflow constants (spec 1 sections 4 and 9)', () => {
  it.each([
    ['default discount percent', DEFAULT_DISCOUNT_PERCENT, 15],
    ['template discount percent', TEMPLATE_DISCOUNT_PERCENT, 10],
    ['default timezone', DEFAULT_TIMEZONE, 'America/Los_Angeles'],
    ['default discount duration (days)', DEFAULT_DISCOUNT_DURATION_DAYS, 10],
    ['default delay (minutes; the spec keeps it back, we use the abandoned-cart delay)', DEFAULT_DELAY_MINUTES, 30],
    ['statuses', WORKFLOW_STATUSES, ['draft', 'active']],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it.each([
    ['checkout', 'Abandoned Cart'],
    ['order', 'Post Purchase'],
    ['cart', 'Cart Flow'],
    ['schedule', 'Scheduled Flow'],
    ['tap_to_text', 'Tap to Text'],
    ['campaign', 'Campaign'],
    ['events', undefined],
    ['inbound', undefined],
  ] as const)('the default name of a %s workflow is %s', (type, name) => {
    expect(WORKFLOW_TYPES).toContain(type);
    expect(DEFAULT_WORKFLOW_NAMES[type]).toBe(name);
  });
});

describe('templates (spec 1 section 9)', () => {
  it.each([
    ['abandoned-cart', 'Abandoned Cart', 'checkout', 30, false],
    ['instant-upsell', 'Instant Upsell', 'order', 120, true],
    ['upsell', 'Upsell', 'order', 4320, true],
    ['cross-sell', 'Cross-sell', 'order', 4320, true],
    ['replenishment', 'Replenishment', 'order', 40320, true],
    ['re-engagement', 'Re-engagement', 'order', 64800, true],
  ] as const)(
    '%s: "%s", %s, %i minutes, main rule %s, 10%% discount, opt-out line',
    (key, name, type, delay, hasMainRule) => {
      const template = WORKFLOW_TEMPLATES[key];
      expect(template).toMatchObject({
        key,
        name,
        type,
        delayMinutes: delay,
        discount: { type: 'percentage', value: 10, duration: 10 },
      });
      expect(template.mainRule !== null).toBe(hasMainRule);
      expect(template.message).toContain('Reply STOP to opt out.');
      expect(template.message).toContain('{cart_link}');
    },
  );

  it('has exactly the six workflow templates', () => {
    expect([...TEMPLATE_KEYS]).toEqual([
      'abandoned-cart',
      'instant-upsell',
      'upsell',
      'cross-sell',
      'replenishment',
      're-engagement',
    ]);
  });
});

describe('evaluateRules: one rule per operator and field kind', () => {
  const rule = (field: string, operator: string, value: unknown): Rule => ({ field, operator, value });
  it.each([
    // numbers
    ['cart_total', 'eq', 80, true],
    ['cart_total', 'eq', '80', true],
    ['cart_total', 'neq', 80, false],
    ['cart_total', 'gt', 79.99, true],
    ['cart_total', 'gt', 80, false],
    ['cart_total', 'gte', 80, true],
    ['cart_total', 'lt', 80, false],
    ['cart_total', 'lte', 80, true],
    ['cart_total', 'in', [50, 80], true],
    ['cart_total', 'not_in', [50, 80], false],
    ['order_count', 'gte', 1, true],
    ['order_count', 'lt', 2, false],
    ['order_total', 'gte', 0, false], // unknown for a cart: fails
    // lists: ids compare with Shopify gids unwrapped, tags without case
    ['product_ids', 'contains', '101', true],
    ['product_ids', 'contains', 'gid://shopify/Product/102', true],
    ['product_ids', 'contains', ['101', '102'], true],
    ['product_ids', 'contains', ['101', '999'], false],
    ['product_ids', 'eq', '102', true],
    ['product_ids', 'neq', '102', false],
    ['product_ids', 'in', ['999', '101'], true],
    ['product_ids', 'not_in', ['999', '101'], false],
    ['product_ids', 'not_in', ['999'], true],
    ['collection_ids', 'in', ['summer', 'winter'], true],
    ['collection_ids', 'contains', 'winter', false],
    ['tags', 'contains', 'vip', true],
    ['tags', 'in', ['wholesale'], false],
    ['tags', 'not_in', ['wholesale'], true],
    // text
    ['contact_group', 'eq', 'b', true],
    ['contact_group', 'neq', 'D', true],
    ['contact_group', 'in', ['A', 'B'], true],
    ['contact_group', 'not_in', ['D'], true],
    ['contact_group', 'contains', 'B', true],
  ])('%s %s %j -> %s', (field, operator, value, expected) => {
    const result = evaluateRules({ condition: 'AND', rules: [rule(field, operator, value)] }, candidate());
    expect(result.passed).toBe(expected);
    expect(result.reason).toContain(`${field} ${operator}`);
    expect(result.reason).toContain(expected ? 'passed' : 'failed');
  });

  it.each([
    ['cart_total', 'contains', 5, 'does not apply to cart_total'],
    ['tags', 'gt', 1, 'does not apply to tags'],
    ['shoe_size', 'eq', 9, "unknown field 'shoe_size'"],
    ['cart_total', 'between', 9, "unknown operator 'between'"],
    ['cart_total', 'gte', 'lots', 'compares numbers'],
    ['tags', 'in', [], 'needs a value'],
  ])('%s %s %j cannot be evaluated (%s) and fails', (field, operator, value, why) => {
    const result = evaluateRules({ rules: [rule(field, operator, value)] }, candidate());
    expect(result).toMatchObject({ passed: false, decidedBy: 1 });
    expect(result.reason).toContain(why);
  });
});

describe('evaluateRules: conditions and the main rule', () => {
  const big = { field: 'cart_total', operator: 'gte', value: 100 };
  const vip = { field: 'tags', operator: 'contains', value: 'vip' };
  it.each([
    [
      'AND, all pass',
      { condition: 'AND', rules: [vip, { ...big, value: 50 }] },
      true,
      null,
      'all 2 rules passed (AND)',
    ],
    [
      'AND, the second fails and decides',
      { condition: 'AND', rules: [vip, big] },
      false,
      2,
      'rule 2 of 2 (AND): cart_total gte 100 failed (cart_total is 80)',
    ],
    [
      'OR, the second passes and decides',
      { condition: 'OR', rules: [big, vip] },
      true,
      2,
      'rule 2 of 2 (OR): tags contains "vip" passed',
    ],
    [
      'OR, none pass',
      { condition: 'OR', rules: [big, { ...vip, value: 'wholesale' }] },
      false,
      null,
      'none of 2 rules passed (OR)',
    ],
    ['no rules', { condition: 'AND', rules: [] }, true, null, 'no rules: every candidate passes'],
    ['lower-case or', { condition: 'or', rules: [big, vip] }, true, 2, '(OR)'],
    [
      'a condition that is neither',
      { condition: 'XOR', rules: [vip] },
      false,
      null,
      "condition 'XOR' is neither AND nor OR",
    ],
    [
      'a main rule that fails decides first',
      { condition: 'OR', rules: [vip], main_rule: big },
      false,
      'main',
      'main rule cart_total gte 100 failed',
    ],
    [
      'a main rule that passes, then the rules',
      { condition: 'AND', rules: [big], main_rule: vip },
      false,
      1,
      'main rule tags contains "vip" passed (tags is [VIP, newsletter]); rule 1 of 1 (AND)',
    ],
  ] as [string, WorkflowRules, boolean, RuleEvaluation['decidedBy'], string][])(
    '%s',
    (_name, rules, passed, decidedBy, reason) => {
      const result = evaluateRules(rules, candidate());
      expect(result.passed).toBe(passed);
      expect(result.decidedBy).toEqual(decidedBy);
      expect(result.reason).toContain(reason);
    },
  );

  it('an order workflow without a main rule never passes', () => {
    expect(evaluateRules({ condition: 'AND', rules: [] }, candidate(), { workflowType: 'order' })).toEqual({
      passed: false,
      reason: 'Main rule is required for Post Purchase Workflow.',
      decidedBy: 'main',
    });
    expect(
      evaluateRules({ rules: [], main_rule: { field: 'order_count', operator: 'gte', value: 1 } }, candidate(), {
        workflowType: 'order',
      }),
    ).toMatchObject({ passed: true, decidedBy: 'main' });
  });
});
