import { describe, expect, it } from 'vitest';
import { evaluateTco } from './evaluate';
import { plainScenario } from '../../testing/test-scenarios';

// plainScenario: 3,000,000 tasks of 1,000 output tokens at $10 per 1M = $30,000 a month; one
// replica of 8 GPUs at $4/GPU-h = $23,360 and carries 2,628,000 tasks.

describe('the saving against the API as a share of the API bill', () => {
  it('hybrid wins at $20 per 1M: (60,000 − 30,800) / 60,000 = 48.67 %', () => {
    const s = plainScenario();
    s.api.priceOutputPerM = 20;
    // API 3,000,000 × $0.02 = $60,000; hybrid one replica $23,360 + the 12.4 % overflow
    // (372,000 tasks × $0.02 = $7,440) = $30,800; self-hosted 2 replicas $46,720
    const v = evaluateTco(s).verdict;
    expect(v.best).toBe('hybrid');
    expect(v.savingVsApiUsd).toBeCloseTo(29_200, 6);
    expect(v.savingVsApiShare).toEqual({ ok: true, value: expect.closeTo(29_200 / 60_000, 12) as number });
  });

  it('says "the API costs nothing" when the API prices are 0, not "no volume"', () => {
    const s = plainScenario();
    s.api.priceOutputPerM = 0;
    const e = evaluateTco(s);
    expect(e.volume.tasksPerMonth).toBe(3_000_000);
    expect(e.verdict).toMatchObject({ best: 'api', savingVsApiShare: { ok: false, reason: 'api-costs-nothing' } });
  });

  it('says "no task is accepted" when both sides accept 0 %', () => {
    const s = plainScenario();
    s.workload.acceptanceApi = 0;
    s.workload.acceptanceSelfHosted = 0;
    expect(evaluateTco(s).verdict).toMatchObject({ best: 'none', reason: 'nothing-accepted', savingVsApiShare: { ok: false, reason: 'nothing-accepted' } });
  });

  it('says "the API accepts nothing" when only self-hosting accepts work, also when it cannot serve it', () => {
    const s = plainScenario();
    s.workload.acceptanceApi = 0;
    expect(evaluateTco(s).verdict).toMatchObject({ best: 'self-hosted', savingVsApiShare: { ok: false, reason: 'api-accepts-nothing' } });
    s.selfHosted.throughput.tokensPerSecond = 0;
    expect(evaluateTco(s).verdict).toMatchObject({
      best: 'none',
      reason: 'api-accepts-nothing-self-cannot-serve',
      savingVsApiShare: { ok: false, reason: 'api-accepts-nothing' },
    });
  });

  it('keeps "no volume" for no volume', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 0;
    expect(evaluateTco(s).verdict).toMatchObject({ best: 'api', reason: 'no-volume', savingVsApiShare: { ok: false, reason: 'no-volume' } });
  });
});
