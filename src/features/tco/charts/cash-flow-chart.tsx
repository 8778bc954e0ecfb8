import { memo, useMemo } from 'react';
import { csvColumns, tableColumns, type ChartConfig } from '../../../components/chart-config';
import { useT } from '../../../components/use-t';
import type { HorizonView } from '../../../core/tco/horizon';
import type { Fmt } from '../../../lib/format/fmt';
import { billingMessages } from '../billing/billing-messages';
import { niceRangeTicks, niceTicks } from '../../../components/chart/ticks';
import { toUsd } from '../../../components/chart/money-axis';
import { csvMoney } from './csv';
import { MonthLinesChart, type MonthRow } from './month-lines-chart';

/**
 * Cumulative cash saved against the API, month 0 to N, from the cash-flow statements
 * (core/tco/horizon.ts, docs/tco.md §3d): self-hosting in cash and discounted at the WACC, and
 * the hybrid in cash, the terminal value left out (as the paybacks leave it out). Below 0 the
 * option has paid out more than the API would have cost; the month the cash line reaches 0 is
 * the cash payback, marked in the drawing.
 */
type CashSeries = 'selfCash' | 'selfDiscounted' | 'hybridCash';

export const CashFlowChart = memo(function CashFlowChart(props: { horizon: HorizonView; resultKey: string; fmt: Fmt; height?: number }) {
  const { horizon: h, resultKey, fmt } = props;
  const height = props.height ?? 240;
  const bt = useT(billingMessages);
  const rows = useMemo<MonthRow<CashSeries>[]>(() => {
    const self = h.cashSaving.selfHosted;
    const shown = (v: number | undefined) => (v === undefined ? null : fmt.toDisplay(v));
    return h.cashSaving.hybrid.cash.map((hybrid, m) => ({
      month: m,
      selfCash: shown(self?.cash[m]),
      selfDiscounted: shown(self?.discounted[m]),
      hybridCash: fmt.toDisplay(hybrid),
    }));
  }, [h.cashSaving, fmt]);
  const values = rows.flatMap((r) => [r.selfCash, r.selfDiscounted, r.hybridCash]).filter((v): v is number => v !== null);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const yTicks = lo < 0 ? niceRangeTicks(lo, hi > 0 ? hi : 0, 4) : niceTicks(hi, 4);
  const paid = h.payback.selfHosted;
  const month = (m: number | null) => (m === null ? bt('horizon.never') : bt('horizon.monthN', { month: m }));
  const paybackText =
    paid.cashMonth === null
      ? bt('cash.noPayback', { months: h.months })
      : bt('cash.paybackNote', { month: paid.cashMonth, discounted: month(paid.discountedMonth) });
  const money = fmt.currency;
  const config: ChartConfig<CashSeries> = {
    series: [
      { key: 'selfCash', label: bt('cash.selfCash'), colour: 'var(--series-self)', unit: money },
      { key: 'selfDiscounted', label: bt('cash.selfDiscounted'), colour: 'var(--series-self)', unit: money, dash: '2 3' },
      { key: 'hybridCash', label: bt('cash.hybridCash'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [{ text: paybackText }, { text: bt('cash.origin') }],
  };
  const cell = (v: number | null) => (v === null ? '–' : fmt.money(toUsd(fmt, v), 0));
  const monthLabel = bt('horizon.month');
  const table = {
    head: [monthLabel, ...tableColumns(config)],
    rows: rows.map((r) => [String(r.month), cell(r.selfCash), cell(r.selfDiscounted), cell(r.hybridCash)]),
  };
  const csvCell = (v: number | null) => (v === null ? '' : csvMoney(v));
  const csv = {
    head: [monthLabel, ...csvColumns(config)],
    rows: rows.map((r) => [r.month, csvCell(r.selfCash), csvCell(r.selfDiscounted), csvCell(r.hybridCash)]),
  };
  return (
    <MonthLinesChart
      chart="cash-flow"
      resultKey={resultKey}
      testId="tco-cash-flow-chart"
      title={bt('cash.title')}
      summary={bt('cash.aria', { months: h.months, payback: paybackText })}
      table={table}
      csv={csv}
      config={config}
      rows={rows}
      months={h.months}
      height={height}
      yTicks={yTicks}
      zeroLine
      mark={
        paid.cashMonth === null
          ? null
          : { month: paid.cashMonth, long: bt('cash.payback', { month: paid.cashMonth }), short: bt('horizon.monthN', { month: paid.cashMonth }) }
      }
      labels={{ x: monthLabel, y: bt('cash.axis', { currency: fmt.currency }) }}
      fmt={fmt}
    />
  );
});
