import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync, zlibSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { inThreadParts } from '../../testing/in-thread-parts';
import { platformHost } from '../../platform/host';
import { importFile } from './importer';
import { sniffMode } from './import-sniff';
import { type FileImport } from './import-contract';
import { memorySource } from './memory-source';
import { jsonlToParquet } from '../../../scripts/make-fixtures-packed';

/**
 * A reading in parts (one per thread) gives what a reading in one piece gives, bit for bit, for
 * every file in the repository's fixture folders: as it is (parts begin at 4 MiB bounds, so a
 * small file stays in one piece whatever the threads), and, for each file of one JSON value per
 * line, a copy repeated past 9 MiB, read in three parts. The generated 1,000,000-line log is
 * checked the same way by `npm run bench -- import` (too slow for a unit test).
 */
const ROOT = resolve(process.cwd(), 'fixtures');
const MiB = 1024 * 1024;
const host = platformHost();

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function whole(name: string, bytes: Uint8Array): Promise<FileImport> {
  return importFile(memorySource(name, bytes), host);
}

async function inParts(name: string, bytes: Uint8Array, helpers: number): Promise<{ result: FileImport; started: number }> {
  const parts = inThreadParts(host, name, bytes, helpers);
  const result = await importFile(memorySource(name, bytes), { ...host, parts }, { splitMinBytes: 1 });
  return { result, started: parts.started };
}

/** The file repeated (a newline between copies) until it is past `min` bytes. */
function repeated(bytes: Uint8Array, min: number): Uint8Array {
  const one = bytes[bytes.length - 1] === 10 ? bytes : new Uint8Array([...bytes, 10]);
  const copies = Math.ceil(min / one.length);
  const out = new Uint8Array(copies * one.length);
  for (let k = 0; k < copies; k++) out.set(one, k * one.length);
  return out;
}

const all = files(ROOT).sort();
/** Fixtures whose repeated copy was read in parts. */
const readInParts: string[] = [];

describe('a reading in parts equals a reading in one piece', () => {
  afterAll(() => {
    // The per-request logs of both fixture folders (bench/api-usage, usage/): a check that the split ran at all.
    expect(readInParts.length).toBeGreaterThanOrEqual(2);
  });

  it('covers every fixture folder', () => {
    const folders = new Set(all.map((f) => relative(ROOT, f).split('/')[0]));
    expect([...folders].sort()).toEqual(
      readdirSync(ROOT)
        .filter((d) => statSync(join(ROOT, d)).isDirectory())
        .sort(),
    );
    expect(all.length).toBeGreaterThan(80);
  });

  for (const path of all) {
    const name = relative(ROOT, path);
    it(name, async () => {
      const bytes = new Uint8Array(readFileSync(path));
      const one = await whole(name, bytes);
      const split = await inParts(name, bytes, 3);
      // A gzip request log: this thread unpacks, a helper parses (the fed part); anything else this small stays in one piece.
      const gzipLog = bytes[0] === 0x1f && bytes[1] === 0x8b && one.format === 'request-log';
      expect(split.result.threads).toBe(gzipLog ? 2 : 1);
      expect({ ...split.result, threads: 1 }).toEqual(one);
      const head = new TextDecoder().decode(bytes.subarray(0, 64 * 1024));
      if (sniffMode(head).mode !== 'lines') return;
      const big = repeated(bytes, 9 * MiB);
      const oneBig = await whole(name, big);
      const splitBig = await inParts(name, big, 2);
      // Request logs are read in parts; other line formats keep their parser in one piece.
      if (oneBig.format === 'request-log') {
        expect(splitBig.started).toBe(2);
        expect(splitBig.result.threads).toBe(3);
        readInParts.push(name);
      } else expect(splitBig.result.threads).toBe(1);
      expect({ ...splitBig.result, threads: oneBig.threads }).toEqual(oneBig);
    });
  }
});

describe('a helper slower than the importing thread', () => {
  it('ends its part sooner and the importing thread reads the rest, to what one piece gives', async () => {
    const name = 'bench/api-usage/SYNTHETIC_per_request_log.jsonl';
    const big = repeated(new Uint8Array(readFileSync(join(ROOT, name))), 24 * MiB);
    const one = await whole(name, big);
    const parts = inThreadParts(host, name, big, 1, [], 4);
    const result = await importFile(memorySource(name, big), { ...host, parts }, { splitMinBytes: 1 });
    // This thread read its half while the helper read a quarter: the helper was asked to end sooner.
    expect(parts.shortened).toBe(1);
    expect(result.threads).toBe(2);
    expect({ ...result, threads: one.threads }).toEqual(one);
  });
});

describe('a helper asked to end sooner while a read is on its way', () => {
  // The helper reads [12, 24) MiB; its read at `at` MiB waits until it is asked to end sooner (at
  // 12 MiB its first). Asked to end at byte 0 ("as soon as you can"), it must end at the first
  // hash-block bound past the bytes it has asked for, not only past those it has: at 12 or 16 MiB,
  // bounds, the read on its way is [at, at + 1) MiB, and ending at `at` would read that mebibyte
  // twice, once more in the rest the importing thread reads (a line joined, lines counted twice).
  const name = 'bench/api-usage/SYNTHETIC_per_request_log.jsonl';
  const big = repeated(new Uint8Array(readFileSync(join(ROOT, name))), 24 * MiB);
  let one: FileImport;
  const cases: [number, string, (asked: number) => number][] = [
    [12, 'at once', () => 0],
    [14, 'where the importing thread asks', (asked) => asked],
    [16, 'at once', () => 0],
  ];
  for (const [at, label, to] of cases) {
    it(`held at ${at} MiB, asked to end ${label}: what one piece gives`, async () => {
      one ??= await whole(name, big);
      const parts = inThreadParts(host, name, big, 1, [], 0, { at: at * MiB, to });
      // The importing thread's last read of its own half waits until the helper's read is held.
      const source = memorySource(name, big);
      const read = source.read.bind(source);
      source.read = async (offset, length) => {
        if (offset + length >= 12 * MiB) await parts.reached;
        return read(offset, length);
      };
      const result = await importFile(source, { ...host, parts }, { splitMinBytes: 1 });
      expect(parts.heldAsks).toBe(1);
      expect(result.threads).toBe(2);
      expect({ ...result, threads: one.threads }).toEqual(one);
    });
  }
});

describe('a helper hands its tables over a block at a time, as they fill', () => {
  it('to what one piece gives, every row in its place', async () => {
    // One model, a different TTFT on every line: 24 MiB, the helper's part from 12 MiB on (about 98,000 rows, past one block of 65,536).
    const lines: string[] = [];
    for (let i = 0, bytes = 0; bytes < 24 * MiB; i++) {
      const l = `{"ts":"2026-01-15T10:00:00.123Z","model":"m","status":"ok","ttft_ms":${i / 8},"duration_ms":${2310 + i},"in_tok":1200,"out_tok":180}\n`;
      lines.push(l);
      bytes += l.length;
    }
    const big = new TextEncoder().encode(lines.join(''));
    const one = await whole('one-model.jsonl', big);
    const parts = inThreadParts(host, 'one-model.jsonl', big, 1);
    const split = await importFile(memorySource('one-model.jsonl', big), { ...host, parts }, { splitMinBytes: 1 });
    expect(split.threads).toBe(2);
    expect(parts.sentBlocks).toBeGreaterThanOrEqual(1);
    expect({ ...split, threads: 1 }).toEqual(one);
    expect(one.tables[0]?.table.ttftMs[lines.length - 1]).toBe((lines.length - 1) / 8);
  });
});

describe('a compressed log: this thread unpacks and hashes, a helper parses what follows the first chunk', () => {
  // The fixture log repeated past 3 MiB, with a line of multi-byte characters in every copy, so
  // that 64 KiB chunks cut lines and characters at many places.
  const text = new TextDecoder().decode(readFileSync(join(ROOT, 'bench/api-usage/SYNTHETIC_per_request_log.jsonl')));
  const line = '{"ts":"2026-01-15T10:00:00Z","model":"modèle-ü-模型","status":"ok","ttft_ms":210.5,"duration_ms":1800.25,"in_tok":1200,"out_tok":300}\n';
  const plain = repeated(new TextEncoder().encode(`${text.trimEnd()}\n${line}{"ts": broken\n`), 3 * MiB);
  const clean = repeated(new TextEncoder().encode(`${text.trimEnd()}\n${line}`), 3 * MiB);
  const read = async (name: string, bytes: Uint8Array, withParts: boolean, cancelAfterRows = Number.POSITIVE_INFINITY) => {
    const parts = inThreadParts(host, name, bytes, 1);
    let rows = 0;
    const result = await importFile(
      memorySource(name, bytes),
      {
        ...host,
        ...(withParts ? { parts } : {}),
        progress: (p) => void (rows = p.rows),
        cancelled: () => rows >= cancelAfterRows,
      },
      { splitMinBytes: 1, chunkBytes: 64 * 1024, progressIntervalMs: 0 },
    );
    return { result, fed: parts.fed, cancelled: parts.cancelled };
  };

  it.each([
    ['gzip', 'log.jsonl.gz', gzipSync(plain)],
    ['zlib', 'log.jsonl.zz', zlibSync(plain)],
  ])('%s: the same runs, rows, issues and hash as in one piece', async (_kind, name, packed) => {
    const one = await read(name, packed, false);
    const fed = await read(name, packed, true);
    expect(one.result.status).toBe('partial'); // the broken line of every copy is skipped
    expect(one.result.rows.skipped).toBeGreaterThan(10);
    expect(fed.result.threads).toBe(2);
    expect(fed.fed).toBeGreaterThan(30); // about 3 MiB in 64 KiB batches
    expect({ ...fed.result, threads: 1 }).toEqual(one.result);
    // The same content as plain text: the hash is of the unpacked bytes.
    expect(fed.result.file.hash).toBe((await whole('log.jsonl', plain)).file.hash);
  });

  it('a stream cut off: the rows before the cut, the cut line and the damage logged in the order of a reading in one piece', async () => {
    const packed = gzipSync(clean);
    const cut = packed.subarray(0, Math.floor(packed.length * 0.6));
    const one = await read('cut.jsonl.gz', cut, false);
    const fed = await read('cut.jsonl.gz', cut, true);
    expect(one.result.status).toBe('partial');
    // The damage, then the cut line (the only row skipped), numbered after every line before it.
    expect(one.result.issues.map((i) => i.code)).toEqual(['packed-damaged', 'row-invalid-json']);
    expect(one.result.rows.skippedSamples.map((r) => r.line)).toEqual([one.result.rows.read]);
    expect(one.result.rows.read).toBeGreaterThan(10_000);
    expect(fed.result.threads).toBe(2);
    expect({ ...fed.result, threads: 1 }).toEqual(one.result);
  });

  it('Cancel stops the helper too', async () => {
    const fed = await read('log.jsonl.gz', gzipSync(plain), true, 2000);
    expect(fed.result.status).toBe('cancelled');
    expect(fed.cancelled).toEqual([0]);
  });
});

describe('a Parquet log: row groups after the first are read by helpers, appended in file order', () => {
  const text = new TextDecoder().decode(readFileSync(join(ROOT, 'bench/api-usage/SYNTHETIC_per_request_log.jsonl')));
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  // 2,000 rows in groups of 100 (a broken row every so often: a negative token count is skipped with its row number).
  const rows = Array.from({ length: 2000 }, (_, i) =>
    i % 397 === 5 ? (lines[0] as string).replace(/"in_tok":\d+/, '"in_tok":-1') : (lines[i % lines.length] as string),
  );
  const parquet = jsonlToParquet(rows.join('\n'), 100);
  const read = async (bytes: Uint8Array, helpers: number, cancelAfterRows = Number.POSITIVE_INFINITY) => {
    const parts = inThreadParts(host, 'log.parquet', bytes, helpers);
    let seen = 0;
    const result = await importFile(
      memorySource('log.parquet', bytes),
      { ...host, ...(helpers > 0 ? { parts } : {}), progress: (p) => void (seen = p.rows), cancelled: () => seen >= cancelAfterRows },
      { splitMinBytes: 1, progressIntervalMs: 0 },
    );
    return { result, started: parts.started, cancelled: parts.cancelled };
  };

  it('the same runs, rows, skipped rows (numbered as in the file) and hash as in one piece', async () => {
    const one = await read(parquet, 0);
    expect(one.result.rows.read).toBe(2000);
    expect(one.result.rows.skippedSamples.map((r) => r.line)).toEqual([6, 403, 800, 1197, 1594, 1991]);
    const split = await read(parquet, 2);
    expect(split.started).toBe(2);
    expect(split.result.threads).toBe(3);
    expect({ ...split.result, threads: 1 }).toEqual(one.result);
  });

  it('a damaged row group: the same rows before it and the same message', async () => {
    const damaged = parquet.slice();
    // Bytes in the middle of the file (a later row group's pages), not the footer.
    for (let i = Math.floor(damaged.length * 0.6); i < Math.floor(damaged.length * 0.6) + 64; i++) damaged[i] = 0xff;
    const one = await read(damaged, 0);
    const split = await read(damaged, 2);
    expect(one.result.status).toBe('failed');
    expect(one.result.issues.map((i) => i.code)).toContain('parquet-invalid');
    expect({ ...split.result, threads: 1 }).toEqual(one.result);
  });

  it('Cancel stops the helpers too', async () => {
    const split = await read(parquet, 2, 150);
    expect(split.result.status).toBe('cancelled');
    expect(split.cancelled.length).toBeGreaterThan(0);
  });
});
