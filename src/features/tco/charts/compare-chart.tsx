import { memo, useMemo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import type { ChartConfig, ColourVar } from '../../../components/chart-config';
import { edgeOverhang, fitTicks, verticalAxisWidth } from '../../../components/chart/axis-layout';
import { linePath, linearScale, plotArea, type Margin } from '../../../components/chart/geometry';
import { moneyAxis } from '../../../components/chart/money-axis';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface } from '../../../components/chart/plot';
import { memoPlot } from '../../../components/chart/plot-memo';
import { niceTicks } from '../../../components/chart/ticks';
import { useWidth } from '../../../components/chart/use-width';
import { costCurveSeries, type CurveSeries } from './chart-data';
import type { Fmt } from '../../../lib/format/fmt';
import type { TcoEvaluation } from '../../../core/tco/evaluate';

const COLOURS: readonly ColourVar[] = ['var(--series-api)', 'var(--series-self)', 'var(--series-hybrid)'];
const AXIS_FONT = 11;
const X_AXIS_HEIGHT = 30;
const COMPARE_HEIGHT = 300;
const MARGIN_TOP = 12;
const MARGIN_BOTTOM = 30;
const MARGIN_LEFT = 6;

/** Each scenario's API line solid and its self-hosted steps dashed, in the scenario's colour. */
const ComparePlot = memoPlot(function ComparePlot(props: {
  width: number;
  height: number;
  series: CurveSeries[];
  colours: string[];
  xMax: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  margin: Margin;
  unit: string;
  fmt: Fmt;
}) {
  const { width, height, series, colours, xMax, xTicks, yTicks, yAxisWidth, margin, unit, fmt } = props;
  const area = plotArea(width, height, margin, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, xMax, area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const money = moneyAxis(fmt, fmt.moneyCompact);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={xTicks.map((v) => ({ at: sx(v), text: fmt.compact(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: unit, below: X_AXIS_HEIGHT + 18 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: money(v) }))} fontSize={AXIS_FONT} />
      <Clipped area={area}>
        <g fill="none" strokeWidth={2}>
          {series.map((s, i) => (
            <g key={i} stroke={colours[i]}>
              <path d={linePath(s.api, sx, sy)} />
              <path d={linePath(s.self, sx, sy)} strokeDasharray="6 4" />
            </g>
          ))}
        </g>
      </Clipped>
    </PlotSurface>
  );
});

/** The texts the chart shows; the page that places it (the report) words them. */
export type CompareChartKey =
  | 'apiMonthly'
  | 'selfMonthly'
  | 'colCost'
  | 'colOption'
  | 'colScenario'
  | 'compareChart'
  | 'compareChartAria'
  | 'compareLegend'
  | 'compareTasks'
  | 'compareTokens'
  | 'compareUnits';
export type CompareChartT = (key: CompareChartKey, params?: Readonly<Record<string, string | number>>) => string;

/**
 * Monthly cost against monthly volume for every compared scenario: the API line solid, the
 * self-hosted steps dashed, one colour per scenario. Volumes are in tokens per month.
 */
export const TcoCompareChart = memo(function TcoCompareChart(props: { names: string[]; results: TcoEvaluation[]; fmt: Fmt; t: CompareChartT }) {
  const { names, results, fmt, t } = props;
  const series = useMemo(() => results.map((r) => costCurveSeries(r.curves, fmt.toDisplay)), [results, fmt]);
  const sameUnit = results.every((r) => r.curves.unit === results[0]?.curves.unit);
  const xMax = Math.max(...series.map((s) => s.xMax), 1);
  const yMax = Math.max(...series.map((s) => s.yMax), 1e-9);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const yTicks = niceTicks(yMax, 4);
  // The value axis as wide as its widest tick; as many volume ticks as fit, the last one centred on the plot's right edge.
  const yAxisWidth = verticalAxisWidth(yTicks.map(moneyAxis(fmt, fmt.moneyCompact)), AXIS_FONT, false);
  const rightFor = (tick: number | undefined) => edgeOverhang(tick === undefined ? undefined : fmt.compact(tick), AXIS_FONT, 16);
  const makeXTicks = (n: number) => niceTicks(xMax, n).filter((x) => x <= xMax);
  const xTicks = fitTicks(makeXTicks, (v) => fmt.compact(v), boxWidth === null ? null : boxWidth - MARGIN_LEFT - yAxisWidth - rightFor(xMax), AXIS_FONT);
  const margin: Margin = { top: MARGIN_TOP, right: rightFor(xTicks[xTicks.length - 1]), bottom: MARGIN_BOTTOM, left: MARGIN_LEFT };
  const unit = results[0]?.curves.unit === 'tasks' ? t('compareTasks') : t('compareTokens');
  const rows = results.flatMap((r, i) => [
    [names[i] ?? '', t('apiMonthly'), fmt.compact(r.curves.current), fmt.money(r.api.monthlyUsd)],
    [names[i] ?? '', t('selfMonthly'), fmt.compact(r.curves.current), fmt.money(r.selfHosted.monthlyUsd)],
  ]);
  const csv = results.flatMap((r, i) => [
    [names[i] ?? '', 'api', r.curves.current, r.api.monthlyUsd],
    [names[i] ?? '', 'self-hosted', r.curves.current, r.selfHosted.monthlyUsd],
  ]);
  // One colour per scenario; each draws its API line solid and its self-hosted steps dashed
  // (the legend's note says so).
  const config: ChartConfig = {
    series: names.map((n, i) => ({ key: `scenario-${i}`, label: n, colour: COLOURS[i % COLOURS.length] ?? 'var(--series-api)' })),
    notes: [{ text: t('compareLegend') }, ...(!sameUnit ? [{ text: t('compareUnits'), tone: 'warn' as const }] : [])],
  };
  return (
    <ChartFrame
      title={t('compareChart')}
      summary={t('compareChartAria', { count: results.length })}
      table={{ head: [t('colScenario'), t('colOption'), unit, t('colCost')], rows }}
      csv={{ head: ['scenario', 'option', results[0]?.curves.unit === 'tasks' ? 'tasks_per_month' : 'tokens_per_month', 'usd_per_month'], rows: csv }}
      height={COMPARE_HEIGHT}
      testId="compare-chart"
      config={config}
    >
      <div ref={boxRef} className="h-full w-full">
        {boxWidth !== null ? (
          <ComparePlot
            width={boxWidth}
            height={COMPARE_HEIGHT}
            series={series}
            colours={config.series.map((c) => c.colour)}
            xMax={xMax}
            xTicks={xTicks}
            yTicks={yTicks}
            yAxisWidth={yAxisWidth}
            margin={margin}
            unit={unit}
            fmt={fmt}
          />
        ) : null}
      </div>
    </ChartFrame>
  );
});
