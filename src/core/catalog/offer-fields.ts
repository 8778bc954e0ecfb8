import type { Scenario } from '../scenario/schema';
import type { ApiOfferRecord } from './types';

type ApiOffer = Scenario['api'];

/**
 * The API offer fields a catalog record gives a scenario when it is picked. Rules: an offer
 * without a cached-input price bills cache hits as misses; a relay that invoices in another
 * currency does so at its fixed peg, every other offer invoices in its list currency at the
 * market rate. The inputs panel, its "use catalog value" and the catalog-drift notice all
 * read the record through this one function.
 */
export function apiFieldsFromOffer(
  rec: ApiOfferRecord,
): Pick<
  ApiOffer,
  | 'offerId'
  | 'provider'
  | 'model'
  | 'channel'
  | 'listCurrency'
  | 'priceInputPerM'
  | 'priceCachedInputPerM'
  | 'priceOutputPerM'
  | 'invoiceCurrency'
  | 'invoiceFx'
  | 'pegInvoicePerListUnit'
> {
  return {
    offerId: rec.id,
    provider: rec.provider,
    model: rec.model,
    channel: rec.channel,
    listCurrency: rec.listCurrency,
    priceInputPerM: rec.priceInputPerM,
    priceCachedInputPerM: rec.priceCachedInputPerM ?? rec.priceInputPerM,
    priceOutputPerM: rec.priceOutputPerM,
    invoiceCurrency: rec.invoice?.currency ?? rec.listCurrency,
    invoiceFx: rec.invoice ? 'peg' : 'market',
    pegInvoicePerListUnit: rec.invoice?.perListUnit ?? 1,
  };
}

/** Whether a scenario's offer still holds the record's prices and invoicing (the peg counts only where it applies). */
export function offerMatchesRecord(api: ApiOffer, rec: ApiOfferRecord): boolean {
  const r = apiFieldsFromOffer(rec);
  return (
    api.priceInputPerM === r.priceInputPerM &&
    api.priceOutputPerM === r.priceOutputPerM &&
    api.priceCachedInputPerM === r.priceCachedInputPerM &&
    api.listCurrency === r.listCurrency &&
    api.invoiceCurrency === r.invoiceCurrency &&
    (api.invoiceCurrency === api.listCurrency ||
      (api.invoiceFx === r.invoiceFx && (api.invoiceFx === 'market' || api.pegInvoicePerListUnit === r.pegInvoicePerListUnit)))
  );
}
