import { isPlainObject } from './json';

/**
 * Version 1 → 2 of the API offer (docs/tco.md §1, "Old links").
 *
 * Version 1 had one `currency` for prices and bill, `fxMode` ('market' | 'peg') and
 * `pegUsdPerUnit`: under a peg every unit of the price was worth `pegUsdPerUnit` US dollars.
 * Version 2 separates the list currency of the prices, the invoice currency with its
 * conversion (market rate or a peg in invoice units per list unit) and the payment of the
 * invoice at the market rate.
 *
 * Mapping, chosen so that every old document keeps its USD bill to the last digit:
 * - `currency` → `listCurrency`;
 * - peg with a non-USD currency c: invoice in USD at the peg, `pegInvoicePerListUnit` =
 *   `pegUsdPerUnit` (each c of the price is invoiced as that many dollars, as v1 computed);
 * - otherwise (market rate, or a USD offer whose peg v1 ignored): invoice in the list
 *   currency, `fxMode` → `invoiceFx`, `pegUsdPerUnit` → `pegInvoicePerListUnit` (inert, kept
 *   so nothing entered is lost).
 * Fields a hand-written v1 file left out stay out (the v2 defaults equal the v1 defaults);
 * values v1 would have rejected are carried over unchanged, so validation names them.
 * Never modifies its input.
 */
export function upgradeApiOfferToV2(doc: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...doc };
  if (!isPlainObject(doc.api)) return out;
  const { currency, fxMode, pegUsdPerUnit, ...rest } = doc.api;
  const api: Record<string, unknown> = { ...rest };
  if (currency !== undefined) api.listCurrency = currency;
  // v1 defaults: USD, market rate, peg 1.
  const listed = currency ?? 'USD';
  if (fxMode === 'peg' && listed !== 'USD') {
    api.invoiceCurrency = 'USD';
    api.invoiceFx = 'peg';
    api.pegInvoicePerListUnit = pegUsdPerUnit ?? 1;
  } else {
    if (currency !== undefined) api.invoiceCurrency = currency;
    if (fxMode !== undefined) api.invoiceFx = fxMode;
    if (pegUsdPerUnit !== undefined) api.pegInvoicePerListUnit = pegUsdPerUnit;
  }
  out.api = api;
  return out;
}
