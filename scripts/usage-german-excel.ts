/**
 * Writes the German Excel re-saves of usage fixtures (fixtures/usage/GERMAN_EXCEL_*.csv, provenance
 * in fixtures/usage/SOURCES.md): what a German-locale Excel writes when a usage export is opened
 * and saved again as "CSV UTF-8 (durch Trennzeichen getrennt)":
 * - `;` between cells (the list separator of the German locale; the comma is its decimal mark);
 * - numbers in the General format with a decimal comma and without trailing zeros
 *   (`10.0` → `10`, `0.8958740000000000` → `0,895874`), integers as they are;
 * - the booleans in German (`FALSE` → `FALSCH`, `TRUE` → `WAHR`);
 * - text that Excel does not take for a date or a number (ISO 8601 with `T` and an offset, ids,
 *   model names) as it was; empty cells empty;
 * - a UTF-8 byte order mark and CRLF line ends.
 * The rows and their order are the source's. Rerun with `npx tsx scripts/usage-german-excel.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const DIR = new URL('../fixtures/usage/', import.meta.url);

/** A number as German Excel's General format writes it (the values here need no exponent). */
function germanNumber(cell: string): string {
  return String(Number(cell)).replace('.', ',');
}

function germanCell(cell: string): string {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return germanNumber(cell);
  if (cell === 'FALSE') return 'FALSCH';
  if (cell === 'TRUE') return 'WAHR';
  if (cell.includes(';') || cell.includes('"')) return `"${cell.replaceAll('"', '""')}"`;
  return cell;
}

function germanExcelResave(text: string, delimiter: '\t' | ','): string {
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1) === '') lines.pop();
  // The sources have no quoted cells, so a plain split is the CSV split here.
  const out = lines.map((line, i) =>
    line
      .split(delimiter)
      .map((cell) => (i === 0 ? cell : germanCell(cell)))
      .join(';'),
  );
  return `\uFEFF${out.join('\r\n')}\r\n`;
}

const jobs: { from: string; delimiter: '\t' | ','; to: string }[] = [
  { from: 'REAL_openai_usage_export_completions.tsv', delimiter: '\t', to: 'GERMAN_EXCEL_openai_usage_export_completions.csv' },
  { from: 'REAL_openai_cost_export.tsv', delimiter: '\t', to: 'GERMAN_EXCEL_openai_cost_export.csv' },
  { from: 'SCHEMA_hourly_aggregate.csv', delimiter: ',', to: 'GERMAN_EXCEL_hourly_aggregate.csv' },
];

for (const job of jobs) {
  const text = readFileSync(new URL(job.from, DIR), 'utf8');
  writeFileSync(new URL(job.to, DIR), germanExcelResave(text, job.delimiter));
  console.log(`${job.from} → ${job.to}`);
}
