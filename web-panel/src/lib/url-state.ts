/**
 * The URL is the view's state: period, filters and page live in the search params, so a link
 * reproduces what the user saw. Every change is a navigation that keeps the other params.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { resolvePeriod, periodSearch, todayIn, type Period } from './period.ts';

export type SearchUpdate = Record<string, string | number | null | undefined>;

/** Applies an update to search params: null, undefined and '' remove a key. */
export function applySearch(current: URLSearchParams, update: SearchUpdate): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(update)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Reads the search params and updates some of them (a new history entry unless `replace`). */
export function useSearchState(): [URLSearchParams, (update: SearchUpdate, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: SearchUpdate, options: { replace?: boolean } = {}) =>
      setParams((current) => applySearch(current, changes), { replace: options.replace }),
    [setParams],
  );
  return [params, update];
}

/** One string filter of the URL with its default. */
export function useSearchParam(key: string, fallback = ''): [string, (value: string | null) => void] {
  const [params, update] = useSearchState();
  const value = params.get(key) ?? fallback;
  const set = useCallback(
    (next: string | null) => update({ [key]: next === fallback ? null : next, page: null }),
    [key, fallback, update],
  );
  return [value, set];
}

/** The period of the URL (`period`, `from`, `to`) in the brand's time zone, and its setter. */
export function usePeriod(timezone: string): [Period, (next: Pick<Period, 'id' | 'from' | 'to'>) => void] {
  const [params, update] = useSearchState();
  const today = todayIn(timezone);
  const [id, from, to] = [params.get('period'), params.get('from'), params.get('to')];
  const period = useMemo(() => resolvePeriod({ period: id, from, to }, today), [id, from, to, today]);
  const set = useCallback((next: Pick<Period, 'id' | 'from' | 'to'>) => update(periodSearch(next)), [update]);
  return [period, set];
}
