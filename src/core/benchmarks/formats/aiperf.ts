import {
  deriveThroughput,
  emptySummary,
  endpointFromUrl,
  ErrorCounter,
  extra,
  isRecord,
  newRun,
  nonNeg,
  normaliseDate,
  note,
  num,
  putPercentile,
  setMetric,
  str,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import { isUnfinished } from '../json-stream';
import { recompute } from '../recompute';
import { RequestTableBuilder } from '../request-table';
import type { BenchRun, FormatId, MetricDefinition, MetricId, MetricSummary } from '../run-schema';

/**
 * NVIDIA AIPerf and its predecessor genai-perf (bench-formats.md §6). Every metric carries its
 * unit (`{unit, avg, p1…p99, min, max, std}`), so conversion follows the unit, never the size.
 * Definitions: AIPerf's "inter token latency" is (request latency − TTFT)/(output − 1) per
 * request, which is vLLM's TPOT, so it goes into `tpot`; "inter chunk latency" pools the gaps
 * between streamed chunks, which is vLLM's ITL. When every request failed, AIPerf leaves the
 * latency keys out and reports `error_request_count` and `error_summary`.
 */
export function looksLikeAiperfJson(v: Record<string, unknown>): boolean {
  return (
    (typeof v.aiperf_version === 'string' || typeof v.schema_version === 'string') &&
    (isRecord(v.input_config) || 'error_request_count' in v || 'request_count' in v)
  );
}

export function looksLikeGenaiPerfJson(v: Record<string, unknown>): boolean {
  return isRecord(v.input_config) && isRecord(v.time_to_first_token) && typeof v.time_to_first_token.unit === 'string';
}

export function looksLikeAiperfRecord(v: Record<string, unknown>): boolean {
  return isRecord(v.metadata) && isRecord(v.metrics) && ('request_start_ns' in v.metadata || 'x_request_id' in v.metadata || 'benchmark_phase' in v.metadata);
}

/** Factor from a unit string to ms (latencies) or to "per second" (rates); null if unknown. */
export function timeFactorToMs(unit: unknown): number | null {
  if (typeof unit !== 'string') return null;
  const u = unit.trim().toLowerCase();
  if (u === 'ms' || u === 'millisecond' || u === 'milliseconds') return 1;
  if (u === 's' || u === 'sec' || u === 'second' || u === 'seconds') return 1000;
  if (u === 'us' || u === 'µs' || u === 'microseconds') return 1e-3;
  if (u === 'ns' || u === 'nanoseconds') return 1e-6;
  return null;
}

const LATENCIES: [string, MetricId, MetricDefinition['weighting']][] = [
  ['time_to_first_token', 'ttft', 'requests'],
  ['request_latency', 'e2el', 'requests'],
  ['inter_token_latency', 'tpot', 'requests'],
  ['inter_chunk_latency', 'itl', 'chunks'],
];

function statObject(ctx: FileContext, raw: unknown, key: string): MetricSummary | null {
  if (!isRecord(raw)) return null;
  const factor = timeFactorToMs(raw.unit);
  if (factor === null) {
    ctx.issues.add('warning', 'field-invalid', null, `${key}.unit`, String(raw.unit));
    return null;
  }
  const s = emptySummary();
  const f = (x: unknown) => {
    const n = nonNeg(x);
    return n === null ? null : n * factor;
  };
  s.count = nonNeg(raw.count);
  s.mean = f(raw.avg);
  s.min = f(raw.min);
  s.max = f(raw.max);
  s.std = f(raw.std);
  for (const [k, value] of Object.entries(raw)) {
    const m = /^p(\d+(?:\.\d+)?)$/.exec(k);
    if (m) putPercentile(s, Number(m[1]), f(value));
  }
  s.median = s.percentiles['50'] ?? null;
  return s;
}

function avg(v: Record<string, unknown>, key: string): number | null {
  const m = v[key];
  return isRecord(m) ? nonNeg(m.avg) : null;
}

function durationSeconds(v: Record<string, unknown>, key: string): number | null {
  const m = v[key];
  if (!isRecord(m)) return null;
  const factor = timeFactorToMs(m.unit);
  const a = nonNeg(m.avg);
  return a === null || factor === null ? null : (a * factor) / 1000;
}

function configOf(v: Record<string, unknown>): { model: string | null; url: string | null; concurrency: number | null; rate: number | null } {
  const c = isRecord(v.input_config) ? v.input_config : {};
  const endpoint = isRecord(c.endpoint) ? c.endpoint : {};
  const loadgen = isRecord(c.loadgen) ? c.loadgen : {};
  const names = Array.isArray(endpoint.model_names)
    ? endpoint.model_names
    : Array.isArray(c.model)
      ? c.model
      : Array.isArray(c.model_names)
        ? c.model_names
        : [];
  const urls = Array.isArray(endpoint.urls) ? endpoint.urls : [];
  return {
    model: str(names[0]) ?? str(c.model),
    url: str(urls[0]) ?? str(endpoint.url) ?? str(c.url),
    concurrency: nonNeg(loadgen.concurrency) ?? nonNeg(c.concurrency),
    rate: nonNeg(loadgen.request_rate) ?? nonNeg(c.request_rate),
  };
}

export function aiperfJsonRun(
  ctx: FileContext,
  v: Record<string, unknown>,
  format: 'aiperf-json' | 'genai-perf-json',
  index: number,
  line: number | null,
): BenchRun {
  const run = newRun(ctx, format === 'aiperf-json' ? 'aiperf' : 'genai-perf', format, index, line);
  run.toolVersion = str(v.aiperf_version, 60) ?? str(v.genai_perf_version, 60);
  const cfg = configOf(v);
  run.model = cfg.model;
  run.endpoint = endpointFromUrl(cfg.url);
  run.label = isRecord(v.metadata) ? str(v.metadata.scenario) : null;
  run.date = normaliseDate(v.start_time).date;
  run.load = {
    concurrency: cfg.concurrency,
    requestRate: cfg.rate,
    measuredConcurrency: avg(v, 'effective_concurrency'),
    strategy: cfg.concurrency !== null ? 'concurrency' : cfg.rate !== null ? 'rate' : null,
  };
  run.durationS = durationSeconds(v, 'benchmark_duration');
  const okCount = avg(v, 'request_count');
  const errorCount = avg(v, 'error_request_count');
  const errors = new ErrorCounter();
  if (Array.isArray(v.error_summary)) {
    for (const e of v.error_summary) {
      if (!isRecord(e)) continue;
      const d = isRecord(e.error_details) ? e.error_details : {};
      const code = num(d.code);
      const kind = [code !== null ? `HTTP ${code}` : null, str(d.type), str(d.message, 200)].filter(Boolean).join(': ');
      errors.add(kind || 'error', nonNeg(e.count) ?? 1);
    }
  }
  run.requests.ok = okCount ?? (errorCount !== null ? 0 : null);
  run.requests.failed = errorCount ?? (okCount !== null ? 0 : null);
  run.requests.total = run.requests.ok !== null && run.requests.failed !== null ? run.requests.ok + run.requests.failed : null;
  run.requests.errors = errors.list();
  run.tokens = { input: avg(v, 'total_isl') ?? avg(v, 'total_usage_prompt_tokens'), output: avg(v, 'total_output_tokens') ?? avg(v, 'total_osl') };
  run.throughput.requestsPerS = avg(v, 'request_throughput');
  run.throughput.outputTokensPerS = avg(v, 'output_token_throughput');
  run.throughput.totalTokensPerS = avg(v, 'total_token_throughput');
  const toolName = format === 'aiperf-json' ? 'AIPerf' : 'genai-perf';
  for (const [key, id, weighting] of LATENCIES) {
    const s = statObject(ctx, v[key], key);
    if (s) setMetric(run, id, s, { sourceName: key, weighting, percentileMethod: 'linear' });
  }
  if (Object.keys(run.metrics).length === 0) note(run, 'no-latency', toolName);
  if (v.was_cancelled === true) note(run, 'cancelled-run');
  extra(run, 'output_token_throughput_per_user', avg(v, 'output_token_throughput_per_user'));
  const ttst = statObject(ctx, v.time_to_second_token, 'time_to_second_token');
  extra(run, 'time_to_second_token.avg_ms', ttst?.mean ?? null);
  extra(run, 'context_overflow_count', avg(v, 'context_overflow_count'));
  if (isRecord(v.metadata) && Array.isArray(v.metadata.submission_invalid_reasons)) {
    extra(run, 'submission_invalid_reasons', v.metadata.submission_invalid_reasons.filter((x) => typeof x === 'string').join(', '));
  }
  deriveThroughput(run);
  return run;
}

export function aiperfJsonParser(ctx: FileContext, format: 'aiperf-json' | 'genai-perf-json'): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format,
    value(value, line) {
      if (!isRecord(value)) {
        ctx.issues.skip(line, 'row-not-object', null, null);
        return;
      }
      if (isUnfinished(value)) ctx.issues.add('warning', 'row-unfinished', line, null, 'the summary is cut off; its figures are those present');
      runs.push({ run: aiperfJsonRun(ctx, value, format, runs.length, line), table: null });
    },
    finish: () => runs,
  };
}

function metricValue(metrics: Record<string, unknown>, key: string, toMs: boolean): number | null {
  const m = metrics[key];
  if (!isRecord(m)) return null;
  const v = num(m.value);
  if (v === null || v < 0) return null;
  if (!toMs) return v;
  const f = timeFactorToMs(m.unit);
  return f === null ? null : v * f;
}

/** AIPerf `profile_export.jsonl`: one record per request with `{value, unit}` metrics. */
export function aiperfRecordsParser(ctx: FileContext): ValueParser {
  const builder = new RequestTableBuilder();
  const errors = new ErrorCounter();
  let ok = 0;
  let failed = 0;
  let warmup = 0;
  let minStartNs = Number.POSITIVE_INFINITY;
  let maxEndNs = Number.NEGATIVE_INFINITY;
  let out = 0;
  let input = 0;
  return {
    format: 'aiperf-jsonl',
    value(value, line) {
      if (!isRecord(value) || isUnfinished(value)) {
        ctx.issues.skip(line, isRecord(value) ? 'row-unfinished' : 'row-not-object', null, null);
        return;
      }
      if (!looksLikeAiperfRecord(value)) {
        ctx.issues.skip(line, 'row-other-format', null, Object.keys(value).slice(0, 6).join(', '));
        return;
      }
      const meta = value.metadata as Record<string, unknown>;
      const metrics = value.metrics as Record<string, unknown>;
      if (meta.benchmark_phase === 'warmup') {
        warmup += 1;
        return;
      }
      // Nanosecond epochs exceed 2^53; the loss (well under a microsecond) does not matter here.
      const startNs = num(meta.request_start_ns);
      const endNs = num(meta.request_end_ns);
      if (startNs !== null && startNs < minStartNs) minStartNs = startNs;
      if (endNs !== null && endNs > maxEndNs) maxEndNs = endNs;
      const err = value.error;
      const isError = (err !== null && err !== undefined) || meta.was_cancelled === true || Object.keys(metrics).length === 0;
      const inTok = metricValue(metrics, 'input_sequence_length', false) ?? metricValue(metrics, 'usage_prompt_tokens', false);
      const outTok = metricValue(metrics, 'output_sequence_length', false) ?? metricValue(metrics, 'output_token_count', false);
      if (isError) {
        failed += 1;
        const e = isRecord(err) ? err : {};
        const code = num(e.code);
        errors.add(
          [code !== null ? `HTTP ${code}` : null, str(e.type), str(e.message, 200)].filter(Boolean).join(': ') ||
            (meta.was_cancelled === true ? 'cancelled' : 'error'),
        );
        builder.add(
          false,
          Number.NaN,
          Number.NaN,
          Number.NaN,
          Number.NaN,
          inTok ?? Number.NaN,
          outTok ?? Number.NaN,
          startNs === null ? Number.NaN : startNs / 1e9,
        );
        return;
      }
      const ttft = metricValue(metrics, 'time_to_first_token', true);
      const e2el = metricValue(metrics, 'request_latency', true);
      if (ttft !== null && e2el !== null && ttft > e2el) {
        ctx.issues.skip(line, 'ttft-exceeds-e2el', 'metrics.time_to_first_token', `${ttft} > ${e2el}`);
        return;
      }
      ok += 1;
      if (outTok !== null) out += outTok;
      if (inTok !== null) input += inTok;
      builder.add(
        true,
        ttft ?? Number.NaN,
        e2el ?? Number.NaN,
        metricValue(metrics, 'inter_token_latency', true) ?? Number.NaN,
        Number.NaN,
        inTok ?? Number.NaN,
        outTok ?? Number.NaN,
        startNs === null ? Number.NaN : startNs / 1e9,
      );
      const icl = metrics.inter_chunk_latency;
      if (isRecord(icl) && Array.isArray(icl.value)) {
        const f = timeFactorToMs(icl.unit);
        if (f !== null) {
          const gaps: number[] = [];
          for (const g of icl.value) {
            const x = num(g);
            if (x !== null && x >= 0) gaps.push(x * f);
          }
          builder.addGaps(gaps);
        }
      }
    },
    finish() {
      if (ok + failed === 0) return [];
      const run = newRun(ctx, 'aiperf', 'aiperf-jsonl', 0, 1);
      run.requests = { total: ok + failed, ok, failed, incomplete: null, errors: errors.list() };
      run.tokens = { input, output: out };
      if (Number.isFinite(minStartNs) && Number.isFinite(maxEndNs) && maxEndNs > minStartNs) {
        run.durationS = (maxEndNs - minStartNs) / 1e9;
        note(run, 'estimate', 'duration from the first request start to the last request end');
        run.date = normaliseDate(minStartNs / 1e9).date;
      }
      if (warmup > 0) note(run, 'warmup-excluded', `${warmup} warm-up requests`);
      const table = builder.build();
      run.definitions = {
        ttft: { sourceName: 'time_to_first_token', weighting: 'requests', percentileMethod: 'linear' },
        e2el: { sourceName: 'request_latency', weighting: 'requests', percentileMethod: 'linear' },
        tpot: { sourceName: 'inter_token_latency', weighting: 'requests', percentileMethod: 'linear' },
        itl: { sourceName: 'inter_chunk_latency', weighting: 'chunks', percentileMethod: 'linear' },
      };
      recompute(run, table, { method: 'linear', ddof: 0, sampled: false, partial: false, tick: ctx.tick });
      deriveThroughput(run);
      return [{ run, table }];
    },
  };
}

/** Merges AIPerf per-request records into the aggregate run of the same artifact directory. */
export function mergeAiperf(summary: ParsedRun, records: ParsedRun, companionName: string): ParsedRun {
  const table = records.table;
  if (!table) return summary;
  const run = summary.run;
  run.source.companionFile = companionName.slice(0, 500);
  note(run, 'companion-merged', companionName);
  const total = run.requests.total;
  const partial = total !== null && table.count < total;
  if (partial) note(run, 'per-request-partial', `${table.count} of ${total}`);
  recompute(run, table, { method: 'linear', ddof: 0, sampled: false, partial });
  return { run, table };
}

/* ---------- CSV exports (AIPerf and genai-perf) ---------- */

interface CsvMetric {
  name: string;
  unit: string | null;
  stats: Record<string, number | null>;
}

const NAME_MAP: Record<string, MetricId> = {
  'time to first token': 'ttft',
  'request latency': 'e2el',
  'inter token latency': 'tpot',
  'inter chunk latency': 'itl',
};

/** "Time To First Token (ms)" → name "time to first token", unit "ms". */
function splitName(label: string): { name: string; unit: string | null } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(label.trim());
  if (!m) return { name: label.trim().toLowerCase(), unit: null };
  return { name: (m[1] as string).toLowerCase(), unit: (m[2] as string).trim() };
}

/**
 * The CSV has sections separated by blank lines: a statistics table (`Metric,avg,min,max,…`),
 * then `Metric,Value` rows, then GPU telemetry. Values may be `1,234.56` (genai-perf, quoted) or
 * `N/A`; empty cells are allowed (AIPerf).
 */
export function aiperfCsvRun(ctx: FileContext, rows: { cells: string[]; line: number }[], format: FormatId): BenchRun {
  const tool = format === 'aiperf-csv' ? 'aiperf' : 'genai-perf';
  const run = newRun(ctx, tool, format, 0, 1);
  const metrics = new Map<string, CsvMetric>();
  let header: string[] | null = null;
  for (const { cells } of rows) {
    if (cells.length === 0 || cells.every((c) => c.trim() === '')) {
      header = null;
      continue;
    }
    if (cells[0] === 'Metric') {
      header = cells.map((c) => c.trim().toLowerCase());
      continue;
    }
    if (!header || header[0] !== 'metric') continue;
    const { name, unit } = splitName(cells[0] ?? '');
    const stats: Record<string, number | null> = {};
    header.forEach((h, i) => {
      if (i === 0) return;
      const raw = (cells[i] ?? '').trim();
      stats[h] = raw === '' || raw.toUpperCase() === 'N/A' ? null : num(raw);
    });
    metrics.set(name, { name, unit, stats });
  }
  const value = (name: string) => {
    const m = metrics.get(name);
    return m ? (m.stats.value ?? m.stats.avg ?? null) : null;
  };
  for (const [name, id] of Object.entries(NAME_MAP)) {
    const m = metrics.get(name);
    if (!m) continue;
    const factor = timeFactorToMs(m.unit ?? 'ms');
    if (factor === null) continue;
    const s = emptySummary();
    const f = (x: number | null | undefined) => (x === null || x === undefined || x < 0 ? null : x * factor);
    s.mean = f(m.stats.avg);
    s.min = f(m.stats.min);
    s.max = f(m.stats.max);
    s.std = f(m.stats.std);
    for (const [k, v] of Object.entries(m.stats)) {
      const p = /^p(\d+(?:\.\d+)?)$/.exec(k);
      if (p) putPercentile(s, Number(p[1]), f(v));
    }
    s.median = s.percentiles['50'] ?? null;
    setMetric(run, id, s, { sourceName: `${m.name} (${m.unit ?? ''})`, weighting: id === 'itl' ? 'chunks' : 'requests', percentileMethod: 'linear' });
  }
  const ok = value('request count');
  const errorsCount = value('error request count');
  run.requests.ok = ok ?? (errorsCount !== null ? 0 : null);
  run.requests.failed = errorsCount ?? (ok !== null ? 0 : null);
  run.requests.total = run.requests.ok !== null && run.requests.failed !== null ? run.requests.ok + run.requests.failed : null;
  const durationMetric = metrics.get('benchmark duration');
  const durationFactor = timeFactorToMs(durationMetric?.unit ?? 'sec');
  const d = value('benchmark duration');
  run.durationS = d !== null && durationFactor !== null ? (d * durationFactor) / 1000 : null;
  run.tokens = {
    input: value('total input sequence length') ?? value('total usage prompt tokens'),
    output: value('total output tokens') ?? value('total output sequence length'),
  };
  run.throughput.requestsPerS = value('request throughput');
  run.throughput.outputTokensPerS = value('output token throughput');
  run.throughput.totalTokensPerS = value('total token throughput');
  run.load.measuredConcurrency = metrics.get('effective concurrency')?.stats.avg ?? null;
  if (Object.keys(run.metrics).length === 0) note(run, 'no-latency');
  deriveThroughput(run);
  return run;
}
