import { mkdtempSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importFile } from '../core/benchmarks/importer';
import { platformHost } from '../platform/host';
import { fileSource } from './files';
import { PartPool } from '../worker/part-pool';
import { partThread } from './import-parts';

/**
 * The CLI's worker threads read the later parts of a large log: the state they send back
 * (typed arrays transferred, issues, counts) gives the figures a reading in one piece gives.
 */
describe('worker threads for a large log', () => {
  it('read the second part of an 18 MB log; rows, skipped line and hash as in one piece', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-parts-'));
    const path = join(dir, 'log.jsonl');
    const ok = (i: number) =>
      `{"ts":"2026-01-15T10:${String(Math.floor(i / 6000) % 60).padStart(2, '0')}:00.000Z","model":"${i % 3 === 0 ? 'a' : 'b'}","status":"ok","ttft_ms":${100 + (i % 700)},"duration_ms":3000,"in_tok":100,"out_tok":${1 + (i % 90)}}`;
    const lines: string[] = [];
    // 150,000 rows of ~120 bytes; line 120,000 (in the second part) is not JSON.
    for (let i = 1; i <= 150_000; i++) lines.push(i === 120_000 ? '{"ts": nope' : ok(i));
    writeFileSync(path, `${lines.join('\n')}\n`);
    // One helper thread, whatever the machine's cores.
    const pool = new PartPool(partThread, 1, (timer) => timer.unref());
    const read = async (threads: boolean) => {
      const handle = await open(path, 'r');
      const { size } = await handle.stat();
      try {
        return await importFile(fileSource(path, size, handle), { ...platformHost(), ...(threads ? { parts: pool.forFile(path, 'log.jsonl') } : {}) });
      } finally {
        await handle.close();
      }
    };
    const split = await read(true);
    const one = await read(false);
    expect(split.threads).toBe(2);
    expect(split.rows.skippedSamples).toEqual([{ line: 120_000, code: 'row-invalid-json', field: null }]);
    // Every third row is model "a": 50,000 of 150,000; the skipped line 120,000 was one of them.
    expect(split.runs.map((r) => [r.model, r.requests?.ok])).toEqual([
      ['b', 100_000],
      ['a', 49_999],
    ]);
    expect(split.file.hash).toBe(one.file.hash);
    expect(split.tables).toEqual(one.tables);
    expect(split.issues).toEqual(one.issues);
  }, 60_000);
});
