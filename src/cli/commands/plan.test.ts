import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../core/scenario/defaults';
import { testIo } from '../../testing/cli-test-io';
import { plainScenario } from '../../testing/test-scenarios';
import { planCommand } from './plan';

const dir = mkdtempSync(join(tmpdir(), 'cli-plan-'));
const file = join(dir, 'default.json');
writeFileSync(file, JSON.stringify(defaultScenario()));

async function run(args: string[]) {
  const io = testIo();
  const code = await planCommand.run(args, io);
  return {
    code,
    io,
    out:
      code === 0
        ? (JSON.parse(io.stdout.join('\n')) as {
            plans: Record<string, unknown>[];
            upperBounds: Record<string, unknown>[];
            excluded: { candidate: Record<string, unknown>; reason: { code: string } }[];
          })
        : null,
  };
}

describe('cli plan', () => {
  it('the example scenario: the cheapest plan is the OpenRouter API, then 8× H200 bought (the only self-hosted figure the example has is the one entered for it)', async () => {
    const { code, out } = await run([file]);
    expect(code).toBe(0);
    // The example's own API offer, Moonshot, costs $13,590 a month (the TCO page's figure);
    // OpenRouter lists Kimi K2.6 for less.
    expect(out?.plans[0]).toMatchObject({ rank: 1, kind: 'api', apiOfferId: 'openrouter-kimi-k2.6' });
    const h200 = out?.plans.find((p) => p.kind === 'self-hosted');
    expect(h200).toMatchObject({ gpu: 'h200-sxm', gpusPerReplica: 8, billing: 'bought', evidence: { kind: 'entered' } });
    // Upper bounds rest on the roofline alone, listed apart; other single-node candidates of this
    // MoE · MLA model are calibrated estimates and carry their leave-one-out error.
    expect(out?.upperBounds.every((p) => (p.evidence as { kind: string }).kind === 'roofline')).toBe(true);
    const calibrated = out?.plans.find((p) => (p.evidence as { kind: string } | null)?.kind === 'calibrated');
    expect(typeof (calibrated?.evidence as { calibrationError: unknown } | undefined)?.calibrationError).toBe('number');
  });

  it('pools: a scenario with entered prefill and decode rates gets a disaggregated plan of 3 + 10 workers, prefill binding', async () => {
    // 50 requests/s around the clock (50 × 86,400 a day over 730 ÷ 24 days); a prefill worker of
    // 8× H200 serves 20 requests/s at the TTFT target, a decode worker 6 at the ITL target.
    // Rate matching: ⌈50 ÷ 18⌉ = 3 prefill and ⌈50 ÷ 5.52⌉ = 10 decode workers, 104 GPUs;
    // at $4 per GPU-hour on demand 104 × 4 × 730 = $303,680 a month.
    const s = plainScenario();
    s.workload = { ...s.workload, requestsPerDay: 50 * 86_400, daysPerMonth: 730 / 24 };
    s.selfHosted = { ...s.selfHosted, pools: { prefillRequestsPerSecond: 20, decodeRequestsPerSecond: 6, source: 'entered', label: 'our sweep' } };
    const pooled = join(dir, 'pools.json');
    writeFileSync(pooled, JSON.stringify(s));
    const { code, out } = await run([pooled, '--gpus', 'h200-sxm', '--billing', 'on-demand', '--top', '50']);
    expect(code).toBe(0);
    const plan = out?.plans.find((p) => p.pools !== null && p.kind === 'self-hosted' && p.gpusPerReplica === 8);
    expect(plan).toMatchObject({
      billing: 'on-demand',
      gpusTotal: 104,
      evidence: { kind: 'entered', label: 'our sweep' },
      pools: {
        prefill: { workers: 3, gpus: 24, requestsPerSecondPerWorker: 20 },
        decode: { workers: 10, gpus: 80, requestsPerSecondPerWorker: 6 },
        binding: 'prefill',
        rateFactors: { prefill: 0.9, decode: 0.92 },
        kvTransfer: null,
      },
    });
    expect(plan?.monthlyUsd).toBeCloseTo(303_680, 6);
    // Every other plan says it is not disaggregated; --aggregated-only leaves the pools out.
    expect(out?.plans.filter((p) => p.pools === null).length).toBeGreaterThan(0);
    const aggregated = await run([pooled, '--gpus', 'h200-sxm', '--billing', 'on-demand', '--top', '50', '--aggregated-only']);
    expect(aggregated.out?.plans.some((p) => p.pools !== null)).toBe(false);
  });

  it('applies the constraints it is given', async () => {
    const { code, out } = await run([file, '--gpus', 'h100-sxm,h200-sxm', '--billing', 'on-demand,reserved', '--top', '50']);
    expect(code).toBe(0);
    for (const p of [...(out?.plans ?? []), ...(out?.upperBounds ?? [])]) {
      if (p.kind === 'api') continue;
      expect(['h100-sxm', 'h200-sxm']).toContain(p.gpu);
      expect(['on-demand', 'reserved-12', 'reserved-36']).toContain(p.billing);
    }
    expect(out?.excluded).toContainEqual({
      candidate: { gpu: 'h100-sxm', gpus: 8, layout: null, billing: null, evidence: null },
      reason: { code: 'node-too-small', smallestFit: 16 },
    });
  });

  it('names an unknown GPU or billing mode and exits 2', async () => {
    const a = await run([file, '--gpus', 'h999']);
    expect(a.code).toBe(2);
    expect(a.io.stderr.join('\n')).toContain('unknown GPU "h999"');
    const b = await run([file, '--billing', 'monthly']);
    expect(b.code).toBe(2);
    expect(b.io.stderr.join('\n')).toContain('unknown mode "monthly"');
  });

  it('--calibration prints the table: per class its series and records, calibrated from 3 series', async () => {
    const io = testIo();
    expect(await planCommand.run([file, '--calibration'], io)).toBe(0);
    const t = JSON.parse(io.stdout.join('\n')) as {
      classes: { class: string; series: number; calibrated: boolean; records: number; recordPoints: { id: string; publishedPerGpu: number }[] }[];
      skipped: { id: string; why: string }[];
    };
    expect(t.classes.every((c) => c.calibrated === c.series >= 3)).toBe(true);
    expect(t.classes.find((c) => c.class === 'moe|mla|hopper|single')).toMatchObject({ series: 3, calibrated: true });
    const mla = t.classes.find((c) => c.class === 'moe|mla|blackwell|single');
    // CoreWeave's 8× B200 DeepSeek-R1 Server record: 56,121.3 tokens/s ÷ 8 = 7,015.16 per GPU.
    expect(mla?.recordPoints.find((p) => p.id.includes('coreweave') && p.id.includes('b200'))?.publishedPerGpu).toBeCloseTo(7015.16, 2);
    // Llama 2 70B has no catalog model: each of its records is skipped with that reason.
    expect(t.skipped.filter((x) => x.id.includes('llama2')).every((x) => x.why === 'no catalog model')).toBe(true);
    expect(t.skipped.some((x) => x.id.includes('llama2'))).toBe(true);
  });
});
