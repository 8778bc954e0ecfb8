import { PUBLISHED_SERIES } from '../../src/core/catalog/published-measurements.data';
import { calibrate } from '../../src/core/plans/calibration';
import { searchPlans } from '../../src/core/plans/search';
import { defaultScenario } from '../../src/core/scenario/defaults';
import { medianTimeMs, type BenchRow, type BenchSuite } from '../types';

/**
 * The plan search over the whole catalog (every GPU type and fitting layout × every billing
 * mode, the hybrids and the API offers), timed in this thread: the same core function the
 * worker runs. Budget 50 ms for the example scenario. Kimi K3 at 128K has more multi-node
 * shapes (each with its roofline curve).
 */
export const suite: BenchSuite = {
  name: 'plans',
  async run() {
    const d = defaultScenario();
    const k3 = { ...d, selfHosted: { ...d.selfHosted, modelId: 'kimi-k3' }, hardware: { ...d.hardware, contextLength: 131_072 } };
    const rows: BenchRow[] = [];
    for (const [name, s] of [
      ['example scenario', d],
      ['Kimi K3 at 128K', k3],
    ] as const) {
      const r = searchPlans(s);
      const ms = medianTimeMs(() => searchPlans(s), 15, 5);
      rows.push({
        suite: 'plans',
        metric: `full search, ${name}`,
        value: ms,
        unit: 'ms',
        budget: name === 'example scenario' ? 50 : null,
        direction: 'max',
        note: `${r.evaluated} candidates priced; ${r.plans.length} plans, ${r.upperBounds.length} upper bounds, ${r.excluded.length} excluded`,
      });
    }
    // The calibration is computed once per roofline settings (then kept): its cost falls on the first search.
    const series = PUBLISHED_SERIES;
    const cold = medianTimeMs(() => calibrate(d, [], series), 9, 2);
    rows.push({
      suite: 'plans',
      metric: 'calibration of the library series (first search only)',
      value: cold,
      unit: 'ms',
      budget: null,
      direction: 'max',
      note: `${series.length} series`,
    });
    return rows;
  },
};
