// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import type { Campaign } from '../../web-panel/src/features/campaigns/api/types.ts';
import { CampaignDetail } from '../../web-panel/src/features/campaigns/components/campaign-detail.tsx';
import { CampaignTable } from '../../web-panel/src/features/campaigns/components/campaign-table.tsx';
import { formatDateTime, formatMoney } from '../../web-panel/src/lib/format.ts';
import { renderPanel, TEST_BRAND } from './render.tsx';

const campaign = (id: number, over: Partial<Campaign['progress']> = {}): Campaign => ({
  id,
  brand_id: TEST_BRAND.id,
  name: `Winter sale ${id}`,
  timezone: 'America/New_York',
  segment: { id: 4, name: 'Bought twice' },
  message: 'Northwind: 20% off everything this weekend https://r.example/c/Ab12 Reply STOP to opt out',
  link_url: 'https://northwind.example/sale',
  cutoff_hours: 6,
  smart_sending: true,
  discount: 'WINTER20',
  progress: {
    state: 'sending',
    scheduled_for: '2026-11-24T15:00:00.000Z',
    targeted: 50,
    queued: 43,
    held: 7,
    pending: 3,
    sent: 30,
    delivered: 27,
    undelivered: 1,
    failed: 3,
    skipped: { unsubscribed: 4, recently_texted: 2, send_cutoff: 1 },
    clicked: 9,
    replied: 5,
    recovered: 2,
    recovered_revenue: '180.50',
    estimated_finish_at: null,
    pace: null,
    held_by_daily_cap: null,
    ...over,
  },
});

describe('the campaigns page', () => {
  test('the table: each campaign with its state, send time and progress; the selected one marked', () => {
    const items = [campaign(7), campaign(6, { state: 'cancelled', scheduled_for: null })];
    const view = renderPanel(<CampaignTable items={items} locale={TEST_BRAND} selected={7} />, { brand: TEST_BRAND });
    const rows = view.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.getAttribute('aria-current')).toBe('true');
    expect(rows[1]!.textContent).toContain('Winter sale 7');
    expect(rows[1]!.textContent).toContain('Sending');
    expect(rows[1]!.textContent).toContain(formatMoney('180.50', TEST_BRAND));
    expect(rows[2]!.textContent).toContain('Cancelled');
    expect(rows[2]!.textContent).toContain('—');
    expect(view.getByRole('link', { name: 'Winter sale 6' }).getAttribute('href')).toBe('/?campaign=6');
  });

  test('the detail: the message, the segment, progress that adds up and who was left out, by reason', () => {
    const view = renderPanel(<CampaignDetail campaign={campaign(7)} locale={TEST_BRAND} />, { brand: TEST_BRAND });
    expect(view.getByRole('heading', { level: 2 }).textContent).toBe('Winter sale 7');
    expect(view.getByTestId('campaign-message').textContent).toContain('Reply STOP to opt out');
    expect(view.getByText(/segment Bought twice/)).toBeTruthy();
    const progress = view.getByRole('table', { name: 'Where the targeted shoppers are' });
    const rows = Array.from(progress.querySelectorAll('tr'), (r) => r.textContent);
    expect(rows).toEqual([
      'Sent30',
      'of which delivered / not delivered27 / 1',
      'Held (the shopper’s window, a state cap or the rate)7',
      'Waiting to send3',
      'Left out7',
      'Unsubscribed4',
      'Texted recently2',
      'Past the send cutoff1',
      'Failed2',
      'Targeted50',
    ]);
    // The parts add up to the targeted: 30 + 7 + 3 + 7 + 2 (failed before sending) = 50.
    expect(view.getByTestId('campaign-sum').textContent).toBe(
      'Targeted 50 = sent 30 + held 7 + waiting 3 + left out 7 (unsubscribed 4, texted recently 2, past the send cutoff 1) + failed 2.',
    );
    // No pace (the outbox) or nothing left: no estimate.
    expect(view.queryByTestId('campaign-finish')).toBeNull();
  });

  test("a sending campaign shows when it will finish at the number's pace", () => {
    const finish = '2026-11-24T16:30:00.000Z';
    const sending = campaign(8, { estimated_finish_at: finish, pace: { per_second: 4, per_day: 2000 } });
    const view = renderPanel(<CampaignDetail campaign={sending} locale={TEST_BRAND} />, { brand: TEST_BRAND });
    const line = view.getByTestId('campaign-finish').textContent!;
    expect(line).toContain(`Estimated finish ${formatDateTime(finish, TEST_BRAND)}`);
    expect(line).toContain('4 texts a second, 2,000 a day');
    expect(view.queryByTestId('campaign-daily-cap')).toBeNull();
  });

  test("texts held by the number's daily cap say so, and when they go", () => {
    const until = '2026-11-25T00:00:00.000Z';
    const capped = campaign(9, {
      held_by_daily_cap: { count: 1200, until },
      pace: { per_second: 4, per_day: 2000 },
    });
    const view = renderPanel(<CampaignDetail campaign={capped} locale={TEST_BRAND} />, { brand: TEST_BRAND });
    expect(view.getByTestId('campaign-daily-cap').textContent).toBe(
      `1,200 texts wait for your number’s daily limit of 2,000 texts; they go from ${formatDateTime(until, TEST_BRAND)}`,
    );
  });
});
