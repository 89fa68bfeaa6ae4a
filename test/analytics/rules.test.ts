import { describe, expect, it } from 'vitest';
import {
  autoGranularity,
  bucketKey,
  buckets,
  change,
  DEFAULT_TIMEZONE,
  hourAligned,
  previousPeriod,
  resolvePeriod,
  type Granularity,
} from '../../src/analytics/rules.ts';

describe('automatic granularity by range length', () => {
  it.each([
    [1, 'hour'],
    [5, 'hour'],
    [6, 'day'],
    [60, 'day'],
    [61, 'week'],
    [120, 'week'],
    [121, 'month'],
    [1825, 'month'],
    [1826, 'year'],
    [4000, 'year'],
  ] as Array<[number, Granularity]>)('%i days -> %s', (days, granularity) => {
    expect(autoGranularity(days)).toBe(granularity);
  });

  it.each([
    ['2026-11-01', '2026-11-05', 5, 'hour'],
    ['2026-11-01', '2026-11-06', 6, 'day'],
    ['2026-09-01', '2026-10-30', 60, 'day'],
    ['2026-09-01', '2026-10-31', 61, 'week'],
    ['2026-07-01', '2026-10-28', 120, 'week'],
    ['2026-07-01', '2026-10-29', 121, 'month'],
    ['2021-11-01', '2026-10-30', 1825, 'month'],
    ['2021-11-01', '2026-10-31', 1826, 'year'],
  ])('a range from %s to %s has %i days and is counted by %s', (from, to, days, granularity) => {
    const period = resolvePeriod({ from, to });
    expect(period).toMatchObject({ days, granularity, granularitySource: 'auto', timezone: DEFAULT_TIMEZONE });
  });

  it('a forced granularity wins, and one with more than 5,000 points is refused', () => {
    expect(resolvePeriod({ from: '2026-01-01', to: '2026-12-31', granularity: 'day' })).toMatchObject({
      granularity: 'day',
      granularitySource: 'forced',
    });
    expect(() => resolvePeriod({ from: '2020-01-01', to: '2026-12-31', granularity: 'hour' })).toThrow(
      'A 2557-day range in hours has more than 5000 points: choose a coarser granularity.',
    );
  });
});

describe('the previous period', () => {
  it.each([
    ['a whole month: the prior whole month', '2026-03-01', '2026-03-31', '2026-02-01', '2026-02-28'],
    ['a whole February: the prior January', '2026-02-01', '2026-02-28', '2026-01-01', '2026-01-31'],
    ['a whole January: December of the year before', '2026-01-01', '2026-01-31', '2025-12-01', '2025-12-31'],
    ['a whole leap-year March: 29 days of February', '2024-03-01', '2024-03-31', '2024-02-01', '2024-02-29'],
    ['a whole year: the prior year', '2025-01-01', '2025-12-31', '2024-01-01', '2024-12-31'],
    ['a week: the 7 days before', '2026-11-10', '2026-11-16', '2026-11-03', '2026-11-09'],
    ['half a month: the 15 days before', '2026-11-01', '2026-11-15', '2026-10-17', '2026-10-31'],
    ['a month not aligned to the 1st: same length', '2026-01-15', '2026-02-14', '2025-12-15', '2026-01-14'],
    ['two whole months: same length (61 days)', '2026-03-01', '2026-04-30', '2025-12-30', '2026-02-28'],
    ['one day: the day before', '2026-03-01', '2026-03-01', '2026-02-28', '2026-02-28'],
  ])('%s', (_name, from, to, prevFrom, prevTo) => {
    const current = resolvePeriod({ from, to });
    const previous = previousPeriod(current);
    expect([previous.fromDay, previous.toDay]).toEqual([prevFrom, prevTo]);
    expect(previous.granularity).toBe(current.granularity);
  });
});

describe('periods and buckets in the requested time zone', () => {
  it('a period runs from local midnight to the local midnight after its last day', () => {
    expect(resolvePeriod({ from: '2026-11-10', to: '2026-11-16' })).toMatchObject({
      from: new Date('2026-11-10T08:00:00Z'),
      to: new Date('2026-11-17T08:00:00Z'),
    });
    expect(resolvePeriod({ from: '2026-07-01', to: '2026-07-01', timezone: 'Europe/Berlin' })).toMatchObject({
      from: new Date('2026-06-30T22:00:00Z'),
      to: new Date('2026-07-01T22:00:00Z'),
      timezone: 'Europe/Berlin',
    });
  });

  it('the Los Angeles fall-back day has 25 hour buckets, 01:00 twice with its two offsets', () => {
    const period = resolvePeriod({ from: '2026-11-01', to: '2026-11-01' });
    expect(period.to.getTime() - period.from.getTime()).toBe(25 * 3_600_000);
    const hours = buckets(period);
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 4).map((b) => b.label)).toEqual([
      '2026-11-01 00:00-07:00',
      '2026-11-01 01:00-07:00',
      '2026-11-01 01:00-08:00',
      '2026-11-01 02:00-08:00',
    ]);
    expect(hours[2]!.key).toBe('2026-11-01T09:00:00.000Z');
    // 01:30 before and after the change land in different buckets.
    expect(bucketKey(new Date('2026-11-01T08:30:00Z'), 'hour', DEFAULT_TIMEZONE)).toBe('2026-11-01T08:00:00.000Z');
    expect(bucketKey(new Date('2026-11-01T09:30:00Z'), 'hour', DEFAULT_TIMEZONE)).toBe('2026-11-01T09:00:00.000Z');
  });

  it('the spring-forward day has 23 hour buckets and no 02:00', () => {
    const hours = buckets(resolvePeriod({ from: '2026-03-08', to: '2026-03-08' }));
    expect(hours).toHaveLength(23);
    expect(hours.map((b) => b.label.slice(11, 16))).not.toContain('02:00');
    expect(hours[2]!.label).toBe('2026-03-08 03:00-07:00');
  });

  it('a range across the change counts days from local midnight (a 25-hour day, then 24-hour days)', () => {
    const days = buckets(resolvePeriod({ from: '2026-10-25', to: '2026-11-07' }));
    expect(days).toHaveLength(14);
    const start = (key: string) => days.find((b) => b.key === key)!.start.toISOString();
    expect(start('2026-10-31')).toBe('2026-10-31T07:00:00.000Z');
    expect(start('2026-11-01')).toBe('2026-11-01T07:00:00.000Z');
    expect(start('2026-11-02')).toBe('2026-11-02T08:00:00.000Z');
    // An event at 23:30 on 1 November local (07:30 UTC the next day) belongs to 1 November.
    expect(bucketKey(new Date('2026-11-02T07:30:00Z'), 'day', DEFAULT_TIMEZONE)).toBe('2026-11-01');
    expect(bucketKey(new Date('2026-11-02T07:30:00Z'), 'day', 'UTC')).toBe('2026-11-02');
    // Five days across the change are hours: 24 * 5 + 1.
    expect(buckets(resolvePeriod({ from: '2026-10-30', to: '2026-11-03' }))).toHaveLength(121);
  });

  it('weeks start on Monday', () => {
    // 2026-11-01 is a Sunday: its week began on Monday 26 October.
    const weeks = buckets(resolvePeriod({ from: '2026-11-01', to: '2026-12-31' }));
    expect(weeks.map((b) => b.key)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
      '2026-12-28',
    ]);
    expect(bucketKey(new Date('2026-11-08T20:00:00Z'), 'week', DEFAULT_TIMEZONE)).toBe('2026-11-02');
    expect(bucketKey(new Date('2026-11-09T08:00:00Z'), 'week', DEFAULT_TIMEZONE)).toBe('2026-11-09');
  });

  it('months and years start on the 1st', () => {
    expect(buckets(resolvePeriod({ from: '2026-01-15', to: '2026-06-30' })).map((b) => b.key)).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-01',
      '2026-04-01',
      '2026-05-01',
      '2026-06-01',
    ]);
    expect(buckets(resolvePeriod({ from: '2020-06-01', to: '2026-02-01' })).map((b) => b.key)).toEqual([
      '2020-01-01',
      '2021-01-01',
      '2022-01-01',
      '2023-01-01',
      '2024-01-01',
      '2025-01-01',
      '2026-01-01',
    ]);
  });

  it('the default is the last 30 days up to today in the time zone', () => {
    const now = new Date('2026-11-24T05:00:00Z'); // 23 November, 21:00 in Los Angeles
    expect(resolvePeriod({ now })).toMatchObject({ fromDay: '2026-10-25', toDay: '2026-11-23', days: 30 });
    expect(resolvePeriod({ now, timezone: 'UTC' })).toMatchObject({ fromDay: '2026-10-26', toDay: '2026-11-24' });
    expect(resolvePeriod({ now, to: '2026-11-10' })).toMatchObject({ fromDay: '2026-10-12', toDay: '2026-11-10' });
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'Unknown time zone "Mars/Olympus": use an IANA name such as America/New_York.'],
    [{ from: '2026-02-30', to: '2026-03-01' }, 'from must be a day like 2026-11-01, got "2026-02-30".'],
    [{ from: '2026-03-02', to: '2026-03-01' }, 'The range starts after it ends: from 2026-03-02 to 2026-03-01.'],
    [{ granularity: 'minute' as Granularity }, 'granularity must be one of hour, day, week, month, year.'],
  ])('bad input %j is refused with a message', (input, message) => {
    expect(() => resolvePeriod(input)).toThrow(message);
  });
});

describe('which periods the hourly rollups can serve (bounds and buckets on whole UTC hours)', () => {
  it.each([
    ['America/Los_Angeles, across the DST change, by day', 'America/Los_Angeles', '2026-10-25', '2026-11-07', true],
    ['America/New_York, by hour', 'America/New_York', '2026-11-01', '2026-11-02', true],
    ['UTC, a year by month', 'UTC', '2026-01-01', '2026-12-31', true],
    ['Asia/Kolkata (+05:30)', 'Asia/Kolkata', '2026-11-01', '2026-11-07', false],
    ['America/St_Johns (-03:30)', 'America/St_Johns', '2026-11-01', '2026-11-07', false],
    ['Australia/Adelaide (+10:30 in summer)', 'Australia/Adelaide', '2026-11-01', '2026-11-07', false],
  ])('%s -> %s', (_name, timezone, from, to, expected) => {
    const period = resolvePeriod({ from, to, timezone });
    expect(hourAligned(period, previousPeriod(period))).toBe(expected);
  });
});

describe('change against the previous period', () => {
  it.each([
    [120, 100, 'count', 0.2],
    [50, 100, 'money', -0.5],
    [5, 0, 'count', null],
    [0.25, 0.2, 'rate', 0.05],
    [null, 0.2, 'rate', null],
  ] as Array<[number | null, number | null, 'count' | 'money' | 'rate', number | null]>)(
    '%s against %s (%s) -> %s',
    (current, previous, unit, expected) => {
      expect(change(current, previous, unit)).toBe(expected);
    },
  );
});
