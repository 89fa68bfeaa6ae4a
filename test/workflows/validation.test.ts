import { describe, expect, it } from 'vitest';
import { workflowIssues, parseRuleText, textToBlocks, type WorkflowDraft } from '../../src/workflows/index.ts';

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
