import {
  deriveThroughput,
  emptySummary,
  extra,
  has,
  isRecord,
  newRun,
  nonNeg,
  note,
  positiveInt,
  putPercentile,
  setMetric,
  str,
  type FileContext,
  type ParsedRun,
  type ValueParser,
} from '../common';
import { isUnfinished } from '../json-stream';
import type { MetricId, MetricSummary } from '../run-schema';

/**
 * SemiAnalysis InferenceMAX / InferenceX "agg" rows (bench-formats.md §7,
 * SemiAnalysisAI/InferenceX utils/process_result.py): vLLM's `*_ms` keys with `_ms` removed
 * and divided by 1000, so `mean_ttft` is **seconds**; `*_intvty` = 1000 / TPOT ms (tok/s per
 * user); `tput_per_gpu` = total tokens/s per GPU. The agentic variant (AIPerf underneath) adds
 * request counts and overall throughputs; there ITL and TPOT are both AIPerf's per-request
 * inter-token latency.
 */
export function looksLikeInferencex(v: Record<string, unknown>): boolean {
  return has(v, 'hw') && has(v, 'conc') && (has(v, 'tput_per_gpu') || has(v, 'output_tput_per_gpu'));
}

const NAMES: Record<string, MetricId> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2el' };

function metricsOf(v: Record<string, unknown>): Partial<Record<MetricId, MetricSummary>> {
  const out: Partial<Record<MetricId, MetricSummary>> = {};
  for (const [key, raw] of Object.entries(v)) {
    const m = /^(mean|median|std|p\d+(?:\.\d+)?)_(ttft|tpot|itl|e2el)$/.exec(key);
    if (!m) continue;
    const sec = nonNeg(raw);
    if (sec === null) continue;
    const value = sec * 1000;
    const s = (out[NAMES[m[2] as string] as MetricId] ??= emptySummary());
    const stat = m[1] as string;
    if (stat === 'mean') s.mean = value;
    else if (stat === 'median') s.median = value;
    else if (stat === 'std') s.std = value;
    else putPercentile(s, Number(stat.slice(1)), value);
  }
  return out;
}

export function inferencexParser(ctx: FileContext): ValueParser {
  const runs: ParsedRun[] = [];
  return {
    format: 'inferencex',
    value(value, line, index) {
      const field = index === null || index === undefined ? null : `[${index}]`;
      if (!isRecord(value) || isUnfinished(value)) {
        ctx.issues.skip(line, isRecord(value) ? 'row-unfinished' : 'row-not-object', field, null);
        return;
      }
      if (!looksLikeInferencex(value)) {
        ctx.issues.skip(line, 'row-other-format', field, Object.keys(value).slice(0, 6).join(', '));
        return;
      }
      const v = value;
      const run = newRun(ctx, 'inferencex', 'inferencex', runs.length, line);
      run.model = str(v.model);
      run.hardware = str(v.hw);
      run.engine = str(v.framework);
      run.precision = str(v.precision);
      run.label = str(v.scenario_type);
      run.endpoint = { kind: 'self-hosted', provider: null, target: null };
      run.load = { concurrency: nonNeg(v.conc), requestRate: null, measuredConcurrency: null, strategy: 'concurrency' };
      const perGpu = nonNeg(v.tput_per_gpu);
      const outPerGpu = nonNeg(v.output_tput_per_gpu);
      const total = nonNeg(v.total_tput_tps);
      const tp = positiveInt(v.tp);
      // GPUs per replica: total / per-GPU throughput when both exist, else the tensor-parallel size.
      const ratio = perGpu !== null && perGpu > 0 && total !== null ? Math.round(total / perGpu) : null;
      run.gpus = ratio !== null && ratio >= 1 ? ratio : tp;
      run.throughput.totalTokensPerSPerGpu = perGpu;
      run.throughput.outputTokensPerSPerGpu = outPerGpu;
      run.throughput.outputTokensPerS = nonNeg(v.output_tput_tps) ?? (outPerGpu !== null && run.gpus !== null ? outPerGpu * run.gpus : null);
      run.throughput.totalTokensPerS = total ?? (perGpu !== null && run.gpus !== null ? perGpu * run.gpus : null);
      if (v.output_tput_tps === undefined && run.throughput.outputTokensPerS !== null) note(run, 'per-gpu-throughput', `× ${run.gpus} GPUs`);
      run.durationS = nonNeg(v.duration_seconds);
      const ok = nonNeg(v.num_requests_successful) ?? nonNeg(v.total_requests_completed);
      const all = nonNeg(v.num_requests_total);
      run.requests.ok = ok;
      run.requests.total = all;
      run.requests.failed = ok !== null && all !== null && all >= ok ? all - ok : null;
      run.tokens = { input: nonNeg(v.total_prompt_tokens), output: nonNeg(v.total_generation_tokens) };
      const agentic = has(v, 'num_requests_total') || has(v, 'scenario_type');
      for (const [id, s] of Object.entries(metricsOf(v)) as [MetricId, MetricSummary][]) {
        const weighting = id === 'itl' && !agentic ? 'chunks' : 'requests';
        setMetric(run, id, s, { sourceName: `mean_${id}`, weighting, percentileMethod: 'linear' });
      }
      for (const key of [
        'mean_intvty',
        'p90_intvty',
        'mean_qps',
        'tp',
        'ep',
        'dp_attention',
        'offloading',
        'spec_decoding',
        'disagg',
        'image',
        'isl',
        'osl',
        'server_gpu_cache_hit_rate',
        'theoretical_cache_hit_rate',
        'input_tput_per_gpu',
      ]) {
        const raw = v[key];
        extra(run, key, typeof raw === 'boolean' ? String(raw) : raw);
      }
      deriveThroughput(run);
      runs.push({ run, table: null });
    },
    finish: () => runs,
  };
}
