/**
 * The inbox's view as URL search params and as the list API's query: state (with recovered),
 * workflow, reply, visibility, unread, a date range of local days in the brand's time zone, the
 * text or phone search and the page. Pure functions, so a link reproduces the view exactly.
 */
import { addDays, isDay } from '../../lib/period.ts';

export const PAGE_SIZE = 25;

export const STATE_OPTIONS = [
  { id: '', label: 'Any state' },
  { id: 'recovered', label: 'Recovered' },
  { id: 'abandoned', label: 'Abandoned' },
  { id: 'pending', label: 'Pending' },
  { id: 'complete', label: 'Completed (not recovered)' },
  { id: 'no_identity', label: 'No contact details' },
] as const;

export const REPLY_OPTIONS = [
  { id: '', label: 'Any' },
  { id: 'yes', label: 'Shopper replied' },
  { id: 'no', label: 'No reply' },
] as const;

export const VISIBILITY_OPTIONS = [
  { id: '', label: 'Visible' },
  { id: 'hidden', label: 'Hidden' },
  { id: 'all', label: 'Visible and hidden' },
] as const;

export interface InboxFilters {
  state: string;
  workflow: string;
  reply: string;
  hidden: string;
  unread: boolean;
  /** First local day, YYYY-MM-DD, or ''. */
  from: string;
  /** Last local day (inclusive), or ''. */
  to: string;
  q: string;
  /** From 1. */
  page: number;
}

const oneOf = (value: string | null, options: readonly { id: string }[]): string =>
  options.some((o) => o.id === value) ? value! : '';

/** The filters a URL asks for; anything unknown falls back to its default. */
export function readFilters(params: URLSearchParams): InboxFilters {
  const page = Number(params.get('page'));
  const workflow = params.get('workflow') ?? '';
  return {
    state: oneOf(params.get('state'), STATE_OPTIONS),
    workflow: /^\d+$/.test(workflow) ? workflow : '',
    reply: oneOf(params.get('reply'), REPLY_OPTIONS),
    hidden: oneOf(params.get('hidden'), VISIBILITY_OPTIONS),
    unread: params.get('unread') === '1',
    from: isDay(params.get('from')) ? params.get('from')! : '',
    to: isDay(params.get('to')) ? params.get('to')! : '',
    q: (params.get('q') ?? '').slice(0, 200),
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The search params of a change: defaults are left out; any filter change goes back to page 1. */
export function filterSearch(change: Partial<InboxFilters>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(change)) {
    if (key === 'page') continue;
    if (key === 'unread') out.unread = value ? '1' : null;
    else out[key] = value === '' ? null : String(value);
  }
  out.page = change.page && change.page > 1 ? String(change.page) : null;
  return out;
}

/** Whether any filter (not the page) narrows the list. */
export const isFiltered = (f: InboxFilters): boolean =>
  Boolean(f.state || f.workflow || f.reply || f.hidden || f.unread || f.from || f.to || f.q);

/** The UTC instant of a local midnight in a time zone. */
export function startOfDay(day: string, timezone: string): Date {
  const guess = Date.parse(`${day}T00:00:00Z`);
  const offsetAt = (instant: number): number => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(new Date(instant));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
    return local - instant;
  };
  let instant = guess - offsetAt(guess);
  instant = guess - offsetAt(instant); // the offset at the answer itself (DST days)
  return new Date(instant);
}

/** A search as the API takes it: a phone typed with spaces, dashes, dots, brackets or + becomes its digits. */
export function searchText(q: string): string {
  const text = q.trim();
  return /^[\d\s().+-]+$/.test(text) && /\d/.test(text) ? text.replace(/\D/g, '') : text;
}

/** The list API's query for the filters (local days turned into instants of the brand's time zone). */
export function listQuery(f: InboxFilters, timezone: string): Record<string, string | number | boolean | undefined> {
  return {
    checkout_state: f.state || undefined,
    workflow_id: f.workflow || undefined,
    has_response: f.reply === 'yes' ? true : f.reply === 'no' ? false : undefined,
    is_hidden: f.hidden === 'hidden' ? true : f.hidden === 'all' ? undefined : false,
    is_unread: f.unread ? true : undefined,
    from: f.from ? startOfDay(f.from, timezone).toISOString() : undefined,
    to: f.to ? startOfDay(addDays(f.to, 1), timezone).toISOString() : undefined,
    q: searchText(f.q) || undefined,
    offset: (f.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
}
