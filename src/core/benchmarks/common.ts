import type { IssueLog } from './issues';
import type { FlatRowReader } from './flat-row';
import type { BlockOutlet, ColumnBlock, RequestTable } from './request-table';
import type { BenchRun, FormatId, MetricDefinition, MetricId, MetricSummary, RunNote } from './run-schema';
import type { ToolId } from '../schemas/tool-ids';
import { percentileKey } from './stats';

/** What every format parser gets: the file it reads and where to report problems. */
export interface FileContext {
  name: string;
  size: number;
  hash: string;
  issues: IssueLog;
  /** Lets long steps after the last chunk (statistics over a million requests) report progress. */
  tick?: () => void;
  /** The share of requests a per-request table keeps (request-table.ts `sampleRate`); absent: all. */
  rowRate?: number;
  /** A part read in a helper thread: where its per-request tables send their full blocks as it reads. */
  blocks?: BlockOutlet;
}

/** A run as a parser produces it, with its per-request data when the file has any. */
export interface ParsedRun {
  run: BenchRun;
  table: RequestTable | null;
}

/**
 * A format parser fed with the JSON values of a file in order (one for a document, one per
 * line for JSON Lines). It must not throw: bad rows are reported to the issue log and skipped.
 */
export interface ValueParser {
  format: FormatId;
  /** `index` is the position in a top-level array when the file is an array of rows. */
  value(value: unknown, line: number, index: number | null): void;
  finish(): ParsedRun[];
  /**
   * Present on parsers of flat JSON Lines rows: reads a UTF-8 line's bytes into `row` without
   * decoding or `JSON.parse` (flat-row.ts); the line feeder then hands `row` to `value`. A line
   * it declines goes the usual way.
   */
  rowBytes?: FlatRowReader;
  /**
   * Present on parsers whose state can be carried between threads, so that the parts of a large
   * JSON Lines file are read in parallel: `save` gives a part's state as plain data (typed arrays
   * in `buffers`, to be transferred), `absorb` appends a later part's state with its line numbers
   * moved by `lineShift`, as if this parser had read those lines itself; `blocks` are the table
   * blocks the part sent while it read (`FileContext.blocks`), by number.
   */
  parts?: {
    save(): { state: unknown; buffers: ArrayBuffer[] };
    absorb(state: unknown, lineShift: number, blocks?: readonly ColumnBlock[]): void;
  };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(obj: Record<string, unknown>, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/**
 * A finite number or null. Numeric strings are accepted because several tools write numbers
 * as text (llmperf "550", vLLM metadata values, CSV cells); thousands separators are removed.
 */
export function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const t = value.trim().replace(/,/g, '');
    if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** A non-negative finite number, or null. */
export function nonNeg(value: unknown): number | null {
  const n = num(value);
  return n !== null && n >= 0 ? n : null;
}

export function str(value: unknown, max = 300): string | null {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? null : t.slice(0, max);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function positiveInt(value: unknown): number | null {
  const n = num(value);
  return n !== null && Number.isInteger(n) && n > 0 && n <= 100_000 ? n : null;
}

/** Request rate: a number, or "inf" for Python's float('inf') written as "inf" or Infinity. */
export function requestRate(value: unknown): number | 'inf' | null {
  if (value === Number.POSITIVE_INFINITY) return 'inf';
  if (typeof value === 'string' && /^\+?(inf|infinity)$/i.test(value.trim())) return 'inf';
  const n = nonNeg(value);
  return n;
}

export function emptySummary(): MetricSummary {
  return { count: null, mean: null, median: null, std: null, min: null, max: null, percentiles: {} };
}

export function hasAnyStat(s: MetricSummary): boolean {
  return s.mean !== null || s.median !== null || s.min !== null || s.max !== null || Object.keys(s.percentiles).length > 0;
}

/** Multiplies every figure of a summary (unit conversion). Counts are left alone. */
export function scaleSummary(s: MetricSummary, factor: number): MetricSummary {
  const f = (v: number | null) => (v === null ? null : v * factor);
  const percentiles: Record<string, number> = {};
  for (const [k, v] of Object.entries(s.percentiles)) percentiles[k] = v * factor;
  return { count: s.count, mean: f(s.mean), median: f(s.median), std: f(s.std), min: f(s.min), max: f(s.max), percentiles };
}

export function newRun(ctx: FileContext, tool: ToolId, format: FormatId, index: number, line: number | null): BenchRun {
  return {
    id: `${ctx.hash.slice(0, 16) || 'nohash'}-${index}`,
    source: { fileName: ctx.name.slice(0, 500), fileSize: ctx.size, fileHash: ctx.hash, format, index, line, companionFile: null },
    tool,
    toolVersion: null,
    label: null,
    endpoint: { kind: 'unknown', provider: null, target: null },
    model: null,
    engine: null,
    hardware: null,
    gpus: null,
    precision: null,
    date: null,
    load: { concurrency: null, requestRate: null, measuredConcurrency: null, strategy: null },
    durationS: null,
    requests: { total: null, ok: null, failed: null, incomplete: null, errors: [] },
    tokens: { input: null, output: null },
    throughput: { requestsPerS: null, outputTokensPerS: null, totalTokensPerS: null, outputTokensPerSPerGpu: null, totalTokensPerSPerGpu: null, derived: [] },
    fileGoodputRps: null,
    metrics: {},
    definitions: {},
    recomputed: null,
    comparison: [],
    perRequest: null,
    cost: null,
    extras: [],
    notes: [],
  };
}

export function note(run: BenchRun, code: RunNote['code'], detail: string | null = null): void {
  if (run.notes.length < 40 && !run.notes.some((n) => n.code === code && n.detail === detail))
    run.notes.push({ code, detail: detail === null ? null : detail.slice(0, 300) });
}

export function extra(run: BenchRun, key: string, value: unknown): void {
  if (run.extras.length >= 80) return;
  if (typeof value === 'number' && Number.isFinite(value)) run.extras.push({ key: key.slice(0, 120), value });
  else if (typeof value === 'string' && value.trim() !== '') run.extras.push({ key: key.slice(0, 120), value: value.slice(0, 200) });
}

export function setMetric(run: BenchRun, id: MetricId, summary: MetricSummary, definition: MetricDefinition): void {
  if (!hasAnyStat(summary)) return;
  run.metrics[id] = summary;
  run.definitions[id] = definition;
}

/**
 * Fills throughput figures that the file lacks from totals and duration, and marks them as
 * derived: requests/s = ok / duration, tokens/s = tokens / duration (SPEC §5: system
 * throughput is Σ tokens over wall time).
 */
export function deriveThroughput(run: BenchRun): void {
  const d = run.durationS;
  if (d === null || d <= 0) return;
  const t = run.throughput;
  if (t.requestsPerS === null && run.requests.ok !== null) {
    t.requestsPerS = run.requests.ok / d;
    t.derived.push('requestsPerS');
  }
  if (t.outputTokensPerS === null && run.tokens.output !== null) {
    t.outputTokensPerS = run.tokens.output / d;
    t.derived.push('outputTokensPerS');
  }
  if (t.totalTokensPerS === null && run.tokens.output !== null && run.tokens.input !== null) {
    t.totalTokensPerS = (run.tokens.input + run.tokens.output) / d;
    t.derived.push('totalTokensPerS');
  }
}

/** Self-hosted when the target is this machine or a private network; else unknown. */
export function endpointFromUrl(url: string | null): BenchRun['endpoint'] {
  if (!url) return { kind: 'unknown', provider: null, target: null };
  const m = /^[a-z]+:\/\/([^/:?#]+)/i.exec(url.trim());
  const host = (m?.[1] ?? url).toLowerCase();
  const local =
    host === 'localhost' ||
    host === '0.0.0.0' ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.svc') ||
    host.endsWith('.cluster.local') ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
    !host.includes('.');
  return { kind: local ? 'self-hosted' : 'api', provider: local ? null : host, target: url.slice(0, 300) };
}

/** vLLM dates are "YYYYMMDD-HHMMSS" in local time without a zone; ISO strings pass through. */
export function normaliseDate(raw: unknown): { date: string | null; localNoZone: boolean } {
  if (typeof raw === 'number' && Number.isFinite(raw) && raw > 1e9 && raw < 1e11) {
    return { date: new Date(raw * 1000).toISOString(), localNoZone: false };
  }
  if (typeof raw !== 'string') return { date: null, localNoZone: false };
  const t = raw.trim();
  const m = /^(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})$/.exec(t);
  if (m) return { date: `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`, localNoZone: true };
  if (/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(t)) {
    return { date: t.replace(' ', 'T').slice(0, 40), localNoZone: !/(Z|[+-]\d{2}:?\d{2})$/.test(t) && t.length > 10 };
  }
  return { date: null, localNoZone: false };
}

/** Percentile keys such as "p99", "p99.9", "p001" (GuideLLM: 0.1th) to a numeric percentile. */
export function guidellmPercentile(key: string): number | null {
  const m = /^p(\d+)$/.exec(key);
  if (!m) return null;
  const digits = m[1] as string;
  // GuideLLM writes p001 = 0.1, p01 = 1, p05 = 5, p10 … p99, p999 = 99.9.
  if (digits === '001') return 0.1;
  if (digits === '999') return 99.9;
  const v = Number(digits);
  return v >= 0 && v <= 100 ? v : null;
}

export function putPercentile(summary: MetricSummary, p: number, value: number | null): void {
  if (value === null || !(p >= 0 && p <= 100)) return;
  summary.percentiles[percentileKey(p)] = value;
}

/** Collects errors by kind (message, code) into the run's breakdown, largest first. */
export class ErrorCounter {
  private readonly counts = new Map<string, number>();
  add(kind: string, n = 1): void {
    const k = kind.trim().slice(0, 300) || 'unknown error';
    this.counts.set(k, (this.counts.get(k) ?? 0) + n);
  }
  get size(): number {
    return this.counts.size;
  }
  /** The counts as plain data, in the order they were first seen. */
  save(): [string, number][] {
    return [...this.counts];
  }
  /** Adds counts saved by another counter (a later part of the same file). */
  absorb(saved: readonly [string, number][]): void {
    for (const [k, n] of saved) this.counts.set(k, (this.counts.get(k) ?? 0) + n);
  }
  list(): { kind: string; count: number }[] {
    return [...this.counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 200)
      .map(([kind, count]) => ({ kind, count }));
  }
}
