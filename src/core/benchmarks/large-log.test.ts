import { describe, expect, it } from 'vitest';
import { line, rng } from '../../../bench/generate-jsonl';
import { inThreadParts } from '../../testing/in-thread-parts';
import { platformHost } from '../../platform/host';
import { computeGoodput } from './goodput';
import { importFile } from './importer';
import { memorySource } from './memory-source';
import { SKETCH_RELATIVE_ERROR } from './value-sketch';

/**
 * A log larger than a table keeps (here made "large" with a small `tableRows`): the table keeps a
 * uniform sample, and the statistics come from bounded summaries of every request. The lines are
 * the benchmark's generated log (bench/generate-jsonl.ts, the same distribution as its
 * 1,000,000-line file), and the exact figures are worked out here from the lines themselves,
 * with numpy's percentile definition (linear between closest ranks), not with the importer's code.
 */
const LINES = 120_000;
const host = platformHost();

function generated(): { bytes: Uint8Array; rows: Record<string, unknown>[] } {
  const r = rng(20261130);
  const start = Date.UTC(2026, 0, 15, 10, 0, 0);
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) lines.push(line(i, r, start));
  return { bytes: new TextEncoder().encode(`${lines.join('\n')}\n`), rows: lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/** numpy.percentile(values, p) with its default linear interpolation. */
function numpyPercentile(sorted: number[], p: number): number {
  const pos = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

describe('a log larger than a table keeps', () => {
  const { bytes, rows } = generated();
  const model = 'kimi-k2';
  const mine = rows.filter((r) => r.model === model);
  const ok = mine.filter((r) => r.status === 'ok');
  const exact = {
    ttft: ok.map((r) => r.ttft_ms as number).sort((a, b) => a - b),
    e2el: ok.map((r) => r.duration_ms as number).sort((a, b) => a - b),
    tpot: ok
      .filter((r) => (r.out_tok as number) > 1)
      .map((r) => ((r.duration_ms as number) - (r.ttft_ms as number)) / ((r.out_tok as number) - 1))
      .sort((a, b) => a - b),
  };

  it('keeps a uniform sample in the table and every request in the statistics, within the stated error', async () => {
    const result = await importFile(memorySource('big.jsonl', bytes), host, { tableRows: 12_000 });
    expect(result.status).toBe('ok');
    const run = result.runs.find((x) => x.model === model);
    const table = result.tables.find((t) => t.runId === run?.id)?.table;
    if (!run || !table) throw new Error('no run');
    // Every request counted: the figures of the whole log.
    expect(run.requests.total).toBe(mine.length);
    expect(run.perRequest?.count).toBe(mine.length);
    expect(run.perRequest?.ok).toBe(ok.length);
    expect(run.tokens.output).toBe(ok.reduce((a, r) => a + (r.out_tok as number), 0));
    // About 12,000 of the 120,000 lines kept over both models; this model's share of them.
    const rate = table.sample?.rate ?? 1;
    expect(rate).toBeGreaterThan(0.09);
    expect(rate).toBeLessThan(0.11);
    expect(table.sample?.requests).toBe(mine.length);
    const expected = mine.length * rate;
    expect(Math.abs(table.count - expected)).toBeLessThan(4 * Math.sqrt(expected));
    expect(run.perRequest?.kept).toBe(table.count);
    for (const id of ['ttft', 'e2el', 'tpot'] as const) {
      const s = run.recomputed?.[id];
      const sorted = exact[id];
      expect(s?.count).toBe(sorted.length);
      for (const p of [50, 95, 99]) {
        const want = numpyPercentile(sorted, p);
        const got = s?.percentiles[String(p)] as number;
        // The stated error is 0.098 %; the bound is 0.5 %.
        expect(Math.abs(got - want) / want).toBeLessThanOrEqual(SKETCH_RELATIVE_ERROR);
        expect(Math.abs(got - want) / want).toBeLessThanOrEqual(0.005);
      }
      const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
      const std = Math.sqrt(sorted.reduce((a, b) => a + (b - mean) ** 2, 0) / sorted.length);
      expect(s?.mean).toBeCloseTo(mean, 9);
      expect(s?.std).toBeCloseTo(std, 6);
      expect(s?.min).toBe(sorted[0]);
      expect(s?.max).toBe(sorted[sorted.length - 1]);
    }
    // Goodput under a limit from the sample, against the share of all requests worked out here.
    const limit = 600;
    const share = ok.filter((r) => (r.ttft_ms as number) <= limit).length / mine.length;
    const g = computeGoodput(table, { ttftMs: limit, tpotMs: null, e2elMs: null }, run.durationS);
    if (g.status !== 'ok') throw new Error('no goodput');
    expect(g.sampleRows).toBe(table.count);
    expect(g.totalRequests).toBe(mine.length);
    // Within four standard errors of a binomial share over the sample.
    expect(Math.abs(g.requestShare - share)).toBeLessThan(4 * Math.sqrt((share * (1 - share)) / table.count));
  });

  it('is the same, bit for bit, when read in parts', async () => {
    // Parts start at 4 MiB bounds: this 18 MB log is read in four.
    const whole = await importFile(memorySource('big.jsonl', bytes), host, { tableRows: 12_000 });
    const parts = inThreadParts(host, 'big.jsonl', bytes, 3);
    const split = await importFile(memorySource('big.jsonl', bytes), { ...host, parts }, { tableRows: 12_000, splitMinBytes: 1 });
    expect(parts.started).toBe(3);
    expect(split.threads).toBe(4);
    expect({ ...split, threads: 1 }).toEqual(whole);
  });
});
