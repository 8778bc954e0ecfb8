import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { withBrowser } from '../browser';
import { ensureJsonl } from '../generate-jsonl';
import type { BenchRow, BenchSuite } from '../types';

/**
 * The 1,000,000-line JSONL (~150 MB) imported through the page in headless Chromium against the
 * production build: main-thread long tasks (PerformanceObserver "longtask") while the import
 * runs and while its results are stored and shown (budget: none over 50 ms), the time until the
 * file's message appears, and the longest gap between progress-bar updates.
 */
declare global {
  interface Window {
    __longTasks: { start: number; duration: number }[];
    __frames: LongFrame[];
    __progress: number[];
  }
}

/** A long animation frame (PerformanceObserver "long-animation-frame"): what ran in it. */
interface LongFrame {
  start: number;
  duration: number;
  layout: number;
  scripts: { invoker: string; source: string; fn: string; duration: number }[];
}

/** The parts of a "long-animation-frame" entry read here (not yet in TypeScript's DOM types). */
interface LoafEntry extends PerformanceEntry {
  scripts: { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number; forcedStyleAndLayoutDuration: number }[];
}

/** What ran in the long animation frames that overlap a long task, for the row's note. */
function attribution(task: { start: number; duration: number }, frames: readonly LongFrame[]): string {
  const overlapping = frames.filter((f) => f.start <= task.start + task.duration && f.start + f.duration >= task.start);
  const parts = overlapping.flatMap((f) => [
    ...f.scripts.filter((x) => x.duration >= 5).map((x) => `${x.invoker} ${x.source}${x.fn ? ` ${x.fn}` : ''} ${Math.round(x.duration)} ms`),
    ...(f.layout >= 5 ? [`forced layout ${Math.round(f.layout)} ms`] : []),
  ]);
  return parts.length > 0 ? parts.join('; ') : 'no script attribution (browser work or the thread was descheduled)';
}

export const suite: BenchSuite = {
  name: 'import-browser',
  async run() {
    const path = await ensureJsonl();
    const rows: BenchRow[] = [];
    await withBrowser(async (browser, baseURL) => {
      const page = await browser.newPage();
      await page.addInitScript(() => {
        window.__longTasks = [];
        window.__frames = [];
        window.__progress = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        // Long animation frames name the scripts that ran in them: the note of a row over budget says what it was.
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as LoafEntry[]) {
            window.__frames.push({
              start: e.startTime,
              duration: e.duration,
              layout: e.scripts.reduce((sum, x) => sum + x.forcedStyleAndLayoutDuration, 0),
              scripts: e.scripts.map((x) => ({ invoker: x.invoker, source: x.sourceURL.split('/').pop() ?? '', fn: x.sourceFunctionName, duration: x.duration })),
            });
          }
        }).observe({ type: 'long-animation-frame', buffered: true });
        // Every progress update the page shows (bytes or rows read), with its time.
        new MutationObserver((records) => {
          if (records.some((r) => r.type === 'attributes')) window.__progress.push(performance.now());
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-rows', 'data-bytes'] });
      });
      await page.goto(`${baseURL}/#/benchmarks`);
      await page.getByTestId('benchmarks-page').waitFor();
      await page.waitForTimeout(1000);
      const t0 = await page.evaluate(() => performance.now());
      await page.getByTestId('file-input').setInputFiles(path);
      const outcome = page.locator(`[data-testid="import-outcome"][data-file="${basename(path)}"]`);
      await outcome.waitFor({ timeout: 300_000 });
      const t1 = await page.evaluate(() => performance.now());
      // Results stored, table and goodput/CDF queries settled.
      await page.getByTestId('run-row').first().waitFor();
      await page.waitForTimeout(3000);
      const t2 = await page.evaluate(() => performance.now());
      const { tasks, frames, progress } = await page.evaluate(() => ({ tasks: window.__longTasks, frames: window.__frames, progress: window.__progress }));
      // Reading phase: from picking the file to the last progress update (bytes all read);
      // then the results are stored and drawn.
      const seen = progress.filter((p) => p >= t0 && p <= t1);
      const lastProgress = seen.length > 0 ? (seen[seen.length - 1] as number) : t1;
      const during = tasks.filter((x) => x.start >= t0 && x.start <= lastProgress);
      const after = tasks.filter((x) => x.start > lastProgress && x.start <= t2);
      const marks = [t0, ...seen];
      let gap = 0;
      for (let i = 1; i < marks.length; i++) gap = Math.max(gap, (marks[i] as number) - (marks[i - 1] as number));
      const longest = (list: typeof tasks) => list.reduce<(typeof tasks)[number] | null>((a, b) => (a === null || b.duration > a.duration ? b : a), null);
      const describe = (list: typeof tasks) => {
        const worst = longest(list);
        return worst ? `; longest: ${attribution(worst, frames)}` : '';
      };
      const status = await outcome.getAttribute('data-status');
      const mb = statSync(path).size / 1e6;
      rows.push({ suite: 'import-browser', metric: 'import of 1M-line JSONL in the page', value: t1 - t0, unit: 'ms', budget: null, direction: 'max', note: `${mb.toFixed(0)} MB, status ${status}` });
      rows.push({ suite: 'import-browser', metric: 'longest main-thread task while the file is read', value: Math.max(0, ...during.map((x) => x.duration)), unit: 'ms', budget: 50, direction: 'max', note: `${during.length} long task(s) over 50 ms; ${((lastProgress - t0) / 1000).toFixed(1)} s${describe(during)}` });
      rows.push({ suite: 'import-browser', metric: 'longest main-thread task storing + drawing results', value: Math.max(0, ...after.map((x) => x.duration)), unit: 'ms', budget: 50, direction: 'max', note: `${after.length} long task(s); statistics, storage and first render, ${((t1 - lastProgress) / 1000).toFixed(1)} s + 3 s${describe(after)}` });
      rows.push({ suite: 'import-browser', metric: 'longest gap between progress-bar updates while reading', value: gap, unit: 'ms', budget: 250, direction: 'max', note: `${seen.length} updates` });
      await page.close();
    });
    return rows;
  },
};
