import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { importFile } from './importer';
import { type FileImport } from './import-contract';
import { memorySource } from './memory-source';
import { cdfSeries, errorBreakdown, percentileBars, throughputVsLoad } from './views';

const ROOT = BENCH_FIXTURES;
function load(path: string): Promise<FileImport> {
  return importFile(memorySource(path, new Uint8Array(readFileSync(resolve(ROOT, path)))), platformHost());
}

describe('comparison views', () => {
  it('percentile bars take the file figures (mean, median as p50, p99)', async () => {
    const r = await load('vllm/er0080_bench_sweep_v0.25.1_max_num_seqs4_summary.json');
    const [a, b] = r.runs;
    const rows = percentileBars(r.runs, 'ttft');
    // The file has mean, median and p99 only; p90/p95 rows are left out.
    expect(rows.map((x) => x.percentile)).toEqual([-1, 50, 99]);
    expect(rows[2]?.values).toEqual({ [a!.id]: 762.4942294094944, [b!.id]: 57.58295443694805 });
    expect(rows[1]?.values[a!.id]).toBe(44.92285849846667);
  });

  it('throughput vs load: one curve per engine, on the request-rate axis', async () => {
    const r = await load('vllm/nerdalert_benchmark_serving_append_results.json');
    const view = throughputVsLoad(r.runs);
    expect(view.axis).toBe('rate');
    expect(view.series.map((s) => s.engine)).toEqual(['vllm', 'sgl']);
    expect(view.series[0]?.points.map((p) => p.x)).toEqual([1, 10, 20, 30, 35]);
    expect(view.series[0]?.points.map((p) => p.outputTokensPerS)).toEqual([
      120.81006055190667, 959.6860197935362, 1921.9663764546028, 2791.2195851349875, 2845.198643096852,
    ]);
    // "inf" runs without a concurrency limit cannot be placed on the axis.
    expect(view.unplaced).toEqual([r.runs[5]!.id, r.runs[11]!.id]);
  });

  it('throughput vs load: runs of one engine at other request lengths are a curve of their own, not a zig-zag', async () => {
    const r = await load('vllm/nerdalert_benchmark_serving_append_results.json');
    // The vLLM rows again, as if measured at 2000 input tokens per request (input_tokens doubled):
    // same tool, model and engine, another configuration.
    const longer = r.runs.slice(0, 5).map((run) => ({ ...run, id: `${run.id}-2k`, tokens: { ...run.tokens, input: (run.tokens.input ?? 0) * 2 } }));
    const view = throughputVsLoad([...r.runs.slice(0, 5), ...longer]);
    expect(view.series).toHaveLength(2);
    for (const s of view.series) expect(s.points.map((p) => p.x)).toEqual([1, 10, 20, 30, 35]);
    // 2000 against 1000 input tokens: beyond ±10 %, another length group.
    expect(view.series[1]?.key).toContain('len:2000/100');
  });

  it('CDF from requests, or through the file percentiles', async () => {
    const log = await load('api-usage/SYNTHETIC_per_request_log.jsonl');
    const table = log.tables[0]!.table;
    // gpt-4o-mini: TTFT 388.0 and 412.5 ms from the two successful rows.
    expect(cdfSeries('x', table, null, 'ttft')).toEqual({
      runId: 'x',
      from: 'requests',
      points: [
        { value: 388, share: 0.5 },
        { value: 412.5, share: 1 },
      ],
    });
    const groq = await load('llmperf/leaderboard_groq_70b_summary.json');
    const s = cdfSeries('g', null, groq.runs[0]!.metrics.ttft ?? null, 'ttft');
    expect(s?.from).toBe('percentiles');
    // min 0.17202 s, p25 … p99, max 0.36308 s.
    expect(s?.points.map((p) => p.share)).toEqual([0, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 1]);
    expect(s?.points[0]?.value).toBeCloseTo(172.02026024460793, 9);
  });

  it('error breakdown', async () => {
    const bedrock = await load('llmperf/leaderboard_bedrock_13b_summary.json');
    // 97 failed of 150.
    expect(errorBreakdown(bedrock.runs)[0]).toMatchObject({ ok: 53, failed: 97, kinds: [{ kind: 'error code -100', count: 97 }] });
    expect(errorBreakdown(bedrock.runs)[0]?.errorShare).toBeCloseTo(97 / 150, 12);
  });
});
