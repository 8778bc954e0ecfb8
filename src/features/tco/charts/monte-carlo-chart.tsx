import { memo, useMemo } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import { linearScale, plotArea, stepAreaPath } from '../../../components/chart/geometry';
import { BottomAxis, Clipped, Grid, LeftAxis, PlotSurface, VerticalRule } from '../../../components/chart/plot';
import { seriesOf, type ChartConfig } from '../../../components/chart-config';
import { Help } from '../../../components/help';
import { isUncertaintyKey } from '../../../core/tco/inputs';
import type { MonteCarloResult } from '../../../core/tco/monte-carlo';
import { histogramBars, histogramSteps } from './chart-data';
import { niceRangeTicks, niceTicks } from '../../../components/chart/ticks';
import { edgeOverhang, fitTicks, verticalAxisWidth } from '../../../components/chart/axis-layout';
import { useWidth } from '../../../components/chart/use-width';
import { csvMoney, csvShare } from './csv';
import type { Fmt } from '../../../lib/format/fmt';
import { useT } from '../../../components/use-t';
import { billingMessages } from '../billing/billing-messages';
import type { TcoT } from '../messages';
import { memoPlot } from '../../../components/chart/plot-memo';
import { moneyAxis } from '../../../components/chart/money-axis';
import { chartMessages } from './chart-messages';

/** Below this many samples with a break-even, the card names them instead of percentiles. */
const MIN_SAMPLES_FOR_PERCENTILES = 20;

const AXIS_FONT = 11;
const X_AXIS_HEIGHT = 30;
const MC_HEIGHT = 220;

type McSeries = 'dearer' | 'cheaper';

const HistogramPlot = memoPlot(function HistogramPlot(props: {
  width: number;
  height: number;
  steps: { x: number; dearer: number; cheaper: number }[];
  domain: [number, number];
  ticks: number[];
  yTicks: number[];
  yAxisWidth: number;
  margin: { top: number; right: number; bottom: number; left: number };
  labels: { axis: string; zero: string };
  config: ChartConfig<McSeries>;
  fmt: Fmt;
}) {
  const { width, height, steps, domain, ticks, yTicks, yAxisWidth, margin, labels, config, fmt } = props;
  const dearer = seriesOf(config, 'dearer');
  const cheaper = seriesOf(config, 'cheaper');
  const area = plotArea(width, height, margin, yAxisWidth, X_AXIS_HEIGHT);
  const sx = linearScale(domain[0], domain[1], area.x, area.x + area.width);
  const sy = linearScale(0, yTicks[yTicks.length - 1] ?? 1, area.y + area.height, area.y);
  const money = moneyAxis(fmt, fmt.moneyCompact);
  const xs = steps.map((p) => p.x);
  const zero = steps.map(() => 0);
  return (
    <PlotSurface width={width} height={height}>
      <Grid area={area} ys={yTicks.map(sy)} />
      <BottomAxis
        area={area}
        ticks={ticks.map((v) => ({ at: sx(v), text: money(v) }))}
        fontSize={AXIS_FONT}
        title={{ text: labels.axis, below: X_AXIS_HEIGHT + 14 }}
      />
      <LeftAxis area={area} ticks={yTicks.map((v) => ({ at: sy(v), text: fmt.percent(v, 0) }))} fontSize={AXIS_FONT} />
      <Clipped area={area}>
        <path
          d={stepAreaPath(
            xs,
            zero,
            steps.map((p) => p.dearer),
            sx,
            sy,
          )}
          fill={dearer.colour}
          fillOpacity={0.85}
        />
        <path
          d={stepAreaPath(
            xs,
            zero,
            steps.map((p) => p.cheaper),
            sx,
            sy,
          )}
          fill={cheaper.colour}
          fillOpacity={0.85}
        />
      </Clipped>
      {/* Only where 0 lies on the axis (the rule draws nothing outside the plot). */}
      <VerticalRule area={area} x={sx(0)} label={{ text: labels.zero, place: 'above', fontSize: AXIS_FONT }} />
    </PlotSurface>
  );
});

/**
 * Distribution of the monthly saving of self-hosting over the Monte Carlo samples, drawn as two
 * step areas (dearer / cheaper than the API): two SVG paths instead of one shape per bin.
 */
export const MonteCarloChart = memo(function MonteCarloChart(props: {
  result: MonteCarloResult;
  baseSavingUsd: number | null;
  resultKey: string;
  fmt: Fmt;
  t: TcoT;
}) {
  const chT = useT(chartMessages);
  const { result: r, baseSavingUsd, resultKey, fmt, t } = props;
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const bars = useMemo(() => histogramBars(r.bins, r.samples, fmt.toDisplay), [r, fmt]);
  const steps = useMemo(() => histogramSteps(bars), [bars]);
  const cell = moneyAxis(fmt, fmt.money);
  const tick = moneyAxis(fmt, fmt.moneyCompact);
  // The saving is of the option the verdict recommends: the hybrid when it wins (core/tco/recommended.ts).
  const bt = useT(billingMessages);
  const hybrid = r.option === 'hybrid';
  const p = fmt.percent(r.probabilityOptionCheaper, 0);
  const summary = hybrid ? bt('unc.mcAriaHybrid', { p, samples: fmt.number(r.samples, 0) }) : chT('chart.mcAria', { p, samples: fmt.number(r.samples, 0) });
  const be = r.breakEven;
  const table = {
    head: [chT('chart.savingFrom'), chT('chart.savingTo'), chT('chart.samples'), chT('chart.share')],
    rows: bars.map((b) => [cell(b.from), cell(b.to), fmt.number(b.count, 0), fmt.percent(b.share, 1)]),
  };
  const money = `${fmt.currency}/${chT('unit.month')}`;
  // The two areas are shares of the samples per bin: the bins where self-hosting costs more
  // than the API, and those where it costs less. Their legend is under the chart and in the
  // PNG/SVG; the table and CSV list the bins (range, count, share), not the two areas.
  const config: ChartConfig<McSeries> = {
    series: [
      { key: 'dearer', label: hybrid ? bt('unc.mcDearerHybrid') : chT('chart.mcDearer'), colour: 'var(--series-api)', kind: 'area' },
      { key: 'cheaper', label: hybrid ? bt('unc.mcCheaperHybrid') : chT('chart.mcCheaper'), colour: 'var(--series-self)', kind: 'area' },
    ],
  };
  const csv = {
    head: [`${chT('chart.savingFrom')} (${money})`, `${chT('chart.savingTo')} (${money})`, chT('chart.samples'), `${chT('chart.share')} (0–1)`],
    rows: bars.map((b) => [csvMoney(b.from), csvMoney(b.to), b.count, csvShare(b.share)]),
  };
  const lo = bars[0]?.from ?? 0;
  const hi = bars[bars.length - 1]?.to ?? 1;
  // Axis space from the texts drawn: the share axis as wide as its widest tick, as many money
  // ticks as fit the plot's width, the first and last with room to show in full.
  const yTicks = niceTicks(Math.max(0, ...bars.map((b) => b.share)), 4);
  const yAxisWidth = verticalAxisWidth(
    yTicks.map((v) => fmt.percent(v, 0)),
    AXIS_FONT,
    false,
  );
  const tickText = (v: number | undefined) => (v === undefined ? undefined : tick(v));
  const makeTicks = (n: number) => niceRangeTicks(lo, hi, n).filter((x) => x >= lo && x <= hi);
  const plotWidth = boxWidth === null ? null : boxWidth - yAxisWidth - 2 * edgeOverhang(tickText(lo), AXIS_FONT, 12);
  const ticks = fitTicks(makeTicks, tick, plotWidth, AXIS_FONT);
  const first = ticks[0];
  const last = ticks[ticks.length - 1];
  // A tick may sit on the plot's edge (the range is rounded to the bins, not to the ticks).
  const margin = {
    top: 16,
    right: edgeOverhang(tickText(last), AXIS_FONT, 12),
    bottom: 26,
    left: Math.max(4, edgeOverhang(tickText(first), AXIS_FONT, 0) - yAxisWidth),
  };
  const ranges = r.ranges.map((x) => t(`key.${x.key}`)).join(', ');
  const ignored = r.ignoredKeys.map((k) => (isUncertaintyKey(k) ? t(`key.${k}`) : k)).join(', ');
  return (
    <div data-chart="monte-carlo" data-kind="uncertain" data-for={resultKey}>
      <ChartFrame
        title={hybrid ? bt('unc.mcTitleHybrid') : chT('chart.mcTitle')}
        summary={summary}
        table={table}
        csv={csv}
        height={MC_HEIGHT}
        testId="tco-mc-chart"
        config={config}
        legend={bars.length === 0 ? 'outside' : 'below'}
        footer={
          <div className="grid gap-1 text-xs text-muted">
            <p>
              <span className="font-semibold text-text" data-testid="tco-mc-probability">
                {hybrid ? bt('unc.mcProbabilityHybrid', { p }) : chT('chart.mcProbability', { p })}
              </span>
              <Help topic="monteCarlo" />
              {r.saving ? ` · ${chT('chart.mcSpread', { p5: fmt.money(r.saving.p5), p50: fmt.money(r.saving.p50), p95: fmt.money(r.saving.p95) })}` : null}
              {baseSavingUsd !== null ? ` · ${chT('chart.mcBase', { base: fmt.money(baseSavingUsd) })}` : null}
            </p>
            <p>
              {chT('chart.mcInputs', { samples: fmt.number(r.samples, 0), seed: r.seed, inputs: ranges || chT('chart.mcNoInputs') })}
              {r.ranges.some((x) => x.origin === 'default') ? ` ${chT('chart.mcDefaultRanges')}` : ''}
              {r.cannotServe > 0 ? ` ${chT('chart.mcCannotServe', { n: fmt.number(r.cannotServe, 0) })}` : ''}
            </p>
            {ignored ? <p data-testid="tco-mc-ignored">{chT('chart.mcIgnored', { inputs: ignored })}</p> : null}
            {r.npv ? (
              <p data-testid="tco-mc-npv">
                {bt('unc.mcNpv', {
                  p5: fmt.money(r.npv.p5),
                  p50: fmt.money(r.npv.p50),
                  p95: fmt.money(r.npv.p95),
                  positive: fmt.percent(r.npv.probabilityPositive, 0),
                })}{' '}
                {r.payback.months
                  ? bt('unc.mcPayback', {
                      p50: fmt.number(r.payback.months.p50, 0),
                      p5: fmt.number(r.payback.months.p5, 0),
                      p95: fmt.number(r.payback.months.p95, 0),
                      never: fmt.percent(r.payback.shareNever, 0),
                    })
                  : bt('unc.mcNoPayback')}
              </p>
            ) : null}
            {hybrid ? <p data-testid="tco-mc-hybrid-k">{bt('unc.mcHybridK', { replicas: fmt.number(r.hybridReplicas, 0) })}</p> : null}
            {r.replicas.base !== null ? (
              <p data-testid="tco-mc-replicas">
                {bt('unc.mcReplicas', {
                  more: fmt.percent(r.replicas.probabilityMore, 0),
                  fewer: fmt.percent(r.replicas.probabilityFewer, 0),
                  base: fmt.number(r.replicas.base, 0),
                })}
              </p>
            ) : null}
            {be ? (
              <p data-testid="tco-mc-break-even">
                {!be.tokensPerMonth
                  ? bt('unc.mcBreakEvenNone', { never: fmt.percent(be.shareNever, 1) })
                  : be.samplesAt < MIN_SAMPLES_FOR_PERCENTILES
                    ? // Percentiles of a handful of samples say nothing, and a rounded share would read "none in 100 %".
                      bt('unc.mcBreakEvenFew', {
                        k: fmt.number(be.samplesAt, 0),
                        n: fmt.number(r.samples, 0),
                        range:
                          be.tokensPerMonth.p5 === be.tokensPerMonth.p95
                            ? fmt.compact(be.tokensPerMonth.p50)
                            : `${fmt.compact(be.tokensPerMonth.p5)}–${fmt.compact(be.tokensPerMonth.p95)}`,
                        rest: fmt.number(be.samplesNever, 0),
                      })
                    : bt('unc.mcBreakEven', {
                        p5: fmt.compact(be.tokensPerMonth.p5),
                        p50: fmt.compact(be.tokensPerMonth.p50),
                        p95: fmt.compact(be.tokensPerMonth.p95),
                        never: fmt.percent(be.shareNever, be.shareNever > 0.99 && be.shareNever < 1 ? 2 : 1),
                      })}
              </p>
            ) : null}
          </div>
        }
      >
        <div ref={boxRef} className="h-full w-full">
          {bars.length === 0 ? (
            <p className="text-sm text-muted">{chT('chart.mcEmpty')}</p>
          ) : boxWidth === null ? null : (
            <HistogramPlot
              width={boxWidth}
              height={MC_HEIGHT}
              steps={steps}
              domain={[lo, hi]}
              ticks={ticks}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              margin={margin}
              labels={{ axis: chT('chart.savingAxis', { currency: fmt.currency }), zero: chT('chart.mcZero') }}
              config={config}
              fmt={fmt}
            />
          )}
        </div>
      </ChartFrame>
    </div>
  );
});
