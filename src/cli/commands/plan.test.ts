import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../../core/scenario/defaults';
import { testIo } from '../cli-test-io';
import { planCommand } from './plan';

const dir = mkdtempSync(join(tmpdir(), 'cli-plan-'));
const file = join(dir, 'default.json');
writeFileSync(file, JSON.stringify(defaultScenario()));

async function run(args: string[]) {
  const io = testIo();
  const code = await planCommand.run(args, io);
  return { code, io, out: code === 0 ? (JSON.parse(io.stdout.join('\n')) as { plans: Record<string, unknown>[]; upperBounds: Record<string, unknown>[]; excluded: { candidate: Record<string, unknown>; reason: { code: string } }[] }) : null };
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
    // Every other GPU rests on the roofline alone: an upper bound, listed apart.
    expect(out?.upperBounds.every((p) => (p.evidence as { kind: string }).kind === 'roofline')).toBe(true);
  });

  it('applies the constraints it is given', async () => {
    const { code, out } = await run([file, '--gpus', 'h100-sxm,h200-sxm', '--billing', 'on-demand,reserved', '--top', '50']);
    expect(code).toBe(0);
    for (const p of [...(out?.plans ?? []), ...(out?.upperBounds ?? [])]) {
      if (p.kind === 'api') continue;
      expect(['h100-sxm', 'h200-sxm']).toContain(p.gpu);
      expect(['on-demand', 'reserved-12', 'reserved-36']).toContain(p.billing);
    }
    expect(out?.excluded).toContainEqual({ candidate: { gpu: 'h100-sxm', gpus: 8, layout: null, billing: null, evidence: null }, reason: { code: 'node-too-small', smallestFit: 16 } });
  });

  it('names an unknown GPU or billing mode and exits 2', async () => {
    const a = await run([file, '--gpus', 'h999']);
    expect(a.code).toBe(2);
    expect(a.io.stderr.join('\n')).toContain('unknown GPU "h999"');
    const b = await run([file, '--billing', 'monthly']);
    expect(b.code).toBe(2);
    expect(b.io.stderr.join('\n')).toContain('unknown mode "monthly"');
  });
});
