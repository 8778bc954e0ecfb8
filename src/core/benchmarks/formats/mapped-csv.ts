import type { FileContext, ValueParser } from '../common';
import { unitFactorToMs, type CsvMapping, type CsvRow } from '../csv';
import { requestLogParser } from './request-log';

/**
 * Any per-request CSV through a user-chosen column mapping: each row becomes a per-request
 * record in ms and goes through the same checks as a JSONL request log; messages name the
 * CSV's own column headers.
 */
const FAILED = new Set(['error', 'errored', 'failed', 'failure', 'fail', 'timeout', 'false', '0', 'no', 'cancelled']);

function cellNumber(raw: string | undefined, decimalComma: boolean): number | string | null {
  if (raw === undefined) return null;
  const t = raw.trim();
  if (t === '' || t.toUpperCase() === 'N/A' || t.toLowerCase() === 'null') return null;
  const normal = decimalComma && /^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : t.replace(/,/g, '');
  const n = Number(normal);
  return Number.isFinite(n) && normal !== '' ? n : t;
}

export interface MappedCsvParser {
  header(cells: string[]): void;
  row(row: CsvRow): void;
  parser: ValueParser;
}

export function mappedCsvParser(ctx: FileContext, mapping: CsvMapping): MappedCsvParser {
  let headers: string[] = [];
  const labelOf = (field: string): string => {
    const col =
      field === 'ttft_ms'
        ? mapping.ttft?.column
        : field === 'duration_ms'
          ? mapping.e2el?.column
          : field === 'tpot_ms'
            ? mapping.tpot?.column
            : field === 'in_tok'
              ? mapping.inputTokens
              : field === 'out_tok'
                ? mapping.outputTokens
                : null;
    return col === null || col === undefined ? field : (headers[col] ?? `column ${col + 1}`);
  };
  const parser = requestLogParser(ctx, { format: 'mapped-csv', label: labelOf });
  const decimalComma = mapping.delimiter === ';';
  const time = (cells: string[], spec: CsvMapping['ttft']): number | string | null => {
    if (!spec) return null;
    const v = cellNumber(cells[spec.column], decimalComma);
    return typeof v === 'number' ? v * unitFactorToMs(spec.unit) : v;
  };
  return {
    header(cells) {
      headers = cells.map((c) => c.trim());
      const maxCol = Math.max(
        mapping.ttft?.column ?? -1,
        mapping.e2el?.column ?? -1,
        mapping.tpot?.column ?? -1,
        mapping.inputTokens ?? -1,
        mapping.outputTokens ?? -1,
        mapping.status ?? -1,
        mapping.timestamp ?? -1,
        mapping.model ?? -1,
      );
      if (maxCol >= headers.length) ctx.issues.add('error', 'mapping-invalid', 1, `column ${maxCol + 1}`, `the header has ${headers.length} columns`);
    },
    row({ cells, line }) {
      if (cells.length === 0) return;
      if (cells.length !== headers.length) {
        ctx.issues.skip(line, 'csv-row-width', null, `${cells.length} cells, header has ${headers.length}`);
        return;
      }
      const statusCell = mapping.status === null ? null : (cells[mapping.status] ?? '').trim().toLowerCase();
      const code = statusCell !== null && /^\d{3}$/.test(statusCell) ? Number(statusCell) : null;
      const failed = statusCell !== null && (FAILED.has(statusCell) || (code !== null && code >= 400));
      const record: Record<string, unknown> = {
        ttft_ms: time(cells, mapping.ttft),
        duration_ms: time(cells, mapping.e2el),
        in_tok: mapping.inputTokens === null ? null : cellNumber(cells[mapping.inputTokens], decimalComma),
        out_tok: mapping.outputTokens === null ? null : cellNumber(cells[mapping.outputTokens], decimalComma),
        status: failed ? (statusCell === 'timeout' ? 'timeout' : 'error') : 'ok',
      };
      if (mapping.tpot) record.tpot_ms = time(cells, mapping.tpot);
      if (code !== null) record.http_status = code;
      if (mapping.timestamp !== null) {
        const t = cells[mapping.timestamp] ?? '';
        const n = cellNumber(t, decimalComma);
        record.ts = typeof n === 'number' ? n : t;
      }
      if (mapping.model !== null) record.model = (cells[mapping.model] ?? '').trim() || null;
      parser.value(record, line, null);
    },
    parser,
  };
}
