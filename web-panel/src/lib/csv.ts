/** CSV files for people's spreadsheets: RFC 4180 quoting, formulas neutralised, downloaded in the browser. */

export type Cell = string | number | null | undefined;

const FORMULA = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a comma, quote or line break; a leading =, +, -, @ is made text. */
export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: Cell[][]): string => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** Saves the rows as a .csv file. */
export function downloadCsv(filename: string, rows: Cell[][]): void {
  const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
