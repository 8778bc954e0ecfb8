import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { CHUNK_BYTES, importFile, utf8Boundary, type ByteSource, type FileImport } from '../../src/core/benchmarks/importer';
import { platformHost } from '../../src/worker/benchmarks-api';
import { ensureJsonl } from '../generate-jsonl';
import { median, type BenchRow, type BenchSuite } from '../types';

/**
 * Import of a 1,000,000-line per-request JSONL (~150 MB, bench/generate-jsonl.ts) against a
 * bare line-by-line JSON.parse loop over the same file in the same runtime (issue budget:
 * ≤ 1.5×), plus the progress interval, cancel latency and peak memory of the import.
 * Node runs the same core the worker runs; bench/suites/import-browser.ts covers Chromium.
 */
async function fileSource(path: string): Promise<{ source: ByteSource; close: () => Promise<void> }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    source: {
      name: 'requests-1m.jsonl',
      size,
      read: async (offset, length) => {
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
    const data = carry + decoder.decode(bytes);
    let start = 0;
    for (;;) {
      const nl = data.indexOf('\n', start);
      if (nl === -1) break;
      if (JSON.parse(data.slice(start, nl)) !== null) lines += 1;
      start = nl + 1;
    }
    carry = data.slice(start);
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
const collect: () => void = (() => {
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
  result: FileImport;
  maxProgressGapMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  /** Progress reports the import made. */
  reports: number;
}

/**
 * One import; with `cancelAtReport`, Cancel is pressed when that progress report arrives (a
 * position in the file rather than a time, so a run faster than the others cannot finish first).
 */
async function ourImport(path: string, cancelAtReport: number | null): Promise<Measured & { cancelLatencyMs: number | null }> {
  const { source, close } = await fileSource(path);
  const progress: number[] = [];
  let cancel = false;
  let cancelAt: number | null = null;
  const rss0 = process.memoryUsage().rss;
  let peakRss = rss0;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed + m.arrayBuffers);
  }, 20);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const onProgress = () => {
    progress.push(performance.now());
    if (cancelAtReport !== null && progress.length === cancelAtReport) {
      cancel = true;
      cancelAt = performance.now();
    }
  };
  const result = await importFile(source, { ...platformHost(), progress: onProgress, cancelled: () => cancel }, { progressIntervalMs: 100 });
  const t1 = performance.now();
  const cpuMs = cpuSince(c0);
  clearInterval(sampler);
  await close();
  const marks = [t0, ...progress, t1];
  let gap = 0;
  for (let i = 1; i < marks.length; i++) gap = Math.max(gap, (marks[i] as number) - (marks[i - 1] as number));
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  return {
    ms: t1 - t0,
    cpuMs,
    result,
    maxProgressGapMs: gap,
    peakRssMb: (peakRss - rss0) / 1e6,
    peakHeapMb: peakHeap / 1e6,
    cancelLatencyMs: cancelAt === null ? null : t1 - cancelAt,
    reports: progress.length,
  };
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
    const wallRatios = ours.map((o, i) => o.ms / (base[i] as { ms: number }).ms);
    const cpuRatios = ours.map((o, i) => o.cpuMs / (base[i] as { cpuMs: number }).cpuMs);
    const last = ours[ours.length - 1] as Measured;
    const lines = last.result.rows.read;
    const list = (xs: number[]) => xs.map((r) => r.toFixed(2)).join(', ');
    rows.push({ suite: 'import', metric: 'bare JSON.parse loop, 1M lines, 1 MiB chunks', value: median(base.map((b) => b.ms)), unit: 'ms', budget: null, direction: 'max', note: `median of ${PAIRS}; same reads, decoder and chunk size as the import; CPU ${median(base.map((b) => b.cpuMs)).toFixed(0)} ms` });
    rows.push({ suite: 'import', metric: 'bare JSON.parse loop, whole file in memory', value: median(whole), unit: 'ms', budget: null, direction: 'max', note: `median of ${PAIRS}; readFileSync + split + JSON.parse, for reference` });
    rows.push({ suite: 'import', metric: 'import, 1M lines', value: median(ours.map((o) => o.ms)), unit: 'ms', budget: null, direction: 'max', note: `median of ${PAIRS}; CPU ${median(ours.map((o) => o.cpuMs)).toFixed(0)} ms; ${lines} rows, ${last.result.runs.length} runs, status ${last.result.status}` });
    // CPU time counts only this process's own work, so a neighbour's load on a shared machine
    // (which stretched single wall-clock pairs from 0.9× to 3.6× on the same build) drops out.
    rows.push({ suite: 'import', metric: `import / bare loop, CPU time (median of ${PAIRS} interleaved pairs)`, value: median(cpuRatios), unit: '×', budget: 1.5, direction: 'max', note: `pairs: ${list(cpuRatios)}; worst ${Math.max(...cpuRatios).toFixed(2)}` });
    rows.push({ suite: 'import', metric: `import / bare loop, wall clock (median of ${PAIRS} pairs)`, value: median(wallRatios), unit: '×', budget: 1.5, direction: 'max', note: `pairs: ${list(wallRatios)}; swings with the machine's other load` });
    rows.push({ suite: 'import', metric: 'import / whole-file bare loop, wall clock (median)', value: median(ours.map((o, i) => o.ms / (whole[i] as number))), unit: '×', budget: null, direction: 'max', note: 'for reference: that loop holds the 154 MB text at once' });
    rows.push({ suite: 'import', metric: 'longest gap between progress reports', value: Math.max(...ours.map((o) => o.maxProgressGapMs)), unit: 'ms', budget: 250, direction: 'max' });
    rows.push({ suite: 'import', metric: 'peak memory growth during import (RSS)', value: median(ours.map((o) => o.peakRssMb)), unit: 'MB', budget: null, direction: 'max', note: `file ${(last.result.file.size / 1e6).toFixed(0)} MB; heap + buffers peak ${median(ours.map((o) => o.peakHeapMb)).toFixed(0)} MB` });
    const cancels: number[] = [];
    // Cancel at a fifth, half and four fifths of the file (by progress report): a delay in ms
    // cancelled nothing on runs faster than the median, which had ended before it.
    const reports = Math.min(...ours.map((o) => o.reports));
    for (const at of [0.2, 0.5, 0.8].map((f) => Math.max(2, Math.round(reports * f)))) {
      const c = await ourImport(path, at);
      if (c.result.status !== 'cancelled') throw new Error(`import was not cancelled (status ${c.result.status})`);
      cancels.push(c.cancelLatencyMs as number);
    }
    rows.push({ suite: 'import', metric: 'cancel latency (worst of 3)', value: Math.max(...cancels), unit: 'ms', budget: 250, direction: 'max', note: cancels.map((c) => c.toFixed(0)).join(', ') });
    return rows;
  },
};
