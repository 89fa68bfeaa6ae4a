import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DELAY_MINUTES,
  DEFAULT_DISCOUNT_DURATION_DAYS,
  DEFAULT_DISCOUNT_PERCENT,
  DEFAULT_DISCOUNT_RULE,
  DEFAULT_TIMEZONE,
  DEFAULT_WORKFLOW_NAMES,
  TEMPLATE_DISCOUNT_PERCENT,
  WORKFLOW_STATUSES,
  WORKFLOW_TYPES,
  evaluateRules,
  formatDiscountValue,
  resolveDiscountRule,
  type Rule,
  type RuleCandidate,
  type RuleEvaluation,
  type WorkflowRules,
} from '../../src/workflows/rules.ts';
import {
  WORKFLOW_TEMPLATES,
  TEMPLATE_KEYS,
  messageText,
  renderMessage,
  workflowIssues,
  parseRuleText,
  textToBlocks,
  type WorkflowDraft,
} from '../../src/workflows/index.ts';

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

  it('has exactly the six templates of the issue', () => {
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

describe('discount rules (spec 3 section 5): validated; invalid data falls back to the default rule', () => {
  it('the default rule: dynamic, order category, 10 percent, combines with nothing, once per customer', () => {
    expect(DEFAULT_DISCOUNT_RULE).toMatchObject({
      type: 'percentage',
      value: 10,
      codeType: 'dynamic',
      category: 'order',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      durationDays: 10,
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
    });
  });

  it.each([
    [
      'percentage 20',
      { id: 1, type: 'percentage', value: '20.00', duration: 10, extra_data: {} },
      { type: 'percentage', value: 20, category: 'order', codeType: 'dynamic', codePrefix: null },
    ],
    [
      'fixed $5 with a minimum',
      {
        id: 2,
        type: 'fixed',
        value: 5,
        duration: 7,
        extra_data: { type: 'custom', code_prefix: 'summer', minimum: 40 },
      },
      { type: 'fixed', value: 5, durationDays: 7, codeType: 'custom', codePrefix: 'summer', minimum: 40 },
    ],
    [
      'free shipping',
      { id: 3, type: 'shipping', value: 0, duration: 10, extra_data: { category: 'shipping' } },
      { type: 'shipping', value: 0, category: 'shipping' },
    ],
    [
      "the demo's 'LR-' prefix reads as LR",
      {
        id: 4,
        type: 'percentage',
        value: 10,
        duration: 10,
        extra_data: { type: 'dynamic', code_prefix: 'LR-', category: 'order' },
      },
      { codePrefix: 'LR' },
    ],
    [
      'a static code',
      { id: 5, type: 'percentage', value: 10, duration: 10, extra_data: { type: 'static', code_prefix: 'WELCOME10' } },
      { codeType: 'static', codePrefix: 'WELCOME10' },
    ],
    [
      'store overrides (basicCodeDiscount)',
      {
        id: 6,
        type: 'percentage',
        value: 10,
        duration: 10,
        extra_data: { basicCodeDiscount: { combinesWith: { shippingDiscounts: true }, usageLimit: 3 } },
      },
      { usageLimit: 3, combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true } },
    ],
  ])('valid: %s', (_name, row, expected) => {
    const resolved = resolveDiscountRule(row);
    expect(resolved.valid).toBe(true);
    expect(resolved.rule).toMatchObject({ id: row.id, ...expected });
  });

  it.each([
    ['no row', null, 'No discount rule found'],
    ['an unknown type', { id: 9, type: 'bogo', value: 10, duration: 10, extra_data: {} }, 'type'],
    [
      'a percentage above 100',
      { id: 9, type: 'percentage', value: 120, duration: 10, extra_data: {} },
      'a percentage must be above 0 and at most 100',
    ],
    [
      'a zero percentage',
      { id: 9, type: 'percentage', value: 0, duration: 10, extra_data: {} },
      'a percentage must be above 0',
    ],
    [
      'a fixed amount of 0',
      { id: 9, type: 'fixed', value: 0, duration: 10, extra_data: {} },
      'a fixed amount must be above 0',
    ],
    ['a zero duration', { id: 9, type: 'fixed', value: 5, duration: 0, extra_data: {} }, 'duration'],
    [
      'an unknown code type',
      { id: 9, type: 'fixed', value: 5, duration: 10, extra_data: { type: 'magic' } },
      'extra_data.type',
    ],
    [
      'a prefix with spaces',
      { id: 9, type: 'fixed', value: 5, duration: 10, extra_data: { code_prefix: 'BIG SALE' } },
      'extra_data.code_prefix',
    ],
    [
      'a shipping category on a percentage',
      { id: 9, type: 'percentage', value: 5, duration: 10, extra_data: { category: 'shipping' } },
      'category shipping does not fit a percentage discount',
    ],
    [
      'a static code without its code',
      { id: 9, type: 'percentage', value: 5, duration: 10, extra_data: { type: 'static' } },
      'a static code needs code_prefix',
    ],
    [
      'a negative minimum',
      { id: 9, type: 'fixed', value: 5, duration: 10, extra_data: { minimum: -1 } },
      'extra_data.minimum',
    ],
  ])('invalid: %s -> the default rule, with the reason logged', (_name, row, reason) => {
    const warnings: { obj: object; msg: string }[] = [];
    const resolved = resolveDiscountRule(row, { warn: (obj, msg) => warnings.push({ obj, msg }) });
    expect(resolved.valid).toBe(false);
    expect(resolved.reason).toContain(reason);
    expect(resolved.rule).toEqual({ ...DEFAULT_DISCOUNT_RULE, id: row ? 9 : null });
    expect(warnings).toEqual([
      {
        obj: { discount_rule_id: row ? 9 : null, reason: resolved.reason },
        msg: 'invalid discount rule: the default rule is used',
      },
    ]);
  });

  it.each([
    [{ type: 'percentage', value: 10 }, '10%'],
    [{ type: 'percentage', value: 12.5 }, '12.5%'],
    [{ type: 'fixed', value: 5 }, '$5'],
    [{ type: 'fixed', value: 5.5 }, '$5.50'],
    [{ type: 'shipping', value: 0 }, 'free shipping'],
  ] as const)('discount value %j reads %s', (rule, text) => {
    expect(formatDiscountValue(rule)).toBe(text);
  });
});

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

describe('workflow validation (spec 1 section 5)', () => {
  const valid: WorkflowDraft = {
    name: 'Abandoned Cart',
    type: 'checkout',
    status: 'draft',
    delay_minutes: 30,
    timezone: 'America/Los_Angeles',
    rules: { condition: 'AND', rules: [] },
    action: { type: 'message' },
    message: textToBlocks('Hi'),
  };
  const percent = { id: 1, type: 'percentage', value: 10, duration: 10, extra_data: {} };
  it.each([
    ['a valid draft', {}, undefined],
    ['an empty name', { name: '  ' }, 'Name is required'],
    ['a delay that is not a number', { delay_minutes: 'soon' }, 'Delay must be a whole number of minutes'],
    ['a negative delay', { delay_minutes: -5 }, 'Delay must be a whole number of minutes'],
    ['a numeric string delay', { delay_minutes: '45' }, undefined],
    ['a condition other than AND / OR', { rules: { condition: 'XOR', rules: [] } }, 'Condition must be AND or OR'],
    ['a status other than draft / active', { status: 'running' }, 'Status must be draft or active'],
    [
      'an unknown type',
      { type: 'fax' },
      'Type must be one of checkout, order, cart, schedule, tap_to_text, events, campaign, inbound',
    ],
    ['an order workflow without a main rule', { type: 'order' }, 'Main rule is required for Post Purchase Workflow.'],
    [
      'an order workflow with a main rule',
      {
        type: 'order',
        rules: { condition: 'AND', rules: [], main_rule: { field: 'order_count', operator: 'gte', value: 1 } },
      },
      undefined,
    ],
    ['a discount action without a discount', { action: { type: 'discount' } }, 'Invalid discount rule'],
    [
      'a discount action with an invalid discount',
      { action: { type: 'discount' }, discountRule: { ...percent, value: 150 } },
      'Invalid discount rule',
    ],
    ['a discount action with a valid discount', { action: { type: 'discount' }, discountRule: percent }, undefined],
    ['an unknown action', { action: { type: 'fax' } }, 'Action must be one of message, discount'],
    [
      'a bad rule',
      { rules: { condition: 'AND', rules: [{ field: 'tags', operator: 'gt', value: 1 }] } },
      "Rule 1: operator 'gt' does not apply to tags",
    ],
    [
      'a bad main rule',
      { rules: { condition: 'AND', rules: [], main_rule: { field: 'x', operator: 'eq', value: 1 } } },
      "Main rule: unknown field 'x' (expected one of cart_total, order_total, order_count, product_ids, collection_ids, tags, contact_group)",
    ],
    ['an unknown timezone', { timezone: 'Mars/Olympus' }, 'Timezone must be an IANA name such as America/Los_Angeles'],
    [
      'an end before the start',
      { starts_at: new Date('2026-12-02'), ends_at: new Date('2026-12-01') },
      'The end (ends_at) must be after the start (starts_at)',
    ],
    ['an active workflow without a message', { status: 'active', message: [] }, 'Message is required'],
  ] as [string, Partial<WorkflowDraft>, string | undefined][])('%s', (_name, overrides, message) => {
    expect(workflowIssues({ ...valid, ...overrides })[0]).toBe(message);
  });

  it.each([
    ['cart_total gte 50', { field: 'cart_total', operator: 'gte', value: 50 }],
    ['tags in vip, gold', { field: 'tags', operator: 'in', value: ['vip', 'gold'] }],
    ['contact_group eq "B"', { field: 'contact_group', operator: 'eq', value: 'B' }],
    ['Product_IDs NOT_IN 1,2', { field: 'product_ids', operator: 'not_in', value: [1, 2] }],
  ])('parseRuleText(%j)', (text, rule) => {
    expect(parseRuleText(text)).toEqual(rule);
  });

  it('parseRuleText refuses text that is not "field operator value"', () => {
    expect(() => parseRuleText('cart_total')).toThrow('A rule reads "field operator value"');
  });
});
