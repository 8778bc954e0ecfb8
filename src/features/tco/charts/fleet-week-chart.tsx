import { ChartFrame, type ChartTable } from '../../../components/chart-frame';
import type { ChartConfig } from '../../../components/chart-config';
import { edgeOverhang, verticalAxisWidth } from '../../../components/chart/axis-layout';
import { linearScale, plotArea } from '../../../components/chart/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface, YAxisTitle } from '../../../components/chart/plot';
import { useT } from '../../../components/use-t';
import type { FleetView } from '../../../core/tco/autoscaling';
import { HOURS_PER_MONTH, HOURS_PER_WEEK } from '../../../core/scenario/schema';
import type { Fmt } from '../../../lib/format/fmt';
import { billingMessages } from '../billing/billing-messages';
import { niceTicks } from '../../../components/chart/ticks';
import { memoPlot } from '../../../components/chart/plot-memo';
import { useWidth } from '../../../components/chart/use-width';

/**
 * Demand against capacity through the week of an autoscaled deployment (core/tco/autoscaling.ts):
 * the demand of each hour and the replicas running, in replicas at the capacity at the SLO, and
 * the demand that waits for a start or above the maximum. The table and the CSV hold each hour
 * with its paid GPU-hours, its rent and its minutes over the SLO.
 */
type Key = 'demand' | 'running' | 'waiting';
const AXIS_FONT = 11;
const MARGIN = { top: 12, bottom: 28, left: 6 };
const X_AXIS_HEIGHT = 30;
const DAYS = 7;

/** A step line through the hours: flat over each hour [h, h + 1). */
function stepPath(values: readonly number[], sx: (x: number) => number, sy: (y: number) => number): string {
  let d = '';
  values.forEach((v, h) => {
    d += `${h === 0 ? 'M' : 'L'}${sx(h).toFixed(2)},${sy(v).toFixed(2)}L${sx(h + 1).toFixed(2)},${sy(v).toFixed(2)}`;
  });
  return d;
}

const WeekPlot = memoPlot(function WeekPlot(props: {
  width: number;
  height: number;
  fleet: Pick<FleetView, 'demand' | 'running' | 'spill'>;
  yTicks: number[];
  yAxisWidth: number;
  right: number;
  days: string[];
  labels: { x: string; y: string };
  config: ChartConfig<Key>;
}) {
  const { width, height, fleet, yTicks, yAxisWidth, right, days, labels, config } = props;
  const area = plotArea(width, height, { ...MARGIN, right }, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, HOURS_PER_WEEK, area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const colour = (k: Key) => config.series.find((s) => s.key === k)?.colour ?? 'currentColor';
  const dayStarts = Array.from({ length: DAYS + 1 }, (_, d) => d * 24);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={dayStarts.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={days.map((text, d) => ({ at: sx(d * 24 + (days.length === DAYS ? 12 : 0)), text }))}
        fontSize={AXIS_FONT}
        title={{ text: labels.x, below: X_AXIS_HEIGHT + 16 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: String(v) }))} fontSize={AXIS_FONT} />
      <Clipped area={area}>
        <g>
          {fleet.spill.map((w, h) =>
            w > 0 ? <rect key={h} x={sx(h)} width={Math.max(1, sx(h + 1) - sx(h))} y={sy(w)} height={sy(0) - sy(w)} fill={colour('waiting')} /> : null,
          )}
        </g>
        <g fill="none">
          <path d={stepPath(fleet.running, sx, sy)} stroke={colour('running')} strokeWidth={2.5} />
          <path d={stepPath(fleet.demand, sx, sy)} stroke={colour('demand')} strokeWidth={1.5} strokeDasharray="4 3" />
        </g>
      </Clipped>
      <YAxisTitle area={area} text={labels.y} left={MARGIN.left} fontSize={AXIS_FONT} />
    </PlotSurface>
  );
});

/** `resultKey`: the evaluation the chart shows (for the page's "charts final" check); null where it is not the page's evaluation (a plan's week). */
export function FleetWeekChart(props: { fleet: FleetView; fmt: Fmt; resultKey: string | null; testId?: string; height?: number }) {
  const { fleet, fmt } = props;
  const bt = useT(billingMessages);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const height = props.height ?? 200;
  const config: ChartConfig<Key> = {
    series: [
      { key: 'demand', label: bt('fleet.demand'), colour: 'var(--series-api)', unit: bt('unit.replicas'), dash: '4 3' },
      { key: 'running', label: bt('fleet.running'), colour: 'var(--series-self)', unit: bt('unit.replicas'), kind: 'step' },
      { key: 'waiting', label: bt('fleet.waiting'), colour: 'var(--series-6)', unit: bt('fleet.replicaHours'), kind: 'bar' },
    ],
  };
  const top = Math.max(1, ...fleet.running, ...fleet.demand);
  const yTicks = niceTicks(top, 4).map((v) => Math.round(v * 100) / 100);
  const yAxisWidth = verticalAxisWidth(yTicks.map(String), AXIS_FONT, true);
  // A peak-to-average shape has no days: its hours run busiest first, ticked every 24 hours.
  const days = fleet.busiestFirst
    ? Array.from({ length: DAYS + 1 }, (_, d) => String(d * 24))
    : [0, 1, 2, 3, 4, 5, 6].map((d) => bt(`fleet.day.${d}` as 'fleet.day.0'));
  // Hour ticks end on the plot's edge (168); day names sit mid-day, inside it.
  const right = edgeOverhang(fleet.busiestFirst ? String(HOURS_PER_WEEK) : undefined, AXIS_FONT, 8);
  const head = (rent: string) => [
    bt(fleet.busiestFirst ? 'fleet.hourSorted' : 'fleet.hour'),
    `${bt('fleet.demand')} (${bt('unit.replicas')})`,
    `${bt('fleet.running')} (${bt('unit.replicas')})`,
    bt('fleet.gpuHours'),
    rent,
    `${bt('fleet.waiting')} (${bt('fleet.replicaHours')})`,
    bt('fleet.violation'),
  ];
  const label = (h: number) => (fleet.busiestFirst ? String(h + 1) : `${days[Math.floor(h / 24)] ?? ''} ${String(h % 24).padStart(2, '0')}:00`);
  const rows = fleet.running.map((r, h) => [
    label(h),
    fleet.demand[h] ?? 0,
    r,
    r * fleet.gpusPerReplica,
    r * fleet.rentPerReplicaHour,
    fleet.spill[h] ?? 0,
    fleet.violationMinutes[h] ?? 0,
  ]);
  const table: ChartTable = {
    head: head(bt('fleet.rent')),
    rows: rows.map(([hour, demand, running, gpuHours, rent, waiting, minutes]) => [
      hour as string,
      fmt.number(demand as number, 2),
      fmt.number(running as number, 0),
      fmt.number(gpuHours as number, 0),
      fmt.money(rent as number, 2),
      fmt.number(waiting as number, 3),
      fmt.number(minutes as number, 0),
    ]),
  };
  // The CSV keeps plain numbers, the rent in USD.
  const csv: ChartTable = { head: head(`${bt('fleet.rent')} (USD)`), rows };
  const summary = bt('fleet.summary', {
    paid: fmt.number(fleet.paidReplicaHoursPerWeek, 0),
    fixed: fmt.number(fleet.fixedReplicaHoursPerWeek, 0),
    gpuHours: fmt.number(fleet.paidReplicaHoursPerWeek * fleet.gpusPerReplica, 0),
    monthly: fmt.money(((fleet.paidReplicaHoursPerWeek * HOURS_PER_MONTH) / HOURS_PER_WEEK) * fleet.rentPerReplicaHour, 0),
    minutes: fmt.number(fleet.violationMinutesPerWeek, 0),
  });
  return (
    <div {...(props.resultKey === null ? {} : { 'data-chart': 'fleet-week', 'data-kind': 'eval', 'data-for': props.resultKey })}>
      <ChartFrame
        title={bt('fleet.title')}
        summary={summary}
        table={table}
        csv={csv}
        height={height}
        testId={props.testId ?? 'tco-fleet-week-chart'}
        config={config}
      >
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <WeekPlot
              width={boxWidth}
              height={height}
              fleet={fleet}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              right={right}
              days={days}
              labels={{ x: bt(fleet.busiestFirst ? 'fleet.xSorted' : 'fleet.x'), y: bt('fleet.y') }}
              config={config}
            />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
}
