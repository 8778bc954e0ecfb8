import { evaluatePilot } from '../../src/core/pilot/evaluate';
import { examplePilot, PILOT_EXAMPLES, type PilotExample } from '../../src/core/pilot/samples';
import { weekSeries } from '../../src/core/pilot/series';
import { defaultScenario } from '../../src/core/scenario/defaults';
import { encodeScenario } from '../../src/core/link/share-link';
import { medianTimeMs, type BenchRow, type BenchSuite } from '../types';

/**
 * The pilot scorecard is recomputed on every keystroke in the 7-day grid, so a full week's
 * evaluation (criteria, rules and the exhaustive flip search over 8,192 combinations) must fit
 * well inside one frame. A fully filled week also travels in the share link.
 */
const timeMs = (fn: () => unknown, runs: number): number => medianTimeMs(fn, runs, 10);

export const suite: BenchSuite = {
  name: 'pilot',
  async run() {
    const rows: BenchRow[] = [];
    for (const kind of Object.keys(PILOT_EXAMPLES) as PilotExample[]) {
      const s = defaultScenario();
      s.pilot = examplePilot(kind);
      rows.push({
        suite: 'pilot',
        metric: `evaluate a full week (${kind})`,
        value: timeMs(() => evaluatePilot(s), 200),
        unit: 'ms',
        budget: 8,
        direction: 'max',
        note: 'median of 200',
      });
      rows.push({
        suite: 'pilot',
        metric: `share link with a full week (${kind})`,
        value: encodeScenario(s).length + '/#/pilot?s='.length,
        unit: 'chars',
        budget: 4000,
        direction: 'max',
        note: 'every field of 7 days × 2 sides, incidents, checks',
      });
    }
    const s = defaultScenario();
    s.pilot = examplePilot('hybrid');
    rows.push({
      suite: 'pilot',
      metric: 'week series for the charts',
      value: timeMs(() => weekSeries(s), 200),
      unit: 'ms',
      budget: 2,
      direction: 'max',
      note: 'median of 200',
    });
    return rows;
  },
};
