// @vitest-environment happy-dom
/**
 * A workflow in words: its message with sample values (the server's rendering rules), its rules,
 * discount and delay as a brand reads them; the workflow page renders them from the API's answer.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { Discount, Workflow } from '../../web-panel/src/features/workflows/api/types.ts';
import {
  delayInWords,
  discountInWords,
  renderSample,
  ruleInWords,
  rulesInWords,
  sampleValues,
} from '../../web-panel/src/features/workflows/components/words.ts';
import { renderPanel, TEST_BRAND } from './render.tsx';
import WorkflowPage from '../../web-panel/src/app/routes/workflow.tsx';
import { addDays, todayIn } from '../../web-panel/src/lib/period.ts';

const discount: Discount = {
  rule_id: 1,
  type: 'percentage',
  value: 10,
  duration_days: 10,
  display: '10%',
  code_type: 'dynamic',
  code_prefix: 'NW',
  valid: true,
  reason: null,
};
const US = { locale: 'en-US', currency: 'USD' };

describe('the message with sample values', () => {
  const template =
    'Hi {first_name}, your {brand_name} cart is waiting: {cart_link} Use {discount_code} for {discount_value} off.';

  test('fills every placeholder and adds the opt-out line', () => {
    const text = renderSample(template, sampleValues(TEST_BRAND, discount));
    expect(text).toBe(
      'Hi Alex, your Northwind Outfitters cart is waiting: https://northwind-outfitters.example/r/Ab3dE Use NW-7KQ2 for 10% off. Reply STOP to opt out.',
    );
  });

  test('without a discount the sentence about the code is left out, not shown half empty', () => {
    const text = renderSample(template, sampleValues(TEST_BRAND, null));
    expect(text).toBe(
      'Hi Alex, your Northwind Outfitters cart is waiting: https://northwind-outfitters.example/r/Ab3dE\nReply STOP to opt out.',
    );
    expect(text).not.toMatch(/\{|Use {2}/);
  });

  test('an opt-out line already in the text is not repeated', () => {
    expect(renderSample('Hi {first_name}! Text STOP to stop.', sampleValues(TEST_BRAND, null))).toBe(
      'Hi Alex! Text STOP to stop.',
    );
  });
});

describe('rules, discount and delay in words', () => {
  test.each([
    [{ field: 'cart_total', operator: 'gte', value: 50 }, 'Cart total is at least $50.00'],
    [{ field: 'order_total', operator: 'lt', value: '19.5' }, 'Order total is less than $19.50'],
    [{ field: 'order_count', operator: 'gte', value: 1 }, 'The shopper has placed at least 1 order before'],
    [{ field: 'order_count', operator: 'eq', value: 0 }, 'The shopper has placed exactly 0 orders before'],
    [{ field: 'tags', operator: 'contains', value: 'vip' }, 'Customer tags include “vip”'],
    [{ field: 'product_ids', operator: 'in', value: ['1', '2'] }, 'Products include any of “1” or “2”'],
    [{ field: 'contact_group', operator: 'neq', value: 'D' }, 'Contact group is not “D”'],
  ])('%j reads "%s"', (rule, words) => {
    expect(ruleInWords(rule, US)).toBe(words);
  });

  test('the condition says whether all rules or any one must hold; no rules says so', () => {
    const rules = [
      { field: 'cart_total', operator: 'gt', value: 20 },
      { field: 'tags', operator: 'contains', value: 'vip' },
    ];
    expect(rulesInWords({ condition: 'OR', rules }, US).joiner).toBe('Any one of these is enough:');
    expect(rulesInWords({ condition: 'AND', rules }, US).joiner).toBe('All of these must hold:');
    expect(rulesInWords({ rules: [] }, US).summary).toMatch(/no extra rules/);
  });

  test('discount and delay', () => {
    expect(discountInWords(discount)).toBe('10% off, one code per shopper starting with NW, valid for 10 days.');
    expect(discountInWords({ ...discount, type: 'shipping', code_type: 'static', duration_days: 1 })).toBe(
      'Free shipping, the same code for everyone (NW), valid for 1 day.',
    );
    expect(discountInWords({ ...discount, valid: false, reason: 'the value is 0' })).toMatch(
      /It cannot be used now: the value is 0\.$/,
    );
    expect(discountInWords(null)).toBe('No discount: the text reminds the shopper of the cart only.');
    expect(discountInWords(null, { aboutCart: false })).toBe('No discount: the text carries no code.');
    expect(delayInWords('checkout', 30)).toBe('30 minutes after a checkout is abandoned');
    expect(delayInWords('order', 3 * 1440)).toBe('3 days after an order is placed');
    expect(delayInWords('cart', 90)).toBe('1 hour 30 minutes after a cart is abandoned');
  });
});

describe('the workflow page', () => {
  const workflow: Workflow = {
    id: 7,
    brand_id: 1,
    platform: 'shopify',
    brand_integration_id: null,
    external_id: null,
    name: 'Abandoned Cart',
    type: 'checkout',
    template: null,
    status: 'active',
    is_paused: true,
    state: 'paused',
    delay_minutes: 30,
    timezone: 'America/Los_Angeles',
    starts_at: null,
    ends_at: null,
    message: [],
    message_text: 'Hi {first_name}, finish your order: {cart_link} Use {discount_code} for {discount_value} off.',
    rules: { condition: 'AND', rules: [{ field: 'cart_total', operator: 'gte', value: 50 }] },
    action: null,
    discount,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-20T22:05:00Z',
  };

  test('shows the state, the filled message, rules, discount and the time in the brand’s zone', async () => {
    // The page's answers, already in the cache (fresh): the page makes no request.
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const today = todayIn(TEST_BRAND.timezone);
    const period = { from: addDays(today, -29), to: today, tz: TEST_BRAND.timezone };
    const figure = (id: string, label: string, current: number | string) => ({
      id,
      label,
      definition: `${label}.`,
      lower_is_better: false,
      current,
      previous: 0,
      change: null,
    });
    client.setQueryData(['brands', 1, 'workflows', 'one', 7], workflow);
    client.setQueryData(['brands', 1, 'workflows', 'stats', 7, period], {
      workflows: [
        {
          workflow: { id: 7, name: 'Abandoned Cart' },
          steps: [{ ...figure('started', 'Started', 12), rate: null }],
          outcomes: [figure('held_out', 'Held out', 3)],
          orders: [figure('recovered_sales', 'Recovered sales', '1234.5')],
        },
      ],
    });
    const view = renderPanel(
      <QueryClientProvider client={client}>
        <WorkflowPage />
      </QueryClientProvider>,
      { url: '/b/1/workflows/7', path: '/b/:brandId/workflows/:workflowId', brand: TEST_BRAND },
    );
    expect(await view.findByRole('heading', { level: 1, name: 'Abandoned Cart' })).toBeTruthy();
    expect(view.getByTestId('workflow-state').textContent).toBe('Paused');
    expect(view.getByRole('button', { name: 'Resume Abandoned Cart' })).toBeTruthy();
    expect(view.getByTestId('message-preview').textContent).toBe(
      'Hi Alex, finish your order: https://northwind-outfitters.example/r/Ab3dE Use NW-7KQ2 for 10% off. Reply STOP to opt out.',
    );
    expect(view.getByText('Cart total is at least $50.00')).toBeTruthy();
    expect(view.getByText('10% off, one code per shopper starting with NW, valid for 10 days.')).toBeTruthy();
    expect(view.getByText('Nov 20, 2:05 PM PST')).toBeTruthy();
    expect(view.getByRole('row', { name: 'Recovered sales $1,234.50' })).toBeTruthy();
    expect(view.getByRole('row', { name: 'Held out 3' })).toBeTruthy();
  });
});
