import { memo, useId, useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { bands, linearScale, plotArea, span } from '../../../components/chart/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface, VerticalRule } from '../../../components/chart/plot';
import { ChartFrame } from '../../../components/chart-frame';
import { seriesOf, type ChartConfig } from '../../../components/chart-config';
import type { ReplicaStep, Tornado } from '../../../core/tco/sensitivity';
import { UNCERTAIN_INPUTS } from '../../../core/tco/inputs';
import { tornadoBars, type TornadoBar, type TornadoMetric } from './chart-data';
import { niceRangeTicks } from '../../../components/chart/ticks';
import type { Fmt } from '../../../lib/format/fmt';
import { useT } from '../../../components/use-t';
import { formatList, plural } from '../../../core/text/plural';
import { billingMessages } from '../billing/billing-messages';
import type { TcoT } from '../messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { edgeOverhang, fitTicks, widestText } from '../../../components/chart/axis-layout';
import { useWidth } from '../../../components/chart/use-width';
import { moneyAxis } from '../../../components/chart/money-axis';
import { csvMoney, csvNumber } from './csv';
import { unitOf } from '../inputs/ranges-editor';
import { chartMessages } from './chart-messages';

/**
 * Which inputs move the monthly saving (or the break-even) most: each input swung to its low
 * and high end with everything else at base. Bars start at the base value; the two ends of an
 * input overlap on one row.
 */
const BAR = 14;
const AXIS_FONT = 11;
/** Input names wider than this wrap into the plot's space less than they would cut it. */
const MAX_NAME_WIDTH = 220;

/**
 * The bars of an input's row: the result at its low end and at its high end; where a replica
 * step lies inside a swing, the part beyond it is a bar of its own (hatched).
 */
type TornadoEnd = 'low' | 'high' | 'lowBeyond' | 'highBeyond';
const STEP_FONT = 10;

interface TornadoDatum {
  name: string;
  low: [number, number] | null;
  high: [number, number] | null;
  lowBeyond: [number, number] | null;
  highBeyond: [number, number] | null;
  /** Label at the beyond part (markValue): replicas there · probability of landing beyond the step. */
  lowMark: string | null;
  highMark: string | null;
}

/**
 * The label's value: the direction of the beyond part ('<' leftwards, '>' rightwards) and the
 * text.
 */
function markValue(bar: [number, number] | null, mark: string | null): string | null {
  return bar && mark ? `${bar[1] < bar[0] ? '<' : '>'}${mark}` : null;
}

/**
 * The mark at a replica step (a line across the bar where the part beyond it starts) and its
 * label: inside the beyond part when it fits, else past the bar's end when the plot has room
 * there, else centred on the part and kept within the plot.
 */
function StepMark(props: { left: number; right: number; top: number; height: number; value: string; plotLeft: number; plotRight: number }) {
  const { left, right, top, height, value, plotLeft, plotRight } = props;
  const leftwards = value.startsWith('<');
  const mark = value.slice(1);
  const split = leftwards ? right : left;
  const outer = leftwards ? left : right;
  const w = widestText([mark], STEP_FONT);
  const y = top + height / 2;
  let x: number;
  let anchor: 'start' | 'middle' | 'end' = 'middle';
  if (right - left >= w + 8) x = (left + right) / 2;
  else if (leftwards && outer - 4 - w >= plotLeft) {
    x = outer - 4;
    anchor = 'end';
  } else if (!leftwards && outer + 4 + w <= plotRight) {
    x = outer + 4;
    anchor = 'start';
  } else x = Math.min(plotRight - w / 2 - 2, Math.max(plotLeft + w / 2 + 2, (left + right) / 2));
  return (
    <g>
      <line x1={split} x2={split} y1={top - 3} y2={top + height + 3} stroke="var(--text)" strokeWidth={2} />
      <text x={x} y={y} dy="0.35em" textAnchor={anchor} fontSize={STEP_FONT} fill="var(--text)" paintOrder="stroke" stroke="var(--surface)" strokeWidth={3}>
        {mark}
      </text>
    </g>
  );
}

const X_AXIS_HEIGHT = 30;

const TornadoPlot = memoPlot(function TornadoPlot(props: {
  width: number;
  height: number;
  data: TornadoDatum[];
  domain: [number, number];
  ticks: number[];
  zeroLine: boolean;
  axisLabel: string;
  money: boolean;
  config: ChartConfig<TornadoEnd>;
  nameWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  fmt: Fmt;
}) {
  const { width, height, data, domain, ticks, zeroLine, axisLabel, money, config, nameWidth, margin, fmt } = props;
  const low = seriesOf(config, 'low');
  const high = seriesOf(config, 'high');
  const beyond = config.series.some((x) => x.key === 'lowBeyond');
  const hatch = `tornado-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const area = plotArea(width, height, margin, nameWidth, X_AXIS_HEIGHT);
  const sx = linearScale(domain[0], domain[1], area.x, area.x + area.width);
  const rows = bands(data.length, area.y, area.height, { size: BAR });
  const format = money ? moneyAxis(fmt, fmt.moneyCompact) : (v: number) => fmt.compact(v);
  const rect = (bar: [number, number] | null, i: number, paint: { fill: string; fillOpacity?: number; stroke?: string; strokeWidth?: number }, key: string) => {
    if (!bar) return null;
    const s = span(bar[0], bar[1], sx);
    return <rect key={key} x={s.start} y={rows.offset(i)} width={s.size} height={rows.thickness} {...paint} />;
  };
  const mark = (bar: [number, number] | null, value: string | null, i: number, key: string) => {
    if (!bar || !value) return null;
    const s = span(bar[0], bar[1], sx);
    return (
      <StepMark
        key={key}
        left={s.start}
        right={s.start + s.size}
        top={rows.offset(i)}
        height={rows.thickness}
        value={value}
        plotLeft={area.x}
        plotRight={area.x + area.width}
      />
    );
  };
  return (
    <PlotSurface width={width} height={height}>
      {beyond ? (
        <defs>
          {(['low', 'high'] as const).map((end) => (
            <pattern key={end} id={`${hatch}-${end}`} patternUnits="userSpaceOnUse" width="5" height="5" patternTransform="rotate(45)">
              <line x1="1" y1="0" x2="1" y2="5" stroke={end === 'low' ? low.colour : high.colour} strokeWidth="2" />
            </pattern>
          ))}
        </defs>
      ) : null}
      <Grid area={area} xs={ticks.map(sx)} />
      <BottomAxis
        area={area}
        ticks={ticks.map((v) => ({ at: sx(v), text: format(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: axisLabel, below: X_AXIS_HEIGHT + 12 }}
      />
      <LeftAxis area={area} ticks={data.map((d, i) => ({ at: rows.centre(i), text: d.name }))} fontSize={AXIS_FONT} />
      {zeroLine ? <VerticalRule area={area} x={sx(0)} /> : null}
      <Clipped area={area}>
        {data.map((d, i) => rect(d.low, i, { fill: low.colour }, `low${i}`))}
        {data.map((d, i) => rect(d.high, i, { fill: high.colour, fillOpacity: 0.85 }, `high${i}`))}
        {beyond ? data.map((d, i) => rect(d.lowBeyond, i, { fill: `url(#${hatch}-low)`, stroke: low.colour, strokeWidth: 1 }, `lowBeyond${i}`)) : null}
        {beyond ? data.map((d, i) => rect(d.highBeyond, i, { fill: `url(#${hatch}-high)`, stroke: high.colour, strokeWidth: 1 }, `highBeyond${i}`)) : null}
      </Clipped>
      {beyond ? data.map((d, i) => mark(d.lowBeyond, d.lowMark, i, `lowMark${i}`)) : null}
      {beyond ? data.map((d, i) => mark(d.highBeyond, d.highMark, i, `highMark${i}`)) : null}
    </PlotSurface>
  );
});

export const TornadoChart = memo(function TornadoChart(props: { tornado: Tornado; resultKey: string; fmt: Fmt; t: TcoT }) {
  const chT = useT(chartMessages);
  const { tornado, resultKey, fmt, t } = props;
  const bt = useT(billingMessages);
  const [metric, setMetric] = useState<TornadoMetric>('saving');
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const shaped = useMemo(() => tornadoBars(tornado, metric, fmt.toDisplay), [tornado, metric, fmt]);
  // Saving and NPV are money; the break-even is a volume.
  const isMoney = metric !== 'breakEven';
  const atLow = metric === 'saving' ? chT('chart.savingAtLow') : metric === 'npv' ? chT('chart.npvAtLow') : chT('chart.breakEvenAtLow');
  const atHigh = metric === 'saving' ? chT('chart.savingAtHigh') : metric === 'npv' ? chT('chart.npvAtHigh') : chT('chart.breakEvenAtHigh');
  const value = isMoney ? moneyAxis(fmt, fmt.moneyCompact) : (v: number) => fmt.compact(v);
  const inputValue = (key: keyof typeof UNCERTAIN_INPUTS, v: number) => {
    const u = unitOf(t, UNCERTAIN_INPUTS[key].unit);
    return `${fmt.number(v * u.scale, 3)} ${u.label}`;
  };
  const percent = (p: number) => fmt.percent(p, p > 0 && p < 0.1 ? 1 : 0);
  const mark = (s: ReplicaStep) =>
    bt(plural(fmt.language, s.replicas, { one: 'unc.stepMark.one', other: 'unc.stepMark.other' }), {
      replicas: fmt.number(s.replicas, 0),
      p: percent(s.probability),
    });
  const data: TornadoDatum[] = shaped.bars.map((b) => ({
    name: t(`key.${b.key}`),
    low: b.low,
    high: b.high,
    lowBeyond: b.lowBeyond?.bar ?? null,
    highBeyond: b.highBeyond?.bar ?? null,
    lowMark: b.lowBeyond ? markValue(b.lowBeyond.bar, mark(b.lowBeyond.step)) : null,
    highMark: b.highBeyond ? markValue(b.highBeyond.bar, mark(b.highBeyond.step)) : null,
  }));
  const hasSteps = shaped.bars.some((b) => b.row.stepLow !== null || b.row.stepHigh !== null);
  const money = (usd: number | null) => (usd === null ? chT('chart.end.cannot-serve') : fmt.money(usd, 0));
  const stepCell = (key: keyof typeof UNCERTAIN_INPUTS, s: ReplicaStep | null, end: 'low' | 'high') =>
    s === null
      ? bt('unc.noStep')
      : bt(plural(fmt.language, s.replicas, { one: 'unc.stepCell.one', other: 'unc.stepCell.other' }), {
          replicas: fmt.number(s.replicas, 0),
          side: bt(end === 'low' ? 'unc.below' : 'unc.above'),
          at: inputValue(key, s.at),
          before: money(s.savingBefore),
          after: money(s.savingAfter),
          p: percent(s.probability),
        });
  const endText = (label: TornadoBar['lowLabel'], v: [number, number] | null) => (label === 'value' && v ? value(v[1]) : chT(`chart.end.${label}`));
  const lowEnd = (b: TornadoBar) => b.lowBeyond?.bar ?? b.low;
  const highEnd = (b: TornadoBar) => b.highBeyond?.bar ?? b.high;
  const table = {
    head: [chT('chart.input'), chT('chart.lowEnd'), chT('chart.highEnd'), atLow, atHigh, ...(hasSteps ? [bt('unc.stepLowCol'), bt('unc.stepHighCol')] : [])],
    rows: shaped.bars.map((b) => [
      t(`key.${b.key}`),
      inputValue(b.key, b.row.low),
      inputValue(b.key, b.row.high),
      endText(b.lowLabel, lowEnd(b)),
      endText(b.highLabel, highEnd(b)),
      ...(hasSteps ? [stepCell(b.key, b.row.stepLow, 'low'), stepCell(b.key, b.row.stepHigh, 'high')] : []),
    ]),
  };
  // Plain numbers for the CSV: the input's ends in their unit, the saving in the display
  // currency (or the break-even in tokens); an end without a value says why.
  const csvEnd = (label: TornadoBar['lowLabel'], v: [number, number] | null) =>
    label === 'value' && v ? (isMoney ? csvMoney(v[1]) : csvNumber(v[1])) : chT(`chart.end.${label}`);
  const csvStepHead = (end: 'low' | 'high') => {
    const e = { end: bt(`unc.${end}`) };
    return [
      bt('unc.csvStepAt', e),
      bt('unc.csvStepReplicas', e),
      `${bt('unc.csvStepBefore', e)} (${fmt.currency}/${chT('unit.month')})`,
      `${bt('unc.csvStepAfter', e)} (${fmt.currency}/${chT('unit.month')})`,
      `${bt('unc.csvStepProbability', e)} (0–1)`,
    ];
  };
  const resultUnit = metric === 'saving' ? `${fmt.currency}/${chT('unit.month')}` : metric === 'npv' ? fmt.currency : t('unit.tokensPerMonth');
  const csv = {
    head: [
      chT('chart.input'),
      chT('chart.csvUnit'),
      chT('chart.lowEnd'),
      chT('chart.highEnd'),
      `${atLow} (${resultUnit})`,
      `${atHigh} (${resultUnit})`,
      ...(hasSteps ? (['low', 'high'] as const).flatMap((end) => csvStepHead(end)) : []),
    ],
    rows: shaped.bars.map((b) => {
      const u = unitOf(t, UNCERTAIN_INPUTS[b.key].unit);
      const stepCols = (s: ReplicaStep | null) =>
        s === null
          ? ['', '', '', '', '']
          : [
              s.at * u.scale,
              s.replicas,
              s.savingBefore === null ? '' : csvMoney(fmt.toDisplay(s.savingBefore)),
              s.savingAfter === null ? '' : csvMoney(fmt.toDisplay(s.savingAfter)),
              csvNumber(s.probability),
            ];
      return [
        t(`key.${b.key}`),
        u.label,
        b.row.low * u.scale,
        b.row.high * u.scale,
        csvEnd(b.lowLabel, lowEnd(b)),
        csvEnd(b.highLabel, highEnd(b)),
        ...(hasSteps ? [...stepCols(b.row.stepLow), ...stepCols(b.row.stepHigh)] : []),
      ];
    }),
  };
  const config: ChartConfig<TornadoEnd> = {
    series: [
      { key: 'low', label: chT('chart.lowEnd'), colour: 'var(--series-5)', kind: 'bar' },
      { key: 'high', label: chT('chart.highEnd'), colour: 'var(--series-6)', kind: 'bar' },
      ...(data.some((d) => d.lowBeyond !== null || d.highBeyond !== null)
        ? [
            { key: 'lowBeyond' as const, label: bt('unc.beyondLow'), colour: 'var(--series-5)' as const, kind: 'bar' as const, hatched: true },
            { key: 'highBeyond' as const, label: bt('unc.beyondHigh'), colour: 'var(--series-6)' as const, kind: 'bar' as const, hatched: true },
          ]
        : []),
    ],
    notes: [
      {
        text:
          metric === 'saving'
            ? tornado.option === 'hybrid'
              ? bt('unc.tornadoHybridNote', { replicas: fmt.number(tornado.hybridReplicas, 0) })
              : chT('chart.tornadoSavingNote')
            : metric === 'npv'
              ? chT('chart.tornadoNpvNote', { option: t(`lead.option.${tornado.option}`) })
              : chT('chart.tornadoBreakEvenNote'),
      },
      ...(data.some((d) => d.lowBeyond !== null || d.highBeyond !== null) ? [{ text: bt('unc.stepNote') }] : []),
    ],
  };
  // On replica steps a ± swing mostly says whether a step is crossed: name the ends that change
  // the replica count (the Monte Carlo gives its probability).
  const base = tornado.baseReplicas;
  const steps =
    base === null
      ? []
      : tornado.bySaving.flatMap((row) =>
          (['low', 'high'] as const).flatMap((end) => {
            const s = end === 'low' ? row.stepLow : row.stepHigh;
            return s === null
              ? []
              : [
                  bt('unc.tornadoStep', {
                    input: t(`key.${row.key}`),
                    side: bt(end === 'low' ? 'unc.below' : 'unc.above'),
                    at: inputValue(row.key, s.at),
                    replicas: fmt.number(s.replicas, 0),
                    p: percent(s.probability),
                  }),
                ];
          }),
        );
  const top = shaped.bars[0];
  const summary = top ? chT('chart.tornadoAria', { input: t(`key.${top.key}`) }) : chT('chart.tornadoEmpty');
  const height = Math.max(120, 34 + data.length * (BAR + 12));
  const values = data.flatMap((d) => [...(d.low ?? []), ...(d.high ?? []), ...(d.lowBeyond ?? []), ...(d.highBeyond ?? [])]);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  // As many value ticks as fit the plot's width (a phone has room for two or three).
  const nameWidth = Math.min(
    MAX_NAME_WIDTH,
    widestText(
      data.map((d) => d.name),
      AXIS_FONT,
    ) + 12,
  );
  const makeTicks = (n: number) => (isMoney ? niceRangeTicks(lo, hi, n) : niceRangeTicks(0, shaped.edge, n));
  const rightFor = (ts: number[]) => {
    const last = ts[ts.length - 1];
    return edgeOverhang(last === undefined ? undefined : value(last), AXIS_FONT, 12);
  };
  const plotWidth = boxWidth === null ? null : boxWidth - nameWidth - 4 - rightFor(makeTicks(4));
  const ticks = fitTicks(makeTicks, value, plotWidth, AXIS_FONT);
  const shownTicks = isMoney ? ticks : ticks.filter((x) => x <= shaped.edge);
  const margin = { top: 4, right: rightFor(shownTicks), bottom: 22, left: 4 };
  return (
    <div data-chart="tornado" data-kind="uncertain" data-for={resultKey}>
      <div className="mb-2 flex flex-wrap gap-2 text-xs" role="radiogroup" aria-label={chT('chart.tornadoMetric')}>
        {(['saving', 'npv', 'breakEven'] as const).map((m) => (
          <Button key={m} role="radio" aria-checked={metric === m} onClick={() => setMetric(m)} variant="chip" size="xs">
            {chT(`chart.metric.${m}`)}
          </Button>
        ))}
      </div>
      <ChartFrame
        title={metric === 'saving' ? chT('chart.tornadoSavingTitle') : metric === 'npv' ? chT('chart.tornadoNpvTitle') : chT('chart.tornadoBreakEvenTitle')}
        summary={summary}
        table={table}
        csv={csv}
        height={height}
        testId="tco-tornado-chart"
        config={config}
        footer={
          steps.length > 0 && base !== null ? (
            <p className="text-xs text-muted" data-testid="tco-tornado-steps">
              {bt('unc.tornadoSteps', { base: fmt.number(base, 0), list: formatList(fmt.language, steps.slice(0, 4)) })}
            </p>
          ) : undefined
        }
      >
        <div ref={boxRef} className="h-full w-full">
          {data.length === 0 ? (
            <p className="text-sm text-muted">{chT('chart.tornadoEmpty')}</p>
          ) : boxWidth === null ? null : (
            <TornadoPlot
              width={boxWidth}
              height={height}
              data={data}
              domain={isMoney ? [ticks[0] ?? lo, ticks[ticks.length - 1] ?? hi] : [0, shaped.edge]}
              ticks={shownTicks}
              zeroLine={isMoney}
              axisLabel={
                metric === 'saving'
                  ? chT('chart.savingAxis', { currency: fmt.currency })
                  : metric === 'npv'
                    ? chT('chart.npvAxis', { currency: fmt.currency })
                    : t('unit.tokensPerMonth')
              }
              money={isMoney}
              config={config}
              nameWidth={nameWidth}
              margin={margin}
              fmt={fmt}
            />
          )}
        </div>
      </ChartFrame>
    </div>
  );
});
