import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../../testing/cli-test-io';
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
    const { code, out } = await run([
      '--model',
      'kimi-k2',
      '--gpu',
      'h100-sxm',
      '--count',
      '8',
      '--context',
      '32768',
      '--concurrency',
      '64',
      '--weights',
      'fp8',
      '--kv',
      'fp8',
      '--mla-mode',
      'replicated',
    ]);
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
    const { code, out } = await run([
      '--config',
      join(__dirname, '../../core/hardware/fixtures/minimax-m2.config.json'),
      '--gpu',
      'h100-sxm',
      '--count',
      '8',
      '--context',
      '4096',
      '--concurrency',
      '8',
    ]);
    expect(code).toBe(0);
    expect((out?.setup as { model: { id: string } }).model.id).toBe('custom');
    expect((out?.weights as { source: { kind: string; format: string } }).source).toEqual({ kind: 'estimate', format: 'fp8' });
  });

  it("a model without --weights uses its released format, not the base scenario's INT4", async () => {
    // gpt-oss-120b ships MXFP4; the model card's checkpoint is 60.8 GiB = 65,280,000,000 B.
    const { code, out } = await run(['--model', 'gpt-oss-120b', '--gpu', 'h100-sxm', '--count', '1', '--context', '131072', '--concurrency', '1']);
    expect(code).toBe(0);
    const weights = out?.weights as { source: { kind: string; format: string }; checkpoint: Size; kernelPadding: { kernel: string; perGpu: Size } };
    expect(weights.source).toEqual({ kind: 'checkpoint', format: 'mxfp4' });
    expect(weights.checkpoint.bytes).toBe(65_280_000_000);
    // vLLM's Marlin layout on an H100: + 5,507,776,512 B = 5.13 GiB per GPU, counted in the weights.
    expect(weights.kernelPadding).toMatchObject({ kernel: 'marlin-mxfp4', perGpu: { bytes: 5_507_776_512, gib: 5.13 } });
    expect((out?.perGpu as Record<string, Size>).weights?.bytes).toBe(70_787_776_512);
    // With the base scenario's INT4 it would have been an estimate: routed (116.83 − 5.1) / (1 − 4/128)
    // = 115.334B × 4.5 / 8 = 64.876 GB + the other 1.496B × 2 B = 2.992 GB → 67.87 GB.
    const int4 = await run(['--model', 'gpt-oss-120b', '--weights', 'int4']);
    const w4 = int4.out?.weights as { source: { kind: string; format: string }; checkpoint: Size };
    expect(w4.source).toEqual({ kind: 'estimate', format: 'int4' });
    expect(w4.checkpoint.bytes / 1e9).toBeCloseTo(67.867, 2);
  });

  it("--engine-log prints the comparison of the hardware page's card: vllm #27508 at 0.95 and 1,024 batched tokens", async () => {
    const log = join(__dirname, '../../../fixtures/engine-logs/vllm-gpt-oss-120b-h100-095.log');
    const { code, out } = await run([
      '--model',
      'gpt-oss-120b',
      '--gpu',
      'h100-sxm',
      '--count',
      '1',
      '--context',
      '131072',
      '--concurrency',
      '1',
      '--util',
      '0.95',
      '--max-batched-tokens',
      '1024',
      '--engine-log',
      log,
    ]);
    expect(code).toBe(0);
    const e = out?.engineLog as {
      engine: string;
      rows: { figure: string; line: number; engine: Size; ours: Size | null; difference: Size | null; contextTokens?: number }[];
      start: { engine: { starts: boolean; line: number }; ours: { starts: boolean; reason: string } };
      unreadable: string[];
    };
    expect(e.engine).toBe('vllm');
    // The log: 1.71 GiB left for KV (line 1), 4.54 GiB needed for one 131,072-token sequence (line 3).
    // Ours: 81,244,769,484.8 − 80,218,092,339.2 = 1,026,677,145.6 B; one sequence 4,874,895,360 B.
    expect(e.rows.find((r) => r.figure === 'kvCache')).toMatchObject({ line: 1, engine: { gib: 1.71 }, ours: { bytes: 1_026_677_146 } });
    expect(e.rows.find((r) => r.figure === 'kvNeeded')).toMatchObject({
      line: 3,
      contextTokens: 131_072,
      engine: { gib: 4.54 },
      ours: { bytes: 4_874_895_360, gib: 4.54 },
    });
    // The engine did not start (line 2); our start-up check says the same, and why.
    expect(e.start).toEqual({ engine: { starts: false, line: 2 }, ours: { starts: false, reason: 'kv-exceeds-remaining' } });
    expect(out?.start).toMatchObject({ starts: false, reason: 'kv-exceeds-remaining', oneSequenceKvPerGpu: { bytes: 4_874_895_360 } });
    expect(e.unreadable).toEqual([]);
    // A file without engine lines is refused with what to paste; exit code 1.
    const none = await run(['--engine-log', join(__dirname, '../../../fixtures/engine-logs/SOURCES.md')]);
    expect(none.code).toBe(1);
    expect(none.io.stderr.join('\n')).toContain('no vLLM or SGLang memory line');
  });

  it('overheads: estimated by default with their parts; --runtime-gib / --activation-gib enter them', async () => {
    const est = await run(['--model', 'llama-3.1-8b', '--gpu', 'rtx-4090', '--count', '1', '--context', '8192', '--concurrency', '1']);
    // RTX 4090 (vLLM's small defaults): the sampler's 256 × 128,256 × 38 = 1,247,674,368 B, 19 graphs × 24 MiB.
    expect(est.out?.overheads).toMatchObject({
      source: 'estimated',
      limits: { tier: 'compact', maxNumBatchedTokens: 2048, maxNumSeqs: 256, maxCaptureSize: 128 },
      sampler: { bytes: 1_247_674_368 },
      cudaGraphs: { count: 19 },
    });
    const entered = await run(['--model', 'llama-3.1-8b', '--gpu', 'rtx-4090', '--count', '1', '--runtime-gib', '4', '--activation-gib', '3']);
    expect(entered.out?.overheads).toEqual({ source: 'entered' });
    expect((entered.out?.perGpu as Record<string, Size>).activations?.bytes).toBe(3 * 2 ** 30);
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
  /**
   * The published facts the page must agree with, at utilisation 0.92, entered overheads of
   * 4 GiB runtime + 3 GiB activations (--overheads entered), best-fit layout, released weight format. "Fits" as
   * recipes and model cards use it means the engine starts and serves a request at the full
   * context: vLLM refuses to start unless one sequence of max_model_len fits, so every statement
   * is checked at 131,072 tokens with one sequence. Budgets: physical (nvidia-smi MiB × 2²⁰) × 0.92;
   * H100 81,559 MiB → 85,520,809,984 B physical, 78,679,145,185 B budget; H200 143,771 MiB →
   * 150,754,820,096 B, 138,694,434,488 B; GB300 284,208 MiB → 298,013,687,808 B, 274,172,592,783 B.
   */
  describe('published serving facts at 128K', () => {
    const fit = async (model: string, gpu: string, count: number, extra: string[] = []) => {
      const r = await run([
        '--model',
        model,
        '--gpu',
        gpu,
        '--count',
        String(count),
        '--context',
        '131072',
        '--concurrency',
        '1',
        '--overheads',
        'entered',
        ...extra,
      ]);
      expect(r.code).toBe(0);
      return r.out as {
        verdict: { fits: boolean; reason: string | null };
        perGpu: Record<string, Size>;
        setup: { layout: { choice: string; kind: string; dcp: number } };
        layouts: { kind: string; fits: boolean; maxSequencesAtContext: number; minGpus: number | null }[];
        gpuTable?: { gpuId: string; result: { kind: string; count?: number; layout?: string } }[];
      };
    };

    it('gpt-oss-120b does not start on one H100 in vLLM, though the OpenAI model card says it "fits into a single 80GB GPU"', async () => {
      // 65,280,000,000 B + the Marlin padding 5,507,776,512 B + 7,516,192,768 B overheads = 78,303,969,280 B
      // leave 375,175,905 B of the 78,679,145,185 B budget; one 128K sequence as vLLM allocates it needs 5,139,136,512 B.
      const out = await fit('gpt-oss-120b', 'h100-sxm', 1);
      expect(out.verdict).toMatchObject({ fits: false, reason: 'kv-exceeds-remaining' });
      expect(out.setup.layout).toMatchObject({ choice: 'best-fit', kind: 'tp' });
      // A B200 runs FlashInfer's layout (+7.82 GiB) and starts.
      expect((await fit('gpt-oss-120b', 'b200', 1)).verdict.fits).toBe(true);
    });

    it('Kimi K3 fits 8× GB300 (vLLM recipe minimum) with TP8 + DCP8, and the GB300 table minimum is 8', async () => {
      const out = await fit('kimi-k3', 'gb300', 8, ['--table']);
      // Weights 1,560,936,091,448 B ÷ 8 = 195,117,011,431 B; room for KV = 274,172,592,783
      // − 195,117,011,431 − 7,516,192,768 = 71,539,388,584 B. One sequence under DCP8: MLA
      // 24 × 576 × 2 B × 131,072 = 3,623,878,656 B ÷ 8 + KDA state 69 × (96 × 128 × 128 + 110,592)
      // × 2 B = 232,316,928 B ÷ 8 (heads) = 482,024,448 B per GPU → ⌊71,539,388,584 / 482,024,448⌋ = 148 sequences.
      expect(out.verdict.fits).toBe(true);
      expect(out.setup.layout).toMatchObject({ kind: 'dcp', dcp: 8 });
      expect(out.perGpu.weights?.bytes).toBe(195_117_011_431);
      expect(out.layouts.find((l) => l.kind === 'dcp')).toMatchObject({ fits: true, maxSequencesAtContext: 148, minGpus: 8 });
      // Replicated MLA (TP8 + EP8): 3,623,878,656 + 29,039,616 B per sequence per GPU → ⌊19.58⌋ = 19.
      expect(out.layouts.find((l) => l.kind === 'tp-ep')).toMatchObject({ fits: true, maxSequencesAtContext: 19 });
      // 4 GB300 hold 390 GB of weights each, above the 298 GB physical: the minimum is 8.
      expect(out.gpuTable?.find((r) => r.gpuId === 'gb300')?.result).toMatchObject({ kind: 'fits', count: 8, layout: 'dcp' });
    });

    it('Kimi K3 does not fit 8× H200: 195,117,011,431 B of weights per GPU > 150,754,820,096 B physical', async () => {
      const out = await fit('kimi-k3', 'h200-sxm', 8);
      expect(out.verdict).toMatchObject({ fits: false, reason: 'weights-exceed-physical' });
      expect(out.layouts.every((l) => !l.fits)).toBe(true);
    });

    it('Kimi K2 FP8 does not fit 8× H100: 1.03e12 B ÷ 8 = 128,750,000,000 B per GPU > 85,520,809,984 B', async () => {
      const out = await fit('kimi-k2', 'h100-sxm', 8, ['--weights', 'fp8']);
      expect(out.verdict).toMatchObject({ fits: false, reason: 'weights-exceed-physical' });
      expect(out.perGpu.weights?.bytes).toBe(128_750_000_000);
    });

    it('DeepSeek-V3 FP8 fits 8× H200 and not 8× H100', async () => {
      // 685e9 B ÷ 8 = 85,625,000,000 B per GPU. H200: 138,694,434,488 − 85,625,000,000 − 7,516,192,768
      // = 45,553,241,720 B for KV; one 128K sequence under DCP8 is 61 × 576 × 2 B × 131,072 ÷ 8 =
      // 1,151,336,448 B → ⌊39.57⌋ = 39 sequences.
      const h200 = await fit('deepseek-v3', 'h200-sxm', 8);
      expect(h200.verdict.fits).toBe(true);
      expect(h200.perGpu.kv?.bytes).toBe(1_151_336_448);
      expect(h200.layouts.find((l) => l.kind === 'dcp')?.maxSequencesAtContext).toBe(39);
      // H100: 85,625,000,000 B of weights per GPU is 104 MB above the 85,520,809,984 B physical.
      const h100 = await fit('deepseek-v3', 'h100-sxm', 8);
      expect(h100.verdict).toMatchObject({ fits: false, reason: 'weights-exceed-physical' });
    });

    it('at the default 48 sequences Kimi K3 on 8× GB300 still fits with DCP8; DP-attention would need 16', async () => {
      const r = await run(['--model', 'kimi-k3', '--gpu', 'gb300', '--count', '8', '--context', '131072', '--overheads', 'entered']);
      const out = r.out as { verdict: { fits: boolean }; perGpu: Record<string, Size>; layouts: { kind: string; fits: boolean; minGpus: number | null }[] };
      // 48 × 482,024,448 = 23,137,173,504 B of KV per GPU + 195,117,011,431 + 7,516,192,768
      // = 225,770,377,703 B ≤ 274,172,592,783 B.
      expect(out.verdict.fits).toBe(true);
      expect(out.perGpu.used?.bytes).toBe(225_770_377_703);
      // DP-attention holds the same 6 × 3,856,195,584 B of KV per rank but replicates ~68 GB of
      // attention weights: (1,560.9 − 68) / 8 + 68 ≈ 254.6 GB + 23.1 + 7.5 > 274.2 GB.
      expect(out.layouts.find((l) => l.kind === 'dp-attention')).toMatchObject({ fits: false, minGpus: 16 });
    });
  });
});
