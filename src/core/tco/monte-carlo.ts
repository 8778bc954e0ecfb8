import { DEFAULT_UNCERTAIN_KEYS, UNCERTAIN_INPUTS, UNCERTAINTY_KEYS, draftOf, isUncertaintyKey, rangeFor, type InputRange } from './inputs';
import { resolveCapacity } from '../capacity/stored';
import { buildModel, replicasUsed, type TcoUncertainScenario } from './model';
import { demandShape } from './profile';
import { createRandom, triangular } from './random';
import { horizonOutcome } from './horizon';
import { decidedHybridReplicas, optionSaving, testedOption, type TestedOption } from './recommended';
import { breakEvenOutcome, modelOfDraft, savingOf } from './sensitivity';

/**
 * Uncertainty (SPEC §3): inputs given as low/base/high ranges are sampled from a triangular
 * distribution with its mode at the base value, independently of each other; every sample is
 * a full comparison with the API. The result is the distribution of the monthly saving of the
 * option the verdict recommends (the hybrid when it wins, else self-hosting; recommended.ts),
 * the probability that it is cheaper, the probability of needing another replica, and the
 * spread of the break-even volume.
 *
 * Without user ranges, the inputs analysts drag most vary by ± the sensitivity share.
 * The run is a stepper so the worker can do it in slices, stay responsive and drop a run a
 * newer one supersedes.
 */

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

export interface MonteCarloResult {
  samples: number;
  seed: number;
  ranges: InputRange[];
  /** User ranges for inputs that do not apply to this scenario (e.g. capex when renting). */
  ignoredKeys: string[];
  /** Samples where self-hosting could not serve the volume (counted as "not cheaper"). */
  cannotServe: number;
  /** Share of all samples where self-hosting is cheaper than the API. */
  probabilitySelfCheaper: number;
  /**
   * The option the saving below is of (recommended.ts): the hybrid when the base scenario's
   * verdict is the hybrid, else self-hosting.
   */
  option: TestedOption;
  /** Share of all samples where `option` is cheaper than the API. */
  probabilityOptionCheaper: number;
  /**
   * Replicas self-hosting runs in the base scenario, and the share of the samples that need more
   * (a step crossed) or fewer: on replica steps a ± swing mostly says whether a step is crossed.
   */
  replicas: { base: number | null; probabilityMore: number; probabilityFewer: number };
  /** The break-even over the samples: tokens a month (5th, 50th, 95th percentile of those that have one) and the share with none. */
  breakEven: { tokensPerMonth: { p5: number; p50: number; p95: number } | null; shareNever: number; samplesAt: number; samplesNever: number } | null;
  /** Saving statistics over the samples where self-hosting can serve; null when there are none. */
  saving: {
    mean: number;
    p5: number;
    p50: number;
    p95: number;
    min: number;
    max: number;
  } | null;
  bins: HistogramBin[];
  /** The hybrid's owned replicas, decided on the base scenario and kept in every sample (0 when self-hosting is tested). */
  hybridReplicas: number;
  /**
   * The option's NPV against the API over the horizon (horizon.ts) over the samples that have one,
   * with the share above 0; null when none has.
   */
  npv: { mean: number; p5: number; p50: number; p95: number; min: number; max: number; probabilityPositive: number } | null;
  /** The cash payback month (5th, 50th, 95th percentile of the samples that pay back) and the share that do not within the horizon. */
  payback: { months: { p5: number; p50: number; p95: number } | null; shareNever: number };
}

export interface MonteCarloRun {
  readonly total: number;
  done(): boolean;
  /** Draws up to `count` more samples; returns how many have been drawn in all. */
  step(count: number): number;
  result(): MonteCarloResult;
}

export const HISTOGRAM_BINS = 40;

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

/** Equal-width bins from the 0.5th to the 99.5th percentile; the tails fall into the end bins. */
export function histogram(sorted: Float64Array, bins = HISTOGRAM_BINS): HistogramBin[] {
  if (sorted.length === 0) return [];
  let lo = quantile(sorted, 0.005);
  let hi = quantile(sorted, 0.995);
  if (hi - lo <= Math.abs(lo) * 1e-9 + 1e-9) {
    return [{ from: sorted[0] as number, to: sorted[sorted.length - 1] as number, count: sorted.length }];
  }
  let width = (hi - lo) / bins;
  let count = bins;
  if (lo < 0 && hi > 0) {
    // Put zero on a bin edge so "cheaper" and "dearer" never share a bar.
    lo = Math.floor(lo / width) * width;
    count = Math.ceil((hi - lo) / width - 1e-9);
    hi = lo + count * width;
  }
  width = (hi - lo) / count;
  const out: HistogramBin[] = Array.from({ length: count }, (_, i) => ({ from: lo + i * width, to: lo + (i + 1) * width, count: 0 }));
  for (const v of sorted) {
    const i = Math.min(count - 1, Math.max(0, Math.floor((v - lo) / width)));
    (out[i] as HistogramBin).count += 1;
  }
  return out;
}

export function createMonteCarlo(scenario: TcoUncertainScenario, options: { samples?: number; seed?: number } = {}): MonteCarloRun {
  const total = options.samples ?? scenario.uncertainty.samples;
  const seed = options.seed ?? scenario.uncertainty.seed;
  const random = createRandom(seed);
  const baseDraft = draftOf(scenario);
  const userKeys = Object.keys(scenario.uncertainty.ranges);
  const ignoredKeys = userKeys.filter((k) => !isUncertaintyKey(k) || !UNCERTAIN_INPUTS[k].applies(baseDraft));
  const chosen = userKeys.length > 0 ? UNCERTAINTY_KEYS.filter((k) => userKeys.includes(k)) : DEFAULT_UNCERTAIN_KEYS;
  const ranges = chosen.filter((k) => UNCERTAIN_INPUTS[k].applies(baseDraft)).map((k) => rangeFor(scenario, k));
  const reshapes = ranges.some((r) => UNCERTAIN_INPUTS[r.key].shape);
  const baseShape = demandShape(scenario);
  const baseCapacity = resolveCapacity(scenario.selfHosted);
  const baseModel = buildModel(scenario, baseShape, baseCapacity);
  const option = testedOption(baseModel);
  const baseReplicas = replicasUsed(baseModel, baseModel.tasks);
  const k = decidedHybridReplicas(baseModel, option);
  const savings = new Float64Array(total);
  const npvs = new Float64Array(total);
  const paybacks = new Float64Array(total);
  let npvCount = 0;
  let npvPositive = 0;
  let paybackCount = 0;
  const breakEvens = new Float64Array(total);
  let valid = 0;
  let cheaper = 0;
  let optionCheaper = 0;
  let more = 0;
  let fewer = 0;
  let breakEvenAt = 0;
  let breakEvenNever = 0;
  let cannotServe = 0;
  let drawn = 0;

  const step = (count: number): number => {
    const end = Math.min(total, drawn + count);
    for (; drawn < end; drawn++) {
      const draft = draftOf(scenario);
      for (const r of ranges) UNCERTAIN_INPUTS[r.key].set(draft, triangular(random.next(), r.low, r.base, r.high));
      const model = modelOfDraft(scenario, draft, baseShape, reshapes, baseCapacity);
      const be = breakEvenOutcome(model);
      if (be.kind === 'at') breakEvens[breakEvenAt++] = be.tokens;
      else if (be.kind === 'never') breakEvenNever += 1;
      const used = replicasUsed(model, model.tasks);
      if (baseReplicas !== null && used !== null) {
        if (used > baseReplicas) more += 1;
        else if (used < baseReplicas) fewer += 1;
      }
      const selfSaving = savingOf(model);
      if (selfSaving !== null && selfSaving > 0) cheaper += 1;
      const saving = option === 'self-hosted' ? selfSaving : optionSaving(model, option, k);
      const horizon = horizonOutcome(model, option, k);
      if (horizon.npvUsd !== null) {
        npvs[npvCount++] = horizon.npvUsd;
        if (horizon.npvUsd > 0) npvPositive += 1;
      }
      if (horizon.paybackMonth !== null) paybacks[paybackCount++] = horizon.paybackMonth;
      if (saving === null) {
        cannotServe += 1;
        continue;
      }
      savings[valid++] = saving;
      if (saving > 0) optionCheaper += 1;
    }
    return drawn;
  };

  const result = (): MonteCarloResult => {
    const sorted = savings.slice(0, valid).sort();
    let sum = 0;
    for (const v of sorted) sum += v;
    return {
      samples: drawn,
      seed,
      ranges,
      ignoredKeys,
      cannotServe,
      probabilitySelfCheaper: drawn > 0 ? cheaper / drawn : 0,
      option,
      probabilityOptionCheaper: drawn > 0 ? optionCheaper / drawn : 0,
      replicas: { base: baseReplicas, probabilityMore: drawn > 0 ? more / drawn : 0, probabilityFewer: drawn > 0 ? fewer / drawn : 0 },
      breakEven: (() => {
        if (drawn <= 0) return null;
        const at = breakEvens.slice(0, breakEvenAt).sort();
        const tokensPerMonth = at.length > 0 ? { p5: quantile(at, 0.05), p50: quantile(at, 0.5), p95: quantile(at, 0.95) } : null;
        return { tokensPerMonth, shareNever: breakEvenNever / drawn, samplesAt: breakEvenAt, samplesNever: breakEvenNever };
      })(),
      saving:
        valid > 0
          ? {
              mean: sum / valid,
              p5: quantile(sorted, 0.05),
              p50: quantile(sorted, 0.5),
              p95: quantile(sorted, 0.95),
              min: sorted[0] as number,
              max: sorted[valid - 1] as number,
            }
          : null,
      bins: histogram(sorted),
      hybridReplicas: k,
      npv: (() => {
        if (npvCount === 0) return null;
        const v = npvs.slice(0, npvCount).sort();
        let total = 0;
        for (const x of v) total += x;
        return {
          mean: total / npvCount,
          p5: quantile(v, 0.05),
          p50: quantile(v, 0.5),
          p95: quantile(v, 0.95),
          min: v[0] as number,
          max: v[npvCount - 1] as number,
          probabilityPositive: npvPositive / npvCount,
        };
      })(),
      payback: (() => {
        const v = paybacks.slice(0, paybackCount).sort();
        return {
          months: paybackCount > 0 ? { p5: quantile(v, 0.05), p50: quantile(v, 0.5), p95: quantile(v, 0.95) } : null,
          shareNever: drawn > 0 ? 1 - paybackCount / drawn : 0,
        };
      })(),
    };
  };

  return { total, done: () => drawn >= total, step, result };
}

/** Runs all samples at once (CLI, tests, benchmarks). */
export function monteCarlo(scenario: TcoUncertainScenario, options: { samples?: number; seed?: number } = {}): MonteCarloResult {
  const run = createMonteCarlo(scenario, options);
  run.step(run.total);
  return run.result();
}
