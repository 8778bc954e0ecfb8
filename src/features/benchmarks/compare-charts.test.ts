import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportLegend, legendItems } from '../../components/chart-config';
import { importFile } from '../../core/benchmarks/importer';
import { memorySource } from '../../core/benchmarks/memory-source';
import { translate } from '../../lib/i18n/define';
import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { platformHost } from '../../platform/host';
import { runsConfig, seriesDash } from './compare-charts';
import { benchmarksMessages, type BenchT } from './messages';

const t: BenchT = (key, params) => translate(benchmarksMessages, 'en', key, params);

async function vllmRun() {
  const path = 'vllm/er0080_bench_serve_v0.25.1.json';
  const file = await importFile(memorySource(path, new Uint8Array(readFileSync(resolve(BENCH_FIXTURES, path)))), platformHost());
  const run = file.runs[0];
  if (!run) throw new Error('fixture has no run');
  return run;
}

describe('compared runs as one chart config', () => {
  it('names each run by its tag and full name, colours by position, dashes runs beyond six', async () => {
    const base = await vllmRun();
    // Seven runs of the same file; the second carries the label the user gave it.
    const runs = Array.from({ length: 7 }, (_, i) => ({ ...base, id: `run-${i}`, label: i === 1 ? 'warm cache' : base.label }));
    const config = runsConfig(t, 'en', runs, (_, i) => ({ dash: seriesDash(i) }));
    const legend = exportLegend(config);
    // The file is vLLM's bench_serve of facebook/opt-125m (engine = tool, so not repeated), at
    // "max_concurrency": 2; the load tells the runs of a sweep apart.
    expect(legend.items[0]).toEqual({ label: 'R1 vLLM · facebook/opt-125m · concurrency 2', colour: 'var(--series-api)', swatch: 'line' });
    expect(legend.items[1]?.label).toBe('R2 vLLM · facebook/opt-125m · concurrency 2 · warm cache');
    // Six theme colours, in the Okabe-Ito order of the page; the seventh run repeats the first
    // colour, dashed (6 3) so it stays apart from R1.
    expect(legend.items.map((i) => i.colour)).toEqual([
      'var(--series-api)',
      'var(--series-self)',
      'var(--series-hybrid)',
      'var(--series-4)',
      'var(--series-5)',
      'var(--series-6)',
      'var(--series-api)',
    ]);
    expect(legend.items[6]).toEqual({ label: 'R7 vLLM · facebook/opt-125m · concurrency 2', colour: 'var(--series-api)', swatch: 'dashed', dash: '6 3' });
    // The page's legend keys its entries by run id (data-run-id) and shows the tag in bold.
    expect(legendItems(config).map((i) => [i.key, i.label])[3]).toEqual(['run-3', 'R4']);
  });

  it('bars get block swatches and no dash, whatever their position', async () => {
    const base = await vllmRun();
    const runs = Array.from({ length: 7 }, (_, i) => ({ ...base, id: `run-${i}` }));
    const items = legendItems(runsConfig(t, 'en', runs, () => ({ kind: 'bar', dash: undefined })));
    expect(items.map((i) => i.swatch)).toEqual(Array(7).fill('block'));
    expect(items.every((i) => i.dash === undefined)).toBe(true);
  });
});
