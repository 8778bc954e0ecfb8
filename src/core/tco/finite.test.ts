import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { readScenarioDocument } from '../scenario/document';
import { MIN_FX_RATE, MONEY_LIMITS, SCENARIO_TYPE, SCENARIO_VERSION, scenarioSchema, type Scenario } from '../scenario/schema';
import { evaluateTco } from './evaluate';
import { UNCERTAINTY_KEYS } from './inputs';
import { monteCarlo } from './monte-carlo';
import { tornado } from './sensitivity';
import { plainScenario } from '../../testing/test-scenarios';

/** Every number anywhere in a result is finite, and no figure is a bare null without a reason. */
function nonFinitePaths(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path} = ${value}`];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonFinitePaths(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nonFinitePaths(v, `${path}.${k}`));
  return [];
}

/** A value anywhere in [min, max], with the extremes and the smallest numbers drawn often. */
function extreme(min: number, max: number) {
  const edges = [min, max, 0, Number.MIN_VALUE, 1e-300, 1e-9, 1].filter((v) => v >= min && v <= max);
  return fc.oneof(fc.constantFrom(...edges), fc.double({ min, max, noNaN: true }));
}
function extremeInt(min: number, max: number) {
  return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max }));
}

const L = MONEY_LIMITS;

describe('every figure is finite for extreme but valid inputs', () => {
  it('the issue case: a rent of 1e308 per GPU-hour is refused at the field, the evaluation stays finite and the break-even is not "API free"', () => {
    const r = readScenarioDocument({ type: SCENARIO_TYPE, version: SCENARIO_VERSION, selfHosted: { rentPrice: 1e308 } }, true);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const e = evaluateTco(r.value.scenario);
    expect({ evaluation: nonFinitePaths(e) }).toEqual({ evaluation: [] });
    expect(e.breakEven.result.kind === 'never' && e.breakEven.result.reason).not.toBe('api-free');
  });

  it('a weekly profile of 1e308 in every hour is a flat week (scale does not matter), not NaN', () => {
    const s = plainScenario();
    s.workload.profileMode = 'weekly';
    s.workload.weeklyProfile = Array.from({ length: 168 }, () => 1e308);
    const e = evaluateTco(s);
    expect(e.shape.peakToAverage).toBe(1);
    // flat: the same as the plain scenario's 2 replicas for 3,000,000 tasks, $46,720
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(46_720, 6);
  });

  it('a schedule of 1e-291 days a week is no running time: demand outside the schedule, not 1e300 replicas', () => {
    const s = plainScenario();
    Object.assign(s.selfHosted, { hoursMode: 'schedule', scheduleHoursPerDay: 24, scheduleDaysPerWeek: 1e-291 });
    const e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('demand-outside-schedule');
    expect(nonFinitePaths(tornado(s))).toEqual([]);
  });

  it('tokens mode with 1e-300 input tokens a month against 1 output token: the month as entered is the unit', () => {
    const s = plainScenario();
    // 1e-300 / 1e8 per request = 1e-308 tasks → 1e308 output tokens per task, × 1.8 reasoning = overflow
    Object.assign(s.workload, {
      mode: 'tokens',
      inputTokensPerMonth: 1e-300,
      outputTokensPerMonth: 1,
      inputTokensPerRequest: 1e8,
      reasoningMode: 'multiplier',
      reasoningMultiplier: 1.8,
    });
    const e = evaluateTco(s);
    expect(e.volume.tasksCounted).toBe(false);
    // 1 output token × 1.8 = 1.8 tokens a month
    expect(e.volume.tokensPerMonth).toBeCloseTo(1.8 + 1e-300, 12);
    expect(nonFinitePaths(e)).toEqual([]);
  });

  it('an API price of $1e-300 per 1M tokens: the break-even would lie beyond 1e300 tokens, so the API counts as free', () => {
    const s = plainScenario();
    // 23,360 / ($1e-300 per 1M × 1,000 tokens / 1e6) = 2.3e307 tasks × 1,000 tokens = 2.3e310 tokens: out of range
    s.api.priceOutputPerM = 1e-300;
    const e = evaluateTco(s);
    expect(e.breakEven.result).toMatchObject({ kind: 'never', reason: 'api-free', closedForm: null });
  });

  it('property: limits, zeros and the smallest numbers in every money field, volume and rate', () => {
    const arb = fc.record({
      mode: fc.constantFrom('requests' as const, 'tokens' as const),
      requestsPerDay: extreme(0, 1e9),
      inputTokensPerRequest: extreme(0, 1e8),
      outputTokensPerRequest: extreme(0, 1e8),
      daysPerMonth: extreme(1, 31),
      inputTokensPerMonth: extreme(0, 1e16),
      outputTokensPerMonth: extreme(0, 1e16),
      cacheHitShare: extreme(0, 1),
      reasoningMode: fc.constantFrom('none' as const, 'tokens' as const, 'multiplier' as const),
      reasoningTokensPerRequest: extreme(0, 1e8),
      reasoningMultiplier: extreme(1, 100),
      retryRateApi: extreme(0, 10),
      retryRateSelfHosted: extreme(0, 10),
      acceptanceApi: extreme(0, 1),
      acceptanceSelfHosted: extreme(0, 1),
      peakToAverage: extreme(1, 1000),
      profileMode: fc.constantFrom('peak-to-average' as const, 'weekly' as const),
      weeklyProfile: fc.array(extreme(0, Number.MAX_VALUE), { minLength: 168, maxLength: 168 }),
      listCurrency: fc.constantFrom('USD' as const, 'EUR' as const, 'CNY' as const),
      invoiceCurrency: fc.constantFrom('USD' as const, 'EUR' as const, 'CNY' as const),
      invoiceFx: fc.constantFrom('market' as const, 'peg' as const),
      peg: extreme(Number.MIN_VALUE, 1000),
      fx: extreme(MIN_FX_RATE, 1e6),
      priceIn: extreme(0, L.pricePerM),
      priceCached: extreme(0, L.pricePerM),
      priceOut: extreme(0, L.pricePerM),
      gpusPerReplica: extremeInt(1, 4096),
      gpusPerNode: extremeInt(1, 72),
      replicas: extremeInt(0, 64),
      redundancy: fc.constantFrom('none' as const, 'n-plus-1' as const),
      costMode: fc.constantFrom('rent' as const, 'buy' as const),
      rentUnit: fc.constantFrom('gpu-hour' as const, 'node-hour' as const),
      rentPrice: extreme(0, L.rentPerGpuHour),
      capexPerGpu: extreme(0, L.capexPerGpu),
      infraOverheadShare: extreme(0, 5),
      amortisationMonths: extremeInt(1, 240),
      residualShare: extreme(0, 1),
      powerWattsPerGpu: extreme(0, 10_000),
      pue: extreme(1, 5),
      pricePerKwh: extreme(0, 10),
      hoursMode: fc.constantFrom('always' as const, 'schedule' as const),
      hpd: extreme(0, 24),
      dpw: extreme(0, 7),
      staffFte: extreme(0, 1000),
      staffYearly: extreme(0, L.staffYearly),
      upgradeHours: extreme(0, 744),
      other: fc.array(extreme(0, L.otherMonthly), { maxLength: 20 }),
      oneTime: extreme(0, L.oneTime),
      horizon: extremeInt(1, 240),
      tps: extreme(0, 1e9),
      atIn: fc.option(extreme(0, 1e8), { nil: null }),
      atOut: fc.option(extreme(0, 1e8), { nil: null }),
      prefill: fc.option(extreme(0, 1e10), { nil: null }),
      basis: fc.constantFrom('output' as const, 'total' as const),
      maxU: extreme(0.01, 1),
      staffHoursPerYear: extreme(100, 8760),
      rpm: fc.option(extreme(0, 1e12)),
      tpm: fc.option(extreme(0, 1e15)),
      wideRanges: fc.boolean(),
    });
    fc.assert(
      fc.property(arb, (a) => {
        const s: Scenario = defaultScenario();
        Object.assign(s.workload, {
          mode: a.mode,
          requestsPerDay: a.requestsPerDay,
          inputTokensPerRequest: a.inputTokensPerRequest,
          outputTokensPerRequest: a.outputTokensPerRequest,
          daysPerMonth: a.daysPerMonth,
          inputTokensPerMonth: a.inputTokensPerMonth,
          outputTokensPerMonth: a.outputTokensPerMonth,
          cacheHitShare: a.cacheHitShare,
          reasoningMode: a.reasoningMode,
          reasoningTokensPerRequest: a.reasoningTokensPerRequest,
          reasoningMultiplier: a.reasoningMultiplier,
          retryRateApi: a.retryRateApi,
          retryRateSelfHosted: a.retryRateSelfHosted,
          acceptanceApi: a.acceptanceApi,
          acceptanceSelfHosted: a.acceptanceSelfHosted,
          peakToAverage: a.peakToAverage,
          profileMode: a.profileMode,
          weeklyProfile: a.weeklyProfile,
        });
        Object.assign(s.api, {
          offerId: null,
          listCurrency: a.listCurrency,
          invoiceCurrency: a.invoiceCurrency,
          invoiceFx: a.invoiceFx,
          pegInvoicePerListUnit: a.peg,
          priceInputPerM: a.priceIn,
          priceCachedInputPerM: a.priceCached,
          priceOutputPerM: a.priceOut,
          rateLimitRpm: a.rpm,
          rateLimitTpm: a.tpm,
        });
        s.fx = { ...s.fx, EUR: a.fx, CNY: a.fx };
        Object.assign(s.selfHosted, {
          gpusPerReplica: a.gpusPerReplica,
          gpusPerNode: a.gpusPerNode,
          replicas: a.replicas,
          redundancy: a.redundancy,
          costMode: a.costMode,
          rentUnit: a.rentUnit,
          rentPrice: a.rentUnit === 'gpu-hour' ? a.rentPrice : a.rentPrice * 72,
          capexPerGpu: a.capexPerGpu,
          infraOverheadShare: a.infraOverheadShare,
          amortisationMonths: a.amortisationMonths,
          residualShare: a.residualShare,
          powerWattsPerGpu: a.powerWattsPerGpu,
          pue: a.pue,
          pricePerKwh: a.pricePerKwh,
          hoursMode: a.hoursMode,
          scheduleHoursPerDay: a.hpd,
          scheduleDaysPerWeek: a.dpw,
          staffFte: a.staffFte,
          staffLoadedYearlyUsd: a.staffYearly,
          upgradeHoursPerMonth: a.upgradeHours,
          otherMonthly: a.other.map((usd, i) => ({ label: `c${i}`, usd })),
          oneTimeUsd: a.oneTime,
          horizonMonths: a.horizon,
          throughput: {
            ...s.selfHosted.throughput,
            tokensPerSecond: a.tps,
            basis: a.basis,
            atInputTokens: a.atIn,
            atOutputTokens: a.atOut,
            prefillTokensPerSecond: a.prefill,
          },
          maxUtilisation: a.maxU,
        });
        s.pilot.staffHoursPerYear = a.staffHoursPerYear;
        // Ranges far outside every domain: the tornado and Monte Carlo clamp them to the domain.
        s.uncertainty.ranges = a.wideRanges ? Object.fromEntries(UNCERTAINTY_KEYS.map((k) => [k, { low: -1e308, high: 1e308 }])) : {};
        s.uncertainty.samples = 1000;
        const parsed = scenarioSchema.safeParse(s);
        expect(parsed.error?.issues ?? []).toEqual([]);
        const e = evaluateTco(s);
        expect({ evaluation: nonFinitePaths(e) }).toEqual({ evaluation: [] });
        // A break-even that exists has its volume in every unit the workload has.
        const b = e.breakEven;
        if (b.result.kind === 'at') {
          expect(b.tasksPerMonth).not.toBeNull();
          if (e.curves.unit === 'tokens') expect([b.tokensPerMonth, e.curves.breakEven]).not.toContain(null);
        }
        if (b.result.closedForm && e.curves.unit === 'tokens') expect(b.closedFormTokensPerMonth).not.toBeNull();
        expect({ tornado: nonFinitePaths(tornado(s)) }).toEqual({ tornado: [] });
        expect({ monteCarlo: nonFinitePaths(monteCarlo(s, { samples: 100 })) }).toEqual({ monteCarlo: [] });
      }),
      { numRuns: 300, seed: 9 },
    );
  });
});
