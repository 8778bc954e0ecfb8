import { describe, expect, it } from 'vitest';
import { evaluateTco } from '../tco/evaluate';
import { apiInvoice } from '../tco/workload';
import { allClaimChecks, claimChecksForPreset, type ClaimCheck } from './claims';
import { PRESETS, PRESET_IDS, loadPreset, presetScenario } from './presets';

function claim(id: string): ClaimCheck {
  const c = allClaimChecks().find((x) => x.id === id);
  if (!c) throw new Error(`no claim ${id}`);
  return c;
}

describe('presets', () => {
  it('every preset is a valid scenario document with nothing repaired', () => {
    expect(PRESETS.map((p) => p.id)).toEqual([...PRESET_IDS]);
    for (const id of PRESET_IDS) {
      const r = loadPreset(id);
      expect(r.ok, id).toBe(true);
      if (r.ok) expect(r.notices, id).toEqual([]);
    }
    expect(loadPreset('nope')).toEqual({ ok: false, error: 'Unknown preset "nope"' });
  });

  it('article 004 preset: 8 × $0.6025 × 730 h = $3,518.60 a month; break-even 3,518.60 / $25 per 1M = 140.744M output tokens', () => {
    const e = evaluateTco(presetScenario('a004-m27-gpt55'));
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(3_518.6, 6);
    // GPT-5.5 output only: 12M × $25 = $300
    expect(e.api.monthlyUsd).toBeCloseTo(300, 6);
    expect(e.breakEven.result.kind).toBe('at');
    expect(e.breakEven.outputTokensPerMonth).toBeCloseTo(140_744_000, 0);
    // One replica, as the closed form assumes: numerical and closed form agree.
    expect(e.breakEven.crossCheckDeviation).toBeCloseTo(0, 9);
  });

  it("article 000 preset: one cluster can never pay off against Moonshot's 2.12 blend", () => {
    const e = evaluateTco(presetScenario('a000-k2-vendor'));
    // API at the claimed 800M tokens: 800 × 2.12 = $1,696; cluster 8 × $4 × 730 = $23,360
    expect(e.api.monthlyUsd).toBeCloseTo(1_696, 6);
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(23_360, 6);
    const be = e.breakEven.result;
    expect(be).toMatchObject({ kind: 'never', reason: 'replica-costs-more' });
    // closed form 23,360 / 2.12 per 1M = 11.019B tokens; one cluster's capacity at 90 %:
    // 2,850 × 3,600 × 730 × 0.9 = 6.741B → 1.635 clusters' throughput
    expect(e.breakEven.closedFormTokensPerMonth).toBeCloseTo((23_360 / 2.12) * 1e6, -2);
    expect(be.closedForm?.replicasOfThroughput).toBeCloseTo(23_360 / 2.12 / 6_740.82, 3);
    // A cluster's capacity is worth 6,740.82M × 2.12 / 1M = $14,290.54 of API work < $23,360
    if (be.kind === 'never') expect(be.apiUsdPerReplicaCapacity).toBeCloseTo(14_290.54, 1);
    expect(e.verdict.best).toBe('api');
  });

  it('article 000 relay preset: $371.20 listed → invoice ¥371.20 at ¥1 per $1 → $52.28 paid at 7.10 CNY/USD', () => {
    const s = presetScenario('a000-k2-relay');
    const e = evaluateTco(s);
    // 160M input × 0.12 + 640M output × 0.55 = 19.20 + 352.00 = $371.20 listed; ¥371.20
    // invoiced; 371.20 / 7.10 = $52.2817 paid.
    expect(s.fx.CNY).toBe(7.1);
    expect(e.api.monthlyUsd).toBeCloseTo(371.2 / 7.1, 9);
    expect(e.api.monthlyUsd).toBeCloseTo(52.2817, 4);
    expect(apiInvoice(s, e.api.monthlyUsd)).toMatchObject({
      listCurrency: 'USD',
      invoiceCurrency: 'CNY',
      listAmount: expect.closeTo(371.2, 9) as number,
      invoiceAmount: expect.closeTo(371.2, 9) as number,
    });
  });

  it('article 001 preset: 960M input × 0.60 + 4.8M output × 2.50 = $576 + $12 = $588', () => {
    const e = evaluateTco(presetScenario('a001-long-context'));
    expect(e.volume.inputTokensPerMonth).toBe(960_000_000);
    expect(e.api.monthlyUsd).toBeCloseTo(588, 6);
  });

  it('article 003 preset: 2,000 × 30 requests, half the input cached → (0.15 × 3 + 0.15 × 0.30 + 0.03 × 15) × 1.03 each', () => {
    const e = evaluateTco(presetScenario('a003-k3-cache'));
    // 0.945 per request × 60,000 × 1.03 retries = $58,401
    expect(e.api.monthlyUsd).toBeCloseTo(0.945 * 60_000 * 1.03, 6);
    // $58,000 / (8 × 730) = 9.93 per GPU-hour → 8 × 9.93 × 730 = $57,991.20
    expect(e.selfHosted.gpuUsd).toBeCloseTo(57_991.2, 6);
  });
});

describe('article claim check', () => {
  it('article 000 blends: 0.2 × 0.60 + 0.8 × 2.50 = 2.12 ✓; 0.2 × 0.12 + 0.8 × 0.55 = 0.464 ≈ 0.46 ✓; 0.2 × 0.15 + 0.8 × 0.55 = 0.47 ≠ 0.46', () => {
    expect(claim('a000-blend-vendor')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(2.12, 12) as number } });
    expect(claim('a000-blend-relay')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(0.464, 12) as number } });
    expect(claim('a000-blend-self')).toMatchObject({ verdict: 'contradiction', recomputed: { value: expect.closeTo(0.47, 12) as number } });
  });

  it('article 000: 32 × 730 = $23,360 ≈ "~23.000"; break-even 23,360 / 2.12 = 11.02B tokens, not ~800M, and beyond one cluster', () => {
    expect(claim('a000-cluster-month')).toMatchObject({ verdict: 'consistent', recomputed: { value: 23_360 } });
    const be = claim('a000-break-even-800m');
    expect(be.verdict).toBe('contradiction');
    expect(be.recomputed?.value).toBeCloseTo(11_018_867_924.5, 0);
    expect(be.recomputedNever).toBe(true);
    // 800M tokens on 2,850 tok/s: 800e6 / (2,850 × 3,600 × 730) = 10.7 % utilisation, not 90 %
    expect(claim('a000-utilisation-800m').recomputed?.value).toBeCloseTo(800e6 / 7_489_800_000, 12);
    expect(claim('a000-community-600m').verdict).toBe('contradiction');
    // 47 × 0.464 = $21.81 ≈ "~22 $"
    expect(claim('a000-relay-47m')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(21.808, 9) as number } });
  });

  it('article 000 "~85 % saving" of the ¥1 = $1 rate: 1 − 1/7.1 = 85.9 %, from the relay preset\'s own bill', () => {
    const c = claim('a000-fx-saving-85');
    expect(c).toMatchObject({ presetId: 'a000-k2-relay', verdict: 'consistent', claimed: { value: 0.85, unit: 'share' }, tolerance: 0.05 });
    // 1 − 52.2817 / 371.20 = 1 − 1/7.1 = 0.859155
    expect(c.recomputed?.value).toBeCloseTo(0.859155, 6);
    // The arithmetic: 800M × $0.464 = $371.20 listed; × ¥1 per $1 = ¥371.20; ÷ 7.1 = $52.28; saving.
    expect(c.lines.map((l) => [l.label, l.result.unit])).toEqual([
      ['list-month', 'usd-per-month'],
      ['invoice', 'cny-per-month'],
      ['payment', 'usd-per-month'],
      ['saving', 'share'],
    ]);
    expect(c.lines[0]?.result.value).toBeCloseTo(371.2, 9);
    expect(c.lines[1]?.result.value).toBeCloseTo(371.2, 9);
    expect(c.lines[2]?.result.value).toBeCloseTo(52.2817, 4);
    expect(claimChecksForPreset('a000-k2-relay').map((x) => x.id)).toContain('a000-fx-saving-85');
  });

  it('article 001: 40 × 800K × 30 = 960M input, 4.8M output; its own prices do not give its totals', () => {
    expect(claim('a001-direct-input').recomputed?.value).toBeCloseTo(576, 9); // claimed 480
    expect(claim('a001-direct-output').recomputed?.value).toBeCloseTo(12, 9); // claimed 240
    expect(claim('a001-relay-input')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(76.8, 9) as number } });
    expect(claim('a001-relay-output').recomputed?.value).toBeCloseTo(1.44, 9); // claimed 36
    expect(claim('a001-relay-total').recomputed?.value).toBeCloseTo(78.24, 9);
    // 1 − 78.24 / 588 = 86.7 %
    expect(claim('a001-saving').recomputed?.value).toBeCloseTo(1 - 78.24 / 588, 12);
    // Sonnet 4.5 above 200K input: 960 × 6.00 + 4.8 × 22.50 = 5,760 + 108 = 5,868
    expect(claim('a001-sonnet')).toMatchObject({ verdict: 'contradiction', recomputed: { value: expect.closeTo(5_868, 9) as number } });
    for (const id of ['a001-direct-input', 'a001-direct-output', 'a001-direct-total', 'a001-relay-output', 'a001-relay-total']) {
      expect(claim(id).verdict, id).toBe('contradiction');
    }
  });

  it('article 003: $1.35 and $0.54 hold; Moonshot beats CometAPI above 33.3 % cache hits', () => {
    expect(claim('a003-k3-all-miss')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(1.35, 12) as number } });
    expect(claim('a003-k3-all-hit')).toMatchObject({ verdict: 'consistent', recomputed: { value: expect.closeTo(0.54, 12) as number } });
    // CometAPI: 0.3 × 2.40 + 0.03 × 12 = 1.08; 1.35 − 0.81 h ≤ 1.08 ⇔ h ≥ 1/3
    expect(claim('a003-cache-breakpoint').recomputed?.value).toBeCloseTo(1 / 3, 12);
    expect(claim('a003-eight-gpu-58k')).toMatchObject({ verdict: 'not-checkable', recomputed: null });
    expect(claim('a003-eight-gpu-58k').lines[0]?.result.value).toBeCloseTo(58_000 / 5_840, 12);
  });

  it('article 004: its own inputs give ~139M output tokens, not 1.2B', () => {
    const be = claim('a004-break-even');
    expect(be.verdict).toBe('contradiction');
    // 3,469 / 25 per 1M = 138.76M
    expect(be.recomputed?.value).toBeCloseTo(138_760_000, 0);
    expect(be.factor).toBeCloseTo(138.76 / 1200, 12);
    // with 730 h: 4.82 × 730 / 25 = 140.744M; with its 0.34 variable cost: 3,469 / 24.66 = 140.67M
    expect(be.lines[1]?.result.value).toBeCloseTo(140_744_000, 0);
    expect(be.lines[2]?.result.value).toBeCloseTo((3_469 / 24.66) * 1e6, 0);
    // 1.2B is what 4.82 $/h per GPU would roughly give: 8 × 4.82 × 720 / 25 = 1.11B
    expect(be.lines[3]?.result.value).toBeCloseTo(1_110_528_000, 0);
    // 4.82 × 24 × 30 = 3,470.40 ≈ 3,469
    expect(claim('a004-cluster-month')).toMatchObject({ verdict: 'consistent' });
    // 3,473 / 300 = 11.58× → +1,058 %, not +57 %
    expect(claim('a004-more-expensive').recomputed?.value).toBeCloseTo(3_473 / 300 - 1, 12);
    // (32,000 + 4.82 × 8,760) / 312 = $237.89 per 1M, not 0.34
    expect(claim('a004-amortised').recomputed?.value).toBeCloseTo((32_000 + 42_223.2) / 312, 9);
    expect(claim('a004-volume').recomputed?.value).toBe(360_000_000);
  });

  it("every arithmetic line is finite and the claims of a preset are its article's", () => {
    for (const c of allClaimChecks()) {
      for (const l of c.lines) {
        expect(Number.isFinite(l.result.value), c.id).toBe(true);
        for (const t of l.terms) if (t.kind === 'value') expect(Number.isFinite(t.value), c.id).toBe(true);
      }
    }
    expect(claimChecksForPreset('a000-k2-relay').map((c) => c.id)).toContain('a000-break-even-800m');
    expect(claimChecksForPreset('a004-m27-gpt55').every((c) => c.article === 'a004')).toBe(true);
  });
});
