import { AppError } from '../app/index.ts';

/** A whole number of 0 or more (ids, limits, offsets, ports). */
export function parseIntegerFlag(name: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new AppError('invalid_input', `${name} must be a whole number, got "${value}".`);
  return parsed;
}

/** parseIntegerFlag for a flag that may be absent. */
export const optionalInteger = (name: string, value: string | undefined): number | undefined =>
  value === undefined ? undefined : parseIntegerFlag(name, value);

/** A date flag: 2026-11-01 (midnight UTC) or an ISO date-time such as 2026-11-01T09:00:00Z. */
/** Whether a value's leading YYYY-MM-DD names a day that exists (2024-02-30 does not; Date rolls it over). */
function isCalendarDay(value: string): boolean {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function parseDateFlag(name: string, value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || !isCalendarDay(value) || Number.isNaN(date.getTime()))
    throw new AppError('invalid_input', `${name} must be a date like 2026-11-01 (or an ISO time), got "${value}".`);
  return date;
}

/** parseDateFlag for a flag that may be absent. */
export const optionalDate = (name: string, value: string | undefined): Date | undefined =>
  value === undefined ? undefined : parseDateFlag(name, value);

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
