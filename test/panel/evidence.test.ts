import { describe, expect, test } from 'vitest';
import type { EvidenceItem, OrderAttribution } from '../../web-panel/src/features/conversations/api/types.ts';
import {
  decisionWords,
  evidenceSentence,
  reasonWords,
} from '../../web-panel/src/features/conversations/components/evidence.tsx';
import { TEST_BRAND } from './render.tsx';

const item = (kind: string, at: string, windowHours: number, counted = true): EvidenceItem => ({
  kind,
  id: 1,
  conversation_id: 5,
  workflow_id: 1,
  at,
  hours_before: 1,
  window_hours: windowHours,
  counted,
  reason: counted ? `inside the ${windowHours} h message window` : `outside the ${windowHours} h message window`,
  reason_code: counted ? 'inside_window' : 'outside_window',
});

const attribution = (items: EvidenceItem[], billed = true): OrderAttribution => ({
  order: {
    id: 9,
    brand_id: 1,
    number: '1001',
    state: 'paid',
    total: '80.00',
    currency: 'USD',
    billing_status: 'billed',
    recovered_at: '2026-11-24T22:30:00Z',
    workflow_id: 1,
    discount_codes: [],
    created_at: '2026-11-24T22:30:00Z',
  },
  billed,
  live_feed_recovered: true,
  summary: 'Billed: recovered by conversation 5',
  decision: {
    recovered: true,
    rule: 'click',
    attribution_type: 'last_touch',
    window_hours: 120,
    windows: { message: 120, click: 120, reply: 120, discount_code: 720 },
    hard_cap_days: 30,
    conversation_id: 5,
    workflow_id: 1,
    decided_at: '2026-11-24T22:31:00Z',
    billing_note: null,
    warnings: [],
    items,
  },
});

describe('the attribution evidence in words', () => {
  test('a text and a click within one window, in time order, in the brand time zone', () => {
    const a = attribution([item('click', '2026-11-24T22:05:00Z', 120), item('message', '2026-11-24T22:02:00Z', 120)]);
    expect(evidenceSentence(a, TEST_BRAND)).toBe(
      'Billed because: a text at 2:02 PM PST and a click at 2:05 PM PST, inside the 5-day window.',
    );
  });

  test('evidence of another window and of another day is said so; uncounted evidence is left out', () => {
    const a = attribution([
      { ...item('discount_code', '2026-11-20T18:00:00Z', 720), code: 'SAVE10' },
      item('message', '2026-11-24T22:02:00Z', 120),
      item('message', '2026-11-24T22:20:00Z', 120, false),
    ]);
    expect(evidenceSentence(a, TEST_BRAND)).toBe(
      'Billed because: the code SAVE10 at Nov 20, 10:00 AM PST, inside the 30-day window; and a text at 2:02 PM PST, inside the 5-day window.',
    );
  });

  test('the decision in one line names the conversation in words, never by id', () => {
    const a = attribution([item('message', '2026-11-24T22:02:00Z', 120)]);
    expect(decisionWords(a, 5)).toBe('Billed: recovered by this conversation.');
    expect(decisionWords(a, 6)).toBe('Billed: recovered by another conversation with this shopper.');
    const none = {
      ...a,
      billed: false,
      decision: { ...a.decision!, recovered: false, rule: 'no_evidence', conversation_id: null },
    };
    expect(decisionWords(none, 5)).toBe(
      'Not billed: no text, click, reply or discount code in the 30 days before the order.',
    );
    expect(decisionWords({ ...a, billed: false, decision: null, order: { ...a.order, state: 'pending' } }, 5)).toBe(
      'Not billed yet: the order is pending; it is decided when the order completes.',
    );
  });

  test.each([
    ['inside_window', 'click', 120, true, 'inside the 5-day click window'],
    ['outside_window', 'message', 36, false, 'outside the 36-hour text window'],
    ['after_order', 'message', 120, false, 'after the order'],
    ['kind_off', 'reply', 0, false, 'replies do not count for this brand'],
    ['not_under_code_only', 'click', 0, false, 'only discount codes count for this brand'],
    ['keyword_reply', 'reply', 120, false, 'a keyword reply (such as STOP or HELP), not interest'],
    ['not_delivered', 'message', 120, false, 'the text was not delivered'],
  ] as const)('the reason %s of a %s reads "%s"', (code, kind, hours, counted, words) => {
    expect(reasonWords({ ...item(kind, '2026-11-24T22:02:00Z', hours, counted), reason_code: code })).toBe(words);
  });

  test('nothing counted, or no decision: no sentence (the decision line is shown alone)', () => {
    expect(evidenceSentence(attribution([item('message', '2026-11-24T22:02:00Z', 120, false)]), TEST_BRAND)).toBeNull();
    expect(evidenceSentence({ ...attribution([]), decision: null }, TEST_BRAND)).toBeNull();
  });
});
