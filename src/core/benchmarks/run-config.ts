import type { BenchRun } from './run-schema';

/**
 * The configuration a run measured (docs/capacity.md §1): runs with equal configuration are one
 * throughput–latency series. Kept apart from the views and the capacity code so that both can
 * group runs the same way.
 */
export interface SeriesConfig {
  model: string | null;
  engine: string | null;
  hardware: string | null;
  gpus: number | null;
  precision: string | null;
  parallelism: string | null;
  /** Mean input / output tokens per request, rounded for grouping (see `lengthBucket`). */
  inputTokens: number | null;
  outputTokens: number | null;
  dataset: string | null;
}

const round2 = (v: number) => {
  if (v <= 0) return v;
  const magnitude = Math.pow(10, Math.floor(Math.log10(v)) - 1);
  return Math.round(v / magnitude) * magnitude;
};

/**
 * Mean request lengths vary a little between runs of one sweep (sampled prompts, early stops),
 * so they group at two significant figures: 1,000 and 1,020 tokens are one configuration,
 * 1,000 and 1,100 are not.
 */
export function lengthBucket(tokens: number | null): number | null {
  return tokens === null || !Number.isFinite(tokens) ? null : round2(tokens);
}

export function configKey(c: SeriesConfig): string {
  return [c.model, c.engine, c.hardware, c.gpus, c.precision, c.parallelism, c.inputTokens, c.outputTokens, c.dataset].map((v) => (v === null ? '' : String(v))).join('|');
}

export function configLabel(c: SeriesConfig): string {
  const parts: string[] = [];
  if (c.model) parts.push(c.model);
  if (c.engine) parts.push(c.engine);
  if (c.hardware) parts.push(c.gpus !== null ? `${c.gpus}× ${c.hardware}` : c.hardware);
  else if (c.gpus !== null) parts.push(`${c.gpus} GPU`);
  if (c.precision) parts.push(c.precision);
  if (c.parallelism) parts.push(c.parallelism);
  if (c.inputTokens !== null || c.outputTokens !== null) parts.push(`${c.inputTokens ?? '?'}/${c.outputTokens ?? '?'} tok`);
  if (c.dataset) parts.push(c.dataset);
  return parts.length > 0 ? parts.join(' · ') : 'unnamed configuration';
}

function extra(run: BenchRun, ...keys: string[]): string | number | null {
  for (const k of keys) {
    const e = run.extras.find((x) => x.key === k);
    if (e) return e.value;
  }
  return null;
}

function parallelismOf(run: BenchRun): string | null {
  const tp = extra(run, 'tp', 'tensor_parallel_size');
  const ep = extra(run, 'ep');
  const dpa = extra(run, 'dp_attention');
  const parts: string[] = [];
  if (tp !== null) parts.push(`TP${tp}`);
  if (ep !== null) parts.push(`EP${ep}`);
  if (dpa === 'true' || dpa === 1) parts.push('DP-attention');
  return parts.length > 0 ? parts.join(' ') : null;
}

function perRequest(tokens: number | null, ok: number | null): number | null {
  return tokens !== null && ok !== null && ok > 0 ? tokens / ok : null;
}

export function configOfRun(run: BenchRun): SeriesConfig {
  const ok = run.requests.ok ?? (run.requests.total !== null && run.requests.failed !== null ? run.requests.total - run.requests.failed : null);
  const promptMean = extra(run, 'prompt_len.mean');
  const dataset = extra(run, 'dataset_name', 'dataset');
  return {
    model: run.model,
    engine: run.engine,
    hardware: run.hardware,
    gpus: run.gpus,
    precision: run.precision,
    parallelism: parallelismOf(run),
    inputTokens: lengthBucket(perRequest(run.tokens.input, ok) ?? (typeof promptMean === 'number' ? promptMean : null)),
    outputTokens: lengthBucket(perRequest(run.tokens.output, ok)),
    dataset: typeof dataset === 'string' ? dataset : null,
  };
}
