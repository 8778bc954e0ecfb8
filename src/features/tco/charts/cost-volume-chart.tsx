import { memo, useMemo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { linePath, linearScale, plotArea } from '../../../components/chart/geometry';
import { BottomAxis, Grid, LeftAxis, PlotSurface, YAxisTitle } from '../../../components/chart/plot';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../../components/chart-config';
import type { BreakEvenView, CostCurves } from '../../../core/tco/evaluate';
import { edgeOverhang, fitTicks, verticalAxisWidth } from '../../../components/chart/axis-layout';
import { useWidth } from '../../../components/chart/use-width';
import { costChartRows, costCurveRows, costCurveSeries, offChartPoint, type CostRow } from './chart-data';
import { niceTicks } from '../../../components/chart/ticks';
import { OffChartMark, OptionLines } from './chart-parts';
import { csvMoney, csvNumber } from './csv';
import type { Fmt } from '../../../lib/format/fmt';
import type { TcoT } from '../messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { moneyAxis, toUsd } from '../../../components/chart/money-axis';
import { useT } from '../../../components/use-t';
import { chartMessages } from './chart-messages';

/**
 * Monthly cost against monthly volume for the three options, with today's volume and the
 * break-even marked. The self-hosted line is drawn as exact steps (replicas come whole).
 * One path per series in plain SVG (the chart kit's plot parts), memoised on its numbers.
 */
const MARGIN_TOP = 24;
const MARGIN_BOTTOM = 30;
const MARGIN_LEFT = 6;
const X_AXIS_HEIGHT = 30;
const AXIS_FONT = 11;
const COST_HEIGHT = 320;

/**
 * The chart's horizontal layout from its tick texts: the value axis as wide as its widest
 * tick plus its title's band, the right margin as wide as half the last volume tick.
 */
function costChartLayout(yTickTexts: readonly string[], lastXTick: string | undefined) {
  const yAxisWidth = verticalAxisWidth(yTickTexts, AXIS_FONT, true);
  const right = edgeOverhang(lastXTick, AXIS_FONT, 16);
  return {
    yAxisWidth,
    margin: { top: MARGIN_TOP, right, bottom: MARGIN_BOTTOM, left: MARGIN_LEFT },
    plotLeft: MARGIN_LEFT + yAxisWidth,
    plotInset: MARGIN_LEFT + yAxisWidth + right,
  };
}

/**
 * Today's volume and the break-even are drawn over the chart as plain HTML lines placed by
 * CSS (a share of the plot width): moving them costs a style change, not a chart update.
 */
function Marker(props: { share: number; label: string; kind: 'today' | 'break-even'; plotLeft: number; plotInset: number }) {
  const { share, label, kind, plotLeft, plotInset } = props;
  if (!(share >= 0 && share <= 1)) return null;
  const left = `calc(${plotLeft}px + (100% - ${plotInset}px) * ${share})`;
  const right = share > 0.6;
  return (
    <div
      className="pointer-events-none absolute print:hidden"
      style={{ left, top: MARGIN_TOP, bottom: MARGIN_BOTTOM + X_AXIS_HEIGHT }}
      data-testid={kind === 'today' ? 'tco-today-marker' : 'tco-break-even-marker'}
      data-share={share}
      data-export-label={label}
    >
      <div className={`absolute inset-y-0 left-0 ${kind === 'today' ? 'border-l border-dashed border-muted' : 'border-l-2 border-text'}`} />
      <span
        className={`absolute whitespace-nowrap text-[11px] ${kind === 'today' ? '-top-5 -translate-x-1/2 text-muted' : `top-0 font-semibold text-text ${right ? 'right-1.5' : 'left-1.5'}`}`}
      >
        {label}
      </span>
    </div>
  );
}

type CostSeries = 'api' | 'self' | 'hybrid';

const CostPlot = memoPlot(function CostPlot(props: {
  width: number;
  height: number;
  rows: CostRow[];
  xMax: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  offChart: { share: number; label: string } | null;
  /** The markers again, drawn in the SVG for print only (see PrintMarks). */
  marks: readonly { share: number; label: string; kind: 'today' | 'break-even' }[];
  labels: { unit: string; cost: string };
  config: ChartConfig<CostSeries>;
  fmt: Fmt;
}) {
  const { width, height, rows, xMax, xTicks, yTicks, yAxisWidth, margin, labels, config, fmt } = props;
  const self = seriesOf(config, 'self');
  const area = plotArea(width, height, margin, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, xMax, area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const money = moneyAxis(fmt, fmt.moneyCompact);
  const line = (key: CostSeries) =>
    linePath(
      rows.map((r) => ({ x: r.x, y: r[key] })),
      sx,
      sy,
    );
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={xTicks.map((v) => ({ at: sx(v), text: fmt.compact(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: labels.unit, below: X_AXIS_HEIGHT + 18 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: money(v) }))} fontSize={AXIS_FONT} />
      <OptionLines area={area} config={config} line={line} />
      <YAxisTitle area={area} text={labels.cost} left={margin.left} fontSize={AXIS_FONT} />
      {props.offChart ? <OffChartMark area={area} share={props.offChart.share} label={props.offChart.label} color={self.colour} fontSize={AXIS_FONT} /> : null}
      {/*
        On paper the chart is narrower than on screen and the SVG scales down, while the HTML
        markers keep their pixel offsets: print draws them here instead, scaled with the plot.
      */}
      <g className="hidden print:inline" data-print-marks>
        {props.marks
          .filter((m) => m.share >= 0 && m.share <= 1)
          .map((m) => {
            const x = area.x + area.width * m.share;
            const right = m.share > 0.6;
            return (
              <g key={m.kind}>
                <line
                  x1={x}
                  x2={x}
                  y1={area.y}
                  y2={area.y + area.height}
                  stroke={m.kind === 'today' ? 'var(--muted)' : 'var(--text)'}
                  strokeWidth={m.kind === 'today' ? 1 : 2}
                  strokeDasharray={m.kind === 'today' ? '4 3' : undefined}
                />
                <text
                  x={right ? x - 6 : x + 6}
                  y={area.y + (m.kind === 'today' ? 26 : 12)}
                  textAnchor={right ? 'end' : 'start'}
                  fontSize={AXIS_FONT}
                  fill={m.kind === 'today' ? 'var(--muted)' : 'var(--text)'}
                  fontWeight={m.kind === 'today' ? undefined : 600}
                >
                  {m.label}
                </text>
              </g>
            );
          })}
      </g>
    </PlotSurface>
  );
});

export const CostVolumeChart = memo(function CostVolumeChart(props: { curves: CostCurves; breakEven: BreakEvenView; resultKey: string; fmt: Fmt; t: TcoT }) {
  const chT = useT(chartMessages);
  const { curves, breakEven, resultKey, fmt, t } = props;
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const series = useMemo(() => costCurveSeries(curves, fmt.toDisplay), [curves, fmt]);
  const chartRows = useMemo(() => costChartRows(series), [series]);
  const unitLabel = curves.unit === 'tokens' ? t('unit.tokensPerMonth') : t('unit.tasksPerMonth');
  const yTicks = niceTicks(series.yMax, 4);
  const yTexts = yTicks.map(moneyAxis(fmt, fmt.moneyCompact));
  // As many volume ticks as fit the plot's width (fewer on a phone).
  const makeXTicks = (n: number) => niceTicks(series.xMax, n).filter((x) => x <= series.xMax);
  const wide = costChartLayout(yTexts, fmt.compact(series.xMax));
  const xTicks = fitTicks(makeXTicks, (v) => fmt.compact(v), boxWidth === null ? null : boxWidth - wide.plotInset, AXIS_FONT);
  const layout = costChartLayout(yTexts, xTicks.length > 0 ? fmt.compact(xTicks[xTicks.length - 1]) : undefined);
  const leaves = offChartPoint(series.self, yTicks[yTicks.length - 1] ?? series.yMax);
  const offChart = leaves && series.xMax > 0 ? { share: leaves.x / series.xMax, label: fmt.money(toUsd(fmt, leaves.y)) } : null;
  const be = curves.breakEven;
  const labels = { unit: unitLabel, cost: chT('chart.costAxis', { currency: fmt.currency }) };
  const never = breakEven.result.kind === 'never';
  // The display currency per month: the unit of every line.
  const money = `${fmt.currency}/${chT('unit.month')}`;
  const config: ChartConfig<CostSeries> = {
    series: [
      { key: 'api', label: t('option.api'), colour: 'var(--series-api)', unit: money },
      { key: 'self', label: t('option.self-hosted'), legendLabel: chT('chart.selfSteps'), colour: 'var(--series-self)', unit: money, kind: 'step' },
      { key: 'hybrid', label: t('option.hybrid'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [...(never ? [{ text: chT('chart.noBreakEven') }] : []), ...(offChart ? [{ text: chT('chart.offChart') }] : [])],
  };
  const todayShare = series.xMax > 0 ? curves.current / series.xMax : -1;
  const beShare = be !== null && series.xMax > 0 ? be / series.xMax : -1;
  const beLabel = be !== null ? `${chT('chart.breakEven')} ${fmt.compact(be)}` : '';
  const marks = useMemo(
    () => [
      { share: todayShare, label: chT('chart.today'), kind: 'today' as const },
      ...(beShare >= 0 ? [{ share: beShare, label: beLabel, kind: 'break-even' as const }] : []),
    ],
    [todayShare, beShare, beLabel, chT],
  );
  const offText = leaves ? ` ${chT('chart.offChartAria', { value: fmt.money(toUsd(fmt, leaves.y)), volume: fmt.compact(leaves.x), unit: unitLabel })}` : '';
  const summary =
    (be === null
      ? chT('chart.costAriaNever', { current: fmt.compact(curves.current), unit: unitLabel })
      : chT('chart.costAria', { breakEven: fmt.compact(be), current: fmt.compact(curves.current), unit: unitLabel })) + offText;
  const rows = useMemo(() => costCurveRows(curves), [curves]);
  const table = {
    head: [unitLabel, ...tableColumns(config), chT('chart.ownedReplicas')],
    rows: rows.map((r) => [fmt.compact(r.x), fmt.money(r.api), fmt.money(r.self), fmt.money(r.hybrid), String(r.replicas)]),
  };
  // The same rows as plain numbers in the display currency, units in the header.
  const csv = {
    head: [`${chT('chart.csvVolume')} (${unitLabel})`, ...csvColumns(config), chT('chart.ownedReplicas')],
    rows: rows.map((r) => [
      csvNumber(r.x),
      csvMoney(fmt.toDisplay(r.api)),
      r.self === null ? '' : csvMoney(fmt.toDisplay(r.self)),
      csvMoney(fmt.toDisplay(r.hybrid)),
      r.replicas,
    ]),
  };
  return (
    <div data-chart="cost-volume" data-kind="eval" data-for={resultKey}>
      <ChartFrame title={chT('chart.costTitle')} summary={summary} table={table} csv={csv} height={COST_HEIGHT} testId="tco-cost-chart" config={config}>
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <CostPlot
              width={boxWidth}
              height={COST_HEIGHT}
              rows={chartRows}
              xMax={series.xMax}
              xTicks={xTicks}
              yTicks={yTicks}
              yAxisWidth={layout.yAxisWidth}
              margin={layout.margin}
              offChart={offChart}
              marks={marks}
              labels={labels}
              config={config}
              fmt={fmt}
            />
          ) : null}
          <Marker kind="today" share={todayShare} label={chT('chart.today')} plotLeft={layout.plotLeft} plotInset={layout.plotInset} />
          {be !== null ? <Marker kind="break-even" share={beShare} label={beLabel} plotLeft={layout.plotLeft} plotInset={layout.plotInset} /> : null}
        </div>
      </ChartFrame>
    </div>
  );
});
