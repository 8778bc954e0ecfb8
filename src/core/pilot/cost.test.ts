import { describe, expect, it } from 'vitest';
import { EMPTY_DAY, defaultScenario } from '../scenario/defaults';
import { apiBillFromTokens, clusterCostPerDay, costPerAcceptedTask, dayCostPerAcceptedTask, staffUsdPerHour } from './cost';

describe('one day of the self-hosted cluster from the TCO inputs', () => {
  it('rented: GPU-hours plus other monthly costs and one-time costs spread over the horizon', () => {
    // Defaults: 1 replica × 8 H200 at $4.29 per GPU-hour, always on; other monthly $400 + $600;
    // one-time $20,000 over 12 months. A day is 24 / 730 of a month.
    //   GPUs     8 × 4.29 × 24                 = 823.68
    //   other    1,000 × 24 / 730              =  32.8767
    //   one-time 20,000 / 12 × 24 / 730        =  54.7945
    //   total                                  = 911.3512
    const c = clusterCostPerDay(defaultScenario());
    expect(c.gpuUsd).toBeCloseTo(823.68, 9);
    expect(c.opsUsd).toBeCloseTo(32.8767 + 54.7945, 4);
    expect(c.usd).toBeCloseTo(911.3512, 3);
    expect(c.gpus).toBe(8);
  });

  it('rented per node-hour, with an N+1 spare replica and a 10-hour weekday schedule', () => {
    // 2 replicas + 1 spare = 3 replicas of 16 GPUs on 8-GPU nodes = 6 nodes at $30 per node-hour.
    // Schedule 10 h × 5 days / 7 = 7.142857 h a day: 6 × 30 × 7.142857 = 1,285.714.
    const s = defaultScenario();
    Object.assign(s.selfHosted, {
      replicas: 2,
      redundancy: 'n-plus-1',
      gpusPerReplica: 16,
      rentUnit: 'node-hour',
      rentPrice: 30,
      hoursMode: 'schedule',
      scheduleHoursPerDay: 10,
      scheduleDaysPerWeek: 5,
      otherMonthly: [],
      oneTimeUsd: 0,
    });
    const c = clusterCostPerDay(s);
    expect(c.hoursPerDay).toBeCloseTo(50 / 7, 9);
    expect(c.usd).toBeCloseTo((6 * 30 * 50) / 7, 9);
  });

  it('bought: amortisation net of resale value plus power', () => {
    // 8 GPUs × $35,000 × 1.15 overhead = $322,000; resale 20 % of the GPUs' $280,000 = $56,000;
    // (322,000 − 56,000) / 36 months = $7,388.89 a month × 24 / 730 = $242.9224 a day.
    // Power: 8 × 700 W × PUE 1.3 × 24 h / 1,000 × $0.15 = $26.208.
    const s = defaultScenario();
    Object.assign(s.selfHosted, { costMode: 'buy', otherMonthly: [], oneTimeUsd: 0 });
    const c = clusterCostPerDay(s);
    expect(c.gpuUsd).toBeCloseTo(242.9224, 4);
    expect(c.powerUsd).toBeCloseTo(26.208, 9);
  });
});

describe('the API bill from a day of tokens', () => {
  it('prices input at the cache split and output at the offer', () => {
    // Default offer $0.95 miss / $0.16 hit / $4.00 output per 1M, cache-hit share 50 %:
    // 1,000,000 input → 500k × 0.95 + 500k × 0.16 = $0.475 + $0.08; 100,000 output × 4 = $0.40.
    const bill = apiBillFromTokens(defaultScenario(), { ...EMPTY_DAY, inputTokens: 1_000_000, outputTokens: 100_000 });
    expect(bill).toBeCloseTo(0.955, 12);
  });
  it('converts a relay offer invoiced in yuan at its peg and paid at the market rate', () => {
    // $2 listed per 1M output, invoiced ¥1 per $1, paid at 7.1 CNY/USD, no input:
    // 1,000,000 × 2 / 1e6 = $2 listed → ¥2 invoiced → 2 / 7.1 = $0.28169.
    const s = defaultScenario();
    Object.assign(s.api, { listCurrency: 'USD', invoiceCurrency: 'CNY', invoiceFx: 'peg', pegInvoicePerListUnit: 1, priceOutputPerM: 2 });
    s.fx.CNY = 7.1;
    expect(apiBillFromTokens(s, { ...EMPTY_DAY, inputTokens: 0, outputTokens: 1_000_000 })).toBeCloseTo(2 / 7.1, 12);
  });
  it('is unknown when the tokens were not logged', () => {
    expect(apiBillFromTokens(defaultScenario(), { ...EMPTY_DAY, inputTokens: 5 })).toBeNull();
  });
});

describe('cost per accepted task', () => {
  it('staff is priced from the loaded yearly cost over the working hours of a year', () => {
    // $180,000 / 1,760 h = $102.2727 per hour.
    expect(staffUsdPerHour(defaultScenario())).toBeCloseTo(102.2727, 4);
  });

  it('adds derived bills and priced staff hours, fills a missing hours figure with the mean of the other days', () => {
    // Self-hosted, no bill entered: each day costs the cluster's $911.3512 (see above).
    // Day 1: 1,000 accepted, 4 h; day 2: 3,000 accepted, hours blank → mean of recorded days = 4 h.
    // Staff at $100/h: (2 × 911.3512 + 8 × 100) / 4,000 = 2,622.7024 / 4,000 = $0.6556756.
    const s = defaultScenario();
    s.selfHosted.staffLoadedYearlyUsd = 176_000;
    s.pilot.days[0]!.selfHosted = { ...EMPTY_DAY, tasksAccepted: 1_000, teamHours: 4 };
    s.pilot.days[1]!.selfHosted = { ...EMPTY_DAY, tasksAccepted: 3_000 };
    const c = costPerAcceptedTask(s, 'selfHosted');
    expect(c.kind).toBe('defined');
    expect(c.days.map((d) => [d.day, d.billSource, d.staffHoursSource])).toEqual([
      [1, 'derived', 'entered'],
      [2, 'derived', 'mean-of-other-days'],
    ]);
    expect(c.kind === 'defined' && c.usdPerAcceptedTask).toBeCloseTo(2_622.7024 / 4_000, 6);
    // Day 2 alone: (911.3512 + 4 × 100) / 3,000 = $0.4371171.
    expect(dayCostPerAcceptedTask(s, 'selfHosted', 1)).toBeCloseTo(1_311.3512 / 3_000, 6);
  });

  it('leaves out an API day whose bill is neither entered nor derivable, and says so', () => {
    const s = defaultScenario();
    s.pilot.days[0]!.api = { ...EMPTY_DAY, tasksAccepted: 900, costUsd: 9, teamHours: 0 };
    s.pilot.days[1]!.api = { ...EMPTY_DAY, tasksAccepted: 800 };
    const c = costPerAcceptedTask(s, 'api');
    expect(c.skippedDays).toEqual([2]);
    // Only day 1: $9 / 900 = $0.01.
    expect(c.kind === 'defined' && c.usdPerAcceptedTask).toBeCloseTo(0.01, 12);
  });

  it('is undefined, with its reason, when nothing was counted', () => {
    const s = defaultScenario();
    expect(costPerAcceptedTask(s, 'api')).toMatchObject({ kind: 'undefined', reason: 'no-task-data' });
    s.pilot.days[0]!.api = { ...EMPTY_DAY, tasksAccepted: 10 };
    expect(costPerAcceptedTask(s, 'api')).toMatchObject({ kind: 'undefined', reason: 'no-cost-data' });
    s.pilot.days[0]!.api = { ...EMPTY_DAY, tasksAccepted: 0, costUsd: 5 };
    expect(costPerAcceptedTask(s, 'api')).toMatchObject({ kind: 'undefined', reason: 'no-accepted-tasks', totalUsd: 5 });
    expect(dayCostPerAcceptedTask(s, 'api', 0)).toBeNull();
  });
});
