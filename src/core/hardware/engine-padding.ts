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
 * 256; Triton: the intermediate size to 64 only), so this stays out of our default weight model:
 * it is the engine's choice, shown when the log names the kernel.
 *
 * Per expert, an MXFP4 layer holds gate+up (2I × H) and down (H × I) at 4 bits, one E8M0 scale
 * byte per 32 weights, and BF16 biases of 2I and H (vLLM allocates them for every MXFP4 MoE).
 */

/** MXFP4 MoE kernels vLLM names at start-up; only Marlin's padding is modelled. */
export type EngineKernel = 'marlin-mxfp4' | 'triton-mxfp4';

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
 * The padding vLLM's Marlin MXFP4 MoE kernel adds per GPU for a layout: under expert parallelism
 * every rank holds E ÷ EP whole experts; under plain TP every rank holds all E experts with
 * I ÷ TP of the intermediate size. Null for dense models or formats other than MXFP4.
 */
export function marlinMxfp4Padding(
  model: Pick<ModelSpec, 'hidden' | 'moe'>,
  format: WeightFormat,
  layout: { tp: number; ep: number },
): KernelPadding | null {
  if (!model.moe || format !== 'mxfp4') return null;
  const { experts, expertIntermediate, moeLayers } = model.moe;
  const ep = Math.max(1, layout.ep);
  const expertsPerRank = ep > 1 ? Math.ceil(experts / ep) : experts;
  const iFrom = ep > 1 ? expertIntermediate : Math.ceil(expertIntermediate / Math.max(1, layout.tp));
  const iTo = roundUp(iFrom, 128);
  const hTo = roundUp(model.hidden, 256);
  const extraPerExpert = mxfp4ExpertBytes(hTo, iTo) - mxfp4ExpertBytes(model.hidden, iFrom);
  return {
    kernel: 'marlin-mxfp4',
    hidden: { from: model.hidden, to: hTo },
    intermediate: { from: iFrom, to: iTo },
    expertsPerRank,
    moeLayers,
    extraBytesPerGpu: moeLayers * expertsPerRank * extraPerExpert,
  };
}
