import { describe, expect, it } from 'vitest';
import type { StoredSeries } from '../schemas/stored-capacity';
import { capacityView } from './capacity-view';
import { evaluateTco } from './evaluate';
import { sizeRequest } from './sizing';
import { plainScenario } from '../../testing/test-scenarios';
import { taskMix } from './workload';

/**
 * Capacity follows the paid hours, sizes prefill as well as decode, counts each side's
 * retries, and says when reasoning tokens cannot be counted. Every figure is worked out by
 * hand in the comment above it. (plainScenario: 1,000 output tokens per task, no input,
 * 8 GPUs at $4/GPU-h, 1,000 output tok/s per replica, 100 % max utilisation.)
 */
describe('capacity on a schedule', () => {
  it('counts only the paid hours: 12 h × 5 days = 260.71 h a month, not 730 h', () => {
    const s = plainScenario();
    s.workload.requestsPerDay = 10_000;
    s.selfHosted = { ...s.selfHosted, hoursMode: 'schedule', scheduleHoursPerDay: 12, scheduleDaysPerWeek: 5 };
    const e = evaluateTco(s);
    // paid hours: 12 × 5 = 60 h a week × 730 / 168 = 260.714 h a month
    const hours = (60 * 730) / 168;
    expect(e.shape.runningHoursPerMonth).toBeCloseTo(hours, 9);
    // capacity: 1 replica × 1,000 tok/s × 3,600 s × 260.714 h × 100 % = 938,571,428.6 tokens
    expect(e.selfHosted.capacity.tokensPerMonth).toBeCloseTo(1_000 * 3_600 * hours, 3);
    // rent: 8 × $4 × 260.714 h = $8,342.86; at full load 8,342.86 / 938.571 M = $8.8889 per 1M
    // (= $32 an hour ÷ 3.6 M tokens an hour); the 730-hour capacity gave $3.17, 2.8× too low.
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(32 * hours, 6);
    expect(e.selfHosted.perMillionTokensAtMaxUtilisation).toEqual({ ok: true, value: expect.closeTo(32 / 3.6, 9) as number });
  });
});

describe('input load is sized, not free', () => {
  function inputOnly(requestsPerDay: number) {
    const s = plainScenario();
    s.workload = { ...s.workload, requestsPerDay, inputTokensPerRequest: 10_000, outputTokensPerRequest: 0 };
    s.api = { ...s.api, priceInputPerM: 1 };
    return s;
  }

  it('an output-token figure cannot size a workload without output: refused with the reason', () => {
    // 10⁹ requests a day × 10,000 input tokens and no output. Counting output tokens only would
    // serve this with one replica at 0 % and "save 99.97 %".
    const e = evaluateTco(inputOnly(1e9));
    expect(e.selfHosted.state).toBe('throughput-not-sizable');
    expect(e.selfHosted.sizing).toMatchObject({ ok: false, reason: 'no-output-to-size' });
    expect(e.selfHosted.perMillionTokens).toEqual({ ok: false, reason: 'throughput-not-sizable' });
    expect(e.selfHosted.utilisation.average).toEqual({ ok: false, reason: 'throughput-not-sizable' });
    expect(e.verdict.best).toBe('api');
    expect(e.breakEven.result).toMatchObject({ kind: 'never', reason: 'throughput-not-sizable' });
  });

  it('with a prefill rate the input is sized: 10,000 tokens ÷ 50,000 tok/s = 0.2 s a request', () => {
    const s = inputOnly(1_000_000);
    s.selfHosted.throughput = { ...s.selfHosted.throughput, prefillTokensPerSecond: 50_000 };
    const e = evaluateTco(s);
    expect(e.selfHosted.sizing).toMatchObject({ ok: true, method: 'prefill-decode', secondsPerRequest: 0.2, prefillSeconds: 0.2, decodeSeconds: 0 });
    // one replica: 730 h × 3,600 s ÷ 0.2 s = 13,140,000 requests a month; 30M requests need
    // ⌈30 / 13.14⌉ = ⌈2.283⌉ = 3 replicas = 3 × 8 × $4 × 730 h = $70,080
    expect(e.selfHosted.replicasNeeded).toBe(3);
    expect(e.selfHosted.monthlyUsd).toBeCloseTo(70_080, 6);
    // busy: 30M × 0.2 s = 6M replica-seconds of 3 × 730 × 3,600 = 7.884M → 76.10 %
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(6e6 / 7.884e6, 12) as number });
    // capacity counts input + output here: 3 × (10,000 tokens ÷ 0.2 s) × 3,600 × 730 = 394.2B
    expect(e.selfHosted.capacity.basis).toBe('total');
    expect(e.selfHosted.capacity.tokensPerMonth).toBeCloseTo(3 * 50_000 * 3_600 * 730, 0);
  });

  it('carries a figure measured at other lengths over with the prefill rate (article 001: 800K in, 4K out)', () => {
    const s = plainScenario();
    s.workload = { ...s.workload, requestsPerDay: 40, inputTokensPerRequest: 800_000, outputTokensPerRequest: 4_000 };
    // measured: 2,000 output tok/s at 1,000 in / 1,000 out → 2 requests/s → 0.5 s a request,
    // of which 1,000 ÷ 20,000 = 0.05 s prefill, so decoding takes 0.45 s per 1,000 tokens.
    s.selfHosted.throughput = {
      ...s.selfHosted.throughput,
      tokensPerSecond: 2_000,
      atInputTokens: 1_000,
      atOutputTokens: 1_000,
      prefillTokensPerSecond: 20_000,
    };
    const e = evaluateTco(s);
    // the workload's request: 800,000 ÷ 20,000 = 40 s prefill + 4,000 × 0.45 ms = 1.8 s decode
    expect(e.selfHosted.sizing).toMatchObject({ ok: true, method: 'prefill-decode' });
    if (!e.selfHosted.sizing?.ok) return;
    expect(e.selfHosted.sizing.prefillSeconds).toBeCloseTo(40, 12);
    expect(e.selfHosted.sizing.decodeSeconds).toBeCloseTo(1.8, 12);
    expect(e.selfHosted.secondsPerAttempt).toBeCloseTo(41.8, 12);
    // 1,200 requests a month × 41.8 s = 50,160 s of one replica's 2,628,000 s = 1.909 %
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(50_160 / 2_628_000, 12) as number });
  });

  it('refuses a figure measured at other lengths when there is no prefill rate to carry it over', () => {
    const s = plainScenario();
    s.workload = { ...s.workload, inputTokensPerRequest: 12_000, outputTokensPerRequest: 2_000 };
    s.selfHosted.throughput = { ...s.selfHosted.throughput, atInputTokens: 1_000, atOutputTokens: 1_000 };
    const e = evaluateTco(s);
    expect(e.selfHosted.state).toBe('throughput-not-sizable');
    expect(e.selfHosted.sizing).toMatchObject({
      ok: false,
      reason: 'lengths-differ',
      at: { input: 1_000, output: 1_000 },
      workload: { input: 12_000, output: 2_000 },
    });
  });

  it('lengths within ±10 % count as the same: the figure is used as given', () => {
    const s = plainScenario();
    // 1,000 output tokens per task; figure at 1,090 (9 % more) → 1,000 ÷ 1,000 tok/s = 1 s
    s.selfHosted.throughput = { ...s.selfHosted.throughput, atInputTokens: 0, atOutputTokens: 1_090 };
    expect(evaluateTco(s).selfHosted.sizing).toMatchObject({ ok: true, method: 'as-given', secondsPerRequest: 1 });
    s.selfHosted.throughput = { ...s.selfHosted.throughput, atOutputTokens: 1_120 };
    expect(evaluateTco(s).selfHosted.sizing).toMatchObject({ ok: false, reason: 'lengths-differ' });
  });

  it('refuses a prefill rate that the figure itself contradicts', () => {
    const s = plainScenario();
    // 1,000 output tok/s at 1,000 in / 1,000 out = 1 s a request; prefilling 1,000 tokens at
    // 500 tok/s alone takes 2 s: the two figures cannot both hold.
    s.selfHosted.throughput = { ...s.selfHosted.throughput, atInputTokens: 1_000, atOutputTokens: 1_000, prefillTokensPerSecond: 500 };
    // The figure itself prefilled 1,000 tokens a second (1,000 tokens per 1 s request).
    expect(evaluateTco(s).selfHosted.sizing).toMatchObject({ ok: false, reason: 'prefill-exceeds-figure', minPrefillTokensPerSecond: 1_000 });
  });

  it("at the figure's own lengths a prefill rate changes nothing", () => {
    // 12,000 in (half cached) / 2,000 out at 2,300 output tok/s: 2,000 ÷ 2,300 = 0.8696 s a
    // request either way (6,000 ÷ P prefill + the rest decode).
    const s = plainScenario();
    s.workload = { ...s.workload, inputTokensPerRequest: 12_000, outputTokensPerRequest: 2_000, cacheHitShare: 0.5 };
    const base = s.selfHosted.throughput;
    const mix = taskMix(s);
    const plain = sizeRequest({ ...base, tokensPerSecond: 2_300 }, 2_300, mix);
    const split = sizeRequest({ ...base, tokensPerSecond: 2_300, prefillTokensPerSecond: 60_000 }, 2_300, mix);
    expect(plain).toMatchObject({ ok: true, secondsPerRequest: expect.closeTo(2_000 / 2_300, 12) as number });
    // Same lengths: the figure is used as given, the rate is not needed (docs/capacity.md §3).
    expect(split).toMatchObject({ ok: true, method: 'as-given', secondsPerRequest: expect.closeTo(2_000 / 2_300, 12) as number, prefillSeconds: null });
  });
});

describe('each side fails in its own way', () => {
  it('the API bills its own retries, the own replicas serve theirs', () => {
    const s = plainScenario();
    s.workload = { ...s.workload, retryRateApi: 0.1, retryRateSelfHosted: 0.3 };
    const e = evaluateTco(s);
    // API: 3,000,000 tasks × 1.1 × 1,000 tokens × $10 per 1M = $33,000
    expect(e.api.monthlyUsd).toBeCloseTo(33_000, 6);
    expect(e.volume.apiRequestsPerMonth).toEqual({ ok: true, value: expect.closeTo(3_300_000, 6) as number });
    // self-hosted: 3,000,000 × 1.3 = 3.9M requests × 1,000 tokens = 3.9B tokens; one replica
    // carries 1,000 × 3,600 × 730 = 2.628B → ⌈1.484⌉ = 2 replicas, busy 3.9 / 5.256 = 74.20 %
    expect(e.volume.selfRequestsPerMonth).toEqual({ ok: true, value: expect.closeTo(3_900_000, 6) as number });
    expect(e.selfHosted.replicasNeeded).toBe(2);
    expect(e.selfHosted.utilisation.average).toEqual({ ok: true, value: expect.closeTo(3.9 / 5.256, 12) as number });
    // productive: the accepted work without retries, 3B tokens of 5.256B = 57.08 %
    expect(e.selfHosted.utilisation.productive).toEqual({ ok: true, value: expect.closeTo(3 / 5.256, 12) as number });
  });

  it("the self-hosted side attempts more tasks to deliver the API's accepted work", () => {
    const s = plainScenario();
    s.workload = { ...s.workload, acceptanceApi: 0.9, acceptanceSelfHosted: 0.8, retryRateSelfHosted: 0.3 };
    const e = evaluateTco(s);
    // accepted work: 3,000,000 × 0.9 = 2,700,000 tasks; self-hosted attempts 2,700,000 ÷ 0.8 =
    // 3,375,000 (= 3,000,000 × 0.9 / 0.8), sent 1.3× = 4,387,500 requests
    expect(e.volume.acceptedTasksPerMonth).toBeCloseTo(2_700_000, 6);
    expect(e.volume.selfAttemptsPerMonth).toEqual({ ok: true, value: expect.closeTo(3_375_000, 6) as number });
    expect(e.volume.selfRequestsPerMonth).toEqual({ ok: true, value: expect.closeTo(4_387_500, 6) as number });
    // 375,000 attempts beyond the 3,000,000 tasks; retries 3,375,000 × 0.3 = 1,012,500 on own
    // GPUs; the API (no retries in this scenario) sends none again
    expect(e.volume.apiRetriesPerMonth).toEqual({ ok: true, value: 0 });
    expect(e.volume.selfExtraAttemptsPerMonth).toEqual({ ok: true, value: expect.closeTo(375_000, 6) as number });
    expect(e.volume.selfRetriesPerMonth).toEqual({ ok: true, value: expect.closeTo(1_012_500, 6) as number });
  });
});

describe('reasoning tokens in token mode', () => {
  it('says they are not counted when requests cannot be counted, instead of dropping them silently', () => {
    const s = plainScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 5_000,
      outputTokensPerMonth: 1_000,
      inputTokensPerRequest: 0,
      outputTokensPerRequest: 0,
      reasoningMode: 'tokens',
      reasoningTokensPerRequest: 1_200,
    };
    const e = evaluateTco(s);
    expect(e.volume.tasksCounted).toBe(false);
    expect(e.volume.reasoningCounted).toBe(false);
    expect(e.volume.reasoningTokensPerMonth).toBe(0);
  });

  it('counts them when tokens per request give the requests: 1,000,000 ÷ 500 = 2,000 × 1,200', () => {
    const s = plainScenario();
    s.workload = {
      ...s.workload,
      mode: 'tokens',
      inputTokensPerMonth: 1_000_000,
      outputTokensPerMonth: 100_000,
      inputTokensPerRequest: 500,
      reasoningMode: 'tokens',
      reasoningTokensPerRequest: 1_200,
    };
    const e = evaluateTco(s);
    expect(e.volume.reasoningCounted).toBe(true);
    expect(e.volume.reasoningTokensPerMonth).toBeCloseTo(2_400_000, 6);
  });
});

/**
 * A prefill rate on a measured series (docs/capacity.md §3). The series is the vLLM sweep of
 * fixtures/bench/vllm/nerdalert_benchmark_serving_append_results.json at 1,000 in / 100 out:
 * with no latency limit its highest point, 2,845 output tok/s (request rate 35), is chosen.
 * That point is 28.45 requests/s, so it prefilled 28.45 × 1,000 = 28,450 input tokens/s.
 */
describe('a prefill rate on a throughput–latency series', () => {
  const series: StoredSeries = {
    kind: 'measured',
    label: 'sweep',
    fileName: 'sweep.json',
    libraryId: null,
    publisher: null,
    date: null,
    gpus: 1,
    model: null,
    hardware: null,
    inputTokens: 1_000,
    outputTokens: 100,
    loadKind: 'rate',
    points: {
      load: [10, 20, 35],
      out: [959.7, 1_922, 2_845],
      total: [10_557, 21_142, 31_295],
      ttft: {},
      tpot: {},
      itl: {},
      e2el: {},
      ok: [1, 1, 1],
      n: [1_200, 2_400, 4_200],
    },
  };
  function onSeries(input: number, prefill: number | null) {
    const s = plainScenario();
    // 100,000 requests a day × 30 = 3M a month; 100 output tokens each, half the input cached.
    s.workload = { ...s.workload, inputTokensPerRequest: input, outputTokensPerRequest: 100, cacheHitShare: 0.5 };
    s.selfHosted = {
      ...s.selfHosted,
      capacity: { ...s.selfHosted.capacity, series },
      throughput: { ...s.selfHosted.throughput, prefillTokensPerSecond: prefill },
    };
    return s;
  }

  it("at the series' own lengths a prefill rate changes nothing, also one below what the point prefilled", () => {
    // 100 output tokens ÷ 2,845 tok/s = 35.149 ms a request, with or without a rate of 25,000.
    const without = evaluateTco(onSeries(1_000, null));
    const with25k = evaluateTco(onSeries(1_000, 25_000));
    expect(without.selfHosted.sizing).toMatchObject({ ok: true, method: 'as-given', secondsPerRequest: expect.closeTo(100 / 2_845, 12) as number });
    expect(with25k.selfHosted.state).toBe('ok');
    expect(with25k.selfHosted.sizing).toMatchObject({
      ok: true,
      method: 'as-given',
      secondsPerRequest: expect.closeTo(100 / 2_845, 12) as number,
      tokensPerSecond: 2_845,
    });
    expect(with25k.selfHosted.monthlyUsd).toBeCloseTo(without.selfHosted.monthlyUsd, 9);
    expect(capacityView(onSeries(1_000, 25_000)).lengths).toMatchObject({ kind: 'match', factor: 1 });
  });

  it('at other lengths a rate below 28,450 is refused naming that minimum; a higher one gives an adjusted, costed result', () => {
    // 4,000 in (2,000 uncached) / 100 out.
    const low = evaluateTco(onSeries(4_000, 25_000));
    expect(low.selfHosted.state).toBe('throughput-not-sizable');
    expect(low.selfHosted.sizing).toMatchObject({
      ok: false,
      reason: 'prefill-exceeds-figure',
      tokensPerSecond: 2_845,
      minPrefillTokensPerSecond: expect.closeTo(28_450, 6) as number,
    });
    expect(capacityView(onSeries(4_000, 25_000)).lengths).toMatchObject({
      kind: 'refused',
      reason: 'prefill-exceeds-figure',
      minPrefillTokensPerSecond: expect.closeTo(28_450, 6) as number,
      tokensPerSecond: 2_845,
    });

    // P = 50,000: the point's 35.149 ms split into 1,000 ÷ 50,000 = 20 ms prefill and
    // 15.149 ms decode (0.15149 ms a token); the workload's request: 2,000 ÷ 50,000 = 40 ms +
    // 15.149 ms = 55.149 ms → 100 ÷ 0.055149 = 1,813.3 output tok/s, × 0.63735 on the 2,845.
    const ok = evaluateTco(onSeries(4_000, 50_000));
    const seconds = 0.04 + (100 / 2_845 - 0.02);
    expect(ok.selfHosted.state).toBe('ok');
    expect(ok.selfHosted.sizing).toMatchObject({
      ok: true,
      method: 'prefill-decode',
      secondsPerRequest: expect.closeTo(seconds, 12) as number,
      prefillSeconds: expect.closeTo(0.04, 12) as number,
    });
    const view = capacityView(onSeries(4_000, 50_000));
    expect(view.lengths).toMatchObject({ kind: 'adjusted', factor: expect.closeTo(100 / seconds / 2_845, 9) as number });
    expect(view.lengths?.factor).toBeCloseTo(0.63735, 5);
    // 3M requests × 55.149 ms = 165,447 replica-seconds of 730 h × 3,600 s = 2,628,000: one
    // replica, 8 GPUs × $4 × 730 h = $23,360.
    expect(ok.selfHosted.replicasNeeded).toBe(1);
    expect(ok.selfHosted.monthlyUsd).toBeCloseTo(23_360, 6);
  });
});
