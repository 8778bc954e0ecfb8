import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { testIo } from '../../testing/cli-test-io';
import { capacityCommand, namesBelowCommonFolder } from './capacity';

const SWEEP = join(BENCH_FIXTURES, 'vllm/nerdalert_benchmark_serving_append_results.json');
/** The KubeCon demo's inference-perf folder: stages 0–6 and the summary of all stages. */
const KUBECON = [0, 1, 2, 3, 4, 5, 6].map((i) => join(BENCH_FIXTURES, `inference-perf/kubecon_vllm_stage_${i}_lifecycle_metrics.json`));
const KUBECON_SUMMARY = join(BENCH_FIXTURES, 'inference-perf/kubecon_vllm_summary_lifecycle_metrics.json');

interface Out {
  series: {
    key: string;
    label: string;
    kind: string;
    points: { load: number | null }[];
    chosen: { load: number | null; at: string; outputTokensPerS: number; binding: { id: string }; adjustedOutputTokensPerS: number | null } | null;
    reason: string | null;
    lengths: { kind: string; factor?: number } | null;
    config: { inputTokens: number | null; outputTokens: number | null };
    notes: { code: string; text: string }[];
    warnings: { code: string; text: string }[];
  }[];
  notes: { code: string; text: string }[];
}

async function run(args: string[]): Promise<{ code: number; out: Out | null; err: string[] }> {
  const io = testIo();
  const code = await capacityCommand.run(args, io);
  return { code, out: io.stdout.length > 0 ? (JSON.parse(io.stdout.join('\n')) as Out) : null, err: io.stderr };
}

describe('cli capacity', () => {
  it('one series per engine of the sweep, each with its operating point at the SLO', async () => {
    // vLLM rows: rate 20 has TTFT p99 233.3 ms, TPOT p99 33.53 ms (both met), rate 30 has 1423.9 / 128.09.
    // SGLang rows: rate 20 has 244.7 / 47.41 (met), rate 30 has 1875.4 / 147.46.
    const { code, out } = await run([SWEEP, '--slo', 'ttft-p99=500,tpot-p99=50']);
    expect(code).toBe(0);
    const rows = (out?.series ?? []).map((s) => [
      s.key.split('|')[1],
      s.kind,
      s.points.length,
      s.chosen?.at,
      Math.round((s.chosen?.outputTokensPerS ?? 0) * 10) / 10,
      s.chosen?.binding.id,
    ]);
    expect(rows).toEqual([
      ['vllm', 'measured', 6, 'request rate 20/s', 1922.0, 'tpot-p99'],
      ['sgl', 'measured', 6, 'request rate 20/s', 1924.3, 'tpot-p99'],
    ]);
  });

  it('none qualifies: chosen is null and the reason names the nearest point and the failing limit', async () => {
    // vLLM rate 1 has the lowest TTFT p99, 54.8 ms; SGLang rate 10 has 139.6 ms (its rate 1 has 628.9).
    const { out } = await run([SWEEP, '--slo', 'ttft-p99=40']);
    expect(out?.series[0]?.chosen).toBeNull();
    expect(out?.series[0]?.reason).toBe('no measured point meets the SLO; the nearest, request rate 1/s, fails ttft-p99 54.8 ms (limit 40 ms)');
    expect(out?.series[1]?.reason).toBe('no measured point meets the SLO; the nearest, request rate 10/s, fails ttft-p99 139.6 ms (limit 40 ms)');
  });

  it('other request lengths: refused without a prefill rate, adjusted with one (factor shown)', async () => {
    const refused = await run([SWEEP, '--slo', 'ttft-p99=500', '--isl', '8000', '--osl', '100']);
    expect(refused.out?.series[0]?.chosen).toBeNull();
    expect(refused.out?.series[0]?.reason).toContain('measured at 1000/100 tokens in/out, not 8000/100');
    // vLLM rate 20: 1921.97 output tok/s at 1000/100 → 100 / 1921.97 = 52.03 ms per request; with
    // P = 100,000 tok/s prefill is 10 ms, decode 42.03 ms / 100 tokens. At 8000/100: 80 + 42.03 ms
    // = 122.03 ms → 100 / 0.12203 = 819.5 tok/s.
    const adjusted = await run([SWEEP, '--slo', 'ttft-p99=500', '--isl', '8000', '--osl', '100', '--prefill', '100000']);
    const s = adjusted.out?.series[0];
    expect(s?.lengths?.kind).toBe('adjusted');
    expect(s?.chosen?.adjustedOutputTokensPerS).toBeCloseTo(819.5, 0);
  });

  it('inference-perf stages: the summary is kept out and said so; the output lengths are read, so 10× longer prompts are refused', async () => {
    // Stages: prompt_len.mean 204.1, output_len.mean 62.37 per request (request-weighted over the
    // 7 stages); the workload sends 2041 / 62: 10× the prompt, beyond ±10 %, no prefill rate.
    const { code, out } = await run([...KUBECON, KUBECON_SUMMARY, '--isl', '2041', '--osl', '62']);
    expect(code).toBe(0);
    expect(out?.series).toHaveLength(1);
    const s = out?.series[0];
    expect(s?.points.map((p) => p.load)).toEqual([1, 31.4, 61.79, 92.19, 122.59, 152.98, 183.38]);
    expect(s?.config).toMatchObject({ inputTokens: 204.1, outputTokens: 62.37 });
    expect(s?.chosen).toBeNull();
    expect(s?.reason).toBe('measured at 204/62 tokens in/out, not 2041/62; give the prefill rate (--prefill) to adjust');
    expect(s?.notes.map((n) => ({ code: n.code, text: n.text }))).toEqual([
      {
        code: 'aggregate-kept-out',
        text: "kubecon_vllm_summary_lifecycle_metrics.json is inference-perf's aggregate of all stages (38717 requests; the stages beside it: 38717): kept out of the series",
      },
    ]);
    expect(out?.notes).toEqual([]);
  });

  it('an interpolated point says between which loads; a cliff refuses it with the reason', async () => {
    // vLLM rows: TTFT p99 233.3 ms at rate 20, 1423.9 at 30, 16817.6 at 35.
    const { out } = await run([SWEEP, '--slo', 'ttft-p99=500', '--interpolate']);
    expect(out?.series[0]?.chosen?.at).toBe('request rate 22.24/s, interpolated between request rate 20/s and 30/s');
    const cliff = await run([SWEEP, '--slo', 'ttft-p99=3000', '--interpolate']);
    expect(cliff.out?.series[0]?.chosen?.at).toBe('request rate 30/s');
    expect(cliff.out?.series[0]?.warnings.map((w) => ({ code: w.code, text: w.text }))).toContainEqual({
      code: 'interpolation-refused',
      text: 'not interpolated towards request rate 35/s: ttft-p99 16817.6 ms (limit 3000 ms) is more than 5× its limit, past a saturation cliff',
    });
  });

  it('files are named below the folder they share, so two deployments keep their folders', () => {
    expect(namesBelowCommonFolder(['runs/vllm/results/stage_0.json', 'runs/vllm+eagle/results/stage_0.json'])).toEqual([
      'vllm/results/stage_0.json',
      'vllm+eagle/results/stage_0.json',
    ]);
    expect(namesBelowCommonFolder(['/tmp/a/x.json', '/tmp/a/y.json'])).toEqual(['x.json', 'y.json']);
    expect(namesBelowCommonFolder(['x.json'])).toEqual(['x.json']);
  });

  it('usage errors: a bad limit, an unknown library entry, --isl without --osl', async () => {
    const bad = await run([SWEEP, '--slo', 'ttft-p97=100']);
    expect(bad.code).toBe(2);
    expect(bad.err[0]).toContain('ttft-p97');
    const lib = await run(['--library', 'no-such-entry']);
    expect(lib.code).toBe(2);
    expect(lib.err[0]).toContain('no entry "no-such-entry"');
    expect((await run([SWEEP, '--isl', '1000'])).code).toBe(2);
    expect((await run([])).code).toBe(2);
  });
});
