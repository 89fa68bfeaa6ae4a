/**
 * Figures as a brand reads them: money and numbers through Intl in the brand's locale and
 * currency, times in the brand's time zone with its label, shoppers' phones masked.
 */

export interface Locale {
  locale: string;
  currency: string;
  timezone: string;
}

export const DEFAULT_LOCALE: Locale = { locale: 'en-US', currency: 'USD', timezone: 'America/Los_Angeles' };

const toNumber = (value: number | string | null | undefined): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
};

/** "$1,234.50" (money comes from the API as a decimal string). "—" when there is no value. */
export function formatMoney(value: number | string | null | undefined, l: Pick<Locale, 'locale' | 'currency'>): string {
  const n = toNumber(value);
  if (n === null) return '—';
  return new Intl.NumberFormat(l.locale, { style: 'currency', currency: l.currency }).format(n);
}

export function formatNumber(value: number | string | null | undefined, l: Pick<Locale, 'locale'>): string {
  const n = toNumber(value);
  return n === null ? '—' : new Intl.NumberFormat(l.locale, { maximumFractionDigits: 2 }).format(n);
}

/** A share (0.253) as "25.3%". */
export function formatPercent(value: number | string | null | undefined, l: Pick<Locale, 'locale'>): string {
  const n = toNumber(value);
  return n === null ? '—' : new Intl.NumberFormat(l.locale, { style: 'percent', maximumFractionDigits: 1 }).format(n);
}

export type Unit = 'count' | 'money' | 'rate';

export function formatValue(value: number | string | null | undefined, unit: Unit, l: Locale): string {
  if (unit === 'money') return formatMoney(value, l);
  if (unit === 'rate') return formatPercent(value, l);
  return formatNumber(value, l);
}

/** The short name of a time zone at an instant: "PST", "GMT+2". */
export function timezoneLabel(timezone: string, at: Date = new Date(), locale = 'en-US'): string {
  const part = new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timezone;
}

/** "Nov 24, 2:05 PM PST": an instant in the brand's time zone, labelled. */
export function formatDateTime(iso: string | Date, l: Pick<Locale, 'locale' | 'timezone'>): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat(l.locale, {
    timeZone: l.timezone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** "2:05 PM PST". */
export function formatTime(iso: string | Date, l: Pick<Locale, 'locale' | 'timezone'>): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return '—';
  return new Intl.DateTimeFormat(l.locale, {
    timeZone: l.timezone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** "+1415***0123": a phone the API gave whole, masked for lists (already masked ones stay as they are). */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '—';
  if (phone.includes('*')) return phone;
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length < 8) return '***';
  return `${digits.slice(0, 5)}***${digits.slice(-4)}`;
}

/** A shopper's name, or their masked phone. */
export function shopperName(p: {
  given_name?: string | null;
  family_name?: string | null;
  phone?: string | null;
}): string {
  const name = [p.given_name, p.family_name].filter(Boolean).join(' ');
  return name || maskPhone(p.phone);
}

/** A time zone by its name in words: "Pacific Time" for America/Los_Angeles (the IANA id when Intl has none). */
export function timezoneName(timezone: string, locale = 'en-US'): string {
  try {
    const part = new Intl.DateTimeFormat(locale, { timeZone: timezone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value ?? timezone.replace(/_/g, ' ');
  } catch {
    return timezone.replace(/_/g, ' ');
  }
}

const plural = (n: number, unit: string): string => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * A duration in words, from minutes: "30 minutes", "1 hour 30 minutes", "5 days", "2 days 3 hours".
 * Rounded to the unit below the largest (no seconds; under a minute is "less than a minute").
 */
export function durationInWords(minutes: number): string {
  const total = Math.round(Math.abs(minutes));
  if (total < 1) return 'less than a minute';
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours > 0 ? `${plural(days, 'day')} ${plural(hours, 'hour')}` : plural(days, 'day');
  if (hours > 0) return mins > 0 ? `${plural(hours, 'hour')} ${plural(mins, 'minute')}` : plural(hours, 'hour');
  return plural(mins, 'minute');
}

/** A duration given in hours (the API's windows and gaps), in words: 0.7 → "42 minutes", 720 → "30 days". */
export const hoursInWords = (hours: number): string => durationInWords(hours * 60);

/** "Nov 24" or "Nov 24, 2025" (another year): a day in the brand's time zone. */
export function formatDay(iso: string | Date, l: Pick<Locale, 'locale' | 'timezone'>): string {
  const at = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(at.getTime())) return '—';
  const year = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone: l.timezone, year: 'numeric' }).format(d);
  return new Intl.DateTimeFormat(l.locale, {
    timeZone: l.timezone,
    month: 'short',
    day: 'numeric',
    ...(year(at) === year(new Date()) ? {} : { year: 'numeric' }),
  }).format(at);
}

/** True when two instants fall on the same day in the time zone. */
export function sameDay(a: string | Date, b: string | Date, timezone: string): boolean {
  const day = (d: string | Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(typeof d === 'string' ? new Date(d) : d);
  return day(a) === day(b);
}

/**
 * A machine word (a state, an outcome, a status: `pending_setup`, `filtered_out`) as words: the
 * given table's words when it has them, else the word with its underscores made spaces and a
 * capital first letter ("Pending setup").
 */
export function stateInWords(value: string | null | undefined, words: Readonly<Record<string, string>> = {}): string {
  if (!value) return '—';
  const known = words[value];
  if (known) return known;
  const spaced = value.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** Money with its currency symbol: "$134.10" for ("134.10", "USD"), "€20.00" for EUR. */
export const formatAmount = (value: number | string | null | undefined, currency: string, locale = 'en-US'): string =>
  formatMoney(value, { locale, currency });

/** A workflow's one state word ("Active", "Paused", "Draft"): the workflows page, home, its page and the CSV. */
export const WORKFLOW_STATE_WORDS: Readonly<Record<string, string>> = {
  active: 'Active',
  paused: 'Paused',
  draft: 'Draft',
};
export const workflowStateWord = (state: string): string => stateInWords(state, WORKFLOW_STATE_WORDS);

/** What a rate divides by, for a column header or a tooltip: "% of started" ("" without a denominator). */
export const rateOfWords = (rateOf: string | null | undefined): string => (rateOf ? `% of ${rateOf}` : '');

/** A rate with its denominator: "28.9% of started". */
export function formatRateOf(
  rate: number | null | undefined,
  rateOf: string | null | undefined,
  l: Pick<Locale, 'locale'>,
): string {
  if (rate === null || rate === undefined) return '';
  return rateOf ? `${formatPercent(rate, l)} of ${rateOf}` : formatPercent(rate, l);
}

/** A funnel step's tooltip: its definition, and what its percentage divides by. */
export function stepTip(
  step: { definition: string; label: string; rate_of: string | null } | undefined,
): string | undefined {
  if (!step) return undefined;
  return step.rate_of
    ? `${step.definition} The percentage is ${step.label.toLowerCase()} ÷ ${step.rate_of}.`
    : step.definition;
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Chrome (headless)'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/curl\//, 'curl'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A sign-in's User-Agent as a person says it: "Chrome on macOS"; "An unknown browser" without one. */
export function deviceInWords(userAgent: string | null | undefined): string {
  if (!userAgent?.trim()) return 'An unknown browser';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'An unknown browser');
}
