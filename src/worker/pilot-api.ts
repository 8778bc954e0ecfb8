import { evaluatePilot } from '../core/pilot/evaluate';
import { evidenceFill, type EvidenceKind, type EvidenceRun } from '../core/pilot/evidence';
import { examplePilot, type PilotExample } from '../core/pilot/samples';
import { weekSeries } from '../core/pilot/series';
import type { Scenario } from '../core/scenario/schema';

/** Seven-day pilot scorecard computations offered to the UI (area D). Plain data in and out. */
export const pilotApi = {
  /** Decision, rule trace, flips, costs per accepted task, week figures, checklist and warnings. */
  evaluatePilot(scenario: Scenario) {
    return evaluatePilot(scenario);
  },
  /** Day-by-day acceptance, p95 TTFT, utilisation and cost per accepted task for both sides. */
  pilotWeekSeries(scenario: Scenario) {
    return weekSeries(scenario);
  },
  /** What an imported run can fill into a pilot day, field by field. */
  pilotEvidenceFill(run: EvidenceRun, kind: EvidenceKind) {
    return evidenceFill(run, kind);
  },
  /** One of the three built-in example weeks (labelled as example data). */
  pilotExample(example: PilotExample) {
    return examplePilot(example);
  },
};
