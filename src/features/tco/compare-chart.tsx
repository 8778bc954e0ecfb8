import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import type { ChartConfig, ColourVar } from '../../components/chart-config';
import { costCurveSeries, niceTicks } from './chart-data';
import type { Fmt } from '../../lib/format/fmt';
import type { TcoEvaluation } from '../../core/tco/evaluate';

const COLOURS: readonly ColourVar[] = ['var(--series-api)', 'var(--series-self)', 'var(--series-hybrid)'];

/** The texts the chart shows; the page that places it (the report) words them. */
export type CompareChartKey = 'apiMonthly' | 'selfMonthly' | 'colCost' | 'colOption' | 'colScenario' | 'compareChart' | 'compareChartAria' | 'compareLegend' | 'compareTasks' | 'compareTokens' | 'compareUnits';
export type CompareChartT = (key: CompareChartKey, params?: Readonly<Record<string, string | number>>) => string;

/**
 * Monthly cost against monthly volume for every compared scenario: the API line solid, the
 * self-hosted steps dashed, one colour per scenario. Volumes are in tokens per month.
 */
export const TcoCompareChart = memo(function TcoCompareChart(props: { names: string[]; results: TcoEvaluation[]; fmt: Fmt; t: CompareChartT }) {
  const { names, results, fmt, t } = props;
  const series = useMemo(() => results.map((r) => costCurveSeries(r.curves, fmt.toDisplay)), [results, fmt]);
  const sameUnit = results.every((r) => r.curves.unit === results[0]?.curves.unit);
  const xMax = Math.max(...series.map((s) => s.xMax), 1);
  const yMax = Math.max(...series.map((s) => s.yMax), 1e-9);
  const xTicks = niceTicks(xMax, 4).filter((x) => x <= xMax);
  const yTicks = niceTicks(yMax, 4);
  const unit = results[0]?.curves.unit === 'tasks' ? t('compareTasks') : t('compareTokens');
  const rows = results.flatMap((r, i) => [
    [names[i] ?? '', t('apiMonthly'), fmt.compact(r.curves.current), fmt.money(r.api.monthlyUsd)],
    [names[i] ?? '', t('selfMonthly'), fmt.compact(r.curves.current), fmt.money(r.selfHosted.monthlyUsd)],
  ]);
  const csv = results.flatMap((r, i) => [
    [names[i] ?? '', 'api', r.curves.current, r.api.monthlyUsd],
    [names[i] ?? '', 'self-hosted', r.curves.current, r.selfHosted.monthlyUsd],
  ]);
  // One colour per scenario; each draws its API line solid and its self-hosted steps dashed
  // (the legend's note says so).
  const config: ChartConfig = {
    series: names.map((n, i) => ({ key: `scenario-${i}`, label: n, colour: COLOURS[i % COLOURS.length] ?? 'var(--series-api)' })),
    notes: [{ text: t('compareLegend') }, ...(!sameUnit ? [{ text: t('compareUnits'), tone: 'warn' as const }] : [])],
  };
  return (
    <ChartFrame
      title={t('compareChart')}
      summary={t('compareChartAria', { count: results.length })}
      table={{ head: [t('colScenario'), t('colOption'), unit, t('colCost')], rows }}
      csv={{ head: ['scenario', 'option', results[0]?.curves.unit === 'tasks' ? 'tasks_per_month' : 'tokens_per_month', 'usd_per_month'], rows: csv }}
      height={300}
      testId="compare-chart"
      config={config}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart margin={{ top: 12, right: 20, bottom: 30, left: 12 }}>
          <CartesianGrid stroke="var(--grid)" />
          <XAxis
            dataKey="x"
            type="number"
            domain={[0, xMax]}
            ticks={xTicks}
            allowDataOverflow
            tickFormatter={(v: number) => fmt.compact(v)}
            stroke="var(--muted)"
            fontSize={11}
            label={{ value: unit, position: 'insideBottom', offset: -18, fill: 'var(--muted)', fontSize: 11 }}
          />
          <YAxis
            type="number"
            domain={[0, yTicks[yTicks.length - 1] ?? yMax]}
            ticks={yTicks}
            allowDataOverflow
            tickFormatter={(v: number) => fmt.moneyCompact(v / (fmt.toDisplay(1) || 1))}
            stroke="var(--muted)"
            fontSize={11}
            width={80}
          />
          {series.flatMap((s, i) => {
            const colour = config.series[i]?.colour;
            return [
              <Line key={`api-${i}`} data={s.api} dataKey="y" stroke={colour} strokeWidth={2} dot={false} isAnimationActive={false} />,
              <Line key={`self-${i}`} data={s.self} dataKey="y" stroke={colour} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />,
            ];
          })}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
});
