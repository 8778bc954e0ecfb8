import { CASH_LINES, type CashFlow, type HorizonView } from '../../../core/tco/horizon';
import type { Fmt } from '../../../lib/format/fmt';
import type { BillingT } from '../billing/billing-messages';
import { csvMoney, csvShare } from './csv';

/**
 * The cash-flow statement of every option as one CSV table (docs/tco.md §3d): a row per option
 * and month with each line, the row's total, its discount factor and present value, then per
 * option its totals and the NPV against the API, so a spreadsheet's SUM of the present values
 * reproduces the horizon card's NPV. Money in the display currency, to the cent.
 */
export function cashFlowCsv(h: HorizonView, fmt: Fmt, bt: BillingT): { head: string[]; rows: (string | number)[][] } {
  const money = (v: number) => csvMoney(fmt.toDisplay(v));
  const head = [
    bt('cash.option'),
    bt('horizon.month'),
    ...CASH_LINES.map((k) => `${bt(`cash.line.${k}`)} (${fmt.currency})`),
    `${bt('cash.total')} (${fmt.currency})`,
    bt('cash.discount'),
    `${bt('cash.present')} (${fmt.currency})`,
  ];
  const rows: (string | number)[][] = [];
  const options: { label: string; flow: CashFlow | null; npv: number | null }[] = [
    { label: bt('cash.option.api'), flow: h.cashFlow.api, npv: null },
    { label: bt('cash.option.self'), flow: h.cashFlow.selfHosted, npv: h.npvUsd.selfHosted },
    { label: bt('cash.option.hybrid'), flow: h.cashFlow.hybrid, npv: h.npvUsd.hybrid },
  ];
  for (const o of options) {
    if (o.flow === null) continue;
    for (const row of o.flow.rows)
      rows.push([o.label, row.month, ...CASH_LINES.map((k) => money(row.lines[k])), money(row.totalUsd), csvShare(row.discountFactor), money(row.presentUsd)]);
    rows.push([
      o.label,
      bt('cash.sum'),
      ...CASH_LINES.map((k) => money(o.flow?.rows.reduce((s, r) => s + r.lines[k], 0) ?? 0)),
      money(o.flow.totalUsd),
      '',
      money(o.flow.presentUsd),
    ]);
    if (o.npv !== null) rows.push([o.label, bt('cash.npvRow'), ...CASH_LINES.map(() => ''), '', '', money(o.npv)]);
  }
  return { head, rows };
}
