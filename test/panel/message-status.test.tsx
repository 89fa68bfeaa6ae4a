// @vitest-environment happy-dom
import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Message } from '../../web-panel/src/features/conversations/api/types.ts';
import {
  MessageStatusBadge,
  messageStatus,
} from '../../web-panel/src/features/conversations/components/message-status.tsx';
import { TEST_BRAND } from './render.tsx';

const NOW = new Date('2026-11-24T06:30:00Z'); // 10:30 PM PST on Nov 23

const message = (fields: Partial<Message>): Message => ({
  id: 1,
  direction: 'outgoing',
  status: 'sent',
  body: 'Hi',
  is_marketing: true,
  user_id: null,
  created_at: '2026-11-24T06:00:00Z',
  scheduled_for: null,
  sent_at: null,
  status_reason: null,
  skip_reason: null,
  segments: 1,
  encoding: 'GSM-7',
  provider: 'outbox',
  ...fields,
});

describe('the message status badge', () => {
  test.each([
    [{ direction: 'incoming', status: 'received' }, 'received', 'Received', null],
    [{ status: 'sent' }, 'sent', 'Sent', null],
    [{ status: 'delivered' }, 'delivered', 'Delivered', null],
    [{ status: 'sending' }, 'sending', 'Sending', null],
    [{ status: 'queued', scheduled_for: '2026-11-24T06:00:00Z' }, 'queued', 'Queued', null],
    [
      {
        status: 'queued',
        scheduled_for: '2026-11-24T16:00:00Z',
        status_reason: 'quiet_hours: 10:30 PM PST is outside 8:00-21:00; held until 8:00 AM',
      },
      'held',
      'Held for quiet hours',
      'Goes at Nov 24, 8:00 AM PST',
    ],
    [
      {
        status: 'auto_queued',
        scheduled_for: '2026-11-24T15:00:00Z',
        status_reason: 'state_daily_limit: FL allows 3 marketing texts per 24 h',
      },
      'held',
      "Held by the state's daily limit",
      'Goes at Nov 24, 7:00 AM PST',
    ],
    [
      {
        status: 'auto_queued',
        scheduled_for: '2026-11-25T00:00:00Z',
        status_reason:
          'daily_cap: +14155550100 sent its 2000 texts of 2026-11-24 (UTC); held until 2026-11-25T00:00:00.000Z',
      },
      'held',
      "Held by your number's daily limit",
      'Goes at Nov 24, 4:00 PM PST',
    ],
    [
      { status: 'queued', scheduled_for: '2026-11-25T18:00:00Z' },
      'queued',
      'Queued',
      'Scheduled for Nov 25, 10:00 AM PST',
    ],
    [
      { status: 'failed', status_reason: 'provider_error: the number is not reachable' },
      'failed',
      'Failed',
      'the number is not reachable',
    ],
    [
      {
        status: 'agent_skipped',
        status_reason: 'unsubscribed: the channel opted out before the message went out',
        skip_reason: 'unsubscribed',
      },
      'skipped',
      'Skipped',
      'the channel opted out before the message went out',
    ],
    [{ status: 'agent_skipped', skip_reason: 'texas' }, 'skipped', 'Skipped', 'texas'],
  ] as const)('%o is %s', (fields, kind, label, detail) => {
    expect(messageStatus(message(fields), TEST_BRAND, NOW)).toEqual({ kind, label, detail });
  });

  test('a hold whose time has passed reads as queued, not held', () => {
    const m = message({ status: 'queued', scheduled_for: '2026-11-24T06:00:00Z', status_reason: 'quiet_hours: x' });
    expect(messageStatus(m, TEST_BRAND, NOW).kind).toBe('queued');
  });

  test('the badge shows the label as text (not colour alone) and the time a held text goes', () => {
    const view = render(
      <MessageStatusBadge
        message={message({
          status: 'queued',
          scheduled_for: '2026-11-24T16:00:00Z',
          status_reason: 'quiet_hours: outside the window',
        })}
        locale={TEST_BRAND}
        now={NOW}
      />,
    );
    expect(view.container.textContent).toBe('Held for quiet hoursGoes at Nov 24, 8:00 AM PST');
    expect(view.container.querySelector('[data-status]')?.getAttribute('data-status')).toBe('held');
  });
});
