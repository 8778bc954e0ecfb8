import { mergeCompanions } from '../../core/benchmarks/companions';
import { csvMappingSchema, type CsvMapping } from '../../core/benchmarks/csv';
import { describeIssue } from '../../core/benchmarks/issues';
import { importFile } from '../../core/benchmarks/importer';
import { type FileImport } from '../../core/benchmarks/import-contract';
import type { RequestTable } from '../../core/benchmarks/request-table';
import { platformHost } from '../../platform/host';
import { json, parseFlags, type CliCommand } from '../command';
import { nodeParts } from '../import-parts';
import { readEachFile, readJsonOption } from '../files';

/**
 * `import FILE…`: reads benchmark result files the way the app does (content sniffing,
 * streaming, companion files merged) and prints the normalised runs as JSON.
 *
 * Output: `{ files: [...] }`, one entry per file, in order:
 * - `file` {name, size, hash, hashAlgorithm}: hash is the SHA-256 of files up to 4 MiB, else
 *   the SHA-256 over the SHA-256 digests of their 4 MiB blocks;
 * - `status` ok | partial (rows skipped or the file damaged) | failed | needs-mapping | cancelled;
 * - `format` (vllm, sglang, guidellm, llmperf-summary, llmperf-individual, aiperf-json,
 *   aiperf-csv, aiperf-jsonl, genai-perf-json, genai-perf-csv, inferencex, inference-perf,
 *   request-log, api-usage, openai-org-usage, mapped-csv);
 * - `issues` [{severity, code, line, field, detail, message}], `issuesOmitted`;
 * - `rows` {read, skipped, skippedSamples [{line, code, field}]};
 * - `runs`: the normalised run records (src/core/benchmarks/run-schema.ts; all times in ms,
 *   throughput per second, percentiles as {"99": value}; `metrics` are the file's own figures,
 *   `recomputed` the ones computed from per-request data, `comparison` the two side by side);
 * - `csvPreview` for CSV files of unknown layout (headers, sample rows, suggested mapping);
 * - `mergedInto` when the file's requests were merged into a run of another file;
 * - with `--per-request`: `requests` per run id, columns as arrays (null = missing).
 *
 * Options: `--mapping mapping.json` (a column mapping for CSV files; see `csvMappingSchema`),
 * `--per-request`. Exit codes: 0 every file imported (possibly partially); 1 a file failed or
 * needs a mapping; 2 usage error.
 */
function column(values: ArrayLike<number>): (number | null)[] {
  return Array.from(values, (v) => (Number.isFinite(v) ? v : null));
}

function requestsJson(t: RequestTable) {
  return {
    count: t.count,
    ok: Array.from(t.ok, (v) => v === 1),
    ttftMs: column(t.ttftMs),
    e2elMs: column(t.e2elMs),
    tpotMs: column(t.tpotMs),
    perTokenMs: column(t.perTokenMs),
    inputTokens: column(t.inputTokens),
    outputTokens: column(t.outputTokens),
    startS: column(t.startS),
    itlGapsMs: t.itlGapsMs ? column(t.itlGapsMs) : null,
  };
}

export const importCommand: CliCommand = {
  name: 'import',
  summary: 'Read benchmark result files (vLLM, SGLang, GuideLLM, llmperf, AIPerf, …) and print the normalised runs as JSON',
  usage: 'import <file> [<file> …] [--mapping mapping.json] [--per-request]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    if (positional.length === 0) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let mapping: CsvMapping | null = null;
    const mappingPath = flags.get('mapping');
    if (typeof mappingPath === 'string') {
      const m = await readJsonOption(mappingPath, io, csvMappingSchema);
      if (typeof m === 'string') {
        io.err(m);
        return 2;
      }
      mapping = m;
    }
    const host = platformHost();
    const read = await readEachFile(positional, io, (source, i) =>
      importFile(
        source,
        { ...host, parts: nodeParts.forFile(positional[i] as string, source.name, source.size) },
        { mapping, fileIndex: i, fileCount: positional.length },
      ),
    );
    if (read === null) return 1;
    const results: FileImport[] = read;
    mergeCompanions(results);
    const perRequest = flags.has('per-request');
    let failed = false;
    const files = results.map((r) => {
      for (const issue of r.issues) if (issue.severity !== 'info') io.err(describeIssue(r.file.name, issue));
      if (r.status === 'failed' || r.status === 'needs-mapping') failed = true;
      return {
        file: r.file,
        status: r.status,
        format: r.format,
        issues: r.issues.map((issue) => ({ ...issue, message: describeIssue(r.file.name, issue) })),
        issuesOmitted: r.issuesOmitted,
        rows: r.rows,
        runs: r.runs,
        csvPreview: r.csvPreview,
        mergedInto: r.mergedInto,
        ...(perRequest ? { requests: Object.fromEntries(r.tables.map((t) => [t.runId, requestsJson(t.table)])) } : {}),
      };
    });
    io.out(json({ files }));
    return failed ? 1 : 0;
  },
};
