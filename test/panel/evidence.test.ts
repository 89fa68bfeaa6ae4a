import { describe, expect, test } from 'vitest';
import type { EvidenceItem, OrderAttribution } from '../../web-panel/src/features/conversations/api/types.ts';
import { evidenceSentence } from '../../web-panel/src/features/conversations/components/evidence.tsx';
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
  reason: 'inside the window',
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
      'Billed because: a text at 2:02 PM PST and a click at 2:05 PM PST within the 120-hour window.',
    );
  });

  test('evidence of another window and of another day is said so; uncounted evidence is left out', () => {
    const a = attribution([
      { ...item('discount_code', '2026-11-20T18:00:00Z', 720), code: 'SAVE10' },
      item('message', '2026-11-24T22:02:00Z', 120),
      item('message', '2026-11-24T22:20:00Z', 120, false),
    ]);
    expect(evidenceSentence(a, TEST_BRAND)).toBe(
      'Billed because: the code SAVE10 at Nov 20, 10:00 AM PST within the 720-hour window, and a text at 2:02 PM PST within the 120-hour window.',
    );
  });

  test('nothing counted, or no decision: no sentence (the API summary is shown instead)', () => {
    expect(evidenceSentence(attribution([item('message', '2026-11-24T22:02:00Z', 120, false)]), TEST_BRAND)).toBeNull();
    expect(evidenceSentence({ ...attribution([]), decision: null }, TEST_BRAND)).toBeNull();
  });
});
