// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import type { Metric } from '../../web-panel/src/features/home/api/types.ts';
import { describeChange } from '../../web-panel/src/features/home/components/change.ts';
import { MetricCard } from '../../web-panel/src/features/home/components/metric-card.tsx';
import { renderPanel, TEST_BRAND } from './render.tsx';

const metric = (over: Partial<Metric>): Metric => ({
  id: 'recovered_sales',
  label: 'Recovered sales',
  definition: 'The total of the recovered orders.',
  lower_is_better: false,
  unit: 'money',
  rate_of: null,
  current: '1234.50',
  previous: '1000.00',
  change: 0.2345,
  ...over,
});

describe("the metric card's change", () => {
  test.each([
    // change, unit, lower is better -> text, direction, tone
    [0.2345, 'money', false, '+23.5%', 'up', 'good'],
    [-0.1, 'count', false, '−10.0%', 'down', 'bad'],
    [0.021, 'rate', false, '+2.1 pts', 'up', 'good'],
    [0.015, 'rate', true, '+1.5 pts', 'up', 'bad'], // opt-out rate rising is bad news
    [-0.015, 'rate', true, '−1.5 pts', 'down', 'good'],
    [0.0004, 'count', false, 'No change', 'flat', 'neutral'],
    [null, 'money', false, 'New', 'none', 'neutral'], // nothing to compare with
  ] as const)('%s (%s, lower is better: %s) reads %s', (change, unit, lower, text, direction, tone) => {
    expect(describeChange(change, unit, lower)).toMatchObject({ text, direction, tone });
  });

  test('the card shows the value in the brand currency, the change in words and the definition', () => {
    const view = renderPanel(<MetricCard metric={metric({})} locale={TEST_BRAND} />);
    expect(view.getByRole('heading', { name: 'Recovered sales' })).toBeTruthy();
    expect(view.getByText('$1,234.50')).toBeTruthy();
    const change = view.container.querySelector('.metric-change')!;
    expect(change.className).toContain('tone-good');
    expect(change.textContent).toBe('▲ +23.5%up 23.5% on the previous period vs $1,000.00');
    expect(view.getByRole('tooltip').textContent).toBe('The total of the recovered orders.');
    expect(view.getByRole('button', { name: 'What is Recovered sales?' }).getAttribute('aria-describedby')).toBe(
      view.getByRole('tooltip').id,
    );
  });

  test('a rate where lower is better shows a rise as bad, in points', () => {
    const view = renderPanel(
      <MetricCard
        metric={metric({
          id: 'opt_out_rate',
          label: 'Opt-out rate',
          unit: 'rate',
          lower_is_better: true,
          current: 0.05,
          previous: 0.03,
          change: 0.02,
        })}
        locale={TEST_BRAND}
      />,
    );
    expect(view.getByText('5%')).toBeTruthy();
    const change = view.container.querySelector('.metric-change')!;
    expect(change.className).toContain('tone-bad');
    expect(change.textContent).toContain('▲ +2.0 pts');
    expect(change.textContent).toContain('up 2.0 points on the previous period');
  });
});
