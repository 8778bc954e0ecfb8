import { open } from 'node:fs/promises';
import { DEFAULT_SCENARIO } from '../../src/core/scenario/defaults';
import { deriveWorkload } from '../../src/core/usage/aggregate';
import { combineUsage } from '../../src/core/usage/combine';
import { readUsageSource } from '../../src/core/usage/reader';
import { platformHost } from '../../src/platform/host';
import { ensureJsonl } from '../generate-jsonl';
import { median, type BenchRow, type BenchSuite } from '../types';
import { bareLoopChunked } from './import';

/**
 * The usage import (src/core/usage: read every line, build the records, derive the workload in
 * Europe/Berlin with per-request distributions, as the worker does) over the 1,000,000-line request log of
 * bench/generate-jsonl.ts (~150 MB), against the bare `JSON.parse` loop over the same file
 * (issue budget: ≤ 1.5×). In the app it runs in the worker; the main thread only receives the
 * derived figures (a few KB).
 */
/** CPU time of this process (user + system), ms: steadier than wall time on a shared machine. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function bareCpu(path: string): Promise<{ ms: number; cpu: number }> {
  const { ms, cpuMs: cpu } = await bareLoopChunked(path);
  return { ms, cpu };
}

async function usageOnce(path: string): Promise<{ ms: number; cpu: number; readMs: number; rows: number; requests: number | null }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  const c0 = cpuMs();
  const t0 = performance.now();
  const r = await readUsageSource(
    {
      name: 'requests-1m.jsonl',
      size,
      read: async (offset, length) => {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, offset);
        return buffer.subarray(0, bytesRead);
      },
    },
    { decoder: platformHost().decoder },
  );
  const t1 = performance.now();
  await handle.close();
  if (r === null) throw new Error('cancelled');
  // What the worker does after reading (src/worker/usage-api.ts): the files taken together, then derived.
  const { records, costs } = combineUsage([r]);
  const d = deriveWorkload(records, costs, { timeZone: 'Europe/Berlin', current: DEFAULT_SCENARIO.workload });
  const t2 = performance.now();
  return { ms: t2 - t0, cpu: cpuMs() - c0, readMs: t1 - t0, rows: r.rows.read, requests: d.total.requests };
}

export const suite: BenchSuite = {
  name: 'usage',
  async run() {
    const path = await ensureJsonl();
    await bareLoopChunked(path);
    await usageOnce(path);
    const bare: Awaited<ReturnType<typeof bareCpu>>[] = [];
    const ours: Awaited<ReturnType<typeof usageOnce>>[] = [];
    for (let i = 0; i < 5; i++) {
      bare.push(await bareCpu(path));
      ours.push(await usageOnce(path));
    }
    const base = bare.map((b) => b.ms);
    const ratios = ours.map((o, i) => o.ms / (base[i] as number));
    const cpuRatios = ours.map((o, i) => o.cpu / (bare[i] as (typeof bare)[number]).cpu);
    const last = ours[ours.length - 1] as (typeof ours)[number];
    const rows: BenchRow[] = [
      { suite: 'usage', metric: 'bare JSON.parse loop, 1M lines', value: median(base), unit: 'ms', budget: null, direction: 'max' },
      {
        suite: 'usage',
        metric: 'usage read + derive, 1M lines',
        value: median(ours.map((o) => o.ms)),
        unit: 'ms',
        budget: null,
        direction: 'max',
        note: `${last.rows} rows, ${last.requests ?? 0} ok requests; reading ${median(ours.map((o) => o.readMs)).toFixed(0)} ms`,
      },
      {
        suite: 'usage',
        metric: 'usage / bare loop (median of 5 pairs)',
        value: median(ratios),
        unit: '×',
        budget: 1.5,
        direction: 'max',
        note: ratios.map((r) => r.toFixed(2)).join(', '),
      },
      {
        suite: 'usage',
        metric: 'usage / bare loop, CPU time (median of 5 pairs)',
        value: median(cpuRatios),
        unit: '×',
        budget: 1.5,
        direction: 'max',
        note: `${cpuRatios.map((r) => r.toFixed(2)).join(', ')}; bare ${median(bare.map((b) => b.cpu)).toFixed(0)} ms CPU, usage ${median(ours.map((o) => o.cpu)).toFixed(0)} ms CPU`,
      },
      // On a shared machine single pairs swing by ±50 %; the fastest run of each is the steadier figure.
      {
        suite: 'usage',
        metric: 'usage / bare loop (fastest of 5 each)',
        value: Math.min(...ours.map((o) => o.ms)) / Math.min(...base),
        unit: '×',
        budget: 1.5,
        direction: 'max',
      },
    ];
    return rows;
  },
};
