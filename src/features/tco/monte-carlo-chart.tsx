import { memo, useMemo } from 'react';
import { Area, AreaChart, CartesianGrid, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { Help } from '../../components/help';
import type { MonteCarloResult } from '../../core/tco/monte-carlo';
import { histogramBars, histogramSteps, niceRangeTicks } from '../../components/tco/chart-data';
import type { Fmt } from '../../components/tco/format-tco';
import type { TcoT } from '../../components/tco/messages';
import { memoPlot, useStable } from '../../components/tco/plot-memo';

const MARGIN = { top: 16, right: 16, bottom: 26, left: 8 };

const HistogramPlot = memoPlot(function HistogramPlot(props: {
  steps: { x: number; dearer: number; cheaper: number }[];
  domain: [number, number];
  ticks: number[];
  labels: { axis: string; zero: string };
  fmt: Fmt;
}) {
  const { steps, fmt } = props;
  const domain = useStable(props.domain);
  const ticks = useStable(props.ticks);
  const labels = useStable(props.labels);
  const axis = useMemo(() => {
    const back = fmt.toDisplay(1) || 1;
    return {
      xFormat: (v: number) => fmt.moneyCompact(v / back),
      yFormat: (v: number) => fmt.percent(v, 0),
      xLabel: { value: labels.axis, position: 'insideBottom' as const, offset: -14, fill: 'var(--muted)', fontSize: 11 },
      zeroLabel: { value: labels.zero, position: 'top' as const, fill: 'var(--text)', fontSize: 11 },
    };
  }, [labels, fmt]);
  return (
    <ResponsiveContainer width="100%" height="100%">
      <AreaChart data={steps} margin={MARGIN}>
        <CartesianGrid stroke="var(--grid)" vertical={false} />
        <XAxis interval={0} dataKey="x" type="number" domain={domain} ticks={ticks} tickFormatter={axis.xFormat} stroke="var(--muted)" fontSize={11} label={axis.xLabel} />
        <YAxis interval={0} tickFormatter={axis.yFormat} stroke="var(--muted)" fontSize={11} width={44} />
        <Area type="stepAfter" dataKey="dearer" stroke="none" fill="var(--series-api)" fillOpacity={0.85} isAnimationActive={false} />
        <Area type="stepAfter" dataKey="cheaper" stroke="none" fill="var(--series-self)" fillOpacity={0.85} isAnimationActive={false} />
        <ReferenceLine x={0} stroke="var(--text)" label={axis.zeroLabel} />
      </AreaChart>
    </ResponsiveContainer>
  );
});

/**
 * Distribution of the monthly saving of self-hosting over the Monte Carlo samples, drawn as two
 * step areas (dearer / cheaper than the API): two SVG paths instead of one shape per bin.
 */
export const MonteCarloChart = memo(function MonteCarloChart(props: { result: MonteCarloResult; baseSavingUsd: number | null; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { result: r, baseSavingUsd, resultKey, fmt, t } = props;
  const bars = useMemo(() => histogramBars(r.bins, r.samples, fmt.toDisplay), [r, fmt]);
  const steps = useMemo(() => histogramSteps(bars), [bars]);
  const back = (v: number) => v / (fmt.toDisplay(1) || 1);
  const p = fmt.percent(r.probabilitySelfCheaper, 0);
  const summary = t('chart.mcAria', { p, samples: fmt.number(r.samples, 0) });
  const table = {
    head: [t('chart.savingFrom'), t('chart.savingTo'), t('chart.samples'), t('chart.share')],
    rows: bars.map((b) => [fmt.money(back(b.from)), fmt.money(back(b.to)), fmt.number(b.count, 0), fmt.percent(b.share, 1)]),
  };
  const lo = bars[0]?.from ?? 0;
  const hi = bars[bars.length - 1]?.to ?? 1;
  const ticks = niceRangeTicks(lo, hi, 4).filter((x) => x >= lo && x <= hi);
  const ranges = r.ranges.map((x) => t(`key.${x.key}`)).join(', ');
  return (
    <div data-chart="monte-carlo" data-kind="uncertain" data-for={resultKey}>
      <ChartFrame
        title={t('chart.mcTitle')}
        summary={summary}
        table={table}
        height={220}
        testId="tco-mc-chart"
        footer={
          <div className="grid gap-1 text-xs text-muted">
            <p>
              <span className="font-semibold text-text" data-testid="tco-mc-probability">
                {t('chart.mcProbability', { p })}
              </span>
              <Help topic="monteCarlo" />
              {r.saving ? ` · ${t('chart.mcSpread', { p5: fmt.money(r.saving.p5), p50: fmt.money(r.saving.p50), p95: fmt.money(r.saving.p95) })}` : null}
              {baseSavingUsd !== null ? ` · ${t('chart.mcBase', { base: fmt.money(baseSavingUsd) })}` : null}
            </p>
            <p>
              {t('chart.mcInputs', { samples: fmt.number(r.samples, 0), seed: r.seed, inputs: ranges || t('chart.mcNoInputs') })}
              {r.ranges.some((x) => x.origin === 'default') ? ` ${t('chart.mcDefaultRanges')}` : ''}
              {r.cannotServe > 0 ? ` ${t('chart.mcCannotServe', { n: fmt.number(r.cannotServe, 0) })}` : ''}
            </p>
          </div>
        }
      >
        {bars.length === 0 ? (
          <p className="text-sm text-muted">{t('chart.mcEmpty')}</p>
        ) : (
          <HistogramPlot
            steps={steps}
            domain={[lo, hi]}
            ticks={ticks}
            labels={{ axis: t('chart.savingAxis', { currency: fmt.currency }), zero: t('chart.mcZero') }}
            fmt={fmt}
          />
        )}
      </ChartFrame>
    </div>
  );
});
