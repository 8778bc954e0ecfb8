import { describe, expect, it } from 'vitest';
import { SERVING_CLAIMS } from '../catalog/serving-claims';
import { defaultScenario } from '../scenario/defaults';
import { checkServingClaim, checkServingClaims } from './serving-claims';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

const check = (id: string) => {
  const c = SERVING_CLAIMS.find((x) => x.id === id);
  if (!c) throw new Error(id);
  const r = checkServingClaim(enteredScenario(), c);
  if (!r) throw new Error(`no check for ${id}`);
  return r;
};

// Default overheads 4 + 3 GiB = 7,516,192,768 B per GPU; one sequence at the claim's context.
const OVERHEAD = 7 * 2 ** 30;

describe('published serving facts against our default verdict', () => {
  it('every fact that is a measurement or an official statement has a verdict; formulas have none', () => {
    for (const c of SERVING_CLAIMS) {
      const r = check(c.id);
      if (c.kind === 'formula') expect(r.status).toBe('formula');
      else expect(r.status).not.toBe('formula');
    }
    // The model-specific list: three facts for gpt-oss-120b, none for a model without any.
    const s = defaultScenario();
    s.selfHosted.modelId = 'gpt-oss-120b';
    expect(checkServingClaims(s).map((c) => c.claim.id)).toEqual(['gpt-oss-card-one-80gb', 'gpt-oss-recipe-1x-a100', 'gpt-oss-recipe-vram-formula']);
    s.selfHosted.modelId = 'llama-3.1-70b';
    expect(checkServingClaims(s)).toEqual([]);
  });

  it('Kimi K3 "at least 8x GB300": agrees, with TP8 + DCP8 at the recipe\'s 1M context, FP8 KV and 0.95', () => {
    const r = check('k3-recipe-8x-gb300');
    // Budget 284,208 MiB × 1,048,576 × 0.95 = 283,113,003,417.6 B. One 1,048,576-token sequence:
    // MLA 24 × 576 × 1 B × 1,048,576 = 14,495,514,624 B ÷ 8 + KDA 232,316,928 B ÷ 8 = 1,840,978,944 B.
    // Used 195,117,011,431 + 7,516,192,768 + 1,840,978,944 = 204,474,183,143 B.
    expect(r).toMatchObject({ status: 'agrees', fits: true, ourMinimum: 8, layout: { kind: 'dcp', tp: 8, dcp: 8 } });
    expect(r.headroomPerGpu).toBeCloseTo(283_113_003_417.6 - 195_117_011_431 - OVERHEAD - 1_840_978_944, 0);
  });

  it('Kimi K3 "at least 8x MI355X": agrees (4 would hold 390.2 GB of weights each, above 309.2 GB physical)', () => {
    const r = check('k3-recipe-8x-mi355x');
    // 294,896 MiB → 309,220,868,096 B × 0.95 = 293,759,824,691.2 B; BF16 KV: 28,991,029,248 ÷ 8 + 29,039,616.
    expect(r).toMatchObject({ status: 'agrees', fits: true, ourMinimum: 8 });
    expect(r.headroomPerGpu).toBeCloseTo(293_759_824_691.2 - 195_117_011_431 - OVERHEAD - 3_652_918_272, 0);
  });

  it('DeepSeek-V3 FP8 "8x H200 (verified)": agrees at the model maximum of 163,840 tokens', () => {
    const r = check('dsv3-recipe-8x-h200');
    // 685e9 ÷ 8 = 85,625,000,000 B; KV 61 × 576 × 2 B × 163,840 ÷ 8 = 1,439,170,560 B;
    // budget 143,771 MiB × 1,048,576 × 0.92 = 138,694,434,488.32 B.
    expect(r).toMatchObject({ status: 'agrees', fits: true, ourMinimum: 8 });
    expect(r.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - 85_625_000_000 - OVERHEAD - 1_439_170_560, 0);
  });

  it('Kimi K2 FP8 "16x H200, smallest for 128k": we say 8 already hold one 128K sequence, with 1.28 GB to spare', () => {
    const r = check('k2-guide-16x-h200');
    // On 16 (TP8 × PP2 + DCP8): 64,375,000,000 + 7,516,192,768 + 9,210,691,584 ÷ 16 = 72,466,860,992 B used.
    expect(r).toMatchObject({ status: 'we-need-fewer', fits: true, ourMinimum: 8, layout: { kind: 'dcp', tp: 8, pp: 2 } });
    expect(r.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - 72_466_860_992, 0);
    // On 8: 128,750,000,000 + 7,516,192,768 + 1,151,336,448 = 137,417,529,216 B ≤ 138,694,434,488 B.
    // The official guide leaves more margin than our 7 GiB of overheads (its engine, its batch sizes).
  });

  it('gpt-oss-120b at 128K: vLLM on one H100 does not start (model card says it fits); on one A100 80GB it does, barely (recipe)', () => {
    // The page's defaults: estimated overheads, vLLM's kernel layout. Both GPUs run MXFP4 on the
    // Marlin kernel: + 5,507,776,512 B of padding (engine-padding.test.ts).
    const atDefaults = (id: string) => {
      const c = SERVING_CLAIMS.find((x) => x.id === id);
      const r = c ? checkServingClaim(defaultScenario(), c) : null;
      if (!r) throw new Error(id);
      return r;
    };
    // H100 (1,024 sequences sampled, 51 graphs): 65.28e9 + 5,507,776,512 + 7,824,736,256 + 1,605,579,571.2
    // = 80,218,092,339.2 B before any KV, above the 78,679,145,185.28 B budget.
    const h100 = atDefaults('gpt-oss-card-one-80gb');
    expect(h100).toMatchObject({ status: 'we-say-not-fit', fits: false });
    expect(h100.headroomPerGpu).toBeCloseTo(78_679_145_185.28 - 80_218_092_339.2 - 5_139_136_512, 0);
    // A100 (vLLM's small defaults: 2,048 tokens, 256 sequences, graphs to 128): the sampler's
    // 256 × 201,088 × 38 = 1,956,184,064 B + 0.3 GiB + 19 × 24 MiB = 800,273,203.2 B; one 128K sequence
    // 4,831,838,208 + 18 × 2,048 × 2,192 = 4,912,644,096 B. Used 78,456,877,875.2 of
    // 81,920 MiB × 1,048,576 × 0.92 = 79,027,398,246.4 B.
    const a100 = atDefaults('gpt-oss-recipe-1x-a100');
    expect(a100).toMatchObject({ status: 'agrees', fits: true });
    expect(a100.headroomPerGpu).toBeCloseTo(79_027_398_246.4 - 78_456_877_875.2, 0);
    // With the entered 4 + 3 GiB the A100 too would be 4.19 GB short.
    expect(check('gpt-oss-recipe-1x-a100')).toMatchObject({ status: 'we-say-not-fit' });
  });

  it('MiniMax-M2 FP8 "TP4 (4x H200/H20/H100 …)": agrees on 4× H100 at the model maximum of 196,608 tokens', () => {
    const r = check('minimax-m2-recipe-4x-h100');
    // 220e9 ÷ 4 = 55,000,000,000 B; KV 62 × 8 × 128 × 2 × 2 B = 253,952 B/token × 196,608 = 49,928,994,816 B,
    // ÷ 4 (8 KV heads over TP4) = 12,482,248,704 B; used 55e9 + 7,516,192,768 + 12,482,248,704 = 74,998,441,472 B;
    // budget 81,559 MiB × 1,048,576 × 0.92 = 78,679,145,185.28 B.
    expect(r).toMatchObject({ status: 'agrees', fits: true });
    expect(r.headroomPerGpu).toBeCloseTo(78_679_145_185.28 - 74_998_441_472, 0);
    // Three H100 cannot: 220e9 ÷ 3 = 73.3e9 B of weights + 7.5e9 B of overheads is above the budget.
    expect(r.ourMinimum).toBe(4);
  });

  it('Qwen3-235B-A22B BF16: agrees with the recipe\'s 4× MI300X launch and with "requires 4x H200"', () => {
    // MI300X: 196,592 MiB × 1,048,576 = 206,141,652,992 B × 0.8 = 164,913,322,393.6 B. 470e9 ÷ 4 = 117,500,000,000 B;
    // KV 94 × 4 × 128 × 2 × 2 B = 192,512 B/token × 32,768 = 6,308,233,216 B ÷ 4 = 1,577,058,304 B.
    const mi = check('qwen3-235b-recipe-4x-mi300x');
    expect(mi).toMatchObject({ status: 'agrees', fits: true });
    expect(mi.headroomPerGpu).toBeCloseTo(164_913_322_393.6 - 117_500_000_000 - OVERHEAD - 1_577_058_304, 0);
    // H200 at 40,960 tokens: KV 192,512 × 40,960 = 7,885,291,520 B ÷ 4 = 1,971,322,880 B; on 3 GPUs (TP1 × PP3)
    // the weights alone are 156.7e9 B, above the 150.75e9 B physical, so our minimum is the recipe's 4.
    const h200 = check('qwen3-235b-recipe-4x-h200');
    expect(h200).toMatchObject({ status: 'agrees', fits: true, ourMinimum: 4 });
    expect(h200.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - 117_500_000_000 - OVERHEAD - 1_971_322_880, 0);
  });

  it('GLM-4.5 "full 128K context" on FP8 8× H200 / 16× H100 and BF16 16× H200: agree, each with room to spare', () => {
    // FP8 weights (no recorded size, estimated): embedding + head 2 × 151,552 × 5,120 = 1,551,892,480 params in BF16,
    // the other 353,448,107,520 at 8 + 32 ÷ 128² bits: 353,448,107,520 × 1.000244140625 + 3,103,784,960
    // = 356,638,183,521.9 B. FP8 KV: 92 × 8 × 128 × 2 × 1 B = 188,416 B/token × 131,072 = 24,696,061,952 B.
    const w = (353_448_107_520 * (8 + 32 / 128 ** 2)) / 8 + 2 * 1_551_892_480;
    expect(w).toBeCloseTo(356_638_183_521.9, 0);
    const kv = 188_416 * 131_072;
    // 8× H200 (TP8, 8 KV heads split 8 ways).
    const h200 = check('glm45-readme-fp8-8x-h200-128k');
    expect(h200).toMatchObject({ status: 'agrees', fits: true, ourWeightsBytes: w });
    expect(h200.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - w / 8 - OVERHEAD - kv / 8, 0);
    // 16× H100 (TP8 × PP2): everything ÷ 16 against 78,679,145,185.28 B.
    const h100 = check('glm45-readme-fp8-16x-h100-128k');
    expect(h100).toMatchObject({ status: 'agrees', fits: true, layout: { tp: 8, pp: 2 } });
    expect(h100.headroomPerGpu).toBeCloseTo(78_679_145_185.28 - w / 16 - OVERHEAD - kv / 16, 0);
    // BF16 on 16× H200: the 710e9-byte checkpoint ÷ 16 = 44,375,000,000 B.
    const bf16 = check('glm45-readme-bf16-16x-h200-128k');
    expect(bf16).toMatchObject({ status: 'agrees', fits: true });
    expect(bf16.headroomPerGpu).toBeCloseTo(138_694_434_488.32 - 44_375_000_000 - OVERHEAD - kv / 16, 0);
  });

  it('the vram_minimum_gb formulas reproduce from parameters × bytes × 1.2 and sit above the real checkpoints', () => {
    const k3 = check('k3-recipe-vram-formula');
    expect(k3.claim.vramMinimumGB).toBe(Math.round(2800 * 0.5 * 1.2));
    expect(k3.ourWeightsBytes).toBe(1_560_936_091_448);
    expect(check('dsv3-recipe-vram-formula').claim.vramMinimumGB).toBe(Math.floor(671 * 1 * 1.2));
    expect(check('k2-recipe-vram-formula').claim.vramMinimumGB).toBe(1000 * 1 * 1.2);
    expect(check('minimax-m2-recipe-vram-formula').claim.vramMinimumGB).toBe(230 * 1 * 1.2);
    expect(check('qwen3-235b-recipe-vram-formula').claim.vramMinimumGB).toBe(235 * 2 * 1.2);
  });
});
