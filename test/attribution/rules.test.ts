import { describe, expect, it } from 'vitest';
import { liveFeedRecoveredSql, LIVE_FEED_RECOVERED_SQL } from '../../src/attribution/index.ts';
import {
  billingStatusFor,
  decideAttribution,
  liftFigures,
  resolveAttributionSettings,
  type EvidenceItem,
} from '../../src/attribution/rules.ts';

const ORDER_AT = new Date('2026-11-20T12:00:00Z');
const before = (hours: number): Date => new Date(ORDER_AT.getTime() - hours * 3_600_000);
const item = (kind: EvidenceItem['kind'], hours: number, extra: Partial<EvidenceItem> = {}): EvidenceItem => ({
  kind,
  id: 1,
  conversationId: 10,
  workflowId: 5,
  at: before(hours),
  ...extra,
});
const defaults = resolveAttributionSettings({});

describe('attribution settings', () => {
  it.each([
    [
      'no settings: last_touch, 30-day cap, 120 h windows, codes count',
      {},
      { type: 'last_touch', hardCapDays: 30, windows: { message: 120, click: 120, reply: 120, discount_code: 720 } },
    ],
    [
      'code_only turns every touch off',
      { attribution_type: 'code_only' },
      { type: 'code_only', windows: { message: 0, click: 0, reply: 0, discount_code: 720 } },
    ],
    [
      'windows from attribution_rules',
      { attribution_rules: { message_window_hours: 24, click_window_hours: 72, reply_window_hours: 0 } },
      { windows: { message: 24, click: 72, reply: 0, discount_code: 720 } },
    ],
    [
      'no rule exceeds the hard cap',
      { attribution_hard_cap: 2, attribution_rules: { click_window_hours: 240 } },
      { hardCapDays: 2, windows: { message: 48, click: 48, reply: 48, discount_code: 48 } },
    ],
    [
      'codes can be turned off',
      { attribution_rules: { count_discount_codes: false } },
      { windows: { message: 120, click: 120, reply: 120, discount_code: 0 } },
    ],
    ['first_touch', { attribution_type: 'first_touch' }, { type: 'first_touch' }],
  ])('%s', (_name, brand, expected) => {
    expect(resolveAttributionSettings(brand)).toMatchObject({ ...expected, warnings: [] });
  });

  it.each([
    [{ attribution_type: 'linear' }, 'unknown attribution_type "linear"; using last_touch'],
    [{ attribution_rules: { message_window_hours: -1 } }, 'unreadable attribution_rules; using the default windows'],
    [{ attribution_rules: { window: 5 } }, 'unreadable attribution_rules; using the default windows'],
  ])('an unreadable setting %j falls back to the default and says so', (brand, warning) => {
    const settings = resolveAttributionSettings(brand);
    expect(settings.warnings).toEqual([warning]);
    expect(settings.windows.message).toBe(120);
  });
});

describe('decideAttribution', () => {
  it.each([
    ['a message 119 h before', [item('message', 119)], true, 'message'],
    ['a message exactly 120 h before', [item('message', 120)], true, 'message'],
    ['a message 121 h before', [item('message', 121)], false, 'outside_window'],
    ['a click only', [item('click', 3)], true, 'click'],
    ['a reply only', [item('reply', 50)], true, 'reply'],
    ['a code issued 20 days before', [item('discount_code', 480, { code: 'LR-ABC234' })], true, 'discount_code'],
    [
      'a code issued 31 days before (past the hard cap)',
      [item('discount_code', 744, { code: 'LR-ABC234' })],
      false,
      'outside_window',
    ],
    ['nothing', [], false, 'no_evidence'],
    [
      'an undelivered message',
      [item('message', 2, { ineligible: 'not delivered (status undelivered)' })],
      false,
      'not_counted',
    ],
    [
      'a STOP reply',
      [item('reply', 2, { ineligible: 'a keyword reply (opt_out), not engagement' })],
      false,
      'not_counted',
    ],
    ['a touch in a conversation without a workflow', [item('click', 2, { workflowId: null })], false, 'not_counted'],
  ])('%s', (_name, items, recovered, rule) => {
    expect(decideAttribution(ORDER_AT, items, defaults)).toMatchObject({ recovered, rule });
  });

  it('last_touch: the latest qualifying conversation wins; a used code names its conversation outright', () => {
    const touches = [
      item('message', 100, { id: 1, conversationId: 11 }),
      item('click', 10, { id: 2, conversationId: 12 }),
    ];
    expect(decideAttribution(ORDER_AT, touches, defaults)).toMatchObject({
      recovered: true,
      conversationId: 12,
      rule: 'click',
      windowHours: 120,
    });
    const withCode = [...touches, item('discount_code', 200, { id: 3, conversationId: 13, code: 'LR-XYZ789' })];
    expect(decideAttribution(ORDER_AT, withCode, defaults)).toMatchObject({
      conversationId: 13,
      rule: 'discount_code',
      windowHours: 720,
    });
  });

  it('first_touch picks the earliest; code_only ignores every touch', () => {
    const touches = [
      item('message', 100, { id: 1, conversationId: 11 }),
      item('click', 10, { id: 2, conversationId: 12 }),
    ];
    expect(
      decideAttribution(ORDER_AT, touches, resolveAttributionSettings({ attribution_type: 'first_touch' })),
    ).toMatchObject({ conversationId: 11, rule: 'message' });
    const codeOnly = decideAttribution(
      ORDER_AT,
      touches,
      resolveAttributionSettings({ attribution_type: 'code_only' }),
    );
    expect(codeOnly).toMatchObject({ recovered: false, rule: 'not_counted' });
    expect(codeOnly.items.map((i) => i.reason)).toEqual([
      'clicks do not count under code_only',
      'messages do not count under code_only',
    ]);
  });

  it('judges every item with its hours before the order and its window', () => {
    const decision = decideAttribution(ORDER_AT, [item('message', 130.25), item('click', 4.5, { id: 2 })], defaults);
    expect(decision.items).toEqual([
      expect.objectContaining({
        kind: 'click',
        hoursBefore: 4.5,
        windowHours: 120,
        counted: true,
        reason: 'inside the 120 h click window',
      }),
      expect.objectContaining({
        kind: 'message',
        hoursBefore: 130.3,
        windowHours: 120,
        counted: false,
        reason: 'outside the 120 h message window',
      }),
    ]);
  });
});

describe('billing status of an attributed order', () => {
  it.each([
    ['complete', null, 'billable'],
    ['complete', 'not_billable', 'billable'],
    ['complete', 'processing', 'processing'],
    ['complete', 'complete', 'complete'],
    ['cancelled', 'billable', 'not_billable'],
    ['cancelled', 'complete', 'not_billable'],
  ])('%s order with billing status %s -> %s', (state, current, expected) => {
    expect(billingStatusFor(state, current)).toBe(expected);
  });
});

describe('lift', () => {
  it.each([
    [
      { carts: 100, converted: 15 },
      { carts: 50, converted: 5 },
      { texted_rate: 0.15, holdout_rate: 0.1, absolute_lift: 0.05, relative_lift: 0.5 },
    ],
    [
      { carts: 10, converted: 2 },
      { carts: 4, converted: 0 },
      { texted_rate: 0.2, holdout_rate: 0, absolute_lift: 0.2, relative_lift: null },
    ],
    [
      { carts: 10, converted: 2 },
      { carts: 0, converted: 0 },
      { texted_rate: 0.2, holdout_rate: null, absolute_lift: null, relative_lift: null },
    ],
  ])('texted %j vs held out %j', (texted, heldOut, expected) => {
    expect(liftFigures(texted, heldOut)).toEqual(expected);
  });
});

describe('live feed predicate', () => {
  it('names every branch of spec 1 section 4 and takes an alias', () => {
    expect(LIVE_FEED_RECOVERED_SQL).toBe(liveFeedRecoveredSql('orders'));
    const sql = liveFeedRecoveredSql('o');
    expect(sql).toContain('o.recovered_at is not null and o.workflow_id is not null');
    expect(sql).toContain(`o.billing_status in ('billable', 'processing', 'complete')`);
    expect(sql).toContain(`lf_ck.state = 'recovered'`);
    expect(sql).toContain('lf_oc.order_id = o.id');
    expect(() => liveFeedRecoveredSql('o; drop table orders')).toThrow('invalid SQL alias');
  });
});
