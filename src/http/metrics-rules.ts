/**
 * Pure rules of the metrics' labels. A label value is a code a person chose (a task, a source, a
 * status, a reason's code), never a person's data: anything that could be a phone number, an
 * e-mail address or free text is replaced, so a brand name or a shopper's number cannot reach a
 * monitoring system through a provider's error text.
 */

export const LABEL_MAX_LENGTH = 48;

/** A code: lower case letters, digits and `_ : . -`, at most LABEL_MAX_LENGTH characters. */
const CODE = /^[a-z0-9_:.-]+$/;

/**
 * The label value of a code as stored (a status reason's code, a skip reason, a consent source):
 * trimmed and lower-cased; 'unknown' when empty; 'other' when it is not one code (words with
 * spaces, an address, a URL), carries a run of five or more digits (a number), or contains one of
 * the `forbidden` names (the brands', at least four letters).
 */
export function metricLabel(value: string | null | undefined, forbidden: readonly string[] = []): string {
  const text = (value ?? '').trim().toLowerCase();
  if (!text) return 'unknown';
  if (text.length > LABEL_MAX_LENGTH || !CODE.test(text) || /\d{5,}/.test(text)) return 'other';
  if (forbidden.some((name) => name.length >= 4 && text.includes(name))) return 'other';
  return text;
}

/** The words of brand names a label must not contain: each name and each of its words, lower case. */
export function forbiddenNames(names: readonly string[]): string[] {
  const out = new Set<string>();
  for (const name of names) {
    const lower = name.trim().toLowerCase();
    if (lower.length >= 4) out.add(lower.replace(/\s+/g, '_'));
    for (const word of lower.split(/[^a-z0-9]+/)) if (word.length >= 4) out.add(word);
  }
  return [...out];
}

/**
 * The route label of a request: the route's pattern as registered (`/api/brands/:brandId`), never
 * the URL itself; 'unmatched' when no route matched (404s, the panel's deep links).
 */
export function routeLabel(pattern: string | undefined): string {
  return pattern && pattern.length <= 200 ? pattern : 'unmatched';
}

/** Adds up samples that share their labels (after labels were replaced by 'other'). */
export function sumByLabel<T extends { label: string; count: number }>(
  rows: T[],
): Array<{ label: string; count: number }> {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.label, (sums.get(row.label) ?? 0) + row.count);
  return [...sums].map(([label, count]) => ({ label, count })).sort((a, b) => a.label.localeCompare(b.label));
}
