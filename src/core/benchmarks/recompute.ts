import { hasAnyStat } from './common';
import { tableSummary, type RequestTable, type RowSummary } from './request-table';
import type { BenchRun, ComparisonRow, MetricId, MetricSummary } from './run-schema';
import { agrees, summarizeFinite, summarizeWeighted, type PercentileMethod } from './stats';

/**
 * Recomputes a run's statistics from its per-request data and compares them with the file's
 * own summary, figure by figure. Neither side is preferred: both are kept and every difference
 * is listed (SPEC §5). Recomputation follows the tool's definitions (percentile method,
 * standard deviation, token weighting), so a correct file agrees exactly.
 */
export interface RecomputeOptions {
  method: PercentileMethod;
  ddof: 0 | 1;
  /** The file keeps only a sample of its requests. */
  sampled: boolean;
  /** The per-request data covers fewer requests than the summary (e.g. a truncated companion file). */
  partial: boolean;
  /** Called between metrics so a long recomputation can report progress. */
  tick?: (() => void) | undefined;
}

const DEFAULT_PERCENTILES = [50, 90, 95, 99];

function column(table: RequestTable, id: MetricId): Float64Array | null {
  switch (id) {
    case 'ttft':
      return table.ttftMs;
    case 'e2el':
      return table.e2elMs;
    case 'tpot':
      return table.tpotMs;
    case 'perTokenInclTtft':
      return table.perTokenMs;
    case 'itl':
      return table.itlGapsMs;
  }
}

/** Token weights matching GuideLLM's per-token distributions: out − 1 for TPOT, out for per-token. */
function weightsFor(table: RequestTable, id: MetricId): Float64Array {
  const w = new Float64Array(table.count);
  for (let i = 0; i < table.count; i++) {
    const out = table.outputTokens[i] as number;
    w[i] = table.ok[i] === 1 ? (id === 'tpot' ? out - 1 : out) : 0;
  }
  return w;
}

/** A metric's sketch over every request of a sampled table (not the pooled chunk gaps, which are kept whole). */
function sketchOf(summary: RowSummary, id: MetricId) {
  return id === 'ttft' ? summary.ttft : id === 'e2el' ? summary.e2el : id === 'tpot' ? summary.tpot : id === 'perTokenInclTtft' ? summary.perToken : null;
}

export function summarizeColumn(
  table: RequestTable,
  id: MetricId,
  percentiles: readonly number[],
  method: PercentileMethod,
  ddof: 0 | 1,
  tokenWeighted = false,
  tick?: () => void,
): MetricSummary | null {
  // A sampled table (a log larger than a table keeps): every request's figures are in bounded summaries.
  const all = tableSummary(table);
  const sketch = all && !tokenWeighted ? sketchOf(all, id) : null;
  if (sketch) {
    const s = sketch.summary({ percentiles, method, ddof });
    return s.count === 0 ? null : s;
  }
  const values = column(table, id);
  if (!values) return null;
  if (tokenWeighted && id !== 'itl') return summarizeWeighted(values, weightsFor(table, id), { percentiles, method, ddof });
  const summary = summarizeFinite(values, id === 'itl' ? undefined : table.ok, { percentiles, method, ddof }, tick);
  return summary.count === 0 ? null : summary;
}

function filePercentiles(summary: MetricSummary | undefined): number[] {
  const ps = new Set<number>(DEFAULT_PERCENTILES);
  if (summary) for (const k of Object.keys(summary.percentiles)) ps.add(Number(k));
  return [...ps].filter((p) => p >= 0 && p <= 100).sort((a, b) => a - b);
}

function row(
  quantity: ComparisonRow['quantity'],
  stat: string,
  file: number,
  recomputed: number,
  reason: ComparisonRow['reason'],
  comparable: boolean,
): ComparisonRow {
  const diff = recomputed - file;
  return {
    quantity,
    stat,
    file,
    recomputed,
    diff,
    relDiff: file !== 0 ? diff / Math.abs(file) : null,
    verdict: !comparable ? 'not-comparable' : agrees(file, recomputed) ? 'agrees' : 'differs',
    reason,
  };
}

function compareSummaries(id: MetricId, file: MetricSummary, mine: MetricSummary, reason: ComparisonRow['reason'], comparable: boolean): ComparisonRow[] {
  const rows: ComparisonRow[] = [];
  const pairs: [string, number | null, number | null][] = [
    ['mean', file.mean, mine.mean],
    ['median', file.median, mine.median],
    ['std', file.std, mine.std],
    ['min', file.min, mine.min],
    ['max', file.max, mine.max],
  ];
  for (const [k, v] of Object.entries(file.percentiles)) pairs.push([`p${k}`, v, mine.percentiles[k] ?? null]);
  for (const [stat, a, b] of pairs) if (a !== null && b !== null) rows.push(row(id, stat, a, b, reason, comparable));
  return rows;
}

export function recompute(run: BenchRun, table: RequestTable, options: RecomputeOptions): void {
  const all = tableSummary(table);
  let okCount = 0;
  if (all) okCount = all.ok;
  else for (let i = 0; i < table.count; i++) okCount += table.ok[i] as number;
  const available: MetricId[] = [];
  const recomputed: BenchRun['recomputed'] = {};
  const rows: ComparisonRow[] = [];
  const notComparable = options.sampled || options.partial;
  const baseReason: ComparisonRow['reason'] = options.sampled ? 'sampled' : options.partial ? 'partial' : null;

  for (const id of ['ttft', 'tpot', 'itl', 'e2el', 'perTokenInclTtft'] as const) {
    const def = run.definitions[id];
    // The per-token figure that includes TTFT is only recomputed for tools that report it.
    if (id === 'perTokenInclTtft' && !def) continue;
    options.tick?.();
    const tokenWeighted = def?.weighting === 'tokens';
    const summary = summarizeColumn(table, id, filePercentiles(run.metrics[id]), options.method, options.ddof, tokenWeighted, options.tick);
    if (!summary || !hasAnyStat(summary)) continue;
    recomputed[id] = summary;
    available.push(id);
    const file = run.metrics[id];
    if (file) rows.push(...compareSummaries(id, file, summary, tokenWeighted && !baseReason ? 'token-weighted' : baseReason, !notComparable));
  }

  let outTokens = all ? all.outputTokens : 0;
  let inTokens = all ? all.inputTokens : 0;
  let haveIn = all ? all.haveInput : false;
  for (let i = 0; i < (all ? 0 : table.count); i++) {
    if (table.ok[i] !== 1) continue;
    const o = table.outputTokens[i] as number;
    const n = table.inputTokens[i] as number;
    if (Number.isFinite(o)) outTokens += o;
    if (Number.isFinite(n)) {
      inTokens += n;
      haveIn = true;
    }
  }
  if (run.requests.ok !== null) rows.push(row('ok', 'count', run.requests.ok, okCount, baseReason, !notComparable));
  if (run.tokens.output !== null) rows.push(row('outputTokens', 'total', run.tokens.output, outTokens, baseReason, !notComparable));
  if (run.tokens.input !== null && haveIn) rows.push(row('inputTokens', 'total', run.tokens.input, inTokens, baseReason, !notComparable));
  const d = run.durationS;
  if (d !== null && d > 0) {
    const t = run.throughput;
    if (t.outputTokensPerS !== null && !t.derived.includes('outputTokensPerS'))
      rows.push(row('outputTokensPerS', 'total', t.outputTokensPerS, outTokens / d, baseReason, !notComparable));
    if (t.requestsPerS !== null && !t.derived.includes('requestsPerS'))
      rows.push(row('requestsPerS', 'total', t.requestsPerS, okCount / d, baseReason, !notComparable));
  }

  run.recomputed = recomputed;
  run.comparison = [...run.comparison, ...rows].slice(0, 400);
  run.perRequest = {
    count: all ? all.requests : table.count,
    ok: okCount,
    sampled: options.sampled,
    metrics: available,
    ...(all ? { kept: table.count } : {}),
  };
}
