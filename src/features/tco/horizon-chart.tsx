import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import { useT } from '../../components/use-t';
import type { HorizonView } from '../../core/tco/horizon';
import type { Fmt } from '../../lib/format/fmt';
import { edgeOverhang, fitTicks, verticalAxisWidth, widestText } from './axis-layout';
import { billingMessages } from './billing-messages';
import { YAxisTitle } from './chart-parts';
import { niceTicks } from './chart-data';
import { csvMoney } from './csv';
import type { TcoT } from './messages';
import { memoPlot, useStable } from './plot-memo';
import { useWidth } from './use-width';

/**
 * Cumulative cost of each option over the planning horizon (core/tco/horizon.ts), month 0 (the
 * one-time costs) to N, with the month self-hosting's cumulative cost reaches the API's marked.
 * The marker is part of the drawing, so the PNG and SVG files carry it.
 */
const AXIS_FONT = 11;
const MARGIN = { top: 22, bottom: 28, left: 6 };

type HorizonSeries = 'api' | 'self' | 'hybrid';
type Row = { month: number; api: number; self: number | null; hybrid: number };

const HorizonPlot = memoPlot(function HorizonPlot(props: {
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
  const { rows, months, yAxisWidth, fmt, crossing } = props;
  const config = useStable(props.config);
  const api = seriesOf(config, 'api');
  const self = seriesOf(config, 'self');
  const hybrid = seriesOf(config, 'hybrid');
  const xTicks = useStable(props.xTicks);
  const yTicks = useStable(props.yTicks);
  const labels = useStable(props.labels);
  const margin = useMemo(() => ({ ...MARGIN, right: props.right }), [props.right]);
  const axes = useMemo(() => {
    const back = fmt.toDisplay(1) || 1;
    return {
      yFormat: (v: number) => fmt.moneyCompact(v / back),
      xLabel: { value: labels.x, position: 'insideBottom' as const, offset: -16, fill: 'var(--muted)', fontSize: AXIS_FONT },
    };
  }, [labels, fmt]);
  const xDomain = useStable<[number, number]>([0, months]);
  const yDomain = useStable<[number, number]>([0, yTicks[yTicks.length - 1] ?? 1]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows} margin={margin}>
        <CartesianGrid stroke="var(--grid)" />
        <XAxis interval={0} dataKey="month" type="number" domain={xDomain} ticks={xTicks} stroke="var(--muted)" fontSize={AXIS_FONT} label={axes.xLabel} height={30} />
        <YAxis interval={0} type="number" domain={yDomain} ticks={yTicks} tickFormatter={axes.yFormat} stroke="var(--muted)" fontSize={AXIS_FONT} width={yAxisWidth} />
        <Line dataKey={api.key} name={api.label} stroke={api.colour} strokeWidth={2.5} dot={false} isAnimationActive={false} />
        <Line dataKey={self.key} name={self.label} stroke={self.colour} strokeWidth={2.5} dot={false} connectNulls={false} isAnimationActive={false} />
        <Line dataKey={hybrid.key} name={hybrid.label} stroke={hybrid.colour} strokeWidth={2} strokeDasharray={hybrid.dash} dot={false} isAnimationActive={false} />
        {crossing ? (
          <ReferenceLine
            x={crossing.month}
            stroke="var(--text)"
            strokeWidth={1.5}
            label={{ value: crossing.label, position: crossing.side === 'left' ? 'insideTopRight' : 'insideTopLeft', fill: 'var(--text)', fontSize: AXIS_FONT, fontWeight: 600 }}
          />
        ) : null}
        <YAxisTitle text={labels.cost} left={MARGIN.left} fontSize={AXIS_FONT} />
      </LineChart>
    </ResponsiveContainer>
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
  if (cross !== null) {
    const share = h.months > 0 ? cross / h.months : 0;
    const fits = (text: string, room: number) => widestText([text], AXIS_FONT) + 10 <= room;
    const long = bt('horizon.crossing', { month: cross });
    const short = bt('horizon.monthN', { month: cross });
    const label = fits(long, plotWidth * (1 - share)) || fits(long, plotWidth * share) ? long : short;
    crossing = { month: cross, label, side: fits(label, plotWidth * (1 - share)) ? 'right' : 'left' };
  }
  const money = fmt.currency;
  const config: ChartConfig<HorizonSeries> = {
    series: [
      { key: 'api', label: t('option.api'), colour: 'var(--series-api)', unit: money },
      { key: 'self', label: t('option.self-hosted'), colour: 'var(--series-self)', unit: money },
      { key: 'hybrid', label: t('option.hybrid'), colour: 'var(--series-hybrid)', unit: money, dash: '6 4' },
    ],
    notes: [{ text: cross === null ? bt('horizon.noCrossing', { months: h.months }) : bt('horizon.crossingNote', { month: cross }) }],
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
      <ChartFrame title={bt('horizon.title', { months: h.months })} summary={summary} table={table} csv={csv} height={280} testId="tco-horizon-chart" config={config}>
        <div ref={boxRef} className="relative h-full w-full">
          <HorizonPlot
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
        </div>
      </ChartFrame>
    </div>
  );
});
