import { memo, useMemo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { linearScale, plotArea, stepAreaPath } from '../../../components/chart/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface } from '../../../components/chart/plot';
import { csvColumns, seriesOf, type ChartConfig } from '../../../components/chart-config';
import { Help } from '../../../components/help';
import type { TcoEvaluation } from '../../../core/tco/evaluate';
import type { Fmt } from '../../../lib/format/fmt';
import { plural } from '../../../core/text/plural';
import type { TcoT } from '../messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { useWidth } from '../../../components/chart/use-width';
import { edgeOverhang, verticalAxisWidth } from '../../../components/chart/axis-layout';
import { niceTicks } from '../../../components/chart/ticks';
import { useT } from '../../../components/use-t';
import { csvNumber } from './csv';
import { chartMessages } from './chart-messages';

const AXIS_FONT = 11;
const WEEK_TICKS = [0, 24, 48, 72, 96, 120, 144];
const RANK_TICKS = [0, 42, 84, 126, 167];
const DOMAIN: [number, number] = [0, 167];
const X_AXIS_HEIGHT = 30;
const HYBRID_HEIGHT = 180;

type HybridSeries = 'owned' | 'overflow';

const HybridPlot = memoPlot(function HybridPlot(props: {
  width: number;
  height: number;
  data: { hour: number; owned: number; overflow: number }[];
  weekly: boolean;
  dayNames: string[];
  labels: { x: string; unit: string };
  config: ChartConfig<HybridSeries>;
  yTicks: number[];
  yAxisWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  fmt: Fmt;
}) {
  const { width, height, data, weekly, dayNames, labels, config, yTicks, yAxisWidth, margin, fmt } = props;
  const owned = seriesOf(config, 'owned');
  const overflow = seriesOf(config, 'overflow');
  const area = plotArea(width, height, margin, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(DOMAIN[0], DOMAIN[1], area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const xs = data.map((d) => d.hour);
  const zero = data.map(() => 0);
  const ownedTop = data.map((d) => d.owned);
  const total = data.map((d) => d.owned + d.overflow);
  const xText = (v: number) => (weekly ? (dayNames[Math.floor(v / 24)] ?? '') : String(v + 1));
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={(weekly ? WEEK_TICKS : RANK_TICKS).map((v) => ({ at: sx(v), text: xText(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: labels.x, below: X_AXIS_HEIGHT + 12 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: fmt.compact(v) }))} fontSize={AXIS_FONT} />
      <Clipped area={area}>
        <path d={stepAreaPath(xs, zero, ownedTop, sx, sy)} fill={owned.colour} fillOpacity={0.85} />
        <path d={stepAreaPath(xs, ownedTop, total, sx, sy)} fill={overflow.colour} fillOpacity={0.75} />
      </Clipped>
    </PlotSurface>
  );
});

/**
 * The chosen hybrid split hour by hour: what the owned replicas serve and what overflows to
 * the API. In peak-to-average mode the hours are a load-duration curve (busiest first).
 */
export const HybridChart = memo(function HybridChart(props: { evaluation: TcoEvaluation; resultKey: string; fmt: Fmt; t: TcoT }) {
  const chT = useT(chartMessages);
  const { evaluation: e, resultKey, fmt, t } = props;
  const h = e.hybrid;
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const weekly = e.shape.mode === 'weekly';
  const data = useMemo(() => h.hourly.map((x) => ({ hour: x.hour, owned: x.owned, overflow: x.overflow })), [h.hourly]);
  const dayNames = t('profile.days').split(',');
  const hourLabel = (hour: number) => (weekly ? `${dayNames[Math.floor(hour / 24)] ?? ''} ${String(hour % 24).padStart(2, '0')}:00` : `${hour + 1}`);
  const unit = e.selfHosted.capacity.basis === 'output' ? t('unit.outputTokensPerSecond') : t('unit.tokensPerSecond');
  const summary = chT(plural(fmt.language, h.replicas, { one: 'chart.hybridAria.one', other: 'chart.hybridAria.other' }), {
    replicas: h.replicas,
    self: fmt.percent(h.selfShare, 0),
    api: fmt.percent(1 - h.selfShare, 0),
  });
  const config: ChartConfig<HybridSeries> = {
    series: [
      { key: 'owned', label: chT('chart.owned'), colour: 'var(--series-self)', unit, kind: 'area' },
      { key: 'overflow', label: chT('chart.overflow'), colour: 'var(--series-api)', unit, kind: 'area' },
    ],
  };
  // Table and CSV both name the unit: the title's unit differs between capacity bases.
  const table = {
    head: [weekly ? chT('chart.hourOfWeek') : chT('chart.hourRank'), ...csvColumns(config)],
    rows: h.hourly.map((x) => [hourLabel(x.hour), fmt.number(x.owned, 0), fmt.number(x.overflow, 0)]),
  };
  const csv = {
    head: [weekly ? chT('chart.hourOfWeek') : chT('chart.hourRank'), ...csvColumns(config)],
    rows: h.hourly.map((x) => [weekly ? hourLabel(x.hour) : x.hour + 1, csvNumber(x.owned), csvNumber(x.overflow)]),
  };
  // The value axis from its tick texts; the last hour tick (rank 168) sits on the right edge.
  const yTicks = niceTicks(Math.max(0, ...h.hourly.map((x) => x.owned + x.overflow)), 4);
  const yAxisWidth = verticalAxisWidth(
    yTicks.map((v) => fmt.compact(v)),
    AXIS_FONT,
    false,
  );
  const margin = { top: 8, right: edgeOverhang(weekly ? undefined : '168', AXIS_FONT, 12), bottom: 24, left: 4 };
  return (
    <div data-chart="hybrid" data-kind="eval" data-for={resultKey}>
      <ChartFrame
        title={chT('chart.hybridTitle', { unit })}
        summary={summary}
        table={table}
        csv={csv}
        height={HYBRID_HEIGHT}
        testId="tco-hybrid-chart"
        config={config}
        footer={
          <p className="text-xs text-muted">
            {summary}
            <Help topic="hybrid" />
          </p>
        }
      >
        <div ref={boxRef} className="h-full w-full">
          {boxWidth !== null ? (
            <HybridPlot
              width={boxWidth}
              height={HYBRID_HEIGHT}
              data={data}
              weekly={weekly}
              dayNames={dayNames}
              labels={{ x: weekly ? chT('chart.hourOfWeek') : chT('chart.hourRank'), unit }}
              config={config}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              margin={margin}
              fmt={fmt}
            />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
});
