/**
 * Pure formatting of the dashboard's cells: ages, times, money, counts, and fixed-width columns
 * that fit the terminal (a flexible column takes what is left; text is cut with an ellipsis).
 */

/** "12s", "5m", "3h", "4d" between `from` and `now`; "-" without a time; "now" for the future. */
export function age(from: Date | null | undefined, now: Date): string {
  if (!from) return '-';
  const s = Math.floor((now.getTime() - from.getTime()) / 1000);
  if (s < 0) return 'now';
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86_400)}d`;
}

/** "in 5m", "in 2h" until `to`; "due" when past. */
export function until(to: Date | null | undefined, now: Date): string {
  if (!to) return '-';
  const s = Math.floor((to.getTime() - now.getTime()) / 1000);
  if (s <= 0) return 'due';
  return `in ${age(now, new Date(now.getTime() + s * 1000))}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "14:05" (UTC) today, else "11-22 14:05" (UTC). */
export function clock(at: Date | null | undefined, now: Date): string {
  if (!at) return '-';
  const hm = `${pad2(at.getUTCHours())}:${pad2(at.getUTCMinutes())}`;
  const sameDay = at.toISOString().slice(0, 10) === now.toISOString().slice(0, 10);
  return sameDay ? hm : `${pad2(at.getUTCMonth() + 1)}-${pad2(at.getUTCDate())} ${hm}`;
}

/** "$1,234.50" for USD, "1,234.50 EUR" otherwise; "-" without a value. */
export function money(value: string | number | null | undefined, currency: string | null = 'USD'): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return !currency || currency === 'USD' ? `$${text}` : `${text} ${currency}`;
}

/** One line of text: newlines and runs of spaces become one space. */
export const oneLine = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Cut to `width` characters (an ellipsis marks the cut) and pad to exactly `width`. */
export function fit(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  const cut = text.length > width ? `${text.slice(0, Math.max(0, width - 1))}…` : text;
  return align === 'right' ? cut.padStart(width) : cut.padEnd(width);
}

export interface Column {
  title: string;
  /** Fixed width; for a flexible column, its smallest width. */
  width: number;
  /** A flexible column's share of the room left by the others (they grow in proportion). */
  flex?: number;
  align?: 'left' | 'right';
}

/**
 * Widths of the columns in `total` characters (one space between columns): the flexible columns
 * share what the fixed ones leave, by their weights; when even the smallest widths do not fit, the
 * last fixed columns are dropped (width 0).
 */
export function columnWidths(columns: Column[], total: number): number[] {
  const widths = columns.map((c) => c.width);
  const used = (): number => widths.reduce((sum, w) => sum + w, 0) + widths.filter((w) => w > 0).length - 1;
  for (let i = widths.length - 1; i > 0 && used() > total; i -= 1) if (!columns[i]!.flex) widths[i] = 0;
  const flexible = columns.flatMap((c, i) => (c.flex ? [i] : []));
  const weight = flexible.reduce((sum, i) => sum + columns[i]!.flex!, 0);
  const room = Math.max(0, total - used());
  let given = 0;
  flexible.forEach((i, n) => {
    const share = n === flexible.length - 1 ? room - given : Math.floor((room * columns[i]!.flex!) / weight);
    widths[i] = widths[i]! + share;
    given += share;
  });
  return widths;
}

/** One row of cells in the given widths (columns of width 0 are left out). */
export function row(cells: string[], columns: Column[], widths: number[]): string {
  return cells
    .map((cell, i) => (widths[i]! > 0 ? fit(cell, widths[i]!, columns[i]!.align) : null))
    .filter((c): c is string => c !== null)
    .join(' ');
}

/** The header row of a table. */
export const header = (columns: Column[], widths: number[]): string =>
  row(
    columns.map((c) => c.title),
    columns,
    widths,
  );
