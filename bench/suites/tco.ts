import { presetScenario } from '../../src/core/presets/presets';
import { defaultScenario } from '../../src/core/scenario/defaults';
import type { Scenario } from '../../src/core/scenario/schema';
import { evaluateTco } from '../../src/core/tco/evaluate';
import { monteCarlo } from '../../src/core/tco/monte-carlo';
import { tornado } from '../../src/core/tco/sensitivity';
import { tcoApi } from '../../src/worker/tco-api';
import { median, percentile, type BenchRow, type BenchSuite } from '../types';

/**
 * Worker-side TCO figures: the same core the worker runs, timed under Node. A full evaluation
 * (costs, capacity, break-even, hybrid sizing over 0…64 replicas, cost curves) runs on every
 * slider input; the tornado and the 10,000-sample Monte Carlo run when the input settles.
 */
async function timeMs(fn: () => unknown, runs: number): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i++) await fn(); // warm-up (JIT)
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** A drag changes one input a little on every step; vary the GPU price so no result is reused. */
function dragged(base: Scenario, i: number): Scenario {
  return { ...base, selfHosted: { ...base.selfHosted, rentPrice: base.selfHosted.rentPrice * (0.8 + (i % 100) / 250) } };
}

export const suite: BenchSuite = {
  name: 'tco',
  async run() {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, budget: number | null, note?: string) =>
      rows.push({ suite: 'tco', metric, value, unit, budget, direction: 'max', note });

    const scenarios: [string, Scenario][] = [
      ['default scenario', defaultScenario()],
      ['article 003 preset (3 replicas at break-even)', presetScenario('a003-k3-cache')],
    ];
    // A hard case for the hybrid search: weekly profile, N+1, many replicas needed.
    const heavy = defaultScenario();
    heavy.workload = { ...heavy.workload, requestsPerDay: 400_000, profileMode: 'weekly' };
    heavy.selfHosted = { ...heavy.selfHosted, redundancy: 'n-plus-1', rentPrice: 1.3 };
    scenarios.push(['weekly profile, 30 replicas, N+1', heavy]);
    // The billing modes whose cost is not one price per replica, on the same hard case: the
    // reserved base with burst, the week replayed through the autoscaling policy, and spot.
    for (const mode of ['mixed', 'autoscaled', 'spot'] as const) {
      scenarios.push([
        `weekly profile, 30 replicas, N+1, ${mode}`,
        {
          ...heavy,
          selfHosted: {
            ...heavy.selfHosted,
            billing: { ...heavy.selfHosted.billing, mode },
            autoscaling: { ...heavy.selfHosted.autoscaling, maxReplicas: 40 },
          },
        },
      ]);
    }

    for (const [label, s] of scenarios) {
      let i = 0;
      const samples = await timeMs(() => evaluateTco(dragged(s, i++)), 400);
      row(`full evaluation, ${label} (median)`, median(samples), 'ms', 5, '400 runs, one input changed per run');
      row(`full evaluation, ${label} (p95)`, percentile(samples, 95), 'ms', null);
    }
    const base = defaultScenario();
    let j = 0;
    row(
      'tornado, 17 inputs × 2 ends (median)',
      median(await timeMs(() => tornado(dragged(base, j++)), 100)),
      'ms',
      null,
      'each end a full saving + break-even',
    );
    const mc = await timeMs(() => monteCarlo(base, { samples: 10_000 }), 20);
    row('Monte Carlo, 10,000 samples (median)', median(mc), 'ms', 250, '20 runs, 6 inputs varied');
    row('Monte Carlo, 10,000 samples (p95)', percentile(mc, 95), 'ms', null);
    // The horizon month by month in every sample: bought hardware over a 36-month cycle at a WACC.
    const bought = defaultScenario();
    bought.selfHosted = { ...bought.selfHosted, costMode: 'buy', horizonMonths: 36, capital: { waccYearly: 0.1, rateConvention: 'nominal' } };
    const mcBought = await timeMs(() => monteCarlo(bought, { samples: 10_000 }), 10);
    row('Monte Carlo, 10,000 samples, bought over 36 months (median)', median(mcBought), 'ms', 250, 'each sample runs its 36 months (NPV, payback)');
    const mcSliced = await timeMs(() => tcoApi.tcoMonteCarlo(base, { samples: 10_000 }), 20);
    row('Monte Carlo via the worker method, sliced (median)', median(mcSliced), 'ms', 250, '2,000-sample slices with a yield between');
    return rows;
  },
};
