import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { withBrowser } from '../browser';
import { percentile, type BenchRow, type BenchSuite } from '../types';

/**
 * The pages whose charts Recharts draws (docs/charts.md), in headless Chromium against the
 * production build (`dist/`, or the directory in CHARTS_BENCH_DIST):
 * - opening each page with its charts: the longest main-thread task (PerformanceObserver
 *   'longtask') from the navigation until 2 s after its charts are on screen (the hardware fit,
 *   the pilot's example week, the usage page with a file, the benchmarks page with a published
 *   series, the report comparing two saved scenarios);
 * - the hardware page while its concurrency slider is dragged for 3 s (every step redraws the
 *   roofline, frontier and memory charts): p95 input-to-next-paint over all input events (Event
 *   Timing reports those of 16 ms and more; the others count as 16 ms) and long tasks.
 */
const DRAG_MS = 3_000;
const FIXTURE = resolve(import.meta.dirname, '..', '..', 'fixtures', 'usage', 'GERMAN_EXCEL_hourly_aggregate.csv');

const OBSERVE = `(() => {
  const b = { long: [], slow: [], inputs: 0 };
  window.__charts = b;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) b.long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'input' || e.name.startsWith('pointer')) b.slow.push(e.duration); }).observe({ type: 'event', durationThreshold: 16 });
  document.addEventListener('input', () => { b.inputs += 1; }, true);
})()`;

interface Observed {
  long: number[];
  slow: number[];
  inputs: number;
}
const observed = (page: Page) => page.evaluate('window.__charts') as Promise<Observed>;
const reset = (page: Page) => page.evaluate('window.__charts.long = []; window.__charts.slow = []; window.__charts.inputs = 0');
const CHARTS = 'svg.recharts-surface, svg[data-plot]';

/** Each page: how to open it until its charts are drawn, and how many charts it then shows. */
const PAGES: [string, (page: Page, base: string) => Promise<void>][] = [
  [
    'hardware fit',
    async (page, base) => {
      await page.goto(`${base}/#/hardware`);
      await page.getByTestId('hw-roofline').locator(CHARTS).first().waitFor();
    },
  ],
  [
    'pilot, example week',
    async (page, base) => {
      await page.goto(`${base}/#/pilot`);
      await page.getByRole('button', { name: 'Load example' }).click();
      await page.getByTestId('pilot-chart-costPerAcceptedTask').locator(CHARTS).waitFor();
    },
  ],
  [
    'usage, hourly aggregate file',
    async (page, base) => {
      await page.goto(`${base}/#/usage`);
      await page.getByTestId('usage-file-input').setInputFiles(FIXTURE);
      await page.getByTestId('usage-daily-chart').locator(CHARTS).waitFor();
    },
  ],
  [
    'benchmarks, published series',
    async (page, base) => {
      await page.goto(`${base}/#/benchmarks`);
      await page.getByRole('button', { name: 'Load a published example' }).click();
      await page.getByRole('combobox', { name: 'Published series' }).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Load example' }).click();
      // The comparison charts mount as they come near the viewport.
      const chart = page.getByTestId('chart-percentiles').locator(CHARTS);
      for (let i = 0; i < 40 && !(await chart.isVisible()); i++) await page.mouse.wheel(0, 400);
      await chart.waitFor();
    },
  ],
];

export const suite: BenchSuite = {
  name: 'charts-browser',
  async run() {
    const rows: BenchRow[] = [];
    const row = (metric: string, value: number, unit: string, budget: number | null, note?: string) =>
      rows.push({ suite: 'charts-browser', metric, value, unit, budget, direction: 'max', note });
    await withBrowser(
      async (browser, base) => {
        for (const [label, open] of PAGES) {
          const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
          const page = await context.newPage();
          await page.addInitScript(OBSERVE);
          await open(page, base);
          // Charts further down mount as they come into view: scroll through the page once.
          for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 700);
          await page.waitForTimeout(2_000);
          const o = await observed(page);
          row(
            `${label}: longest task opening the page`,
            Math.max(0, ...o.long),
            'ms',
            null,
            `${o.long.length} long tasks > 50 ms from navigation to 2 s after the charts (code loading included)`,
          );
          await context.close();
        }
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
        const page = await context.newPage();
        await page.addInitScript(OBSERVE);
        await page.goto(`${base}/#/hardware`);
        await page.getByTestId('hw-roofline').locator(CHARTS).first().waitFor();
        const slider = page.getByTestId('hw-concurrency').getByRole('slider');
        await slider.scrollIntoViewIfNeeded();
        const box = await slider.boundingBox();
        if (!box) throw new Error('slider not visible');
        await page.waitForTimeout(500);
        await reset(page);
        const y = box.y + box.height / 2;
        const x = (f: number) => box.x + 8 + (box.width - 16) * f;
        await page.mouse.move(x(0.3), y);
        await page.mouse.down();
        const t0 = Date.now();
        for (let due = t0 + 16; Date.now() - t0 < DRAG_MS; due += 16) {
          await page.mouse.move(x(0.5 + 0.2 * Math.sin((2 * Math.PI * (Date.now() - t0)) / 1_500)), y);
          const wait = due - Date.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
        await page.mouse.up();
        await page.waitForTimeout(500);
        const o = await observed(page);
        const all = [...o.slow, ...Array.from({ length: Math.max(0, o.inputs - o.slow.length) }, () => 16)];
        row(
          'hardware concurrency slider: p95 input-to-next-paint',
          percentile(all, 95),
          'ms',
          50,
          `${o.inputs} input events in ${DRAG_MS / 1000} s; ${o.slow.length} took ≥ 16 ms (max ${Math.round(Math.max(0, ...o.slow))} ms)`,
        );
        row(
          'hardware concurrency slider: long tasks > 100 ms',
          o.long.filter((d) => d > 100).length,
          'count',
          0,
          `${o.long.length} long tasks > 50 ms, longest ${Math.round(Math.max(0, ...o.long))} ms`,
        );
        await context.close();
      },
      process.env.CHARTS_BENCH_DIST ? resolve(process.env.CHARTS_BENCH_DIST) : undefined,
    );
    return rows;
  },
};
