import { resolveCapacity } from '../capacity/stored';
import { findApiOffer, findGpu, findGpuPrice, findModel } from '../catalog/catalog';
import type { SourceRef } from '../catalog/types';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import type { Scenario } from '../scenario/schema';
import { invoicePerListUnit, marketUnitsPerUsd } from '../tco/workload';

/**
 * The assumptions appendix: every input that drives the result, with its value, unit, and —
 * where it came from the catalog — the source and date; values the user changed away from the
 * catalog are marked custom. The report shows it and the CSV export writes it. Labels are
 * looked up by `key` in the UI's message catalogue; the unit is a language-neutral symbol.
 */
export type AssumptionGroup = 'workload' | 'api' | 'selfHosted' | 'hardware' | 'pilot' | 'fx';

export interface AssumptionRow {
  group: AssumptionGroup;
  /** Path of the input in the scenario document, also the message key of its label. */
  key: string;
  /** Number (in `unit`) or text. Shares are given as fractions with unit "share". */
  value: number | string | boolean;
  unit: string;
  source: SourceRef | null;
  /** The catalog value this input was taken from, when the user changed it. */
  custom: { catalogValue: number | string } | null;
  /** Option words that qualify the value (e.g. throughput basis and source); translated by the UI. */
  qualifiers?: string[];
  /**
   * Where a value without a catalog source comes from: `entered` when it differs from the
   * example scenario's, `default` when it is the example's own (set by `withOrigin`).
   */
  origin?: 'entered' | 'default';
}

const USER: null = null;

function offerSourced(scenario: Scenario, field: 'priceInputPerM' | 'priceCachedInputPerM' | 'priceOutputPerM'): Pick<AssumptionRow, 'source' | 'custom'> {
  const offer = scenario.api.offerId ? findApiOffer(scenario.api.offerId) : undefined;
  if (!offer) return { source: USER, custom: null };
  const catalogValue = offer[field];
  const custom = catalogValue === null || catalogValue === scenario.api[field] ? null : { catalogValue };
  return { source: offer.source, custom };
}

/** The peg as the catalog offer states it, marked custom when the user changed it. */
function offerPeg(scenario: Scenario): Pick<AssumptionRow, 'source' | 'custom'> {
  const offer = scenario.api.offerId ? findApiOffer(scenario.api.offerId) : undefined;
  if (!offer?.invoice) return { source: USER, custom: null };
  const custom =
    offer.invoice.currency === scenario.api.invoiceCurrency && offer.invoice.perListUnit === scenario.api.pegInvoicePerListUnit
      ? null
      : { catalogValue: offer.invoice.perListUnit };
  return { source: offer.source, custom };
}

let defaultRows: Map<string, AssumptionRow> | null = null;

/**
 * The rows with their origin: a value the example scenario holds too is the example's default,
 * any other was entered. A report then says which inputs its author set and which it took over.
 */
export function withOrigin(rows: readonly AssumptionRow[]): AssumptionRow[] {
  defaultRows ??= new Map(assumptionRows(DEFAULT_SCENARIO).map((r) => [r.key, r]));
  const defaults = defaultRows;
  return rows.map((r) => {
    const d = defaults.get(r.key);
    const same = d !== undefined && d.value === r.value && d.unit === r.unit && (d.qualifiers ?? []).join() === (r.qualifiers ?? []).join();
    return { ...r, origin: same ? 'default' : 'entered' };
  });
}

export function assumptionRows(scenario: Scenario): AssumptionRow[] {
  const { workload: w, api, selfHosted: sh, hardware: hw, pilot } = scenario;
  const rows: AssumptionRow[] = [];
  const add = (
    group: AssumptionGroup,
    key: string,
    value: AssumptionRow['value'],
    unit: string,
    extra: Partial<Pick<AssumptionRow, 'source' | 'custom'>> = {},
  ) => rows.push({ group, key, value, unit, source: extra.source ?? null, custom: extra.custom ?? null });

  // Workload
  add('workload', 'workload.mode', w.mode, '');
  if (w.mode === 'requests') {
    add('workload', 'workload.requestsPerDay', w.requestsPerDay, 'req/day');
    add('workload', 'workload.daysPerMonth', w.daysPerMonth, 'days');
  } else {
    add('workload', 'workload.inputTokensPerMonth', w.inputTokensPerMonth, 'tokens/month');
    add('workload', 'workload.outputTokensPerMonth', w.outputTokensPerMonth, 'tokens/month');
  }
  add('workload', 'workload.inputTokensPerRequest', w.inputTokensPerRequest, 'tokens');
  add('workload', 'workload.outputTokensPerRequest', w.outputTokensPerRequest, 'tokens');
  add('workload', 'workload.cacheHitShare', w.cacheHitShare, 'share');
  if (w.reasoningMode === 'tokens') add('workload', 'workload.reasoningTokensPerRequest', w.reasoningTokensPerRequest, 'tokens');
  if (w.reasoningMode === 'multiplier') add('workload', 'workload.reasoningMultiplier', w.reasoningMultiplier, '×');
  add('workload', 'workload.retryRateApi', w.retryRateApi, 'share');
  add('workload', 'workload.retryRateSelfHosted', w.retryRateSelfHosted, 'share');
  add('workload', 'workload.acceptanceApi', w.acceptanceApi, 'share');
  add('workload', 'workload.acceptanceSelfHosted', w.acceptanceSelfHosted, 'share');
  add(
    'workload',
    w.profileMode === 'weekly' ? 'workload.weeklyProfile' : 'workload.peakToAverage',
    w.profileMode === 'weekly' ? 'shaped' : w.peakToAverage,
    w.profileMode === 'weekly' ? '' : '×',
  );

  // API offer
  const offer = api.offerId ? findApiOffer(api.offerId) : undefined;
  rows.push({
    group: 'api',
    key: 'api.offer',
    value: `${api.provider} · ${api.model}`,
    unit: '',
    source: offer?.source ?? null,
    custom: null,
    qualifiers: [api.channel],
  });
  add('api', 'api.priceInputPerM', api.priceInputPerM, `${api.listCurrency}/1M tokens`, offerSourced(scenario, 'priceInputPerM'));
  add('api', 'api.priceCachedInputPerM', api.priceCachedInputPerM, `${api.listCurrency}/1M tokens`, offerSourced(scenario, 'priceCachedInputPerM'));
  add('api', 'api.priceOutputPerM', api.priceOutputPerM, `${api.listCurrency}/1M tokens`, offerSourced(scenario, 'priceOutputPerM'));
  if (api.invoiceCurrency !== api.listCurrency) {
    // How the list becomes the invoice: a relay's peg, or the market cross rate.
    if (api.invoiceFx === 'peg')
      add('api', 'api.pegInvoicePerListUnit', api.pegInvoicePerListUnit, `${api.invoiceCurrency}/${api.listCurrency}`, offerPeg(scenario));
    else add('api', 'api.invoiceFxMarket', invoicePerListUnit(scenario), `${api.invoiceCurrency}/${api.listCurrency}`);
  }
  // The invoice is paid at the market rate (the fx group holds the rates themselves).
  if (api.invoiceCurrency !== 'USD') add('api', 'api.invoicePaidAtMarket', marketUnitsPerUsd(scenario.fx, api.invoiceCurrency), `${api.invoiceCurrency}/USD`);

  // Self-hosted deployment
  const model = findModel(sh.modelId);
  const gpu = findGpu(sh.gpuId);
  add('selfHosted', 'selfHosted.modelId', model?.name ?? (sh.modelId === 'custom' ? (hw.customModel?.name ?? 'custom') : sh.modelId), '', {
    source: model?.source ?? null,
  });
  add('selfHosted', 'selfHosted.gpuId', gpu?.name ?? sh.gpuId, '', { source: gpu?.source ?? null });
  add('selfHosted', 'selfHosted.gpusPerReplica', sh.gpusPerReplica, 'GPUs');
  add('selfHosted', 'selfHosted.replicas', sh.replicas, 'replicas');
  add('selfHosted', 'selfHosted.redundancy', sh.redundancy, '');
  if (sh.costMode === 'rent') {
    const price = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
    const perGpu = sh.rentUnit === 'gpu-hour' ? sh.rentPrice : sh.rentPrice / sh.gpusPerNode;
    const custom = price && Math.abs(price.usdPerGpuHour - perGpu) > 1e-9 ? { catalogValue: price.usdPerGpuHour } : null;
    add('selfHosted', 'selfHosted.rentPrice', sh.rentPrice, sh.rentUnit === 'gpu-hour' ? 'USD/GPU-h' : 'USD/node-h', { source: price?.source ?? null, custom });
    // Billing mode and its inputs (core/tco/billing.ts): all user input.
    add('selfHosted', 'selfHosted.billing.mode', sh.billing.mode, '');
    if (sh.billing.mode === 'scale-to-zero') add('selfHosted', 'selfHosted.billing.coldStartSeconds', sh.billing.coldStartSeconds, 's');
    if (sh.billing.mode === 'reserved') {
      add('selfHosted', 'selfHosted.billing.reservedPrice', sh.billing.reservedPrice, sh.rentUnit === 'gpu-hour' ? 'USD/GPU-h' : 'USD/node-h');
      add('selfHosted', 'selfHosted.billing.reservedTermMonths', sh.billing.reservedTermMonths, 'months');
      add('selfHosted', 'selfHosted.billing.upfrontShare', sh.billing.upfrontShare, 'share');
    }
  } else {
    add('selfHosted', 'selfHosted.capexPerGpu', sh.capexPerGpu, 'USD/GPU');
    add('selfHosted', 'selfHosted.infraOverheadShare', sh.infraOverheadShare, 'share');
    add('selfHosted', 'selfHosted.amortisationMonths', sh.amortisationMonths, 'months');
    add('selfHosted', 'selfHosted.residualShare', sh.residualShare, 'share');
    add('selfHosted', 'selfHosted.capital.waccYearly', sh.capital.waccYearly, 'share');
    add('selfHosted', 'selfHosted.powerWattsPerGpu', sh.powerWattsPerGpu, 'W', { source: gpu?.tdpSource ?? null });
    add('selfHosted', 'selfHosted.powerDraw.mode', sh.powerDraw.mode, '');
    if (sh.powerDraw.mode === 'utilisation') {
      add('selfHosted', 'selfHosted.powerDraw.idleWattsPerGpu', sh.powerDraw.idleWattsPerGpu, 'W');
      add('selfHosted', 'selfHosted.powerDraw.serverWattsPerNode', sh.powerDraw.serverWattsPerNode, 'W');
    }
    add('selfHosted', 'selfHosted.pue', sh.pue, '');
    add('selfHosted', 'selfHosted.pricePerKwh', sh.pricePerKwh, 'USD/kWh');
  }
  // Reserved and scale-to-zero capacity does not follow the schedule (billing.ts).
  if (sh.costMode === 'rent' && sh.billing.mode !== 'on-demand') {
    if (sh.billing.mode === 'reserved') add('selfHosted', 'selfHosted.hours', 730, 'h/month');
  } else if (sh.hoursMode === 'always') add('selfHosted', 'selfHosted.hours', 730, 'h/month');
  else add('selfHosted', 'selfHosted.schedule', `${sh.scheduleHoursPerDay} h × ${sh.scheduleDaysPerWeek} d`, 'per week');
  add(
    'selfHosted',
    'selfHosted.staffFte',
    sh.staffFte,
    sh.scaling.staffPer === 'deployment' ? 'FTE' : sh.scaling.staffPer === 'node' ? 'FTE/node' : 'FTE/replica',
  );
  if (sh.scaling.minOnCallFte > 0) add('selfHosted', 'selfHosted.scaling.minOnCallFte', sh.scaling.minOnCallFte, 'FTE');
  if (sh.scaling.otherPerNodeMonthly > 0) add('selfHosted', 'selfHosted.scaling.otherPerNodeMonthly', sh.scaling.otherPerNodeMonthly, 'USD/node/month');
  add('selfHosted', 'selfHosted.staffLoadedYearlyUsd', sh.staffLoadedYearlyUsd, 'USD/year');
  add('selfHosted', 'selfHosted.upgradeHoursPerMonth', sh.upgradeHoursPerMonth, 'h/month');
  add(
    'selfHosted',
    'selfHosted.otherMonthly',
    sh.otherMonthly.reduce((a, o) => a + o.usd, 0),
    'USD/month',
  );
  add('selfHosted', 'selfHosted.oneTimeUsd', sh.oneTimeUsd, 'USD');
  add('selfHosted', 'selfHosted.horizonMonths', sh.horizonMonths, 'months');
  // The outlook over the horizon (core/tco/horizon.ts): user input.
  add('selfHosted', 'selfHosted.outlook.volumeGrowthMonthly', sh.outlook.volumeGrowthMonthly, 'share');
  add('selfHosted', 'selfHosted.outlook.apiPriceChangeYearly', sh.outlook.apiPriceChangeYearly, 'share');
  add('selfHosted', 'selfHosted.outlook.gpuPriceChangeYearly', sh.outlook.gpuPriceChangeYearly, 'share');
  // The throughput the figures rest on: the operating point of the chosen series at the SLO
  // (with its provenance: file name, or publisher and date), else the single figure.
  const capacity = resolveCapacity(sh);
  // A measured single figure names its run, as the badge on the TCO page does.
  const singleRun = sh.throughput.source === 'measured' && sh.throughput.measuredRun ? [sh.throughput.measuredRun.label] : [];
  const seriesNames = capacity.fromSingleFigure
    ? singleRun
    : [
        capacity.stored.fileName ??
          (capacity.stored.publisher && capacity.stored.date ? `${capacity.stored.publisher}, ${capacity.stored.date}` : capacity.stored.label),
      ];
  rows.push({
    group: 'selfHosted',
    key: 'selfHosted.throughput',
    value: capacity.tokensPerSecond,
    unit: 'tokens/s',
    source: null,
    custom: null,
    qualifiers: [sh.throughput.basis, capacity.kind, ...seriesNames],
  });
  add('selfHosted', 'selfHosted.maxUtilisation', sh.maxUtilisation, 'share');

  // Hardware fit
  add('hardware', 'hardware.weightFormat', hw.weightFormat.toUpperCase(), '');
  add('hardware', 'hardware.kvFormat', hw.kvFormat.toUpperCase(), '');
  add('hardware', 'hardware.contextLength', hw.contextLength, 'tokens');
  add('hardware', 'hardware.concurrentSequences', hw.concurrentSequences, 'sequences');
  add('hardware', 'hardware.memoryUtilisation', hw.memoryUtilisation, 'share');

  // Pilot thresholds (only when a pilot was recorded)
  const pilotUsed = pilot.days.some((d) => Object.values(d.selfHosted).some((v) => v !== null) || Object.values(d.api).some((v) => v !== null));
  if (pilotUsed) {
    add('pilot', 'pilot.thresholds.acceptanceGapPoints', pilot.thresholds.acceptanceGapPoints, 'pp');
    add('pilot', 'pilot.thresholds.ttftP95Ratio', pilot.thresholds.ttftP95Ratio, '×');
    add('pilot', 'pilot.thresholds.utilisationMin', pilot.thresholds.utilisationMin, 'share');
    add('pilot', 'pilot.thresholds.costRatioMax', pilot.thresholds.costRatioMax, '×');
  }

  // Exchange rates (used for display and non-USD offers)
  add('fx', 'fx.EUR', scenario.fx.EUR, 'EUR/USD');
  add('fx', 'fx.CNY', scenario.fx.CNY, 'CNY/USD');
  add('fx', 'fx.checked', scenario.fx.checked, 'date');
  return rows;
}
