import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import { ensureBuild } from '../browser';
import { median, percentile, type BenchRow, type BenchSuite } from '../types';

/**
 * The TCO page while a slider is dragged for 5 s, in headless Chromium against the production
 * build (`dist/`, or the directory in TCO_BENCH_DIST):
 * - input-to-next-paint per input event: Event Timing entries (Chromium reports events of
 *   16 ms and more; every input event is counted, so unreported ones are known to be < 16 ms),
 *   and as a cross-check the time from each input event to the first task after its next
 *   animation frame, measured in the page for every event;
 * - main-thread long tasks (PerformanceObserver 'longtask');
 * - time from the last input until every chart shows the result of the final value (each
 *   chart's data-for equals the key of the current inputs, checked every animation frame).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DRAG_MS = 5_000;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? ok(a.port) : fail(new Error('no port'))));
    });
  });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

interface DragResult {
  inputs: number;
  toPaint: number[];
  slowEvents: number[];
  longTasks: number[];
  settleMs: number;
  /** Charts on the page (every one must show the final value before the drag counts as settled). */
  charts: number;
}

/**
 * In-page code is passed as text: the bench runner's TypeScript loader would otherwise wrap
 * named functions in a helper that does not exist in the page.
 */
const INSTRUMENT = `(() => {
  const b = { inputs: 0, slow: [], long: [], lastInput: 0, toPaint: [] };
  window.__bench = b;
  document.addEventListener('input', (e) => {
    b.inputs += 1;
    b.lastInput = performance.now();
    // From the event's timestamp to just after the next frame (rAF, then a task after paint).
    const start = e.timeStamp;
    requestAnimationFrame(() => setTimeout(() => b.toPaint.push(performance.now() - start), 0));
  }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'input' || e.name.startsWith('pointer') || e.name.startsWith('mouse')) b.slow.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { b.long.push(e.duration); (b.longAt ??= []).push([Math.round(e.startTime - b.t0), Math.round(e.duration)]); } }).observe({ type: 'longtask' });
  b.t0 = performance.now();
})()`;

const SETTLE = `new Promise((resolve) => {
  const step = () => {
    const root = document.querySelector('[data-testid="tco-page"]');
    const charts = [...document.querySelectorAll('[data-chart]')];
    const done = root !== null && charts.length >= 6 &&
      charts.every((c) => c.dataset.for === (c.dataset.kind === 'eval' ? root.getAttribute('data-eval-key') : root.getAttribute('data-uncertain-key')));
    if (done) resolve({ ms: performance.now() - window.__bench.lastInput, charts: charts.length });
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

async function drag(page: Page, sliderName: RegExp): Promise<DragResult> {
  const slider = page.getByTestId('tco-quick-inputs').getByRole('slider', { name: sliderName });
  await slider.scrollIntoViewIfNeeded();
  const box = await slider.boundingBox();
  if (!box) throw new Error('slider not visible');
  await page.evaluate(INSTRUMENT);
  const y = box.y + box.height / 2;
  const x = (f: number) => box.x + 8 + (box.width - 16) * f;
  // Back and forth between 25 % and 75 % of the track, one move per 16 ms frame.
  const pos = (t: number) => 0.5 + 0.25 * Math.sin((2 * Math.PI * t) / 2_500);
  await page.mouse.move(x(pos(0)), y);
  await page.mouse.down();
  const t0 = Date.now();
  // One move per 16 ms frame for 5 s of wall time (slow handling means fewer moves, not a longer drag).
  for (let due = t0 + 16; Date.now() - t0 < DRAG_MS; due += 16) {
    await page.mouse.move(x(pos(Date.now() - t0)), y);
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  // The last input lands somewhere new so the final value differs from every earlier one.
  await page.mouse.move(x(0.31), y);
  await page.mouse.up();
  const settled = (await page.evaluate(SETTLE)) as { ms: number; charts: number };
  // Let the observers deliver the last entries.
  await page.waitForTimeout(300);
  const b = (await page.evaluate('window.__bench')) as { inputs: number; slow: number[]; long: number[]; toPaint: number[]; longAt?: number[][] };
  if (process.env.TCO_BENCH_DEBUG) process.stderr.write(`long tasks [ms after start, duration]: ${JSON.stringify(b.longAt ?? [])}\n`);
  return { inputs: b.inputs, toPaint: b.toPaint, slowEvents: b.slow, longTasks: b.long, settleMs: settled.ms, charts: settled.charts };
}

/** p95 over all input events, the unreported ones (< 16 ms) counted as 16 ms (an upper bound). */
function p95InputToPaint(r: DragResult): number {
  const all = [...r.slowEvents, ...Array.from({ length: Math.max(0, r.inputs - r.slowEvents.length) }, () => 16)];
  return percentile(all, 95);
}

export const suite: BenchSuite = {
  name: 'tco-browser',
  async run() {
    const dist = process.env.TCO_BENCH_DIST ? resolve(process.env.TCO_BENCH_DIST) : join(root, 'dist');
    if (!process.env.TCO_BENCH_DIST) await ensureBuild();
    const port = await freePort();
    // Own process group, so stopping it also stops the vite process npx starts.
    const server: ChildProcess = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1', '--outDir', dist], {
      cwd: root,
      stdio: 'ignore',
      detached: true,
    });
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, budget: number | null, note?: string) =>
      rows.push({ suite: 'tco-browser', metric, value, unit, budget, direction: 'max', note });
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/`);
      // The last run is the heaviest page: a published series sizes the replicas, so the
      // capacity panel draws its two charts as well and follows every step of the slider.
      // With the plans table open, every step of the slider searches the catalog again in the worker.
      const runs: [string, RegExp, boolean, boolean][] = [
        ['volume slider', /^Requests per day/, false, false],
        ['GPU price slider', /^GPU price/, false, false],
        ['volume slider, 2nd run', /^Requests per day/, false, false],
        ['volume slider, with the capacity charts', /^Requests per day/, true, false],
        ['volume slider, with the plans table open', /^Requests per day/, false, true],
      ];
      for (const [label, slider, capacity, plans] of runs) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await page.goto(`http://127.0.0.1:${port}/#/tco`);
        await page.getByTestId('tco-verdict').waitFor();
        await page.locator('[data-chart="monte-carlo"]').waitFor();
        if (capacity) {
          const source = page.getByTestId('capacity-panel').getByRole('combobox', { name: 'Throughput comes from' });
          const published = await source.locator('option').evaluateAll((os) => os.map((o) => o.textContent ?? '').find((l) => l.startsWith('Published:')));
          if (!published) throw new Error('no published series in the capacity panel');
          await source.selectOption({ label: published });
          await page.locator('[data-chart="capacity-cost"]').waitFor();
        }
        if (plans) {
          await page.getByTestId('plans-open').click();
          await page.getByTestId('plans-table').waitFor();
        }
        await page.waitForTimeout(500);
        const r = await drag(page, slider);
        const long100 = r.longTasks.filter((d) => d > 100);
        row(
          `${label}: p95 input-to-next-paint`,
          p95InputToPaint(r),
          'ms',
          50,
          `${r.inputs} input events in 5 s; ${r.slowEvents.length} took ≥ 16 ms (max ${Math.round(Math.max(0, ...r.slowEvents))} ms)`,
        );
        row(
          `${label}: p95 input to next frame (rAF)`,
          percentile(r.toPaint, 95),
          'ms',
          50,
          `event timestamp → first task after the next animation frame, every input event; median ${Math.round(median(r.toPaint))} ms`,
        );
        row(
          `${label}: long tasks > 100 ms`,
          long100.length,
          'count',
          0,
          `${r.longTasks.length} long tasks > 50 ms, longest ${Math.round(Math.max(0, ...r.longTasks))} ms`,
        );
        row(
          `${label}: all charts final after last input`,
          r.settleMs,
          'ms',
          150,
          `${r.charts} charts on the page (every [data-chart], so charts added later count too)`,
        );
        if (r.slowEvents.length > 0) row(`${label}: median of the ≥ 16 ms events`, median(r.slowEvents), 'ms', null);
        await context.close();
      }
    } finally {
      await browser.close();
      if (server.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
    }
    return rows;
  },
};
