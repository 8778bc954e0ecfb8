import type { ParsedRun } from './common';
import { mergeAiperf } from './formats/aiperf';
import { mergeLlmperf } from './formats/llmperf';
import type { FileImport } from './import-contract';

/**
 * Some tools split one run over two files: llmperf writes `<stem>_summary.json` and
 * `<stem>_individual_responses.json`; AIPerf writes `profile_export_aiperf.json` and
 * `profile_export.jsonl` side by side. When both arrive in the same import, the per-request
 * file is merged into the summary's run so the file's statistics can be checked against the
 * requests. Files are paired by name only after each was recognised by its content.
 */
/** Folder + the part of the file name before the tool's suffix; null when the name does not fit. */
function stem(name: string, pattern: RegExp): string | null {
  const parts = name.split(/[\\/]/);
  const base = parts.pop() ?? name;
  const m = pattern.exec(base);
  return m ? `${parts.join('/')}/${(m[1] as string).toLowerCase()}` : null;
}

const PAIRS = [
  {
    summary: 'llmperf-summary',
    detail: 'llmperf-individual',
    summaryName: /^(.*)_summary\.json$/i,
    detailName: /^(.*)_individual_responses\.json$/i,
    merge: mergeLlmperf,
  },
  {
    summary: 'aiperf-json',
    detail: 'aiperf-jsonl',
    summaryName: /^(.*)profile_export_aiperf\.json$/i,
    detailName: /^(.*)profile_export(?:_[^.]*)?\.jsonl$/i,
    merge: mergeAiperf,
  },
] as const;

function parsed(file: FileImport, index: number): ParsedRun | null {
  const run = file.runs[index];
  if (!run) return null;
  return { run, table: file.tables.find((t) => t.runId === run.id)?.table ?? null };
}

export function mergeCompanions(files: FileImport[]): void {
  for (const pair of PAIRS) {
    for (const summary of files) {
      if (summary.format !== pair.summary || summary.runs.length !== 1) continue;
      const key = stem(summary.file.name, pair.summaryName);
      if (key === null) continue;
      const detail = files.find(
        (f) => f !== summary && f.format === pair.detail && f.runs.length === 1 && f.mergedInto === null && stem(f.file.name, pair.detailName) === key,
      );
      if (!detail) continue;
      const s = parsed(summary, 0);
      const d = parsed(detail, 0);
      if (!s || !d || !d.table) continue;
      const merged = pair.merge(s, d, detail.file.name);
      summary.tables = merged.table ? [{ runId: merged.run.id, table: merged.table }] : [];
      detail.runs = [];
      detail.tables = [];
      detail.mergedInto = summary.file.name;
    }
  }
}
