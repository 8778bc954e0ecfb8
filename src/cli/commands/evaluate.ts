import { resolveCapacity } from '../../core/capacity/stored';
import { deploymentCheck } from '../../core/deployment/check';
import { allClaimChecks, claimChecksForPreset } from '../../core/presets/claims';
import { PRESET_IDS, loadPreset, type PresetId } from '../../core/presets/presets';
import type { RestoreNotice } from '../../core/scenario/restore';
import { HOURS_PER_WEEK, type Scenario } from '../../core/scenario/schema';
import { evaluateTco, type Figure } from '../../core/tco/evaluate';
import { monteCarlo } from '../../core/tco/monte-carlo';
import { MAX_PEAK_TO_AVERAGE, type ShapeNote } from '../../core/tco/profile';
import { tornado } from '../../core/tco/sensitivity';
import { apiInvoice } from '../../core/tco/workload';
import { json, parseFlags, type CliCommand } from '../command';
import { readScenarioFile } from '../scenario-file';

/**
 * `evaluate <scenario.json>` (or `evaluate --preset <id>`): the TCO comparison as JSON.
 *
 * Output fields (money in USD, shares as fractions, volumes per month):
 * - `monthlyUsd`: { api, selfHosted, hybrid }
 * - `usdPerMillionTokens`: { api, selfHosted, selfHostedAtMaxUtilisation, hybrid }
 * - `usdPerAcceptedTask`: { api, selfHosted, hybrid }
 * - `breakEven`: { kind: at | never | always, reason, tokensPerMonth, outputTokensPerMonth,
 *   tasksPerMonth, acceptedTasksPerMonth, replicas, stableFromTokensPerMonth, for "never" the
 *   replica's monthly GPU cost, the API cost of the work it carries, `enteredAtCapacity`
 *   { replicas, selfMonthlyUsd, apiUsd } (the replicas entered, fully loaded, against the API
 *   price of their work) and `maxGpuPrice` { unit, usd } below which they would pay off (null:
 *   no GPU price would), closedForm: article 003's one-replica form { replicas: 1,
 *   selfMonthlyUsd, tokensPerMonth, withinCapacity, replicasOfThroughput } }
 * - `hybrid`: the chosen split { ownedReplicas, selfShare, apiShare, monthlyUsd, selfUsd, apiUsd }
 * - `throughput`: the throughput per replica the sizing uses and where it comes from:
 *   { tokensPerSecondPerReplica, basis, kind: measured | published | estimated | entered, label,
 *   fileName (measured), libraryId, publisher, measuredOn (published), fromSingleFigure,
 *   operatingPoint { kind: measured | interpolated, load, outputTokensPerS, interactivity,
 *   requests } of the capacity series at the SLO (null for the single figure or when none
 *   qualifies), reason (why none qualifies) }
 * - `capacity`: { state, replicasEntered, replicasNeeded, replicasServing, spareReplicas,
 *   enteredServesPeak, basis, capacityTokensPerMonth, demandTokensPerMonth,
 *   peakDemandTokensPerSecond, utilisation: { average, productive, peak, max } }
 * - `rateLimits`: the API tier's limits against the busiest hour: { limited, api, hybrid,
 *   hybridReplicasWithinLimits }; api and hybrid each { exceeds, requests, tokens } with
 *   { peakPerMinute, limit, exceeds } (peak = average minute of the busiest hour; requests
 *   include retries; tokens are input incl. cached + output incl. reasoning; null = not countable)
 * - `costBreakdownUsd`: self-hosted { gpu, power, staff, ops }, api { input, cachedInput, output }
 * - `apiInvoice`: the month's API bill in the offer's own currencies: { listCurrency,
 *   listAmount, invoiceCurrency, invoicePerListUnit, invoiceAmount, invoiceUnitsPerUsd, usd }
 *   (usd = monthlyUsd.api: the invoice paid at the market rate)
 * - `deployment`: the deployment every page prices: { model, gpu, gpusPerReplica, replicas, layout,
 *   fits, api { provider, model, offerId, modelId }, throughput { kind, fromSeries, label,
 *   modelText, modelId, gpuText, gpuId, gpus, tokensPerSecond, basis }, cost }
 * - `coherence`: where the areas disagree about it (docs/tco.md §12), each { code, severity:
 *   blocker | warning, …, fix }: does-not-fit, kv-short, throughput-model, throughput-gpu,
 *   api-model, lengths-differ, reasoning-twice
 * - `volume`, `verdict`; with `--tornado` the inputs by saving swing of the option swung
 *   (each with its ends, replicas and the replica step inside each swing, `stepLow` /
 *   `stepHigh`); with `--monte-carlo` the saving distribution's summary, the replica and
 *   break-even spread; with `--claims` the preset's article claim check (docs/tco.md §7).
 * - `notes`: what the figures rest on besides the file as written: { kind: "field", path,
 *   action, problem, rejected } for each field ignored or reset under --lenient, and
 *   { kind: "shape", code, message } for an assumption about the demand shape (a
 *   peak-to-average above 168× capped, an all-zero weekly profile read as flat).
 * A figure that cannot be computed is { "notApplicable": "<reason>" }, never NaN.
 *
 * Exit codes: 0 ok; 1 unreadable file, an unknown field (a misspelt name) or a rejected field
 * (each named with its path on stderr; `--lenient` ignores unknown fields and evaluates with
 * the defaults in place of rejected ones); 2 usage error.
 */
const fig = (f: Figure): number | { notApplicable: string } => (f.ok ? f.value : { notApplicable: f.reason });

/** What the figures rest on besides the file as written (the `notes` array of the output). */
type Note =
  { kind: 'field'; path: string; action: RestoreNotice['action']; problem: string; rejected: string } | { kind: 'shape'; code: ShapeNote; message: string };

const SHAPE_NOTES: Record<ShapeNote, string> = {
  'peak-clamped': `A week of ${HOURS_PER_WEEK} hours cannot peak higher than ${HOURS_PER_WEEK}× its average; the peak-to-average ratio was capped at ${MAX_PEAK_TO_AVERAGE}.`,
  'profile-empty': 'The weekly profile is all zeros; a flat load was assumed.',
};
const fieldNote = (n: RestoreNotice): Note => ({ kind: 'field', path: n.path, action: n.action, problem: n.problem, rejected: n.rejected });
const shapeNote = (code: ShapeNote): Note => ({ kind: 'shape', code, message: SHAPE_NOTES[code] });

function isPresetId(id: string): id is PresetId {
  return (PRESET_IDS as readonly string[]).includes(id);
}

function report(scenario: Scenario, options: { tornado: boolean; monteCarlo: boolean; claims: PresetId | 'all' | null }, notices: readonly RestoreNotice[]) {
  const e = evaluateTco(scenario);
  const be = e.breakEven.result;
  const cf = be.closedForm;
  const tokensPerTask = e.curves.unit === 'tokens' ? e.curves.tokensPerTask : 0;
  const tokens = (tasks: number | null) => (tasks === null || tokensPerTask === 0 ? null : tasks * tokensPerTask);
  const t = options.tornado ? tornado(scenario) : null;
  const mc = options.monteCarlo ? monteCarlo(scenario) : null;
  const resolved = resolveCapacity(scenario.selfHosted);
  const op = resolved.choice.chosen;
  const check = deploymentCheck(scenario);
  return {
    scenario: scenario.name,
    volume: {
      tasksPerMonth: e.volume.tasksPerMonth,
      tokensPerMonth: e.volume.tokensPerMonth,
      inputTokensPerMonth: e.volume.inputTokensPerMonth,
      cachedInputTokensPerMonth: e.volume.cachedInputTokensPerMonth,
      outputTokensPerMonth: e.volume.outputTokensPerMonth,
      acceptedTasksPerMonth: e.volume.acceptedTasksPerMonth,
    },
    monthlyUsd: { api: e.api.monthlyUsd, selfHosted: e.selfHosted.monthlyUsd, hybrid: e.hybrid.monthlyUsd },
    usdPerMillionTokens: {
      api: fig(e.api.perMillionTokens),
      selfHosted: fig(e.selfHosted.perMillionTokens),
      selfHostedAtMaxUtilisation: fig(e.selfHosted.perMillionTokensAtMaxUtilisation),
      hybrid: fig(e.hybrid.perMillionTokens),
    },
    usdPerAcceptedTask: { api: fig(e.api.perAcceptedTask), selfHosted: fig(e.selfHosted.perAcceptedTask), hybrid: fig(e.hybrid.perAcceptedTask) },
    breakEven: {
      kind: be.kind,
      reason: be.kind === 'at' ? null : be.reason,
      tokensPerMonth: e.breakEven.tokensPerMonth,
      outputTokensPerMonth: e.breakEven.outputTokensPerMonth,
      tasksPerMonth: e.breakEven.tasksPerMonth,
      acceptedTasksPerMonth: e.breakEven.acceptedTasksPerMonth,
      replicas: be.kind === 'at' ? be.replicas : null,
      stableFromTokensPerMonth: be.kind === 'at' ? tokens(be.stableFromTasks) : null,
      replicaMonthlyUsd: be.kind === 'never' ? be.replicaMonthlyUsd : null,
      apiUsdPerReplicaCapacity: be.kind === 'never' ? be.apiUsdPerReplicaCapacity : null,
      maxGpuPrice: be.kind === 'never' ? be.maxGpuPrice : null,
      enteredAtCapacity: be.kind === 'never' ? be.enteredAtCapacity : null,
      closedForm: cf
        ? {
            replicas: cf.replicas,
            selfMonthlyUsd: cf.selfMonthlyUsd,
            tokensPerMonth: e.breakEven.closedFormTokensPerMonth,
            withinCapacity: cf.withinCapacity,
            replicasOfThroughput: cf.replicasOfThroughput,
          }
        : null,
    },
    hybrid: {
      ownedReplicas: e.hybrid.replicas,
      selfShare: e.hybrid.selfShare,
      apiShare: 1 - e.hybrid.selfShare,
      monthlyUsd: e.hybrid.monthlyUsd,
      selfUsd: e.hybrid.selfUsd,
      apiUsd: e.hybrid.apiUsd,
    },
    throughput: {
      tokensPerSecondPerReplica: resolved.tokensPerSecond,
      basis: resolved.basis,
      kind: resolved.kind,
      label: resolved.stored.label,
      fileName: resolved.stored.fileName,
      libraryId: resolved.stored.libraryId,
      publisher: resolved.stored.publisher,
      measuredOn: resolved.stored.date,
      fromSingleFigure: resolved.fromSingleFigure,
      operatingPoint:
        resolved.fromSingleFigure || op === null
          ? null
          : { kind: op.kind, load: op.load, outputTokensPerS: op.outputTokensPerS, interactivity: op.interactivity, requests: op.requests },
      reason: op === null ? (resolved.choice.reason?.code ?? null) : null,
    },
    capacity: {
      state: e.selfHosted.state,
      replicasEntered: e.selfHosted.replicasEntered,
      replicasNeeded: e.selfHosted.replicasNeeded,
      replicasServing: e.selfHosted.replicasServing,
      spareReplicas: e.selfHosted.spareReplicas,
      enteredServesPeak: e.selfHosted.capacity.enteredServesPeak,
      basis: e.selfHosted.capacity.basis,
      capacityTokensPerMonth: e.selfHosted.capacity.tokensPerMonth,
      demandTokensPerMonth: e.selfHosted.capacity.demandTokensPerMonth,
      peakDemandTokensPerSecond: e.selfHosted.capacity.peakDemandTokensPerSecond,
      utilisation: {
        average: fig(e.selfHosted.utilisation.average),
        productive: fig(e.selfHosted.utilisation.productive),
        peak: fig(e.selfHosted.utilisation.peak),
        max: e.selfHosted.utilisation.max,
      },
    },
    rateLimits: e.rateLimits,
    capital: e.selfHosted.capital ? { ...e.selfHosted.capital, monthlyUsd: e.selfHosted.gpuUsd } : null,
    staffFte: { selfHosted: e.selfHosted.staffFte, hybrid: e.hybrid.staffFte },
    horizon: {
      months: e.horizon.months,
      waccYearly: e.horizon.waccYearly,
      rateConvention: e.horizon.rateConvention,
      monthlyRate: e.horizon.monthlyRate,
      ramp: e.horizon.ramp,
      taxRate: e.horizon.taxRate,
      crossingMonth: e.horizon.crossingMonth,
      payback: e.horizon.payback,
      savingAtEndUsd: e.horizon.savingAtEndUsd,
      npvUsd: e.horizon.npvUsd,
      presentCostUsd: e.horizon.presentCostUsd,
      terminal: e.horizon.terminal,
      cumulativeUsd: e.horizon.points.map((p) => ({ month: p.month, api: p.cumulativeApiUsd, selfHosted: p.cumulativeSelfUsd, hybrid: p.cumulativeHybridUsd })),
    },
    billing: {
      mode: e.billing.mode,
      paidHoursPerMonth: e.billing.paidHoursPerMonth,
      rate: e.billing.rate,
      coldStarts: e.billing.coldStarts,
      commitment: e.billing.commitment,
      autoscale: e.billing.autoscale
        ? {
            replicaHoursPerWeek: e.billing.autoscale.replicaHoursPerWeek,
            fixedReplicaHoursPerWeek: e.billing.autoscale.fixedReplicaHoursPerWeek,
            replicaStartsPerWeek: e.billing.autoscale.replicaStartsPerWeek,
            waitingShare: e.billing.autoscale.waitingShare,
            meanWaitSeconds: e.billing.autoscale.meanWaitSeconds,
          }
        : null,
      mixed: e.billing.mixed,
    },
    costBreakdownUsd: {
      selfHosted: { gpu: e.selfHosted.gpuUsd, power: e.selfHosted.powerUsd, staff: e.selfHosted.staffUsd, ops: e.selfHosted.opsUsd },
      api: { input: e.api.uncachedInputUsd, cachedInput: e.api.cachedInputUsd, output: e.api.outputUsd },
    },
    apiInvoice: apiInvoice(scenario, e.api.monthlyUsd),
    verdict: { ...e.verdict, savingVsApiShare: fig(e.verdict.savingVsApiShare) },
    ...(t
      ? {
          tornado: {
            option: t.option,
            hybridReplicas: t.hybridReplicas,
            baseSaving: t.baseSaving,
            baseNpv: t.baseNpv,
            baseReplicas: t.baseReplicas,
            bySaving: t.bySaving.map((r) => ({
              key: r.key,
              low: r.low,
              high: r.high,
              savingLow: r.savingLow,
              savingHigh: r.savingHigh,
              replicasLow: r.replicasLow,
              replicasHigh: r.replicasHigh,
              stepLow: r.stepLow,
              stepHigh: r.stepHigh,
            })),
            byNpv: t.byNpv.map((r) => ({ key: r.key, low: r.low, high: r.high, npvLow: r.npvLow, npvHigh: r.npvHigh })),
          },
        }
      : {}),
    ...(mc
      ? {
          monteCarlo: {
            samples: mc.samples,
            seed: mc.seed,
            option: mc.option,
            probabilityOptionCheaper: mc.probabilityOptionCheaper,
            probabilitySelfCheaper: mc.probabilitySelfCheaper,
            replicas: mc.replicas,
            breakEven: mc.breakEven,
            cannotServe: mc.cannotServe,
            saving: mc.saving,
            hybridReplicas: mc.hybridReplicas,
            npv: mc.npv,
            payback: mc.payback,
            ranges: mc.ranges,
            ignoredRanges: mc.ignoredKeys,
          },
        }
      : {}),
    ...(options.claims ? { claims: options.claims === 'all' ? allClaimChecks() : claimChecksForPreset(options.claims) } : {}),
    deployment: check.summary,
    coherence: check.flags,
    notes: [...notices.map(fieldNote), ...e.shape.notes.map(shapeNote)],
  };
}

export const evaluateCommand: CliCommand = {
  name: 'evaluate',
  summary: 'Compare API, self-hosted and hybrid costs for a scenario and print the results as JSON',
  usage: 'evaluate <scenario.json> | evaluate --preset <id> [--tornado] [--monte-carlo] [--claims] [--lenient]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const preset = flags.get('preset');
    const file = positional[0];
    let scenario: Scenario;
    let notices: RestoreNotice[] = [];
    let presetId: PresetId | null = null;
    if (typeof preset === 'string') {
      if (!isPresetId(preset)) {
        io.err(`Unknown preset "${preset}". Presets: ${PRESET_IDS.join(', ')}`);
        return 2;
      }
      const loaded = loadPreset(preset);
      if (!loaded.ok) {
        io.err(loaded.error);
        return 1;
      }
      scenario = loaded.scenario;
      presetId = preset;
    } else {
      if (!file) {
        io.err(`Usage: ${this.usage}`);
        return 2;
      }
      const read = await readScenarioFile(file, io, { lenient: flags.get('lenient') === true });
      if (!read) return 1;
      scenario = read.scenario;
      notices = read.notices;
    }
    const claims = flags.get('claims') === true ? (presetId ?? 'all') : null;
    io.out(json(report(scenario, { tornado: flags.get('tornado') === true, monteCarlo: flags.get('monte-carlo') === true, claims }, notices)));
    return 0;
  },
};
