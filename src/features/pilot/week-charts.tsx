import { memo } from 'react';
import {
  AXIS_TITLE,
  CartesianGrid,
  GRID,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  TICK,
  Tooltip,
  TOOLTIP_BOX,
  XAxis,
  YAxis,
} from '../../components/chart/recharts';
import type { WeekPoint, WeekSeries, WeekSeriesKey } from '../../core/pilot/series';
import type { PilotThresholds } from '../../core/scenario/schema';
import { ChartFrame } from '../../components/chart-frame';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import { moneyAxis, toUsd, type DisplayCurrency } from '../../components/chart/money-axis';
import { niceTicks } from '../../components/chart/ticks';
import { useT } from '../../components/use-t';
import { formatInteger, formatMoney, formatPercent, usdTo } from '../../lib/format/format';
import type { Fmt } from './format-pilot';
import { pilotMessages } from './messages';

interface ChartDef {
  key: WeekSeriesKey;
  /** Display value from the stored one (share → %, USD → the chosen currency). */
  toShown: (v: number) => number;
  format: (v: number | null | undefined) => string;
  axisUnit: string;
  threshold?: number;
}

function chartDef(key: WeekSeriesKey, f: Fmt, perTask: string, utilisationMin: number): ChartDef {
  const money = usdTo(f.currency, f.fx, 1);
  switch (key) {
    case 'acceptance':
      return { key, toShown: (v) => v * 100, format: (v) => formatPercent(f.language, v, 1), axisUnit: '%' };
    case 'ttftP95Ms':
      return { key, toShown: (v) => v, format: (v) => (v === null || v === undefined ? '–' : `${formatInteger(f.language, v)} ms`), axisUnit: 'ms' };
    case 'utilisation':
      return { key, toShown: (v) => v * 100, format: (v) => formatPercent(f.language, v, 1), axisUnit: '%', threshold: utilisationMin * 100 };
    case 'costPerAcceptedTask':
      return { key, toShown: (v) => v * money, format: (v) => formatMoney(f.language, f.currency, f.fx, v), axisUnit: perTask };
  }
}

const CHART_KEYS: readonly WeekSeriesKey[] = ['acceptance', 'ttftP95Ms', 'utilisation', 'costPerAcceptedTask'];

function samePoints(a: readonly WeekPoint[], b: readonly WeekPoint[]): boolean {
  return a.length === b.length && a.every((p, i) => p.day === b[i]?.day && p.api === b[i]?.api && p.selfHosted === b[i]?.selfHosted);
}

/**
 * One week chart. Memoised on its own seven points: an edit that changes one series (say a
 * day's utilisation) redraws that chart, not all four.
 */
const WeekChart = memo(
  function WeekChart(props: { chartKey: WeekSeriesKey; points: readonly WeekPoint[]; fmt: Fmt; utilisationMin: number }) {
    const { chartKey, points, fmt: f, utilisationMin } = props;
    const t = useT(pilotMessages);
    const currency: DisplayCurrency = { toDisplay: (usd) => usdTo(f.currency, f.fx, usd) };
    const money = moneyAxis(currency, (usd) => formatMoney(f.language, f.currency, f.fx, usd));
    const def = chartDef(chartKey, f, t('unitPerTask', { currency: f.currency }), utilisationMin);
    const data = points.map((p) => ({
      day: p.day,
      api: p.api === null ? null : def.toShown(p.api),
      selfHosted: p.selfHosted === null ? null : def.toShown(p.selfHosted),
    }));
    const empty = points.every((p) => p.api === null && p.selfHosted === null);
    const fixed = def.key === 'acceptance' || def.key === 'utilisation';
    const top = Math.max(0, ...data.flatMap((p) => [p.api ?? 0, p.selfHosted ?? 0]));
    const ticks = fixed ? [0, 25, 50, 75, 100] : niceTicks(top, 4, 1);
    const title = t(`chart.${def.key}`);
    const hasApi = def.key !== 'utilisation';
    // The API has no utilisation: its column stays in the table (n/a), its line and legend entry go.
    const config: ChartConfig<'api' | 'selfHosted'> = {
      series: [
        { key: 'api', label: t('side.api'), colour: 'var(--series-api)', unit: def.axisUnit, ...(hasApi ? {} : { inLegend: false }) },
        { key: 'selfHosted', label: t('side.selfHosted'), colour: 'var(--series-self)', unit: def.axisUnit, dash: '6 2' },
      ],
    };
    const api = seriesOf(config, 'api');
    const self = seriesOf(config, 'selfHosted');
    return (
      <div className="rounded-md border border-border p-3 print:break-inside-avoid">
        <ChartFrame
          title={`${title} (${def.axisUnit})`}
          summary={t('chartAria', {
            title,
            api: hasApi ? points.map((p) => def.format(p.api)).join(', ') : t('notApplicable'),
            self: points.map((p) => def.format(p.selfHosted)).join(', '),
          })}
          height={224}
          testId={`pilot-chart-${def.key}`}
          config={config}
          legend={empty ? 'outside' : 'below'}
          table={{
            head: [t('axisDay'), ...tableColumns(config)],
            rows: points.map((p) => [p.day, hasApi ? def.format(p.api) : t('notApplicable'), def.format(p.selfHosted)]),
          }}
          csv={{
            head: [t('axisDay'), ...csvColumns(config)],
            rows: data.map((p) => [p.day, p.api ?? '', p.selfHosted ?? '']),
          }}
        >
          {empty ? (
            <p className="flex h-full items-center justify-center text-sm text-muted">{t('noChartData')}</p>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={data} margin={{ top: 8, right: 12, bottom: 18, left: 4 }}>
                <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
                <XAxis
                  dataKey="day"
                  type="number"
                  domain={[1, 7]}
                  ticks={[1, 2, 3, 4, 5, 6, 7]}
                  tick={TICK}
                  stroke="var(--border)"
                  label={{ value: t('axisDay'), position: 'insideBottom', offset: -10, ...AXIS_TITLE }}
                />
                <YAxis
                  tick={TICK}
                  stroke="var(--border)"
                  width={56}
                  domain={[0, ticks[ticks.length - 1] ?? 1]}
                  ticks={ticks}
                  tickFormatter={(v: number) => (def.key === 'costPerAcceptedTask' ? money(v) : `${formatInteger(f.language, v)}`)}
                  label={{ value: def.axisUnit, angle: -90, position: 'insideLeft', ...AXIS_TITLE }}
                />
                <Tooltip
                  isAnimationActive={false}
                  contentStyle={TOOLTIP_BOX}
                  labelFormatter={(d) => t('day', { day: String(d) })}
                  formatter={(v) =>
                    typeof v === 'number' ? def.format(def.key === 'costPerAcceptedTask' ? toUsd(currency, v) : def.key === 'ttftP95Ms' ? v : v / 100) : '–'
                  }
                />
                {def.threshold !== undefined ? (
                  <ReferenceLine
                    y={def.threshold}
                    stroke="var(--warn)"
                    strokeDasharray="5 3"
                    label={{
                      value: t('thresholdLine', { value: formatPercent(f.language, def.threshold / 100, 0) }),
                      position: 'insideTopRight',
                      fill: 'var(--warn)',
                      fontSize: 11,
                    }}
                  />
                ) : null}
                {hasApi ? (
                  <Line
                    type="linear"
                    dataKey={api.key}
                    name={api.label}
                    stroke={api.colour}
                    strokeWidth={2}
                    dot={{ r: 3 }}
                    connectNulls={false}
                    isAnimationActive={false}
                  />
                ) : null}
                <Line
                  type="linear"
                  dataKey={self.key}
                  name={self.label}
                  stroke={self.colour}
                  strokeWidth={2}
                  dot={{ r: 3 }}
                  strokeDasharray={self.dash}
                  connectNulls={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          )}
        </ChartFrame>
      </div>
    );
  },
  (a, b) => a.chartKey === b.chartKey && a.fmt === b.fmt && a.utilisationMin === b.utilisationMin && samePoints(a.points, b.points),
);

/** Acceptance, p95 TTFT, utilisation and cost per accepted task over the week, API vs self-hosted. */
export const WeekCharts = memo(function WeekCharts(props: { series: WeekSeries; fmt: Fmt; thresholds: PilotThresholds }) {
  const { series, fmt, thresholds } = props;
  return (
    <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
      {CHART_KEYS.map((key) => (
        <WeekChart key={key} chartKey={key} points={series[key]} fmt={fmt} utilisationMin={thresholds.utilisationMin} />
      ))}
    </div>
  );
});
