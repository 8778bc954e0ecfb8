import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { Help } from '../../components/help';
import type { MonteCarloResult } from '../../core/tco/monte-carlo';
import { histogramBars, niceRangeTicks } from './chart-data';
import type { Fmt } from './format-tco';
import type { TcoT } from './messages';

/** Distribution of the monthly saving of self-hosting over the Monte Carlo samples. */
export const MonteCarloChart = memo(function MonteCarloChart(props: { result: MonteCarloResult; baseSavingUsd: number | null; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { result: r, baseSavingUsd, resultKey, fmt, t } = props;
  const bars = useMemo(() => histogramBars(r.bins, r.samples, fmt.toDisplay), [r, fmt]);
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
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={bars} margin={{ top: 16, right: 16, bottom: 26, left: 8 }} barCategoryGap={1}>
              <CartesianGrid stroke="var(--grid)" vertical={false} />
              <XAxis
                dataKey="mid"
                type="number"
                domain={[lo, hi]}
                ticks={ticks}
                tickFormatter={(v: number) => fmt.moneyCompact(back(v))}
                stroke="var(--muted)"
                fontSize={11}
                label={{ value: t('chart.savingAxis', { currency: fmt.currency }), position: 'insideBottom', offset: -14, fill: 'var(--muted)', fontSize: 11 }}
              />
              <YAxis tickFormatter={(v: number) => fmt.percent(v, 0)} stroke="var(--muted)" fontSize={11} width={44} />
              <ReferenceLine x={0} stroke="var(--text)" label={{ value: t('chart.mcZero'), position: 'top', fill: 'var(--text)', fontSize: 11 }} />
              {baseSavingUsd !== null ? <ReferenceLine x={fmt.toDisplay(baseSavingUsd)} stroke="var(--muted)" strokeDasharray="3 3" /> : null}
              <Bar dataKey="share" isAnimationActive={false}>
                {bars.map((b, i) => (
                  <Cell key={i} fill={b.selfCheaper ? 'var(--series-self)' : 'var(--series-api)'} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        )}
      </ChartFrame>
    </div>
  );
});
