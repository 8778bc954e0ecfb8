import type { HardwareReport } from '../hardware/report';
import { interactivityOf, type CapacityPoint, type CapacitySeries } from './series';

/**
 * The roofline estimate as a curve over concurrency (docs/capacity.md §1, hardware reference
 * §5). The hardware page already computes the decode step time for each batch size B; one
 * cycle of B requests prefills their uncached prompts together and then decodes their output
 * in shared steps, as in the single-figure estimate:
 *
 *   output tok/s(B) = B × output ÷ (B × prefill per request + output × step(B))
 *   TPOT = ITL = step(B); TTFT = the batch's prefill (B × prefill per request, at least one
 *   idle prefill); E2E = TTFT + output × step(B)
 *
 * The estimate has no distribution: every percentile carries the same value. Batch sizes that
 * do not fit in memory at the context length are left out (not an operating point).
 */
export function seriesFromRoofline(
  report: {
    roofline: HardwareReport['roofline'];
    model: Pick<HardwareReport['model'], 'id' | 'name'>;
    gpu: Pick<HardwareReport['gpu'], 'id' | 'name'>;
    setup: Pick<HardwareReport['setup'], 'weightFormat'>;
  },
  gpus: number,
): CapacitySeries | null {
  const r = report.roofline;
  const out = r.outputTokensPerRequest;
  if (!(out > 0) || r.estimate.kind !== 'ok') return null;
  const prefillPerRequestMs = r.estimate.batch > 0 ? r.estimate.prefillMsPerCycle / r.estimate.batch : 0;
  const points = r.series
    .filter((s) => s.fitsInMemory && s.stepMs > 0)
    .map((s): CapacityPoint => {
      const ttft = Math.max(r.ttft.ttftMs, s.batch * prefillPerRequestMs);
      const outputTokensPerS = (s.batch * out * 1e3) / (s.batch * prefillPerRequestMs + out * s.stepMs);
      const totalTokensPerS = outputTokensPerS * ((r.promptTokens + out) / out);
      const all = (v: number) => ({ p50: v, p90: v, p95: v, p99: v, mean: v });
      const tpotMs = all(s.stepMs);
      const inter = interactivityOf(tpotMs);
      return {
        concurrency: s.batch,
        requestRate: null,
        load: s.batch,
        outputTokensPerS,
        totalTokensPerS,
        outputTokensPerSPerGpu: outputTokensPerS / gpus,
        totalTokensPerSPerGpu: totalTokensPerS / gpus,
        ttftMs: all(ttft),
        tpotMs,
        itlMs: all(s.stepMs),
        e2elMs: all(ttft + out * s.stepMs),
        interactivity: inter.value,
        interactivityFrom: inter.from,
        successShare: null,
        requests: null,
        runId: null,
      };
    });
  if (points.length === 0) return null;
  return {
    key: `roofline:${report.model.id}|${report.gpu.id}|${gpus}`,
    label: `${report.model.name} · ${gpus}× ${report.gpu.name} · roofline`,
    kind: 'estimated',
    origin: { kind: 'estimated', method: 'roofline' },
    config: {
      model: report.model.name,
      engine: null,
      hardware: report.gpu.name,
      gpus,
      precision: report.setup.weightFormat,
      parallelism: null,
      inputTokens: r.promptTokens,
      outputTokens: out,
      dataset: null,
    },
    loadKind: 'concurrency',
    points,
    notes: [],
  };
}
