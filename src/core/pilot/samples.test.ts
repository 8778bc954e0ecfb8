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
    expect(e.example).toBe(true);
  });

  it('stays example data after an edit, until the user takes the week over as their own', () => {
    // Typing into an invented week does not make it a measurement: the flag (and with it every
    // label of the decision) stays until "treat as my data" clears pilot.example.
    const s = defaultScenario();
    s.pilot = examplePilot('return');
    s.pilot.days[6]!.selfHosted.utilisation = 0.5;
    expect(evaluatePilot(s).example).toBe(true);
    s.pilot.example = null;
    const own = evaluatePilot(s);
    expect(own.example).toBe(false);
    expect(own.warnings.some((w) => w.kind === 'example-data')).toBe(false);
    expect(evaluatePilot(defaultScenario()).example).toBe(false);
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

  it('the hybrid week rests on its bound share: a local accepted task costs 4.73× the API, and the trace says so', () => {
    // Worked out from samples.ts, staff at $180,000 / 1,760 h = $102.2727 per hour:
    //   self bills 7 × $823.68 = $5,765.76; staff 32 h = $3,272.73; total $9,038.49
    //   self accepted 18,000 × 0.87 + 21,000 × 0.88 + 24,000 × 0.875 + 22,000 × 0.88
    //                 + 20,000 × 0.885 + 4,000 × 0.89 + 3,500 × 0.89 = 98,875
    //   → $0.091413 per accepted task
    //   API bills Σ round(tasks × $0.01466) = $1,649.25; staff 3 h = $306.82; total $1,956.07
    //   API accepted 0.9 × 112,500 = 101,250 → $0.019319 per accepted task
    //   ratio 0.091413 / 0.019319 = 4.7318
    // The plannable share (25 %) is below its 30 % signal, so only the 35 % of work that must
    // stay in-house carries the hybrid; the API being cheaper cannot send that work back, but
    // the card must say that the local share costs 4.7× as much.
    const s = defaultScenario();
    s.pilot = examplePilot('hybrid');
    const e = evaluatePilot(s);
    expect(e.decision).toBe('hybrid');
    expect(e.criteria.find((x) => x.id === 'cost-ratio')?.value).toBeCloseTo(4.7318, 3);
    expect(e.rules.find((r) => r.decision === 'hybrid')?.caution).toBe('local-share-dearer');
    expect(e.warnings.find((w) => w.kind === 'hybrid-local-cost')).toMatchObject({ threshold: 1, sensitiveShare: 0.35 });
    // Without the bound share the same week is a return: plannable work at 4.7× is no reason.
    s.pilot.sensitiveShare = 0.1;
    s.pilot.plannableShare = 0.4;
    expect(evaluatePilot(s).decision).toBe('return');
  });
});
