import {
  deriveThroughput,
  emptySummary,
  extra,
  has,
  isRecord,
  newRun,
  nonNeg,
  note,
  num,
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
 * SGLang `python -m sglang.bench_serving --output-file` (bench-formats.md §3): JSON Lines, one
 * line appended per run. Bare `Infinity` for an unlimited request rate. Latencies `*_ms` in ms;
 * per-request arrays (`--output-details`) in seconds. No failed count: only `completed`.
 */
export function looksLikeSglang(v: Record<string, unknown>): boolean {
  if (has(v, 'total_output_tokens_retokenized')) return true;
  return v.backend === 'sglang' && (has(v, 'median_e2e_latency_ms') || has(v, 'mean_e2e_latency_ms'));
}

const NAMES: Record<string, MetricId> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2e_latency: 'e2el' };
const DEFINITIONS: Record<MetricId, MetricDefinition> = {
  ttft: { sourceName: 'ttft_ms', weighting: 'requests', percentileMethod: 'linear' },
  tpot: { sourceName: 'tpot_ms', weighting: 'requests', percentileMethod: 'linear' },
  itl: { sourceName: 'itl_ms', weighting: 'chunks', percentileMethod: 'linear' },
  e2el: { sourceName: 'e2e_latency_ms', weighting: 'requests', percentileMethod: 'linear' },
  perTokenInclTtft: { sourceName: '', weighting: 'requests', percentileMethod: 'linear' },
};

function metricsOf(v: Record<string, unknown>): Partial<Record<MetricId, MetricSummary>> {
  const out: Partial<Record<MetricId, MetricSummary>> = {};
  for (const [key, raw] of Object.entries(v)) {
    const m = /^(mean|median|std|max|min|p\d+(?:\.\d+)?)_(ttft|tpot|itl|e2e_latency)_ms$/.exec(key);
    if (!m) continue;
    const value = nonNeg(raw);
    if (value === null) continue;
    const s = (out[NAMES[m[2] as string] as MetricId] ??= emptySummary());
    const stat = m[1] as string;
    if (stat === 'mean') s.mean = value;
    else if (stat === 'median') s.median = value;
    else if (stat === 'std') s.std = value;
    else if (stat === 'max') s.max = value;
    else if (stat === 'min') s.min = value;
    else putPercentile(s, Number(stat.slice(1)), value);
  }
  return out;
}

function detailsTable(v: Record<string, unknown>): RequestTable | null {
  const ttfts = Array.isArray(v.ttfts) ? v.ttfts : null;
  if (!ttfts) return null;
  const outLens = Array.isArray(v.output_lens) ? v.output_lens : [];
  const inLens = Array.isArray(v.input_lens) ? v.input_lens : [];
  const errors = Array.isArray(v.errors) ? v.errors : null;
  const itls = Array.isArray(v.itls) ? v.itls : [];
  const b = new RequestTableBuilder();
  for (let i = 0; i < ttfts.length; i++) {
    const err = errors?.[i];
    const t = num(ttfts[i]);
    const ok = (errors ? err === '' || err === null || err === undefined : true) && t !== null && t >= 0;
    b.add(
      ok,
      ok && t !== null ? t * 1000 : Number.NaN,
      Number.NaN,
      Number.NaN,
      Number.NaN,
      num(inLens[i]) ?? Number.NaN,
      num(outLens[i]) ?? Number.NaN,
      Number.NaN,
    );
    const gaps = itls[i];
    if (ok && Array.isArray(gaps)) {
      const ms: number[] = [];
      for (const g of gaps) {
        const x = num(g);
        if (x !== null && x >= 0) ms.push(x * 1000);
      }
      b.addGaps(ms);
    }
  }
  return b.build();
}

export function sglangParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'sglang',
    value(value, line) {
      if (!isRecord(value)) {
        ctx.issues.skip(line, 'row-not-object', null, typeof value);
        return;
      }
      if (isUnfinished(value)) {
        ctx.issues.skip(line, 'row-unfinished', null, null);
        return;
      }
      if (!looksLikeSglang(value)) {
        ctx.issues.skip(line, 'row-other-format', null, Object.keys(value).slice(0, 6).join(', '));
        return;
      }
      const v = value;
      const run = newRun(ctx, 'sglang', 'sglang', runs.length, line);
      const info = isRecord(v.server_info) ? v.server_info : {};
      run.model = str(v.model_id) ?? str(v.model) ?? str(info.model_path) ?? str(info.served_model_name);
      run.label = str(v.tag);
      run.engine = 'sglang';
      run.endpoint = { kind: 'self-hosted', provider: null, target: null };
      run.load = {
        concurrency: nonNeg(v.max_concurrency),
        requestRate: requestRate(v.request_rate),
        measuredConcurrency: nonNeg(v.concurrency),
        strategy: v.max_concurrency !== null && v.max_concurrency !== undefined ? 'concurrency' : 'rate',
      };
      run.durationS = nonNeg(v.duration);
      run.requests.ok = nonNeg(v.completed);
      const errors = Array.isArray(v.errors) ? v.errors : null;
      if (errors) {
        const counts = new Map<string, number>();
        for (const e of errors) if (typeof e === 'string' && e !== '') counts.set(e.slice(0, 300), (counts.get(e.slice(0, 300)) ?? 0) + 1);
        let failed = 0;
        for (const c of counts.values()) failed += c;
        run.requests.failed = failed;
        run.requests.errors = [...counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 200)
          .map(([kind, count]) => ({ kind, count }));
      } else note(run, 'failed-unknown');
      run.requests.total = run.requests.ok !== null && run.requests.failed !== null ? run.requests.ok + run.requests.failed : null;
      run.tokens = { input: nonNeg(v.total_input_tokens), output: nonNeg(v.total_output_tokens) };
      const input = nonNeg(v.input_throughput);
      const output = nonNeg(v.output_throughput);
      run.throughput.requestsPerS = nonNeg(v.request_throughput);
      run.throughput.outputTokensPerS = output;
      run.throughput.totalTokensPerS =
        nonNeg(v.total_throughput) ?? nonNeg(v.total_token_throughput) ?? (input !== null && output !== null ? input + output : null);
      for (const [id, s] of Object.entries(metricsOf(v)) as [MetricId, MetricSummary][]) setMetric(run, id, s, DEFINITIONS[id]);
      for (const key of [
        'dataset_name',
        'random_input_len',
        'random_output_len',
        'random_range_ratio',
        'sharegpt_output_len',
        'total_output_tokens_retokenized',
        'accept_length',
        'max_output_tokens_per_s',
        'max_concurrent_requests',
      ]) {
        extra(run, key, v[key]);
      }
      deriveThroughput(run);
      const table = detailsTable(v);
      if (table && table.count > 0) recompute(run, table, { method: 'linear', ddof: 0, sampled: false, partial: false, tick: ctx.tick });
      runs.push({ run, table: table && table.count > 0 ? table : null });
    },
    finish: () => runs,
  };
}
