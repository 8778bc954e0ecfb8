import type { GpuRecord } from '../catalog/types';
import type { ModelSpec, WeightFormat } from '../scenario/model-spec';

/**
 * Memory an engine adds to a checkpoint by its own choice of kernel, so the engine-log card can
 * say where a weight difference comes from instead of leaving it unexplained.
 *
 * vLLM's MXFP4 MoE method allocates the expert tensors at padded sizes that depend on the kernel
 * it picks (vllm-project/vllm `vllm/model_executor/layers/quantization/mxfp4.py`,
 * `Mxfp4MoEMethod.create_weights`, checked 2026-12-01): the Marlin kernel "requires that for
 * each linear n % 256 == 0 and k % 128 == 0", so the per-rank intermediate size is rounded up
 * to 128 and the hidden size to 256. Marlin is what vLLM used for MXFP4 on Hopper without
 * FlashInfer or Triton kernels (its start-up warning: "Weight-only FP4 compression will be used
 * leveraging the Marlin kernel"). Other kernels pad differently (FlashInfer on Blackwell: both to
 * 256; Triton: the intermediate size to 64 only, in its own swizzled layout). The fit counts the
 * kernel vLLM picks on the GPU (`engineWeightPadding`) as part of the weights per GPU, a stated
 * overhead with this source, so the verdict is what the engine does (docs/hardware.md §1a); the
 * engine-log card also traces a log's weight figure to the kernel the log names.
 *
 * Per expert, an MXFP4 layer holds gate+up (2I × H) and down (H × I) at 4 bits, one E8M0 scale
 * byte per 32 weights, and BF16 biases of 2I and H (vLLM allocates them for every MXFP4 MoE).
 */

/** MXFP4 MoE kernels vLLM names at start-up; Marlin's and FlashInfer's padding are modelled, Triton's swizzled layout is not. */
export type EngineKernel = 'marlin-mxfp4' | 'flashinfer-mxfp4' | 'triton-mxfp4';

/** Tile alignment each modelled kernel pads the expert tensors to (mxfp4.py `Mxfp4MoEMethod.create_weights`). */
const ALIGN: Readonly<Record<'marlin-mxfp4' | 'flashinfer-mxfp4', { hidden: number; intermediate: number }>> = {
  'marlin-mxfp4': { hidden: 256, intermediate: 128 },
  'flashinfer-mxfp4': { hidden: 256, intermediate: 256 },
};

export interface KernelPadding {
  kernel: EngineKernel;
  hidden: { from: number; to: number };
  /** Per rank: the expert intermediate size after the TP split. */
  intermediate: { from: number; to: number };
  expertsPerRank: number;
  moeLayers: number;
  /** Bytes the padding adds per GPU. */
  extraBytesPerGpu: number;
}

const roundUp = (x: number, to: number) => Math.ceil(x / to) * to;

/** Bytes of one MXFP4 expert (gate+up and down, scales, biases) at hidden H and intermediate I. */
export function mxfp4ExpertBytes(hidden: number, intermediate: number): number {
  const gateUp = 2 * intermediate * hidden;
  const down = hidden * intermediate;
  const weights = (gateUp + down) / 2;
  const scales = (gateUp + down) / 32;
  const biases = (2 * intermediate + hidden) * 2;
  return weights + scales + biases;
}

/**
 * The padding a vLLM MXFP4 MoE kernel adds per GPU for a layout: under expert parallelism every
 * rank holds E ÷ EP whole experts; under plain TP every rank holds all E experts with I ÷ TP of the
 * intermediate size. Null for dense models or formats other than MXFP4.
 */
export function mxfp4Padding(
  model: Pick<ModelSpec, 'hidden' | 'moe'>,
  format: WeightFormat,
  layout: { tp: number; ep: number },
  kernel: 'marlin-mxfp4' | 'flashinfer-mxfp4' = 'marlin-mxfp4',
): KernelPadding | null {
  if (!model.moe || format !== 'mxfp4') return null;
  const { experts, expertIntermediate, moeLayers } = model.moe;
  const align = ALIGN[kernel];
  const ep = Math.max(1, layout.ep);
  const expertsPerRank = ep > 1 ? Math.ceil(experts / ep) : experts;
  const iFrom = ep > 1 ? expertIntermediate : Math.ceil(expertIntermediate / Math.max(1, layout.tp));
  const iTo = roundUp(iFrom, align.intermediate);
  const hTo = roundUp(model.hidden, align.hidden);
  const extraPerExpert = mxfp4ExpertBytes(hTo, iTo) - mxfp4ExpertBytes(model.hidden, iFrom);
  return {
    kernel,
    hidden: { from: model.hidden, to: hTo },
    intermediate: { from: iFrom, to: iTo },
    expertsPerRank,
    moeLayers,
    extraBytesPerGpu: moeLayers * expertsPerRank * extraPerExpert,
  };
}

/** Marlin's padding (the kernel a log names); kept for the log comparison. */
export function marlinMxfp4Padding(model: Pick<ModelSpec, 'hidden' | 'moe'>, format: WeightFormat, layout: { tp: number; ep: number }): KernelPadding | null {
  return mxfp4Padding(model, format, layout, 'marlin-mxfp4');
}

/** NVIDIA datacenter Blackwell, where vLLM runs MXFP4 MoE on FlashInfer's kernels. */
const FLASHINFER_MXFP4_GPUS: ReadonlySet<string> = new Set(['b200', 'b300', 'gb200', 'gb300']);

/**
 * The MXFP4 MoE kernel vLLM runs on a GPU, as the fit models it (vllm `mxfp4.py`, the backend
 * choice): FlashInfer on datacenter Blackwell; on other NVIDIA GPUs, without FP4 tensor cores or
 * FlashInfer's kernels, the weight-only Marlin kernel — the layout of the vLLM 0.10.1 log that did
 * not start on an H100 (vllm #23278). vLLM ≥ 0.11 may pick its Triton kernel on Hopper when
 * `triton_kernels` is installed; that swizzled layout loaded 3.58 GiB over the gpt-oss-120b
 * checkpoint where Marlin's padding is 5.13 GiB (vllm #33155), so Marlin's figure is the upper of
 * the two. AMD GPUs: no layout on record, nothing added.
 */
export function vllmMxfp4Kernel(gpu: Pick<GpuRecord, 'id' | 'vendor'>): 'marlin-mxfp4' | 'flashinfer-mxfp4' | null {
  if (gpu.vendor !== 'NVIDIA') return null;
  return FLASHINFER_MXFP4_GPUS.has(gpu.id) ? 'flashinfer-mxfp4' : 'marlin-mxfp4';
}

/** The kernel layout's extra weight memory per GPU for the fit, or null when none is modelled. */
export function engineWeightPadding(
  model: Pick<ModelSpec, 'hidden' | 'moe'>,
  format: WeightFormat,
  gpu: Pick<GpuRecord, 'id' | 'vendor'>,
  layout: { tp: number; ep: number },
): KernelPadding | null {
  const kernel = vllmMxfp4Kernel(gpu);
  if (kernel === null) return null;
  const pad = mxfp4Padding(model, format, layout, kernel);
  return pad && pad.extraBytesPerGpu > 0 ? pad : null;
}
