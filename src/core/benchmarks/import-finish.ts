import type { ParsedRun } from './common';
import { aiperfCsvRun } from './formats/aiperf';
import { describeValue, type TextReaders } from './import-sniff';
import { finalHash } from './import-stream';
import type { FileImport, ImportHost, ImportStatus } from './import-contract';
import type { IssueLog } from './issues';
import { suggestMapping } from './csv';
import type { FileContext } from './common';

/*
 * The finish half of the import: the end of the text (a JSON document's last value, a CSV's open
 * quote, the preview of a CSV of unknown layout), the runs of the format's parser, the content
 * hash, and the file's status.
 */

/** What the end of the text gives: runs to keep, or the status the file ends with at once. */
export type TextEnd = { runs: ParsedRun[] } | { status: ImportStatus };

/** Ends the readers once every byte is read (`stoppedEarly`: a CSV preview that needed no more). */
export function endText(readers: TextReaders, ctx: FileContext, result: FileImport, stoppedEarly: boolean): TextEnd {
  const issues = ctx.issues;
  if (readers.json) {
    const end = readers.json.end();
    if (end.error) issues.add('error', 'invalid-json', end.error.line, null, `column ${end.error.column}: ${end.error.problem}`);
    else if (end.truncated) issues.add('error', 'truncated', end.salvagedLine, null, null);
    if (end.salvaged !== undefined) readers.dispatch(end.salvaged, end.salvagedLine);
    if (end.shortenedStrings > 0) issues.add('info', 'strings-shortened', null, null, `${end.shortenedStrings} strings`);
  }
  if (readers.preview) {
    if (!stoppedEarly) readers.csv?.end();
    if (readers.overLimit()) return { status: 'failed' };
    readers.preview.headers = readers.csvHeader ?? [];
    readers.preview.suggested = suggestMapping(readers.preview.headers, readers.preview.delimiter);
    issues.add('info', 'needs-column-mapping', 1, null, readers.preview.headers.slice(0, 12).join(', '));
    return { status: 'needs-mapping' };
  }
  if (readers.csv) {
    const { unterminatedQuote } = readers.csv.end();
    if (readers.overLimit()) return { status: 'failed' };
    if (unterminatedQuote) issues.add('warning', 'truncated', null, null, 'an opening quote is never closed');
  }
  if (readers.mode === 'csv-known' && readers.csvKind) {
    result.format = readers.csvKind;
    return { runs: [{ run: aiperfCsvRun(ctx, readers.csvRows, readers.csvKind), table: null }] };
  }
  if (readers.parser) {
    result.format = readers.format;
    return { runs: readers.parser.finish() };
  }
  const what = readers.firstUnrecognised === undefined ? 'no JSON value' : describeValue(readers.firstUnrecognised);
  issues.add('error', 'unrecognised-format', readers.pending[0]?.line ?? 1, null, what);
  return { runs: [] };
}

/** The runs under the file's content hash, and the file's status. */
export async function keepRuns(
  host: ImportHost,
  issues: IssueLog,
  result: FileImport,
  runs: ParsedRun[],
  digests: Promise<Uint8Array>[],
): Promise<ImportStatus> {
  const { hash, algorithm } = await finalHash(host, digests);
  result.file.hash = hash;
  result.file.hashAlgorithm = algorithm;
  for (const p of runs) {
    p.run.source.fileHash = hash;
    p.run.id = `${hash.slice(0, 16)}-${p.run.source.index}`;
    result.runs.push(p.run);
    if (p.table) result.tables.push({ runId: p.run.id, table: p.table });
  }
  if (result.runs.length === 0 && !issues.issues.some((i) => i.code === 'unrecognised-format')) issues.add('error', 'no-runs', null, null, null);
  const damaged = issues.rowsSkipped > 0 || issues.issues.some((i) => i.severity === 'error' || i.code === 'truncated');
  return result.runs.length === 0 ? 'failed' : damaged ? 'partial' : 'ok';
}
