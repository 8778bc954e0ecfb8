/**
 * CSV for spreadsheets, hardened against formula injection: a text cell that starts with
 * = + - @, a tab or a carriage return is prefixed with an apostrophe so Excel, LibreOffice and
 * Google Sheets show it as text instead of evaluating it (OWASP "CSV Injection").
 * Numbers are written as plain numbers with a decimal point and no grouping, whatever the UI
 * language; non-finite numbers become empty cells.
 */
export type CsvCell = string | number | boolean | null | undefined;

const DANGEROUS_START = /^[=+\-@\t\r]/;

export function escapeCsvText(text: string): string {
  const safe = DANGEROUS_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return escapeCsvText(value);
}

/** Rows joined with CRLF (RFC 4180), with a header row. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header.map((h) => escapeCsvText(h)), ...rows.map((r) => r.map(csvCell))].map((r) => r.join(',')).join('\r\n') + '\r\n';
}
