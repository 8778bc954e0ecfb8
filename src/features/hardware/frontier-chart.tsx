import { memo } from 'react';
import {
  AXIS,
  AXIS_TITLE,
  CartesianGrid,
  GRID,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  TOOLTIP_BOX,
  XAxis,
  YAxis,
} from '../../components/chart/recharts';
import { Kpi } from '../../components/card';
import { useLanguage } from '../../components/use-t';
import type { HardwareReport } from '../../core/hardware/report';
import { formatInteger } from '../../lib/format/format';
import { ChartFrame } from '../../components/chart-frame';
import { seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import type { HardwareT } from './messages';
import { shortTokens, tokens } from './format-hardware';

/** Maximum concurrent sequences against context length (both log scales) with the configured point. */
export const FrontierChart = memo(function FrontierChart(props: { report: HardwareReport; t: HardwareT }) {
  const { report: r, t } = props;
  const language = useLanguage();
  const { contextLength, concurrentSequences } = r.setup;
  // Zero does not exist on a log axis: "not even one sequence" is drawn as a gap.
  const data = r.frontier.points.map((p) => ({ context: p.context, seqs: p.maxConcurrency > 0 ? p.maxConcurrency : null }));
  const maxCtx = r.frontier.maxContextAtConcurrency;
  const fits = r.memory.verdict.fits;
  const summary = t('frontierAria', { context: tokens(language, contextLength), n: formatInteger(language, r.frontier.maxConcurrencyAtContext) });
  // One line; its name is on the axis, so the page shows no legend (the image files carry it).
  const config: ChartConfig<'seqs'> = { series: [{ key: 'seqs', label: t('maxSequences'), colour: 'var(--series-api)' }] };
  const seqs = seriesOf(config, 'seqs');
  const ys = data.map((d) => d.seqs ?? 1);
  const yMax = Math.pow(10, Math.ceil(Math.log10(Math.max(concurrentSequences, ...ys) * 1.5)));
  const yTicks: number[] = [];
  for (let v = 1; v <= yMax; v *= 10) yTicks.push(v);
  return (
    <div className="grid gap-3" data-testid="hw-frontier">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Kpi
          label={t('kpiMaxSeq', { context: shortTokens(language, contextLength) })}
          value={formatInteger(language, r.frontier.maxConcurrencyAtContext)}
          tone={r.frontier.maxConcurrencyAtContext >= concurrentSequences ? 'ok' : 'bad'}
          testId="hw-max-seq"
        />
        <Kpi
          label={t('kpiMaxCtx', { n: formatInteger(language, concurrentSequences) })}
          value={maxCtx.kind === 'tokens' ? tokens(language, maxCtx.tokens) : maxCtx.kind === 'none' ? t('none') : t('unbounded')}
          sub={maxCtx.kind === 'tokens' ? shortTokens(language, maxCtx.tokens) : undefined}
          tone={maxCtx.kind === 'unbounded' || (maxCtx.kind === 'tokens' && maxCtx.tokens >= contextLength) ? 'ok' : 'bad'}
          testId="hw-max-ctx"
        />
      </div>
      <ChartFrame
        title={t('frontierChart')}
        summary={summary}
        height={260}
        config={config}
        legend="outside"
        table={{
          head: [t('context'), ...tableColumns(config)],
          rows: r.frontier.points.map((p) => [tokens(language, p.context), formatInteger(language, p.maxConcurrency)]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={data} margin={{ top: 12, right: 16, bottom: 28, left: 8 }}>
            <CartesianGrid stroke={GRID} />
            <XAxis
              dataKey="context"
              type="number"
              scale="log"
              domain={['dataMin', 'dataMax']}
              ticks={data.map((d) => d.context).filter((c) => Math.log2(c) % 2 === 0 || c === contextLength)}
              tickFormatter={(v: number) => shortTokens(language, v)}
              {...AXIS}
              label={{ value: t('axisContext'), position: 'insideBottom', offset: -16, ...AXIS_TITLE }}
            />
            <YAxis
              type="number"
              scale="log"
              domain={[1, yMax]}
              ticks={yTicks}
              allowDataOverflow
              tickFormatter={(v: number) => formatInteger(language, v)}
              {...AXIS}
              width={56}
              label={{ value: t('axisSequences'), angle: -90, position: 'insideLeft', ...AXIS_TITLE, dy: 50 }}
            />
            <Tooltip
              formatter={(v) => [formatInteger(language, Number(v)), seqs.label]}
              labelFormatter={(v) => `${tokens(language, Number(v))} ${t('units_tokens')}`}
              contentStyle={TOOLTIP_BOX}
            />
            <ReferenceLine
              x={r.model.maxContext}
              stroke="var(--muted)"
              strokeDasharray="4 3"
              label={{ value: t('modelMax'), position: 'insideTopRight', ...AXIS_TITLE }}
            />
            <Line
              type="monotone"
              dataKey={seqs.key}
              name={seqs.label}
              stroke={seqs.colour}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls={false}
              isAnimationActive={false}
            />
            <ReferenceDot
              x={contextLength}
              y={concurrentSequences}
              r={6}
              fill={fits ? 'var(--ok)' : 'var(--bad)'}
              stroke="var(--surface)"
              label={{ value: t('yourSetup'), position: 'top', fill: 'var(--text)', fontSize: 11 }}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
});
