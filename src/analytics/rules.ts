/**
 * Report periods (spec 2 section 9), pure: no I/O, every answer a function of the arguments.
 *
 * - A period is whole local days, from and to inclusive, in a time zone (default
 *   America/Los_Angeles): from 00:00 of `from` to 00:00 of the day after `to`, local time, so a day
 *   across a DST change is 23 or 25 hours long.
 * - Granularity by the number of days: up to 5 hour, up to 60 day, up to 120 week (weeks start
 *   Monday), up to 1,825 month, beyond that year; a forced one wins.
 * - The previous period: the prior whole month for a whole-month range, the prior whole year for a
 *   whole-year range, otherwise the same number of days directly before.
 * - Buckets are local: an hour bucket starts when a local hour starts (a fall-back day has 25 of
 *   them, two labelled 01:00 with different offsets), a day bucket at local midnight, a week on
 *   Monday, a month on the 1st, a year on 1 January.
 */
import { AppError } from '../errors/index.ts';
import {
  DAY_RANGE_TEXT,
  isDayInRange,
  isValidTimeZone,
  localTime,
  zoneOffsetMs,
  zonedInstant as zonedInstantOf,
  type LocalTime,
} from '../app/index.ts';

export const DEFAULT_TIMEZONE = 'America/Los_Angeles';
export const GRANULARITIES = ['hour', 'day', 'week', 'month', 'year'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
/** The longest range (in days) each automatic granularity covers; longer ranges are counted in years. */
export const AUTO_GRANULARITY_MAX_DAYS: ReadonlyArray<readonly [Granularity, number]> = [
  ['hour', 5],
  ['day', 60],
  ['week', 120],
  ['month', 1825],
];
/** The default period: the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;
/** A chart never has more buckets than this (a forced hour granularity over years would). */
export const MAX_BUCKETS = 5000;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface LocalDay {
  year: number;
  month: number;
  day: number;
}

export interface Period {
  timezone: string;
  /** First local day, YYYY-MM-DD. */
  fromDay: string;
  /** Last local day (inclusive), YYYY-MM-DD. */
  toDay: string;
  /** Number of local days. */
  days: number;
  /** Start instant (local midnight of fromDay). */
  from: Date;
  /** End instant, exclusive (local midnight of the day after toDay). */
  to: Date;
  granularity: Granularity;
  /** How the granularity was chosen. */
  granularitySource: 'auto' | 'forced';
}

export interface Bucket {
  /** Key the SQL groups by: the start instant in ISO (hour buckets) or the local date (others). */
  key: string;
  /** The local start: `YYYY-MM-DD` or, for hours, `YYYY-MM-DD HH:00±HH:MM`. */
  label: string;
  start: Date;
}

export { isValidTimeZone };

/** The time zone to report in: the one given, else the default; an unknown one is refused. */
export function resolveTimeZone(timeZone?: string | null): string {
  if (timeZone === undefined || timeZone === null || timeZone === '') return DEFAULT_TIMEZONE;
  if (!isValidTimeZone(timeZone))
    throw new AppError('invalid_input', `Unknown time zone "${timeZone}": use an IANA name such as America/New_York.`, {
      code: 'invalid_timezone',
    });
  return timeZone;
}

const wallTime = (at: number, timeZone: string): LocalTime => localTime(new Date(at), timeZone);
const offsetMs = zoneOffsetMs;

/** The instant of a local wall-clock time (a time inside a spring-forward gap moves forward). */
export const zonedInstant = (timeZone: string, day: LocalDay, hour = 0): Date =>
  zonedInstantOf(timeZone, day.year, day.month, day.day, hour);

/** The local calendar day of an instant. */
export function localDay(at: Date, timeZone: string): LocalDay {
  const { year, month, day } = wallTime(at.getTime(), timeZone);
  return { year, month, day };
}

// ------------------------------------------------------------------------------------------
// Calendar days.

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
export const formatDay = (d: LocalDay): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
const dayNumber = (d: LocalDay): number => Math.round(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
const fromDayNumber = (n: number): LocalDay => {
  const date = new Date(n * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
export const addDays = (d: LocalDay, days: number): LocalDay => fromDayNumber(dayNumber(d) + days);
const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
/** 1 Monday ... 7 Sunday. */
const isoWeekday = (d: LocalDay): number => ((new Date(dayNumber(d) * DAY_MS).getUTCDay() + 6) % 7) + 1;

/** A YYYY-MM-DD that names a real day, or an invalid_input error naming the field. */
export function parseDay(value: string, field = 'date'): LocalDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    throw new AppError('invalid_input', `${field} must be a day like 2026-11-01, got "${value}".`, {
      code: 'invalid_date',
    });
  return { year, month, day };
}

// ------------------------------------------------------------------------------------------
// Granularity and the previous period.

export function autoGranularity(days: number): Granularity {
  for (const [granularity, max] of AUTO_GRANULARITY_MAX_DAYS) if (days <= max) return granularity;
  return 'year';
}

export const isGranularity = (value: string): value is Granularity =>
  (GRANULARITIES as readonly string[]).includes(value);

export const isWholeMonth = (from: LocalDay, to: LocalDay): boolean =>
  from.day === 1 && to.year === from.year && to.month === from.month && to.day === daysInMonth(to.year, to.month);

export const isWholeYear = (from: LocalDay, to: LocalDay): boolean =>
  from.month === 1 && from.day === 1 && to.year === from.year && to.month === 12 && to.day === 31;

/** The local days of the previous period (see the file comment). */
export function previousDays(from: LocalDay, to: LocalDay): { from: LocalDay; to: LocalDay } {
  if (isWholeYear(from, to))
    return { from: { year: from.year - 1, month: 1, day: 1 }, to: { year: from.year - 1, month: 12, day: 31 } };
  if (isWholeMonth(from, to)) {
    const year = from.month === 1 ? from.year - 1 : from.year;
    const month = from.month === 1 ? 12 : from.month - 1;
    return { from: { year, month, day: 1 }, to: { year, month, day: daysInMonth(year, month) } };
  }
  const length = dayNumber(to) - dayNumber(from) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

export interface PeriodInput {
  /** YYYY-MM-DD, local; default DEFAULT_PERIOD_DAYS - 1 days before `to`. */
  from?: string;
  /** YYYY-MM-DD, local, inclusive; default today (local). */
  to?: string;
  timezone?: string | null;
  granularity?: Granularity | null;
  /** The clock, for the default days. */
  now?: Date;
}

function periodOf(timezone: string, from: LocalDay, to: LocalDay, forced?: Granularity | null): Period {
  const days = dayNumber(to) - dayNumber(from) + 1;
  const granularity = forced ?? autoGranularity(days);
  const period: Period = {
    timezone,
    fromDay: formatDay(from),
    toDay: formatDay(to),
    days,
    from: zonedInstant(timezone, from),
    to: zonedInstant(timezone, addDays(to, 1)),
    granularity,
    granularitySource: forced ? 'forced' : 'auto',
  };
  if (forced && estimatedBuckets(period) > MAX_BUCKETS)
    throw new AppError(
      'invalid_input',
      `A ${days}-day range in ${forced}s has more than ${MAX_BUCKETS} points: choose a coarser granularity.`,
      { code: 'too_many_buckets' },
    );
  return period;
}

const estimatedBuckets = (p: Period): number =>
  ({ hour: p.days * 24, day: p.days, week: p.days / 7, month: p.days / 28, year: p.days / 365 })[p.granularity];

/** A day a user gave: a real day (parseDay) inside DAY_RANGE, or an invalid_input error naming the field. */
function parseGivenDay(value: string, field: string): LocalDay {
  const day = parseDay(value, field);
  if (!isDayInRange(formatDay(day)))
    throw new AppError('invalid_input', `${field} must be a day ${DAY_RANGE_TEXT}, got "${value}".`, {
      code: 'date_out_of_range',
    });
  return day;
}

/** The report period for the given days (defaults: the last 30 days up to today, local). */
export function resolvePeriod(input: PeriodInput = {}): Period {
  const timezone = resolveTimeZone(input.timezone);
  const today = localDay(input.now ?? new Date(), timezone);
  const to = input.to !== undefined ? parseGivenDay(input.to, 'to') : today;
  const from = input.from !== undefined ? parseGivenDay(input.from, 'from') : addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (dayNumber(from) > dayNumber(to))
    throw new AppError(
      'invalid_input',
      `The range starts after it ends: from ${formatDay(from)} to ${formatDay(to)}.`,
      {
        code: 'invalid_range',
      },
    );
  if (input.granularity && !isGranularity(input.granularity))
    throw new AppError('invalid_input', `granularity must be one of ${GRANULARITIES.join(', ')}.`, {
      code: 'invalid_granularity',
    });
  return periodOf(timezone, from, to, input.granularity);
}

/** The previous period of a period, in the same time zone and granularity. */
export function previousPeriod(period: Period): Period {
  const prev = previousDays(parseDay(period.fromDay), parseDay(period.toDay));
  return { ...periodOf(period.timezone, prev.from, prev.to), granularity: period.granularity };
}

// ------------------------------------------------------------------------------------------
// Buckets.

const offsetLabel = (ms: number): string => {
  const minutes = Math.round(ms / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
};

/** The start of the local hour an instant is in (exact in every zone, ambiguous hours included). */
export function localHourStart(at: number, timeZone: string): number {
  const t = wallTime(at, timeZone);
  return Math.floor(at / 1000) * 1000 - (t.minute * 60 + t.second) * 1000;
}

/** The first day of the bucket a local day is in. */
export function bucketDay(d: LocalDay, granularity: Exclude<Granularity, 'hour'>): LocalDay {
  switch (granularity) {
    case 'day':
      return d;
    case 'week':
      return addDays(d, 1 - isoWeekday(d));
    case 'month':
      return { year: d.year, month: d.month, day: 1 };
    case 'year':
      return { year: d.year, month: 1, day: 1 };
  }
}

function nextBucketDay(d: LocalDay, granularity: Exclude<Granularity, 'hour'>): LocalDay {
  switch (granularity) {
    case 'day':
      return addDays(d, 1);
    case 'week':
      return addDays(d, 7);
    case 'month':
      return d.month === 12 ? { year: d.year + 1, month: 1, day: 1 } : { year: d.year, month: d.month + 1, day: 1 };
    case 'year':
      return { year: d.year + 1, month: 1, day: 1 };
  }
}

/** Every bucket of the period, in order, empty ones included (the first week, month or year may start before the range). */
export function buckets(period: Period): Bucket[] {
  const out: Bucket[] = [];
  const tz = period.timezone;
  if (period.granularity === 'hour') {
    const end = period.to.getTime();
    for (let at = period.from.getTime(); at < end; at = localHourStart(at + HOUR_MS, tz)) {
      const t = wallTime(at, tz);
      out.push({
        key: new Date(at).toISOString(),
        label: `${formatDay(t)} ${pad(t.hour)}:00${offsetLabel(offsetMs(at, tz))}`,
        start: new Date(at),
      });
    }
    return out;
  }
  const g = period.granularity;
  const last = dayNumber(parseDay(period.toDay));
  for (let d = bucketDay(parseDay(period.fromDay), g); dayNumber(d) <= last; d = nextBucketDay(d, g)) {
    out.push({ key: formatDay(d), label: formatDay(d), start: zonedInstant(tz, d) });
  }
  return out;
}

/** The bucket key of an instant (what the SQL bucket expression yields for it). */
export function bucketKey(at: Date, granularity: Granularity, timeZone: string): string {
  if (granularity === 'hour') return new Date(localHourStart(at.getTime(), timeZone)).toISOString();
  return formatDay(bucketDay(localDay(at, timeZone), granularity));
}

/**
 * Whether periods can be read from the hourly rollups: their bounds and every bucket start fall on
 * a whole UTC hour (true for every zone whose offset is whole hours, as in the US; not for India,
 * Nepal, Newfoundland or South Australia).
 */
export function hourAligned(...periods: Period[]): boolean {
  const whole = (d: Date): boolean => d.getTime() % HOUR_MS === 0;
  return periods.every((p) => whole(p.from) && whole(p.to) && buckets(p).every((b) => whole(b.start)));
}

// ------------------------------------------------------------------------------------------
// Ratios and change.

/** a / b rounded to 4 places; null when b is 0. */
export const ratio = (a: number, b: number): number | null => (b === 0 ? null : Math.round((a / b) * 10_000) / 10_000);

/**
 * The change from previous to current: relative for counts and money ((c - p) / p, null when p is
 * 0), a difference in points for rates (c - p, null when either is null).
 */
export function change(
  current: number | null,
  previous: number | null,
  unit: 'count' | 'money' | 'rate',
): number | null {
  if (current === null || previous === null) return null;
  if (unit === 'rate') return Math.round((current - previous) * 10_000) / 10_000;
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 10_000) / 10_000;
}

/** A number of days for people ("5 days", "1 day"). */
export const describeDays = (days: number): string => `${days} day${days === 1 ? '' : 's'}`;
