import { chooseOperatingPoint } from '../capacity/operating-point';
import type { Slo } from '../schemas/slo';
import { seriesOfStored } from '../capacity/stored';
import type { StoredSeries } from '../schemas/stored-capacity';
import { kvTerms, memoryBreakdown } from '../hardware/fit';
import { maxConcurrency } from '../hardware/frontier';
import { batchGrid, decodeStep, prefill, rooflineContext, type RooflineSettings } from '../hardware/roofline';
import type { FitInput, HardwareScenario } from '../hardware/setup';
import { kvTransfer, type KvTransfer } from '../tco/pools';
import type { ReplicaShape } from './candidates';

/**
 * The rates of one prefill worker and one decode worker of a replica shape, from the roofline
 * (docs/plans.md §1c), the way Dynamo's planner sizes its pools from measured sweeps:
 * - prefill (compute-bound): requests/s at the TTFT target on the uncached input. A request
 *   waits for the batch in progress and then its own, so a batch may take at most half the
 *   TTFT target less the KV transfer; the largest such batch (of at most 16,384 prompt tokens,
 *   a usual chunked-prefill budget) sets the rate, B ÷ its time;
 * - decode (memory-bound): requests/s at the ITL target at context ISL + OSL ÷ 2: the largest
 *   batch that fits the KV room and steps within the target, b ÷ (OSL × step time);
 * - the KV of each prompt goes from prefill to decode (pools.ts kvTransfer); a prefill worker
 *   serves no faster than its link carries.
 * The estimate has no spread, so a limit at any percentile is its target. An end-to-end limit
 * is checked as TTFT target + OSL × step time.
 */
export interface PoolEstimate {
  prefillRequestsPerSecond: number;
  decodeRequestsPerSecond: number;
  prefillBatch: number;
  decodeBatch: number;
  /** Time one prefill batch takes, ms, and the decode step at that batch, ms. */
  prefillBatchMs: number;
  decodeStepMs: number;
  kv: KvTransfer;
  /** The link, not the GPUs, caps the prefill worker. */
  linkBound: boolean;
}

export type PoolEstimateFailure = { code: 'no-output' } | { code: 'does-not-fit' } | { code: 'slo-unreachable'; failing: ('ttft' | 'itl' | 'e2el')[] };

export interface PoolLengths {
  inputTokens: number;
  uncachedInputTokens: number;
  outputTokens: number;
}

const PREFILL_TOKEN_BUDGET = 16_384;

/** The targets of an SLO for the pools: TTFT, ITL (TPOT and the per-user floor) and end-to-end, ms; Infinity without. */
export function poolTargets(slo: Slo): { ttftMs: number; itlMs: number; e2elMs: number } {
  let ttftMs = Number.POSITIVE_INFINITY;
  let itlMs = Number.POSITIVE_INFINITY;
  let e2elMs = Number.POSITIVE_INFINITY;
  for (const l of slo.limits) {
    if (l.metric === 'ttft') ttftMs = Math.min(ttftMs, l.maxMs);
    else if (l.metric === 'e2el') e2elMs = Math.min(e2elMs, l.maxMs);
    else itlMs = Math.min(itlMs, l.maxMs);
  }
  if (slo.minTokensPerSPerUser !== null && slo.minTokensPerSPerUser > 0) itlMs = Math.min(itlMs, 1000 / slo.minTokensPerSPerUser);
  return { ttftMs, itlMs, e2elMs };
}

export function estimatePools(
  scenario: HardwareScenario,
  input: FitInput,
  shape: ReplicaShape,
  lengths: PoolLengths,
  slo: Slo,
): PoolEstimate | PoolEstimateFailure {
  if (!(lengths.outputTokens > 0)) return { code: 'no-output' };
  const at: FitInput = { ...input, gpu: shape.gpu, gpuCount: shape.fit.layout.gpus, gpusPerNode: shape.gpusPerNode };
  const layout = shape.fit.layout;
  const memory = memoryBreakdown(at, layout);
  if (!memory.verdict.fits) return { code: 'does-not-fit' };
  const h = scenario.hardware;
  const settings: RooflineSettings = { bandwidthEfficiency: h.bandwidthEfficiency, computeEfficiency: h.computeEfficiency, stepOverheadMs: h.stepOverheadMs };
  const rc = rooflineContext(at, layout, memory.weights, settings);
  const targets = poolTargets(slo);
  const failing: ('ttft' | 'itl' | 'e2el')[] = [];

  // The KV one prompt leaves behind, all of it: the decode worker needs the whole context.
  const isl = Math.max(1, Math.round(lengths.inputTokens));
  const kvBytes = kvTerms(at.model, memory.kv.sizing, layout, 1, isl).reduce((sum, g) => sum + g.uniqueBytes, 0);
  // The pools share the scale-up domain only when it is rack-scale (room for at least four
  // workers, NVL72): a board of 8 holds one pair at most, so the KV goes over the network.
  const kv = kvTransfer(
    kvBytes,
    layout.gpus,
    { gbpsPerGpu: shape.gpu.interconnect.scaleUpGBps, domainSize: shape.gpu.interconnect.domainSize },
    4 * layout.gpus,
  );

  // Prefill: the largest batch whose time fits half the TTFT left after the transfer.
  const uncached = Math.max(1, Math.round(lengths.uncachedInputTokens));
  const budgetMs = (targets.ttftMs - kv.ms) / 2;
  let prefillBatch = 0;
  let prefillBatchMs = 0;
  for (let b = 1; b === 1 || b * uncached <= PREFILL_TOKEN_BUDGET; b *= 2) {
    const ms = prefill(rc, uncached, b).ttftMs;
    if (!(ms <= budgetMs)) break;
    prefillBatch = b;
    prefillBatchMs = ms;
    if (b >= 1024) break;
  }
  if (prefillBatch === 0) failing.push('ttft');

  // Decode: the largest batch that fits the KV room at the mean context and steps within the ITL target.
  const context = Math.max(1, Math.min(at.contextLength, Math.round(lengths.inputTokens + lengths.outputTokens / 2)));
  const room = maxConcurrency(at.model, memory.kv.sizing, layout, memory.kvAvailablePerGpu, context);
  let decodeBatch = 0;
  let decodeStepMs = 0;
  for (const b of batchGrid(Math.max(1, room), Math.max(1, Math.min(room, at.concurrentSequences)))) {
    if (b > room) break;
    const step = decodeStep(rc, b, context).stepMs;
    if (!(step <= targets.itlMs)) break;
    decodeBatch = b;
    decodeStepMs = step;
  }
  if (decodeBatch === 0) failing.push('itl');
  if (failing.length === 0 && Number.isFinite(targets.e2elMs)) {
    const ttft = Number.isFinite(targets.ttftMs) ? targets.ttftMs : 2 * prefillBatchMs + kv.ms;
    if (!(ttft + lengths.outputTokens * decodeStepMs <= targets.e2elMs)) failing.push('e2el');
  }
  if (failing.length > 0) return { code: 'slo-unreachable', failing };

  const compute = (prefillBatch * 1e3) / prefillBatchMs;
  const prefillRequestsPerSecond = Math.min(compute, kv.requestsPerSecond);
  return {
    prefillRequestsPerSecond,
    decodeRequestsPerSecond: (decodeBatch * 1e3) / (lengths.outputTokens * decodeStepMs),
    prefillBatch,
    decodeBatch,
    prefillBatchMs,
    decodeStepMs,
    kv,
    linkBound: kv.requestsPerSecond < compute,
  };
}

/**
 * A sweep of one phase, by its request lengths: prefill-only (at most 16 output tokens a request,
 * e.g. `--random-output-len 1`) or decode-heavy (output at least 4× the input). Null: both phases.
 */
export function phaseOf(s: Pick<StoredSeries, 'inputTokens' | 'outputTokens'>): 'prefill' | 'decode' | null {
  if (s.outputTokens !== null && s.outputTokens <= 16) return 'prefill';
  if (s.outputTokens !== null && s.inputTokens !== null && s.outputTokens >= 4 * s.inputTokens) return 'decode';
  return null;
}

export interface MeasuredPools {
  prefillRequestsPerSecond: number;
  decodeRequestsPerSecond: number;
  prefill: StoredSeries;
  decode: StoredSeries;
}

/**
 * Pool rates from two measured sweeps of one GPU and count (docs/plans.md §1c): the prefill-only
 * sweep's input tokens/s at its operating point under the TTFT limits, per uncached input token
 * of the workload's request; the decode-heavy sweep's output tokens/s under the ITL (TPOT) limits
 * and the tokens/s-per-user floor, per output token of the workload's request. Null without both
 * sweeps, or when a sweep has no point within its limits (the estimate stands in then).
 */
export function measuredPools(series: readonly StoredSeries[], lengths: PoolLengths, slo: Slo): MeasuredPools | null {
  const prefill = series.find((s) => phaseOf(s) === 'prefill');
  const decode = series.find((s) => phaseOf(s) === 'decode');
  if (!prefill || !decode) return null;
  const p = chooseOperatingPoint(seriesOfStored(prefill), { ...slo, limits: slo.limits.filter((l) => l.metric === 'ttft'), minTokensPerSPerUser: null }).chosen;
  const d = chooseOperatingPoint(seriesOfStored(decode), { ...slo, limits: slo.limits.filter((l) => l.metric === 'itl' || l.metric === 'tpot') }).chosen;
  if (!p || !d || p.totalTokensPerS === null || d.outputTokensPerS === null) return null;
  const inputPerS = p.totalTokensPerS - (p.outputTokensPerS ?? 0);
  const prefillRequestsPerSecond = inputPerS / Math.max(1, lengths.uncachedInputTokens);
  const decodeRequestsPerSecond = d.outputTokensPerS / Math.max(1, lengths.outputTokens);
  if (!(prefillRequestsPerSecond > 0) || !(decodeRequestsPerSecond > 0)) return null;
  return { prefillRequestsPerSecond, decodeRequestsPerSecond, prefill, decode };
}
