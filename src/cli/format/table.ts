/**
 * Tables for people (aligned columns, numbers to the right) and the same tables as CSV (RFC 4180:
 * a field with a comma, a quote or a line break is quoted, quotes doubled; lines end with \n).
 */
export interface Table {
  /** A line above the table (omitted from CSV). */
  title?: string;
  headers: string[];
  rows: Array<Array<string | number | null>>;
  /** Columns aligned to the right (numbers); default: every column but the first. */
  right?: number[];
}

const cell = (v: string | number | null): string => (v === null ? '-' : String(v));

export function renderTable(table: Table): string {
  const right = new Set(table.right ?? table.headers.map((_, k) => k).slice(1));
  const cells = [table.headers, ...table.rows.map((r) => r.map(cell))];
  const widths = table.headers.map((_, k) => Math.max(...cells.map((r) => (r[k] ?? '').length)));
  const line = (r: string[]): string =>
    r
      .map((v, k) => (right.has(k) ? v.padStart(widths[k]!) : v.padEnd(widths[k]!)))
      .join('  ')
      .trimEnd();
  return [...(table.title ? [table.title] : []), ...cells.map(line)].join('\n');
}

const csvField = (v: string | number | null): string => {
  const s = v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

export function toCsv(table: Pick<Table, 'headers' | 'rows'>): string {
  return [table.headers, ...table.rows].map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}
