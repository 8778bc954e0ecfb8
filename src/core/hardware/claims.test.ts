import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { applyClaimSetup } from './claim-setup';
import { checkClaims, HARDWARE_CLAIMS } from './claims';

/** The example scenario with its overheads entered (4 + 3 GiB), which the hand arithmetic below uses. */
function enteredScenario() {
  const s = defaultScenario();
  s.hardware.overheadSource = 'entered';
  return s;
}

const checks = checkClaims(enteredScenario());
const byId = (id: string) => {
  const c = checks.find((x) => x.id === id);
  if (!c || c.result.kind !== 'checked') throw new Error(id);
  return { ...c, result: c.result };
};

describe('article hardware claims, recomputed (default overheads: 3 GiB activations + 4 GiB runtime, utilisation 0.92)', () => {
  it('article 000: Kimi K2 FP8 on 8× H100 does not fit — the weights alone (1.03 TB / 8 = 128.75 GB) exceed the 85.52 GB an H100 has', () => {
    const c = byId('a000-kimi-k2-fp8-8x-h100');
    expect(c.result.fits).toBe(false);
    expect(c.result.reason).toBe('weights-exceed-physical');
    expect(c.result.weightsPerGpu).toBe(1.03e12 / 8);
    // nvidia-smi: 81,559 MiB × 1,048,576 = 85,520,809,984 B; × 0.92 = 78,679,145,185.28 B.
    expect(c.result.physicalPerGpu).toBe(85_520_809_984);
    expect(c.result.budgetPerGpu).toBeCloseTo(78_679_145_185.28, 0);
    // The article's "~580 GB FP8 weights" is the size of the INT4 variants, not the FP8 checkpoint.
    expect(c.stated?.weightsBytes).toBe(580e9);
    expect(c.result.weightsTotalBytes).toBe(1.03e12);
    expect(c.source.kind).toBe('article');
  });

  it('article 000: 4× H200 does not fit either (257.5 GB per GPU > 141 GB)', () => {
    const c = byId('a000-kimi-k2-fp8-4x-h200');
    expect(c.result.fits).toBe(false);
    expect(c.result.weightsPerGpu).toBe(1.03e12 / 4);
    expect(c.result.reason).toBe('weights-exceed-physical');
  });

  it('article 002 community claims for Kimi K3 on 8× H100 and 8× H200 fail on weights (1,560.9 GB / 8 = 195.1 GB)', () => {
    for (const id of ['a002-kimi-k3-8x-h100', 'a002-kimi-k3-8x-h200']) {
      const c = byId(id);
      expect(c.result.fits).toBe(false);
      expect(c.result.reason).toBe('weights-exceed-physical');
      expect(c.result.weightsTotalBytes).toBe(1_560_936_091_448);
    }
  });

  it('the official K3 recipe (8× GB300, 8× MI355X, both marketed 288 GB) fits on the reported memory', () => {
    // GB300: nvidia-smi 284,208 MiB × 1,048,576 = 298,013,687,808 B; × 0.92 = 274,172,592,783.36 B.
    // MI355X: rocm-smi 294,896 MiB × 1,048,576 = 309,220,868,096 B; × 0.92 = 284,483,198,648.32 B.
    // Weights 1,560.9 GB / 8 = 195.1 GB per GPU fit either (and the marketed 288 × 10⁹ × 0.92 = 264.96 GB too).
    const budgets = { 'a003-kimi-k3-8x-gb300': 274_172_592_783.36, 'a003-kimi-k3-8x-mi355x': 284_483_198_648.32 };
    for (const [id, budget] of Object.entries(budgets)) {
      const c = byId(id);
      expect(c.result.fits).toBe(true);
      expect(c.result.budgetPerGpu).toBeCloseTo(budget, 0);
    }
  });

  it('article 004: 64 MiniMax streams at the full 32K on 8× H100 do not fit; 41 do', () => {
    // Weights 220 GB / 8 = 27.5 GB; one 32K sequence 253,952 × 32,768 / 8 = 1,040,187,392 B per GPU;
    // KV room 78.679 (81,559 MiB × 1,048,576 × 0.92) − 27.5 − 7.516 = 43.663 GB → ⌊41.98⌋ = 41 sequences.
    const c = byId('a004-minimax-8x-h100-64-streams');
    expect(c.result.fits).toBe(false);
    expect(c.result.reason).toBe('kv-exceeds-remaining');
    const room = 85_520_809_984 * 0.92 - 220e9 / 8 - 7 * 2 ** 30;
    expect(c.result.maxConcurrencyAtContext).toBe(Math.floor(room / ((253_952 * 32_768) / 8)));
    expect(c.result.maxConcurrencyAtContext).toBe(41);
  });

  it('every claim has a dated source and texts in both languages; loading a setup changes only its fields', () => {
    for (const claim of HARDWARE_CLAIMS) {
      expect(claim.text.en.length).toBeGreaterThan(10);
      expect(claim.text.de.length).toBeGreaterThan(10);
      expect(claim.source.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const base = enteredScenario();
    const first = HARDWARE_CLAIMS[0]!;
    const applied = applyClaimSetup(base, first.setup);
    expect(applied.selfHosted.gpuId).toBe('h100-sxm');
    expect(applied.selfHosted.rentPrice).toBe(base.selfHosted.rentPrice);
    expect(applied.hardware.activationGiB).toBe(base.hardware.activationGiB);
    expect(checks.every((c) => c.result.kind === 'checked')).toBe(true);
  });
});
