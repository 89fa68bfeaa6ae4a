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
