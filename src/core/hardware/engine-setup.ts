import type { WeightFormat } from '../scenario/model-spec';
import type { Hardware, SelfHosted } from '../scenario/schema';

/**
 * The setup an engine start-up log was run with (context, TP, PP, weight format, memory
 * utilisation), so the page can offer to take it over and compare concurrency and tokens too.
 *
 * vLLM prints its non-default arguments (`non-default args: {'tensor_parallel_size': 2, …}`),
 * the context it settled on (`Using max model len 131072`), the engine config
 * (`… max_seq_len=131072, … tensor_parallel_size=1, pipeline_parallel_size=1, … quantization=mxfp4`)
 * and `Maximum concurrency for N tokens per request`; SGLang prints `ServerArgs(… tp_size=4, …
 * context_length=…, quantization=…)`. The first line that gives a field wins; TP falls back to
 * the number of TP ranks that printed lines.
 */

export type LogSetupField = 'context' | 'tensorParallel' | 'pipelineParallel' | 'weightFormat' | 'utilisation' | 'maxNumBatchedTokens';

export interface LogSetupValue<V> {
  value: V;
  /** 1-based line the value was read from. */
  line: number;
}

export interface LogSetup {
  context: LogSetupValue<number> | null;
  tensorParallel: LogSetupValue<number> | null;
  pipelineParallel: LogSetupValue<number> | null;
  weightFormat: LogSetupValue<WeightFormat> | null;
  utilisation: LogSetupValue<number> | null;
  /** vLLM's max_num_batched_tokens (chunked-prefill line or arguments). */
  maxNumBatchedTokens: LogSetupValue<number> | null;
  /** The model the log names (shown, not matched to the catalog). */
  model: LogSetupValue<string> | null;
}

const int = (s: string | undefined) => {
  const v = Number((s ?? '').replace(/,/g, ''));
  return Number.isInteger(v) && v > 0 ? v : null;
};

/** vLLM / SGLang quantization names → our weight formats; others (gptq, compressed-tensors, …) are left unread. */
function formatOf(quantization: string, line: string): WeightFormat | null {
  const q = quantization.toLowerCase();
  if (q === 'mxfp4') return 'mxfp4';
  if (q === 'fp8' || q === 'fbgemm_fp8') return 'fp8';
  if (q === 'awq' || q === 'awq_marlin') return 'int4';
  if (q === 'none' && /\bdtype=(?:torch\.)?'?(?:bfloat16|float16)/.test(line)) return 'bf16';
  return null;
}

type Rule = { field: keyof LogSetup; re: RegExp; read: (m: RegExpMatchArray, line: string) => number | string | null };

const RULES: Rule[] = [
  { field: 'context', re: /Using max model len (\d+)/, read: (m) => int(m[1]) },
  { field: 'context', re: /'max_model_len': (\d+)/, read: (m) => int(m[1]) },
  { field: 'context', re: /\bmax_seq_len=(\d+)/, read: (m) => int(m[1]) },
  { field: 'context', re: /\bcontext_length=(\d+)/, read: (m) => int(m[1]) },
  { field: 'context', re: /Maximum concurrency for ([\d,]+) tokens per request/, read: (m) => int(m[1]) },
  { field: 'tensorParallel', re: /'tensor_parallel_size': (\d+)/, read: (m) => int(m[1]) },
  { field: 'tensorParallel', re: /\btensor_parallel_size=(\d+)/, read: (m) => int(m[1]) },
  { field: 'tensorParallel', re: /\btp_size=(\d+)/, read: (m) => int(m[1]) },
  { field: 'pipelineParallel', re: /'pipeline_parallel_size': (\d+)/, read: (m) => int(m[1]) },
  { field: 'pipelineParallel', re: /\bpipeline_parallel_size=(\d+)/, read: (m) => int(m[1]) },
  { field: 'pipelineParallel', re: /\bpp_size=(\d+)/, read: (m) => int(m[1]) },
  { field: 'weightFormat', re: /'quantization': '(\w+)'/, read: (m, line) => formatOf(m[1] ?? '', line) },
  { field: 'weightFormat', re: /\bquantization='?(\w+)'?/, read: (m, line) => formatOf(m[1] ?? '', line) },
  { field: 'weightFormat', re: /\bmxfp4 quantization is not fully optimized/, read: () => 'mxfp4' },
  { field: 'utilisation', re: /'gpu_memory_utilization': ([\d.]+)/, read: (m) => num01(m[1]) },
  { field: 'utilisation', re: /Desired GPU memory utilization is \(([\d.]+),/, read: (m) => num01(m[1]) },
  { field: 'utilisation', re: /\bgpu_memory_utilization=([\d.]+)/, read: (m) => num01(m[1]) },
  { field: 'maxNumBatchedTokens', re: /'max_num_batched_tokens': (\d+)/, read: (m) => int(m[1]) },
  { field: 'maxNumBatchedTokens', re: /\bmax_num_batched_tokens=(\d+)/, read: (m) => int(m[1]) },
  { field: 'model', re: /'model': '([^']{1,200})'/, read: (m) => m[1] ?? null },
  { field: 'model', re: /\bmodel='([^']{1,200})'/, read: (m) => m[1] ?? null },
  { field: 'model', re: /\bmodel_path='([^']{1,200})'/, read: (m) => m[1] ?? null },
];

function num01(s: string | undefined): number | null {
  const v = Number(s);
  return Number.isFinite(v) && v > 0 && v <= 1 ? v : null;
}

const RANK = /\b(?:Worker_)?TP(\d+)\b/;

export function readLogSetup(text: string): LogSetup {
  const out: LogSetup = {
    context: null,
    tensorParallel: null,
    pipelineParallel: null,
    weightFormat: null,
    utilisation: null,
    maxNumBatchedTokens: null,
    model: null,
  };
  const ranks = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const rank = RANK.exec(raw)?.[1];
    if (rank !== undefined && !ranks.has(rank)) ranks.set(rank, i + 1);
    for (const rule of RULES) {
      if (out[rule.field] !== null) continue;
      const m = raw.match(rule.re);
      if (!m) continue;
      const value = rule.read(m, raw);
      if (value === null) continue;
      // Each rule's reader yields the field's own type (numbers, a weight format, a model name).
      (out as Record<keyof LogSetup, LogSetupValue<number | string> | null>)[rule.field] = { value, line: i + 1 };
    }
  });
  if (out.tensorParallel === null && ranks.size > 1) out.tensorParallel = { value: ranks.size, line: Math.min(...ranks.values()) };
  return out;
}

/** The page's setup as the report resolved it. */
export interface PageSetup {
  contextLength: number;
  /** TP and PP of the layout the report uses. */
  tensorParallel: number;
  pipelineParallel: number;
  weightFormat: WeightFormat;
  memoryUtilisation: number;
  /** The batched tokens the page sizes with (entered, or vLLM's default for its GPU). */
  maxNumBatchedTokens: number;
  mla: boolean;
}

export interface SetupDifference {
  field: LogSetupField;
  log: number | string;
  page: number | string;
  line: number;
}

export interface SetupPatch {
  selfHosted: Partial<Pick<SelfHosted, 'gpusPerReplica'>>;
  hardware: Partial<Pick<Hardware, 'contextLength' | 'layout' | 'tensorParallel' | 'mlaKvMode' | 'weightFormat' | 'memoryUtilisation' | 'maxNumBatchedTokens'>>;
}

export interface SetupOffer {
  differences: SetupDifference[];
  /** What to set so the page runs the log's setup; empty sections when nothing differs. */
  patch: SetupPatch;
}

/**
 * Where the log's setup differs from the page's, and the scenario fields that take it over. A
 * different TP or PP pins the layout to plain TP × PP on TP·PP GPUs (vLLM's layout without
 * expert or data parallelism; an MLA cache is then held whole on every TP rank).
 */
export function setupOffer(log: LogSetup, page: PageSetup): SetupOffer {
  const differences: SetupDifference[] = [];
  const patch: SetupPatch = { selfHosted: {}, hardware: {} };
  if (log.context && log.context.value !== page.contextLength) {
    differences.push({ field: 'context', log: log.context.value, page: page.contextLength, line: log.context.line });
    patch.hardware.contextLength = log.context.value;
  }
  const tp = log.tensorParallel?.value ?? null;
  const pp = log.pipelineParallel?.value ?? null;
  const tpDiffers = tp !== null && tp !== page.tensorParallel;
  const ppDiffers = pp !== null && pp !== page.pipelineParallel;
  if (log.tensorParallel && tpDiffers)
    differences.push({ field: 'tensorParallel', log: log.tensorParallel.value, page: page.tensorParallel, line: log.tensorParallel.line });
  if (log.pipelineParallel && ppDiffers)
    differences.push({ field: 'pipelineParallel', log: log.pipelineParallel.value, page: page.pipelineParallel, line: log.pipelineParallel.line });
  if (tpDiffers || ppDiffers) {
    const t = tp ?? page.tensorParallel;
    const p = pp ?? page.pipelineParallel;
    patch.selfHosted.gpusPerReplica = t * p;
    patch.hardware.layout = { choice: 'pinned' };
    patch.hardware.tensorParallel = t;
    if (page.mla) patch.hardware.mlaKvMode = 'replicated';
  }
  if (log.weightFormat && log.weightFormat.value !== page.weightFormat) {
    differences.push({ field: 'weightFormat', log: log.weightFormat.value, page: page.weightFormat, line: log.weightFormat.line });
    patch.hardware.weightFormat = log.weightFormat.value;
  }
  if (log.utilisation && Math.abs(log.utilisation.value - page.memoryUtilisation) > 1e-9) {
    differences.push({ field: 'utilisation', log: log.utilisation.value, page: page.memoryUtilisation, line: log.utilisation.line });
    patch.hardware.memoryUtilisation = log.utilisation.value;
  }
  if (log.maxNumBatchedTokens && log.maxNumBatchedTokens.value !== page.maxNumBatchedTokens) {
    differences.push({ field: 'maxNumBatchedTokens', log: log.maxNumBatchedTokens.value, page: page.maxNumBatchedTokens, line: log.maxNumBatchedTokens.line });
    patch.hardware.maxNumBatchedTokens = log.maxNumBatchedTokens.value;
  }
  return { differences, patch };
}

/** The scenario's current values of the fields a patch sets, to undo it. */
export function undoPatchFor(patch: SetupPatch, current: { selfHosted: SelfHosted; hardware: Hardware }): SetupPatch {
  const selfHosted: SetupPatch['selfHosted'] = {};
  const hardware: SetupPatch['hardware'] = {};
  if (patch.selfHosted.gpusPerReplica !== undefined) selfHosted.gpusPerReplica = current.selfHosted.gpusPerReplica;
  for (const key of Object.keys(patch.hardware) as (keyof SetupPatch['hardware'])[]) {
    (hardware as Record<string, unknown>)[key] = current.hardware[key];
  }
  return { selfHosted, hardware };
}
