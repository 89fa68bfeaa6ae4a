import { describe, expect, it } from 'vitest';
import { DEFAULT_DISCOUNT_RULE, formatDiscountValue, resolveDiscountRule } from '../../src/discounts/rules.ts';

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
