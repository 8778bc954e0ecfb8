import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { scenarioSchema } from '../scenario/schema';
import { evaluatePilot } from './evaluate';
import { examplePilot, PILOT_EXAMPLES } from './samples';

describe('example weeks', () => {
  it.each(Object.keys(PILOT_EXAMPLES) as (keyof typeof PILOT_EXAMPLES)[])('"%s" is valid, labelled as example data and reaches its decision', (kind) => {
    const s = defaultScenario();
    s.pilot = examplePilot(kind);
    expect(scenarioSchema.safeParse(s).success).toBe(true);
    const e = evaluatePilot(s);
    expect(e.decision).toBe(kind);
    expect(e.status).toBe('final');
    expect(e.warnings).toContainEqual({ kind: 'example-data', example: kind });
  });

  it('the API bill per task follows from the default offer', () => {
    // 12,000 input (half cached) and 2,000 output tokens: 0.0057 + 0.00096 + 0.008 = $0.01466.
    const s = defaultScenario();
    s.pilot = examplePilot('continue');
    const d = s.pilot.days[0]!.api;
    expect(d.costUsd).toBeCloseTo((d.tasksAttempted ?? 0) * 0.01466, 2);
  });

  it('the continue week is cheaper per accepted task; the return week is not', () => {
    // Continue: self (7 × 262 + 31 h × $102.27) / Σ accepted vs the API; see samples.ts.
    const s = defaultScenario();
    s.pilot = examplePilot('continue');
    const c = evaluatePilot(s).criteria.find((x) => x.id === 'cost-ratio');
    expect(c?.value).toBeLessThan(1);
    s.pilot = examplePilot('return');
    expect(evaluatePilot(s).criteria.find((x) => x.id === 'cost-ratio')?.value).toBeGreaterThan(1);
  });
});
