import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { inThreadParts } from '../../testing/in-thread-parts';
import { HASH_BLOCK_BYTES, type FileImport, type ImportParts } from './import-contract';
import { importFile } from './importer';
import { partBounds } from './import-stream';
import { memorySource } from './memory-source';

/**
 * A large JSON Lines file read in parts (one per helper thread) must give what a reading in one
 * piece gives: the same rows in the same order, the same issues at the same line numbers, the
 * same hash. The parts run here in one thread, interleaved at their reads.
 */
const enc = new TextEncoder();
const MiB = 1024 * 1024;

/** How a part boundary meets the text. */
type Cut = 'mid-line' | 'line-end' | 'crlf' | 'utf8' | 'bad-json';

interface Built {
  bytes: Uint8Array;
  /** Line numbers of the lines that are not JSON, and of the blank ones. */
  badLines: number[];
  /** Rows per model, counted while writing. */
  rows: Map<string, number>;
  failed: number;
}

/** A request log with the given cuts at 4 MiB, 8 MiB, …; two models, failures, bad and blank lines. */
function build(cuts: Cut[], tailBytes = cuts.length > 1 ? 1.5 * MiB : 200_000): Built {
  const parts: Uint8Array[] = [];
  let length = 0;
  let lineNo = 0;
  const badLines: number[] = [];
  const rows = new Map<string, number>();
  let failed = 0;
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const add = (s: string) => {
    const b = enc.encode(s);
    parts.push(b);
    length += b.length;
    lineNo += (s.match(/\n/g) ?? []).length;
  };
  const row = (extra = '', end = '\n') => {
    const model = rand() < 0.6 ? 'kimi-k2' : 'glm-4.6-ü';
    const ts = new Date(Date.UTC(2026, 0, 15, 10) + lineNo * 40).toISOString();
    if (rand() < 0.02) {
      failed += 1;
      rows.set(model, (rows.get(model) ?? 0) + 1);
      return `{"ts":"${ts}","model":"${model}","status":"error","http_status":429,"ttft_ms":null,"duration_ms":30.5,"in_tok":100,"out_tok":0${extra}}${end}`;
    }
    rows.set(model, (rows.get(model) ?? 0) + 1);
    const ttft = (100 + Math.floor(rand() * 9000) / 10).toFixed(1);
    return `{"ts":"${ts}","model":"${model}","status":"ok","ttft_ms":${ttft},"duration_ms":${(Number(ttft) + 2000).toFixed(1)},"in_tok":${200 + Math.floor(rand() * 3000)},"out_tok":${20 + Math.floor(rand() * 700)},"cost_usd":0.0012345${extra}}${end}`;
  };
  const normal = () => {
    const r = rand();
    if (r < 0.001) {
      badLines.push(lineNo + 1);
      add('{"ts": "2026-01-15T10:00:00Z", "model": oops}\n');
    } else if (r < 0.002) {
      badLines.push(lineNo + 1);
      add('\n');
    } else add(row());
  };
  for (const [k, cut] of cuts.entries()) {
    const at = (k + 1) * 4 * MiB;
    while (length < at - 400) normal();
    const room = at - length;
    // A line padded by a "note" so that the boundary falls where the case wants it.
    const padded = (bytesBefore: number, tail: string) => {
      const probe = row(',"note":"', '');
      const head = enc.encode(probe).length;
      return `${probe}${'x'.repeat(bytesBefore - head)}${tail}`;
    };
    if (cut === 'line-end') add(`${padded(room - 3, '"}')}\n`);
    else if (cut === 'mid-line') add(`${padded(room - 20, `${'y'.repeat(40)}"}`)}\n`);
    else if (cut === 'crlf') add(`${padded(room - 3, '"}')}\r\n`);
    else if (cut === 'utf8') add(`${padded(room - 1, '€€"}')}\n`);
    else {
      badLines.push(lineNo + 1);
      add(`{"ts":"2026-01-15T10:00:00Z","model":${'z'.repeat(room + 10)}}\n`);
    }
  }
  const end = length + tailBytes;
  while (length < end) normal();
  add(row('', '')); // the last line has no newline
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return { bytes, badLines, rows, failed };
}

const host = platformHost();

/** Helpers that run in this thread; `fail` makes the given part's helper fail (as a thread that cannot start). */
function inThread(bytes: Uint8Array, helpers: number, fail: number[] = []) {
  return inThreadParts(host, 'log.jsonl', bytes, helpers, fail);
}

function whole(bytes: Uint8Array): Promise<FileImport> {
  return importFile(memorySource('log.jsonl', bytes), host);
}

function inParts(bytes: Uint8Array, parts: ImportParts): Promise<FileImport> {
  return importFile(memorySource('log.jsonl', bytes), { ...host, parts }, { splitMinBytes: 1 });
}

/** The hash as importer.ts documents it, computed here with node:crypto. */
function blockHash(bytes: Uint8Array): string {
  const digests: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += HASH_BLOCK_BYTES)
    digests.push(
      createHash('sha256')
        .update(bytes.subarray(at, at + HASH_BLOCK_BYTES))
        .digest(),
    );
  return createHash('sha256').update(Buffer.concat(digests)).digest('hex');
}

describe('part bounds', () => {
  it('are multiples of the hash block, past what was read, inside the file', () => {
    expect(partBounds(150 * MiB, 2, MiB)).toEqual([76 * MiB]);
    expect(partBounds(150 * MiB, 3, MiB)).toEqual([52 * MiB, 100 * MiB]);
    // 9 MiB in two parts: the middle rounds to 4 MiB; 3 MiB read already leaves no bound before the end.
    expect(partBounds(9 * MiB, 2, MiB)).toEqual([4 * MiB]);
    expect(partBounds(5 * MiB, 2, 4.5 * MiB)).toEqual([]);
  });
});

describe('a large JSON Lines file read in parts', () => {
  const cases: Cut[][] = [['mid-line'], ['line-end'], ['crlf'], ['utf8'], ['bad-json'], ['mid-line', 'utf8'], ['crlf', 'line-end']];
  for (const cuts of cases) {
    it(`gives what one reading gives when the bounds fall ${cuts.join(', ')}`, async () => {
      const built = build(cuts);
      const parts = inThread(built.bytes, cuts.length);
      const split = await inParts(built.bytes, parts);
      expect(parts.started).toBe(cuts.length);
      const one = await whole(built.bytes);
      expect(split.threads).toBe(cuts.length + 1);
      expect({ ...split, threads: 1 }).toEqual(one);
      // Figures known from writing the file, not from either reading.
      expect(split.file.hash).toBe(blockHash(built.bytes));
      const rows = [...built.rows.values()].reduce((a, b) => a + b, 0);
      const skippedLines = split.rows.skippedSamples.map((s) => s.line);
      const blank = built.badLines.filter((l) => !skippedLines.includes(l));
      expect(split.runs.map((r) => [r.model, r.requests?.total])).toEqual([...built.rows.entries()]);
      expect(split.runs.reduce((a, r) => a + (r.requests?.failed ?? 0), 0)).toBe(built.failed);
      expect(split.rows.read).toBe(rows + skippedLines.length);
      expect([...skippedLines, ...blank].sort((a, b) => a - b)).toEqual(built.badLines);
      expect(skippedLines.length).toBeGreaterThan(0);
      expect(split.tables.reduce((a, t) => a + t.table.count, 0)).toBe(rows);
    });
  }

  it('reads a part itself when its helper fails, with the same result', async () => {
    const built = build(['mid-line', 'crlf']);
    const reports: number[] = [];
    const split = await importFile(
      memorySource('log.jsonl', built.bytes),
      { ...host, parts: inThread(built.bytes, 2, [1]), progress: (p) => void reports.push(p.bytesRead) },
      { splitMinBytes: 1, progressIntervalMs: 0 },
    );
    // The failed helper's part, [8 MiB, end), is read here with progress of its own.
    expect(reports.some((b) => b > 8 * MiB && b < built.bytes.length)).toBe(true);
    expect(split.status).toBe('partial'); // the bad lines
    expect(split.threads).toBe(2); // this thread and the helper that worked
    expect({ ...split, threads: 1 }).toEqual(await whole(built.bytes));
  });

  it('stops every part when cancelled', async () => {
    const built = build(['mid-line', 'crlf'], 3 * MiB);
    let reports = 0;
    const parts = inThread(built.bytes, 2);
    const r = await importFile(
      memorySource('log.jsonl', built.bytes),
      { ...host, parts, progress: () => void (reports += 1), cancelled: () => reports > 3 },
      { splitMinBytes: 1, progressIntervalMs: 0 },
    );
    expect(r.status).toBe('cancelled');
    expect(r.runs).toEqual([]);
    expect([...new Set(parts.cancelled)].sort()).toEqual([0, 1]);
  });

  it('keeps a small file in one piece and other formats unsplit', async () => {
    const built = build(['mid-line']);
    const parts = inThread(built.bytes, 1);
    await importFile(memorySource('log.jsonl', built.bytes), { ...host, parts });
    expect(parts.started).toBe(0);
  });
});
