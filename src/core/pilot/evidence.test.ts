import { describe, expect, expectTypeOf, it } from 'vitest';
import { EMPTY_DAY, defaultScenario } from '../scenario/defaults';
import type { BenchRun } from '../benchmarks/run-schema';
import { applyEvidence, evidenceFill, forgetFilledField, type EvidenceRun } from './evidence';

function run(patch: Partial<EvidenceRun>): EvidenceRun {
  return {
    id: 'r1',
    source: { fileName: 'run.json', fileHash: 'sha256:abc' },
    label: null,
    tool: 'vllm',
    endpoint: { kind: 'self-hosted' },
    requests: { total: null, ok: null, failed: null, errors: [] },
    tokens: { input: null, output: null },
    metrics: {},
    recomputed: null,
    cost: null,
    ...patch,
  };
}

describe('filling a day from a load-test run', () => {
  it('takes TTFT, request counts and error rates from a vLLM bench serve result', () => {
    // The file's own summary in the public sample er0080/vllm-benchmarking
    // packages/protocol/tests/fixtures/bench_serve_v0.25.1.json (vLLM 0.25.1): completed 8,
    // failed 0, mean_ttft_ms 215.53594200008774, median_ttft_ms 55.68139649994919,
    // p99_ttft_ms 734.4049174101428; no p95 and no end-to-end latency.
    const r = run({
      requests: { total: 8, ok: 8, failed: 0, errors: [] },
      metrics: { ttft: { count: 8, mean: 215.53594200008774, median: 55.68139649994919, percentiles: { '99': 734.4049174101428 } } },
    });
    const fill = evidenceFill(r, 'benchmark-run');
    expect(fill.values).toEqual({ ttftP50Ms: 55.68139649994919, tasksAttempted: 8, tasksCompleted: 8, errorRate: 0, timeoutRate: 0 });
    // A p95 the file does not have is not invented from the p99.
    expect(fill.skipped).toEqual([
      { field: 'ttftP95Ms', reason: 'not-in-run' },
      { field: 'generationMs', reason: 'not-in-run' },
    ]);
  });

  it('keeps timeouts apart from other errors, and prefers recomputed statistics', () => {
    // SYNTHETIC_per_request_log.jsonl: 5 requests, 3 ok, one HTTP 429 error, one timeout.
    // Error rate (2 failed − 1 timeout) / 5 = 0.2; timeout rate 1 / 5 = 0.2.
    const r = run({
      requests: {
        total: 5,
        ok: 3,
        failed: 2,
        errors: [
          { kind: 'rate_limit_exceeded', count: 1 },
          { kind: 'timeout', count: 1 },
        ],
      },
      metrics: { ttft: { count: 3, mean: 1973.5, median: 412.5, percentiles: { '95': 9999 } } },
      // Recomputed from the ok rows' TTFTs 388, 412.5, 5120 (linear): p95 = 412.5 + 0.9 × 4,707.5 = 4,649.25.
      recomputed: { ttft: { count: 3, mean: 1973.5, median: 412.5, percentiles: { '50': 412.5, '95': 4649.25 } } },
    });
    const fill = evidenceFill(r, 'benchmark-run');
    expect(fill.values.errorRate).toBeCloseTo(0.2, 12);
    expect(fill.values.timeoutRate).toBeCloseTo(0.2, 12);
    expect(fill.values.ttftP95Ms).toBe(4649.25);
  });
});

describe('filling a day from an API usage log', () => {
  it('takes tokens and the bill, but not a bill with unpriced rows', () => {
    // SYNTHETIC_per_request_log.jsonl: input 1,200 + 950 + 1,100 + 800 + 1,300 = 5,350;
    // output 180 + 150 + 0 + 2,048 = 2,378; cost on 3 rows, missing on 2.
    const r = run({
      endpoint: { kind: 'api' },
      requests: { total: 5, ok: 3, failed: 2, errors: [] },
      tokens: { input: 5_350, output: 2_378 },
      cost: { totalUsd: 0.000249 + 0.0002325 + 0, rowsWithCost: 3, rowsWithoutCost: 2 },
    });
    const fill = evidenceFill(r, 'api-usage');
    expect(fill.values).toEqual({ inputTokens: 5_350, outputTokens: 2_378, tasksAttempted: 5 });
    expect(fill.skipped).toEqual([{ field: 'costUsd', reason: 'cost-incomplete' }]);
    const priced = evidenceFill({ ...r, cost: { totalUsd: 1.25, rowsWithCost: 5, rowsWithoutCost: 0 } }, 'api-usage');
    expect(priced.values.costUsd).toBe(1.25);
  });
});

describe('applying a fill to a day', () => {
  it('writes only the chosen fields, records the source, and forgets a field once it is typed over', () => {
    const pilot = defaultScenario().pilot;
    const r = run({
      label: 'vLLM conc 32',
      requests: { total: 100, ok: 97, failed: 3, errors: [] },
      metrics: { ttft: { count: 97, mean: 300, median: 250, percentiles: { '95': 900 } } },
    });
    const fill = evidenceFill(r, 'benchmark-run');
    const res = applyEvidence(pilot, 3, 'selfHosted', r, fill, ['ttftP50Ms', 'ttftP95Ms', 'errorRate']);
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.pilot.days[2]!.selfHosted).toEqual({ ...EMPTY_DAY, ttftP50Ms: 250, ttftP95Ms: 900, errorRate: 0.03 });
    expect(res.pilot.filledFrom['3:selfHosted']).toEqual({
      kind: 'benchmark-run',
      label: 'vLLM conc 32',
      fileHash: 'sha256:abc',
      fields: ['ttftP50Ms', 'ttftP95Ms', 'errorRate'],
    });
    // The input pilot is untouched.
    expect(pilot.days[2]!.selfHosted).toEqual(EMPTY_DAY);
    const after = forgetFilledField(res.pilot, 3, 'selfHosted', 'ttftP95Ms');
    expect(after['3:selfHosted']?.fields).toEqual(['ttftP50Ms', 'errorRate']);
  });

  it('refuses a fill that would make the day inconsistent, and writes nothing', () => {
    const pilot = defaultScenario().pilot;
    pilot.days[0]!.selfHosted.tasksAttempted = 50;
    const r = run({ requests: { total: 100, ok: 97, failed: 3, errors: [] } });
    const res = applyEvidence(pilot, 1, 'selfHosted', r, evidenceFill(r, 'benchmark-run'), ['tasksCompleted']);
    expect(res).toEqual({ ok: false, problems: [{ field: 'tasksCompleted', message: 'tasksCompleted (97) must not exceed tasksAttempted (50)' }] });
    expect(applyEvidence(pilot, 8, 'api', r, evidenceFill(r, 'benchmark-run'), []).ok).toBe(false);
  });
});

describe('a stored benchmark run', () => {
  it("is evidence as it is: the import's run record keeps every field the mapping reads (checked by the compiler)", () => {
    expectTypeOf<BenchRun>().toExtend<EvidenceRun>();
  });
});
