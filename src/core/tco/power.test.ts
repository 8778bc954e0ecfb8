import { describe, expect, it } from 'vitest';
import type { Scenario } from '../scenario/schema';
import { solveBreakEven } from './break-even';
import { evaluateTco } from './evaluate';
import { buildModel } from './model';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * Power that follows utilisation (model.ts, docs/tco.md §3e); every figure worked out by hand
 * above it. Bought: 8 GPUs of 700 W busy, 150 W idle, 2,000 W for the rest of the one node,
 * PUE 1.3, $0.15/kWh, 730 h. One task = 1,000 output tokens at 1,000 tok/s = 1 replica-second.
 */
function bought(mode: Scenario['selfHosted']['powerDraw']['mode'], capexPerGpu = 0): Scenario {
  const s = plainScenario();
  s.workload.requestsPerDay = 80_000;
  s.selfHosted = {
    ...s.selfHosted,
    costMode: 'buy',
    capexPerGpu,
    infraOverheadShare: 0.15,
    residualShare: 0.2,
    amortisationMonths: 36,
    powerWattsPerGpu: 700,
    pue: 1.3,
    pricePerKwh: 0.15,
    powerDraw: { mode, idleWattsPerGpu: 150, serverWattsPerNode: 2_000 },
  };
  return s;
}

describe('power following utilisation', () => {
  it('2,400,000 one-second tasks: idle 3,200 W × 730 h = $455.52 plus busy 4,400 W × 666.67 h = $572.00', () => {
    const e = evaluateTco(bought('utilisation'));
    // Idle and server: (8 × 150 + 2,000) W × 1.3 × 730 h / 1,000 × $0.15 = 455.52.
    // Busy: 2,400,000 s = 666.67 h × 8 × (700 − 150) W × 1.3 / 1,000 × $0.15 = 572.00.
    expect(e.selfHosted.powerUsd).toBeCloseTo(455.52 + 572, 6);
    // The rated draw in every hour: 8 × 700 W × 1.3 × 730 h / 1,000 × $0.15 = 797.16.
    expect(evaluateTco(bought('rated')).selfHosted.powerUsd).toBeCloseTo(797.16, 6);
  });

  it('the break-even counts each task’s busy energy: C(1) ÷ (API per task − energy per task)', () => {
    const s = bought('utilisation', 35_000);
    // C(1) = capital (322,000 − 56,000) / 36 = 7,388.89 + idle power 455.52 = 7,844.41 a month;
    // energy per task 8 × 550 W × 1.3 × (1 / 3,600) h / 1,000 × $0.15 = $0.000238333;
    // 7,844.41 / (0.01 − 0.000238333) = 803,594 tasks.
    const c1 = 266_000 / 36 + 455.52;
    const v = (8 * 550 * 1.3 * 0.15) / 3600 / 1000;
    const be = solveBreakEven(buildModel(s));
    expect(be).toMatchObject({ kind: 'at', replicas: 1 });
    expect(be.kind === 'at' ? be.tasks : null).toBeCloseTo(c1 / (0.01 - v), 3);
    expect(be.kind === 'at' ? be.tasks : null).toBeCloseTo(803_594, -1);
  });

  it('a hybrid pays the busy energy only for the share its replicas serve', () => {
    const s = bought('utilisation');
    s.workload.requestsPerDay = 100_000;
    const e = evaluateTco(s);
    // Whatever it keeps, busy energy = served tasks × $0.000238333 on top of the idle draw per replica.
    const v = (8 * 550 * 1.3 * 0.15) / 3600 / 1000;
    const served = e.volume.tasksPerMonth * e.hybrid.selfShare;
    expect(e.hybrid.replicas).toBeGreaterThan(0);
    expect(e.hybrid.breakdown.powerUsd).toBeCloseTo(e.hybrid.replicas * 455.52 + served * v, 6);
  });
});
