import { memo, useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { Button } from '../../components/button';
import { ChartFrame } from '../../components/chart-frame';
import { seriesOf, type ChartConfig } from '../../components/chart-config';
import type { Tornado } from '../../core/tco/sensitivity';
import { UNCERTAIN_INPUTS } from '../../core/tco/inputs';
import { niceRangeTicks, tornadoBars, type TornadoBar, type TornadoMetric } from './chart-data';
import type { Fmt } from '../../lib/format/fmt';
import { useT } from '../../components/use-t';
import { formatList } from '../../lib/i18n/plural';
import { billingMessages } from './billing-messages';
import type { TcoT } from './messages';
import { memoPlot, useStable } from './plot-memo';
import { edgeOverhang, fitTicks, widestText } from './axis-layout';
import { useWidth } from './use-width';
import { csvMoney, csvNumber } from './csv';
import { unitOf } from './ranges-editor';

/**
 * Which inputs move the monthly saving (or the break-even) most: each input swung to its low
 * and high end with everything else at base. Bars start at the base value; the two ends of an
 * input overlap on one row.
 */
const BAR = 14;
const AXIS_FONT = 11;
/**
 * Category names are given a width measured in the chart's font; the chart library would
 * measure them in the page's default size and wrap them, so its wrapping is switched off.
 */
const NO_WRAP = { width: 10_000 };
/** Input names wider than this wrap into the plot's space less than they would cut it. */
const MAX_NAME_WIDTH = 220;

/** The two bars of an input's row: the result at its low end and at its high end. */
type TornadoEnd = 'low' | 'high';

const TornadoPlot = memoPlot(function TornadoPlot(props: {
  data: { name: string; low: [number, number] | null; high: [number, number] | null }[];
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
  const { data, zeroLine, axisLabel, money, nameWidth, fmt } = props;
  const domain = useStable(props.domain);
  const ticks = useStable(props.ticks);
  const margin = useStable(props.margin);
  const config = useStable(props.config);
  const low = seriesOf(config, 'low');
  const high = seriesOf(config, 'high');
  const axis = useMemo(() => {
    const back = fmt.toDisplay(1) || 1;
    return {
      format: money ? (v: number) => fmt.moneyCompact(v / back) : (v: number) => fmt.compact(v),
      label: { value: axisLabel, position: 'insideBottom' as const, offset: -12, fill: 'var(--muted)', fontSize: AXIS_FONT },
    };
  }, [money, axisLabel, fmt]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={margin} barGap={-BAR} barSize={BAR}>
        <CartesianGrid stroke="var(--grid)" horizontal={false} />
        <XAxis interval={0} type="number" domain={domain} ticks={ticks} allowDataOverflow tickFormatter={axis.format} stroke="var(--muted)" fontSize={AXIS_FONT} label={axis.label} />
        <YAxis type="category" dataKey="name" width={nameWidth} tick={NO_WRAP} stroke="var(--muted)" fontSize={AXIS_FONT} interval={0} />
        {zeroLine ? <ReferenceLine x={0} stroke="var(--text)" /> : null}
        <Bar dataKey={low.key} fill={low.colour} isAnimationActive={false} />
        <Bar dataKey={high.key} fill={high.colour} fillOpacity={0.85} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
});

export const TornadoChart = memo(function TornadoChart(props: { tornado: Tornado; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { tornado, resultKey, fmt, t } = props;
  const bt = useT(billingMessages);
  const [metric, setMetric] = useState<TornadoMetric>('saving');
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const shaped = useMemo(() => tornadoBars(tornado, metric, fmt.toDisplay), [tornado, metric, fmt]);
  const back = (v: number) => v / (fmt.toDisplay(1) || 1);
  const value = (v: number) => (metric === 'saving' ? fmt.moneyCompact(back(v)) : fmt.compact(v));
  const inputValue = (key: keyof typeof UNCERTAIN_INPUTS, v: number) => {
    const u = unitOf(t, UNCERTAIN_INPUTS[key].unit);
    return `${fmt.number(v * u.scale, 3)} ${u.label}`;
  };
  const data = shaped.bars.map((b) => ({ name: t(`key.${b.key}`), low: b.low, high: b.high }));
  const endText = (label: TornadoBar['lowLabel'], v: [number, number] | null) => (label === 'value' && v ? value(v[1]) : t(`chart.end.${label}`));
  const table = {
    head: [t('chart.input'), t('chart.lowEnd'), t('chart.highEnd'), metric === 'saving' ? t('chart.savingAtLow') : t('chart.breakEvenAtLow'), metric === 'saving' ? t('chart.savingAtHigh') : t('chart.breakEvenAtHigh')],
    rows: shaped.bars.map((b) => [t(`key.${b.key}`), inputValue(b.key, b.row.low), inputValue(b.key, b.row.high), endText(b.lowLabel, b.low), endText(b.highLabel, b.high)]),
  };
  // Plain numbers for the CSV: the input's ends in their unit, the saving in the display
  // currency (or the break-even in tokens); an end without a value says why.
  const csvEnd = (label: TornadoBar['lowLabel'], v: [number, number] | null) => (label === 'value' && v ? (metric === 'saving' ? csvMoney(v[1]) : csvNumber(v[1])) : t(`chart.end.${label}`));
  const resultUnit = metric === 'saving' ? `${fmt.currency}/${t('unit.month')}` : t('unit.tokensPerMonth');
  const csv = {
    head: [
      t('chart.input'),
      t('chart.csvUnit'),
      t('chart.lowEnd'),
      t('chart.highEnd'),
      `${metric === 'saving' ? t('chart.savingAtLow') : t('chart.breakEvenAtLow')} (${resultUnit})`,
      `${metric === 'saving' ? t('chart.savingAtHigh') : t('chart.breakEvenAtHigh')} (${resultUnit})`,
    ],
    rows: shaped.bars.map((b) => {
      const u = unitOf(t, UNCERTAIN_INPUTS[b.key].unit);
      return [t(`key.${b.key}`), u.label, b.row.low * u.scale, b.row.high * u.scale, csvEnd(b.lowLabel, b.low), csvEnd(b.highLabel, b.high)];
    }),
  };
  const config: ChartConfig<TornadoEnd> = {
    series: [
      { key: 'low', label: t('chart.lowEnd'), colour: 'var(--series-5)', kind: 'bar' },
      { key: 'high', label: t('chart.highEnd'), colour: 'var(--series-6)', kind: 'bar' },
    ],
    notes: [{ text: metric === 'saving' ? (tornado.option === 'hybrid' ? bt('unc.tornadoHybridNote') : t('chart.tornadoSavingNote')) : t('chart.tornadoBreakEvenNote') }],
  };
  // On replica steps a ± swing mostly says whether a step is crossed: name the ends that change
  // the replica count (the Monte Carlo gives its probability).
  const base = tornado.baseReplicas;
  const steps =
    base === null
      ? []
      : tornado.bySaving.flatMap((row) =>
          (['low', 'high'] as const)
            .filter((end) => {
              const n = end === 'low' ? row.replicasLow : row.replicasHigh;
              return n !== null && n !== base;
            })
            .map((end) => bt('unc.tornadoStep', { input: t(`key.${row.key}`), end: bt(`unc.${end}`), replicas: fmt.number((end === 'low' ? row.replicasLow : row.replicasHigh) ?? 0, 0) })),
        );
  const top = shaped.bars[0];
  const summary = top ? t('chart.tornadoAria', { input: t(`key.${top.key}`) }) : t('chart.tornadoEmpty');
  const height = Math.max(120, 34 + data.length * (BAR + 12));
  const values = data.flatMap((d) => [...(d.low ?? []), ...(d.high ?? [])]);
  const lo = Math.min(0, ...values);
  const hi = Math.max(0, ...values);
  // As many value ticks as fit the plot's width (a phone has room for two or three).
  const nameWidth = Math.min(MAX_NAME_WIDTH, widestText(data.map((d) => d.name), AXIS_FONT) + 12);
  const makeTicks = (n: number) => (metric === 'saving' ? niceRangeTicks(lo, hi, n) : niceRangeTicks(0, shaped.edge, n));
  const rightFor = (ts: number[]) => {
    const last = ts[ts.length - 1];
    return edgeOverhang(last === undefined ? undefined : value(last), AXIS_FONT, 12);
  };
  const plotWidth = boxWidth === null ? null : boxWidth - nameWidth - 4 - rightFor(makeTicks(4));
  const ticks = fitTicks(makeTicks, value, plotWidth, AXIS_FONT);
  const shownTicks = metric === 'saving' ? ticks : ticks.filter((x) => x <= shaped.edge);
  const margin = { top: 4, right: rightFor(shownTicks), bottom: 22, left: 4 };
  return (
    <div data-chart="tornado" data-kind="uncertain" data-for={resultKey}>
      <div className="mb-2 flex flex-wrap gap-2 text-xs" role="radiogroup" aria-label={t('chart.tornadoMetric')}>
        {(['saving', 'breakEven'] as const).map((m) => (
          <Button
            key={m}
            role="radio"
            aria-checked={metric === m}
            onClick={() => setMetric(m)}
            variant="chip"
            size="xs"
          >
            {t(`chart.metric.${m}`)}
          </Button>
        ))}
      </div>
      <ChartFrame
        title={metric === 'saving' ? t('chart.tornadoSavingTitle') : t('chart.tornadoBreakEvenTitle')}
        summary={summary}
        table={table}
        csv={csv}
        height={height}
        testId="tco-tornado-chart"
        config={config}
        footer={steps.length > 0 && base !== null ? <p className="text-xs text-muted" data-testid="tco-tornado-steps">{bt('unc.tornadoSteps', { base: fmt.number(base, 0), list: formatList(fmt.language, steps.slice(0, 4)) })}</p> : undefined}
      >
        <div ref={boxRef} className="h-full w-full">
        {data.length === 0 ? (
          <p className="text-sm text-muted">{t('chart.tornadoEmpty')}</p>
        ) : (
          <TornadoPlot
            data={data}
            domain={metric === 'saving' ? [ticks[0] ?? lo, ticks[ticks.length - 1] ?? hi] : [0, shaped.edge]}
            ticks={shownTicks}
            zeroLine={metric === 'saving'}
            axisLabel={metric === 'saving' ? t('chart.savingAxis', { currency: fmt.currency }) : t('unit.tokensPerMonth')}
            money={metric === 'saving'}
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
