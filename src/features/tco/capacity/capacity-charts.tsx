import { memo, useState } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { linePath, linearScale, plotArea, type Area, type Scale } from '../../../components/chart/geometry';
import {
  BottomAxis,
  Clipped,
  Grid,
  HoverTarget,
  HoverTip,
  LeftAxis,
  PlotSurface,
  type TipContent,
  VerticalRule,
  YAxisTitle,
} from '../../../components/chart/plot';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../../components/chart-config';
import type { CapacityView, CapacityViewPoint } from '../../../core/tco/capacity-view';
import type { Fmt } from '../../../lib/format/fmt';
import { formatInteger, formatNumber } from '../../../lib/format/format';
import { plural } from '../../../core/text/plural';
import type { Language } from '../../../core/scenario/schema';
import { verticalAxisWidth } from '../../../components/chart/axis-layout';
import { niceTicks } from '../../../components/chart/ticks';
import type { CapacityT } from './capacity-messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { useWidth } from '../../../components/chart/use-width';
import { moneyAxis } from '../../../components/chart/money-axis';

/**
 * The two capacity charts (docs/capacity.md §5): throughput per GPU against tokens/s per user
 * with the SLO region and the operating point, and the headline chart, the full TCO per 1M
 * tokens against tokens/s per user with the API's price as a line. Both are shaped in core
 * (`core/tco/capacity-view.ts`); these components only draw.
 */
export const AXIS_FONT = 11;
const X_AXIS_HEIGHT = 30;
const MARGIN = { top: 18, right: 20, bottom: 26, left: 8 };
const PARETO_HEIGHT = 240;
const COST_HEIGHT = 260;

/** What the tokens/s-per-user charts share (these two and the plans' frontier): the plot area and scales. */
export interface Frame {
  area: Area;
  sx: Scale;
  sy: Scale;
}

export function frameOf(width: number, height: number, yAxisWidth: number, xMax: number, yMax: number): Frame {
  const area = plotArea(width, height, MARGIN, yAxisWidth, X_AXIS_HEIGHT);
  return { area, sx: linearScale(0, xMax, area.x, area.x + area.width), sy: linearScale(0, yMax, area.y + area.height, area.y) };
}

/** The grid, both axes and the value axis' title of a tokens/s-per-user chart. */
export function Axes(props: {
  frame: Frame;
  xTicks: readonly number[];
  yTicks: readonly number[];
  xText: (v: number) => string;
  yText: (v: number) => string;
  xTitle: string;
  yTitle: string;
}) {
  const { frame, xTicks, yTicks, xText, yText, xTitle, yTitle } = props;
  const { area, sx, sy } = frame;
  return (
    <>
      <Grid area={area} xs={xTicks.map(sx)} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={xTicks.map((v) => ({ at: sx(v), text: xText(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: xTitle, below: X_AXIS_HEIGHT + 14 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: yText(v) }))} fontSize={AXIS_FONT} />
      <YAxisTitle area={area} text={yTitle} left={MARGIN.left} fontSize={AXIS_FONT} />
    </>
  );
}

/** The ring around the chosen operating point. */
function ChosenRing(props: { x: number; y: number }) {
  return <circle cx={props.x} cy={props.y} r={7} fill="none" stroke="var(--series-hybrid)" strokeWidth={2.5} data-testid="capacity-chosen-ring" />;
}

/** Points that can be drawn on the tokens/s-per-user axis, in that axis' order. */
function drawable(view: CapacityView): (CapacityViewPoint & { interactivity: number })[] {
  return view.points
    .filter((p): p is CapacityViewPoint & { interactivity: number } => p.interactivity !== null && p.interactivity > 0)
    .sort((a, b) => a.interactivity - b.interactivity);
}

/** "2,400 requests" behind a point, or that the source does not say how many. */
export function requestsText(t: CapacityT, language: Language, n: number | null): string {
  if (n === null) return t('tip.noRequests');
  return t(plural(language, n, { one: 'tip.requests.one', other: 'tip.requests.other' }), { n: formatInteger(language, n) });
}

/** A measured figure with as many decimals as it needs: 1,922 · 47.8 · 9.51. */
export function fig(language: Language, v: number | null | undefined): string {
  if (v === null || v === undefined) return '–';
  const a = Math.abs(v);
  return formatNumber(language, v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

export function loadText(t: CapacityT, language: Language, kind: CapacityView['loadKind'], load: number | null): string {
  if (load === null) return t('load.max');
  return t(kind === 'concurrency' ? 'load.concurrency' : 'load.rate', { v: fig(language, load) });
}

/** The chosen operating point in a sentence (the panel and the report say the same). */
export function chosenText(
  t: CapacityT,
  language: Language,
  view: Pick<CapacityView, 'loadKind' | 'gpus'>,
  chosen: NonNullable<CapacityView['chosen']>,
): string {
  const load = loadText(t, language, view.loadKind, chosen.load);
  const tps = fig(language, chosen.outputTokensPerS);
  if (chosen.kind === 'interpolated')
    return t('chosen.interpolated', {
      load,
      tps,
      lower: loadText(t, language, view.loadKind, chosen.lowerLoad),
      upper: loadText(t, language, view.loadKind, chosen.upperLoad),
    });
  return t('chosen.measured', {
    load,
    tps,
    perGpu: fig(language, chosen.outputTokensPerS === null ? null : chosen.outputTokensPerS / view.gpus),
    user: fig(language, chosen.interactivity),
  });
}

export const ParetoChart = memo(function ParetoChart(props: { view: CapacityView; t: CapacityT; language: Language }) {
  const { view, t, language } = props;
  const pts = drawable(view).filter((p) => p.perGpu !== null);
  const chosen = view.chosen;
  const chosenPerGpu = chosen?.outputTokensPerS != null ? chosen.outputTokensPerS / view.gpus : null;
  const config: ChartConfig<'perGpu'> = {
    series: [{ key: 'perGpu', label: t('pareto.y'), legendLabel: t('pareto.series'), colour: 'var(--series-self)', unit: 'tok/s' }],
    references: [
      ...(chosen ? [{ key: 'chosen', label: t('pareto.chosen'), colour: 'var(--series-hybrid)' as const }] : []),
      ...(view.minTokensPerSPerUser !== null
        ? [{ key: 'slo', label: t('pareto.slo', { v: fig(language, view.minTokensPerSPerUser) }), colour: 'var(--series-api)' as const, kind: 'area' as const }]
        : []),
    ],
    notes: pts.some((p) => !p.qualifies) ? [{ text: `○ ${t('pareto.fails')}` }] : [],
  };
  const xMax = Math.max(...pts.map((p) => p.interactivity), view.minTokensPerSPerUser ?? 0, 1) * 1.08;
  const yTicks = niceTicks(Math.max(...pts.map((p) => p.perGpu ?? 0), 1) * 1.05, 4);
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const xTicks = niceTicks(xMax, 5).filter((x) => x <= xMax);
  const table = {
    head: [t('th.load'), t('th.perUser'), ...tableColumns(config), t('th.meets'), t('th.requests')],
    rows: pts.map((p) => [
      loadText(t, language, view.loadKind, p.load),
      fig(language, p.interactivity),
      fig(language, p.perGpu),
      p.qualifies ? t('yes') : t('no', { which: p.failing.join(', ') }),
      p.requests === null ? '–' : formatInteger(language, p.requests),
    ]),
  };
  const csv = {
    head: [t('th.load'), `${t('th.perUser')} (tok/s)`, ...csvColumns(config), t('th.meets'), t('th.requests')],
    rows: pts.map((p) => [p.load ?? 'max', p.interactivity, p.perGpu ?? '', p.qualifies ? 'yes' : 'no', p.requests ?? '']),
  };
  const perGpu = seriesOf(config, 'perGpu');
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const yAxisWidth = verticalAxisWidth(
    yTicks.map((v) => fig(language, v)),
    AXIS_FONT,
    true,
  );
  const hovered = hover === null ? undefined : pts[hover];
  const frame = boxWidth === null ? null : frameOf(boxWidth, PARETO_HEIGHT, yAxisWidth, xMax, yMax);
  const tip: TipContent | null = hovered
    ? {
        title: `${t('pareto.x')}: ${fig(language, hovered.interactivity)}`,
        lines: [
          {
            text: `${perGpu.legendLabel ?? perGpu.label}: ${fig(language, hovered.perGpu)} tok/s · ${requestsText(t, language, hovered.requests)}`,
            colour: perGpu.colour,
          },
        ],
      }
    : null;
  return (
    <ChartFrame
      title={t('pareto.title')}
      summary={t('pareto.aria', { n: pts.length })}
      table={table}
      csv={csv}
      height={PARETO_HEIGHT}
      testId="chart-capacity-pareto"
      config={config}
    >
      <div ref={boxRef} className="relative h-full w-full">
        {boxWidth !== null ? (
          <ParetoPlot
            width={boxWidth}
            height={PARETO_HEIGHT}
            points={pts.map((p) => ({ x: p.interactivity, y: p.perGpu ?? 0, qualifies: p.qualifies }))}
            xMax={xMax}
            yMax={yMax}
            xTicks={xTicks}
            yTicks={yTicks}
            yAxisWidth={yAxisWidth}
            slo={view.minTokensPerSPerUser}
            chosen={chosen && chosen.interactivity !== null && chosenPerGpu !== null ? { x: chosen.interactivity, y: chosenPerGpu } : null}
            labels={{ x: t('pareto.x'), y: t('pareto.y') }}
            colour={perGpu.colour}
            language={language}
            onHover={setHover}
          />
        ) : null}
        {frame && tip && hovered ? <HoverTip area={frame.area} x={frame.sx(hovered.interactivity)} chartWidth={boxWidth ?? 0} content={tip} /> : null}
      </div>
    </ChartFrame>
  );
});

const ParetoPlot = memoPlot(function ParetoPlot(props: {
  width: number;
  height: number;
  points: { x: number; y: number; qualifies: boolean }[];
  xMax: number;
  yMax: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  slo: number | null;
  chosen: { x: number; y: number } | null;
  labels: { x: string; y: string };
  colour: string;
  language: Language;
  onHover: (index: number | null) => void;
}) {
  const { width, height, points, xMax, yMax, xTicks, yTicks, yAxisWidth, slo, chosen, labels, colour, language, onHover } = props;
  const frame = frameOf(width, height, yAxisWidth, xMax, yMax);
  const { area, sx, sy } = frame;
  const text = (v: number) => fig(language, v);
  return (
    <PlotSurface width={width} height={height}>
      <Clipped area={area}>
        {slo !== null ? (
          <rect x={sx(slo)} y={area.y} width={Math.max(0, sx(xMax) - sx(slo))} height={area.height} fill="var(--series-api)" fillOpacity={0.08} />
        ) : null}
      </Clipped>
      <Axes frame={frame} xTicks={xTicks} yTicks={yTicks} xText={text} yText={text} xTitle={labels.x} yTitle={labels.y} />
      <Clipped area={area}>
        <path d={linePath(points, sx, sy)} fill="none" stroke={colour} strokeWidth={2} />
      </Clipped>
      {points.map((p, i) => (
        <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={3.5} stroke={colour} strokeWidth={1.5} fill={p.qualifies ? colour : 'var(--surface)'} />
      ))}
      {chosen ? <ChosenRing x={sx(chosen.x)} y={sy(chosen.y)} /> : null}
      <HoverTarget area={area} xs={points.map((p) => sx(p.x))} onHover={onHover} />
    </PlotSurface>
  );
});

type CostKey = 'perMillionAtWorkload' | 'perMillionAtFullLoad';

/** Whether the cost-per-1M chart has a line to draw (two costed points at least). */
export function hasCostLine(view: CapacityView): boolean {
  return drawable(view).filter((p) => p.perMillionAtWorkload !== null).length >= 2;
}

export const CostPerMillionChart = memo(function CostPerMillionChart(props: { view: CapacityView; t: CapacityT; language: Language; fmt: Fmt }) {
  const { view, t, language, fmt } = props;
  const pts = drawable(view)
    .filter((p) => p.perMillionAtWorkload !== null)
    .map((p) => ({
      ...p,
      perMillionAtWorkload: p.perMillionAtWorkload === null ? null : fmt.toDisplay(p.perMillionAtWorkload),
      perMillionAtFullLoad: p.perMillionAtFullLoad === null ? null : fmt.toDisplay(p.perMillionAtFullLoad),
    }));
  const api = view.apiPerMillion === null ? null : fmt.toDisplay(view.apiPerMillion);
  const config: ChartConfig<CostKey> = {
    series: [
      { key: 'perMillionAtWorkload', label: t('cost.workload'), colour: 'var(--series-self)', unit: fmt.currency },
      { key: 'perMillionAtFullLoad', label: t('cost.full'), colour: 'var(--series-self)', dash: '5 4', unit: fmt.currency },
    ],
    references: api !== null ? [{ key: 'api', label: `${t('cost.api')} ${fmt.moneySmall(view.apiPerMillion)}`, colour: 'var(--series-api)' }] : [],
  };
  const chosen = view.chosen;
  const chosenPoint = chosen ? view.points[chosen.index] : undefined;
  const headline =
    chosen && chosenPoint && chosenPoint.perMillionAtWorkload !== null && view.apiPerMillion !== null && chosen.interactivity !== null
      ? t('cost.headline', {
          user: fig(language, chosen.interactivity),
          gpus: view.gpus,
          gpu: view.gpuName,
          self: fmt.moneySmall(chosenPoint.perMillionAtWorkload),
          full: fmt.moneySmall(chosenPoint.perMillionAtFullLoad),
          api: fmt.moneySmall(view.apiPerMillion),
        })
      : null;
  const xMax = Math.max(...pts.map((p) => p.interactivity), 1) * 1.08;
  // The cheapest points matter; a nearly idle first load (a huge cost) is cut at 4× the API or the median.
  const values = pts.flatMap((p) => [p.perMillionAtWorkload ?? 0, p.perMillionAtFullLoad ?? 0]).sort((a, b) => a - b);
  const cap = Math.max(api ?? 0, values[Math.floor(values.length / 2)] ?? 0) * 4;
  const yTicks = niceTicks(Math.max(Math.min(values[values.length - 1] ?? 1, cap || Number.POSITIVE_INFINITY), api ?? 0, 1e-6) * 1.05, 4);
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const xTicks = niceTicks(xMax, 5).filter((x) => x <= xMax);
  const moneyCell = moneyAxis(fmt, fmt.moneySmall);
  const money = (v: number | null) => (v === null ? '–' : moneyCell(v));
  const table = {
    head: [t('th.load'), t('th.perUser'), ...tableColumns(config), t('cost.api'), t('th.replicas')],
    rows: pts.map((p) => [
      loadText(t, language, view.loadKind, p.load),
      fig(language, p.interactivity),
      money(p.perMillionAtWorkload),
      money(p.perMillionAtFullLoad),
      fmt.moneySmall(view.apiPerMillion),
      p.replicasNeeded ?? '–',
    ]),
  };
  const csv = {
    head: [t('th.load'), `${t('th.perUser')} (tok/s)`, ...csvColumns(config), `${t('cost.api')} (${fmt.currency})`, t('th.replicas')],
    rows: pts.map((p) => [p.load ?? 'max', p.interactivity, p.perMillionAtWorkload ?? '', p.perMillionAtFullLoad ?? '', api ?? '', p.replicasNeeded ?? '']),
  };
  const w = seriesOf(config, 'perMillionAtWorkload');
  const f = seriesOf(config, 'perMillionAtFullLoad');
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const yAxisWidth = verticalAxisWidth(
    yTicks.map((v) => money(v)),
    AXIS_FONT,
    true,
  );
  const hovered = hover === null ? undefined : pts[hover];
  const frame = boxWidth === null ? null : frameOf(boxWidth, COST_HEIGHT, yAxisWidth, xMax, yMax);
  const tip: TipContent | null = hovered
    ? {
        title: `${t('cost.x')}: ${fig(language, hovered.interactivity)}`,
        lines: [
          { text: `${w.label}: ${money(hovered.perMillionAtWorkload)}`, colour: w.colour },
          { text: `${f.label}: ${money(hovered.perMillionAtFullLoad)}`, colour: f.colour },
        ],
      }
    : null;
  return (
    <ChartFrame
      title={t('cost.title')}
      summary={t('cost.aria')}
      table={table}
      csv={csv}
      height={COST_HEIGHT}
      testId="chart-capacity-cost"
      config={config}
      footer={
        headline ? (
          <p className="text-sm" data-testid="capacity-headline">
            {headline}
          </p>
        ) : null
      }
    >
      {pts.length < 2 ? (
        <p className="text-sm text-muted">{t(view.lengths?.kind === 'refused' ? 'cost.refused' : 'cost.none')}</p>
      ) : (
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <CostPlot
              width={boxWidth}
              height={COST_HEIGHT}
              workload={pts.map((p) => ({ x: p.interactivity, y: p.perMillionAtWorkload }))}
              fullLoad={pts.map((p) => ({ x: p.interactivity, y: p.perMillionAtFullLoad }))}
              xMax={xMax}
              yMax={yMax}
              xTicks={xTicks}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              api={api}
              slo={view.minTokensPerSPerUser}
              chosen={
                chosen && chosen.interactivity !== null && chosenPoint?.perMillionAtWorkload != null
                  ? { x: chosen.interactivity, y: fmt.toDisplay(chosenPoint.perMillionAtWorkload) }
                  : null
              }
              labels={{ x: t('cost.x'), y: t('cost.y') }}
              colour={w.colour}
              dash={f.dash ?? '5 4'}
              language={language}
              fmt={fmt}
              onHover={setHover}
            />
          ) : null}
          {frame && tip && hovered ? <HoverTip area={frame.area} x={frame.sx(hovered.interactivity)} chartWidth={boxWidth ?? 0} content={tip} /> : null}
        </div>
      )}
    </ChartFrame>
  );
});

/** A series' points with a value, joined (a point without one is skipped, not a gap). */
const joined = (points: readonly { x: number; y: number | null }[]) => points.filter((p): p is { x: number; y: number } => p.y !== null);

const CostPlot = memoPlot(function CostPlot(props: {
  width: number;
  height: number;
  workload: { x: number; y: number | null }[];
  fullLoad: { x: number; y: number | null }[];
  xMax: number;
  yMax: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  api: number | null;
  slo: number | null;
  chosen: { x: number; y: number } | null;
  labels: { x: string; y: string };
  colour: string;
  dash: string;
  language: Language;
  fmt: Fmt;
  onHover: (index: number | null) => void;
}) {
  const { width, height, workload, fullLoad, xMax, yMax, xTicks, yTicks, yAxisWidth, api, slo, chosen, labels, colour, dash, language, fmt, onHover } = props;
  const frame = frameOf(width, height, yAxisWidth, xMax, yMax);
  const { area, sx, sy } = frame;
  const money = moneyAxis(fmt, fmt.moneySmall);
  const dots = joined(workload);
  return (
    <PlotSurface width={width} height={height}>
      <Axes frame={frame} xTicks={xTicks} yTicks={yTicks} xText={(v) => fig(language, v)} yText={money} xTitle={labels.x} yTitle={labels.y} />
      {api !== null ? (
        <line x1={area.x} x2={area.x + area.width} y1={sy(api)} y2={sy(api)} stroke="var(--series-api)" strokeWidth={2} data-testid="capacity-api-line" />
      ) : null}
      {slo !== null ? <VerticalRule area={area} x={sx(slo)} stroke="var(--series-api)" dash="3 3" /> : null}
      <Clipped area={area}>
        <g fill="none" stroke={colour} strokeWidth={2}>
          <path d={linePath(dots, sx, sy)} />
          <path d={linePath(joined(fullLoad), sx, sy)} strokeDasharray={dash} />
        </g>
        {dots.map((p, i) => (
          <circle key={i} cx={sx(p.x)} cy={sy(p.y)} r={3} fill={colour} />
        ))}
      </Clipped>
      {chosen ? <ChosenRing x={sx(chosen.x)} y={sy(chosen.y)} /> : null}
      <HoverTarget area={area} xs={workload.map((p) => sx(p.x))} onHover={onHover} />
    </PlotSurface>
  );
});
