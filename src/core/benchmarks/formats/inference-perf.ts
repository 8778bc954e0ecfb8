import {
  deriveThroughput,
  emptySummary,
  isRecord,
  newRun,
  nonNeg,
  putPercentile,
  setMetric,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import type { MetricDefinition, MetricId, MetricSummary } from '../run-schema';

/**
 * kubernetes-sigs/inference-perf lifecycle-metrics report (bench-formats.md §7; the KubeCon NA
 * 2025 demo's stage and summary reports in fixtures/bench are real ones): `load_summary` (a
 * stage's `requested_rate`, or `concurrency`; the summary of all stages has neither),
 * `successes` with latency distributions in **seconds** (`mean, min, max, median, p0.1 …
 * p99.9`), mean prompt and output lengths and throughputs, and `failures`. Every block is optional.
 */
export function looksLikeInferencePerf(v: Record<string, unknown>): boolean {
  return isRecord(v.load_summary) && (isRecord(v.successes) || isRecord(v.failures));
}

const LATENCIES: [string, MetricId][] = [
  ['time_to_first_token', 'ttft'],
  ['request_latency', 'e2el'],
  ['time_per_output_token', 'tpot'],
  ['inter_token_latency', 'itl'],
  ['normalized_time_per_output_token', 'perTokenInclTtft'],
];

function distribution(raw: unknown): MetricSummary | null {
  if (!isRecord(raw)) return null;
  const s = emptySummary();
  const ms = (x: unknown) => {
    const n = nonNeg(x);
    return n === null ? null : n * 1000;
  };
  s.mean = ms(raw.mean);
  s.min = ms(raw.min);
  s.max = ms(raw.max);
  s.median = ms(raw.median);
  s.std = ms(raw.std) ?? ms(raw.stddev);
  for (const [k, v] of Object.entries(raw)) {
    const m = /^p(\d+(?:\.\d+)?)$/.exec(k);
    if (m) putPercentile(s, Number(m[1]), ms(v));
  }
  return s;
}

export function inferencePerfParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'inference-perf',
    value(value, line) {
      if (!isRecord(value) || !looksLikeInferencePerf(value)) {
        ctx.issues.skip(line, 'row-other-format', null, null);
        return;
      }
      const run = newRun(ctx, 'inference-perf', 'inference-perf', runs.length, line);
      const load = value.load_summary as Record<string, unknown>;
      const ok = isRecord(value.successes) ? value.successes : {};
      const failures = isRecord(value.failures) ? value.failures : {};
      run.endpoint = { kind: 'self-hosted', provider: null, target: null };
      run.requests.total = nonNeg(load.count);
      run.requests.ok = nonNeg(ok.count);
      run.requests.failed = nonNeg(failures.count);
      run.load.requestRate = nonNeg(load.send_rate) ?? nonNeg(load.requested_rate);
      // Newer reports of a concurrency stage name its concurrency (reportgen/base.py, `stage_concurrency`).
      run.load.concurrency = nonNeg(load.concurrency);
      run.durationS = nonNeg(load.send_duration) ?? nonNeg(load.duration);
      const latency = isRecord(ok.latency) ? ok.latency : {};
      for (const [key, id] of LATENCIES) {
        const s = distribution(latency[key]);
        const def: MetricDefinition = { sourceName: key, weighting: id === 'itl' ? 'chunks' : 'requests', percentileMethod: 'unknown' };
        if (s) setMetric(run, id, s, def);
      }
      const tput = isRecord(ok.throughput) ? ok.throughput : {};
      run.throughput.requestsPerS = nonNeg(tput.requests_per_sec);
      run.throughput.outputTokensPerS = nonNeg(tput.output_tokens_per_sec);
      run.throughput.totalTokensPerS = nonNeg(tput.total_tokens_per_sec);
      // Mean lengths of the successful requests (tokens): the file has no token totals.
      const promptLen = isRecord(ok.prompt_len) ? nonNeg(ok.prompt_len.mean) : null;
      if (promptLen !== null) run.extras.push({ key: 'prompt_len.mean', value: promptLen });
      const outputLen = isRecord(ok.output_len) ? nonNeg(ok.output_len.mean) : null;
      if (outputLen !== null) run.extras.push({ key: 'output_len.mean', value: outputLen });
      deriveThroughput(run);
      runs.push({ run, table: null });
    },
    finish: () => runs,
  };
}
