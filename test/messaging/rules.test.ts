import { describe, expect, it } from 'vitest';
import { TEXAS_AREA_CODES } from '../../src/contacts/rules.ts';
import { AREA_CODES, areaCodeInfo, planSlots } from '../../src/messaging/index.ts';
import {
  decideSend,
  limitFreesAt,
  localTime,
  nextAllowedSendTime,
  segmentInfo,
  stateOfAddress,
  zonedInstant,
} from '../../src/messaging/rules.ts';

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
const CHI = 'America/Chicago';
/** A summer day (daylight saving time in force), local wall-clock times. */
const at = (tz: string, hour: number, minute: number, day = 15): Date => zonedInstant(tz, 2026, 7, day, hour, minute);
const HOUR = 3_600_000;

const RECIPIENTS = {
  'Los Angeles': { to: '+13105550100', tz: LA },
  'New York': { to: '+12125550100', tz: NY },
  Florida: { to: '+13055550100', tz: NY },
  Texas: { to: '+12145550100', tz: CHI },
  'Texas, brand with texas_compliance': { to: '+12145550100', tz: CHI },
  'non-US': { to: '+447700900123', tz: LA },
} as const;

type Expected = ['send'] | ['hold', string, number?] | ['skip', string];
const SEND: Expected = ['send'];
const HOLD_TO_8: Expected = ['hold', 'quiet_hours', 0];
const HOLD_TO_8_TOMORROW: Expected = ['hold', 'quiet_hours', 1];
const STATE_HOLD: Expected = ['hold', 'state_quiet_hours', 1];
const NON_US: Expected = ['skip', 'non_us_number'];
const TEXAS: Expected = ['skip', 'texas'];

// The compliance matrix: 7:59, 8:00, 20:00, 20:59, 21:00 recipient time.
const MATRIX: Array<[keyof typeof RECIPIENTS, [number, number], Expected]> = [
  ['Los Angeles', [7, 59], HOLD_TO_8],
  ['Los Angeles', [8, 0], SEND],
  ['Los Angeles', [20, 0], SEND],
  ['Los Angeles', [20, 59], SEND],
  ['Los Angeles', [21, 0], HOLD_TO_8_TOMORROW],
  ['New York', [7, 59], HOLD_TO_8],
  ['New York', [8, 0], SEND],
  ['New York', [20, 0], SEND],
  ['New York', [20, 59], SEND],
  ['New York', [21, 0], HOLD_TO_8_TOMORROW],
  ['Florida', [7, 59], HOLD_TO_8],
  ['Florida', [8, 0], SEND],
  ['Florida', [20, 0], STATE_HOLD],
  ['Florida', [20, 59], STATE_HOLD],
  ['Florida', [21, 0], HOLD_TO_8_TOMORROW],
  // A brand without texas_compliance never sends marketing to a Texas number, at any hour.
  ['Texas', [7, 59], TEXAS],
  ['Texas', [8, 0], TEXAS],
  ['Texas', [20, 0], TEXAS],
  ['Texas', [20, 59], TEXAS],
  ['Texas', [21, 0], TEXAS],
  ['Texas, brand with texas_compliance', [7, 59], HOLD_TO_8],
  ['Texas, brand with texas_compliance', [8, 0], SEND],
  ['Texas, brand with texas_compliance', [20, 0], SEND],
  ['Texas, brand with texas_compliance', [20, 59], SEND],
  ['Texas, brand with texas_compliance', [21, 0], HOLD_TO_8_TOMORROW],
  ['non-US', [7, 59], NON_US],
  ['non-US', [8, 0], NON_US],
  ['non-US', [20, 0], NON_US],
  ['non-US', [20, 59], NON_US],
  ['non-US', [21, 0], NON_US],
];

describe('decideSend: the compliance matrix', () => {
  it.each(MATRIX)('%s at %j local time', (who, [hour, minute], expected) => {
    const { to, tz } = RECIPIENTS[who];
    const now = at(tz, hour, minute);
    const texasCompliance = who === 'Texas, brand with texas_compliance';
    const decision = decideSend({
      now,
      to,
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance,
      marketingSentLast24h: [],
    });
    expect(decision.action).toBe(expected[0]);
    if (expected[0] === 'send') expect(decision.reason).toBe('within_window');
    if (expected[0] === 'skip') expect(decision.reason).toBe(expected[1]);
    if (expected[0] === 'hold') {
      expect(decision.reason).toBe(expected[1]);
      expect(decision.until).toEqual(at(tz, 8, 0, 15 + expected[2]!));
      expect(decision.timeZone).toBe(tz);
      expect(decision.timeZoneSource).toBe('area_code');
    }
  });

  it.each([
    ['Oklahoma', '+14055550100', CHI],
    ['Maryland', '+14105550100', NY],
  ])('%s numbers also stop at 20:00', (_state, to, tz) => {
    expect(
      decideSend({
        now: at(tz, 19, 59),
        to,
        brandTimezone: LA,
        isMarketing: true,
        texasCompliance: false,
        marketingSentLast24h: [],
      }).action,
    ).toBe('send');
    const held = decideSend({
      now: at(tz, 20, 0),
      to,
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: [],
    });
    expect(held).toMatchObject({ action: 'hold', reason: 'state_quiet_hours', until: at(tz, 8, 0, 16) });
  });
});

describe('decideSend: three marketing texts per 24 h in Florida, Oklahoma and Maryland', () => {
  const noon = at(NY, 12, 0);
  const sent = [noon.getTime() - 20 * HOUR, noon.getTime() - 10 * HOUR, noon.getTime() - HOUR].map((t) => new Date(t));

  it('the fourth marketing text to a Florida number is held until the oldest of the three is 24 h old', () => {
    const decision = decideSend({
      now: noon,
      to: '+13055550100',
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: sent,
    });
    expect(decision).toMatchObject({ action: 'hold', reason: 'state_daily_limit', until: at(NY, 16, 0), state: 'FL' });
  });

  it('the third one is sent, and a New York number has no such limit', () => {
    expect(
      decideSend({
        now: noon,
        to: '+13055550100',
        brandTimezone: LA,
        isMarketing: true,
        texasCompliance: false,
        marketingSentLast24h: sent.slice(1),
      }).action,
    ).toBe('send');
    expect(
      decideSend({
        now: noon,
        to: '+12125550100',
        brandTimezone: LA,
        isMarketing: true,
        texasCompliance: false,
        marketingSentLast24h: sent,
      }).action,
    ).toBe('send');
  });

  it('when the limit frees after 20:00 the text waits for 8:00 the next day', () => {
    // The oldest went out at 20:10 (say while the channel carried a Pacific time zone).
    const evening = [at(NY, 20, 10, 14), at(NY, 9, 0), at(NY, 10, 0)];
    const decision = decideSend({
      now: at(NY, 12, 0),
      to: '+13055550100',
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: evening,
    });
    expect(decision).toMatchObject({ action: 'hold', reason: 'state_daily_limit', until: at(NY, 8, 0, 16) });
  });

  it('texts older than 24 h do not count; only a count re-checks after an hour', () => {
    expect(limitFreesAt(noon, [new Date(noon.getTime() - 25 * HOUR), ...sent.slice(1)])).toBeUndefined();
    expect(limitFreesAt(noon, 3)).toEqual(new Date(noon.getTime() + HOUR));
  });

  it('transactional messages are not counted against or held by the limit', () => {
    expect(
      decideSend({
        now: noon,
        to: '+13055550100',
        brandTimezone: LA,
        isMarketing: false,
        texasCompliance: false,
        marketingSentLast24h: sent,
      }),
    ).toMatchObject({ action: 'send', reason: 'transactional' });
  });
});

describe('decideSend: where the local time comes from, transactional texts, the 48 h cart rule', () => {
  it("the channel's time zone wins over the area code", () => {
    // 10:30 in New York but 7:30 for a New York number whose channel says Los Angeles.
    const decision = decideSend({
      now: at(LA, 7, 30),
      to: '+12125550100',
      channelTimezone: LA,
      brandTimezone: NY,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: [],
    });
    expect(decision).toMatchObject({ action: 'hold', timeZone: LA, timeZoneSource: 'channel', until: at(LA, 8, 0) });
  });

  it("an area code not in the table falls back to the brand's time zone; a bad channel zone is ignored", () => {
    const decision = decideSend({
      now: at(CHI, 7, 0),
      to: '+18005550123',
      channelTimezone: 'Mars/Olympus',
      brandTimezone: CHI,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: [],
    });
    expect(decision).toMatchObject({ action: 'hold', timeZone: CHI, timeZoneSource: 'brand', until: at(CHI, 8, 0) });
  });

  it('transactional replies go out at any hour, but never to a non-US number', () => {
    expect(
      decideSend({
        now: at(LA, 23, 30),
        to: '+13105550100',
        brandTimezone: LA,
        isMarketing: false,
        texasCompliance: false,
        marketingSentLast24h: [],
      }).action,
    ).toBe('send');
    expect(
      decideSend({
        now: at(LA, 12, 0),
        to: '+447700900123',
        brandTimezone: LA,
        isMarketing: false,
        texasCompliance: false,
        marketingSentLast24h: [],
      }),
    ).toMatchObject({ action: 'skip', reason: 'non_us_number' });
  });

  it.each([
    ['cart 30 h old at 22:30: held until 8:00', 30, [22, 30], 'hold'],
    ['cart 47 h old at 22:30: the wait would pass 48 h, skipped', 47, [22, 30], 'skip'],
    ['cart 47 h old at noon: sent', 47, [12, 0], 'send'],
    ['cart 49 h old at noon: skipped', 49, [12, 0], 'skip'],
  ] as const)('%s', (_name, hoursOld, [hour, minute], action) => {
    const now = at(LA, hour, minute);
    const decision = decideSend({
      now,
      to: '+13105550100',
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: [],
      cartCreatedAt: new Date(now.getTime() - hoursOld * HOUR),
    });
    expect(decision.action).toBe(action);
    if (action === 'skip') expect(decision.reason).toBe('cart_reminder_expired');
  });

  it('nextAllowedSendTime: now inside the window, else the next 8:00 local', () => {
    expect(nextAllowedSendTime({ now: at(LA, 12, 0), to: '+13105550100', brandTimezone: LA })).toEqual(at(LA, 12, 0));
    expect(nextAllowedSendTime({ now: at(LA, 22, 30), to: '+13105550100', brandTimezone: LA })).toEqual(
      at(LA, 8, 0, 16),
    );
    expect(
      nextAllowedSendTime({ now: at(LA, 22, 30), to: '+13105550100', brandTimezone: LA, isMarketing: false }),
    ).toEqual(at(LA, 22, 30));
  });

  it('the next 8:00 is right across a daylight-saving change (New York, 2026-11-01)', () => {
    const now = zonedInstant(NY, 2026, 10, 31, 22, 0);
    const until = decideSend({
      now,
      to: '+12125550100',
      brandTimezone: LA,
      isMarketing: true,
      texasCompliance: false,
      marketingSentLast24h: [],
    }).until!;
    expect(until.toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(localTime(until, NY)).toMatchObject({ day: 1, hour: 8, minute: 0 });
  });
});

describe('decideSend: Texas customers with the brand setting as it is at send time', () => {
  const noon = at(CHI, 12, 0);
  const decide = (to: string, texasCompliance: boolean, province: string | null, isMarketing = true) =>
    decideSend({ now: noon, to, brandTimezone: LA, isMarketing, texasCompliance, province, marketingSentLast24h: [] });

  it.each([
    ['a Texas area code, no texas_compliance', '+12145550100', false, null, true, 'skip', 'a Texas area code'],
    ['a TX address, no texas_compliance', '+13125550100', false, 'TX', true, 'skip', 'a TX address'],
    ['a Texas area code with texas_compliance', '+12145550100', true, null, true, 'send', undefined],
    ['a TX address with texas_compliance', '+13125550100', true, 'TX', true, 'send', undefined],
    ['another state, no texas_compliance', '+13125550100', false, 'IL', true, 'send', undefined],
    ['a transactional reply to a Texas number', '+12145550100', false, 'TX', false, 'send', undefined],
  ] as const)('%s', (_label, to, compliance, province, marketing, action, why) => {
    const decision = decide(to, compliance, province, marketing);
    expect(decision.action).toBe(action);
    if (why)
      expect(decision).toMatchObject({
        reason: 'texas',
        detail: `Texas customer (${why}) and the brand has not set texas_compliance`,
      });
  });

  it.each([
    [[{ province_code: 'tx ' }], 'TX'],
    [[{ province: 'Texas' }], 'TX'],
    [[{ state: 'texas' }], 'TX'],
    [[{ provinceCode: 'FL', province: 'Texas' }], 'FL'],
    [[null, { state_code: 'TX' }], 'TX'],
    [[{ country: 'US' }, { province: 'Ohio' }], 'OHIO'],
    [[undefined, {}], null],
  ])('stateOfAddress(%j) is %s', (addresses, expected) => expect(stateOfAddress(...addresses)).toBe(expected));
});

describe('segmentInfo: GSM-7 160/153, UCS-2 70/67', () => {
  it.each([
    ['empty', '', 'GSM-7', 1],
    ['160 GSM characters', 'a'.repeat(160), 'GSM-7', 1],
    ['161 GSM characters', 'a'.repeat(161), 'GSM-7', 2],
    ['306 GSM characters', 'a'.repeat(306), 'GSM-7', 2],
    ['307 GSM characters', 'a'.repeat(307), 'GSM-7', 3],
    ['80 euro signs (extension table, 2 septets each)', '€'.repeat(80), 'GSM-7', 1],
    ['81 euro signs', '€'.repeat(81), 'GSM-7', 2],
    ['an escaped character is never split across parts', `${'a'.repeat(152)}€${'a'.repeat(152)}`, 'GSM-7', 3],
    ['accented letters of the GSM set', 'Café Señor Ñandú über'.replace('ú', 'u'), 'GSM-7', 1],
    ['a curly apostrophe forces UCS-2', 'It’s waiting', 'UCS-2', 1],
    ['70 UCS-2 characters', '你'.repeat(70), 'UCS-2', 1],
    ['71 UCS-2 characters', '你'.repeat(71), 'UCS-2', 2],
    ['35 emoji (2 code units each)', '😀'.repeat(35), 'UCS-2', 1],
    ['35 emoji and a letter: a pair is never split', `${'😀'.repeat(35)}a`, 'UCS-2', 2],
    ['134 UCS-2 characters', '你'.repeat(134), 'UCS-2', 2],
    ['135 UCS-2 characters', '你'.repeat(135), 'UCS-2', 3],
    [
      'a cart reminder',
      'Hi Sam, your cart at Northwind is waiting: http://localhost:3000/r/AbC12345 Use LR-ABC234 for 10% off. Reply STOP to opt out.',
      'GSM-7',
      1,
    ],
  ])('%s', (_name, body, encoding, segments) => {
    expect(segmentInfo(body)).toMatchObject({ encoding, segments });
  });
});

describe('area codes and rate slots', () => {
  it('every time zone in the table is one the runtime knows', () => {
    for (const [areaCode, [, , zone]] of AREA_CODES)
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone }), areaCode).not.toThrow();
    expect(AREA_CODES.size).toBeGreaterThan(400);
  });

  it('every Texas area code of the contacts rules is a Texas number here', () => {
    for (const code of TEXAS_AREA_CODES)
      expect(areaCodeInfo(`+1${code}5550100`)).toMatchObject({ country: 'US', region: 'TX' });
  });

  it.each([
    ['+13105550100', 'US', 'CA', LA],
    ['+13055550100', 'US', 'FL', NY],
    ['+18505550100', 'US', 'FL', CHI],
    ['+19155550100', 'US', 'TX', 'America/Denver'],
    ['+16025550100', 'US', 'AZ', 'America/Phoenix'],
    ['+18085550100', 'US', 'HI', 'Pacific/Honolulu'],
    ['+14165550100', 'CA', 'ON', 'America/Toronto'],
    ['+18765550100', 'JM', 'JM', 'America/Jamaica'],
  ])('%s is %s %s in %s', (number, country, region, timeZone) => {
    expect(areaCodeInfo(number)).toMatchObject({ country, region, timeZone });
  });

  it('slots are one interval apart from the number’s next free time; beyond the look-ahead they wait', () => {
    const now = new Date('2026-07-15T19:00:00Z');
    const plan = planSlots({
      nextSendAt: new Date(now.getTime() + 2_000),
      now,
      count: 14,
      interval: 1_000,
      lookaheadMs: 10_000,
    });
    expect(plan.slots.map((d) => d.getTime() - now.getTime())).toEqual([
      2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000,
    ]);
    expect(plan.later.map((d) => d.getTime() - now.getTime())).toEqual([11000, 12000, 13000, 14000, 15000]);
    expect(plan.nextSendAt.getTime() - now.getTime()).toBe(11_000);
    // A number idle for a while starts now, not in the past.
    expect(planSlots({ nextSendAt: new Date(0), now, count: 1, interval: 1_000 }).slots).toEqual([now]);
  });
});
