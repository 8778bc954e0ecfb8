import { createReadStream, createWriteStream, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { CHUNK_BYTES, type FileImport } from '../../src/core/benchmarks/import-contract';
import { importFile } from '../../src/core/benchmarks/importer';
import { nodeParts } from '../../src/cli/import-parts';
import { PackedReader } from '../../src/core/text/packed';
import { platformHost, unpack } from '../../src/platform/host';
import { jsonlToParquet } from '../../scripts/make-fixtures-packed';
import { DATA_DIR, ensureJsonl } from '../generate-jsonl';
import { median, type BenchRow, type BenchSuite } from '../types';
import { cancelAtByte, collect, fileSource, parseLines } from './import';

/**
 * The request log in the forms teams store it (src/core/text/packed.ts, src/core/text/parquet.ts),
 * for the import suite:
 * - `.jsonl.gz` (gzip -6 of the 1,000,000-line log) against a bare loop over the same
 *   decompressed stream (the same PackedReader and decompressor, then the platform decoder and
 *   `JSON.parse` per line), the import as the product runs it (this thread unpacks and hashes, a
 *   helper thread parses): budget ≤ 1.2×;
 * - the same rows as Parquet (hyparquet-writer, Snappy, row groups of 122,880 rows as DuckDB
 *   writes them) against the JSON Lines import of the log as the product runs it (helper
 *   threads included): budget ≤ 1.0×.
 * Both files are written once to bench/data/ (git-ignored). Part of `npm run bench -- import`.
 */
export const GZ_PATH = join(DATA_DIR, 'requests-1m.jsonl.gz');
export const PARQUET_PATH = join(DATA_DIR, 'requests-1m.parquet');
/** DuckDB's default row group size (`ROW_GROUP_SIZE` of `COPY … TO … (FORMAT parquet)`). */
const PARQUET_ROW_GROUP = 122_880;
const PAIRS = 5;

/** Writes the .jsonl.gz and Parquet copies of the 1M-line log once (bench/data/). */
export async function ensureForms(jsonl: string): Promise<void> {
  if (!existsSync(GZ_PATH)) {
    process.stderr.write(`writing ${GZ_PATH} …\n`);
    await pipeline(createReadStream(jsonl), createGzip({ level: 6 }), createWriteStream(GZ_PATH));
  }
  if (!existsSync(PARQUET_PATH)) {
    process.stderr.write(`writing ${PARQUET_PATH} …\n`);
    writeFileSync(PARQUET_PATH, jsonlToParquet(readFileSync(jsonl, 'utf8'), PARQUET_ROW_GROUP));
  }
}

interface Timed {
  ms: number;
  cpuMs: number;
}

async function timed<T>(f: () => Promise<T>): Promise<Timed & { value: T }> {
  collect();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const value = await f();
  const ms = performance.now() - t0;
  const d = process.cpuUsage(c0);
  return { ms, cpuMs: (d.user + d.system) / 1000, value };
}

/** The least a streaming reader of the .gz must do: unpack, decode, split lines, JSON.parse each. */
async function bareGzLoop(): Promise<number> {
  const { source, close } = await fileSource(GZ_PATH);
  const reader = new PackedReader(source, 'gzip', unpack, CHUNK_BYTES, CHUNK_BYTES);
  const decoder = platformHost().decoder();
  let carry = '';
  let lines = 0;
  for (;;) {
    const bytes = await reader.next();
    if (bytes === null) break;
    // The generated log is ASCII: no character is cut between pieces.
    const step = parseLines(carry + decoder.decode(bytes));
    lines += step.lines;
    carry = step.carry;
  }
  await close();
  if (reader.problem) throw new Error(reader.problem.detail);
  return lines;
}

/**
 * One import of the file; its source is named requests-1m.jsonl whatever its form (the content
 * decides). With `cancelAtByte`, Cancel is pressed at that byte of the file (`cancelAtByte` of
 * the JSON Lines suite): the import cannot finish before the cancel, however fast the machine.
 */
async function importOf(
  path: string,
  name: string,
  options: { parts?: boolean; cancelAtByte?: number } = {},
): Promise<{ result: FileImport; cancelLatencyMs: number | null }> {
  const cancel = cancelAtByte(options.cancelAtByte ?? null);
  const { source, close } = await fileSource(path, cancel.hold);
  const host = {
    ...platformHost(),
    ...(options.parts ? { parts: nodeParts.forFile(path, name, source.size) } : {}),
    cancelled: cancel.cancelled,
  };
  const result = await importFile(source, host, { progressIntervalMs: 100 });
  const end = performance.now();
  await close();
  const pressed = cancel.pressedAt();
  return { result, cancelLatencyMs: pressed === null ? null : end - pressed };
}

function summary(r: FileImport): string {
  return `${r.rows.read} rows, ${r.runs.length} runs, status ${r.status}, threads ${r.threads}`;
}

async function storedFormRows(): Promise<BenchRow[]> {
  const jsonl = await ensureJsonl();
  await ensureForms(jsonl);
  const rows: BenchRow[] = [];
  const list = (xs: number[]) => xs.map((r) => r.toFixed(2)).join(', ');
  const size = (p: string) => `${(readFileSync(p).length / 1e6).toFixed(1)} MB`;

  // ---- .jsonl.gz: interleaved pairs (bare loop, import), alternating which runs first ----
  await bareGzLoop();
  await importOf(GZ_PATH, 'requests-1m.jsonl.gz', { parts: true });
  const bare: Timed[] = [];
  const gz: (Timed & { value: Awaited<ReturnType<typeof importOf>> })[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const b = async () => bare.push(await timed(bareGzLoop));
    const g = async () => gz.push(await timed(() => importOf(GZ_PATH, 'requests-1m.jsonl.gz', { parts: true })));
    if (i % 2 === 0) {
      await b();
      await g();
    } else {
      await g();
      await b();
    }
  }
  const gzWall = gz.map((g, i) => g.ms / (bare[i] as Timed).ms);
  const gzCpu = gz.map((g, i) => g.cpuMs / (bare[i] as Timed).cpuMs);
  const lastGz = (gz.at(-1) as (typeof gz)[number]).value.result;
  rows.push({
    suite: 'import',
    metric: '.jsonl.gz: bare loop over the decompressed stream',
    value: median(bare.map((b) => b.ms)),
    unit: 'ms',
    budget: null,
    direction: 'max',
    note: `median of ${PAIRS}; unpack + decode + JSON.parse per line; ${size(GZ_PATH)} gzip -6 of the 154 MB log; CPU ${median(bare.map((b) => b.cpuMs)).toFixed(0)} ms`,
  });
  rows.push({
    suite: 'import',
    metric: '.jsonl.gz: import, 1M lines (this thread unpacks, a helper parses)',
    value: median(gz.map((g) => g.ms)),
    unit: 'ms',
    budget: null,
    direction: 'max',
    note: `median of ${PAIRS}; CPU ${median(gz.map((g) => g.cpuMs)).toFixed(0)} ms; ${lastGz.threads} threads; ${summary(lastGz)}`,
  });
  rows.push({
    suite: 'import',
    metric: `.jsonl.gz: import / bare loop, wall clock (median of ${PAIRS} pairs)`,
    value: median(gzWall),
    unit: '×',
    budget: 1.2,
    direction: 'max',
    note: `pairs: ${list(gzWall)}; CPU time ${median(gzCpu).toFixed(2)}× (pairs ${list(gzCpu)})`,
  });
  const cancels: number[] = [];
  const gzBytes = statSync(GZ_PATH).size;
  for (const at of [0.2, 0.5, 0.8].map((f) => Math.round(gzBytes * f))) {
    const c = await importOf(GZ_PATH, 'requests-1m.jsonl.gz', { parts: true, cancelAtByte: at });
    if (c.result.status !== 'cancelled') throw new Error(`the .gz import was not cancelled (status ${c.result.status})`);
    cancels.push(c.cancelLatencyMs as number);
  }
  rows.push({
    suite: 'import',
    metric: '.jsonl.gz: cancel latency (worst of 3)',
    value: Math.max(...cancels),
    unit: 'ms',
    budget: 250,
    direction: 'max',
    note: cancels.map((c) => c.toFixed(0)).join(', '),
  });

  // ---- Parquet against the JSON Lines import of the same rows ----
  await importOf(PARQUET_PATH, 'requests-1m.parquet', { parts: true });
  await importOf(jsonl, 'requests-1m.jsonl', { parts: true });
  const pq: (Timed & { value: Awaited<ReturnType<typeof importOf>> })[] = [];
  const lines: Timed[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const p = async () => pq.push(await timed(() => importOf(PARQUET_PATH, 'requests-1m.parquet', { parts: true })));
    const l = async () => lines.push(await timed(() => importOf(jsonl, 'requests-1m.jsonl', { parts: true })));
    if (i % 2 === 0) {
      await l();
      await p();
    } else {
      await p();
      await l();
    }
  }
  const single: Timed[] = [];
  for (let i = 0; i < 3; i++) single.push(await timed(() => importOf(jsonl, 'requests-1m.jsonl')));
  const pqRatio = pq.map((p, i) => p.ms / (lines[i] as Timed).ms);
  const lastPq = (pq.at(-1) as (typeof pq)[number]).value.result;
  rows.push({
    suite: 'import',
    metric: 'Parquet: import, 1M rows (row groups in parts, helper threads included)',
    value: median(pq.map((p) => p.ms)),
    unit: 'ms',
    budget: null,
    direction: 'max',
    note: `median of ${PAIRS}; CPU ${median(pq.map((p) => p.cpuMs)).toFixed(0)} ms; ${size(PARQUET_PATH)}, Snappy, row groups of ${PARQUET_ROW_GROUP}; ${summary(lastPq)}`,
  });
  rows.push({
    suite: 'import',
    metric: 'Parquet: JSONL import of the same rows',
    value: median(lines.map((l) => l.ms)),
    unit: 'ms',
    budget: null,
    direction: 'max',
    note: `median of ${PAIRS}, with helper threads as the CLI and app run it; in one thread ${median(single.map((s) => s.ms)).toFixed(0)} ms (median of 3)`,
  });
  rows.push({
    suite: 'import',
    metric: `Parquet / JSONL import, wall clock (median of ${PAIRS} pairs)`,
    value: median(pqRatio),
    unit: '×',
    budget: 1,
    direction: 'max',
    note: `pairs: ${list(pqRatio)}; against the one-thread JSONL import ${(median(pq.map((p) => p.ms)) / median(single.map((s) => s.ms))).toFixed(2)}×`,
  });
  return rows;
}

export const suite: BenchSuite = { name: 'import', run: storedFormRows };
