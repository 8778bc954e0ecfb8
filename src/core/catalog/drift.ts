import type { Currency, Scenario } from '../scenario/schema';
import { findApiOffer, findGpu, findGpuPrice, findModel } from './catalog';
import { apiFieldsFromOffer } from './offer-fields';

/**
 * Catalog drift: figures a scenario copied from a catalog record (an API offer's prices, a GPU
 * rental rate, a GPU's power and node size) whose value differs from what that record says
 * today. A share link stores the figures themselves, never a pointer to "whatever the catalog
 * says", so a link opened after a catalog update keeps its numbers; this module finds where
 * they no longer match today's catalog, so the page can say so and offer today's values.
 *
 * A figure counts only while the scenario still names the record it came from
 * (`api.offerId`, `selfHosted.rentPriceId`, `selfHosted.gpuId`). Editing a price by hand keeps
 * the record id (the inputs panel then marks the field "custom"), so a drift can also be a hand
 * edit by the link's author: the scenario cannot tell the two apart, and the notice says both.
 * Either way nothing changes unless the user asks for today's values.
 *
 * Not tracked: the purchase price per GPU (the catalog shows a quote range next to it, the
 * scenario never copies a record into it) and fields the scenario reads live from the catalog
 * instead of copying (GPU memory and bandwidth, model architecture).
 */
export type DriftPath =
  | 'api.listCurrency'
  | 'api.invoiceCurrency'
  | 'api.pegInvoicePerListUnit'
  | 'api.priceInputPerM'
  | 'api.priceCachedInputPerM'
  | 'api.priceOutputPerM'
  | 'selfHosted.gpusPerNode'
  | 'selfHosted.powerWattsPerGpu'
  | 'selfHosted.rentPrice';

/** Language-neutral unit of a drifting figure; the UI words it. */
export type DriftUnit = 'currency' | 'peg' | 'per-million' | 'usd-per-gpu-hour' | 'usd-per-node-hour' | 'watts' | 'gpus';

export interface CatalogDrift {
  path: DriftPath;
  /** Message key of the figure's label in the UI catalogue (where the field glossary has no label for `path`). */
  labelKey: `drift.label.${DriftPath}`;
  unit: DriftUnit;
  /** For prices per 1M tokens: the currency of the link's value and of today's catalog value. */
  currency: { before: Currency; after: Currency } | null;
  /** The value the scenario (the link) carries. */
  before: number | string;
  /** The value today's catalog record gives, in the same unit. */
  after: number | string;
  recordId: string;
  /** `checked` date of today's record (YYYY-MM-DD). */
  checked: string;
}

/** Rates are compared per GPU-hour to a millionth, as the inputs panel does. */
const RATE_TOLERANCE = 1e-6;
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

export function catalogDrift(scenario: Scenario): CatalogDrift[] {
  const out: CatalogDrift[] = [];
  const { api, selfHosted: sh } = scenario;
  const item = (
    path: DriftPath,
    unit: DriftUnit,
    before: number | string,
    after: number | string,
    recordId: string,
    checked: string,
    currency: CatalogDrift['currency'] = null,
  ): void => {
    out.push({ path, labelKey: `drift.label.${path}`, unit, currency, before, after, recordId, checked });
  };

  const offer = api.offerId ? findApiOffer(api.offerId) : undefined;
  if (offer) {
    const { checked } = offer.source;
    // Today's record as the scenario would take it when picked (offer-fields.ts).
    const rec = apiFieldsFromOffer(offer);
    const currency = { before: api.listCurrency, after: rec.listCurrency };
    if (api.listCurrency !== rec.listCurrency) item('api.listCurrency', 'currency', api.listCurrency, rec.listCurrency, offer.id, checked);
    // The invoice: in the list currency, or (a relay) in another currency at a fixed peg.
    if (api.invoiceCurrency !== rec.invoiceCurrency) item('api.invoiceCurrency', 'currency', api.invoiceCurrency, rec.invoiceCurrency, offer.id, checked);
    if (rec.invoiceFx === 'peg' && api.invoiceFx === 'peg' && api.pegInvoicePerListUnit !== rec.pegInvoicePerListUnit) {
      item('api.pegInvoicePerListUnit', 'peg', api.pegInvoicePerListUnit, rec.pegInvoicePerListUnit, offer.id, checked, {
        before: api.invoiceCurrency,
        after: rec.invoiceCurrency,
      });
    }
    const prices = [
      ['api.priceInputPerM', api.priceInputPerM, rec.priceInputPerM],
      ['api.priceCachedInputPerM', api.priceCachedInputPerM, rec.priceCachedInputPerM],
      ['api.priceOutputPerM', api.priceOutputPerM, rec.priceOutputPerM],
    ] as const;
    for (const [path, before, after] of prices) {
      if (before !== after) item(path, 'per-million', before, after, offer.id, checked, currency);
    }
  }

  const gpu = findGpu(sh.gpuId);
  const nodeAfter = gpu ? gpu.gpusPerNode : sh.gpusPerNode;
  if (gpu) {
    if (sh.gpusPerNode !== gpu.gpusPerNode) item('selfHosted.gpusPerNode', 'gpus', sh.gpusPerNode, gpu.gpusPerNode, gpu.id, gpu.source.checked);
    if (gpu.tdpW !== null && sh.powerWattsPerGpu !== gpu.tdpW) {
      item('selfHosted.powerWattsPerGpu', 'watts', sh.powerWattsPerGpu, gpu.tdpW, gpu.id, (gpu.tdpSource ?? gpu.source).checked);
    }
  }

  // A rate recorded for another GPU than the one the scenario runs is no claim about this GPU.
  const rate = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
  if (rate && rate.gpuId === sh.gpuId) {
    const perGpu = sh.rentUnit === 'gpu-hour' ? sh.rentPrice : sh.rentPrice / sh.gpusPerNode;
    if (Math.abs(perGpu - rate.usdPerGpuHour) > RATE_TOLERANCE * Math.max(1, rate.usdPerGpuHour)) {
      // In the unit the field shows; a node price uses the node size the scenario will have.
      const after = sh.rentUnit === 'gpu-hour' ? rate.usdPerGpuHour : round6(rate.usdPerGpuHour * nodeAfter);
      item('selfHosted.rentPrice', sh.rentUnit === 'gpu-hour' ? 'usd-per-gpu-hour' : 'usd-per-node-hour', sh.rentPrice, after, rate.id, rate.source.checked);
    }
  }
  return out;
}

export interface AppliedCatalogValues {
  scenario: Scenario;
  /** The items that were applied; an item whose field was changed since it was listed is left out. */
  applied: CatalogDrift[];
}

/**
 * Sets each listed figure to today's catalog value, and nothing else. A field that no longer
 * holds the listed `before` value (the user edited it in the meantime) is left alone.
 */
export function applyCatalogValues(scenario: Scenario, items: readonly CatalogDrift[]): AppliedCatalogValues {
  const api: Record<string, unknown> = { ...scenario.api };
  const selfHosted: Record<string, unknown> = { ...scenario.selfHosted };
  const applied: CatalogDrift[] = [];
  for (const d of items) {
    const [section, field] = d.path.split('.') as ['api' | 'selfHosted', string];
    const target = section === 'api' ? api : selfHosted;
    if (target[field] !== d.before) continue;
    target[field] = d.after;
    applied.push(d);
  }
  if (applied.length === 0) return { scenario, applied };
  return { scenario: { ...scenario, api: api as Scenario['api'], selfHosted: selfHosted as Scenario['selfHosted'] }, applied };
}

/** What kind of catalog record a scenario's figures rest on. */
export type CatalogRole = 'api-offer' | 'gpu-rent' | 'gpu' | 'model';

export interface CatalogBasis {
  /** Records whose figures the scenario uses as the catalog gives them, with their `checked` dates. */
  records: { role: CatalogRole; recordId: string; checked: string }[];
  /** Figures the result uses that were entered by hand or differ from the record they name. */
  entered: ('api-prices' | 'gpu-rent' | 'gpu-purchase' | 'gpu-figures' | 'model')[];
}

/**
 * Which catalog dates the result rests on, for the report's one line ("Catalog values as of …").
 * Only records the result actually uses count: the rent record only when renting, a purchase
 * price is always entered by hand.
 */
export function catalogBasis(scenario: Scenario): CatalogBasis {
  const { api, selfHosted: sh } = scenario;
  const drift = new Set(catalogDrift(scenario).map((d) => d.path));
  const records: CatalogBasis['records'] = [];
  const entered: CatalogBasis['entered'] = [];

  const offer = api.offerId ? findApiOffer(api.offerId) : undefined;
  const apiDrift =
    drift.has('api.listCurrency') ||
    drift.has('api.invoiceCurrency') ||
    drift.has('api.pegInvoicePerListUnit') ||
    drift.has('api.priceInputPerM') ||
    drift.has('api.priceCachedInputPerM') ||
    drift.has('api.priceOutputPerM');
  if (offer && !apiDrift) records.push({ role: 'api-offer', recordId: offer.id, checked: offer.source.checked });
  else entered.push('api-prices');

  if (sh.costMode === 'rent') {
    const rate = sh.rentPriceId ? findGpuPrice(sh.rentPriceId) : undefined;
    if (rate && rate.gpuId === sh.gpuId && !drift.has('selfHosted.rentPrice'))
      records.push({ role: 'gpu-rent', recordId: rate.id, checked: rate.source.checked });
    else entered.push('gpu-rent');
  } else {
    entered.push('gpu-purchase');
  }

  const gpu = findGpu(sh.gpuId);
  if (gpu) {
    records.push({ role: 'gpu', recordId: gpu.id, checked: gpu.source.checked });
    if (drift.has('selfHosted.gpusPerNode') || drift.has('selfHosted.powerWattsPerGpu')) entered.push('gpu-figures');
  }
  const model = findModel(sh.modelId);
  if (model) records.push({ role: 'model', recordId: model.id, checked: model.source.checked });
  else entered.push('model');
  return { records, entered };
}
