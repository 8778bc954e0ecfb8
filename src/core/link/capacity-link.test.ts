import { describe, expect, it } from 'vitest';
import type { StoredPoints } from '../schemas/stored-capacity';
import { defaultScenario } from '../scenario/defaults';
import { fullyCustomisedScenario } from '../../testing/custom-scenario';
import { decodeScenario, encodeScenario } from './share-link';

/**
 * A chosen series travels in the share link as its compact summary (four significant digits).
 * A measured 20-point sweep with TTFT, TPOT, ITL and E2E at p50/p90/p95/p99 each must leave
 * the link under 2,000 characters, and come back unchanged.
 */
function sweep(n: number): StoredPoints {
  const loads = Array.from({ length: n }, (_, i) => 2 ** (i / 2));
  const t4 = (v: number) => Number(v.toPrecision(4));
  const t3 = (v: number) => Number(v.toPrecision(3));
  const lat = (base: (c: number) => number) => ({
    p50: loads.map((c) => t3(base(c))),
    p90: loads.map((c) => t3(base(c) * 1.31)),
    p95: loads.map((c) => t3(base(c) * 1.57)),
    p99: loads.map((c) => t3(base(c) * 2.23)),
  });
  return {
    load: loads.map(t4),
    out: loads.map((c) => t4(310 * Math.sqrt(c) * 7.3)),
    total: loads.map((c) => t4(620 * Math.sqrt(c) * 7.3)),
    ttft: lat((c) => 61 + c * 3.7),
    tpot: lat((c) => 9.1 + c * 0.37),
    itl: lat((c) => 8.3 + c * 0.29),
    e2el: lat((c) => 1200 + c * 41),
    ok: loads.map((_, i) => (i === n - 1 ? 0.9713 : 1)),
    n: loads.map((_, i) => 1000 + i * 250),
  };
}

describe('share link with a capacity series', () => {
  it('a 20-point measured series and an SLO stay under 2,000 characters and round-trip', () => {
    const s = defaultScenario();
    s.selfHosted.capacity = {
      slo: {
        limits: [
          { metric: 'ttft', percentile: 95, maxMs: 2000 },
          { metric: 'tpot', percentile: 99, maxMs: 50 },
        ],
        minTokensPerSPerUser: 20,
        maxFailedShare: 0.01,
        allowStricterPercentile: true,
      },
      interpolate: false,
      series: {
        kind: 'measured',
        label: 'moonshotai/Kimi-K2.6 · vllm · 8× H200 · 12000/2000 tok · random',
        fileName: 'sweep_conc1-724.json',
        libraryId: null,
        publisher: null,
        date: '2026-11-20T10:00:00',
        gpus: 8,
        inputTokens: 12000,
        outputTokens: 2000,
        loadKind: 'concurrency',
        points: sweep(20),
      },
    };
    const link = `/#/tco?s=${encodeScenario(s)}`;
    console.info(`default scenario + 20-point series: ${link.length} characters`);
    expect(link.length).toBeLessThan(2000);
    const back = decodeScenario(encodeScenario(s));
    expect(back.ok && back.value.scenario.selfHosted.capacity).toEqual(s.selfHosted.capacity);
  });

  it('reports the length with every other section customised too (figure, not a limit)', () => {
    const s = fullyCustomisedScenario();
    s.selfHosted.capacity = {
      ...s.selfHosted.capacity,
      series: {
        kind: 'published',
        label: 'x',
        fileName: null,
        libraryId: 'x',
        publisher: 'p',
        date: '2026-10-01',
        gpus: 8,
        inputTokens: 1000,
        outputTokens: 1000,
        loadKind: 'concurrency',
        points: sweep(20),
      },
    };
    // Printed so the figure can be quoted; the 2,000 budget is for the series on its own.
    console.info(`fully customised + 20-point series: ${`/#/tco?s=${encodeScenario(s)}`.length} characters`);
    expect(decodeScenario(encodeScenario(s)).ok).toBe(true);
  });
});
