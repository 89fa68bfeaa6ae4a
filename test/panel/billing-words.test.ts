/** Charges and the no-plan state in the brand's words (the settings and plan pages). */
import { describe, expect, it } from 'vitest';
import type { Charge } from '../../web-panel/src/features/settings/api/types.ts';
import {
  chargeInWords,
  chargeStatusLabel,
  noPlanInWords,
} from '../../web-panel/src/features/settings/components/words.ts';
import { formatMoney } from '../../web-panel/src/lib/format.ts';

const money = (v: string | number | null) => formatMoney(v, { locale: 'en-US', currency: 'USD' });
const charge = (over: Partial<Charge>): Charge => ({
  id: 1,
  created_at: '2026-11-27T18:36:44.954Z',
  type: 'usage',
  status: 'queued',
  amount: '9.39',
  currency: 'USD',
  earnings: '134.10',
  description: 'Recovered order 1042: 7% of 134.10 USD',
  order_id: 5,
  plan: { id: 2, name: 'Growth' },
  percentage: 7,
  order: { number: '1042', total: '134.10' },
  conversation: { id: 265, shopper_name: 'Dana Whitfield' },
  charge_collected_at: null,
  payment_source: { gateway: 'stripe' },
  subscription: { id: 3, status: 'active' },
  ...over,
});

describe('chargeInWords', () => {
  it.each([
    [charge({}), '7% of $134.10 recovered by the conversation with Dana Whitfield', 'Order 1042'],
    [charge({ conversation: null }), '7% of $134.10 recovered by Reclaim', 'Order 1042'],
    [
      charge({ conversation: { id: 3, shopper_name: null }, percentage: 2.5 }),
      '2.5% of $134.10 recovered by the conversation with a shopper without a name',
      'Order 1042',
    ],
    [
      charge({ type: 'recurring', description: 'Growth: first month (49.5 USD off)', order: null, conversation: null }),
      'Growth plan, first month ($49.50 off)',
      null,
    ],
    [
      charge({ type: 'recurring', description: 'Growth: renewal', order: null, conversation: null }),
      'Growth plan, monthly',
      null,
    ],
  ])('%#', (c, text, order) => {
    expect(chargeInWords(c, money)).toEqual({ text, order });
  });

  it('states in words, never the raw value', () => {
    expect(['pending', 'queued', 'complete'].map(chargeStatusLabel)).toEqual([
      'Waiting for the checkout',
      'Waiting to be billed',
      'Billed',
    ]);
  });
});

describe('noPlanInWords', () => {
  it('says texting goes on, nothing is charged, what a plan charges later and what waits', () => {
    const lines = noPlanInWords({ orders: 12, sales: '1234.5' }, (v) => money(v));
    expect(lines[0]).toBe(
      'No plan yet. Your workflows still text shoppers and recovered orders are still counted; nothing is charged.',
    );
    expect(lines[1]).toContain('12 recovered orders ($1,234.50 in sales) wait to be charged.');
    expect(noPlanInWords({ orders: 0, sales: '0.00' }, money)[1]).not.toContain('wait');
  });
});
