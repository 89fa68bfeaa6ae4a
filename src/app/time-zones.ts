/**
 * Time zone arithmetic with Intl only: wall-clock time of an instant, the instant of a wall-clock
 * time, the offset at an instant. Formatters are costly to build, so they are cached per zone.
 * Quiet hours (messaging) and report periods (analytics) both stand on it.
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatter(timeZone: string): Intl.DateTimeFormat | null {
  let cached = formatters.get(timeZone);
  if (cached === undefined) {
    try {
      cached = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      cached = null;
    }
    formatters.set(timeZone, cached);
  }
  return cached;
}

export const isValidTimeZone = (timeZone: string | null | undefined): timeZone is string =>
  typeof timeZone === 'string' && timeZone !== '' && formatter(timeZone) !== null;

export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** Wall-clock time of an instant in a time zone. */
export function localTime(at: Date, timeZone: string): LocalTime {
  const parts = formatter(timeZone)?.formatToParts(at);
  if (!parts) throw new RangeError(`Unknown time zone: ${timeZone}`);
  const out: LocalTime = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of parts) if (part.type in out) out[part.type as keyof LocalTime] = Number(part.value);
  return out;
}

/** Local minus UTC at an instant (ms since the epoch), in ms. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const t = localTime(new Date(at), timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - Math.floor(at / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a time zone (day overflow is fine: day 32 is next
 * month; a time inside a spring-forward gap moves forward).
 */
export function zonedInstant(timeZone: string, year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - zoneOffsetMs(guess, timeZone);
  return new Date(guess - zoneOffsetMs(first, timeZone));
}
