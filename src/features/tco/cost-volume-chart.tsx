import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import type { BreakEvenView, CostCurves } from '../../core/tco/evaluate';
import { costCurveRows, costCurveSeries, niceTicks } from './chart-data';
import type { Fmt } from './format-tco';
import type { TcoT } from './messages';

/**
 * Monthly cost against monthly volume for the three options, with today's volume and the
 * break-even marked. The self-hosted line is drawn as exact steps (replicas come whole).
 * One path per series, no dots, no animation: cheap to redraw while a slider moves.
 */
export const CostVolumeChart = memo(function CostVolumeChart(props: { curves: CostCurves; breakEven: BreakEvenView; resultKey: string; fmt: Fmt; t: TcoT }) {
  const { curves, breakEven, resultKey, fmt, t } = props;
  const series = useMemo(() => costCurveSeries(curves, fmt.toDisplay), [curves, fmt]);
  const unitLabel = curves.unit === 'tokens' ? t('unit.tokensPerMonth') : t('unit.tasksPerMonth');
  const xTicks = niceTicks(series.xMax, 4).filter((x) => x <= series.xMax);
  const yTicks = niceTicks(series.yMax, 4);
  const be = curves.breakEven;
  const summary =
    be === null
      ? t('chart.costAriaNever', { current: fmt.compact(curves.current), unit: unitLabel })
      : t('chart.costAria', { breakEven: fmt.compact(be), current: fmt.compact(curves.current), unit: unitLabel });
  const rows = useMemo(() => costCurveRows(curves), [curves]);
  const table = {
    head: [unitLabel, t('option.api'), t('option.self-hosted'), t('option.hybrid'), t('chart.ownedReplicas')],
    rows: rows.map((r) => [fmt.compact(r.x), fmt.money(r.api), fmt.money(r.self), fmt.money(r.hybrid), String(r.replicas)]),
  };
  const beLabel = be === null ? null : `${t('chart.breakEven')} ${fmt.compact(be)}`;
  const never = breakEven.result.kind === 'never';
  return (
    <div data-chart="cost-volume" data-kind="eval" data-for={resultKey}>
      <ChartFrame
        title={t('chart.costTitle')}
        summary={summary}
        table={table}
        height={320}
        testId="tco-cost-chart"
        footer={
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden>
            <li className="flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-5" style={{ background: 'var(--series-api)' }} />
              {t('option.api')}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-5" style={{ background: 'var(--series-self)' }} />
              {t('chart.selfSteps')}
            </li>
            <li className="flex items-center gap-1.5">
              <span className="inline-block h-0.5 w-5 border-t-2 border-dashed" style={{ borderColor: 'var(--series-hybrid)' }} />
              {t('option.hybrid')}
            </li>
            {never ? <li className="text-muted">{t('chart.noBreakEven')}</li> : null}
          </ul>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart margin={{ top: 24, right: 20, bottom: 30, left: 12 }}>
            <CartesianGrid stroke="var(--grid)" />
            <XAxis
              dataKey="x"
              type="number"
              domain={[0, series.xMax]}
              ticks={xTicks}
              allowDataOverflow
              tickFormatter={(v: number) => fmt.compact(v)}
              stroke="var(--muted)"
              fontSize={11}
              label={{ value: unitLabel, position: 'insideBottom', offset: -18, fill: 'var(--muted)', fontSize: 11 }}
            />
            <YAxis
              type="number"
              domain={[0, yTicks[yTicks.length - 1] ?? series.yMax]}
              ticks={yTicks}
              allowDataOverflow
              tickFormatter={(v: number) => fmt.moneyCompact(v / (fmt.toDisplay(1) || 1))}
              stroke="var(--muted)"
              fontSize={11}
              width={64}
              label={{ value: t('chart.costAxis', { currency: fmt.currency }), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 60 }}
            />
            <ReferenceLine x={curves.current} className="tco-today-line" stroke="var(--muted)" strokeDasharray="3 3" label={{ value: t('chart.today'), position: 'top', fill: 'var(--muted)', fontSize: 11 }} />
            {be !== null && beLabel ? (
              <ReferenceLine
                x={be}
                className="tco-break-even-line"
                stroke="var(--text)"
                strokeWidth={1.5}
                label={{ value: beLabel, position: be > series.xMax * 0.6 ? 'insideTopRight' : 'insideTopLeft', fill: 'var(--text)', fontSize: 12, fontWeight: 600 }}
              />
            ) : null}
            <Line data={series.api} dataKey="y" name={t('option.api')} stroke="var(--series-api)" strokeWidth={2.5} dot={false} isAnimationActive={false} />
            <Line data={series.self} dataKey="y" name={t('option.self-hosted')} stroke="var(--series-self)" strokeWidth={2.5} dot={false} type="linear" isAnimationActive={false} />
            <Line data={series.hybrid} dataKey="y" name={t('option.hybrid')} stroke="var(--series-hybrid)" strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
});
