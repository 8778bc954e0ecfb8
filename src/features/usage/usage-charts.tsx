import { Bar, BarChart, CartesianGrid, GRID, ResponsiveContainer, TICK, Tooltip, TOOLTIP_BOX, XAxis, YAxis } from '../../components/chart/recharts';
import { ChartFrame } from '../../components/chart-frame';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import type { Language } from '../../core/scenario/schema';
import type { DerivedWorkload, ProfileChoice } from '../../core/usage/aggregate';
import { formatDate, formatNumber } from '../../lib/format/format';
import type { T } from './messages';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const CELL_W = 28;
const CELL_H = 22;
const LEFT = 40;
const TOP = 18;

/**
 * The 168-hour week as a heatmap: one row per day (Monday first), one column per hour, the
 * colour's strength the hour's demand relative to the busiest hour. Drawn as SVG so the chart
 * frame exports it like the other charts; the data table gives every value.
 */
export function WeekHeatmap(props: { derived: DerivedWorkload; t: T; language: Language; profile: ProfileChoice }) {
  const { derived, t, language, profile } = props;
  const p = derived.profile;
  const week = p === null ? null : profile === 'busiest' && p.busiest !== null ? p.busiest : p.median;
  const title = t('heatmap.title', { zone: derived.timeZone });
  if (week === null || p === null) {
    const reason = derived.kept.find((k) => k.field === 'weeklyProfile')?.reason ?? 'no-usage';
    return (
      <div data-testid="usage-heatmap-none">
        <h2 className="text-base font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted">{t('heatmap.none', { reason: t(`reason.${reason}`) })}</p>
      </div>
    );
  }
  const max = Math.max(...week.weights, 1e-9);
  const f = (v: number) => formatNumber(language, v, 2);
  const dayName = (d: number) => t(`day.${d as 0 | 1 | 2 | 3 | 4 | 5 | 6}`);
  return (
    <ChartFrame
      title={title}
      summary={t('heatmap.summary', { peak: f(week.peakToAverage), weeks: t('heatmap.weeks', { weeks: p.weeks, full: p.fullWeeks }) })}
      height={TOP + 7 * CELL_H + 8}
      testId="usage-heatmap"
      legend="outside"
      table={{
        head: [t('heatmap.day'), ...HOURS.map((h) => `${h}:00`)],
        rows: DAYS.map((d) => [dayName(d), ...HOURS.map((h) => f(week.weights[d * 24 + h] ?? 0))]),
      }}
      csv={{
        head: [t('heatmap.day'), ...HOURS.map((h) => `${h}:00`)],
        rows: DAYS.map((d) => [dayName(d), ...HOURS.map((h) => week.weights[d * 24 + h] ?? 0)]),
      }}
    >
      <svg
        viewBox={`0 0 ${LEFT + 24 * CELL_W} ${TOP + 7 * CELL_H}`}
        width="100%"
        height="100%"
        preserveAspectRatio="xMinYMin meet"
        role="img"
        aria-label={title}
      >
        {HOURS.filter((h) => h % 3 === 0).map((h) => (
          <text key={h} x={LEFT + h * CELL_W + 2} y={12} fontSize={10} fill="var(--muted)">
            {h}
          </text>
        ))}
        {DAYS.map((d) => (
          <g key={d}>
            <text x={0} y={TOP + d * CELL_H + 15} fontSize={11} fill="var(--muted)">
              {dayName(d)}
            </text>
            {HOURS.map((h) => {
              const v = week.weights[d * 24 + h] ?? 0;
              return (
                <rect
                  key={h}
                  x={LEFT + h * CELL_W}
                  y={TOP + d * CELL_H}
                  width={CELL_W - 2}
                  height={CELL_H - 2}
                  rx={2}
                  fill="var(--series-api)"
                  fillOpacity={0.06 + 0.94 * (v / max)}
                >
                  <title>{t('heatmap.cell', { day: dayName(d), hour: h, value: f(v) })}</title>
                </rect>
              );
            })}
          </g>
        ))}
      </svg>
    </ChartFrame>
  );
}

/** Input and output tokens per day over the whole period, stacked, in millions. */
export function DailyChart(props: { derived: DerivedWorkload; t: T; language: Language }) {
  const { derived, t, language } = props;
  const config: ChartConfig<'input' | 'output'> = {
    series: [
      { key: 'input', label: t('daily.input'), colour: 'var(--series-api)', unit: 'M tokens', kind: 'bar' },
      { key: 'output', label: t('daily.output'), colour: 'var(--series-self)', unit: 'M tokens', kind: 'bar' },
    ],
  };
  const data = derived.daily.map((d) => ({ day: d.day, input: d.input / 1e6, output: d.output / 1e6, requests: d.requests }));
  const max = Math.max(0, ...data.map((d) => d.input + d.output));
  const input = seriesOf(config, 'input');
  const output = seriesOf(config, 'output');
  const first = derived.period?.firstDay ?? '';
  const last = derived.period?.lastDay ?? '';
  return (
    <ChartFrame
      title={t('daily.title')}
      summary={t('daily.summary', { from: formatDate(language, first), to: formatDate(language, last), max: formatNumber(language, max, 3) })}
      height={220}
      testId="usage-daily-chart"
      config={config}
      table={{
        head: [t('daily.day'), ...tableColumns(config), t('daily.requests')],
        rows: data.map((d) => [
          d.day,
          formatNumber(language, d.input, 3),
          formatNumber(language, d.output, 3),
          d.requests === null ? t('na') : formatNumber(language, d.requests, 0),
        ]),
      }}
      csv={{ head: [t('daily.day'), ...csvColumns(config), t('daily.requests')], rows: data.map((d) => [d.day, d.input, d.output, d.requests ?? '']) }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 4 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={TICK} stroke="var(--border)" minTickGap={24} />
          <YAxis tick={TICK} stroke="var(--border)" width={56} tickFormatter={(v: number) => formatNumber(language, v, 2)} />
          <Tooltip
            isAnimationActive={false}
            contentStyle={TOOLTIP_BOX}
            formatter={(v) => (typeof v === 'number' ? `${formatNumber(language, v, 3)} M` : '–')}
          />
          <Bar dataKey={input.key} name={input.label} stackId="t" fill={input.colour} isAnimationActive={false} />
          <Bar dataKey={output.key} name={output.label} stackId="t" fill={output.colour} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
