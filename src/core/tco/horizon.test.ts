import { describe, expect, it } from 'vitest';
import type { Scenario } from '../scenario/schema';
import { evaluateTco } from './evaluate';
import { horizonOutcome } from './horizon';
import { buildModel } from './model';
import { plainScenario } from '../../testing/test-scenarios';

/**
 * The comparison over the planning horizon (horizon.ts); every figure worked out by hand above
 * it. Base: plainScenario at 80,000 tasks a day × 30 = 2,400,000 tasks a month of 1,000 output
 * tokens at $10 per 1M = $24,000 a month at the API; one replica (8 GPUs × $4 × 730 = $23,360)
 * carries 2,628,000 tasks, so self-hosting saves $640 a month before one-time costs.
 */
function base(outlook: Partial<Scenario['selfHosted']['outlook']> = {}, extra: Partial<Scenario['selfHosted']> = {}): Scenario {
  const s = plainScenario();
  s.workload.requestsPerDay = 80_000;
  s.selfHosted = {
    ...s.selfHosted,
    horizonMonths: 12,
    oneTimeUsd: 6_400,
    outlook: { volumeGrowthMonthly: 0, apiPriceChangeYearly: 0, gpuPriceChangeYearly: 0, ...outlook },
    ...extra,
  };
  return s;
}

describe('horizon', () => {
  it('flat volume and prices: $6,400 one-time is earned back at $640 a month in month 10; NPV at 12 % = $803.25', () => {
    const s = base({}, { capital: { waccYearly: 0.12, rateConvention: 'nominal' } });
    const h = evaluateTco(s).horizon;
    expect(h.points).toHaveLength(13);
    // Month 0 holds the one-time cost; each month after it self-hosting costs $23,360 (the one-time
    // cost is not spread over the months) against $24,000.
    expect(h.points[0]?.cumulativeSelfUsd).toBe(6_400);
    expect(h.points[1]?.selfUsd).toBeCloseTo(23_360, 6);
    // 6,400 + 23,360 m ≤ 24,000 m ⇔ m ≥ 10.
    expect(h.crossingMonth.selfHosted).toBe(10);
    expect(h.points[9]?.cumulativeSelfUsd).toBeGreaterThan(h.points[9]?.cumulativeApiUsd ?? Infinity);
    // 12 × 640 − 6,400 = 1,280 saved at the end.
    expect(h.savingAtEndUsd.selfHosted).toBeCloseTo(1_280, 6);
    // r = 1 % a month: 640 × (1 − 1.01^−12) / 0.01 − 6,400 = 640 × 11.255077 − 6,400 = 803.25.
    expect(h.npvUsd.selfHosted).toBeCloseTo(803.25, 2);
  });

  it('the lean view (the plan search) has the same NPV, saving, crossing and payback without the month-by-month rows', () => {
    const s = base({}, { capital: { waccYearly: 0.12, rateConvention: 'nominal' } });
    const full = evaluateTco(s).horizon;
    const h = evaluateTco(s, { lean: true }).horizon;
    expect(h.npvUsd.selfHosted).toBeCloseTo(803.25, 2);
    expect(h.savingAtEndUsd.selfHosted).toBeCloseTo(1_280, 6);
    expect(h.crossingMonth.selfHosted).toBe(10);
    // Cash: −6,400 + 640 m ≥ 0 from month 10.
    expect(h.payback.selfHosted.cashMonth).toBe(10);
    // Present costs: the API's 24,000 × 11.255077 = 270,121.85 at 1 % a month.
    expect(h.presentCostUsd.api).toBeCloseTo(24_000 * 11.255077, 0);
    expect(h.presentCostUsd).toEqual(full.presentCostUsd);
    expect(h.cashFlow.api.rows).toHaveLength(0);
    expect(full.cashFlow.api.rows).toHaveLength(13);
    expect(h.points.map((p) => p.month)).toEqual([0, 1]);
  });

  it("a reserved upfront part is cash at signing: the NPV at 12 % is the cash flows' −$1,497.45, not the spread figure's $7,203.25", () => {
    const s = base(
      {},
      {
        oneTimeUsd: 0,
        capital: { waccYearly: 0.12, rateConvention: 'nominal' },
        billing: { ...plainScenario().selfHosted.billing, mode: 'reserved', reservedPrice: 4, reservedTermMonths: 12, upfrontShare: 0.5 },
      },
    );
    const h = evaluateTco(s).horizon;
    // Cash: 0.5 × 12 × 23,360 = 140,160 at signing (month 0), then 11,680 invoiced a month against
    // the API's 24,000: Σ 12,320 ÷ 1.01^m − 140,160 = 12,320 × 11.255077 − 140,160 = −1,497.45.
    // The monthly figure carries the upfront part as 140,160 × 0.01 ÷ (1 − 1.01^−12) = 12,453.05,
    // so 11,680 + 12,453.05 = 24,133.05 a month; discounted at the same rate it gives the same NPV.
    expect(h.points[1]?.selfUsd).toBeCloseTo(24_133.05, 2);
    expect(h.npvUsd.selfHosted).toBeCloseTo(12_320 * 11.255077 - 140_160, 1);
    // Spread evenly without a cost of capital it would be 640 × 11.255077 = +7,203.25.
    expect(h.npvUsd.selfHosted).toBeLessThan(0);
  });

  it('API 20 % cheaper from year 2: crossed in month 10, then $4,160 a month dearer, −$48,640 after 24 months', () => {
    const h = evaluateTco(base({ apiPriceChangeYearly: -0.2 }, { horizonMonths: 24, oneTimeUsd: 6_400 })).horizon;
    expect(h.crossingMonth.selfHosted).toBe(10);
    // Year 2: the API costs 24,000 × 0.8 = 19,200, self-hosting 23,360: 4,160 more each month.
    expect(h.points[13]?.apiUsd).toBeCloseTo(19_200, 6);
    // 12 × 640 − 12 × 4,160 − 6,400 = 7,680 − 49,920 − 6,400 = −48,640.
    expect(h.savingAtEndUsd.selfHosted).toBeCloseTo(-48_640, 6);
  });

  it('volume growth adds replicas: 5 % a month outgrows one replica in month 3', () => {
    const h = evaluateTco(base({ volumeGrowthMonthly: 0.05 }, { oneTimeUsd: 0 })).horizon;
    // Month 2: 2,400,000 × 1.05 = 2,520,000 ≤ 2,628,000 (one replica); month 3: × 1.05² = 2,646,000 → two.
    expect(h.points[2]?.selfUsd).toBeCloseTo(23_360, 6);
    expect(h.points[3]?.selfUsd).toBeCloseTo(46_720, 6);
    expect(h.points[3]?.apiUsd).toBeCloseTo(26_460, 6);
    // Cheaper from month 1 (no one-time cost): 23,360 ≤ 24,000.
    expect(h.crossingMonth.selfHosted).toBe(1);
  });

  it('GPU rent 10 % cheaper from year 2, reserved rates only at renewal', () => {
    const rent = evaluateTco(base({ gpuPriceChangeYearly: -0.1 }, { horizonMonths: 24, oneTimeUsd: 0 })).horizon;
    // Year 2 rent: 23,360 × 0.9 = 21,024.
    expect(rent.points[13]?.selfUsd).toBeCloseTo(21_024, 6);
    const s = base({ gpuPriceChangeYearly: -0.1 }, { horizonMonths: 48, oneTimeUsd: 0 });
    s.selfHosted.billing = { ...s.selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 36 };
    const reserved = evaluateTco(s).horizon;
    // 8 × 2.80 × 730 = 16,352 for the whole 36-month term; renewed in month 37 at 0.9³ = 0.729 → 11,920.61.
    expect(reserved.points[36]?.selfUsd).toBeCloseTo(16_352, 6);
    expect(reserved.points[37]?.selfUsd).toBeCloseTo(16_352 * 0.729, 6);
  });

  it('a self-hosted side that cannot serve has no horizon line and no crossing', () => {
    const h = evaluateTco(base({}, { throughput: { ...plainScenario().selfHosted.throughput, tokensPerSecond: 0 } })).horizon;
    expect(h.crossingMonth.selfHosted).toBeNull();
    expect(h.npvUsd.selfHosted).toBeNull();
    expect(h.points.every((p) => p.cumulativeSelfUsd === null)).toBe(true);
  });
});

describe('one rule for the one-time costs (the monthly verdict and the NPV agree)', () => {
  // $7,500 one-time, 12 months at 12 % a year (r = 1 % a month). The annuity factor over 12
  // months is (1 − 1.01^−12) / 0.01 = 11.255077.
  const s = () => base({}, { oneTimeUsd: 7_500, capital: { waccYearly: 0.12, rateConvention: 'nominal' } });

  it('the monthly figure carries the one-time cost as its level payment at the WACC, so the API wins as the NPV says', () => {
    const e = evaluateTco(s());
    // 7,500 ÷ 11.255077 = $666.37 a month (straight line, 7,500 ÷ 12 = $625, said self-hosting
    // saves $15: 23,360 + 625 = 23,985 against 24,000).
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(23_360 + 666.37, 2);
    expect(e.verdict.best).toBe('api');
    // NPV: 640 × 11.255077 − 7,500 = −296.75; a negative NPV and an API verdict.
    expect(e.horizon.npvUsd.selfHosted).toBeCloseTo(-296.75, 2);
  });

  it('the hybrid that keeps the one replica (serving 100 %) pays the one-time cost at the same time: the same NPV', () => {
    const h = evaluateTco(s()).horizon;
    expect(h.points[1]?.hybridReplicas).toBe(1);
    // Paid at the start of month 1 (undiscounted), as self-hosting pays it at month 0: −296.75
    // for both (it was −222.49: 7,500 discounted by one month, 7,500 − 7,500 ÷ 1.01 = 74.26 less).
    expect(h.npvUsd.hybrid).toBeCloseTo(-296.75, 2);
    expect(h.npvUsd.hybrid).toBeCloseTo(h.npvUsd.selfHosted ?? NaN, 6);
  });

  it('at WACC 0 the one-time cost is spread straight line, as before: 7,500 ÷ 12 = $625 a month', () => {
    const e = evaluateTco(base({}, { oneTimeUsd: 7_500, capital: { waccYearly: 0, rateConvention: 'nominal' } }));
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(23_360 + 625, 6);
  });
});

describe('committed capacity is a floor for its term', () => {
  // 233,333.33 tasks a day × 1,000 tokens ÷ 86,400 s = 2,700.6 tok/s → 3 replicas in month 1;
  // volume −10 % a month: 2 replicas from month 4 (2,700.6 × 0.9³ = 1,968.7), 1 from month 11
  // (× 0.9¹⁰ = 941.6).
  const falling = (extra: Partial<Scenario['selfHosted']>): Scenario => {
    const s = base({ volumeGrowthMonthly: -0.1 }, { oneTimeUsd: 0, ...extra });
    s.workload.requestsPerDay = 233_333.33;
    return s;
  };

  it('12 months reserved: 3 replicas are paid every month of the term, $588,672 in all, the commitment printed beside it', () => {
    const s = falling({ billing: { ...plainScenario().selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } });
    const h = evaluateTco(s).horizon;
    // One replica reserved: 8 × $2.80 × 730 h = $16,352; three: $49,056 a month. Re-sized with the
    // volume it read 49,056 → 32,704 → 16,352, $408,800 in all.
    for (const p of h.points.slice(1)) expect(p.selfUsd).toBeCloseTo(49_056, 6);
    expect(h.points[12]?.cumulativeSelfUsd).toBeCloseTo(12 * 49_056, 6);
  });

  it('bought hardware is paid for its cycle: the replicas no longer needed cost their capital, not their power', () => {
    const s = falling({
      costMode: 'buy',
      capexPerGpu: 35_000,
      infraOverheadShare: 0.15,
      residualShare: 0.2,
      amortisationMonths: 36,
      capital: { waccYearly: 0, rateConvention: 'nominal' },
    });
    const e = evaluateTco(s);
    const h = e.horizon;
    // Capital per replica, straight line: (8 × 35,000 × 1.15 − 20 % of 280,000) ÷ 36 = $7,388.89.
    // Month 12 runs 1 replica (its capital and power) and pays the capital of the 2 others.
    // Power per running replica: 8 × 700 W × 1.3 PUE × 730 h × $0.15 / 1,000 = $797.16.
    // Month 1: 3 × (7,388.89 + 797.16) = $24,558.15. Month 12: 3 × 7,388.89 + 797.16 = $22,963.83
    // (re-sized it read 7,388.89 + 797.16 = $8,186.05, as if 2 replicas were handed back).
    expect(h.points[1]?.selfUsd).toBeCloseTo(24_558.15, 1);
    expect(h.points[12]?.selfUsd).toBeCloseTo(22_963.83, 1);
  });

  it('a new term starts at the replicas then needed', () => {
    // Reserved for 12 months over 24: the term of month 13 starts at 2,700.6 × 0.9¹² = 762.7
    // tok/s → 1 replica, so months 1–12 pay 3 and months 13–24 pay 1.
    const s = falling({
      horizonMonths: 24,
      billing: { ...plainScenario().selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 },
    });
    const h = evaluateTco(s).horizon;
    expect(h.points.slice(1).map((p) => Math.round((p.selfUsd ?? 0) / 16_352))).toEqual([
      ...Array.from({ length: 12 }, () => 3),
      ...Array.from({ length: 12 }, () => 1),
    ]);
  });
});

describe('the horizon stops where the replica limit is reached', () => {
  it('volume doubling every month: 59 replicas in month 7, 117 needed in month 8, beyond the limit of 64 from then on', () => {
    const s = base({ volumeGrowthMonthly: 1 }, { oneTimeUsd: 0, horizonMonths: 240 });
    const h = evaluateTco(s).horizon;
    // One replica carries 2,628,000 of the 2,400,000 tasks a month (0.9132 of one). Month m needs
    // ⌈0.9132 × 2^(m − 1)⌉: month 7 ⌈58.4⌉ = 59, month 8 ⌈116.9⌉ = 117 > 64.
    expect(h.points[7]?.selfUsd).toBeCloseTo(59 * 23_360, 6);
    expect(h.beyondLimitFromMonth).toBe(8);
    expect(h.points[8]?.selfUsd).toBeNull();
    // No NPV from figures that cannot exist (it read 2.59e96 before).
    expect(h.npvUsd.selfHosted).toBeNull();
  });
});

const nominal = (waccYearly: number) => ({ waccYearly, rateConvention: 'nominal' as const });
/** The annuity factor over n months at monthly rate r: (1 − (1 + r)^−n) ÷ r. */
const annuity = (n: number, r: number) => (1 - Math.pow(1 + r, -n)) / r;
const reserved36 = (upfrontShare: number): Scenario['selfHosted']['billing'] => ({
  ...plainScenario().selfHosted.billing,
  mode: 'reserved',
  reservedPrice: 2.8,
  reservedTermMonths: 36,
  upfrontShare,
});

describe('a commitment longer than the horizon is counted in full', () => {
  // One replica reserved for 36 months at $2.80: 8 × 2.80 × 730 = $16,352 a month, $588,672 for
  // the term; $5,000 one-time; WACC 10 % (r = 0.1 ÷ 12 = 0.0083333). API $24,000 a month.
  it('fully upfront with a 1-month horizon: $593,672 paid at signing, NPV −$569,870.35 (it read −$36.15)', () => {
    const s = base({}, { horizonMonths: 1, oneTimeUsd: 5_000, capital: nominal(0.1), billing: reserved36(1) });
    const e = evaluateTco(s);
    const h = e.horizon;
    // Row 0: 588,672 upfront + 5,000 one-time; row 1: the API's 24,000 saved.
    expect(h.cashFlow.selfHosted?.rows[0]?.lines.upfront).toBeCloseTo(588_672, 6);
    expect(h.cashFlow.selfHosted?.rows[0]?.totalUsd).toBeCloseTo(593_672, 6);
    // 24,000 ÷ 1.0083333 − 593,672 = −569,870.35.
    expect(h.npvUsd.selfHosted).toBeCloseTo(-569_870.35, 2);
    // No resale value, and nothing left to invoice: the 35 months after the horizon add nothing.
    expect(h.terminal.selfHosted).toMatchObject({ valueUsd: 0, obligationUsd: 0, monthsBeyond: 35 });
    expect(h.payback.selfHosted.cashMonth).toBeNull();
    expect(e.verdict.best).toBe('api');
  });

  it('no upfront, 12-month horizon: the 24 invoices still due count against it, NPV −$238,780.48 (it read +$81,992.24)', () => {
    const s = base({}, { horizonMonths: 12, oneTimeUsd: 5_000, capital: nominal(0.1), billing: reserved36(0) });
    const h = evaluateTco(s).horizon;
    const r = 0.1 / 12;
    // Inside the horizon: 7,648 saved a month, 7,648 × 11.374508 − 5,000 = 81,992.24. The 24
    // invoices of months 13–36, 16,352 × 21.670886 = 354,361.82 at the end of month 12, are
    // 354,361.82 ÷ 1.0083333^12 = 320,772.72 today: NPV = 81,992.24 − 320,772.72 = −238,780.48.
    expect(h.terminal.selfHosted?.obligationUsd).toBeCloseTo(16_352 * annuity(24, r), 4);
    expect(h.terminal.selfHosted?.obligationUsd).toBeCloseTo(354_361.82, 2);
    expect(h.npvUsd.selfHosted).toBeCloseTo(-238_780.48, 2);
    // The monthly verdict (16,352 + 5,000 ÷ 11.374508 = 16,791.58 against 24,000) says
    // self-hosted; the horizon says why the NPV differs.
    expect(h.disagreement).toEqual({ monthly: 'self-hosted', npv: 'api', reasons: ['commitment-beyond-horizon'] });
  });
});

describe('bought hardware: the cash-flow statement, the paybacks and the terminal value', () => {
  // 8 × $35,000 × 1.15 = $322,000 paid at the start, residual 20 % of the $280,000 of GPUs =
  // $56,000; power 8 × 700 W × 1.3 × 730 h × $0.15 / 1,000 = $797.16 a month; no staff.
  // WACC 10 % (r = 0.0083333). API $24,000 a month, so $23,202.84 of cash is saved each month.
  const bought = (horizonMonths: number, terminalValue: Scenario['selfHosted']['terminalValue'] = { rule: 'book', resaleShare: 0.2 }) =>
    base(
      {},
      {
        oneTimeUsd: 0,
        horizonMonths,
        costMode: 'buy',
        capexPerGpu: 35_000,
        infraOverheadShare: 0.15,
        residualShare: 0.2,
        amortisationMonths: 36,
        powerWattsPerGpu: 700,
        pue: 1.3,
        pricePerKwh: 0.15,
        capital: nominal(0.1),
        terminalValue,
      },
    );
  const r = 0.1 / 12;

  it('36 months month by month: capex at the start, power each month, the residual at the end; the discounted rows sum to the NPV', () => {
    const h = evaluateTco(bought(36)).horizon;
    const self = h.cashFlow.selfHosted;
    expect(self?.rows).toHaveLength(37);
    expect(self?.rows[0]?.lines.capex).toBeCloseTo(322_000, 6);
    for (let m = 1; m <= 36; m++) {
      expect(self?.rows[m]?.lines.power).toBeCloseTo(797.16, 6);
      expect(h.cashFlow.api.rows[m]?.lines.api).toBeCloseTo(24_000, 6);
    }
    expect(self?.rows[36]?.lines.residual).toBeCloseTo(-56_000, 6);
    expect(self?.rows[36]?.lines.terminal).toBe(0);
    // NPV = 23,202.84 × 30.991236 + 56,000 ÷ 1.0083333^36 − 322,000 = 719,084.58 + 41,537.52
    // − 322,000 = 438,622.10, and the discounted rows of both statements give it to the cent.
    const npv = 23_202.84 * annuity(36, r) + 56_000 / Math.pow(1 + r, 36) - 322_000;
    expect(npv).toBeCloseTo(438_622.1, 2);
    const present = (rows: { totalUsd: number }[]) => rows.reduce((sum, row, t) => sum + row.totalUsd / Math.pow(1 + r, t), 0);
    expect(present(h.cashFlow.api.rows) - present(self?.rows ?? [])).toBeCloseTo(npv, 2);
    expect(h.npvUsd.selfHosted).toBeCloseTo(npv, 2);
  });

  it('the cash payback is month 14 and the discounted one month 15; the level monthly costs cross in month 1', () => {
    const h = evaluateTco(bought(36)).horizon;
    // 322,000 ÷ 23,202.84 = 13.88 → month 14. Discounted: 23,202.84 × a(m) ≥ 322,000 needs
    // a(m) ≥ 13.8776: a(14) = 13.1473, a(15) = 14.0304 → month 15.
    expect(h.payback.selfHosted).toEqual({ cashMonth: 14, discountedMonth: 15 });
    // The level cost, 9,049.74 of annuity + 797.16 = 9,846.90 a month, is below 24,000 from the first month.
    expect(h.points[1]?.selfUsd).toBeCloseTo(9_846.9, 2);
    expect(h.crossingMonth.selfHosted).toBe(1);
  });

  it('a 12-month horizon inside the 36-month cycle counts the hardware by the chosen rule', () => {
    const within = 23_202.84 * annuity(12, r) - 322_000;
    // Book value after 12 of 36 months: 322,000 − 266,000 × 12 ÷ 36 = 233,333.33, so
    // NPV = 23,202.84 × 11.374508 + 233,333.33 ÷ 1.0083333^12 − 322,000 = 153,137.13.
    const book = evaluateTco(bought(12)).horizon;
    expect(book.terminal.selfHosted).toMatchObject({ rule: 'book', monthsBeyond: 24 });
    expect(book.terminal.selfHosted?.valueUsd).toBeCloseTo(233_333.33, 2);
    expect(book.cashFlow.selfHosted?.rows[12]?.lines.terminal).toBeCloseTo(-233_333.33, 2);
    expect(book.npvUsd.selfHosted).toBeCloseTo(153_137.13, 2);
    // A buyer pays half the GPUs' price: 0.5 × 280,000 = 140,000 → 68,650.64.
    const resale = evaluateTco(bought(12, { rule: 'resale-share', resaleShare: 0.5 })).horizon;
    expect(resale.npvUsd.selfHosted).toBeCloseTo(within + 140_000 / Math.pow(1 + r, 12), 4);
    expect(resale.npvUsd.selfHosted).toBeCloseTo(68_650.64, 2);
    // No value: −58,079.10.
    const none = evaluateTco(bought(12, { rule: 'none', resaleShare: 0.5 })).horizon;
    expect(none.npvUsd.selfHosted).toBeCloseTo(-58_079.1, 2);
    // The payback leaves the terminal value out: 14 months are more than the horizon has.
    expect(book.payback.selfHosted.cashMonth).toBeNull();
  });
});

describe('the monthly rate convention', () => {
  it('effective: r = 1.12^(1/12) − 1 = 0.9489 % a month, NPV of the flat case $826.57 (nominal: $803.25)', () => {
    const s = base({}, { capital: { waccYearly: 0.12, rateConvention: 'effective' } });
    const h = evaluateTco(s).horizon;
    expect(h.monthlyRate).toBeCloseTo(0.009_488_793, 9);
    // 640 × (1 − 1.12^−1) ÷ 0.0094888 − 6,400 = 640 × 11.291516 − 6,400 = 826.57.
    expect(h.npvUsd.selfHosted).toBeCloseTo(826.57, 2);
  });
});

describe('committed lots', () => {
  it('a replica added in month 3 is reserved for its own 12 months: 2 of them fall after a 12-month horizon', () => {
    // Volume +5 % a month from 2,400,000 tasks: month 3 needs a second replica (horizon.test
    // above). Reserved for 12 months at $2.80: lot 1 holds months 1–12, lot 2 months 3–14.
    const s = base(
      { volumeGrowthMonthly: 0.05 },
      { oneTimeUsd: 0, billing: { ...plainScenario().selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } },
    );
    const h = evaluateTco(s).horizon;
    expect(h.cashFlow.selfHosted?.rows[2]?.lines.rent).toBeCloseTo(16_352, 6);
    expect(h.cashFlow.selfHosted?.rows[3]?.lines.rent).toBeCloseTo(32_704, 6);
    // At WACC 0 the invoices of months 13 and 14 are 2 × 16,352 = 32,704 still due.
    expect(h.terminal.selfHosted).toMatchObject({ monthsBeyond: 2 });
    expect(h.terminal.selfHosted?.obligationUsd).toBeCloseTo(32_704, 6);
  });

  it("the hybrid's reserved replicas are a floor too: 3 paid every month of the term while the volume falls", () => {
    // 7,000,000 tasks in month 1 need 2.66 replicas; the hybrid takes 3 (3 × 16,352 = 49,056
    // against 2 × 16,352 + 1,744,000 × $0.01 = 50,144). Volume −10 % a month: it needs 2 from
    // month 4 and 1 from month 11, but the 3 reserved replicas are paid to month 12.
    const s = base(
      { volumeGrowthMonthly: -0.1 },
      { oneTimeUsd: 0, billing: { ...plainScenario().selfHosted.billing, mode: 'reserved', reservedPrice: 2.8, reservedTermMonths: 12, upfrontShare: 0 } },
    );
    s.workload.requestsPerDay = 233_333.33;
    const h = evaluateTco(s).horizon;
    expect(h.points[1]?.hybridReplicas).toBe(3);
    for (let m = 1; m <= 12; m++) expect(h.cashFlow.hybrid.rows[m]?.lines.rent).toBeCloseTo(49_056, 6);
    // Re-sized every month it paid 2 replicas from month 4 (32,704).
    expect(h.points[4]?.hybridUsd).toBeCloseTo(49_056, 6);
  });
});

describe('the move from the API', () => {
  // API $24,000 a month against one replica at $23,360, no one-time cost, WACC 0.
  const moving = (horizonMonths: number) => base({}, { oneTimeUsd: 0, horizonMonths, ramp: { parallelMonths: 2, rampMonths: 2 } });

  it('2 months in parallel, then half the work moved, then all: the migration costs $60,000, NPV −$52,320 over 12 months', () => {
    const h = evaluateTco(moving(12)).horizon;
    const self = h.cashFlow.selfHosted;
    // Months 1–2: the replica (23,360) and the API for all the work (24,000) = 47,360; month 3:
    // 23,360 + 12,000 = 35,360; from month 4: 23,360.
    expect(self?.rows[1]?.totalUsd).toBeCloseTo(47_360, 6);
    expect(self?.rows[2]?.lines.api).toBeCloseTo(24_000, 6);
    expect(self?.rows[3]?.totalUsd).toBeCloseTo(35_360, 6);
    expect(self?.rows[4]?.totalUsd).toBeCloseTo(23_360, 6);
    // 12 × 640 saved without a move, less 2 × 24,000 + 12,000 = 60,000 of parallel running.
    expect(h.npvUsd.selfHosted).toBeCloseTo(12 * 640 - 60_000, 6);
    expect(h.disagreement?.reasons).toContain('ramp');
  });

  it('the cash payback comes in month 94: 58,080 behind after month 3, earned back at $640 a month', () => {
    // −23,360 − 23,360 − 11,360 = −58,080; 58,080 ÷ 640 = 90.75 → 91 more months → month 94.
    expect(evaluateTco(moving(120)).horizon.payback.selfHosted.cashMonth).toBe(94);
  });
});

describe('taxes', () => {
  it('bought hardware after tax at 25 %: costs deducted when paid, the hardware through its depreciation; NPV $316,098.63 (before tax $438,622.10)', () => {
    const s = base(
      {},
      {
        oneTimeUsd: 0,
        horizonMonths: 36,
        costMode: 'buy',
        capexPerGpu: 35_000,
        infraOverheadShare: 0.15,
        residualShare: 0.2,
        amortisationMonths: 36,
        powerWattsPerGpu: 700,
        pue: 1.3,
        pricePerKwh: 0.15,
        capital: nominal(0.1),
        tax: { rate: 0.25 },
      },
    );
    const h = evaluateTco(s).horizon;
    const r = 0.1 / 12;
    // The API: 24,000 − 25 % = 18,000 a month. Self-hosting: power 797.16 less 25 % of (797.16 +
    // depreciation (322,000 − 56,000) ÷ 36 = 7,388.89) = −1,249.35 a month; the capex and the
    // residual sold at its book value carry no tax.
    expect(h.cashFlow.api.rows[1]?.lines.tax).toBeCloseTo(-6_000, 6);
    expect(h.cashFlow.selfHosted?.rows[1]?.totalUsd).toBeCloseTo(797.16 - 0.25 * (797.16 + 266_000 / 36), 6);
    expect(h.cashFlow.selfHosted?.rows[0]?.lines.tax).toBe(0);
    // NPV = (18,000 + 1,249.35) × 30.991236 + 56,000 ÷ 1.0083333^36 − 322,000 = 316,098.63.
    expect(h.npvUsd.selfHosted).toBeCloseTo(19_249.352222 * annuity(36, r) + 56_000 / Math.pow(1 + r, 36) - 322_000, 4);
    expect(h.npvUsd.selfHosted).toBeCloseTo(316_098.63, 2);
  });

  it('reserved beyond the horizon after tax: the invoices still due are deducted when paid', () => {
    // The no-upfront case above (NPV −238,780.48 before tax) at 30 %: every cash line × 0.7, the
    // obligation too, so the NPV is 0.7 × −238,780.48 = −167,146.34.
    const s = base({}, { horizonMonths: 12, oneTimeUsd: 5_000, capital: nominal(0.1), billing: reserved36(0), tax: { rate: 0.3 } });
    expect(evaluateTco(s).horizon.npvUsd.selfHosted).toBeCloseTo(0.7 * -238_780.48, 1);
  });
});

describe('the paybacks leave the terminal value and its tax out', () => {
  it('a write-off at the end of a 16-month horizon is not a payback; 17 months are', () => {
    // Bought, after tax at 25 %: 19,249.35 saved a month against 322,000 (taxes test above).
    // After 16 months −14,010; writing off the hardware's book value (322,000 − 266,000 × 16 ÷ 36
    // = 203,777.78) saves 50,944.44 of tax in row 16, which would read as a payback. After 17
    // months 327,238.99 − 322,000 = +5,238.99: month 17.
    const bought = (horizonMonths: number) =>
      base(
        {},
        {
          oneTimeUsd: 0,
          horizonMonths,
          costMode: 'buy',
          capexPerGpu: 35_000,
          infraOverheadShare: 0.15,
          residualShare: 0.2,
          amortisationMonths: 36,
          powerWattsPerGpu: 700,
          pue: 1.3,
          pricePerKwh: 0.15,
          capital: nominal(0.1),
          tax: { rate: 0.25 },
          terminalValue: { rule: 'none', resaleShare: 0 },
        },
      );
    const h16 = evaluateTco(bought(16)).horizon;
    expect(h16.cashFlow.selfHosted?.rows[16]?.lines.tax).toBeCloseTo(0.25 * -(797.16 + 266_000 / 36) - 0.25 * 203_777.78, 1);
    expect(h16.payback.selfHosted.cashMonth).toBeNull();
    expect(evaluateTco(bought(17)).horizon.payback.selfHosted.cashMonth).toBe(17);
  });
});

describe('the closed form of a flat horizon', () => {
  it('gives the month-by-month NPV and cash payback for rented on-demand deployments', () => {
    const cases: Scenario[] = [];
    for (const requestsPerDay of [10_000, 80_000, 100_000, 233_333.33]) {
      for (const [oneTimeUsd, waccYearly, rate, tax] of [
        [0, 0, 'nominal', 0],
        [6_400, 0.12, 'nominal', 0],
        [20_000, 0.1, 'effective', 0.3],
        [640, 0, 'nominal', 0.25],
      ] as const) {
        const s = base({}, { oneTimeUsd, horizonMonths: 24, capital: { waccYearly, rateConvention: rate }, tax: { rate: tax } });
        s.workload.requestsPerDay = requestsPerDay;
        cases.push(s);
      }
    }
    for (const s of cases) {
      const h = evaluateTco(s).horizon;
      const fast = horizonOutcome(buildModel(s), 'self-hosted');
      expect(fast.npvUsd).toBeCloseTo(h.npvUsd.selfHosted ?? NaN, 6);
      expect(fast.paybackMonth).toBe(h.payback.selfHosted.cashMonth);
    }
    // 6,400 ÷ 640 = month 10 at 80,000 a day, and $640 one-time is earned back in month 1.
    const paybacks = cases.map((s) => horizonOutcome(buildModel(s), 'self-hosted').paybackMonth);
    expect(paybacks).toContain(10);
    expect(paybacks).toContain(1);
  });
});

describe('the uncertainty views read the same horizon', () => {
  it("horizonOutcome gives horizonView's NPV and cash payback for bought, reserved and moving deployments", () => {
    const bought = base(
      {},
      {
        oneTimeUsd: 0,
        horizonMonths: 16,
        costMode: 'buy',
        capexPerGpu: 35_000,
        infraOverheadShare: 0.15,
        residualShare: 0.2,
        amortisationMonths: 12,
        capital: nominal(0.1),
        tax: { rate: 0.25 },
      },
    );
    const reserved = base({ volumeGrowthMonthly: 0.05 }, { horizonMonths: 30, oneTimeUsd: 5_000, capital: nominal(0.1), billing: reserved36(0.5) });
    const moving = base({}, { oneTimeUsd: 0, horizonMonths: 120, ramp: { parallelMonths: 2, rampMonths: 2 } });
    for (const s of [bought, reserved, moving]) {
      const h = evaluateTco(s).horizon;
      const o = horizonOutcome(buildModel(s), 'self-hosted');
      expect(o.npvUsd).toBeCloseTo(h.npvUsd.selfHosted ?? NaN, 6);
      expect(o.paybackMonth).toBe(h.payback.selfHosted.cashMonth);
    }
    // The moving case pays back in month 94 (above).
    expect(horizonOutcome(buildModel(moving), 'self-hosted').paybackMonth).toBe(94);
  });
});
