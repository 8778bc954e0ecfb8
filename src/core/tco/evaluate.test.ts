import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { scenarioSchema, type Scenario } from '../scenario/schema';
import { evaluateTco } from './evaluate';
import { monteCarlo } from './monte-carlo';
import { tornado } from './sensitivity';
import { plainScenario } from '../../testing/test-scenarios';

/** Every number anywhere in a result is finite. */
function nonFinitePaths(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonFinitePaths(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nonFinitePaths(v, `${path}.${k}`));
  return [];
}

describe('evaluateTco at the current volume', () => {
  it('plain scenario, 3M tasks: API $30,000; self-hosted needs 2 replicas = $46,720; hybrid 1 replica', () => {
    // 100,000 requests/day × 30 days = 3,000,000 tasks × 1,000 output tokens = 3B tokens
    const e = evaluateTco(plainScenario());
    expect(e.volume.tokensPerMonth).toBe(3e9);
    expect(e.api.monthlyUsd).toBeCloseTo(30_000, 6);
    // $30,000 / 3,000 M tokens = $10 per 1M; per accepted task 30,000 / 3,000,000 = $0.01
    expect(e.api.perMillionTokens).toEqual({ ok: true, value: expect.closeTo(10, 9) as number });
    expect(e.api.perAcceptedTask).toEqual({ ok: true, value: expect.closeTo(0.01, 12) as number });
    // one replica carries 2,628,000 tasks < 3,000,000 → sized up to 2
    expect(e.selfHosted.state).toBe('sized-up');
    expect(e.selfHosted.replicasNeeded).toBe(2);
    expect(e.selfHosted.capacity.enteredServesPeak).toBe(false);
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(46_720, 6);
    // utilisation: 3B tokens / (1,000 tok/s × 3,600 × 730 × 2 replicas) = 3 / 5.256 = 57.08 %
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(3 / 5.256, 12) as number });
    expect(e.selfHosted.utilisation.productive).toEqual({ ok: true, value: expect.closeTo(3 / 5.256, 12) as number });
    // hybrid: 23,360 + 30,000 × (1 − 2.628 / 3) = 23,360 + 3,720 = 27,080
    expect(e.hybrid.replicas).toBe(1);
    expect(e.hybrid.monthlyUsd).toBeCloseTo(27_080, 6);
    // its split: one replica's GPUs $23,360 + output tokens of the 12.4 % overflow $3,720
    expect(e.hybrid.breakdown.gpuUsd).toBeCloseTo(23_360, 6);
    expect(e.hybrid.breakdown.outputUsd).toBeCloseTo(3_720, 6);
    expect(e.verdict).toMatchObject({ best: 'hybrid', runnerUp: 'api' });
    expect(e.verdict.savingVsApiUsd).toBeCloseTo(2_920, 6);
    expect(e.verdict.closeCall).toBe(false);
  });

  it('productive utilisation counts accepted work only: 50 % retries and 80 % acceptance', () => {
    const s = plainScenario();
    s.workload = { ...s.workload, requestsPerDay: 10_000, retryRateApi: 0.5, retryRateSelfHosted: 0.5, acceptanceApi: 0.8, acceptanceSelfHosted: 0.8 };
    const e = evaluateTco(s);
    // 300,000 tasks × 1.5 × 1,000 = 450M tokens attempted; accepted 240,000 × 1,000 = 240M
    // provisioned: 1 replica × 1,000 × 3,600 × 730 = 2.628B
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(0.45 / 2.628, 12) as number });
    expect(e.selfHosted.utilisation.productive).toEqual({ ok: true, value: expect.closeTo(0.24 / 2.628, 12) as number });
  });

  it('zero volume: costs are plain numbers, per-unit figures are "no volume", the verdict says so', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 0;
    const e = evaluateTco(s);
    expect(e.api.monthlyUsd).toBe(0);
    expect(e.api.perMillionTokens).toEqual({ ok: false, reason: 'no-volume' });
    expect(e.selfHosted.perAcceptedTask).toEqual({ ok: false, reason: 'no-volume' });
    expect(e.verdict).toMatchObject({ best: 'api', reason: 'no-volume' });
    // The break-even does not depend on the current volume.
    expect(e.breakEven.tasksPerMonth).toBeCloseTo(2_336_000, 6);
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('zero throughput: self-hosting cannot serve; the API wins', () => {
    const s = plainScenario();
    s.selfHosted.throughput.tokensPerSecond = 0;
    const e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('no-throughput');
    expect(e.selfHosted.perMillionTokens).toEqual({ ok: false, reason: 'no-throughput' });
    expect(e.curves.selfHosted).toEqual([]);
    expect(e.verdict.best).toBe('api');
    expect(e.breakEven.result).toMatchObject({ kind: 'never', reason: 'no-throughput' });
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('acceptance 0 % on one side or both', () => {
    const s = plainScenario();
    s.workload.acceptanceSelfHosted = 0;
    let e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('self-accepts-nothing');
    expect(e.selfHosted.perAcceptedTask).toEqual({ ok: false, reason: 'self-accepts-nothing' });
    expect(e.verdict.best).toBe('api');
    s.workload.acceptanceApi = 0;
    e = evaluateTco(s);
    expect(e.verdict).toMatchObject({ best: 'none', reason: 'nothing-accepted' });
    s.workload.acceptanceSelfHosted = 1;
    e = evaluateTco(s);
    expect(e.api.perAcceptedTask).toEqual({ ok: false, reason: 'api-accepts-nothing' });
    expect(e.verdict).toMatchObject({ best: 'self-hosted', reason: 'api-accepts-nothing' });
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('API accepts 0 % while self-hosting accepts work but cannot serve it: its own reason, not "nothing accepted"', () => {
    const s = plainScenario();
    s.workload.acceptanceApi = 0;
    s.workload.acceptanceSelfHosted = 0.88;
    s.selfHosted.throughput.tokensPerSecond = 0;
    let e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('no-throughput');
    expect(e.verdict).toMatchObject({ best: 'none', reason: 'api-accepts-nothing-self-cannot-serve' });
    // The same with throughput but all demand in hours the cluster is switched off:
    // a schedule of 0 hours a day runs the cluster never.
    s.selfHosted.throughput.tokensPerSecond = 1_000;
    s.selfHosted.hoursMode = 'schedule';
    s.selfHosted.scheduleHoursPerDay = 0;
    e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('demand-outside-schedule');
    expect(e.verdict).toMatchObject({ best: 'none', reason: 'api-accepts-nothing-self-cannot-serve' });
    // Only when self-hosting accepts nothing either is it "nothing accepted".
    s.workload.acceptanceSelfHosted = 0;
    expect(evaluateTco(s).verdict.reason).toBe('nothing-accepted');
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('API price 0: the API is free, never beaten', () => {
    const s = plainScenario();
    s.api.priceOutputPerM = 0;
    const e = evaluateTco(s);
    expect(e.api.monthlyUsd).toBe(0);
    expect(e.verdict.best).toBe('api');
    expect(e.breakEven.result).toMatchObject({ kind: 'never', reason: 'api-free' });
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('capacity below demand beyond 64 replicas: flagged, costed at the needed count', () => {
    const s = plainScenario();
    s.selfHosted.throughput.tokensPerSecond = 10; // 26,280 tasks per replica; 3M tasks → 115
    const e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('beyond-max-replicas');
    expect(e.selfHosted.replicasNeeded).toBe(Math.ceil(3_000_000 / 26_280));
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('cost curves: API line, exact self-hosted steps and the break-even marker', () => {
    const e = evaluateTco(plainScenario());
    const c = e.curves;
    expect(c.unit).toBe('tokens');
    expect(c.current).toBe(3e9);
    expect(c.breakEven).toBeCloseTo(2.336e9, 0);
    // First step: flat at $23,360 from 0 to 2.628B tokens, then $46,720.
    expect(c.selfHosted[0]).toEqual({ x: 0, usd: expect.closeTo(23_360, 6) as number });
    expect(c.selfHosted[1]?.x).toBeCloseTo(2.628e9, 0);
    expect(c.selfHosted[2]?.usd).toBeCloseTo(46_720, 6);
    // API line through the origin at $10 per 1M tokens
    const end = c.api[1];
    expect(end && end.usd / end.x).toBeCloseTo(10 / 1e6, 15);
    // Hybrid is never above the API
    for (const p of c.hybrid) expect(p.usd).toBeLessThanOrEqual((p.x / 1e6) * 10 + 1e-6);
  });

  it('the default scenario evaluates without a non-finite number', () => {
    const e = evaluateTco(defaultScenario());
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('property: any valid scenario evaluates to finite numbers only (evaluation, tornado, Monte Carlo)', () => {
    const share = fc.double({ min: 0, max: 1, noNaN: true });
    const money = fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e4, noNaN: true })); // the limit of prices and GPU-hour rents
    const arb = fc.record({
      mode: fc.constantFrom('requests' as const, 'tokens' as const),
      requestsPerDay: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e7, noNaN: true })),
      inputTokensPerRequest: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e6, noNaN: true })),
      outputTokensPerRequest: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e5, noNaN: true })),
      inputTokensPerMonth: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e13, noNaN: true })),
      outputTokensPerMonth: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e12, noNaN: true })),
      cacheHitShare: share,
      retryRateApi: fc.double({ min: 0, max: 10, noNaN: true }),
      retryRateSelfHosted: fc.double({ min: 0, max: 10, noNaN: true }),
      acceptanceApi: share,
      acceptanceSelfHosted: share,
      peakToAverage: fc.double({ min: 1, max: 1000, noNaN: true }),
      profileMode: fc.constantFrom('peak-to-average' as const, 'weekly' as const),
      weeklyProfile: fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 100, noNaN: true })), { minLength: 168, maxLength: 168 }),
      priceIn: money,
      priceOut: money,
      replicas: fc.integer({ min: 0, max: 64 }),
      redundancy: fc.constantFrom('none' as const, 'n-plus-1' as const),
      costMode: fc.constantFrom('rent' as const, 'buy' as const),
      rentPrice: money,
      tps: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e6, noNaN: true })),
      maxU: fc.double({ min: 0.01, max: 1, noNaN: true }),
      hoursMode: fc.constantFrom('always' as const, 'schedule' as const),
      hpd: fc.double({ min: 0, max: 24, noNaN: true }),
      dpw: fc.double({ min: 0, max: 7, noNaN: true }),
      staffFte: fc.double({ min: 0, max: 5, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const s: Scenario = defaultScenario();
        Object.assign(s.workload, {
          mode: a.mode,
          requestsPerDay: a.requestsPerDay,
          inputTokensPerRequest: a.inputTokensPerRequest,
          outputTokensPerRequest: a.outputTokensPerRequest,
          inputTokensPerMonth: a.inputTokensPerMonth,
          outputTokensPerMonth: a.outputTokensPerMonth,
          cacheHitShare: a.cacheHitShare,
          retryRateApi: a.retryRateApi,
          retryRateSelfHosted: a.retryRateSelfHosted,
          acceptanceApi: a.acceptanceApi,
          acceptanceSelfHosted: a.acceptanceSelfHosted,
          peakToAverage: a.peakToAverage,
          profileMode: a.profileMode,
          weeklyProfile: a.weeklyProfile,
        });
        Object.assign(s.api, { priceInputPerM: a.priceIn, priceOutputPerM: a.priceOut });
        Object.assign(s.selfHosted, {
          replicas: a.replicas,
          redundancy: a.redundancy,
          costMode: a.costMode,
          rentPrice: a.rentPrice,
          maxUtilisation: a.maxU,
          hoursMode: a.hoursMode,
          scheduleHoursPerDay: a.hpd,
          scheduleDaysPerWeek: a.dpw,
          staffFte: a.staffFte,
          throughput: { ...s.selfHosted.throughput, tokensPerSecond: a.tps },
        });
        s.uncertainty.samples = 1000;
        expect(scenarioSchema.safeParse(s).success).toBe(true);
        expect(nonFinitePaths(evaluateTco(s))).toEqual([]);
        expect(nonFinitePaths(tornado(s))).toEqual([]);
        expect(nonFinitePaths(monteCarlo(s, { samples: 200 }))).toEqual([]);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});
