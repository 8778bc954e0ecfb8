import { chooseOperatingPoint, OPERATING_POINT_BUDGET_MS } from '../../src/core/capacity/operating-point';
import type { CapacityPoint, CapacitySeries } from '../../src/core/capacity/series';
import { parseSloText } from '../../src/core/schemas/slo';
import { storeSeries } from '../../src/core/capacity/stored';
import { capacityView } from '../../src/core/tco/capacity-view';
import { defaultScenario } from '../../src/core/scenario/defaults';
import { medianTimeMs, type BenchRow, type BenchSuite } from '../types';

/**
 * Choosing the operating point runs on every SLO edit and for every series of the library, so
 * a 1,000-point series (a large library entry, or a whole library checked at once) must stay
 * far inside one frame. The series rises in load with latency growing and a cliff near the end;
 * four latency limits, a tokens/s-per-user floor and the failed-share rule are checked.
 */
function series(n: number): CapacitySeries {
  const points: CapacityPoint[] = [];
  for (let i = 0; i < n; i++) {
    const load = i + 1;
    const ttft = 50 + load * 2 + (i > n * 0.9 ? 3000 : 0);
    const tpot = 8 + load * 0.05;
    points.push({
      concurrency: load,
      requestRate: null,
      load,
      outputTokensPerS: 100 * Math.sqrt(load),
      totalTokensPerS: 200 * Math.sqrt(load),
      outputTokensPerSPerGpu: 12.5 * Math.sqrt(load),
      totalTokensPerSPerGpu: 25 * Math.sqrt(load),
      ttftMs: { p50: ttft * 0.6, p90: ttft * 0.9, p99: ttft * 1.3 },
      tpotMs: { p50: tpot, p90: tpot * 1.2, p99: tpot * 1.5 },
      itlMs: { p50: tpot, p95: tpot * 2 },
      e2elMs: { p50: ttft + tpot * 500, p95: ttft * 1.2 + tpot * 600 },
      interactivity: 1000 / tpot,
      interactivityFrom: 'p50',
      successShare: i % 97 === 0 ? 0.9 : 1,
      requests: 1000,
      runId: null,
    });
  }
  return {
    key: 'bench',
    label: 'bench',
    kind: 'published',
    origin: { kind: 'entered' },
    config: { model: null, engine: null, hardware: null, gpus: 8, precision: null, parallelism: null, inputTokens: 1000, outputTokens: 1000, dataset: null },
    loadKind: 'concurrency',
    points,
    notes: [],
  };
}

const timeMs = (fn: () => unknown, runs: number): number => medianTimeMs(fn, runs, 20);

export const suite: BenchSuite = {
  name: 'capacity',
  async run() {
    const s = series(1000);
    const parsed = parseSloText('ttft-p95=2000,tpot-p99=50,itl-p50=40,e2e-p95=30000,tps-per-user=20');
    if (!parsed.ok) throw new Error(parsed.message);
    const slo = parsed.slo;
    const rows: BenchRow[] = [
      {
        suite: 'capacity',
        metric: 'operating point over a 1,000-point series',
        value: timeMs(() => chooseOperatingPoint(s, slo), 200),
        unit: 'ms',
        budget: OPERATING_POINT_BUDGET_MS,
        direction: 'max',
        note: 'median of 200; 5 limits + failed share',
      },
      {
        suite: 'capacity',
        metric: 'the same, with interpolation',
        value: timeMs(() => chooseOperatingPoint(s, slo, { interpolate: true }), 200),
        unit: 'ms',
        budget: OPERATING_POINT_BUDGET_MS,
        direction: 'max',
        note: 'median of 200',
      },
    ];
    // The capacity panel's view is recomputed on every slider step while a series is chosen:
    // the TCO at each of its points (20 here) plus the one in force.
    const scenario = defaultScenario();
    const twenty = series(20);
    twenty.config.inputTokens = null;
    twenty.config.outputTokens = null;
    scenario.selfHosted.capacity = { slo, interpolate: false, series: storeSeries(twenty) };
    rows.push({
      suite: 'capacity',
      metric: 'capacity view of a 20-point series (TCO at every point)',
      value: timeMs(() => capacityView(scenario), 50),
      unit: 'ms',
      budget: 16,
      direction: 'max',
      note: 'median of 50; runs in the worker',
    });
    return rows;
  },
};
