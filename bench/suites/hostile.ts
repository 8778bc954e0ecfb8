import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { SCENARIO_TYPE, SCENARIO_VERSION } from '../../src/core/scenario/schema';
import { withBrowser } from '../browser';
import type { BenchRow, BenchSuite } from '../types';

/**
 * Hostile inputs against the production build: for each, the longest main-thread task
 * (PerformanceObserver "longtask") and the peak memory of the tab (the resident size of the
 * browser's renderer processes, which hold the page and its workers, sampled every 100 ms from
 * /proc) from the moment the input goes in until the page has shown its answer and been quiet
 * for 2 s, or 90 s have passed. A tab that crashes is named as such.
 *
 * `BENCH_HOSTILE_ONLY=<text>` runs the cases whose name holds it. `BENCH_HOSTILE_DIST=<dir>` measures another build as it is (an older commit's `dist/`, to
 * compare before and after). Files are built inside the page from repeated parts, so a 200 MB
 * line is never on disk nor sent over the protocol. Linux only (it reads /proc).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A file made in the page: `head`, then `part` repeated `times`, then `tail`; or given bytes. */
type FileSpec = { name: string; head?: string; part?: string; times?: number; tail?: string; base64?: string };

interface HostileCase {
  name: string;
  route: string;
  /** Puts the input in; the page is open at `route`. */
  act: (page: Page) => Promise<void>;
  /** Text of the page's answer (a message, a refusal, the run); its first match ends the wait. */
  answer: RegExp;
  /** How long to wait for the answer (default 90 s). */
  limitMs?: number;
}

const MB = 1024 * 1024;
const oneLine = (name: string, mb: number, char = 'a'): FileSpec => ({ name, part: char.repeat(MB), times: mb });

/** Puts a file made in the page into the app: set on a file input (with its change event), or dropped on an element as a browser does. */
async function giveFile(page: Page, selector: string, spec: FileSpec, how: 'input' | 'drop'): Promise<void> {
  await page
    .locator(selector)
    .first()
    .waitFor({ state: how === 'input' ? 'attached' : 'visible', timeout: 30_000 });
  type Held = { __file?: File; __longest: number };
  // Building a 200 MB file is this script's task, not the app's: it runs in a task of its own,
  // and the longest task is counted from the one that hands the file over.
  await page.evaluate((f) => {
    const parts: BlobPart[] = [];
    if (f.base64 !== undefined) parts.push(Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0)));
    if (f.head) parts.push(f.head);
    for (let i = 0; i < (f.times ?? 0); i++) parts.push(f.part ?? '');
    if (f.tail) parts.push(f.tail);
    (window as unknown as Held).__file = new File(parts, f.name);
  }, spec);
  await page.waitForTimeout(300);
  await page.evaluate(
    ({ sel, drop }) => {
      const w = window as unknown as Held;
      w.__longest = 0;
      const dt = new DataTransfer();
      if (w.__file) dt.items.add(w.__file);
      delete w.__file;
      const el = document.querySelector(sel) as HTMLElement;
      if (drop) {
        el.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
        el.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      } else {
        (el as HTMLInputElement).files = dt.files;
        el.dispatchEvent(new Event('change', { bubbles: true }));
      }
    },
    { sel: selector, drop: how === 'drop' },
  );
}

const setFile = (page: Page, selector: string, spec: FileSpec) => giveFile(page, selector, spec, 'input');
const dropFile = (page: Page, selector: string, spec: FileSpec) => giveFile(page, selector, spec, 'drop');

function nestedNotes(levels: number): string {
  return `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"notes":${'['.repeat(levels)}1${']'.repeat(levels)}}`;
}

function manyUnknownKeys(count: number): string {
  const keys = Array.from({ length: count }, (_, i) => `"unknown${i}":1`).join(',');
  return `{"type":"${SCENARIO_TYPE}","version":${SCENARIO_VERSION},"workload":{${keys}}}`;
}

const wideHeader = (columns: number) =>
  `${Array.from({ length: columns }, (_, i) => `c${i}`).join(',')}\n${Array.from({ length: columns }, () => '1').join(',')}\n`;

// Real files (fixtures/usage/SOURCES.md, fixtures/bench/SOURCES.md).
const usageExport = readFileSync(join(root, 'fixtures', 'usage', 'REAL_openai_usage_export_completions.tsv'));
const llmperfSummary = readFileSync(join(root, 'fixtures', 'bench', 'llmperf', 'leaderboard_groq_70b_summary.json'), 'utf8');

function utf16leWithBom(text: string): string {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]).toString('base64');
}

async function openLibraryImport(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(My scenarios|Meine Szenarien)/ }).click();
}

const CASES: HostileCase[] = [
  {
    name: 'link: notes nested 3,000 levels (66 characters)',
    route: '/#/tco?s=1.ePmHfcpz7dcxDQAACMAwoQQpeIcDAZwcrYll9-WaiuxFBQAA8F4CAADvVQMjZ39G',
    act: async () => {},
    answer: /too deep|could not be|incomplete/i,
    limitMs: 20_000,
  },
  {
    name: 'scenario file: notes nested 100,000 levels (200 KB)',
    route: '/#/tco',
    act: async (page) => {
      await openLibraryImport(page);
      await setFile(page, '[data-testid="import-json"]', { name: 'deep.json', head: nestedNotes(100_000) });
    },
    answer: /deep\.json/,
  },
  {
    name: 'scenario file: 60,000 unknown keys',
    route: '/#/tco',
    act: async (page) => {
      await openLibraryImport(page);
      await setFile(page, '[data-testid="import-json"]', { name: 'keys.json', head: manyUnknownKeys(60_000) });
    },
    answer: /unknown0|keys\.json|Opened/,
  },
  ...[20, 200].map((mb) => ({
    name: `usage: one line of ${mb} MB`,
    route: '/#/usage',
    act: (page: Page) => setFile(page, '[data-testid="usage-file-input"]', oneLine(`line-${mb}mb.csv`, mb)),
    answer: new RegExp(`line-${mb}mb\\.csv`),
  })),
  {
    name: 'usage: header of 100,000 columns',
    route: '/#/usage',
    act: (page) => setFile(page, '[data-testid="usage-file-input"]', { name: 'wide.csv', head: wideHeader(100_000) }),
    answer: /wide\.csv/,
  },
  {
    name: 'usage: a gzip-compressed CSV',
    route: '/#/usage',
    act: (page) => setFile(page, '[data-testid="usage-file-input"]', { name: 'usage.tsv.gz', base64: gzipSync(usageExport).toString('base64') }),
    answer: /usage\.tsv\.gz/,
  },
  ...[50, 200].map((mb) => ({
    name: `engine log: ${mb} MB file`,
    route: '/#/hardware',
    act: (page: Page) =>
      setFile(page, '[data-testid="hw-engine-log"] input[type="file"]', {
        name: `engine-${mb}mb.log`,
        part: `${'INFO 01-01 00:00:00 [worker.py:1] nothing to see here '.repeat(18)}\n`.repeat(1024).slice(0, MB),
        times: mb,
      }),
    answer: /bytes; at most|Bytes; gelesen|Read as|too large/i,
    // The message sits in the card's status line.
  })),
  {
    name: 'benchmarks: header of 100,000 columns, then "Choose columns…"',
    route: '/#/benchmarks',
    act: async (page) => {
      await dropFile(page, '[data-testid="drop-zone"]', { name: 'wide.csv', head: wideHeader(100_000) });
      // A build that refuses the header shows no such button: that is its answer.
      const choose = page.getByRole('button', { name: 'Choose columns…' }).first();
      const refused = page.getByText(/wide\.csv could not be/).first();
      const first = await Promise.race([
        choose.waitFor({ timeout: 90_000 }).then(() => 'choose'),
        refused.waitFor({ timeout: 90_000 }).then(() => 'refused'),
      ]).catch(() => 'none');
      if (first === 'choose') await choose.click({ timeout: 90_000 });
    },
    answer: /wide\.csv/,
  },
  {
    name: 'benchmarks: an llmperf result in UTF-16 with a BOM',
    route: '/#/benchmarks',
    act: (page) => dropFile(page, '[data-testid="drop-zone"]', { name: 'utf16.json', base64: utf16leWithBom(llmperfSummary) }),
    answer: /utf16\.json/,
  },
];

/** Pids of the renderer processes of the Chromium this process started. */
function rendererPids(): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const mine = (pid: number): boolean => {
    for (let p = parent.get(pid); p !== undefined && p > 1; p = parent.get(p)) if (p === process.pid) return true;
    return false;
  };
  return [...parent.keys()].filter((pid) => {
    if (!mine(pid)) return false;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The browser's own UI has a renderer too: not the tab's.
      return cmd.includes('--type=renderer') && !cmd.includes('--top-chrome-webui');
    } catch {
      return false;
    }
  });
}

function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

interface Outcome {
  longestTaskMs: number;
  peakMb: number;
  baselineMb: number;
  answeredMs: number | null;
  crashed: boolean;
  excerpt: string;
  pageChars: number;
}

async function runCase(browser: Browser, baseURL: string, c: HostileCase): Promise<Outcome> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __longest: number; __lastLong: number };
    w.__longest = 0;
    w.__lastLong = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__longest = Math.max(w.__longest, e.duration);
        w.__lastLong = e.startTime + e.duration;
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  let crashed = false;
  page.on('crash', () => (crashed = true));
  await page.goto(`${baseURL}${c.route}`);
  // A blank page has no header: that is an answer too.
  await page
    .locator('header')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1000);
  // Long tasks of the start-up are not the input's.
  await page.evaluate(() => ((window as unknown as { __longest: number }).__longest = 0));
  const baseline = rssMb(rendererPids());
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(rendererPids()))), 100);
  const t0 = Date.now();
  let answeredMs: number | null = null;
  let excerpt = '';
  try {
    await c.act(page);
    const hit = page.getByText(c.answer).first();
    // The answer is what shows once reading has ended: a progress bar still there is not one.
    await hit
      .waitFor({ timeout: c.limitMs ?? 90_000 })
      .then(() =>
        page.waitForFunction(() => document.querySelector('[role="progressbar"]') === null, undefined, { timeout: c.limitMs ?? 90_000, polling: 250 }),
      )
      .then(
        async () => {
          answeredMs = Date.now() - t0;
          // The element around the hit holds the reason too (a message's list of problems).
          excerpt = (
            (await hit
              .locator('xpath=..')
              .textContent({ timeout: 5000 })
              .catch(() => '')) ?? ''
          )
            .replace(/\s+/g, ' ')
            .slice(0, 220);
        },
        () => undefined,
      );
    // Quiet for 2 s: no long task ended in the last 2 s (the page answers the question itself).
    const until = Date.now() + 90_000;
    while (!crashed && Date.now() < until) {
      const quiet = await page.evaluate(() => performance.now() - (window as unknown as { __lastLong: number }).__lastLong > 2000).catch(() => false);
      if (quiet) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    excerpt ||= `error: ${String(e).slice(0, 120)}`;
  }
  clearInterval(sampler);
  const longest = crashed ? Number.NaN : await page.evaluate(() => (window as unknown as { __longest: number }).__longest).catch(() => Number.NaN);
  const pageChars = crashed ? Number.NaN : await page.evaluate(() => document.body.innerText.length).catch(() => Number.NaN);
  await context.close().catch(() => undefined);
  return { longestTaskMs: longest, peakMb: peak, baselineMb: baseline, answeredMs, crashed, excerpt, pageChars };
}

export const suite: BenchSuite = {
  name: 'hostile',
  async run() {
    const dist = process.env.BENCH_HOSTILE_DIST;
    const label = dist ? `build ${dist}` : 'this build';
    return withBrowser(async (browser, baseURL) => {
      const rows: BenchRow[] = [];
      const only = process.env.BENCH_HOSTILE_ONLY;
      for (const c of CASES.filter((k) => !only || k.name.includes(only))) {
        process.stderr.write(`  ${c.name}…\n`);
        const o = await runCase(browser, baseURL, c);
        const what = o.crashed
          ? 'TAB CRASHED'
          : o.answeredMs === null
            ? `no answer within ${(c.limitMs ?? 90_000) / 1000} s`
            : `answered in ${(o.answeredMs / 1000).toFixed(1)} s: "${o.excerpt}"`;
        const note = `${label}; ${what}; page text ${Number.isFinite(o.pageChars) ? o.pageChars.toLocaleString('en-US') : '?'} characters`;
        rows.push({ suite: 'hostile', metric: `${c.name}: longest main-thread task`, value: o.longestTaskMs, unit: 'ms', budget: 200, direction: 'max', note });
        rows.push({
          suite: 'hostile',
          metric: `${c.name}: peak renderer memory`,
          value: o.peakMb,
          unit: 'MB',
          budget: null,
          direction: 'max',
          note: `${o.baselineMb.toFixed(0)} MB before the input; ${note}`,
        });
        process.stderr.write(`    ${o.longestTaskMs.toFixed(0)} ms, ${o.peakMb.toFixed(0)} MB (from ${o.baselineMb.toFixed(0)} MB); ${note}\n`);
      }
      return rows;
    }, dist);
  },
};
