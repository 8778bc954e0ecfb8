import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { importFile, type ByteSource, type FileImport } from '../../src/core/benchmarks/importer';
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

/** What a developer would write: read the file, split lines, JSON.parse each (also the usage suite's baseline). */
export function bareLoop(path: string): { ms: number; lines: number } {
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

interface Measured {
  ms: number;
  result: FileImport;
  maxProgressGapMs: number;
  peakRssMb: number;
  peakHeapMb: number;
}

async function ourImport(path: string, cancelAfterMs: number | null): Promise<Measured & { cancelLatencyMs: number | null }> {
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
  const t0 = performance.now();
  if (cancelAfterMs !== null) {
    cancelAt = t0 + cancelAfterMs;
    setTimeout(() => {
      cancel = true;
    }, cancelAfterMs);
  }
  const result = await importFile(source, { ...platformHost(), progress: () => progress.push(performance.now()), cancelled: () => cancel }, { progressIntervalMs: 100 });
  const t1 = performance.now();
  clearInterval(sampler);
  await close();
  const marks = [t0, ...progress, t1];
  let gap = 0;
  for (let i = 1; i < marks.length; i++) gap = Math.max(gap, (marks[i] as number) - (marks[i - 1] as number));
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  return {
    ms: t1 - t0,
    result,
    maxProgressGapMs: gap,
    peakRssMb: (peakRss - rss0) / 1e6,
    peakHeapMb: peakHeap / 1e6,
    cancelLatencyMs: cancelAt === null ? null : t1 - cancelAt,
  };
}

export const suite: BenchSuite = {
  name: 'import',
  async run() {
    const rows: BenchRow[] = [];
    const path = await ensureJsonl();
    // Warm both code paths once so neither pays for compilation in the timed runs.
    bareLoop(path);
    await ourImport(path, null);
    const base: number[] = [];
    const ours: Measured[] = [];
    for (let i = 0; i < 3; i++) {
      base.push(bareLoop(path).ms);
      ours.push(await ourImport(path, null));
    }
    const ratios = ours.map((o, i) => o.ms / (base[i] as number));
    const last = ours[ours.length - 1] as Measured;
    const lines = last.result.rows.read;
    rows.push({ suite: 'import', metric: 'bare JSON.parse loop, 1M lines', value: median(base), unit: 'ms', budget: null, direction: 'max', note: 'readFileSync + split + JSON.parse' });
    rows.push({ suite: 'import', metric: 'import, 1M lines', value: median(ours.map((o) => o.ms)), unit: 'ms', budget: null, direction: 'max', note: `${lines} rows, ${last.result.runs.length} runs, status ${last.result.status}` });
    rows.push({ suite: 'import', metric: 'import / bare loop (median of 3 pairs)', value: median(ratios), unit: '×', budget: 1.5, direction: 'max', note: ratios.map((r) => r.toFixed(2)).join(', ') });
    rows.push({ suite: 'import', metric: 'longest gap between progress reports', value: Math.max(...ours.map((o) => o.maxProgressGapMs)), unit: 'ms', budget: 250, direction: 'max' });
    rows.push({ suite: 'import', metric: 'peak memory growth during import (RSS)', value: median(ours.map((o) => o.peakRssMb)), unit: 'MB', budget: null, direction: 'max', note: `file ${(last.result.file.size / 1e6).toFixed(0)} MB; heap + buffers peak ${median(ours.map((o) => o.peakHeapMb)).toFixed(0)} MB` });
    const cancels: number[] = [];
    for (const after of [300, 900, 1700]) {
      const c = await ourImport(path, after);
      if (c.result.status !== 'cancelled') throw new Error(`import was not cancelled (status ${c.result.status})`);
      cancels.push(c.cancelLatencyMs as number);
    }
    rows.push({ suite: 'import', metric: 'cancel latency (worst of 3)', value: Math.max(...cancels), unit: 'ms', budget: 250, direction: 'max', note: cancels.map((c) => c.toFixed(0)).join(', ') });
    return rows;
  },
};
