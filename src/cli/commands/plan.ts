import { GPUS } from '../../core/catalog/gpus';
import { PUBLISHED_SERIES } from '../../core/catalog/published-measurements.data';
import { PUBLISHED_RECORDS } from '../../core/catalog/published-records.data';
import { calibrate } from '../../core/plans/calibration';
import { DECODE_RATE_FACTOR, PREFILL_RATE_FACTOR } from '../../core/tco/pools';
import { loadListPriceOffers } from '../../core/usage/list-prices';
import { BILLING_PLANS, CATALOG, NO_CONSTRAINTS, searchPlans, type BillingPlan, type Plan, type PlanConstraints } from '../../core/plans/search';
import { json, parseFlags, type CliCommand } from '../command';
import { readScenarioFile } from '../scenario-file';

/**
 * `plan <scenario.json>`: the plan search (docs/plans.md) as JSON — every GPU type, layout,
 * billing mode, hybrid and API offer that serves the scenario's workload at its latency target,
 * ranked by cost per accepted task.
 *
 * Output: { plans: [{ rank, kind, gpu, layout, gpusPerReplica, replicas, gpusTotal, billing,
 * api, monthlyUsd, usdPerAcceptedTask, npvUsd, evidence: { kind, source, date, calibrationError }, sloMargin,
 * bindingLimit, risks, policy (autoscaled plans: the policy, paid and fixed-fleet GPU-hours a week,
 * starts, the share that waits, minutes over the SLO, replicas per hour; else null), pools (disaggregated
 * plans: the prefill and decode pools' workers, GPUs and rates per worker, the rate-matching factors,
 * the peak demand, the binding pool and the KV transfer; else null) }], upperBounds: (the same, resting on the bare roofline: upper bounds,
 * not plans), excluded: [{ candidate, reason }], evaluated }.
 * Options: --gpus a,b (allowed GPU ids), --max-gpus N, --billing on-demand,reserved-12,…
 * ("reserved" means both terms), --max-commitment MONTHS, --on-premises, --api id,… (API
 * offers allowed), --aggregated-only (no prefill/decode pools), --top N (default 10; upper bounds as many).
 * `plan <scenario.json> --calibration` prints the calibration table instead (docs/plans.md §2):
 * per class its series, factor and leave-one-out error, and its records beside them.
 * Exit codes: 0 ok; 1 unreadable file or a rejected field; 2 usage error.
 */
function list(v: string | true | undefined): string[] | null {
  return typeof v === 'string'
    ? v
        .split(',')
        .map((x) => x.trim())
        .filter((x) => x.length > 0)
    : null;
}

function row(p: Plan, rank: number) {
  return {
    rank,
    kind: p.kind,
    gpu: p.gpuId,
    layout: p.layout ? { kind: p.layout.kind, tp: p.layout.tp, pp: p.layout.pp, ep: p.layout.ep, dcp: p.layout.dcp, nodes: p.layout.nodes } : null,
    gpusPerReplica: p.gpusPerReplica,
    replicas: p.replicas,
    gpusTotal: p.gpusTotal,
    billing: p.billing,
    price: p.price,
    api: p.apiLabel,
    apiOfferId: p.apiOfferId,
    apiSource: p.apiSource,
    monthlyUsd: p.monthlyUsd,
    usdPerAcceptedTask: p.usdPerAcceptedTask,
    usdPerMillionTokens: p.usdPerMillionTokens,
    npvUsd: p.npvUsd,
    // The leave-one-out error of a calibrated estimate, as its own field.
    evidence: p.evidence ? { ...p.evidence, calibrationError: p.evidence.calibration?.looError ?? null } : null,
    sloMargin: p.sloMargin,
    bindingLimit: p.bindingLimit,
    risks: p.risks,
    // Autoscaled plans: the policy and the week's sums (the hour-by-hour replay is the TCO page's chart).
    policy: p.policy
      ? {
          ...p.policy.policy,
          targetUtilisationInEffect: p.policy.targetUtilisation,
          coldStartSeconds: p.policy.coldStartSeconds,
          maxReplicasInEffect: p.policy.cap,
          paidReplicaHoursPerWeek: p.policy.paidReplicaHoursPerWeek,
          paidGpuHoursPerWeek: p.policy.paidReplicaHoursPerWeek * p.policy.gpusPerReplica,
          fixedFleetGpuHoursPerWeek: p.policy.fixedReplicaHoursPerWeek * p.policy.gpusPerReplica,
          startsPerWeek: p.policy.startsPerWeek,
          waitingShare: p.policy.spilledShare,
          sloViolationMinutesPerWeek: p.policy.violationMinutesPerWeek,
          replicasPerHour: p.policy.running,
        }
      : null,
    // Disaggregated plans: both pools at the peak hour, which binds, and the KV transfer between them.
    pools: p.pools
      ? {
          prefill: {
            workers: p.pools.prefillWorkers,
            gpus: p.pools.prefillWorkers * p.pools.gpusPerWorker,
            requestsPerSecondPerWorker: p.pools.prefillRequestsPerSecond,
            batch: p.pools.prefillBatch,
          },
          decode: {
            workers: p.pools.decodeWorkers,
            gpus: p.pools.decodeWorkers * p.pools.gpusPerWorker,
            requestsPerSecondPerWorker: p.pools.decodeRequestsPerSecond,
            batch: p.pools.decodeBatch,
          },
          gpusPerWorker: p.pools.gpusPerWorker,
          rateFactors: { prefill: PREFILL_RATE_FACTOR, decode: DECODE_RATE_FACTOR },
          peakRequestsPerSecond: p.pools.peakRequestsPerSecond,
          binding: p.pools.binding,
          kvTransfer: p.pools.kv
            ? {
                bytesPerRequest: p.pools.kv.bytesPerRequest,
                ms: p.pools.kv.ms,
                link: p.pools.kv.link,
                workerGBps: p.pools.kv.workerGBps,
                linkBound: p.pools.kv.linkBound,
              }
            : null,
        }
      : null,
  };
}

export const planCommand: CliCommand = {
  name: 'plan',
  summary: 'Find the cheapest plans that serve the scenario at its latency target (every GPU, layout, billing mode, hybrid and API offer) as JSON',
  usage:
    'plan <scenario.json> [--gpus h100-sxm,h200-sxm] [--max-gpus 64] [--billing on-demand,reserved] [--max-commitment 12] [--on-premises] [--api id,…] [--aggregated-only] [--top 10] [--calibration] [--lenient]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const file = positional[0];
    if (!file) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    const gpus = list(flags.get('gpus'));
    const unknownGpu = gpus?.find((g) => !GPUS.some((x) => x.id === g));
    if (unknownGpu !== undefined) {
      io.err(`--gpus: unknown GPU "${unknownGpu}". GPUs: ${GPUS.map((g) => g.id).join(', ')}`);
      return 2;
    }
    const billingArg = list(flags.get('billing'));
    let billing: BillingPlan[] | null = null;
    if (billingArg) {
      billing = [];
      for (const b of billingArg) {
        if (b === 'reserved') billing.push('reserved-12', 'reserved-36');
        else if (b === 'mixed') billing.push('mixed-12', 'mixed-36');
        else if ((BILLING_PLANS as readonly string[]).includes(b)) billing.push(b as BillingPlan);
        else {
          io.err(`--billing: unknown mode "${b}". Modes: ${BILLING_PLANS.join(', ')}, reserved, mixed`);
          return 2;
        }
      }
    }
    const count = (name: string): number | null | 'bad' => {
      const v = flags.get(name);
      if (v === undefined) return null;
      const n = Number(v);
      return Number.isInteger(n) && n >= 0 ? n : 'bad';
    };
    const maxGpus = count('max-gpus');
    const maxCommitment = count('max-commitment');
    const top = count('top');
    for (const [name, v] of [
      ['max-gpus', maxGpus],
      ['max-commitment', maxCommitment],
      ['top', top],
    ] as const) {
      if (v === 'bad') {
        io.err(`--${name}: expected a whole number, got "${String(flags.get(name))}"`);
        return 2;
      }
    }
    const read = await readScenarioFile(file, io, { lenient: flags.get('lenient') === true });
    if (!read) return 1;
    if (flags.get('calibration') === true) {
      const t = calibrate(read.scenario, PUBLISHED_RECORDS, PUBLISHED_SERIES);
      const pt = (p: (typeof t.classes)[number]['points'][number]) => ({
        id: p.id,
        gpu: p.gpuId,
        gpus: p.gpus,
        publishedPerGpu: p.publishedPerGpu,
        rooflinePerGpu: p.rooflinePerGpu,
        ratio: p.ratio,
      });
      io.out(
        json({
          classes: t.classes.map((c) => ({
            class: c.key,
            series: c.points.length,
            calibrated: c.factor !== null,
            factor: c.factor,
            looError: c.looError,
            looMax: c.looMax,
            records: c.records.length,
            recordRatio: c.recordRatio,
            recordOverSeries: c.recordOverSeries,
            points: c.points.map(pt),
            recordPoints: c.records.map(pt),
          })),
          skipped: t.skipped,
        }),
      );
      return 0;
    }
    const constraints: PlanConstraints = {
      ...NO_CONSTRAINTS,
      gpuIds: gpus,
      maxGpus: maxGpus as number | null,
      maxCommitmentMonths: maxCommitment as number | null,
      billing,
      onPremisesOnly: flags.get('on-premises') === true,
      apiOfferIds: list(flags.get('api')),
      disaggregated: flags.get('aggregated-only') !== true,
    };
    // The bundled genai-prices list prices count as API offers of the model, as in the app.
    const r = searchPlans(read.scenario, constraints, CATALOG, { listOffers: await loadListPriceOffers() });
    if (r.issue !== null) {
      io.err(`${file}: the hardware section cannot be sized (${r.issue})`);
      return 1;
    }
    const n = (top as number | null) ?? 10;
    io.out(
      json({
        plans: r.plans.slice(0, n).map((p, i) => row(p, i + 1)),
        upperBounds: r.upperBounds.slice(0, n).map((p, i) => row(p, i + 1)),
        excluded: r.excluded.map((x) => ({
          candidate: { gpu: x.gpuId, gpus: x.gpus, layout: x.layout, billing: x.billing, evidence: x.evidence },
          reason: x.reason,
        })),
        evaluated: r.evaluated,
      }),
    );
    return 0;
  },
};
