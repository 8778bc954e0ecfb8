import { upgradeApiOfferToV2 } from './upgrade-v2-api-offer';
import { isPlainObject } from './json';
import { SCENARIO_TYPE } from './schema';
import { upgradeCapacityToV3 } from './upgrade-v3-capacity';
import { upgradeFinanceToV3 } from './upgrade-v3-finance';
import { upgradeHorizonToV4 } from './upgrade-v4-horizon';
import { upgradeToV5 } from './upgrade-v5';
import { upgradeToV6 } from './upgrade-v6';
import { upgradeLayoutsToV3 } from './upgrade-v3-layouts';
import { upgradeUsageToV3 } from './upgrade-v3-usage';
import { upgradeWorkloadToV2 } from './upgrade-v2-workload';

/**
 * Append-only list of named steps that lift a scenario document one version up.
 * A step receives a full document of version `from` and returns a new document of version
 * `from + 1`. Steps must not modify their input (a test checks every step).
 *
 * Version 0 was the single-page prototype format (flat token volume, one API price pair,
 * one GPU line). No link of it was ever published; the step exists so that the migration
 * path is exercised from the first release on.
 */
export interface MigrationStep {
  readonly name: string;
  readonly from: number;
  readonly up: (doc: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
function obj(value: unknown): Record<string, unknown> {
  return isPlainObject(value) ? value : {};
}

/** v0 → v1: flat prototype fields move into the workload / api / selfHosted sections. */
const v0ToV1: MigrationStep = {
  name: 'v0-flat-prototype-to-sections',
  from: 0,
  up(doc) {
    const tokens = obj(doc.tokensPerMonth);
    const price = obj(doc.apiPrice);
    const gpu = obj(doc.gpu);
    const out: Record<string, unknown> = { type: SCENARIO_TYPE, version: 1 };
    const name = str(doc.title);
    if (name !== undefined) out.name = name;

    const workload: Record<string, unknown> = { mode: 'tokens' };
    if (num(tokens.input) !== undefined) workload.inputTokensPerMonth = tokens.input;
    if (num(tokens.output) !== undefined) workload.outputTokensPerMonth = tokens.output;
    // The prototype had no cache model: everything was billed as a cache miss.
    workload.cacheHitShare = 0;
    workload.reasoningMode = 'none';
    out.workload = workload;

    const api: Record<string, unknown> = { offerId: null };
    if (str(price.provider) !== undefined) api.provider = price.provider;
    if (num(price.input) !== undefined) {
      api.priceInputPerM = price.input;
      api.priceCachedInputPerM = price.input;
    }
    if (num(price.output) !== undefined) api.priceOutputPerM = price.output;
    out.api = api;

    const selfHosted: Record<string, unknown> = {};
    if (str(gpu.id) !== undefined) selfHosted.gpuId = gpu.id;
    if (num(gpu.count) !== undefined) selfHosted.gpusPerReplica = gpu.count;
    if (num(gpu.usdPerHour) !== undefined) {
      selfHosted.rentPriceId = null;
      selfHosted.rentUnit = 'gpu-hour';
      selfHosted.rentPrice = gpu.usdPerHour;
    }
    if (num(doc.staffFte) !== undefined) selfHosted.staffFte = doc.staffFte;
    out.selfHosted = selfHosted;
    return out;
  },
};

/**
 * v1 → v2: retries per side, throughput figures that carry the request lengths they hold for
 * plus an optional prefill rate (upgrade-v2-workload.ts), and the API offer's list currency,
 * invoice currency and peg (upgrade-v2-api-offer.ts). Each part keeps the figures of v1 documents.
 */
const v1ToV2: MigrationStep = {
  name: 'v1-retries-per-side-throughput-lengths-api-invoice',
  from: 1,
  up(doc) {
    return { ...upgradeApiOfferToV2(upgradeWorkloadToV2(doc)), version: 2 };
  },
};

/**
 * v2 → v3, in parts that touch different sections:
 * - the parallel layout is chosen by best fit; v2 documents keep their pinned layout
 *   (upgrade-v3-layouts.ts);
 * - capacity at a latency target: no SLO limits, and the single throughput figure stays the
 *   series (upgrade-v3-capacity.ts);
 * - the workload's usage source: v2 workloads were entered by hand (upgrade-v3-usage.ts);
 * - the cost side: billing on demand, no cost of capital, one team for staff, a flat outlook and
 *   the rated power draw, so v2 figures are unchanged (upgrade-v3-finance.ts).
 */
const v2ToV3: MigrationStep = {
  name: 'v2-to-v3',
  from: 2,
  up(doc) {
    return { ...upgradeFinanceToV3(upgradeUsageToV3(upgradeCapacityToV3(upgradeLayoutsToV3(doc)))), version: 3 };
  },
};

/**
 * v3 → v4: the monthly-rate convention of the WACC (v3's WACC ÷ 12), the schedule's start hour
 * (v3's 08:00) and the terminal value rule of the horizon (upgrade-v4-horizon.ts).
 */
const v3ToV4: MigrationStep = {
  name: 'v3-to-v4',
  from: 3,
  up(doc) {
    return { ...upgradeHorizonToV4(doc), version: 4 };
  },
};

/**
 * v4 → v5: the schedule's time zone (v4's: the week profile's own hours), the inputs of the billing modes
 * autoscaled and spot (v5 defaults, unused by v4 documents) and the fit's overheads
 * (v4's: the entered runtime overhead and activations; the engine's batch limits at their GPU
 * defaults) — upgrade-v5.ts.
 */
const v4ToV5: MigrationStep = {
  name: 'v4-to-v5',
  from: 4,
  up(doc) {
    return { ...upgradeToV5(doc), version: 5 };
  },
};

/** v5 → v6: disaggregated prefill and decode pools (v5's: aggregated replicas, null) — upgrade-v6.ts. */
const v5ToV6: MigrationStep = {
  name: 'v5-to-v6',
  from: 5,
  up(doc) {
    return { ...upgradeToV6(doc), version: 6 };
  },
};

export const MIGRATIONS: readonly MigrationStep[] = [v0ToV1, v1ToV2, v2ToV3, v3ToV4, v4ToV5, v5ToV6];

export type MigrateResult = { ok: true; doc: Record<string, unknown>; applied: string[] } | { ok: false; error: 'no-path'; from: number };

/** Applies the steps from `doc.version` up to `target`. Never modifies `doc`. */
export function migrate(doc: Readonly<Record<string, unknown>>, target: number): MigrateResult {
  let current: Record<string, unknown> = { ...doc };
  let version = typeof doc.version === 'number' ? doc.version : -1;
  const applied: string[] = [];
  while (version < target) {
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) return { ok: false, error: 'no-path', from: version };
    current = step.up(current);
    applied.push(step.name);
    version = typeof current.version === 'number' ? current.version : version + 1;
  }
  return { ok: true, doc: current, applied };
}
