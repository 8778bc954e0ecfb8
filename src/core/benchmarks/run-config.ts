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
  /**
   * Mean input / output tokens per request, to four significant figures: of one run, or of a
   * series its runs' request-weighted mean (`run-groups.ts`). Never rounded for grouping.
   */
  inputTokens: number | null;
  outputTokens: number | null;
  dataset: string | null;
}

/** Four significant figures (210.3, 1,024, 62.37). */
export function sig4(v: number): number {
  return v === 0 || !Number.isFinite(v) ? v : Number(v.toPrecision(4));
}

/**
 * What a run measured apart from its request lengths (model, engine, hardware, GPUs, precision,
 * parallelism, dataset), as a key. Lengths group by what the file states or within a tolerance
 * (`run-groups.ts`), never by equal keys of rounded figures.
 */
export function identityKey(c: SeriesConfig): string {
  return [c.model, c.engine, c.hardware, c.gpus, c.precision, c.parallelism, c.dataset].map((v) => (v === null ? '' : String(v))).join('|');
}

export function configLabel(c: SeriesConfig): string {
  const parts: string[] = [];
  if (c.model) parts.push(c.model);
  if (c.engine) parts.push(c.engine);
  if (c.hardware) parts.push(c.gpus !== null ? `${c.gpus}× ${c.hardware}` : c.hardware);
  else if (c.gpus !== null) parts.push(`${c.gpus} GPU`);
  if (c.precision) parts.push(c.precision);
  if (c.parallelism) parts.push(c.parallelism);
  const tokens = (v: number | null) => (v === null ? '?' : String(Math.round(v)));
  if (c.inputTokens !== null || c.outputTokens !== null) parts.push(`${tokens(c.inputTokens)}/${tokens(c.outputTokens)} tok`);
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

function numberExtra(run: BenchRun, key: string): number | null {
  const v = extra(run, key);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
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

/** Completed requests of a run: the count the file gives, else total − failed. */
export function completedOf(run: BenchRun): number | null {
  return run.requests.ok ?? (run.requests.total !== null && run.requests.failed !== null ? run.requests.total - run.requests.failed : null);
}

/**
 * The mean request lengths a run measured: its tokens ÷ completed requests, else the means the
 * file states (inference-perf `successes.prompt_len.mean` / `output_len.mean`). Null where
 * unknown, e.g. when every request failed.
 */
export function measuredLengths(run: BenchRun): { input: number | null; output: number | null } {
  const ok = completedOf(run);
  const input = perRequest(run.tokens.input, ok) ?? numberExtra(run, 'prompt_len.mean');
  const output = perRequest(run.tokens.output, ok) ?? numberExtra(run, 'output_len.mean');
  return { input: input !== null && input > 0 ? input : null, output: output !== null && output > 0 ? output : null };
}

/**
 * The request lengths a run was configured with, when its file states them: SGLang's
 * `random_input_len` / `random_output_len` (with `random_range_ratio`) for its random datasets,
 * InferenceX's `isl` / `osl`. A random dataset draws lengths up to the configured ones, so the
 * measured means differ from them and from run to run; the configured lengths say which runs
 * belong to one sweep.
 */
export function configuredLengths(run: BenchRun): { input: number; output: number; rangeRatio: number | null } | null {
  let input: number | null = null;
  let output: number | null = null;
  let rangeRatio: number | null = null;
  if (run.tool === 'sglang') {
    const dataset = extra(run, 'dataset_name');
    if (dataset !== 'random' && dataset !== 'random-ids') return null;
    input = numberExtra(run, 'random_input_len');
    output = numberExtra(run, 'random_output_len');
    rangeRatio = numberExtra(run, 'random_range_ratio');
  } else if (run.tool === 'inferencex') {
    input = numberExtra(run, 'isl');
    output = numberExtra(run, 'osl');
  }
  return input !== null && output !== null && input > 0 && output > 0 ? { input, output, rangeRatio } : null;
}

/** The configuration of one run, its lengths measured (four significant figures). */
export function configOfRun(run: BenchRun): SeriesConfig {
  const dataset = extra(run, 'dataset_name', 'dataset');
  const lengths = measuredLengths(run);
  return {
    model: run.model,
    engine: run.engine,
    hardware: run.hardware,
    gpus: run.gpus,
    precision: run.precision,
    parallelism: parallelismOf(run),
    inputTokens: lengths.input === null ? null : sig4(lengths.input),
    outputTokens: lengths.output === null ? null : sig4(lengths.output),
    dataset: typeof dataset === 'string' ? dataset : null,
  };
}
