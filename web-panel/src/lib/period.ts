/**
 * Periods of the panel: presets as plain data (one list drives the menu), local days in the
 * brand's time zone, `from` and `to` inclusive as the analytics API takes them.
 */

export const PERIOD_PRESETS = [
  { id: 'today', label: 'Today', days: 1 },
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '30d', label: 'Last 30 days', days: 30 },
  { id: '90d', label: 'Last 90 days', days: 90 },
  { id: 'mtd', label: 'Month to date', days: null },
  { id: 'custom', label: 'Custom', days: null },
] as const;

export type PeriodId = (typeof PERIOD_PRESETS)[number]['id'];
export const DEFAULT_PERIOD: PeriodId = '30d';

export interface Period {
  id: PeriodId;
  /** First local day, YYYY-MM-DD. */
  from: string;
  /** Last local day, inclusive. */
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isPeriodId = (value: string | null | undefined): value is PeriodId =>
  PERIOD_PRESETS.some((preset) => preset.id === value);

/** A real calendar day written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in a time zone, YYYY-MM-DD. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** `day` plus `n` days (n may be negative). */
export function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * The period a URL asks for: a preset ending today (in the time zone), or a custom range when
 * both days are valid and in order (otherwise the default preset).
 */
export function resolvePeriod(
  input: { period?: string | null; from?: string | null; to?: string | null },
  today: string,
): Period {
  const id = isPeriodId(input.period) ? input.period : DEFAULT_PERIOD;
  if (id === 'custom') {
    if (isDay(input.from) && isDay(input.to) && input.from <= input.to && input.to <= today)
      return { id, from: input.from, to: input.to };
    return resolvePeriod({ period: DEFAULT_PERIOD }, today);
  }
  if (id === 'mtd') return { id, from: `${today.slice(0, 8)}01`, to: today };
  const days = PERIOD_PRESETS.find((preset) => preset.id === id)!.days!;
  return { id, from: addDays(today, -(days - 1)), to: today };
}

/** The search params of a period (a preset carries no days: the link stays "last 7 days"). */
export function periodSearch(period: Pick<Period, 'id' | 'from' | 'to'>): Record<string, string | null> {
  return period.id === 'custom'
    ? { period: 'custom', from: period.from, to: period.to }
    : { period: period.id, from: null, to: null };
}

/** "Nov 1 – Nov 24, 2026" in the locale. */
export function describeRange(period: Pick<Period, 'from' | 'to'>, locale = 'en-US'): string {
  const format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const from = new Date(`${period.from}T00:00:00Z`);
  const to = new Date(`${period.to}T00:00:00Z`);
  return period.from === period.to ? format.format(from) : format.formatRange(from, to);
}
