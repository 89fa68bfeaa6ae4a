// @vitest-environment happy-dom
import { fireEvent } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PeriodPicker } from '../../web-panel/src/components/ui/period-picker.tsx';
import { resolvePeriod, todayIn } from '../../web-panel/src/lib/period.ts';
import { usePeriod } from '../../web-panel/src/lib/url-state.ts';
import { renderPanel } from './render.tsx';

const TODAY = '2026-11-24';

/** The picker wired to the URL as the pages wire it. */
function Picker({ timezone = 'America/Los_Angeles', today = TODAY }: { timezone?: string; today?: string }) {
  const [period, setPeriod] = usePeriod(timezone);
  const shown = resolvePeriod({ period: period.id, from: period.from, to: period.to }, today);
  return (
    <>
      <PeriodPicker value={shown} onChange={setPeriod} timezone={timezone} today={today} />
      <output data-testid="days">{`${shown.from}..${shown.to}`}</output>
    </>
  );
}

describe('the period picker', () => {
  test.each([
    ['today', '2026-11-24', '2026-11-24'],
    ['7d', '2026-11-18', '2026-11-24'],
    ['30d', '2026-10-26', '2026-11-24'],
    ['90d', '2026-08-27', '2026-11-24'],
    ['mtd', '2026-11-01', '2026-11-24'],
    ['custom', '2026-10-26', '2026-11-24'], // custom without days falls back to the default
    ['nonsense', '2026-10-26', '2026-11-24'],
  ])('period=%s is %s to %s', (id, from, to) => {
    expect(resolvePeriod({ period: id }, TODAY)).toMatchObject({ from, to });
  });

  test('a custom range must be real days, in order, and not in the future', () => {
    expect(resolvePeriod({ period: 'custom', from: '2026-02-01', to: '2026-02-28' }, TODAY)).toEqual({
      id: 'custom',
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(resolvePeriod({ period: 'custom', from: '2026-02-30', to: '2026-03-01' }, TODAY).id).toBe('30d');
    expect(resolvePeriod({ period: 'custom', from: '2026-03-02', to: '2026-03-01' }, TODAY).id).toBe('30d');
    expect(resolvePeriod({ period: 'custom', from: '2026-11-20', to: '2026-11-25' }, TODAY).id).toBe('30d');
  });

  test("today is the brand's day, not the browser's", () => {
    const instant = new Date('2026-11-25T03:00:00Z'); // 7 PM on the 24th in Los Angeles, the 25th in UTC
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-24');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-11-25');
  });

  test('a preset puts the period in the URL and marks itself pressed; the range and time zone are shown', () => {
    const view = renderPanel(<Picker />, { url: '/b/1?tab=x' });
    expect(view.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(view.getByText(/Oct 26 – Nov 24, 2026 · times in PST \(Pacific Time\)/)).toBeTruthy();

    fireEvent.click(view.getByRole('button', { name: 'Last 7 days' }));
    expect(view.location().search).toBe('?tab=x&period=7d');
    expect(view.getByTestId('days').textContent).toBe('2026-11-18..2026-11-24');
    expect(view.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(view.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('false');
  });

  test('a custom range is applied only when valid, then carried in the URL', () => {
    const view = renderPanel(<Picker />, { url: '/b/1' });
    fireEvent.click(view.getByRole('button', { name: 'Custom' }));
    fireEvent.change(view.getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(view.getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(view.getByRole('button', { name: 'Apply' }));
    expect(view.getByRole('alert').textContent).toBe('The first day must not be after the last day.');
    expect(view.location().search).toBe('');

    fireEvent.change(view.getByLabelText('To'), { target: { value: '2026-11-12' } });
    fireEvent.click(view.getByRole('button', { name: 'Apply' }));
    expect(view.location().search).toBe('?period=custom&from=2026-11-10&to=2026-11-12');
    expect(view.getByTestId('days').textContent).toBe('2026-11-10..2026-11-12');
    expect(view.queryByRole('alert')).toBeNull();
  });

  test('a link with a custom range opens on it', () => {
    const view = renderPanel(<Picker />, { url: '/b/1?period=custom&from=2026-09-01&to=2026-09-30' });
    expect(view.getByRole('button', { name: 'Custom' }).getAttribute('aria-pressed')).toBe('true');
    expect((view.getByLabelText('From') as HTMLInputElement).value).toBe('2026-09-01');
    expect(view.getByText(/Sep 1 – 30, 2026/)).toBeTruthy();
  });
});
