import { describe, expect, it } from 'vitest';
import {
  customPlanFormProblems,
  firstMonthDiscount,
  fitUnderCap,
  isLive,
  mapShopifyStatus,
  mapStripeStatus,
  planChangeFormProblems,
  shopifyTestCharge,
  stripeFeatureNames,
  subscribeFormProblems,
  usageChargeAmount,
} from '../../src/billing/index.ts';

const valid = { brandId: 4, planId: 2, billingEmail: 'ap@brand.example' };

describe('subscribe form (spec 1 section 5)', () => {
  it.each([
    ['no brand', { ...valid, brandId: undefined }, ['Brand ID is required']],
    ['no plan', { ...valid, planId: '' }, ['Plan ID is required']],
    ['no billing email', { ...valid, billingEmail: '  ' }, ['Billing Email is required']],
    ['nothing at all', {}, ['Brand ID is required', 'Plan ID is required', 'Billing Email is required']],
    ['an empty trial', { ...valid, trialDays: '', applyFirstMonthDiscount: false }, ['Minimum 1 day trial required']],
    ['a zero-day trial', { ...valid, trialDays: 0, applyFirstMonthDiscount: false }, ['Minimum 1 day trial required']],
    [
      'a trial with the discount left at its default (true)',
      { ...valid, trialDays: 7 },
      ['Cannot apply both trial days and first month discount'],
    ],
    [
      'a trial with the discount asked for',
      { ...valid, trialDays: 7, applyFirstMonthDiscount: 'true' },
      ['Cannot apply both trial days and first month discount'],
    ],
    ['a trial without the discount', { ...valid, trialDays: 7, applyFirstMonthDiscount: false }, []],
    ['the discount without a trial', { ...valid, applyFirstMonthDiscount: true }, []],
    [
      'a custom plan with nothing',
      { ...valid, planId: 'custom' },
      ['Select a plan', 'Rate Required', 'Price Required'],
    ],
    [
      'a custom plan without a price',
      { ...valid, planId: 'custom', duplicatePlanId: 2, planRate: 4 },
      ['Price Required'],
    ],
    ['a complete custom plan', { ...valid, planId: 'custom', duplicatePlanId: 2, planRate: 4, planPrice: 149 }, []],
    ['an unknown gateway', { ...valid, paymentSource: 'paypal' }, ['Invalid payment gateway']],
    ['an unknown source', { ...valid, source: 'web-partner' }, ['Source must be one of web-admin, web-client']],
  ])('%s', (_name, form, problems) => {
    expect(subscribeFormProblems(form)).toEqual(problems);
  });
});

describe('plan change and custom plan forms', () => {
  it.each([
    [{}, ['Subscription is required', 'Brand is required', 'Plan is required']],
    [{ subscriptionId: 3, brandId: 4, planId: 'custom', duplicatePlanId: 2 }, ['Rate Required', 'Price Required']],
    [{ subscriptionId: 3, brandId: 4, planId: 5 }, []],
  ])('plan change %j', (form, problems) => {
    expect(planChangeFormProblems(form)).toEqual(problems);
  });

  it.each([
    [{}, ['Plan is required.', 'Rate is required.', 'Price is required.']],
    [{ planId: 2, rate: '' }, ['Rate is required.', 'Price is required.']],
    [{ planId: 2, rate: 4, price: 0 }, []],
  ])('custom plan %j', (form, problems) => {
    expect(customPlanFormProblems(form)).toEqual(problems);
  });
});

describe('remote status mapping (spec 1 section 4)', () => {
  it.each([
    ['ACTIVE', 'active'],
    ['ACCEPTED', 'active'],
    ['PENDING', 'pending_setup'],
    ['CANCELLED', 'cancelled'],
    ['DECLINED', 'declined'],
    ['EXPIRED', 'expired'],
    ['FROZEN', 'paused'],
    ['SOMETHING_NEW', undefined],
  ])('Shopify %s -> %s', (remote, ours) => {
    expect(mapShopifyStatus(remote)).toBe(ours);
  });

  it.each([
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'unpaid'],
    ['paused', 'paused'],
    ['incomplete', 'incomplete'],
    ['trialing', 'in_trial'],
    ['canceled', 'cancelled'],
    ['incomplete_expired', 'expired'],
  ])('Stripe %s -> %s', (remote, ours) => {
    expect(mapStripeStatus(remote)).toBe(ours);
  });

  it('counts active, in_trial, past_due, unpaid, incomplete and paused as live', () => {
    const all = [
      'pending_setup',
      'active',
      'in_trial',
      'past_due',
      'unpaid',
      'incomplete',
      'paused',
      'cancelled',
      'expired',
      'declined',
    ];
    expect(all.filter(isLive)).toEqual(['active', 'in_trial', 'past_due', 'unpaid', 'incomplete', 'paused']);
  });
});

describe('first-month discount proration (spec 1 section 9)', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const daysAgo = (days: number): Date => new Date(now.getTime() - days * 86_400_000);
  it.each([
    ['a first subscription gets it in full', 99, null, 99],
    ['oldest activated 10 days ago: 20/30 of the price', 99, daysAgo(10), 66],
    ['oldest activated 29 days ago: 1/30, rounded', 99, daysAgo(29), 3],
    ['oldest activated 29.9 days ago counts 29 whole days', 300, daysAgo(29.9), 10],
    ['oldest activated 30 days ago: nothing left', 99, daysAgo(30), 0],
    ['oldest activated a year ago: nothing', 99, daysAgo(365), 0],
    ['rounding half up: 45 x 15/30', 45, daysAgo(15), 23],
  ])('%s', (_name, price, oldest, discount) => {
    expect(firstMonthDiscount(price, oldest, now)).toBe(discount);
  });
});

describe('usage charges and the Shopify cap', () => {
  it.each([
    ['120.00', 5, 6],
    ['99.99', 5, 5],
    ['19.99', 2.5, 0.5],
    ['0.10', 3, 0],
    [238, 7.25, 17.26],
  ])('order %s at %s%% -> %s USD', (total, rate, amount) => {
    expect(usageChargeAmount(total, rate)).toBe(amount);
  });

  it('fits charges under the 10,000 USD cap in order and holds the rest', () => {
    const charges = [
      { id: 1, amount: 4000 },
      { id: 2, amount: 3000 },
      { id: 3, amount: 2500 },
      { id: 4, amount: 100 },
    ];
    const result = fitUnderCap(charges, 1000);
    expect(result.fits.map((c) => c.id)).toEqual([1, 2]);
    expect(result.held.map((c) => c.id)).toEqual([3, 4]);
    expect(result.remainingUsd).toBe(2000);
    expect(fitUnderCap([{ amount: 0.01 }], 9999.99).fits).toHaveLength(1);
    expect(fitUnderCap([{ amount: 0.01 }], 10000).fits).toHaveLength(0);
  });

  it('cuts feature names to 80 characters and marks Shopify charges test outside production', () => {
    expect(stripeFeatureNames(['x'.repeat(100), ' ', 'Inbox'])).toEqual(['x'.repeat(80), 'Inbox']);
    expect([shopifyTestCharge('production'), shopifyTestCharge('development'), shopifyTestCharge('test')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
