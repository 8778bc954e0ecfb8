import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testIo } from '../../testing/cli-test-io';
import { importCommand } from './import';

const ROOT = BENCH_FIXTURES;
const dir = mkdtempSync(join(tmpdir(), 'cli-import-'));

interface Out {
  files: {
    status: string;
    format: string | null;
    mergedInto: string | null;
    runs: { requests: { ok: number | null; failed: number | null }; metrics: { ttft?: { mean: number | null } } }[];
    requests?: Record<string, { count: number; ttftMs: (number | null)[] }>;
  }[];
}

describe('cli import', () => {
  it('prints the normalised runs and merges llmperf companions', async () => {
    const io = testIo();
    const code = await importCommand.run(
      [join(ROOT, 'llmperf/leaderboard_bedrock_13b_summary.json'), join(ROOT, 'llmperf/leaderboard_bedrock_13b_individual_responses.json'), '--per-request'],
      io,
    );
    expect(code).toBe(0);
    const out = JSON.parse(io.stdout.join('\n')) as Out;
    expect(out.files.map((f) => f.format)).toEqual(['llmperf-summary', 'llmperf-individual']);
    expect(out.files[1]?.mergedInto).toBe('leaderboard_bedrock_13b_summary.json');
    expect(out.files[0]?.runs[0]?.requests).toMatchObject({ ok: 53, failed: 97 });
    // results_ttft_s_mean 0.3308843597923493 s.
    expect(out.files[0]?.runs[0]?.metrics.ttft?.mean).toBeCloseTo(330.8843597923493, 9);
    const requests = Object.values(out.files[0]?.requests ?? {})[0];
    expect(requests?.count).toBe(150);
    // Failed rows are zero-filled in the file; they are missing (null) here, not 0 ms.
    expect(requests?.ttftMs.filter((v) => v === null)).toHaveLength(97);
  });

  it('names the file and the problem on stderr and exits 1', async () => {
    const io = testIo();
    const p = join(dir, 'broken.json');
    writeFileSync(p, '{"model_id": "m", "request_throughput": 1, "completed": 3, "median_ttft_ms": 12.5, "mean_ttft_ms": ');
    expect(await importCommand.run([p], io)).toBe(0);
    expect(io.stderr[0]).toMatch(/^broken\.json: line 1: the file ends in the middle of the data/);
    const garbage = join(dir, 'garbage.json');
    writeFileSync(garbage, '{"nothing": "here"}');
    const io2 = testIo();
    expect(await importCommand.run([garbage], io2)).toBe(1);
    expect(io2.stderr[0]).toBe('garbage.json: line 1: the content matches none of the supported result formats (keys: nothing)');
  });

  it('rejects a mapping that is not valid', async () => {
    const io = testIo();
    const m = join(dir, 'mapping.json');
    writeFileSync(m, JSON.stringify({ delimiter: ',', ttft: null, e2el: null }));
    expect(await importCommand.run([join(dir, 'x.csv'), '--mapping', m], io)).toBe(2);
    expect(io.stderr[0]).toContain('mapping.json');
  });
});
