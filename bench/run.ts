import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, type BenchRow, type BenchSuite } from './types';

/**
 * `npm run bench [-- suite-name …]`: runs every suite in bench/suites, prints one table
 * (metric, value, budget, pass/fail) and writes it as JSON to bench/results/.
 * Figures, not tests: a missed budget is reported, not fatal.
 *
 * Each suite runs in a Node process of its own (this script with `--suite <file>`, which prints
 * the suite's rows as JSON on its last line): no suite pays for the heap, the helper threads or
 * the compiled code another left behind (the plan search, timed right after the 10M-line
 * imports in the same process, was up to 40 % slower than alone).
 */
const here = dirname(fileURLToPath(import.meta.url));
const ROWS_MARK = 'BENCH-ROWS ';

/**
 * A fixed piece of work like the product's (JSON.parse of 20,000 request lines, a sort of 200,000
 * numbers), timed in this process before each suite: how fast the machine was at that moment.
 * A shared machine sometimes runs everything 1.5–2× slower for minutes; the spread of these
 * times says whether a run's figures were taken in such a moment.
 */
function referenceMs(): number {
  const lines = Array.from(
    { length: 20_000 },
    (_, i) =>
      `{"ts":"2026-01-15T10:00:${String(i % 60).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}Z","model":"m","status":"ok","ttft_ms":${(i * 7919) % 1000}.5,"duration_ms":${(i * 104729) % 20000}.25,"in_tok":${i % 4000},"out_tok":${i % 700}}`,
  );
  const values = new Float64Array(200_000);
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    const t0 = performance.now();
    for (const line of lines) JSON.parse(line);
    for (let i = 0; i < values.length; i++) values[i] = (i * 2654435761) % 1_000_003;
    values.sort();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function loadSuite(file: string): Promise<BenchSuite> {
  return ((await import(pathToFileURL(join(here, 'suites', file)).href)) as { suite: BenchSuite }).suite;
}

/** The suite's rows, from a process of its own (stderr passes through: progress lines). */
function runInChild(file: string, runId: string): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--suite', file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_RUN_ID: runId },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith(ROWS_MARK));
      if (line) resolve(JSON.parse(line.slice(ROWS_MARK.length)) as BenchRow[]);
      else reject(new Error(`the suite's process exited ${code} without rows`));
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--suite') {
    const suite = await loadSuite(args[1] as string);
    process.stdout.write(`${ROWS_MARK}${JSON.stringify(await suite.run())}\n`);
    // Helper threads and servers a suite leaves behind must not keep its process waiting.
    process.exit(0);
  }
  const only = args;
  const files = (await readdir(join(here, 'suites'))).filter((f) => f.endsWith('.ts')).sort();
  const runId = `${process.pid}-${Date.now()}`;
  const rows: BenchRow[] = [];
  const reference: [string, number][] = [];
  for (const file of files) {
    const suite = await loadSuite(file);
    if (only.length > 0 && !only.includes(suite.name)) continue;
    reference.push([suite.name, referenceMs()]);
    process.stderr.write(`running ${suite.name}…\n`);
    try {
      rows.push(...(await runInChild(file, runId)));
    } catch (e) {
      process.stderr.write(`suite ${suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      rows.push({ suite: suite.name, metric: 'suite failed', value: Number.NaN, unit: '', budget: null, direction: 'max', note: String(e) });
    }
  }
  const times = reference.map(([, ms]) => ms);
  rows.push({
    suite: 'machine',
    metric: 'reference work before each suite, slowest / fastest',
    value: Math.max(...times) / Math.min(...times),
    unit: '×',
    budget: null,
    direction: 'max',
    note: reference.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', '),
  });
  const table = rows.map((r) => {
    const pass = r.budget === null ? 'n/a' : (r.direction === 'max' ? r.value <= r.budget : r.value >= r.budget) ? 'pass' : 'MISS';
    const fmt = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2));
    return {
      suite: r.suite,
      metric: r.metric,
      value: `${fmt(r.value)} ${r.unit}`.trim(),
      budget: r.budget === null ? '' : `${r.direction === 'max' ? '≤' : '≥'} ${fmt(r.budget)} ${r.unit}`.trim(),
      result: pass,
      note: r.note ?? '',
    };
  });
  const cols = ['suite', 'metric', 'value', 'budget', 'result'] as const;
  const widths = cols.map((c) => Math.max(c.length, ...table.map((t) => t[c].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(line([...cols]));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const t of table) console.log(line(cols.map((c) => t[c])));
  await mkdir(join(here, 'results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = join(here, 'results', `bench-${stamp}.json`);
  await writeFile(out, JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2));
  await writeFile(join(here, 'results', 'latest.json'), JSON.stringify({ date: new Date().toISOString(), node: process.version, rows }, null, 2));
  process.stderr.write(`written ${out}\n`);
}

void main();
