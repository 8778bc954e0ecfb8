import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { importFile } from './importer';
import { type FileImport } from './import-contract';
import { memorySource } from './memory-source';
import { requestTableSchema } from './request-table';
import { benchRunSchema } from './run-schema';

/**
 * Truncated and mutated copies of every fixture: the importer must always settle (never throw,
 * never hang), and whatever it returns must be a valid record: every run passes the schema
 * (so no NaN or Infinity reaches the screen) and every problem is reported as an issue.
 */
const ROOT = BENCH_FIXTURES;
const FILES = readdirSync(ROOT)
  .map((d) => join(ROOT, d))
  .filter((d) => statSync(d).isDirectory())
  .flatMap((d) => readdirSync(d).map((f) => join(d, f)));

const STATUSES = new Set(['ok', 'partial', 'failed', 'needs-mapping', 'cancelled']);

function checkResult(r: FileImport): void {
  expect(STATUSES.has(r.status)).toBe(true);
  for (const run of r.runs) {
    const parsed = benchRunSchema.safeParse(run);
    if (!parsed.success) throw new Error(`invalid run: ${parsed.error.message}`);
  }
  for (const t of r.tables) expect(requestTableSchema.safeParse(t.table).success).toBe(true);
  if (r.status === 'failed') expect(r.issues.some((i) => i.severity === 'error')).toBe(true);
}

async function run(name: string, bytes: Uint8Array, chunk: number): Promise<FileImport> {
  return importFile(memorySource(name, bytes), platformHost(), { chunkBytes: chunk });
}

describe('fuzzed fixtures', () => {
  it('finds the fixture files', () => {
    // 26 files, plus the SGLang online sweep, the KubeCon demo's 16 inference-perf reports and
    // the all-failed stage, and the log's .jsonl.gz and Parquet copies (fixtures/bench/SOURCES.md).
    expect(FILES.length).toBe(26 + 1 + 16 + 1 + 2);
  });

  for (const file of FILES) {
    const name = file.slice(ROOT.length + 1);
    const bytes = new Uint8Array(readFileSync(file));

    it(`${name}: the unmodified file passes the schema`, async () => {
      checkResult(await run(name, bytes, 1 << 22));
    });

    it(`${name}: truncated copies`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: bytes.length }), fc.integer({ min: 64, max: 65536 }), async (cut, chunk) => {
          checkResult(await run(name, bytes.subarray(0, cut), chunk));
        }),
        { seed: 20261130, numRuns: 25 },
      );
    });

    it(`${name}: mutated copies`, async () => {
      const mutation = fc.record({
        at: fc.nat(),
        kind: fc.constantFrom('flip', 'delete', 'insert', 'duplicate'),
        byte: fc.constantFrom(0x22, 0x2c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2d, 0x30, 0x4e, 0x0a, 0x00, 0xff, 0x5c, 0x3a),
      });
      await fc.assert(
        fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 8 }), fc.integer({ min: 7, max: 65536 }), async (mutations, chunk) => {
          let copy = Array.from(bytes);
          for (const m of mutations) {
            const at = copy.length === 0 ? 0 : m.at % copy.length;
            if (m.kind === 'flip') copy[at] = m.byte;
            else if (m.kind === 'delete') copy.splice(at, 1 + (m.at % 40));
            else if (m.kind === 'insert') copy.splice(at, 0, m.byte);
            else copy = [...copy.slice(0, at), ...copy.slice(at, at + 200), ...copy.slice(at)];
          }
          checkResult(await run(name, Uint8Array.from(copy), chunk));
        }),
        { seed: 4242, numRuns: 20 },
      );
    });
  }
});
