/**
 * Reads what a serving engine reports about memory at start-up, from a pasted or dropped vLLM
 * or SGLang log. Only lines we recognise are read; every figure keeps the line it came from.
 *
 * Units: vLLM prints GiB (older releases wrote "GB" for the same 2³⁰-byte figure in "Loading
 * model weights took … GB"); SGLang's "GB" is also 2³⁰ bytes (`/ (1 << 30)` in its memory
 * pool). Both are read as GiB.
 *
 * vLLM's "GPU KV cache size: N tokens" is derived: `maximum concurrency × max_model_len` (vLLM
 * PR #40694), not a capacity, and KV memory ÷ N is no per-token cost for models whose per-request
 * footprint has a part that does not grow with context (vllm issue #51041). We show it as the
 * engine reports it and compare the concurrency, which is what the engine actually sizes.
 */

import type { ModelSpec, WeightFormat } from '../scenario/model-spec';
import { readLogSetup, setupOffer, type LogSetup, type SetupOffer } from './engine-setup';
import { marlinMxfp4Padding, type EngineKernel, type KernelPadding } from './engine-padding';
import type { NotFitReason } from './fit';

export const MAX_LOG_CHARS = 5_000_000;
const GIB = 2 ** 30;

export type EngineFigureKey =
  | 'weights'
  | 'kvCache'
  | 'kvNeeded'
  | 'kvTokens'
  | 'maxConcurrency'
  | 'cudaGraph'
  | 'activation'
  | 'nonTorch'
  | 'totalMemory'
  | 'freeAtStart'
  | 'utilisation'
  | 'budget';

export interface EngineFigure {
  key: EngineFigureKey;
  /** Bytes for memory figures, tokens for kvTokens, a ratio for maxConcurrency and utilisation. */
  value: number;
  /** maxConcurrency: the context (max_model_len) it refers to. */
  contextTokens?: number;
  /** 1-based line number and the line as pasted (trimmed to 300 characters). */
  line: number;
  text: string;
}

export interface EngineLog {
  engine: 'vllm' | 'sglang';
  figures: EngineFigure[];
  /** Worker ranks that printed the same lines (TP0, TP1, …); 1 when none is named. */
  ranks: number;
  /** Kernels the log names that change how much memory the weights take. */
  kernels: { kernel: EngineKernel; line: number; text: string }[];
  /** The setup the log was run with (context, TP, PP, weight format, utilisation), where it says. */
  setup: LogSetup;
  /** The first line saying the engine did not start ("EngineCore failed to start", vLLM's "To serve at least one request" error). */
  startFailure: { line: number; text: string } | null;
  /** The first line showing the engine went past its KV allocation (so it started), when no failure is named. */
  startedLine: number | null;
}

export type EngineLogIssue =
  { code: 'too-long'; chars: number; max: number } | { code: 'no-engine-lines' } | { code: 'bad-number'; line: number; field: EngineFigureKey; text: string };

export type EngineLogResult = { ok: true; log: EngineLog; issues: EngineLogIssue[] } | { ok: false; issues: EngineLogIssue[] };

// Loose on purpose: a mangled figure ("1.2.3") is matched and then named as unreadable, with its line.
const NUM = String.raw`(-?[\d.,]*\d)`;

interface Rule {
  engine: 'vllm' | 'sglang';
  re: RegExp;
  read: (m: RegExpMatchArray) => { key: EngineFigureKey; value: number | null; contextTokens?: number }[];
}

/**
 * Largest figure read as a number: 2⁵³ (above it integers are no longer exact, and no GPU holds
 * 2⁵³ GiB). A 300-digit figure parses to 1e300, which × 2³⁰ is Infinity bytes; it is an
 * unreadable figure, named with its line, not a value.
 */
const MAX_FIGURE = Number.MAX_SAFE_INTEGER;

function num(s: string | undefined): number | null {
  if (s === undefined) return null;
  const v = Number(s.replace(/,/g, ''));
  return Number.isFinite(v) && Math.abs(v) <= MAX_FIGURE ? v : null;
}
const gib = (s: string | undefined) => {
  const v = num(s);
  if (v === null) return null;
  const bytes = v * GIB;
  return Number.isFinite(bytes) && Math.abs(bytes) <= MAX_FIGURE ? bytes : null;
};

const RULES: Rule[] = [
  // vLLM ≥ 0.2x: one summary line per worker.
  {
    engine: 'vllm',
    re: new RegExp(
      String.raw`Free memory on device \(${NUM}/${NUM} GiB\) on startup\. Desired GPU memory utilization is \(${NUM}, ${NUM} GiB\)\. Actual usage is ${NUM} GiB for weight, ${NUM} GiB for peak activation, ${NUM} GiB for non-torch memory, and ${NUM} GiB for CUDAGraph memory`,
    ),
    read: (m) => [
      { key: 'freeAtStart', value: gib(m[1]) },
      { key: 'totalMemory', value: gib(m[2]) },
      { key: 'utilisation', value: num(m[3]) },
      { key: 'budget', value: gib(m[4]) },
      { key: 'weights', value: gib(m[5]) },
      { key: 'activation', value: gib(m[6]) },
      { key: 'nonTorch', value: gib(m[7]) },
      { key: 'cudaGraph', value: gib(m[8]) },
    ],
  },
  { engine: 'vllm', re: new RegExp(String.raw`Current kv cache memory in use is ${NUM} GiB`), read: (m) => [{ key: 'kvCache', value: gib(m[1]) }] },
  { engine: 'vllm', re: new RegExp(String.raw`Model loading took ${NUM} GiB`), read: (m) => [{ key: 'weights', value: gib(m[1]) }] },
  { engine: 'vllm', re: new RegExp(String.raw`Loading model weights took ${NUM} GB`), read: (m) => [{ key: 'weights', value: gib(m[1]) }] },
  { engine: 'vllm', re: new RegExp(String.raw`Available KV cache memory: ${NUM} GiB`), read: (m) => [{ key: 'kvCache', value: gib(m[1]) }] },
  // vLLM's start-up refusal: one sequence of max_model_len does not fit ("models's" in 2025 releases).
  {
    engine: 'vllm',
    re: new RegExp(
      String.raw`To serve at least one request with the models?'s max seq len \(${NUM}\), \(${NUM} GiB KV cache is needed, which is larger than the available KV cache memory \(${NUM} GiB\)`,
    ),
    read: (m) => [
      { key: 'kvNeeded', value: gib(m[2]), contextTokens: num(m[1]) ?? undefined },
      { key: 'kvCache', value: gib(m[3]) },
    ],
  },
  { engine: 'vllm', re: new RegExp(String.raw`GPU KV cache size: ${NUM} tokens`), read: (m) => [{ key: 'kvTokens', value: num(m[1]) }] },
  {
    engine: 'vllm',
    re: new RegExp(String.raw`Maximum concurrency for ${NUM} tokens per request: ${NUM}x`),
    read: (m) => [{ key: 'maxConcurrency', value: num(m[2]), contextTokens: num(m[1]) ?? undefined }],
  },
  { engine: 'vllm', re: new RegExp(String.raw`Estimated CUDA graph memory: ${NUM} GiB`), read: (m) => [{ key: 'cudaGraph', value: gib(m[1]) }] },
  {
    engine: 'vllm',
    re: new RegExp(String.raw`Graph capturing finished in ${NUM} secs?, took ${NUM} GiB`),
    read: (m) => [{ key: 'cudaGraph', value: gib(m[2]) }],
  },
  // vLLM V0 memory profiling line.
  {
    engine: 'vllm',
    re: new RegExp(
      String.raw`Memory profiling results: total_gpu_memory=${NUM}GiB.*?non_torch_memory=${NUM}GiB kv_cache_size=${NUM}GiB gpu_memory_utilization=${NUM}`,
    ),
    read: (m) => [
      { key: 'totalMemory', value: gib(m[1]) },
      { key: 'nonTorch', value: gib(m[2]) },
      { key: 'kvCache', value: gib(m[3]) },
      { key: 'utilisation', value: num(m[4]) },
    ],
  },
  // SGLang. Newer releases print the dtype first ("KV Cache is allocated. dtype: torch.bfloat16, #tokens: …").
  {
    engine: 'sglang',
    re: new RegExp(String.raw`KV Cache is allocated\.(?: dtype: [\w.]+,)? #tokens: ${NUM}, K size: ${NUM} GB, V size: ${NUM} GB`),
    read: (m) => {
      const k = gib(m[2]);
      const v = gib(m[3]);
      return [
        { key: 'kvTokens', value: num(m[1]) },
        { key: 'kvCache', value: k === null || v === null ? null : k + v },
      ];
    },
  },
  // SGLang's MLA pool (DeepSeek, Kimi) holds one latent per token, no K and V: "KV size: X GB".
  {
    engine: 'sglang',
    re: new RegExp(String.raw`KV Cache is allocated\.(?: dtype: [\w.]+,)? #tokens: ${NUM}, KV size: ${NUM} GB`),
    read: (m) => [
      { key: 'kvTokens', value: num(m[1]) },
      { key: 'kvCache', value: gib(m[2]) },
    ],
  },
  { engine: 'sglang', re: new RegExp(String.raw`Load weight end\..*?mem usage=${NUM} GB`), read: (m) => [{ key: 'weights', value: gib(m[1]) }] },
  { engine: 'sglang', re: new RegExp(String.raw`Capture cuda graph end\..*?mem usage=${NUM} GB`), read: (m) => [{ key: 'cudaGraph', value: gib(m[1]) }] },
];

// vLLM's warning when FP4 weights run on the Marlin kernel (marlin_utils_fp4.py) and the
// MXFP4 method's backend choice (mxfp4.py: "Using Marlin backend" / "Using Triton backend").
const KERNEL_HINTS: { kernel: EngineKernel; re: RegExp }[] = [
  { kernel: 'marlin-mxfp4', re: /FP4 compression will be used leveraging the Marlin kernel|\[mxfp4\.py:\d+\] Using Marlin backend/ },
  { kernel: 'triton-mxfp4', re: /\[mxfp4\.py:\d+\] Using Triton backend/ },
];

/**
 * Who printed a line: a TP rank (`TP3`, `Worker_TP3`, `Worker_PP1_TP0`), or a vLLM V0 worker
 * process (`(VllmWorkerProcess pid=6499)`, `(VllmWorker rank=3 pid=…)`), whose driver (rank 0)
 * prints the same lines without a prefix.
 */
const RANK = /\b(?:Worker_)?(?:PP(\d+)_)?TP(\d+)\b|\(VllmWorker(?:Process| rank=\d+) pid=(\d+)\)/;

/** The engine stopped at start-up (vLLM V1 core, its KV check; SGLang's scheduler). */
const START_FAILURE =
  /EngineCore failed to start|Engine core initialization failed|To serve at least one request with the models?'s max seq len|Scheduler hit an exception/;
/** Lines printed only once the KV cache was allocated. */
const STARTED = /GPU KV cache size: |Maximum concurrency for |KV Cache is allocated\.|Graph capturing finished|Capture cuda graph end/;

export function parseEngineLog(text: string): EngineLogResult {
  if (text.length > MAX_LOG_CHARS) return { ok: false, issues: [{ code: 'too-long', chars: text.length, max: MAX_LOG_CHARS }] };
  const figures: EngineFigure[] = [];
  const issues: EngineLogIssue[] = [];
  const seen = new Set<EngineFigureKey>();
  const ranks = new Set<string>();
  const votes = { vllm: 0, sglang: 0 };
  const kernels: EngineLog['kernels'] = [];
  const lines = text.split(/\r?\n/);
  let driverPrinted = false;
  let v0Workers = false;
  let startFailure: EngineLog['startFailure'] = null;
  let startedLine: number | null = null;
  lines.forEach((raw, i) => {
    if (startFailure === null && START_FAILURE.test(raw)) startFailure = { line: i + 1, text: raw.trim().slice(0, 300) };
    if (startedLine === null && STARTED.test(raw)) startedLine = i + 1;
    const rankMatch = RANK.exec(raw);
    // A TP rank of a pipeline stage is its own rank (Worker_PP0_TP0 and Worker_PP1_TP0 are two).
    const rank = rankMatch ? (rankMatch[2] !== undefined ? `pp${rankMatch[1] ?? 0}tp${rankMatch[2]}` : `pid${rankMatch[3]}`) : undefined;
    if (rankMatch?.[3] !== undefined) {
      v0Workers = true;
      ranks.add(`pid${rankMatch[3]}`);
    }
    for (const hint of KERNEL_HINTS) {
      if (hint.re.test(raw) && !kernels.some((k) => k.kernel === hint.kernel))
        kernels.push({ kernel: hint.kernel, line: i + 1, text: raw.trim().slice(0, 300) });
    }
    for (const rule of RULES) {
      const m = raw.match(rule.re);
      if (!m) continue;
      votes[rule.engine] += 1;
      if (rank !== undefined) ranks.add(rank);
      else driverPrinted = true;
      for (const f of rule.read(m)) {
        if (f.value === null) {
          issues.push({ code: 'bad-number', line: i + 1, field: f.key, text: raw.trim().slice(0, 300) });
          continue;
        }
        // Every TP rank prints the same line; the first one stands for all.
        if (seen.has(f.key)) continue;
        seen.add(f.key);
        figures.push({
          key: f.key,
          value: f.value,
          ...(f.contextTokens !== undefined ? { contextTokens: f.contextTokens } : {}),
          line: i + 1,
          text: raw.trim().slice(0, 300),
        });
      }
    }
  });
  const setup = readLogSetup(text);
  const hasSetup = setup.context !== null || setup.tensorParallel !== null || setup.weightFormat !== null;
  if (figures.length === 0 && !hasSetup) return { ok: false, issues: issues.length > 0 ? issues : [{ code: 'no-engine-lines' }] };
  if (/ServerArgs\(|sglang/i.test(text) && votes.vllm === 0) votes.sglang += 1;
  // V0: the driver is one more rank beside its worker processes.
  const rankCount = ranks.size + (v0Workers && driverPrinted ? 1 : 0);
  return {
    ok: true,
    log: {
      engine: votes.sglang > votes.vllm ? 'sglang' : 'vllm',
      figures,
      ranks: Math.max(1, rankCount),
      kernels,
      setup,
      startFailure,
      startedLine: startFailure ? null : startedLine,
    },
    issues,
  };
}

export function figure(log: EngineLog, key: EngineFigureKey): EngineFigure | undefined {
  return log.figures.find((f) => f.key === key);
}

/** What our estimate says for the same figure (per GPU), for a line-by-line comparison. */
export interface EngineComparisonRow {
  key: EngineFigureKey | 'overheads';
  engine: number;
  /** Our figure in the same unit; null when we have none for this setup (e.g. another context). */
  ours: number | null;
  /** engine − ours (null without ours). */
  difference: number | null;
  unit: 'bytes' | 'tokens' | 'ratio';
  line: number;
  contextTokens?: number;
  /**
   * Weights: the padding of the kernel the log names, with its line. `included`: our figure already
   * counts it (the kernel the fit models on this GPU); otherwise it is computed for the comparison.
   * `unexplainedBytes`: what is left of the difference once the padding is counted.
   */
  kernelPadding?: KernelPadding & { line: number; included: boolean; unexplainedBytes: number };
  /** Weights: the log names another kernel than the one the fit models for this GPU (Triton's layout is not modelled). */
  kernelMismatch?: { logKernel: EngineKernel; line: number; modelled: EngineKernel | null };
}

export interface EngineComparison {
  rows: EngineComparisonRow[];
  /** Overheads read from the log, rounded up to 0.1 GiB, to set on the page; null when the log does not give them. */
  suggestion: { runtimeOverheadGiB: number | null; activationGiB: number | null };
  /** Where the log's setup differs from the page's, and the fields that take it over. */
  setup: SetupOffer;
  /** Whether the engine started (null when the log does not show it) beside our start-up check. */
  start: { engine: { starts: boolean; line: number } | null; ours: { starts: boolean; reason: NotFitReason | null } };
}

/** The figures of our report the comparison needs (a `HardwareReport` fits). */
export interface EstimateForLog {
  setup: { contextLength: number; weightFormat: WeightFormat; memoryUtilisation: number; maxNumBatchedTokens: number };
  model: { mla: boolean };
  layouts: { chosen: { layout: { tp: number; pp: number }; ep: number } };
  memory: {
    weights: { perGpuBytes: number; kernelPadding: KernelPadding | null };
    kvAvailablePerGpu: number;
    start: { starts: boolean; reason: NotFitReason | null; neededBytes: number };
    activationPerGpu: number;
    runtimePerGpu: number;
    budgetPerGpu: number;
    physicalPerGpu: number;
  };
  fixes: { maxConcurrencyAtContext: number };
}

const roundUpTenth = (bytes: number) => Math.ceil((bytes / GIB) * 10 - 1e-9) / 10;

/**
 * `model` (hidden size and MoE shape) lets a weight difference be traced to a kernel the log
 * names (see engine-padding.ts); without it the weights row is compared as is.
 */
export function compareEngineLog(log: EngineLog, r: EstimateForLog, model?: Pick<ModelSpec, 'hidden' | 'moe'>): EngineComparison {
  const rows: EngineComparisonRow[] = [];
  const m = r.memory;
  const add = (key: EngineComparisonRow['key'], f: EngineFigure | undefined, ours: number | null, unit: EngineComparisonRow['unit'], engine = f?.value) => {
    if (!f || engine === undefined) return;
    rows.push({
      key,
      engine,
      ours,
      difference: ours === null ? null : engine - ours,
      unit,
      line: f.line,
      ...(f.contextTokens !== undefined ? { contextTokens: f.contextTokens } : {}),
    });
  };
  add('totalMemory', figure(log, 'totalMemory'), m.physicalPerGpu, 'bytes');
  add('budget', figure(log, 'budget'), m.budgetPerGpu, 'bytes');
  add('utilisation', figure(log, 'utilisation'), m.budgetPerGpu / m.physicalPerGpu, 'ratio');
  add('weights', figure(log, 'weights'), m.weights.perGpuBytes, 'bytes');
  const weightsRow = rows.find((x) => x.key === 'weights');
  const named = log.kernels[0];
  const modelled = m.weights.kernelPadding;
  if (named && weightsRow && weightsRow.difference !== null && r.setup.weightFormat === 'mxfp4') {
    if (modelled && modelled.kernel === named.kernel) {
      weightsRow.kernelPadding = { ...modelled, line: named.line, included: true, unexplainedBytes: weightsRow.difference };
    } else {
      // Marlin's layout can still be traced when the fit models another kernel (or none) here.
      const pad =
        named.kernel === 'marlin-mxfp4' && model
          ? marlinMxfp4Padding(model, r.setup.weightFormat, { tp: r.layouts.chosen.layout.tp, ep: r.layouts.chosen.ep })
          : null;
      if (pad && pad.extraBytesPerGpu > 0) {
        const counted = modelled?.extraBytesPerGpu ?? 0;
        weightsRow.kernelPadding = { ...pad, line: named.line, included: false, unexplainedBytes: weightsRow.difference + counted - pad.extraBytesPerGpu };
      }
      weightsRow.kernelMismatch = { logKernel: named.kernel, line: named.line, modelled: modelled?.kernel ?? null };
    }
  }
  add('activation', figure(log, 'activation'), m.activationPerGpu, 'bytes');
  const graph = figure(log, 'cudaGraph');
  const nonTorch = figure(log, 'nonTorch');
  if (graph || nonTorch) {
    const first = graph ?? nonTorch;
    add('overheads', first, m.runtimePerGpu, 'bytes', (graph?.value ?? 0) + (nonTorch?.value ?? 0));
  }
  add('kvCache', figure(log, 'kvCache'), m.kvAvailablePerGpu, 'bytes');
  const needed = figure(log, 'kvNeeded');
  add('kvNeeded', needed, needed?.contextTokens === r.setup.contextLength ? m.start.neededBytes : null, 'bytes');
  const conc = figure(log, 'maxConcurrency');
  const sameContext = conc?.contextTokens === r.setup.contextLength;
  add('maxConcurrency', conc, sameContext ? r.fixes.maxConcurrencyAtContext : null, 'ratio');
  // Both sides derive the token figure the same way: concurrency × context.
  add('kvTokens', figure(log, 'kvTokens'), sameContext ? r.fixes.maxConcurrencyAtContext * r.setup.contextLength : null, 'tokens');
  const runtime = graph || nonTorch ? (graph?.value ?? 0) + (nonTorch?.value ?? 0) : null;
  const activation = figure(log, 'activation')?.value ?? null;
  const page = {
    contextLength: r.setup.contextLength,
    tensorParallel: r.layouts.chosen.layout.tp,
    pipelineParallel: r.layouts.chosen.layout.pp,
    weightFormat: r.setup.weightFormat,
    memoryUtilisation: r.setup.memoryUtilisation,
    maxNumBatchedTokens: r.setup.maxNumBatchedTokens,
    mla: r.model.mla,
  };
  return {
    rows,
    setup: setupOffer(log.setup, page),
    suggestion: {
      runtimeOverheadGiB: runtime === null ? null : roundUpTenth(runtime),
      activationGiB: activation === null ? null : roundUpTenth(activation),
    },
    start: {
      engine: log.startFailure ? { starts: false, line: log.startFailure.line } : log.startedLine !== null ? { starts: true, line: log.startedLine } : null,
      ours: { starts: m.start.starts, reason: m.start.reason },
    },
  };
}
