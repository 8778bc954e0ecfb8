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
 * kubernetes-sigs/inference-perf lifecycle-metrics report (bench-formats.md §7; only a stripped
 * fixture was seen, the rest follows the PR #410 excerpt): `load_summary`, `successes` with
 * latency distributions in **seconds** (`mean, min, max, median, p0.1 … p99.9`), token lengths
 * and throughputs, and `failures`. Every block is optional.
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
      const promptLen = isRecord(ok.prompt_len) ? nonNeg(ok.prompt_len.mean) : null;
      if (promptLen !== null) run.extras.push({ key: 'prompt_len.mean', value: promptLen });
      deriveThroughput(run);
      runs.push({ run, table: null });
    },
    finish: () => runs,
  };
}
