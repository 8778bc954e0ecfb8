import {
  deriveThroughput,
  emptySummary,
  extra,
  has,
  isRecord,
  newRun,
  nonNeg,
  normaliseDate,
  note,
  num,
  positiveInt,
  putPercentile,
  requestRate,
  setMetric,
  str,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import { isUnfinished } from '../json-stream';
import { recompute } from '../recompute';
import { RequestTableBuilder, type RequestTable } from '../request-table';
import type { MetricDefinition, MetricId, MetricSummary } from '../run-schema';

/**
 * vLLM `vllm bench serve --save-result` / `benchmarks/benchmark_serving.py` result JSON
 * (bench-formats.md §2): one object per run; several objects as JSON Lines with
 * `--append-result`; an array of them in `vllm bench sweep`'s summary.json.
 * Summary latencies are `*_ms` (ms); per-request arrays `ttfts`, `itls`, `latencies` are
 * seconds. TPOT = (latency − TTFT)/(output − 1) per request; ITL = chunk gaps pooled.
 */
export function looksLikeVllm(v: Record<string, unknown>): boolean {
  if (has(v, 'total_output_tokens_retokenized')) return false;
  const engineKeys = has(v, 'model_id') || has(v, 'backend') || has(v, 'tokenizer_id');
  const resultKeys = has(v, 'request_throughput') || has(v, 'completed');
  const latencyKey = Object.keys(v).some((k) => /^(mean|median|p\d+(\.\d+)?)_(ttft|tpot|itl|e2el)_ms$/.test(k));
  return engineKeys && resultKeys && latencyKey;
}

const METRICS: Record<string, MetricId> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2el' };
const DEFINITIONS: Record<MetricId, MetricDefinition> = {
  ttft: { sourceName: 'ttft_ms', weighting: 'requests', percentileMethod: 'linear' },
  tpot: { sourceName: 'tpot_ms', weighting: 'requests', percentileMethod: 'linear' },
  itl: { sourceName: 'itl_ms', weighting: 'chunks', percentileMethod: 'linear' },
  e2el: { sourceName: 'e2el_ms', weighting: 'requests', percentileMethod: 'linear' },
  perTokenInclTtft: { sourceName: '', weighting: 'requests', percentileMethod: 'linear' },
};

const ENGINES = new Set(['vllm', 'sglang', 'tgi', 'lmdeploy', 'deepspeed-mii', 'tensorrt-llm', 'scalellm', 'llama.cpp', 'mlx']);

const KNOWN = new Set([
  'date',
  'endpoint_type',
  'backend',
  'label',
  'model_id',
  'tokenizer_id',
  'num_prompts',
  'request_rate',
  'burstiness',
  'max_concurrency',
  'duration',
  'completed',
  'failed',
  'total_input_tokens',
  'total_output_tokens',
  'request_throughput',
  'request_goodput',
  'request_goodput:',
  'output_throughput',
  'total_token_throughput',
  'input_throughput',
  'input_lens',
  'output_lens',
  'ttfts',
  'itls',
  'latencies',
  'start_times',
  'generated_texts',
  'errors',
  'queue_times',
  'mode',
  'per_turn_metrics',
  'spec_decode_per_position_acceptance_rates',
  'gpu',
  'hw',
  'hardware',
  'framework',
  'model',
  'max_output_tokens_per_s',
  'max_concurrent_requests',
  'multi_turn_concurrency',
  'num_gpus',
  'gpus',
  'precision',
  'quantization',
  'base_url',
]);

/** Flat `mean_/median_/std_/p{P}_<metric>_ms` keys into one summary per metric, in ms. */
export function flatMetrics(v: Record<string, unknown>, suffix: '_ms' | ''): Partial<Record<MetricId, MetricSummary>> {
  const out: Partial<Record<MetricId, MetricSummary>> = {};
  const re = new RegExp(`^(mean|median|std|min|max|p\\d+(?:\\.\\d+)?)_(ttft|tpot|itl|e2el)${suffix}$`);
  for (const [key, raw] of Object.entries(v)) {
    const m = re.exec(key);
    if (!m) continue;
    const value = nonNeg(raw);
    if (value === null) continue;
    const id = METRICS[m[2] as string] as MetricId;
    const s = (out[id] ??= emptySummary());
    const stat = m[1] as string;
    if (stat === 'mean') s.mean = value;
    else if (stat === 'median') s.median = value;
    else if (stat === 'std') s.std = value;
    else if (stat === 'min') s.min = value;
    else if (stat === 'max') s.max = value;
    else putPercentile(s, Number(stat.slice(1)), value);
  }
  for (const s of Object.values(out)) if (s.median === null && s.percentiles['50'] !== undefined) s.median = s.percentiles['50'];
  return out;
}

function arrayOf(v: unknown): unknown[] | null {
  return Array.isArray(v) ? v : null;
}

/** Per-request parallel arrays (seconds) into a request table; null when the file has none. */
function perRequestTable(ctx: FileContext, v: Record<string, unknown>, line: number | null, field: string): RequestTable | null {
  const ttfts = arrayOf(v.ttfts);
  const latencies = arrayOf(v.latencies);
  if (!ttfts && !latencies) return null;
  const itls = arrayOf(v.itls);
  const inLens = arrayOf(v.input_lens);
  const outLens = arrayOf(v.output_lens);
  const errors = arrayOf(v.errors);
  const starts = arrayOf(v.start_times);
  const n = Math.max(ttfts?.length ?? 0, latencies?.length ?? 0);
  const b = new RequestTableBuilder();
  let badValues = 0;
  for (let i = 0; i < n; i++) {
    const ttftS = num(ttfts?.[i]);
    const latS = num(latencies?.[i]);
    const out = num(outLens?.[i]);
    const err = errors?.[i];
    let ok = errors ? err === '' || err === null || err === undefined : (out ?? 1) > 0;
    if ((ttftS !== null && ttftS < 0) || (latS !== null && latS < 0)) {
      badValues += 1;
      ok = false;
    }
    // Failed requests are written as zeros (pitfall 8): never let them into the statistics.
    const ttftMs = ok && ttftS !== null ? ttftS * 1000 : Number.NaN;
    const e2elMs = ok && latS !== null ? latS * 1000 : Number.NaN;
    b.add(ok, ttftMs, e2elMs, Number.NaN, Number.NaN, num(inLens?.[i]) ?? Number.NaN, out ?? Number.NaN, num(starts?.[i]) ?? Number.NaN);
    const gaps = arrayOf(itls?.[i]);
    if (ok && gaps) {
      const ms = new Float64Array(gaps.length);
      let k = 0;
      for (const g of gaps) {
        const x = num(g);
        if (x !== null && x >= 0) ms[k++] = x * 1000;
      }
      b.addGaps(ms.subarray(0, k));
    }
  }
  if (badValues > 0) ctx.issues.add('warning', 'field-negative', line, `${field}ttfts/latencies`, `${badValues} negative per-request values treated as failed`);
  return b.build();
}

export function vllmRunFromObject(ctx: FileContext, v: Record<string, unknown>, index: number, line: number | null, field: string): ParsedRun {
  const run = newRun(ctx, 'vllm', 'vllm', index, line);
  run.model = str(v.model_id) ?? str(v.model);
  run.label = str(v.label);
  const backend = str(v.backend);
  const framework = str(v.framework);
  run.engine = framework ?? (backend && ENGINES.has(backend.toLowerCase()) ? backend : null);
  run.endpoint = { kind: 'self-hosted', provider: null, target: str(v.base_url) ?? null };
  run.hardware = str(v.gpu) ?? str(v.hw) ?? str(v.hardware);
  run.gpus = positiveInt(v.num_gpus) ?? positiveInt(v.gpus);
  run.precision = str(v.precision) ?? str(v.quantization);
  const { date, localNoZone } = normaliseDate(v.date);
  run.date = date;
  if (localNoZone) note(run, 'local-time-no-zone');
  const multiTurn = v.mode === 'multi_turn';
  if (multiTurn) note(run, 'multi-turn', str(v.workload));
  run.load = {
    concurrency: nonNeg(v.max_concurrency) ?? (multiTurn ? nonNeg(v.multi_turn_concurrency) : null),
    requestRate: requestRate(v.request_rate),
    measuredConcurrency: null,
    strategy: multiTurn || (v.max_concurrency !== null && v.max_concurrency !== undefined) ? 'concurrency' : 'rate',
  };
  run.durationS = nonNeg(v.duration);
  const completed = nonNeg(v.completed);
  let failed = nonNeg(v.failed);
  const prompts = nonNeg(v.num_prompts);
  if (failed === null && completed !== null && prompts !== null && prompts >= completed && !multiTurn) {
    // Older files have no failed count (pitfall 9): the prompts that did not complete failed.
    failed = prompts - completed;
    if (failed > 0) note(run, 'failed-inferred', `${prompts} − ${completed}`);
  }
  run.requests.ok = completed;
  run.requests.failed = failed;
  run.requests.total = completed !== null && failed !== null ? completed + failed : prompts;
  const errs = arrayOf(v.errors);
  if (errs) {
    const counts = new Map<string, number>();
    for (const e of errs) if (typeof e === 'string' && e !== '') counts.set(e.slice(0, 300), (counts.get(e.slice(0, 300)) ?? 0) + 1);
    run.requests.errors = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 200)
      .map(([kind, count]) => ({ kind, count }));
  }
  run.tokens = { input: nonNeg(v.total_input_tokens), output: nonNeg(v.total_output_tokens) };
  const out = nonNeg(v.output_throughput);
  const input = nonNeg(v.input_throughput);
  run.throughput.requestsPerS = nonNeg(v.request_throughput);
  run.throughput.outputTokensPerS = out;
  run.throughput.totalTokensPerS = nonNeg(v.total_token_throughput) ?? (input !== null && out !== null ? input + out : null);
  const goodColon = has(v, 'request_goodput:');
  run.fileGoodputRps = nonNeg(v.request_goodput) ?? nonNeg(v['request_goodput:']);
  if (goodColon) note(run, 'goodput-key-with-colon');

  const metrics = flatMetrics(v, '_ms');
  if (completed === 0) {
    // vLLM writes 0.0 for every statistic when nothing succeeded: these are not latencies.
    note(run, 'all-failed-zero-stats');
  } else {
    for (const [id, s] of Object.entries(metrics) as [MetricId, MetricSummary][]) setMetric(run, id, s, DEFINITIONS[id]);
  }
  if (Object.keys(run.metrics).length === 0 && completed !== 0) note(run, 'no-latency');

  extra(run, 'max_output_tokens_per_s', num(v.max_output_tokens_per_s));
  extra(run, 'max_concurrent_requests', num(v.max_concurrent_requests));
  extra(run, 'burstiness', num(v.burstiness));
  // Everything else scalar is kept for display: spec-decode figures, sweep parameters and the
  // user's `--metadata` (which vLLM merges into the top level).
  for (const [key, raw] of Object.entries(v)) {
    if (KNOWN.has(key) || /_ms$/.test(key)) continue;
    if (typeof raw === 'string' || typeof raw === 'number') extra(run, key, raw);
  }
  deriveThroughput(run);
  const table = perRequestTable(ctx, v, line, field);
  if (table && table.count > 0) {
    const partial = completed !== null && failed !== null && table.count < completed + failed;
    recompute(run, table, { method: 'linear', ddof: 0, sampled: false, partial, tick: ctx.tick });
    if (partial) note(run, 'per-request-partial', `${table.count} of ${completed! + failed!}`);
  }
  return { run, table: table && table.count > 0 ? table : null };
}

export function vllmParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'vllm',
    value(value, line) {
      const where = `[${runs.length}]`;
      if (!isRecord(value)) {
        ctx.issues.skip(line, 'row-not-object', null, typeof value);
        return;
      }
      if (!looksLikeVllm(value)) {
        ctx.issues.skip(line, isUnfinished(value) ? 'row-unfinished' : 'row-other-format', null, Object.keys(value).slice(0, 6).join(', '));
        return;
      }
      if (isUnfinished(value)) ctx.issues.add('warning', 'row-unfinished', line, null, 'the last run is cut off; its figures are those present');
      const parsed = vllmRunFromObject(ctx, value, runs.length, line, where);
      runs.push(parsed);
    },
    finish: () => runs,
  };
}
