import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CHUNK_BYTES } from '../../src/core/benchmarks/import-contract';
import { BLOB_READ_BYTES } from '../../src/platform/host';
import { withBrowser } from '../browser';
import { ensureJsonl, ensureJsonl10m } from '../generate-jsonl';
import { ensureForms, GZ_PATH, PARQUET_PATH } from './import-formats';
import { median, type BenchRow, type BenchSuite } from '../types';

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
    /** When the page got each picked file (its input's change event), by file name. */
    __picked: Record<string, number>;
    /** The first frame after each file's message was added to the page, by file name. */
    __shown: Record<string, number>;
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

/**
 * The bare loop of the Node suite, in a Web Worker of the same page: the same file read in the
 * importer's 1 MiB chunks (`Blob.slice().arrayBuffer()`, as the importer's blob source reads),
 * each decoded with one `TextDecoder` call, the cut line carried into the next chunk,
 * `JSON.parse` per line. One thread, nothing kept: the least a reading of the file in this
 * browser costs, so the page's import is held against it, not against a Node loop. With `gzip`,
 * the file's bytes go through the browser's `DecompressionStream` first, then the same decoding
 * and parsing: `'slices'` feeds it the same 1 MiB slices (as the importer does), `'stream'` the
 * file's own `Blob.stream()`, which hands over larger pieces (the importer cannot use it: such a
 * reader stalled on a 1.5 GB file).
 */
const BARE_WORKER = `
onmessage = async (e) => {
  const { file, chunk, gzip } = e.data;
  const t0 = performance.now();
  const decoder = new TextDecoder();
  let carry = '', lines = 0;
  const parse = (text) => {
    const data = carry + text;
    let start = 0;
    for (;;) {
      const nl = data.indexOf('\\n', start);
      if (nl === -1) break;
      if (JSON.parse(data.slice(start, nl)) !== null) lines += 1;
      start = nl + 1;
    }
    carry = data.slice(start);
  };
  if (gzip) {
    let offset = 0;
    const slices = new ReadableStream({
      async pull(c) {
        if (offset >= file.size) return c.close();
        const bytes = new Uint8Array(await file.slice(offset, Math.min(file.size, offset + chunk)).arrayBuffer());
        offset += bytes.length;
        c.enqueue(bytes);
      },
    });
    const reader = (gzip === 'stream' ? file.stream() : slices).pipeThrough(new DecompressionStream('gzip')).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
  } else {
    let offset = 0;
    while (offset < file.size) {
      const bytes = new Uint8Array(await file.slice(offset, Math.min(file.size, offset + chunk)).arrayBuffer());
      offset += bytes.length;
      parse(decoder.decode(bytes));
    }
  }
  postMessage({ ms: performance.now() - t0, lines });
};`;

/** Runs the bare loop over `path` in a new worker of `page`; wall time from the file's hand-over to the answer. */
async function bareLoopInPage(
  page: Page,
  path: string,
  gzip: 'slices' | 'stream' | false = false,
  chunk = CHUNK_BYTES,
): Promise<{ ms: number; lines: number }> {
  process.stderr.write(`  bare loop over ${basename(path)}${gzip ? ` (${gzip})` : ''}${chunk !== CHUNK_BYTES ? ` (${chunk >> 20} MiB slices)` : ''} …\n`);
  await page.evaluate(() => {
    if (document.getElementById('bench-bare-input')) return;
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-bare-input';
    input.hidden = true;
    document.body.append(input);
  });
  await page.setInputFiles('#bench-bare-input', path);
  return page.evaluate(
    ({ code, chunk, gzip }) =>
      new Promise<{ ms: number; lines: number }>((resolve, reject) => {
        const file = (document.getElementById('bench-bare-input') as HTMLInputElement).files?.[0];
        if (!file) return reject(new Error('no file'));
        const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
        const worker = new Worker(url);
        const t0 = performance.now();
        worker.onmessage = (e: MessageEvent<{ lines: number }>) => {
          const ms = performance.now() - t0;
          worker.terminate();
          URL.revokeObjectURL(url);
          resolve({ ms, lines: e.data.lines });
        };
        worker.onerror = (e) => reject(new Error(e.message));
        worker.postMessage({ file, chunk, gzip });
      }),
    { code: BARE_WORKER, chunk, gzip },
  );
}

/**
 * Peak memory of an import in the page: `performance.measureUserAgentSpecificMemory()` (JS heap
 * and array buffers of the page and every worker it started; a 200 MB Float64Array in the page
 * adds 206 MB to it) called again and again from the file's drop until 3 s after its message.
 * The call needs a cross-origin isolated page: here only, every response gets
 * `Cross-Origin-Embedder-Policy: require-corp` (the app sends `Cross-Origin-Opener-Policy`
 * itself), and Chromium runs with ForceEagerMeasureMemory so that a call measures at once
 * instead of at the next collection.
 */
async function peakMemoryInPage(baseURL: string, path: string): Promise<{ mb: number; status: string | null; samples: number; note: string }> {
  process.stderr.write(`  peak memory of importing ${basename(path)} …\n`);
  // @ts-expect-error plain ESM helper shared with the Node scripts
  const { CHROMIUM_ARGS, chromiumPath } = (await import('../../scripts/chromium-path.mjs')) as {
    CHROMIUM_ARGS: string[];
    chromiumPath: () => string | undefined;
  };
  const browser: Browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--enable-blink-features=ForceEagerMeasureMemory'],
  });
  try {
    const context = await browser.newContext();
    await context.route('**/*', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-embedder-policy': 'require-corp' } });
    });
    const page = await context.newPage();
    await page.goto(`${baseURL}/#/benchmarks`);
    await page.getByTestId('benchmarks-page').waitFor();
    if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated: no memory measurement');
    const measure = () =>
      page.evaluate(async () => {
        const r = await (
          performance as unknown as {
            measureUserAgentSpecificMemory(): Promise<{ bytes: number; breakdown: { bytes: number; attribution: { scope: string }[] }[] }>;
          }
        ).measureUserAgentSpecificMemory();
        return {
          bytes: r.bytes,
          workers: r.breakdown.filter((b) => b.bytes > 1e6 && b.attribution.some((a) => a.scope === 'DedicatedWorkerGlobalScope')).length,
        };
      });
    await page.getByTestId('file-input').setInputFiles(path);
    const outcome = page.locator(`[data-testid="import-outcome"][data-file="${basename(path)}"]`);
    let peak = { bytes: 0, workers: 0 };
    let samples = 0;
    let until = Number.POSITIVE_INFINITY;
    while (Date.now() < until) {
      const m = await measure();
      samples++;
      if (m.bytes > peak.bytes) peak = m;
      if (until === Number.POSITIVE_INFINITY && (await outcome.count()) > 0) until = Date.now() + 3000;
    }
    const status = await outcome.getAttribute('data-status');
    await context.close();
    return { mb: peak.bytes / 1e6, status, samples, note: `${samples} samples; ${peak.workers} workers over 1 MB at the peak` };
  } finally {
    await browser.close();
  }
}

/** Imports of each file for its peak memory: the worst of them is the file's figure. */
const MEMORY_IMPORTS = 3;
/** Imports of the smaller file at most, to reach the larger file's number of samples. */
const MEMORY_IMPORTS_MAX = 8;

/**
 * The highest peak of at least MEMORY_IMPORTS imports of `path`, each in a browser of its own,
 * and of more (up to MEMORY_IMPORTS_MAX) until the measurements number `minSamples`. One
 * import's figure depends on where the collectors of the page's threads stand when the end of
 * the import copies its table (the same 1M-line import measured 101–162 MB): a measurement that
 * began while the blocks were still held counts them beside the table they were copied into.
 * The highest of a series of such samples rises with their number, and a 1M-line import (about
 * 4 s with the 3 s after it) gives 80–95 samples where a 10M-line one (about 14 s) gives 220–250:
 * three imports of each, compared, set about 270 samples against 700 (run 1 of 2026-12-07
 * 06:14: 114 against 161 MB, while single 1M imports reached 156 and 162 MB in the other runs).
 * So the 1M figure is the worst over as many samples as the 10M figure's.
 */
async function worstPeak(baseURL: string, path: string, minSamples = 0): Promise<{ mb: number; status: string | null; samples: number; note: string }> {
  const runs: Awaited<ReturnType<typeof peakMemoryInPage>>[] = [];
  let samples = 0;
  while (runs.length < MEMORY_IMPORTS || (samples < minSamples && runs.length < MEMORY_IMPORTS_MAX)) {
    const run = await peakMemoryInPage(baseURL, path);
    runs.push(run);
    samples += run.samples;
  }
  const worst = runs.reduce((a, b) => (b.mb > a.mb ? b : a));
  const statuses = [...new Set(runs.map((r) => r.status))];
  return {
    mb: worst.mb,
    status: statuses.length === 1 ? (statuses[0] ?? null) : statuses.join(', '),
    samples,
    note: `worst of ${runs.map((r) => r.mb.toFixed(0)).join(', ')} MB (${runs.length} imports, ${samples} samples); ${worst.note}`,
  };
}

/**
 * Waits until the page has settled: its offline worker (registered a few seconds after load) has
 * installed, which fetches and caches every file of the build once. Neither the bare loop nor
 * the import should share the machine with that one-time install.
 */
async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([navigator.serviceWorker ? navigator.serviceWorker.ready.then(() => undefined) : undefined, new Promise((r) => setTimeout(r, 15_000))]),
  );
  await page.waitForTimeout(1000);
}

/**
 * Pairs of (bare loop in a worker, import through the page), in alternating order, each pair in a
 * new browser context. Five: with three, one slow moment of the shared machine in one pair moved
 * the median across a budget (pairs of one run ranged 0.81–1.26).
 */
const PAIRS = 5;

interface PageImport {
  ms: number;
  status: string | null;
  during: { start: number; duration: number }[];
  after: { start: number; duration: number }[];
  readingMs: number;
  storingMs: number;
  gap: number;
  updates: number;
  describeDuring: string;
  describeAfter: string;
}

/** Observers of long tasks, long animation frames and progress updates, installed before the page loads. */
function observe(): void {
  window.__longTasks = [];
  window.__frames = [];
  window.__progress = [];
  window.__picked = {};
  window.__shown = {};
  document.addEventListener(
    'change',
    (e) => {
      const files = (e.target as HTMLInputElement | null)?.files;
      for (const f of files ?? []) window.__picked[f.name] = performance.now();
    },
    true,
  );
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
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (!(node instanceof Element)) continue;
        const found = [node, ...node.querySelectorAll('[data-testid="import-outcome"]')].filter((el) => el.matches('[data-testid="import-outcome"]'));
        for (const el of found) {
          const name = el.getAttribute('data-file') ?? '';
          if (name in window.__shown) continue;
          window.__shown[name] = Number.NaN;
          requestAnimationFrame(() => (window.__shown[name] = performance.now()));
        }
      }
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rows', 'data-bytes'] });
}

/** The file dropped on the page's file input, until its message appears; then 3 s of storing and drawing. */
async function importInPage(page: Page, path: string): Promise<PageImport> {
  process.stderr.write(`  importing ${basename(path)} in the page …\n`);
  const name = basename(path);
  await page.evaluate((n) => {
    delete window.__picked[n];
    delete window.__shown[n];
  }, name);
  await page.getByTestId('file-input').setInputFiles(path);
  const outcome = page.locator(`[data-testid="import-outcome"][data-file="${name}"]`);
  await outcome.waitFor({ timeout: 600_000 });
  // From the page getting the file to the first frame with its message, both timed in the page
  // (the bare loop is timed in the page too; Playwright's own round trips are in neither).
  await page.waitForFunction((n) => Number.isFinite(window.__shown[n]), name);
  const { t0, t1 } = await page.evaluate((n) => ({ t0: window.__picked[n] as number, t1: window.__shown[n] as number }), name);
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
  return {
    ms: t1 - t0,
    status: await outcome.getAttribute('data-status'),
    during,
    after,
    readingMs: lastProgress - t0,
    storingMs: t1 - lastProgress,
    gap,
    updates: seen.length,
    describeDuring: describe(during),
    describeAfter: describe(after),
  };
}

/** The benchmarks page in a new browser context (empty storage: every import stores its runs and tables), observed. */
async function openBenchmarksPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(observe);
  await page.goto(`${baseURL}/#/benchmarks`);
  await page.getByTestId('benchmarks-page').waitFor();
  return { context, page };
}

export const suite: BenchSuite = {
  name: 'import-browser',
  async run() {
    const path = await ensureJsonl();
    const rows: BenchRow[] = [];
    const mb = statSync(path).size / 1e6;
    await withBrowser(async (browser, baseURL) => {
      const bare: { ms: number; lines: number }[] = [];
      /** The bare loop reading the file in the import's slices (BLOB_READ_BYTES), for reference. */
      const bareWide: { ms: number; lines: number }[] = [];
      const imports: PageImport[] = [];
      for (let i = 0; i < PAIRS; i++) {
        const { context, page } = await openBenchmarksPage(browser, baseURL);
        if (i === 0) await bareLoopInPage(page, path); // warm the disk cache and the parser
        await pageSettled(page);
        if (i % 2 === 0) {
          bare.push(await bareLoopInPage(page, path));
          bareWide.push(await bareLoopInPage(page, path, false, BLOB_READ_BYTES));
          imports.push(await importInPage(page, path));
        } else {
          imports.push(await importInPage(page, path));
          bareWide.push(await bareLoopInPage(page, path, false, BLOB_READ_BYTES));
          bare.push(await bareLoopInPage(page, path));
        }
        await context.close();
      }
      const ratios = imports.map((m, i) => m.ms / (bare[i] as { ms: number }).ms);
      const worst = <K extends 'during' | 'after'>(key: K) =>
        imports.reduce((a, b) => (Math.max(0, ...b[key].map((x) => x.duration)) > Math.max(0, ...a[key].map((x) => x.duration)) ? b : a));
      const wDuring = worst('during');
      const wAfter = worst('after');
      const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
      rows.push({
        suite: 'import-browser',
        metric: 'bare parse loop in a worker of the page, 1M lines',
        value: median(bare.map((b) => b.ms)),
        unit: 'ms',
        budget: null,
        direction: 'max',
        note: `median of ${PAIRS}: ${list(bare.map((b) => b.ms))}; ${bare[0]?.lines ?? 0} lines, 1 MiB chunks, TextDecoder + JSON.parse per line, one thread`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'import of 1M-line JSONL in the page',
        value: median(imports.map((m) => m.ms)),
        unit: 'ms',
        budget: null,
        direction: 'max',
        note: `median of ${PAIRS}: ${list(imports.map((m) => m.ms))}; ${mb.toFixed(0)} MB, status ${imports.map((m) => m.status).join('/')}; reading ${list(imports.map((m) => m.readingMs))} ms, then statistics + storing ${list(imports.map((m) => m.storingMs))} ms`,
      });
      rows.push({
        suite: 'import-browser',
        metric: `import in the page / bare loop in a worker (median of ${PAIRS} pairs)`,
        value: median(ratios),
        unit: '×',
        budget: 1.0,
        direction: 'max',
        note: `pairs: ${ratios.map((r) => r.toFixed(2)).join(', ')}`,
      });
      const wideRatios = imports.map((m, i) => m.ms / (bareWide[i] as { ms: number }).ms);
      rows.push({
        suite: 'import-browser',
        metric: `import in the page / bare loop reading ${BLOB_READ_BYTES >> 20} MiB slices (the import's reads), for reference`,
        value: median(wideRatios),
        unit: '×',
        budget: null,
        direction: 'max',
        note: `bare loop ${list(bareWide.map((b) => b.ms))} ms (median ${median(bareWide.map((b) => b.ms)).toFixed(0)}); pairs ${wideRatios.map((r) => r.toFixed(2)).join(', ')}: the import's byte source reads the file in ${BLOB_READ_BYTES >> 20} MiB slices and hands out 1 MiB chunks of them`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'longest main-thread task while the file is read',
        value: Math.max(0, ...wDuring.during.map((x) => x.duration)),
        unit: 'ms',
        budget: 50,
        direction: 'max',
        note: `${wDuring.during.length} long task(s) over 50 ms${wDuring.describeDuring}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'longest main-thread task storing + drawing results',
        value: Math.max(0, ...wAfter.after.map((x) => x.duration)),
        unit: 'ms',
        budget: 50,
        direction: 'max',
        note: `${wAfter.after.length} long task(s); statistics, storage and first render + 3 s${wAfter.describeAfter}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'longest gap between progress-bar updates while reading',
        value: Math.max(...imports.map((m) => m.gap)),
        unit: 'ms',
        budget: 250,
        direction: 'max',
        note: `${list(imports.map((m) => m.updates))} updates`,
      });
      // The same log as stored: .jsonl.gz against the bare loop over its unpacked stream, and
      // Parquet against the JSON Lines import of the same rows (as the page runs both: helpers
      // included), each of that pair in a new browser context of its own, so that both start from
      // the same state: empty storage, no runs on the page. (Imported after the .gz import in the
      // same page, Parquet also paid for the runs already there.)
      await ensureForms(path);
      const bareGz: number[] = [];
      const bareGzStream: number[] = [];
      const gzImports: PageImport[] = [];
      const parquetImports: PageImport[] = [];
      const jsonlPartners: PageImport[] = [];
      const inNewContext = async (file: string): Promise<PageImport> => {
        const { context, page } = await openBenchmarksPage(browser, baseURL);
        await pageSettled(page);
        const m = await importInPage(page, file);
        await context.close();
        return m;
      };
      for (let i = 0; i < PAIRS; i++) {
        const { context, page } = await openBenchmarksPage(browser, baseURL);
        await pageSettled(page);
        const bareOne = async () => {
          bareGz.push((await bareLoopInPage(page, GZ_PATH, 'slices')).ms);
          bareGzStream.push((await bareLoopInPage(page, GZ_PATH, 'stream')).ms);
        };
        if (i % 2 === 0) {
          await bareOne();
          gzImports.push(await importInPage(page, GZ_PATH));
        } else {
          gzImports.push(await importInPage(page, GZ_PATH));
          await bareOne();
        }
        await context.close();
        if (i % 2 === 0) {
          parquetImports.push(await inNewContext(PARQUET_PATH));
          jsonlPartners.push(await inNewContext(path));
        } else {
          jsonlPartners.push(await inNewContext(path));
          parquetImports.push(await inNewContext(PARQUET_PATH));
        }
      }
      for (const m of [...gzImports, ...parquetImports, ...jsonlPartners])
        if (m.status !== 'ok') throw new Error(`a stored form was not imported (status ${m.status})`);
      const gzRatios = gzImports.map((m, i) => m.ms / (bareGz[i] as number));
      const gzStreamRatios = gzImports.map((m, i) => m.ms / (bareGzStream[i] as number));
      const pqRatios = parquetImports.map((m, i) => m.ms / (jsonlPartners[i] as PageImport).ms);
      const longestStored = Math.max(0, ...[...gzImports, ...parquetImports].flatMap((m) => [...m.during, ...m.after].map((x) => x.duration)));
      rows.push({
        suite: 'import-browser',
        metric: 'bare loop over the unpacked .jsonl.gz in a worker of the page (1 MiB slices)',
        value: median(bareGz),
        unit: 'ms',
        budget: null,
        direction: 'max',
        note: `median of ${PAIRS}: ${list(bareGz)}; the file's 1 MiB slices through DecompressionStream, TextDecoder + JSON.parse per line, one thread; with Blob.stream() instead of slices ${list(bareGzStream)}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: '.jsonl.gz import in the page / bare loop over its unpacked stream',
        value: median(gzRatios),
        unit: '×',
        budget: 1.2,
        direction: 'max',
        note: `imports ${list(gzImports.map((m) => m.ms))} ms; pairs ${gzRatios.map((r) => r.toFixed(2)).join(', ')}; the bare loop reads the same 1 MiB slices as the import`,
      });
      rows.push({
        suite: 'import-browser',
        metric: '.jsonl.gz import in the page / bare loop over Blob.stream()',
        value: median(gzStreamRatios),
        unit: '×',
        budget: null,
        direction: 'max',
        note: `pairs ${gzStreamRatios.map((r) => r.toFixed(2)).join(', ')}: the browser's own stream of the file hands over larger pieces than slices; the importer reads slices (a Blob.stream() reader stalled on a 1.5 GB file)`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'Parquet import in the page / JSONL import of the same rows',
        value: median(pqRatios),
        unit: '×',
        budget: 1.0,
        direction: 'max',
        note: `Parquet ${list(parquetImports.map((m) => m.ms))} ms, JSONL ${list(jsonlPartners.map((m) => m.ms))} ms, each in a new browser context, alternating which goes first; pairs ${pqRatios.map((r) => r.toFixed(2)).join(', ')}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'longest main-thread task, .jsonl.gz and Parquet imports',
        value: longestStored,
        unit: 'ms',
        budget: 50,
        direction: 'max',
        note: 'reading, then storing + drawing',
      });
      // The 10,000,000-line log (~1.5 GB, no size limit): one pair, bare loop first.
      const big = await ensureJsonl10m();
      const { context, page } = await openBenchmarksPage(browser, baseURL);
      await pageSettled(page);
      const bare10 = await bareLoopInPage(page, big);
      const imp10 = await importInPage(page, big);
      await context.close();
      const mem10 = await worstPeak(baseURL, big);
      const mem1 = await worstPeak(baseURL, path, mem10.samples);
      rows.push({
        suite: 'import-browser',
        metric: 'peak memory in the page (JS + array buffers, page and workers), 1M lines',
        value: mem1.mb,
        unit: 'MB',
        budget: null,
        direction: 'max',
        note: `status ${mem1.status}; ${mem1.note}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'peak memory in the page (JS + array buffers, page and workers), 10M lines',
        value: mem10.mb,
        unit: 'MB',
        budget: 512,
        direction: 'max',
        note: `status ${mem10.status}; ${mem10.note}`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'peak memory growth in the page from 1M to 10M lines',
        value: mem10.mb / mem1.mb,
        unit: '×',
        budget: 1.3,
        direction: 'max',
        note: `${mem1.mb.toFixed(0)} → ${mem10.mb.toFixed(0)} MB`,
      });
      rows.push({
        suite: 'import-browser',
        metric: 'import in the page / bare loop in a worker, 10M lines (1.5 GB)',
        value: imp10.ms / bare10.ms,
        unit: '×',
        budget: 1.0,
        direction: 'max',
        note: `${imp10.ms.toFixed(0)} vs ${bare10.ms.toFixed(0)} ms, status ${imp10.status}; reading ${imp10.readingMs.toFixed(0)} ms; longest main-thread task ${Math.max(0, ...imp10.during.map((x) => x.duration), ...imp10.after.map((x) => x.duration)).toFixed(0)} ms; longest progress gap ${imp10.gap.toFixed(0)} ms`,
      });
    });
    return rows;
  },
};
