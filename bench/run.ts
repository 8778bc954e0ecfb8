import { spawn } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './types';

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
  for (const file of files) {
    const suite = await loadSuite(file);
    if (only.length > 0 && !only.includes(suite.name)) continue;
    process.stderr.write(`running ${suite.name}…\n`);
    try {
      rows.push(...(await runInChild(file, runId)));
    } catch (e) {
      process.stderr.write(`suite ${suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      rows.push({ suite: suite.name, metric: 'suite failed', value: Number.NaN, unit: '', budget: null, direction: 'max', note: String(e) });
    }
  }
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
