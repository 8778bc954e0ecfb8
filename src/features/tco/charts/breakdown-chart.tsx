import { memo, useMemo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { bands, linearScale, plotArea, span } from '../../../components/chart/geometry';
import { BottomAxis, Grid, LeftAxis, PlotSurface } from '../../../components/chart/plot';
import { csvColumns, tableColumns, type ChartConfig, type ChartSeries, type ColourVar } from '../../../components/chart-config';
import { useT } from '../../../components/use-t';
import type { TcoEvaluation } from '../../../core/tco/evaluate';
import { billingMessages } from '../billing/billing-messages';
import { edgeOverhang, fitTicks, widestText } from '../../../components/chart/axis-layout';
import { useWidth } from '../../../components/chart/use-width';
import { BREAKDOWN_KEYS, breakdownRows, type BreakdownKey } from './chart-data';
import { niceTicks } from '../../../components/chart/ticks';
import { csvMoney } from './csv';
import type { Fmt } from '../../../lib/format/fmt';
import type { TcoT } from '../messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { moneyAxis } from '../../../components/chart/money-axis';
import { chartMessages } from './chart-messages';

/** Warm colours for the self-hosted parts, cool ones for the API bill. */
export const BREAKDOWN_COLORS: Record<BreakdownKey, ColourVar> = {
  gpu: 'var(--series-self)',
  power: 'var(--series-6)',
  staff: 'var(--series-4)',
  ops: 'var(--muted)',
  input: 'var(--series-api)',
  cached: 'var(--series-5)',
  output: 'var(--series-hybrid)',
};

const AXIS_FONT = 11;
/** Option names, on one line each (their width is measured in this size). */
const NAME_FONT = 12;
const X_AXIS_HEIGHT = 30;
const BREAKDOWN_HEIGHT = 200;

const BreakdownPlot = memoPlot(function BreakdownPlot(props: {
  width: number;
  height: number;
  data: ({ name: string } & Record<BreakdownKey, number>)[];
  series: readonly ChartSeries<BreakdownKey>[];
  ticks: number[];
  axisLabel: string;
  nameWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  fmt: Fmt;
}) {
  const { width, height, data, series, ticks, axisLabel, nameWidth, margin, fmt } = props;
  const area = plotArea(width, height, margin, nameWidth, X_AXIS_HEIGHT);
  const sx = linearScale(0, ticks[ticks.length - 1] ?? 1, area.x, area.x + area.width);
  const rows = bands(data.length, area.y, area.height, { gap: 0.22 });
  const money = moneyAxis(fmt, fmt.moneyCompact);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} xs={ticks.map(sx)} />
      <BottomAxis
        area={area}
        ticks={ticks.map((v) => ({ at: sx(v), text: money(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: axisLabel, below: X_AXIS_HEIGHT + 14 }}
      />
      <LeftAxis area={area} ticks={data.map((d, i) => ({ at: rows.centre(i), text: d.name }))} fontSize={NAME_FONT} />
      {data.map((d, i) => {
        let from = 0;
        return (
          <g key={d.name}>
            {series.map((s) => {
              const to = from + d[s.key];
              const bar = span(from, to, sx);
              from = to;
              return bar.size > 0 ? <rect key={s.key} x={bar.start} y={rows.offset(i)} width={bar.size} height={rows.thickness} fill={s.colour} /> : null;
            })}
          </g>
        );
      })}
    </PlotSurface>
  );
});

/** Monthly cost of each option, stacked by what it is spent on. */
export const BreakdownChart = memo(function BreakdownChart(props: { evaluation: TcoEvaluation; resultKey: string; fmt: Fmt; t: TcoT }) {
  const chT = useT(chartMessages);
  const { evaluation, resultKey, fmt, t } = props;
  const bt = useT(billingMessages);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const rows = useMemo(() => breakdownRows(evaluation, fmt.toDisplay), [evaluation, fmt]);
  const data = rows.map((r) => ({ ...r, name: t(`option.${r.option}`) }));
  const total = (r: (typeof rows)[number]) => BREAKDOWN_KEYS.reduce((s, k) => s + r[k], 0);
  const max = Math.max(...rows.map(total), 1e-9);
  const present = BREAKDOWN_KEYS.filter((k) => rows.some((r) => r[k] > 0));
  const cell = moneyAxis(fmt, fmt.money);
  const tick = moneyAxis(fmt, fmt.moneyCompact);
  const money = `${fmt.currency}/${chT('unit.month')}`;
  // One stacked bar part per cost item that any option has.
  // The GPU part says how it is paid (billing mode, or capital straight-line / at the WACC), the
  // staff part how many FTE the self-hosted deployment needs (core/tco/billing.ts, staff.ts).
  const sh = evaluation.selfHosted;
  const gpuLabel = sh.capital
    ? sh.capital.waccYearly > 0
      ? bt('part.gpu.annuity', { wacc: fmt.percent(sh.capital.waccYearly, 1) })
      : bt('part.gpu.straight')
    : bt(`part.gpu.${evaluation.billing.mode}`);
  const partLabel = (k: BreakdownKey) => (k === 'gpu' ? gpuLabel : k === 'staff' ? bt('part.staff', { fte: fmt.number(sh.staffFte, 2) }) : chT(`part.${k}`));
  const config: ChartConfig<BreakdownKey> = {
    series: present.map((k) => ({ key: k, label: partLabel(k), colour: BREAKDOWN_COLORS[k], unit: money, kind: 'bar' })),
  };
  const table = {
    head: [chT('chart.option'), ...tableColumns(config), chT('chart.total')],
    rows: rows.map((r) => [t(`option.${r.option}`), ...present.map((k) => cell(r[k])), cell(total(r))]),
  };
  const csv = {
    head: [chT('chart.option'), ...csvColumns(config), `${chT('chart.total')} (${money})`],
    rows: rows.map((r) => [t(`option.${r.option}`), ...present.map((k) => csvMoney(r[k])), csvMoney(total(r))]),
  };
  // Names as wide as the widest; as many value ticks as fit the plot's width, the last one
  // centred on the plot's right edge.
  const nameWidth =
    widestText(
      data.map((d) => d.name),
      NAME_FONT,
    ) + 12;
  const tickText = (v: number | undefined) => (v === undefined ? undefined : tick(v));
  const rightFor = (ticks: number[]) => edgeOverhang(tickText(ticks[ticks.length - 1]), AXIS_FONT, 12);
  const plotWidth = boxWidth === null ? null : boxWidth - nameWidth - 4 - rightFor(niceTicks(max, 4));
  const ticks = fitTicks((n) => niceTicks(max, n), tick, plotWidth, AXIS_FONT);
  const margin = { top: 4, right: rightFor(ticks), bottom: 24, left: 4 };
  const summary = chT('chart.breakdownAria', {
    api: fmt.money(evaluation.api.monthlyUsd),
    self: fmt.money(evaluation.selfHosted.monthlyUsd),
    hybrid: fmt.money(evaluation.hybrid.monthlyUsd),
  });
  return (
    <div data-chart="breakdown" data-kind="eval" data-for={resultKey}>
      <ChartFrame
        title={chT('chart.breakdownTitle')}
        summary={summary}
        table={table}
        csv={csv}
        height={BREAKDOWN_HEIGHT}
        testId="tco-breakdown-chart"
        config={config}
      >
        <div ref={boxRef} className="h-full w-full">
          {boxWidth !== null ? (
            <BreakdownPlot
              width={boxWidth}
              height={BREAKDOWN_HEIGHT}
              data={data}
              series={config.series}
              ticks={ticks}
              axisLabel={chT('chart.costAxis', { currency: fmt.currency })}
              nameWidth={nameWidth}
              margin={margin}
              fmt={fmt}
            />
          ) : null}
        </div>
      </ChartFrame>
    </div>
  );
});
