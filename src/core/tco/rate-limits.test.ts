import { describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaults';
import { evaluateTco } from './evaluate';
import { plainScenario } from '../../testing/test-scenarios';

/** 730 h × 60 min: the minutes of an average month. */
const MINUTES = 43_800;

describe('API rate limits against the busiest hour', () => {
  it('no limits entered: nothing is exceeded, the peaks are still reported', () => {
    const e = evaluateTco(plainScenario());
    const r = e.rateLimits;
    expect(r.limited).toBe(false);
    // 3,000,000 requests ÷ 43,800 min = 68.49 per minute; flat load, so the peak hour is the average
    expect(r.api.requests.peakPerMinute).toBeCloseTo(3_000_000 / MINUTES, 9);
    // 3B tokens ÷ 43,800 = 68,493 tokens per minute
    expect(r.api.tokens.peakPerMinute).toBeCloseTo(3e9 / MINUTES, 6);
    expect(r.api.exceeds).toBe(false);
    expect(r.hybridReplicasWithinLimits).toBeNull();
  });

  it('RPM limit: the API alone exceeds it, the hybrid overflow stays within, fewest replicas found', () => {
    const s = plainScenario();
    s.api.rateLimitRpm = 10;
    const e = evaluateTco(s);
    const r = e.rateLimits;
    // API alone: 68.49 requests/min > 10
    expect(r.api.requests).toMatchObject({ limit: 10, exceeds: true });
    expect(r.api.exceeds).toBe(true);
    // Hybrid: one replica carries 2.628M of the 3M tasks in every (flat) hour, the API the rest:
    // 68.49 × (1 − 2.628 / 3) = 68.49 × 0.124 = 8.49 requests/min ≤ 10
    expect(e.hybrid.replicas).toBe(1);
    expect(r.hybrid.requests.peakPerMinute).toBeCloseTo((3_000_000 / MINUTES) * 0.124, 9);
    expect(r.hybrid.exceeds).toBe(false);
    expect(r.hybridReplicasWithinLimits).toBe(1);

    // A limit of 5 requests/min: the overflow of one replica (8.49) is too much; two serve all.
    s.api.rateLimitRpm = 5;
    const tight = evaluateTco(s).rateLimits;
    expect(tight.hybrid.exceeds).toBe(true);
    expect(tight.hybridReplicasWithinLimits).toBe(2);
  });

  it('TPM limit and a peaked load: the busiest hour carries peak-to-average × the average', () => {
    const s = plainScenario();
    s.workload.peakToAverage = 2;
    s.api.rateLimitTpm = 100_000;
    const r = evaluateTco(s).rateLimits;
    // 68,493 tokens/min on average × 2 in the peak hour = 136,986 > 100,000
    expect(r.api.tokens.peakPerMinute).toBeCloseTo((3e9 / MINUTES) * 2, 6);
    expect(r.api.tokens.exceeds).toBe(true);
    expect(r.api.requests).toMatchObject({ limit: null, exceeds: false });
  });

  it('retries count against the request limit; tokens include cached input and reasoning', () => {
    const s = defaultScenario();
    s.api.rateLimitRpm = 50;
    s.api.rateLimitTpm = 1_000_000;
    const r = evaluateTco(s).rateLimits;
    // 30,000 requests/day × 30 days × 1.03 retries = 927,000 requests ÷ 43,800 min = 21.16/min;
    // peak-to-average 2.5 → 52.91/min > 50
    expect(r.api.requests.peakPerMinute).toBeCloseTo((927_000 / MINUTES) * 2.5, 6);
    expect(r.api.requests.exceeds).toBe(true);
    // 927,000 × (12,000 input + 800 output + 1,200 reasoning) = 12.978B tokens ÷ 43,800 × 2.5
    // = 740,753 tokens/min ≤ 1,000,000
    expect(r.api.tokens.peakPerMinute).toBeCloseTo(((927_000 * 14_000) / MINUTES) * 2.5, 3);
    expect(r.api.tokens.exceeds).toBe(false);
  });

  it('token mode without request sizes: requests cannot be counted, tokens can', () => {
    const s = plainScenario();
    s.workload = { ...s.workload, mode: 'tokens', inputTokensPerMonth: 0, outputTokensPerMonth: 4.38e9, inputTokensPerRequest: 0, outputTokensPerRequest: 0 };
    s.api.rateLimitRpm = 1;
    s.api.rateLimitTpm = 50_000;
    const r = evaluateTco(s).rateLimits;
    expect(r.api.requests).toEqual({ peakPerMinute: null, limit: 1, exceeds: false });
    // 4.38B ÷ 43,800 = 100,000 tokens/min > 50,000
    expect(r.api.tokens.peakPerMinute).toBeCloseTo(100_000, 6);
    expect(r.api.exceeds).toBe(true);
  });
});
