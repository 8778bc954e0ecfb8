import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchRow, BenchSuite } from './types';

/**
 * `npm run bench [-- suite-name …]`: runs every suite in bench/suites, prints one table
 * (metric, value, budget, pass/fail) and writes it as JSON to bench/results/.
 * Figures, not tests: a missed budget is reported, not fatal.
 */
const here = dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const files = (await readdir(join(here, 'suites'))).filter((f) => f.endsWith('.ts')).sort();
  const rows: BenchRow[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, 'suites', file)).href)) as { suite: BenchSuite };
    if (only.length > 0 && !only.includes(mod.suite.name)) continue;
    process.stderr.write(`running ${mod.suite.name}…\n`);
    try {
      rows.push(...(await mod.suite.run()));
    } catch (e) {
      process.stderr.write(`suite ${mod.suite.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      rows.push({ suite: mod.suite.name, metric: 'suite failed', value: Number.NaN, unit: '', budget: null, direction: 'max', note: String(e) });
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
