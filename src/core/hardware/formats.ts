import type { GpuRecord } from '../catalog/types';
import type { KvFormat, WeightFormat } from '../scenario/model-spec';

/**
 * Storage cost of each weight format, in bits per parameter including its scales
 * (hardware reference §0.4):
 * - BF16: 16.
 * - FP8 e4m3 with one FP32 scale per 128×128 block (DeepSeek/Kimi style): 8 + 32 / 16,384 ≈ 8.002.
 * - INT4 with group size 32 and one BF16 scale per group (compressed-tensors, Kimi K2.x): 4 + 16 / 32 = 4.5.
 * - MXFP4 with one 8-bit shared exponent per 32 values (OCP microscaling; gpt-oss, Kimi K3): 4 + 8 / 32 = 4.25.
 */
export const EFFECTIVE_BITS: Readonly<Record<WeightFormat, number>> = {
  bf16: 16,
  fp8: 8 + 32 / (128 * 128),
  int4: 4 + 16 / 32,
  mxfp4: 4 + 8 / 32,
};

/** Bytes per cached element for each KV-cache format. */
export const KV_BYTES: Readonly<Record<KvFormat, number>> = { bf16: 2, fp8: 1 };

/**
 * Linear-attention (KDA / delta-rule) recurrent state is kept in the model dtype (BF16) here,
 * whatever the KV-cache format: FP8 KV quantises attention K/V, not recurrent state. Some
 * kernels keep this state in FP32, which doubles it (hardware reference §2.1 marks the dtype
 * unverified); the UI says so next to the term.
 */
export const LINEAR_STATE_BYTES = 2;

export const GIB = 2 ** 30;
export const MIB = 2 ** 20;
export const GB = 1e9;

/**
 * Physical memory of one GPU in bytes: the total the runtime reports (nvidia-smi / rocm-smi
 * memory.total, MiB × 1,048,576), or the marketed figure × 10⁹ where no reading is on record.
 * An H100 "80 GB" is 81,559 MiB = 85,521,661,952 bytes, not 80 × 10⁹.
 */
export function physicalMemoryBytes(gpu: Pick<GpuRecord, 'memoryGB' | 'reportedMemory'>): number {
  return gpu.reportedMemory === null ? gpu.memoryGB * GB : gpu.reportedMemory.mib * MIB;
}

/** Tensor-core precision a decode/prefill matmul runs at for a weight format on a GPU. */
export type ComputePrecision = 'bf16' | 'fp8' | 'fp4';

/**
 * Which peak TFLOPS figure applies:
 * - BF16 weights: BF16.
 * - FP8 weights: FP8 tensor cores where the GPU has them (W8A8), else dequantised to BF16 (A100).
 * - INT4: weight-only kernels (W4A16, e.g. Marlin) dequantise to BF16.
 * - MXFP4: W4A8 (MXFP4 weights × MXFP8 activations, as Kimi K3 is released) on GPUs with FP4
 *   tensor cores; weight-only dequantisation to BF16 elsewhere (Hopper, Ada).
 */
export function computePrecision(format: WeightFormat, gpu: GpuRecord): { precision: ComputePrecision; tflops: number } {
  const { bf16, fp8, fp4 } = gpu.tflops;
  if (format === 'fp8' && fp8 !== null) return { precision: 'fp8', tflops: fp8 };
  if (format === 'mxfp4' && fp4 !== null && fp8 !== null) return { precision: 'fp8', tflops: fp8 };
  return { precision: 'bf16', tflops: bf16 };
}

/** True when the GPU has tensor cores for the format's own precision (memory saving only otherwise). */
export function nativeFormatSupport(format: WeightFormat, gpu: GpuRecord): boolean {
  if (format === 'fp8') return gpu.tflops.fp8 !== null;
  if (format === 'mxfp4') return gpu.tflops.fp4 !== null;
  return true;
}
