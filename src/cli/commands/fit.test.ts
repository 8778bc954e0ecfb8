import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../cli-test-io';
import { fitCommand } from './fit';

interface Size {
  bytes: number;
  gib: number;
}

async function run(args: string[]) {
  const io = testIo();
  const code = await fitCommand.run(args, io);
  return { code, io, out: code === 0 ? (JSON.parse(io.stdout.join('\n')) as Record<string, unknown>) : null };
}

describe('cli fit', () => {
  it('prints the article-000 setup (Kimi K2 FP8 on 8× H100) as not fitting, with bytes and GiB', async () => {
    const { code, out } = await run(['--model', 'kimi-k2', '--gpu', 'h100-sxm', '--count', '8', '--context', '32768', '--concurrency', '64', '--weights', 'fp8', '--kv', 'fp8', '--mla-mode', 'replicated']);
    expect(code).toBe(0);
    const verdict = out?.verdict as { fits: boolean; reason: string };
    expect(verdict).toMatchObject({ fits: false, reason: 'weights-exceed-physical' });
    const perGpu = out?.perGpu as Record<string, Size>;
    // 1.03e12 / 8 = 128,750,000,000 B = 119.908 GiB.
    expect(perGpu.weights).toEqual({ bytes: 128_750_000_000, gib: 119.908 });
    // 64 × 32,768 × 61 × 576 × 1 B = 73,685,532,672 B, replicated on each rank.
    expect(perGpu.kv?.bytes).toBe(73_685_532_672);
    // H100 as nvidia-smi reports it (modal-labs/modal-client PR #2797): 81,559 MiB × 1,048,576 = 85,520,809,984 B
    // = 79.647 GiB; budget × 0.92 = 78,679,145,185.28 B → 78,679,145,185 B = 73.276 GiB.
    expect(perGpu.physical).toEqual({ bytes: 85_520_809_984, gib: 79.647 });
    expect(perGpu.budget).toEqual({ bytes: 78_679_145_185, gib: 73.276 });
    expect((out?.setup as { gpu: unknown }).gpu).toEqual({ id: 'h100-sxm', name: 'NVIDIA H100 SXM', memoryGB: 80, reportedMiB: 81_559 });
    expect((out?.setup as { tensorParallel: number }).tensorParallel).toBe(8);
  });

  it('defaults TP to the part of the count inside one node and prints the GPU table on request', async () => {
    const { out } = await run(['--model', 'llama-3.1-70b', '--gpu', 'h100-sxm', '--count', '16', '--weights', 'bf16', '--table']);
    expect(out?.setup).toMatchObject({ gpus: 16, nodes: 2, tensorParallel: 8, pipelineStages: 2 });
    expect(Array.isArray(out?.gpuTable)).toBe(true);
  });

  it('reads a config.json as the custom model', async () => {
    const { code, out } = await run(['--config', join(__dirname, '../../core/hardware/fixtures/minimax-m2.config.json'), '--gpu', 'h100-sxm', '--count', '8', '--context', '4096', '--concurrency', '8']);
    expect(code).toBe(0);
    expect((out?.setup as { model: { id: string } }).model.id).toBe('custom');
    expect((out?.weights as { source: { kind: string; format: string } }).source).toEqual({ kind: 'estimate', format: 'fp8' });
  });

  it('a model without --weights uses its released format, not the base scenario\'s INT4', async () => {
    // gpt-oss-120b ships MXFP4; the model card's checkpoint is 60.8 GiB = 65,280,000,000 B.
    // Default overheads (4 GiB runtime + 3 GiB activations): the model card's "single 80 GB GPU" holds.
    const { code, out } = await run(['--model', 'gpt-oss-120b', '--gpu', 'h100-sxm', '--count', '1', '--context', '131072', '--concurrency', '1']);
    expect(code).toBe(0);
    const weights = out?.weights as { source: { kind: string; format: string }; checkpoint: Size };
    expect(weights.source).toEqual({ kind: 'checkpoint', format: 'mxfp4' });
    expect(weights.checkpoint.bytes).toBe(65_280_000_000);
    // 65.28e9 + KV (18 full layers × 8 × 64 × 2 × 2 B = 36,864 B × 131,072 = 4,831,838,208 B;
    // 18 window layers × 36,864 B × 128 = 4,718,592 B) + 7 GiB (7,516,192,768 B) = 77,632,749,568 B
    // ≤ 81,559 MiB × 1,048,576 × 0.92 = 78,679,145,185 B: 1,046,395,617 B = 0.975 GiB to spare.
    expect((out?.perGpu as Record<string, Size>).used?.bytes).toBe(77_632_749_568);
    expect((out?.verdict as { fits: boolean }).fits).toBe(true);
    expect((out?.verdict as { headroomPerGpu: Size }).headroomPerGpu).toEqual({ bytes: 1_046_395_617, gib: 0.975 });
    // With the base scenario's INT4 it would have been an estimate: routed (116.83 − 5.1) / (1 − 4/128)
    // = 115.334B × 4.5 / 8 = 64.876 GB + the other 1.496B × 2 B = 2.992 GB → 67.87 GB.
    const int4 = await run(['--model', 'gpt-oss-120b', '--weights', 'int4']);
    const w4 = int4.out?.weights as { source: { kind: string; format: string }; checkpoint: Size };
    expect(w4.source).toEqual({ kind: 'estimate', format: 'int4' });
    expect(w4.checkpoint.bytes / 1e9).toBeCloseTo(67.867, 2);
  });

  it('names the flag of a bad value', async () => {
    const zero = await run(['--count', '0']);
    expect(zero.code).toBe(1);
    expect(zero.io.stderr.join('\n')).toContain('--count');
    const text = await run(['--context', 'lots']);
    expect(text.code).toBe(1);
    expect(text.io.stderr.join('\n')).toContain('--context: "lots" is not a number');
    const tp = await run(['--count', '4', '--tp', '8']);
    expect(tp.io.stderr.join('\n')).toContain('--tp: tp-exceeds-gpus');
    const model = await run(['--model', 'gpt-9']);
    expect(model.io.stderr.join('\n')).toContain('--model: unknown-model');
    const unknown = await run(['--colour', 'red']);
    expect(unknown.code).toBe(2);
  });
});
