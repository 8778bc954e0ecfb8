import { memo, useMemo } from 'react';
import { ChartFrame } from '../../components/chart-frame';
import { linePath, linearScale, plotArea } from '../../components/plot/geometry';
import { BottomAxis, Grid, LeftAxis, PlotSurface, VerticalRule } from '../../components/plot/plot';
import { csvColumns, tableColumns, type ChartConfig } from '../../components/chart-config';
import { useT } from '../../components/use-t';
import type { HorizonView } from '../../core/tco/horizon';
import type { Fmt } from '../../lib/format/fmt';
import { edgeOverhang, fitTicks, verticalAxisWidth } from '../../components/plot/axis-layout';
import { billingMessages } from './billing-messages';
import { monthMark, OptionLines, YAxisTitle } from './chart-parts';
import { niceTicks } from './chart-data';
import { csvMoney } from './csv';
import type { TcoT } from './messages';
import { memoPlot } from './plot-memo';
import { useWidth } from './use-width';

/**
 * Cumulative cost of each option over the planning horizon (core/tco/horizon.ts), month 0 (the
 * one-time costs) to N, with the month self-hosting's cumulative cost reaches the API's marked.
 * The marker is part of the drawing, so the PNG and SVG files carry it.
 */
const AXIS_FONT = 11;
const MARGIN = { top: 22, bottom: 28, left: 6 };
const X_AXIS_HEIGHT = 30;
const HORIZON_HEIGHT = 280;

type HorizonSeries = 'api' | 'self' | 'hybrid';
type Row = { month: number; api: number; self: number | null; hybrid: number };

const HorizonPlot = memoPlot(function HorizonPlot(props: {
  width: number;
  height: number;
  rows: Row[];
  months: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  right: number;
  crossing: { month: number; label: string; side: 'left' | 'right' } | null;
  labels: { x: string; cost: string };
  config: ChartConfig<HorizonSeries>;
  fmt: Fmt;
}) {
  const { width, height, rows, months, xTicks, yTicks, yAxisWidth, right, crossing, labels, config, fmt } = props;
  const area = plotArea(width, height, { ...MARGIN, right }, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, months, area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const back = fmt.toDisplay(1) || 1;
  const line = (key: HorizonSeries) => linePath(rows.map((r) => ({ x: r.month, y: r[key] })), sx, sy);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis area={area} ticks={xTicks.map((v) => ({ at: sx(v), text: String(v) }))} fontSize={AXIS_FONT} title={{ text: labels.x, below: X_AXIS_HEIGHT + 16 }} />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: fmt.moneyCompact(v / back) }))} fontSize={AXIS_FONT} />
      <OptionLines area={area} config={config} line={line} />
      {crossing ? (
        <VerticalRule area={area} x={sx(crossing.month)} strokeWidth={1.5} label={{ text: crossing.label, place: crossing.side === 'left' ? 'inside-left' : 'inside-right', fontSize: AXIS_FONT, fontWeight: 600 }} />
      ) : null}
      <YAxisTitle area={area} text={labels.cost} left={MARGIN.left} fontSize={AXIS_FONT} />
    </PlotSurface>
  );
});

export const HorizonChart = memo(function HorizonChart(props: { horizon: HorizonView; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { horizon: h, resultKey, fmt, t } = props;
  const bt = useT(billingMessages);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const rows = useMemo<Row[]>(
    () => h.points.map((p) => ({ month: p.month, api: fmt.toDisplay(p.cumulativeApiUsd), self: p.cumulativeSelfUsd === null ? null : fmt.toDisplay(p.cumulativeSelfUsd), hybrid: fmt.toDisplay(p.cumulativeHybridUsd) })),
    [h.points, fmt],
  );
  const yMax = Math.max(1e-9, ...rows.map((r) => Math.max(r.api, r.self ?? 0, r.hybrid)));
  const yTicks = niceTicks(yMax, 4);
  const back = fmt.toDisplay(1) || 1;
  const yAxisWidth = verticalAxisWidth(yTicks.map((v) => fmt.moneyCompact(v / back)), AXIS_FONT, true);
  const right = edgeOverhang(String(h.months), AXIS_FONT, 14);
  const makeXTicks = (n: number) => niceTicks(h.months, n).filter((x) => x <= h.months && Number.isInteger(x));
  const xTicks = fitTicks(makeXTicks, (v) => String(v), boxWidth === null ? null : boxWidth - MARGIN.left - yAxisWidth - right, AXIS_FONT, 6);
  const cross = h.crossingMonth.selfHosted;
  // The label goes to the side of the line with room for it (measured in the chart's font); on a
  // narrow plot with room on neither side it says only the month.
  const plotWidth = boxWidth === null ? 600 : boxWidth - MARGIN.left - yAxisWidth - right;
  let crossing: { month: number; label: string; side: 'left' | 'right' } | null = null;
  if (cross !== null) crossing = monthMark(cross, h.months, plotWidth, bt('horizon.crossing', { month: cross }), bt('horizon.monthN', { month: cross }), AXIS_FONT);
  const money = fmt.currency;
  const config: ChartConfig<HorizonSeries> = {
    series: [
      { key: 'api', label: t('option.api'), colour: 'var(--series-api)', unit: money },
      { key: 'self', label: t('option.self-hosted'), colour: 'var(--series-self)', unit: money },
      { key: 'hybrid', label: t('option.hybrid'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [{ text: cross === null ? bt('horizon.noCrossing', { months: h.months }) : bt('horizon.crossingNote', { month: cross }) }, { text: bt('horizon.levelNote') }],
  };
  const saving = h.savingAtEndUsd.selfHosted;
  const summary =
    (cross === null ? bt('horizon.ariaNever', { months: h.months }) : bt('horizon.aria', { month: cross, months: h.months })) +
    (saving === null ? '' : ` ${bt('horizon.ariaSaving', { saving: fmt.money(saving, 0) })}`);
  const monthLabel = bt('horizon.month');
  const table = {
    head: [monthLabel, ...tableColumns(config)],
    rows: h.points.map((p) => [String(p.month), fmt.money(p.cumulativeApiUsd, 0), p.cumulativeSelfUsd === null ? '–' : fmt.money(p.cumulativeSelfUsd, 0), fmt.money(p.cumulativeHybridUsd, 0)]),
  };
  const csv = {
    head: [monthLabel, ...csvColumns(config)],
    rows: h.points.map((p) => [p.month, csvMoney(fmt.toDisplay(p.cumulativeApiUsd)), p.cumulativeSelfUsd === null ? '' : csvMoney(fmt.toDisplay(p.cumulativeSelfUsd)), csvMoney(fmt.toDisplay(p.cumulativeHybridUsd))]),
  };
  return (
    <div data-chart="horizon" data-kind="eval" data-for={resultKey}>
      <ChartFrame title={bt('horizon.title', { months: h.months })} summary={summary} table={table} csv={csv} height={HORIZON_HEIGHT} testId="tco-horizon-chart" config={config}>
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
          <HorizonPlot
            width={boxWidth}
            height={HORIZON_HEIGHT}
            rows={rows}
            months={h.months}
            xTicks={xTicks}
            yTicks={yTicks}
            yAxisWidth={yAxisWidth}
            right={right}
            crossing={crossing}
            labels={{ x: monthLabel, cost: bt('horizon.costAxis', { currency: fmt.currency }) }}
            config={config}
            fmt={fmt}
          />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
});
