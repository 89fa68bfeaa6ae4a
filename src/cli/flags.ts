import { AppError } from '../app/index.ts';

/** The lowest and highest TCP port a server flag accepts (0, "any free port", is for PORT only). */
export const PORT_RANGE = { min: 1, max: 65_535 } as const;

const WHOLE_NUMBER = /^-?\d+$/;

/**
 * The one integer parser of the commands: a whole number written in decimal digits (a minus sign
 * allowed), from `min` (default 0: ids, offsets) to `max`. "abc", "1.5", "1e3", "0x10", "+16",
 * " 16" and "" are refused, and so is a number out of range, each with a message naming the flag:
 * the brand API reads its query strings by the same rule.
 */
export function parseIntegerFlag(
  name: string,
  value: string,
  { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  const parsed = Number(value);
  if (!WHOLE_NUMBER.test(value) || !Number.isSafeInteger(parsed))
    throw new AppError('invalid_input', `${name} must be a whole number, got "${value}".`);
  if (parsed < min) throw new AppError('invalid_input', `${name} must be at least ${min}, got "${value}".`);
  if (parsed > max) throw new AppError('invalid_input', `${name} must be at most ${max}, got "${value}".`);
  return parsed;
}

/** A whole number of 1 or more (counts: --limit, --concurrency), at most `max`. */
export const parsePositiveIntegerFlag = (name: string, value: string, { max }: { max?: number } = {}): number =>
  parseIntegerFlag(name, value, { min: 1, max });

/** A port to listen on: 1 to 65535. */
export function parsePortFlag(name: string, value: string): number {
  try {
    return parseIntegerFlag(name, value, { min: PORT_RANGE.min, max: PORT_RANGE.max });
  } catch {
    throw new AppError(
      'invalid_input',
      `${name} must be a port number from ${PORT_RANGE.min} to ${PORT_RANGE.max}, got "${value}".`,
    );
  }
}

/** parseIntegerFlag for a flag that may be absent. */
export const optionalInteger = (name: string, value: string | undefined): number | undefined =>
  value === undefined ? undefined : parseIntegerFlag(name, value);

/** Whether a value's leading YYYY-MM-DD names a day that exists (2024-02-30 does not; Date rolls it over). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date flag: 2026-11-01 (midnight UTC) or an ISO date-time such as 2026-11-01T09:00:00Z. */
export function parseDateFlag(name: string, value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || !isCalendarDay(value) || Number.isNaN(date.getTime()))
    throw new AppError('invalid_input', `${name} must be a date like 2026-11-01 (or an ISO time), got "${value}".`);
  return date;
}

/** parseDateFlag for a flag that may be absent. */
export const optionalDate = (name: string, value: string | undefined): Date | undefined =>
  value === undefined ? undefined : parseDateFlag(name, value);

/**
 * A period from two optional date flags, `from` included and `to` excluded: each is parsed by
 * parseDateFlag, and a period with nothing in it (`from` at or after `to`) is refused.
 */
export function parseDateRange(
  flags: { from?: string; to?: string },
  names: { from: string; to: string } = { from: '--from', to: '--to' },
): { from?: Date; to?: Date } {
  const from = optionalDate(names.from, flags.from);
  const to = optionalDate(names.to, flags.to);
  if (from && to && from.getTime() >= to.getTime())
    throw new AppError(
      'invalid_input',
      `${names.from} must be before ${names.to} (got ${flags.from} and ${flags.to}): that period is empty.`,
    );
  return { from, to };
}

/** A date flag that starts a period running until `now`: a date after `now` would leave it empty. */
export function parseSinceFlag(name: string, value: string, now: Date = new Date()): Date {
  const since = parseDateFlag(name, value);
  if (since.getTime() >= now.getTime())
    throw new AppError(
      'invalid_input',
      `${name} must be in the past (got ${value}): the period from then until now is empty.`,
    );
  return since;
}

/** Commander's argument parser for a repeatable flag: every value, in the order given. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** The comma-separated items of repeated flag values (`--brand 4,7 --brand 9` -> 4, 7, 9). */
export const commaSeparated = (values: string[]): string[] =>
  values.flatMap((value) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  );
