import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { describeIssue } from './issues';
import { importFile } from './importer';
import { type FileImport } from './import-contract';
import { memorySource } from './memory-source';
import type { BenchRun } from './run-schema';

/**
 * The forms in which teams keep request logs: gzip-compressed JSON Lines and Parquet. The
 * fixtures are copies of api-usage/SYNTHETIC_per_request_log.jsonl written by
 * scripts/make-fixtures-packed.ts; each must import to the runs of the JSON Lines file.
 */
const fixture = (name: string) => new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, 'api-usage', name)));
const load = (name: string, bytes = fixture(name), host = {}) => importFile(memorySource(name, bytes), { ...platformHost(), ...host });

/** A run without what names its file (id, hash, file name): what must be equal between the forms. */
function figures(run: BenchRun): unknown {
  const { id: _id, source: _source, ...rest } = run;
  return rest;
}

/**
 * Figures of the five rows worked out by hand from the log's lines (fixtures.test.ts checks the
 * means, tokens and costs of the JSON Lines file itself).
 */
function expectLogRuns(r: FileImport): void {
  expect(r.status).toBe('ok');
  expect(r.format).toBe('request-log');
  expect(r.rows.read).toBe(5);
  expect(r.runs.map((x) => [x.model, x.requests.ok, x.requests.failed])).toEqual([
    ['gpt-4o-mini', 2, 2],
    ['o4-mini', 1, 0],
  ]);
  const mini = r.runs[0] as BenchRun;
  // TTFT of the two good rows 412.5 and 388.0 ms: median 400.25, p99 388 + 0.99 × 24.5 = 412.255.
  expect(mini.recomputed?.ttft?.median).toBe(400.25);
  expect(mini.recomputed?.ttft?.percentiles['99']).toBeCloseTo(412.255, 9);
  // Duration 2310.0 and 1985.2 ms: p90 1985.2 + 0.9 × 324.8 = 2277.52.
  expect(mini.recomputed?.e2el?.percentiles['90']).toBeCloseTo(2277.52, 9);
  // Input 1200 + 950 (ok rows), output 180 + 150; o4-mini 800 in, 2048 out.
  expect(r.runs.map((x) => x.tokens)).toEqual([
    { input: 2150, output: 330 },
    { input: 800, output: 2048 },
  ]);
}

describe('a request log as .jsonl.gz and as Parquet', () => {
  it('the JSON Lines log gives the figures of its lines', async () => {
    expectLogRuns(await load('SYNTHETIC_per_request_log.jsonl'));
  });

  it('its gzip copy gives the same runs and the same content hash', async () => {
    const plain = await load('SYNTHETIC_per_request_log.jsonl');
    const gz = await load('SYNTHETIC_per_request_log.jsonl.gz');
    expectLogRuns(gz);
    expect(gz.issues).toEqual([]);
    expect(gz.runs.map(figures)).toEqual(plain.runs.map(figures));
    // The hash is of the content: the same log packed or not is recognised as the same file.
    expect(gz.file.hash).toBe(plain.file.hash);
    expect(gz.runs.map((x) => x.id)).toEqual(plain.runs.map((x) => x.id));
    expect(gz.file.size).toBe(fixture('SYNTHETIC_per_request_log.jsonl.gz').length);
  });

  it('a zlib stream is read too', async () => {
    const zz = await load('log.jsonl.zz', new Uint8Array(deflateSync(fixture('SYNTHETIC_per_request_log.jsonl'))));
    expectLogRuns(zz);
  });

  it('its Parquet copy gives the same runs', async () => {
    const plain = await load('SYNTHETIC_per_request_log.jsonl');
    const pq = await load('SYNTHETIC_per_request_log.parquet');
    expectLogRuns(pq);
    expect(pq.issues).toEqual([]);
    // Times come as epoch milliseconds instead of ISO strings: the run's window may differ in the
    // last bits of a double, every other figure is equal.
    const a = plain.runs.map(figures) as BenchRun[];
    const b = pq.runs.map(figures) as BenchRun[];
    for (let i = 0; i < a.length; i++) {
      expect(b[i]?.durationS).toBeCloseTo(a[i]?.durationS as number, 9);
      expect({ ...b[i], durationS: 0, throughput: null }).toEqual({ ...a[i], durationS: 0, throughput: null });
    }
  });
});

describe('bad compressed and Parquet files', () => {
  it('a cut-off .gz keeps the whole lines before the cut and says the file is cut off', async () => {
    const gz = fixture('SYNTHETIC_per_request_log.jsonl.gz');
    const r = await load('cut.jsonl.gz', gz.subarray(0, gz.length - 60));
    expect(r.status).toBe('partial');
    const issue = r.issues.find((i) => i.code === 'packed-damaged');
    expect(issue?.severity).toBe('error');
    expect(issue?.detail).toMatch(/^the gzip data ends before its end mark: the file \(\d+ bytes\) is cut off after \d+ bytes of content/);
    expect(describeIssue('cut.jsonl.gz', issue!)).toMatch(
      /^cut\.jsonl\.gz: the compressed data is cut off or damaged; the rows before that point were read \(the gzip data ends/,
    );
  });

  it('damaged gzip data is named as damaged', async () => {
    const gz = new Uint8Array(gzipSync(Buffer.from('{"a":1}\n'.repeat(2000))));
    gz.fill(0xff, 20, 40);
    const r = await load('bad.jsonl.gz', gz);
    expect(r.status).toBe('failed');
    expect(r.issues[0]).toMatchObject({ code: 'packed-damaged', severity: 'error' });
    expect(r.issues[0]?.detail).toMatch(/^the gzip data is damaged after 0 bytes of content/);
  });

  it('a file named .gz that is not gzip is read as it is, and the name is called out', async () => {
    const r = await load('log.jsonl.gz', fixture('SYNTHETIC_per_request_log.jsonl'));
    expectLogRuns({ ...r, status: 'ok' });
    expect(r.issues).toEqual([
      {
        severity: 'warning',
        code: 'not-packed',
        line: null,
        field: null,
        detail: 'the name ends in .gz but the content is not compressed (first bytes 7b 22 74 73, gzip starts 1f 8b); read as it is',
      },
    ]);
    const binary = await load('x.gz', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 1]));
    expect(binary.issues.map((i) => i.code)).toEqual(['not-packed', 'binary-file']);
  });

  it('gzip of a binary file is not text', async () => {
    const r = await load('x.bin.gz', new Uint8Array(gzipSync(Buffer.from([0, 1, 2, 3, 0, 0, 9]))));
    expect(r.issues).toEqual([{ severity: 'error', code: 'binary-file', line: null, field: null, detail: 'the unpacked gzip content' }]);
  });

  it('without a decompressor a gzip file is refused as before', async () => {
    const r = await load('SYNTHETIC_per_request_log.jsonl.gz', undefined, { unpack: undefined });
    expect(r.issues.map((i) => i.code)).toEqual(['gzip-file']);
  });

  it('a Parquet file without latency columns names what is missing and the columns it has', async () => {
    const bytes = new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'ts', data: ['2026-01-15T10:00:00Z'], type: 'STRING' },
          { name: 'in_tok', data: [BigInt(5)], type: 'INT64' },
        ],
      }),
    );
    const r = await load('tokens.parquet', bytes);
    expect(r.status).toBe('failed');
    expect(r.issues).toEqual([
      {
        severity: 'error',
        code: 'parquet-columns',
        line: null,
        field: null,
        detail: "no latency column (one of ttft_ms, duration_ms, latency_ms, e2e_ms, e2el_ms); the file's columns: ts, in_tok",
      },
    ]);
    expect(describeIssue('tokens.parquet', r.issues[0]!)).toBe(
      "tokens.parquet: the Parquet file lacks the columns a request log needs (no latency column (one of ttft_ms, duration_ms, latency_ms, e2e_ms, e2el_ms); the file's columns: ts, in_tok)",
    );
  });

  it('a latency column of booleans is named', async () => {
    const bytes = new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'ttft_ms', data: [true], type: 'BOOLEAN' },
          { name: 'out_tok', data: [3], type: 'INT32' },
        ],
      }),
    );
    const r = await load('flags.parquet', bytes);
    expect(r.issues[0]?.detail).toBe("column ttft_ms holds boolean values, not numbers; the file's columns: ttft_ms, out_tok");
  });

  it('gzip pages are read, brotli pages are refused by name', async () => {
    const columnData = [
      { name: 'ttft_ms', data: [100, 300], type: 'DOUBLE' as const },
      { name: 'out_tok', data: [10, 20], type: 'INT32' as const },
    ];
    const gz = new Uint8Array(parquetWriteBuffer({ columnData, codec: 'GZIP', compressors: { GZIP: (b) => new Uint8Array(gzipSync(b)) } }));
    const read = await load('gz-pages.parquet', gz);
    expect(read.status).toBe('ok');
    // TTFT 100 and 300 ms: mean 200.
    expect(read.runs[0]?.recomputed?.ttft?.mean).toBe(200);
    const br = new Uint8Array(parquetWriteBuffer({ columnData, codec: 'BROTLI', compressors: { BROTLI: (b) => new Uint8Array(brotliCompressSync(b)) } }));
    const refused = await load('br-pages.parquet', br);
    expect(refused.issues).toEqual([
      {
        severity: 'error',
        code: 'parquet-invalid',
        line: null,
        field: null,
        detail: 'its pages are compressed with BROTLI; read are UNCOMPRESSED, SNAPPY, ZSTD, GZIP',
      },
    ]);
  });

  it('a file that starts like Parquet but is not one', async () => {
    const r = await load('broken.parquet', new TextEncoder().encode('PAR1 this is not a parquet file at all'));
    expect(r.status).toBe('failed');
    expect(r.issues[0]?.code).toBe('parquet-invalid');
    expect(r.issues[0]?.detail).not.toBe('');
  });
});

describe('cancel', () => {
  it('stops a .gz read between chunks', async () => {
    const lines = readFileSync(resolve(BENCH_FIXTURES, 'api-usage', 'SYNTHETIC_per_request_log.jsonl'), 'utf8').split('\n')[0] as string;
    const gz = new Uint8Array(gzipSync(Buffer.from(`${lines}\n`.repeat(20_000))));
    let reports = 0;
    const r = await importFile(
      memorySource('big.jsonl.gz', gz),
      { ...platformHost(), progress: () => (reports += 1), cancelled: () => reports >= 3 },
      { chunkBytes: 16 * 1024, progressIntervalMs: 0 },
    );
    expect(r.status).toBe('cancelled');
    expect(r.rows.read).toBeGreaterThan(0);
    expect(r.rows.read).toBeLessThan(20_000);
  });
});
