import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { testIo } from '../cli-test-io';
import { capacityCommand } from './capacity';

const SWEEP = join(BENCH_FIXTURES, 'vllm/nerdalert_benchmark_serving_append_results.json');

interface Out {
  series: {
    key: string;
    label: string;
    kind: string;
    points: { load: number | null }[];
    chosen: { load: number | null; at: string; outputTokensPerS: number; binding: { id: string }; adjustedOutputTokensPerS: number | null } | null;
    reason: string | null;
    lengths: { kind: string; factor?: number } | null;
  }[];
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
    const rows = (out?.series ?? []).map((s) => [s.key.split('|')[1], s.kind, s.points.length, s.chosen?.at, Math.round((s.chosen?.outputTokensPerS ?? 0) * 10) / 10, s.chosen?.binding.id]);
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
