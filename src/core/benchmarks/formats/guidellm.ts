import {
  deriveThroughput,
  emptySummary,
  endpointFromUrl,
  extra,
  guidellmPercentile,
  isRecord,
  newRun,
  nonNeg,
  normaliseDate,
  note,
  num,
  putPercentile,
  scaleSummary,
  setMetric,
  str,
  ErrorCounter,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import { recompute } from '../recompute';
import { RequestTableBuilder } from '../request-table';
import type { MetricSummary } from '../run-schema';

/**
 * GuideLLM `benchmarks.json` (bench-formats.md §4), all three layouts:
 * - ≤0.3: `{benchmarks[]}` with per-benchmark `args`, `run_stats`, `worker`, `request_totals`;
 * - 0.4–0.6: top-level `args` (0.5+: `metadata.version: 1`), per-benchmark `config`,
 *   `scheduler_metrics`, `metrics.request_totals`;
 * - ≥0.7: `metadata.version: 2` and a top-level `config` (read from source, no real file).
 * Each benchmark (one rate or strategy of a sweep) becomes one run. Metrics are
 * DistributionSummary objects split by status; `request_latency` is seconds, `*_ms` are ms.
 * Percentile keys: p001 = 0.1th, p01 = 1st, …, p999 = 99.9th.
 * Definitions: GuideLLM's "inter token latency" is (latency − TTFT)/(output − 1) per request,
 * i.e. our TPOT; its "time per output token" is latency/output including TTFT. In 0.5+ both
 * distributions count every output token (token-weighted).
 */
export function looksLikeGuidellm(v: Record<string, unknown>): boolean {
  const list = v.benchmarks;
  if (!Array.isArray(list) || list.length === 0) return false;
  const first = list[0];
  if (!isRecord(first)) return false;
  return first.type_ === 'generative_benchmark' || (isRecord(first.metrics) && isRecord(first.metrics.time_to_first_token_ms));
}

function versionOf(v: Record<string, unknown>, first: Record<string, unknown>): string {
  const meta = isRecord(v.metadata) ? v.metadata : null;
  const tool = meta ? str(meta.guidellm_version, 40) : null;
  if (tool) return tool;
  const schema = meta ? num(meta.version) : null;
  if (schema === 2) return '≥0.7';
  if (schema === 1) return '0.5–0.6';
  if (isRecord(v.args)) return '0.4';
  if (isRecord(first.args) || isRecord(first.run_stats)) return '≤0.3';
  return 'unknown';
}

/** The `successful` DistributionSummary of a metric, converted to ms by `factor`. */
function distribution(metrics: Record<string, unknown>, key: string, factor: number): MetricSummary | null {
  const m = metrics[key];
  if (!isRecord(m) || !isRecord(m.successful)) return null;
  const d = m.successful;
  const s = emptySummary();
  s.count = nonNeg(d.count);
  if (s.count === 0) return null;
  s.mean = nonNeg(d.mean);
  s.median = nonNeg(d.median);
  s.std = nonNeg(d.std_dev);
  s.min = nonNeg(d.min);
  s.max = nonNeg(d.max);
  if (isRecord(d.percentiles)) {
    for (const [k, raw] of Object.entries(d.percentiles)) {
      const p = guidellmPercentile(k);
      if (p !== null) putPercentile(s, p, nonNeg(raw));
    }
  }
  return factor === 1 ? s : scaleSummary(s, factor);
}

function meanOf(metrics: Record<string, unknown>, key: string): number | null {
  const m = metrics[key];
  return isRecord(m) && isRecord(m.successful) ? nonNeg(m.successful.mean) : null;
}

function totalSum(metrics: Record<string, unknown>, key: string): number | null {
  const m = metrics[key];
  return isRecord(m) && isRecord(m.successful) ? nonNeg(m.successful.total_sum) : null;
}

interface Totals {
  successful: number | null;
  errored: number | null;
  incomplete: number | null;
  total: number | null;
}

function totalsOf(raw: unknown): Totals | null {
  if (!isRecord(raw)) return null;
  return { successful: nonNeg(raw.successful), errored: nonNeg(raw.errored), incomplete: nonNeg(raw.incomplete), total: nonNeg(raw.total) };
}

function strategyOf(b: Record<string, unknown>): Record<string, unknown> {
  if (isRecord(b.config) && isRecord(b.config.strategy)) return b.config.strategy;
  if (isRecord(b.args) && isRecord(b.args.strategy)) return b.args.strategy;
  return {};
}

function benchmarkRun(
  ctx: FileContext,
  top: Record<string, unknown>,
  b: Record<string, unknown>,
  index: number,
  line: number | null,
  version: string,
): ParsedRun {
  const run = newRun(ctx, 'guidellm', 'guidellm', index, line);
  run.toolVersion = version;
  const config = isRecord(b.config) ? b.config : {};
  const backend = isRecord(config.backend) ? config.backend : {};
  const topArgs = isRecord(top.args) ? top.args : isRecord(top.config) ? top.config : {};
  const worker = isRecord(b.worker) ? b.worker : {};
  run.model = str(backend.model) ?? str(topArgs.model) ?? str(worker.backend_model);
  const target = str(backend.target) ?? str(topArgs.target) ?? str(worker.backend_target);
  run.endpoint = endpointFromUrl(target);
  if (run.endpoint.kind === 'unknown' && target) run.endpoint.target = target;
  run.engine = str(worker.backend_type) ?? str(topArgs.backend);
  run.label = str(config.run_id) ?? str(b.run_id);

  const strategy = strategyOf(b);
  const type = str(strategy.type_, 60);
  const streams = nonNeg(strategy.streams) ?? nonNeg(strategy.max_concurrency);
  const rate = nonNeg(strategy.rate);
  run.load = {
    concurrency: type === 'synchronous' ? 1 : type === 'concurrent' ? streams : streams,
    requestRate: type === 'constant' || type === 'poisson' ? rate : type === 'throughput' ? 'inf' : null,
    measuredConcurrency: null,
    strategy: type,
  };
  const metrics = isRecord(b.metrics) ? b.metrics : {};
  run.load.measuredConcurrency = meanOf(metrics, 'request_concurrency');
  const start = num(b.start_time);
  const end = num(b.end_time);
  if (start !== null) run.date = normaliseDate(start).date;
  run.durationS = nonNeg(b.duration) ?? (start !== null && end !== null && end >= start ? end - start : null);

  const totals = totalsOf(metrics.request_totals) ?? totalsOf(b.request_totals);
  if (totals) {
    run.requests.ok = totals.successful;
    run.requests.failed = totals.errored;
    run.requests.incomplete = totals.incomplete;
    run.requests.total = totals.total;
  }
  const made = totalsOf(isRecord(b.scheduler_metrics) ? b.scheduler_metrics.requests_made : isRecord(b.run_stats) ? b.run_stats.requests_made : null);
  if (made?.total !== null && made?.total !== undefined) {
    extra(run, 'requests_made_incl_warmup', made.total);
    if (totals?.total !== null && totals?.total !== undefined && made.total > totals.total) note(run, 'warmup-excluded', `${totals.total} of ${made.total}`);
  }
  run.tokens = { input: totalSum(metrics, 'prompt_token_count'), output: totalSum(metrics, 'output_token_count') };

  const okCount = totals?.successful ?? null;
  const weighting = (s: MetricSummary): 'requests' | 'tokens' => (okCount !== null && s.count !== null && s.count > okCount ? 'tokens' : 'requests');
  const ttft = distribution(metrics, 'time_to_first_token_ms', 1);
  const e2el = distribution(metrics, 'request_latency', 1000);
  const itl = distribution(metrics, 'inter_token_latency_ms', 1);
  const tpot = distribution(metrics, 'time_per_output_token_ms', 1);
  if (ttft) setMetric(run, 'ttft', ttft, { sourceName: 'time_to_first_token_ms', weighting: 'requests', percentileMethod: 'lower' });
  if (e2el) setMetric(run, 'e2el', e2el, { sourceName: 'request_latency', weighting: 'requests', percentileMethod: 'lower' });
  if (itl) setMetric(run, 'tpot', itl, { sourceName: 'inter_token_latency_ms', weighting: weighting(itl), percentileMethod: 'lower' });
  if (tpot) setMetric(run, 'perTokenInclTtft', tpot, { sourceName: 'time_per_output_token_ms', weighting: weighting(tpot), percentileMethod: 'lower' });
  if (Object.values(run.definitions).some((d) => d.weighting === 'tokens')) note(run, 'token-weighted');

  // GuideLLM's throughputs are means of a time series, not totals over the run (pitfall 15):
  // the run's throughput is computed from totals, and the file's figure is kept beside it.
  const timeAveragedOut = meanOf(metrics, 'output_tokens_per_second');
  const timeAveragedReq = meanOf(metrics, 'requests_per_second');
  extra(run, 'output_tokens_per_second.mean', timeAveragedOut);
  extra(run, 'requests_per_second.mean', timeAveragedReq);
  deriveThroughput(run);
  if (timeAveragedOut !== null || timeAveragedReq !== null) note(run, 'throughput-time-averaged');
  const t = run.throughput;
  for (const [quantity, file, mine] of [
    ['outputTokensPerS', timeAveragedOut, t.outputTokensPerS],
    ['requestsPerS', timeAveragedReq, t.requestsPerS],
  ] as const) {
    if (file !== null && mine !== null) {
      run.comparison.push({
        quantity,
        stat: 'mean',
        file,
        recomputed: mine,
        diff: mine - file,
        relDiff: file !== 0 ? (mine - file) / file : null,
        verdict: 'not-comparable',
        reason: 'definition',
      });
    }
  }

  // Per-request records: only those overlapping the measured window count (warm-up and
  // cool-down requests are excluded from GuideLLM's statistics).
  const requests = isRecord(b.requests) ? b.requests : {};
  const builder = new RequestTableBuilder();
  const errors = new ErrorCounter();
  let outside = 0;
  for (const status of ['successful', 'errored', 'incomplete'] as const) {
    const list = requests[status];
    if (!Array.isArray(list)) continue;
    for (const r of list) {
      if (!isRecord(r)) continue;
      const info = isRecord(r.info) ? r.info : {};
      const timings = isRecord(info.timings) ? info.timings : {};
      const rs = num(r.request_start_time) ?? num(r.start_time) ?? num(timings.request_start);
      const re = num(r.request_end_time) ?? num(r.end_time) ?? num(timings.request_end);
      if (start !== null && end !== null && rs !== null && re !== null && (re < start || rs > end)) {
        outside += 1;
        continue;
      }
      if (status === 'errored') {
        const message = str(info.error) ?? str(r.error) ?? 'error';
        errors.add(message);
      }
      if (status === 'incomplete') continue;
      const ok = status === 'successful';
      const latS = nonNeg(r.request_latency);
      builder.add(
        ok,
        ok ? (nonNeg(r.time_to_first_token_ms) ?? Number.NaN) : Number.NaN,
        ok && latS !== null ? latS * 1000 : Number.NaN,
        ok ? (nonNeg(r.inter_token_latency_ms) ?? Number.NaN) : Number.NaN,
        ok ? (nonNeg(r.time_per_output_token_ms) ?? Number.NaN) : Number.NaN,
        nonNeg(r.prompt_tokens) ?? Number.NaN,
        nonNeg(r.output_tokens) ?? Number.NaN,
        rs ?? Number.NaN,
      );
    }
  }
  if (errors.size > 0) run.requests.errors = errors.list();
  if (outside > 0) extra(run, 'request_records_outside_window', outside);
  const table = builder.count > 0 ? builder.build() : null;
  if (table) {
    let okRecords = 0;
    for (let i = 0; i < table.count; i++) okRecords += table.ok[i] as number;
    const sampled = okCount !== null && okRecords < okCount;
    if (sampled) note(run, 'sampled-requests', `${okRecords} of ${okCount}`);
    recompute(run, table, { method: 'lower', ddof: 0, sampled, partial: false, tick: ctx.tick });
  }
  return { run, table };
}

export function guidellmParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'guidellm',
    value(value, line) {
      if (!isRecord(value) || !looksLikeGuidellm(value)) {
        ctx.issues.skip(line, 'row-other-format', null, null);
        return;
      }
      const list = value.benchmarks as unknown[];
      const version = versionOf(value, list[0] as Record<string, unknown>);
      list.forEach((b, i) => {
        if (!isRecord(b) || !isRecord(b.metrics)) {
          ctx.issues.skip(line, 'row-unfinished', `benchmarks[${i}]`, null);
          return;
        }
        runs.push(benchmarkRun(ctx, value, b, runs.length, line, version));
      });
    },
    finish: () => runs,
  };
}
