import { ChartFrame, type ChartTable } from '../../../components/chart-frame';
import type { ChartConfig } from '../../../components/chart-config';
import { edgeOverhang, fitTicks, verticalAxisWidth, widestText } from '../../../components/chart/axis-layout';
import { linePath, linearScale, plotArea } from '../../../components/chart/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface, VerticalRule, YAxisTitle } from '../../../components/chart/plot';
import type { Fmt } from '../../../lib/format/fmt';
import { niceTicks } from '../../../components/chart/ticks';
import { memoPlot } from '../../../components/chart/plot-memo';
import { useWidth } from '../../../components/chart/use-width';
import { moneyAxis } from '../../../components/chart/money-axis';

/**
 * A line chart over the months of the horizon, month 0 to N (the cumulative cost and the
 * cumulative cash saved): one line per series of its config (dashed ones thinner), money on the
 * value axis, an optional zero line, and one month marked with its label on the side that has
 * room. The marker is part of the drawing, so the PNG and SVG files carry it.
 */
const AXIS_FONT = 11;
const MARGIN = { top: 22, bottom: 28, left: 6 };
const X_AXIS_HEIGHT = 30;

export type MonthRow<K extends string> = { month: number } & Record<K, number | null>;

/**
 * The label of the month marked: the long text on the side of the line with
 * room for it (measured in the chart's font), or only the month when neither side has room.
 */
function monthMark(
  month: number,
  months: number,
  plotWidth: number,
  long: string,
  short: string,
  fontSize: number,
): { month: number; label: string; side: 'left' | 'right' } {
  const share = months > 0 ? month / months : 0;
  const fits = (text: string, room: number) => widestText([text], fontSize) + 10 <= room;
  const label = fits(long, plotWidth * (1 - share)) || fits(long, plotWidth * share) ? long : short;
  return { month, label, side: fits(label, plotWidth * (1 - share)) ? 'right' : 'left' };
}

const MonthPlot = memoPlot(function MonthPlot(props: {
  width: number;
  height: number;
  rows: MonthRow<string>[];
  months: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  right: number;
  mark: { month: number; label: string; side: 'left' | 'right' } | null;
  zeroLine: boolean;
  labels: { x: string; y: string };
  config: ChartConfig;
  fmt: Fmt;
}) {
  const { width, height, rows, months, xTicks, yTicks, yAxisWidth, right, mark, zeroLine, labels, config, fmt } = props;
  const area = plotArea(width, height, { ...MARGIN, right }, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, months, area.x, area.x + area.width);
  const sy = linearScale(yTicks[0] ?? 0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const money = moneyAxis(fmt, fmt.moneyCompact);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={xTicks.map((v) => ({ at: sx(v), text: String(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: labels.x, below: X_AXIS_HEIGHT + 16 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: money(v) }))} fontSize={AXIS_FONT} />
      {zeroLine ? (
        <line x1={area.x} x2={area.x + area.width} y1={sy(0)} y2={sy(0)} stroke="var(--text)" strokeWidth={1} data-testid="month-chart-zero" />
      ) : null}
      <Clipped area={area}>
        <g fill="none">
          {config.series.map((s) => (
            <path
              key={s.key}
              d={linePath(
                rows.map((r) => ({ x: r.month, y: r[s.key] ?? null })),
                sx,
                sy,
              )}
              stroke={s.colour}
              strokeWidth={s.dash ? 2 : 2.5}
              strokeDasharray={s.dash}
            />
          ))}
        </g>
      </Clipped>
      {mark ? (
        <VerticalRule
          area={area}
          x={sx(mark.month)}
          strokeWidth={1.5}
          label={{ text: mark.label, place: mark.side === 'left' ? 'inside-left' : 'inside-right', fontSize: AXIS_FONT, fontWeight: 600 }}
        />
      ) : null}
      <YAxisTitle area={area} text={labels.y} left={MARGIN.left} fontSize={AXIS_FONT} />
    </PlotSurface>
  );
});

export function MonthLinesChart<K extends string>(props: {
  chart: string;
  resultKey: string;
  testId: string;
  title: string;
  summary: string;
  table: ChartTable;
  csv: ChartTable;
  config: ChartConfig<K>;
  rows: MonthRow<K>[];
  months: number;
  height: number;
  /** Value ticks in the display currency (from 0, or a range through 0 with `zeroLine`). */
  yTicks: number[];
  zeroLine?: boolean;
  /** The month marked: its long label, and the short one for a plot with room on neither side. */
  mark: { month: number; long: string; short: string } | null;
  labels: { x: string; y: string };
  fmt: Fmt;
}) {
  const { months, fmt, yTicks, mark } = props;
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const yAxisWidth = verticalAxisWidth(yTicks.map(moneyAxis(fmt, fmt.moneyCompact)), AXIS_FONT, true);
  const right = edgeOverhang(String(months), AXIS_FONT, 14);
  const makeXTicks = (n: number) => niceTicks(months, n).filter((x) => x <= months && Number.isInteger(x));
  const plotWidth = boxWidth === null ? 600 : boxWidth - MARGIN.left - yAxisWidth - right;
  const xTicks = fitTicks(makeXTicks, (v) => String(v), boxWidth === null ? null : plotWidth, AXIS_FONT, 6);
  return (
    <div data-chart={props.chart} data-kind="eval" data-for={props.resultKey}>
      <ChartFrame
        title={props.title}
        summary={props.summary}
        table={props.table}
        csv={props.csv}
        height={props.height}
        testId={props.testId}
        config={props.config}
      >
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <MonthPlot
              width={boxWidth}
              height={props.height}
              rows={props.rows}
              months={months}
              xTicks={xTicks}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              right={right}
              mark={mark === null ? null : monthMark(mark.month, months, plotWidth, mark.long, mark.short, AXIS_FONT)}
              zeroLine={props.zeroLine ?? false}
              labels={props.labels}
              config={props.config as ChartConfig}
              fmt={fmt}
            />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
}
