import { defaultScenario } from '../../src/core/scenario/defaults';
import type { Scenario } from '../../src/core/scenario/schema';
import { hardwareApi } from '../../src/worker/hardware-api';
import { median, percentile, type BenchRow, type BenchSuite } from '../types';

/**
 * Hardware fit: recomputing the minimum-GPU table over the whole GPU catalog, measured on the
 * worker-side function (the same code the worker runs). Budget from the issue: ≤ 5 ms median.
 * Also reports the full page report (memory, frontier, table, roofline) without a budget.
 */
const RUNS = 200;
const WARMUP = 20;

function scenarios(): { label: string; scenario: Scenario }[] {
  const base = defaultScenario();
  const k3 = defaultScenario();
  k3.selfHosted.modelId = 'kimi-k3';
  k3.hardware.weightFormat = 'mxfp4';
  k3.hardware.contextLength = 1_048_576;
  k3.hardware.concurrentSequences = 64;
  const llama = defaultScenario();
  llama.selfHosted.modelId = 'llama-3.1-405b';
  llama.hardware.weightFormat = 'bf16';
  return [
    { label: 'default (Kimi K2.6, 48 × 64K)', scenario: base },
    { label: 'Kimi K3 MXFP4, 64 × 1M context', scenario: k3 },
    { label: 'Llama-3.1-405B BF16', scenario: llama },
  ];
}

function time(fn: () => unknown): number[] {
  for (let i = 0; i < WARMUP; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return samples;
}

export const suite: BenchSuite = {
  name: 'hardware',
  async run() {
    const rows: BenchRow[] = [];
    for (const { label, scenario } of scenarios()) {
      // Vary the scenario every run so nothing can be cached between calls.
      let i = 0;
      const table = time(() => {
        i++;
        return hardwareApi.hardwareFitTable({
          ...scenario,
          hardware: { ...scenario.hardware, concurrentSequences: scenario.hardware.concurrentSequences + (i % 2) },
        });
      });
      rows.push({
        suite: 'hardware',
        metric: `fit table over GPU catalog, median: ${label}`,
        value: median(table),
        unit: 'ms',
        budget: 5,
        direction: 'max',
        note: `p95 ${percentile(table, 95).toFixed(2)} ms over ${RUNS} runs`,
      });
      const report = time(() => hardwareApi.hardwareReport(scenario));
      rows.push({
        suite: 'hardware',
        metric: `full hardware report, median: ${label}`,
        value: median(report),
        unit: 'ms',
        budget: null,
        direction: 'max',
        note: `p95 ${percentile(report, 95).toFixed(2)} ms`,
      });
    }
    return rows;
  },
};
