import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CHUNK_BYTES, type ByteSource, type FileImport, type ImportProgress } from '../../src/core/benchmarks/import-contract';
import { importFile } from '../../src/core/benchmarks/importer';
import { utf8Boundary } from '../../src/core/benchmarks/import-stream';
import { nodeParts } from '../../src/cli/import-parts';
import { platformHost } from '../../src/platform/host';
import { isDeepStrictEqual } from 'node:util';
import { ensureJsonl, ensureJsonl10m } from '../generate-jsonl';
import { median, type BenchRow, type BenchSuite } from '../types';

/**
 * Import of a 1,000,000-line per-request JSONL (~150 MB, bench/generate-jsonl.ts) against a
 * bare line-by-line JSON.parse loop over the same file in the same runtime (issue budget:
 * ≤ 1.5×), plus the progress interval, cancel latency and peak memory of the import.
 * Node runs the same core the worker runs; bench/suites/import-browser.ts covers Chromium.
 */
export async function fileSource(
  path: string,
  beforeRead?: (offset: number) => Promise<void> | undefined,
): Promise<{ source: ByteSource; close: () => Promise<void> }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    source: {
      name: 'requests-1m.jsonl',
      size,
      read: async (offset, length) => {
        await beforeRead?.(offset);
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      },
    },
    close: () => handle.close(),
  };
}

/** What a developer would write with the whole file in memory: read it, split lines, JSON.parse each. */
function bareLoopWholeFile(path: string): { ms: number; lines: number } {
  const t0 = performance.now();
  const text = readFileSync(path, 'utf8');
  let start = 0;
  let lines = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) break;
    if (JSON.parse(text.slice(start, nl)) !== null) lines += 1;
    start = nl + 1;
  }
  return { ms: performance.now() - t0, lines };
}

/**
 * The bare loop with the importer's chunking: the same byte source read in CHUNK_BYTES pieces,
 * each decoded with the same decoder, the cut line carried into the next chunk, JSON.parse per
 * line. The least any streaming import of this file must do (a browser worker cannot hold a
 * 150 MB string per import), so the ratio against it is what the importer adds: the rows'
 * table, the statistics, the hash, progress and cancel checks.
 */
/** The bare loop with the importer's chunking (also the usage suite's baseline). */
export async function bareLoopChunked(path: string): Promise<{ ms: number; cpuMs: number; lines: number }> {
  const { source, close } = await fileSource(path);
  const decoder = platformHost().decoder();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let offset = 0;
  let carry = '';
  let lines = 0;
  while (offset < source.size) {
    const bytes = await source.read(offset, Math.min(CHUNK_BYTES, source.size - offset));
    offset += bytes.length;
    // The generated file is ASCII, so a chunk always ends on a whole character; the check is
    // kept so the loop does what the importer does.
    const cut = offset < source.size ? utf8Boundary(bytes) : bytes.length;
    if (cut !== bytes.length) throw new Error('the bench file is expected to be ASCII');
    const step = parseLines(carry + decoder.decode(bytes));
    lines += step.lines;
    carry = step.carry;
  }
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  await close();
  return { ms, cpuMs, lines };
}

/**
 * A full garbage collection before each timed run, so that no run pays for the garbage of the
 * one before (the import leaves a million-row table behind; collecting it inside the next bare
 * loop was one cause of the ratio swinging between runs).
 */
export const collect: () => void = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as unknown;
  return typeof gc === 'function' ? (gc as () => void) : () => undefined;
})();

/** CPU time of this process (all its threads) since `from`, in ms. */
function cpuSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

interface Measured {
  ms: number;
  cpuMs: number;
  /** What the figures need of the result (the result itself is dropped: five million-row tables kept alive slowed the later runs). */
  result: Pick<FileImport, 'status'> & { rowsRead: number; runs: number; fileSize: number; threads: number };
  maxProgressGapMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** Progress reports the import made. */
  reports: number;
}

/**
 * One import, as the CLI runs it: this thread reads the first part of the file and worker
 * threads (src/cli/import-parts.ts, one per further core) the others. With `cancelAt` (a byte of
 * the file), Cancel is pressed there (`cancelAtByte`): the import cannot finish before the cancel,
 * however fast or slow the machine. The latency is measured from the press. With
 * `sampleMemory`, the process's memory is sampled every 20 ms (a cost of its own, so not in the
 * timed pairs).
 */
/**
 * Cancel pressed at a known byte of the file: the first read at or past `cancelAtByte` is held
 * until Cancel has been pressed, then goes on (null: never). `hold` goes to `fileSource`,
 * `cancelled` to the import's host; `pressedAt` is the press's time.
 */
export function cancelAtByte(at: number | null): {
  hold: (offset: number) => Promise<void> | undefined;
  cancelled: () => boolean;
  pressedAt: () => number | null;
} {
  let pressedAt: number | null = null;
  return {
    hold: (offset) => {
      if (at === null || pressedAt !== null || offset < at) return undefined;
      return new Promise((resolve) =>
        setTimeout(() => {
          pressedAt = performance.now();
          resolve();
        }, 0),
      );
    },
    cancelled: () => pressedAt !== null,
    pressedAt: () => pressedAt,
  };
}

async function ourImport(path: string, cancelAt: number | null, sampleMemory = false, inParts = true): Promise<Measured & { cancelLatencyMs: number | null }> {
  const cancel = cancelAtByte(cancelAt);
  const { source, close } = await fileSource(path, cancel.hold);
  const progress: number[] = [];
  const rss0 = process.memoryUsage().rss;
  let peakRss = rss0;
  let peakHeap = 0;
  const sampler = sampleMemory
    ? setInterval(() => {
        const m = process.memoryUsage();
        peakRss = Math.max(peakRss, m.rss);
        peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
      }, 20)
    : undefined;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let reading = 0;
  const onProgress = (p: ImportProgress) => {
    progress.push(performance.now());
    if (p.bytesRead < p.totalBytes) reading += 1;
  };
  const result = await importFile(
    source,
    { ...platformHost(), ...(inParts ? { parts: nodeParts.forFile(path, source.name, source.size) } : {}), progress: onProgress, cancelled: cancel.cancelled },
    { progressIntervalMs: 100 },
  );
  const t1 = performance.now();
  const pressed = cancel.pressedAt();
  const cpuMs = cpuSince(c0);
  if (sampler) clearInterval(sampler);
  await close();
  const marks = [t0, ...progress, t1];
  let gap = 0;
  for (let i = 1; i < marks.length; i++) gap = Math.max(gap, (marks[i] as number) - (marks[i - 1] as number));
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  return {
    ms: t1 - t0,
    cpuMs,
    result: { status: result.status, rowsRead: result.rows.read, runs: result.runs.length, fileSize: result.file.size, threads: result.threads },
    maxProgressGapMs: gap,
    peakRssMb: (peakRss - rss0) / 1e6,
    peakHeapMb: peakHeap / 1e6,
    cancelLatencyMs: pressed === null ? null : t1 - pressed,
    reports: reading,
  };
}

/** One import, its whole result: in parts (worker threads) or in one piece, with the table bound given. */
async function importResult(path: string, inParts: boolean, tableRows?: number): Promise<FileImport> {
  const { source, close } = await fileSource(path);
  try {
    return await importFile(
      source,
      { ...platformHost(), ...(inParts ? { parts: nodeParts.forFile(path, source.name, source.size) } : {}) },
      tableRows === undefined ? {} : { tableRows },
    );
  } finally {
    await close();
  }
}

/**
 * The figures of a log too large to keep whole: the 1,000,000-line log read in parts equals the
 * reading in one piece (every field, bit for bit); its percentiles read from the bounded
 * summaries (the log imported as if a table kept 100,000 requests) against the exact ones of the
 * complete table; the peak memory of the 10,000,000-line log (~1.5 GB) against the
 * 1,000,000-line one, each read in this thread alone so that one isolate holds everything
 * (`process.memoryUsage()` heap used + array buffers, sampled every 20 ms); and the 10M import
 * in parts against the bare loop over the same file.
 */
async function largeLogRows(path: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  collect();
  const one = await importResult(path, false);
  collect();
  const split = await importResult(path, true);
  const same = isDeepStrictEqual({ ...split, threads: 1 }, one);
  rows.push({
    suite: 'import',
    metric: '1M lines in parts = in one piece (every field, bit for bit)',
    value: same ? 1 : 0,
    unit: '',
    budget: 1,
    direction: 'min',
    note: `read by ${split.threads} threads; ${same ? 'identical' : 'DIFFERENT'}`,
  });
  collect();
  const sampled = await importResult(path, true, 100_000);
  let worst = 0;
  let where = '';
  for (const run of one.runs) {
    const other = sampled.runs.find((r) => r.model === run.model);
    for (const id of ['ttft', 'e2el', 'tpot'] as const) {
      for (const p of ['50', '95', '99']) {
        const exact = run.recomputed?.[id]?.percentiles[p];
        const got = other?.recomputed?.[id]?.percentiles[p];
        if (exact === undefined || got === undefined) throw new Error(`no ${id} p${p} for ${run.model}`);
        const rel = Math.abs(got - exact) / exact;
        if (rel >= worst) {
          worst = rel;
          where = `${run.model} ${id} p${p}: ${got.toFixed(3)} vs exact ${exact.toFixed(3)} ms`;
        }
      }
    }
  }
  const kept = sampled.tables.reduce((a, t) => a + t.table.count, 0);
  rows.push({
    suite: 'import',
    metric: 'percentiles from the bounded summaries vs exact, 1M lines (worst of p50/p95/p99)',
    value: worst * 100,
    unit: '%',
    budget: 0.5,
    direction: 'max',
    note: `stated bound 0.098 %; ${where}; the sampled tables kept ${kept} rows`,
  });
  const big = await ensureJsonl10m();
  collect();
  const m1 = await ourImport(path, null, true, false);
  collect();
  const m10 = await ourImport(big, null, true, false);
  rows.push({
    suite: 'import',
    metric: 'peak heap + array buffers, 10M lines (1.5 GB) in one thread',
    value: m10.peakHeapMb,
    unit: 'MB',
    budget: 512,
    direction: 'max',
    note: `${m10.result.rowsRead} rows, status ${m10.result.status}; 1M lines: ${m1.peakHeapMb.toFixed(0)} MB`,
  });
  rows.push({
    suite: 'import',
    metric: 'peak memory growth from 1M to 10M lines',
    value: m10.peakHeapMb / m1.peakHeapMb,
    unit: '×',
    budget: 1.3,
    direction: 'max',
    note: `${m1.peakHeapMb.toFixed(0)} → ${m10.peakHeapMb.toFixed(0)} MB heap + array buffers`,
  });
  collect();
  const bare10 = await bareLoopChunked(big);
  collect();
  const imp10 = await ourImport(big, null);
  rows.push({
    suite: 'import',
    metric: 'import / bare loop, 10M lines, wall clock',
    value: imp10.ms / bare10.ms,
    unit: '×',
    budget: 1.5,
    direction: 'max',
    note: `${imp10.ms.toFixed(0)} vs ${bare10.ms.toFixed(0)} ms; read by ${imp10.result.threads} threads; one pair`,
  });
  return rows;
}

/** Interleaved (bare loop, import) pairs; the median of their ratios is the reported figure. */
const PAIRS = 5;

export const suite: BenchSuite = {
  name: 'import',
  async run() {
    const rows: BenchRow[] = [];
    const path = await ensureJsonl();
    // Warm every code path once so none pays for compilation in the timed runs.
    bareLoopWholeFile(path);
    await bareLoopChunked(path);
    await ourImport(path, null);
    // Interleaved pairs in alternating order (bare first, then import first, …) so that a
    // change of machine load during the suite falls on both sides; the figure is the median of
    // the pairs' ratios, every pair's ratio is printed in the note.
    const base: { ms: number; cpuMs: number }[] = [];
    const whole: number[] = [];
    const ours: Measured[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const bare = async () => {
        collect();
        base.push(await bareLoopChunked(path));
      };
      const imp = async () => {
        collect();
        ours.push(await ourImport(path, null));
      };
      if (i % 2 === 0) {
        await bare();
        await imp();
      } else {
        await imp();
        await bare();
      }
    }
    // The whole-file loop (a reference, 154 MB of text at once) runs after the pairs: run between
    // them, the heap it grows and frees was paid for by whichever run came next.
    for (let i = 0; i < PAIRS; i++) {
      collect();
      whole.push(bareLoopWholeFile(path).ms);
    }
    // For reference: the same import in one thread, against the pairs' median bare loop.
    const single: { ms: number; cpuMs: number }[] = [];
    for (let i = 0; i < 3; i++) {
      collect();
      single.push(await ourImport(path, null, false, false));
    }
    collect();
    const memory = await ourImport(path, null, true);
    const wallRatios = ours.map((o, i) => o.ms / (base[i] as { ms: number }).ms);
    const cpuRatios = ours.map((o, i) => o.cpuMs / (base[i] as { cpuMs: number }).cpuMs);
    const last = ours[ours.length - 1] as Measured;
    const lines = last.result.rowsRead;
    const list = (xs: number[]) => xs.map((r) => r.toFixed(2)).join(', ');
    rows.push({
      suite: 'import',
      metric: 'bare JSON.parse loop, 1M lines, 1 MiB chunks',
      value: median(base.map((b) => b.ms)),
      unit: 'ms',
      budget: null,
      direction: 'max',
      note: `median of ${PAIRS}; same reads, decoder and chunk size as the import; CPU ${median(base.map((b) => b.cpuMs)).toFixed(0)} ms`,
    });
    rows.push({
      suite: 'import',
      metric: 'bare JSON.parse loop, whole file in memory',
      value: median(whole),
      unit: 'ms',
      budget: null,
      direction: 'max',
      note: `median of ${PAIRS}; readFileSync + split + JSON.parse, for reference`,
    });
    rows.push({
      suite: 'import',
      metric: 'import, 1M lines',
      value: median(ours.map((o) => o.ms)),
      unit: 'ms',
      budget: null,
      direction: 'max',
      note: `median of ${PAIRS}; CPU ${median(ours.map((o) => o.cpuMs)).toFixed(0)} ms; read by ${last.result.threads} threads at once; ${lines} rows, ${last.result.runs} runs, status ${last.result.status}`,
    });
    const bareMs = median(base.map((b) => b.ms));
    const bareCpu = median(base.map((b) => b.cpuMs));
    rows.push({
      suite: 'import',
      metric: 'import in one thread (no helper) / bare loop, wall clock',
      value: median(single.map((o) => o.ms)) / bareMs,
      unit: '×',
      budget: null,
      direction: 'max',
      note: `for reference, median of 3: ${median(single.map((o) => o.ms)).toFixed(0)} ms, CPU ${(median(single.map((o) => o.cpuMs)) / bareCpu).toFixed(2)}× the bare loop's`,
    });
    // CPU time counts only this process's own work, so a neighbour's load on a shared machine
    // (which stretched single wall-clock pairs from 0.9× to 3.6× on the same build) drops out.
    rows.push({
      suite: 'import',
      metric: `import / bare loop, CPU time (median of ${PAIRS} interleaved pairs)`,
      value: median(cpuRatios),
      unit: '×',
      budget: null,
      direction: 'max',
      note: `all threads (both parts, the hash, the collector's helpers), for reference; pairs: ${list(cpuRatios)}`,
    });
    rows.push({
      suite: 'import',
      metric: `import / bare loop, wall clock (median of ${PAIRS} pairs)`,
      value: median(wallRatios),
      unit: '×',
      budget: 1.5,
      direction: 'max',
      note: `pairs: ${list(wallRatios)}; worst ${Math.max(...wallRatios).toFixed(2)}`,
    });
    rows.push({
      suite: 'import',
      metric: 'import / whole-file bare loop, wall clock (median)',
      value: median(ours.map((o, i) => o.ms / (whole[i] as number))),
      unit: '×',
      budget: null,
      direction: 'max',
      note: 'for reference: that loop holds the 154 MB text at once',
    });
    rows.push({
      suite: 'import',
      metric: 'longest gap between progress reports',
      value: Math.max(...ours.map((o) => o.maxProgressGapMs)),
      unit: 'ms',
      budget: 250,
      direction: 'max',
    });
    // RSS growth is printed too, but after the earlier runs the process keeps its pages, so it says little.
    rows.push({
      suite: 'import',
      metric: 'peak heap + array buffers during import',
      value: memory.peakHeapMb,
      unit: 'MB',
      budget: null,
      direction: 'max',
      note: `one run sampled every 20 ms, all threads; file ${(last.result.fileSize / 1e6).toFixed(0)} MB; RSS growth ${memory.peakRssMb.toFixed(0)} MB`,
    });
    const cancels: number[] = [];
    // Cancel at a fifth, half and four fifths of this thread's part of the file (the helpers
    // read the rest): a read there waits for the press, so no run can end before it.
    const firstPart = last.result.fileSize / (nodeParts.helpers + 1);
    for (const at of [0.2, 0.5, 0.8].map((f) => Math.floor(firstPart * f))) {
      const c = await ourImport(path, at);
      if (c.result.status !== 'cancelled') throw new Error(`import was not cancelled (status ${c.result.status})`);
      cancels.push(c.cancelLatencyMs as number);
    }
    rows.push({
      suite: 'import',
      metric: 'cancel latency (worst of 3)',
      value: Math.max(...cancels),
      unit: 'ms',
      budget: 250,
      direction: 'max',
      note: cancels.map((c) => c.toFixed(0)).join(', '),
    });
    rows.push(...(await largeLogRows(path)));
    return rows;
  },
};

/** The bare loop's work on one piece of text: `JSON.parse` per whole line; the unfinished line is carried over. */
export function parseLines(data: string): { lines: number; carry: string } {
  let lines = 0;
  let start = 0;
  for (;;) {
    const nl = data.indexOf('\n', start);
    if (nl === -1) break;
    if (JSON.parse(data.slice(start, nl)) !== null) lines += 1;
    start = nl + 1;
  }
  return { lines, carry: data.slice(start) };
}
