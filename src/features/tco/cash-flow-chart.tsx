import { memo, useMemo } from 'react';
import { ChartFrame } from '../../components/chart-frame';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import { edgeOverhang, fitTicks, verticalAxisWidth } from '../../components/plot/axis-layout';
import { linePath, linearScale, plotArea } from '../../components/plot/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface, VerticalRule } from '../../components/plot/plot';
import { useT } from '../../components/use-t';
import type { HorizonView } from '../../core/tco/horizon';
import type { Fmt } from '../../lib/format/fmt';
import { billingMessages } from './billing-messages';
import { monthMark, YAxisTitle } from './chart-parts';
import { niceRangeTicks, niceTicks } from './chart-data';
import { csvMoney } from './csv';
import { memoPlot } from './plot-memo';
import { useWidth } from './use-width';

/**
 * Cumulative cash saved against the API, month 0 to N, from the cash-flow statements
 * (core/tco/horizon.ts, docs/tco.md §3d): self-hosting in cash and discounted at the WACC, and
 * the hybrid in cash, the terminal value left out (as the paybacks leave it out). Below 0 the
 * option has paid out more than the API would have cost; the month the cash line reaches 0 is
 * the cash payback, marked in the drawing so the PNG and SVG files carry it.
 */
const AXIS_FONT = 11;
const MARGIN = { top: 22, bottom: 28, left: 6 };
const X_AXIS_HEIGHT = 30;

type CashSeries = 'selfCash' | 'selfDiscounted' | 'hybridCash';
type Row = { month: number } & Record<CashSeries, number | null>;

const CashPlot = memoPlot(function CashPlot(props: {
  width: number;
  height: number;
  rows: Row[];
  months: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  right: number;
  payback: { month: number; label: string; side: 'left' | 'right' } | null;
  labels: { x: string; value: string };
  config: ChartConfig<CashSeries>;
  fmt: Fmt;
}) {
  const { width, height, rows, months, xTicks, yTicks, yAxisWidth, right, payback, labels, config, fmt } = props;
  const area = plotArea(width, height, { ...MARGIN, right }, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, months, area.x, area.x + area.width);
  const sy = linearScale(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const back = fmt.toDisplay(1) || 1;
  const line = (key: CashSeries) => linePath(rows.map((r) => ({ x: r.month, y: r[key] })), sx, sy);
  const series = (key: CashSeries) => seriesOf(config, key);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis area={area} ticks={xTicks.map((v) => ({ at: sx(v), text: String(v) }))} fontSize={AXIS_FONT} title={{ text: labels.x, below: X_AXIS_HEIGHT + 16 }} />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: fmt.moneyCompact(v / back) }))} fontSize={AXIS_FONT} />
      <line x1={area.x} x2={area.x + area.width} y1={sy(0)} y2={sy(0)} stroke="var(--text)" strokeWidth={1} data-testid="cash-zero" />
      <Clipped area={area}>
        <g fill="none">
          <path d={line('selfCash')} stroke={series('selfCash').colour} strokeWidth={2.5} />
          <path d={line('selfDiscounted')} stroke={series('selfDiscounted').colour} strokeWidth={2} strokeDasharray={series('selfDiscounted').dash} />
          <path d={line('hybridCash')} stroke={series('hybridCash').colour} strokeWidth={2} strokeDasharray={series('hybridCash').dash} />
        </g>
      </Clipped>
      {payback ? (
        <VerticalRule area={area} x={sx(payback.month)} strokeWidth={1.5} label={{ text: payback.label, place: payback.side === 'left' ? 'inside-left' : 'inside-right', fontSize: AXIS_FONT, fontWeight: 600 }} />
      ) : null}
      <YAxisTitle area={area} text={labels.value} left={MARGIN.left} fontSize={AXIS_FONT} />
    </PlotSurface>
  );
});

export const CashFlowChart = memo(function CashFlowChart(props: { horizon: HorizonView; resultKey: string; fmt: Fmt; height?: number }) {
  const { horizon: h, resultKey, fmt } = props;
  const height = props.height ?? 240;
  const bt = useT(billingMessages);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const rows = useMemo<Row[]>(() => {
    const self = h.cashSaving.selfHosted;
    const shown = (v: number | undefined) => (v === undefined ? null : fmt.toDisplay(v));
    return h.cashSaving.hybrid.cash.map((hybrid, m) => ({ month: m, selfCash: shown(self?.cash[m]), selfDiscounted: shown(self?.discounted[m]), hybridCash: fmt.toDisplay(hybrid) }));
  }, [h.cashSaving, fmt]);
  const values = rows.flatMap((r) => [r.selfCash, r.selfDiscounted, r.hybridCash]).filter((v): v is number => v !== null);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  const yTicks = lo < 0 ? niceRangeTicks(lo, hi > 0 ? hi : 0, 4) : niceTicks(hi, 4);
  const back = fmt.toDisplay(1) || 1;
  const yAxisWidth = verticalAxisWidth(yTicks.map((v) => fmt.moneyCompact(v / back)), AXIS_FONT, true);
  const right = edgeOverhang(String(h.months), AXIS_FONT, 14);
  const makeXTicks = (n: number) => niceTicks(h.months, n).filter((x) => x <= h.months && Number.isInteger(x));
  const plotWidth = boxWidth === null ? 600 : boxWidth - MARGIN.left - yAxisWidth - right;
  const xTicks = fitTicks(makeXTicks, (v) => String(v), boxWidth === null ? null : plotWidth, AXIS_FONT, 6);
  const paid = h.payback.selfHosted;
  let payback: { month: number; label: string; side: 'left' | 'right' } | null = null;
  if (paid.cashMonth !== null) payback = monthMark(paid.cashMonth, h.months, plotWidth, bt('cash.payback', { month: paid.cashMonth }), bt('horizon.monthN', { month: paid.cashMonth }), AXIS_FONT);
  const month = (m: number | null) => (m === null ? bt('horizon.never') : bt('horizon.monthN', { month: m }));
  const paybackText = paid.cashMonth === null ? bt('cash.noPayback', { months: h.months }) : bt('cash.paybackNote', { month: paid.cashMonth, discounted: month(paid.discountedMonth) });
  const money = fmt.currency;
  const config: ChartConfig<CashSeries> = {
    series: [
      { key: 'selfCash', label: bt('cash.selfCash'), colour: 'var(--series-self)', unit: money },
      { key: 'selfDiscounted', label: bt('cash.selfDiscounted'), colour: 'var(--series-self)', unit: money, dash: '2 3' },
      { key: 'hybridCash', label: bt('cash.hybridCash'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [{ text: paybackText }, { text: bt('cash.origin') }],
  };
  const cell = (v: number | null) => (v === null ? '–' : fmt.money(v / back, 0));
  const monthLabel = bt('horizon.month');
  const table = { head: [monthLabel, ...tableColumns(config)], rows: rows.map((r) => [String(r.month), cell(r.selfCash), cell(r.selfDiscounted), cell(r.hybridCash)]) };
  const csvCell = (v: number | null) => (v === null ? '' : csvMoney(v));
  const csv = { head: [monthLabel, ...csvColumns(config)], rows: rows.map((r) => [r.month, csvCell(r.selfCash), csvCell(r.selfDiscounted), csvCell(r.hybridCash)]) };
  return (
    <div data-chart="cash-flow" data-kind="eval" data-for={resultKey}>
      <ChartFrame title={bt('cash.title')} summary={bt('cash.aria', { months: h.months, payback: paybackText })} table={table} csv={csv} height={height} testId="tco-cash-flow-chart" config={config}>
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <CashPlot
              width={boxWidth}
              height={height}
              rows={rows}
              months={h.months}
              xTicks={xTicks}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              right={right}
              payback={payback}
              labels={{ x: monthLabel, value: bt('cash.axis', { currency: fmt.currency }) }}
              config={config}
              fmt={fmt}
            />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
});
