import { memo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceArea, ReferenceDot, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFrame } from '../../components/chart-frame';
import { csvColumns, seriesOf, tableColumns, type ChartConfig } from '../../components/chart-config';
import type { CapacityView, CapacityViewPoint } from '../../core/capacity/view';
import type { Fmt } from '../../lib/format/fmt';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { plural } from '../../lib/i18n/plural';
import type { Language } from '../../core/scenario/schema';
import { niceTicks } from './chart-data';
import type { CapacityT } from './capacity-messages';

/**
 * The two capacity charts (docs/capacity.md §5): throughput per GPU against tokens/s per user
 * with the SLO region and the operating point, and the headline chart, the full TCO per 1M
 * tokens against tokens/s per user with the API's price as a line. Both are shaped in core
 * (`capacity/view.ts`); these components only draw.
 */
const AXIS = { stroke: 'var(--muted)', fontSize: 11 } as const;
const TOOLTIP = { contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', fontSize: 12, color: 'var(--text)' } } as const;
const MARGIN = { top: 18, right: 20, bottom: 26, left: 8 };

/** Points that can be drawn on the tokens/s-per-user axis, in that axis' order. */
function drawable(view: CapacityView): (CapacityViewPoint & { interactivity: number })[] {
  return view.points.filter((p): p is CapacityViewPoint & { interactivity: number } => p.interactivity !== null && p.interactivity > 0).sort((a, b) => a.interactivity - b.interactivity);
}

/** "2,400 requests" behind a point, or that the source does not say how many. */
export function requestsText(t: CapacityT, language: Language, n: number | null): string {
  if (n === null) return t('tip.noRequests');
  return t(plural(language, n, { one: 'tip.requests.one', other: 'tip.requests.other' }), { n: formatInteger(language, n) });
}

/** A measured figure with as many decimals as it needs: 1,922 · 47.8 · 9.51. */
export function fig(language: Language, v: number | null | undefined): string {
  if (v === null || v === undefined) return '–';
  const a = Math.abs(v);
  return formatNumber(language, v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

export function loadText(t: CapacityT, language: Language, kind: CapacityView['loadKind'], load: number | null): string {
  if (load === null) return t('load.max');
  return t(kind === 'concurrency' ? 'load.concurrency' : 'load.rate', { v: fig(language, load) });
}

/** The chosen operating point in a sentence (the panel and the report say the same). */
export function chosenText(t: CapacityT, language: Language, view: Pick<CapacityView, 'loadKind' | 'gpus'>, chosen: NonNullable<CapacityView['chosen']>): string {
  const load = loadText(t, language, view.loadKind, chosen.load);
  const tps = fig(language, chosen.outputTokensPerS);
  if (chosen.kind === 'interpolated') return t('chosen.interpolated', { load, tps });
  return t('chosen.measured', { load, tps, perGpu: fig(language, chosen.outputTokensPerS === null ? null : chosen.outputTokensPerS / view.gpus), user: fig(language, chosen.interactivity) });
}

export const ParetoChart = memo(function ParetoChart(props: { view: CapacityView; t: CapacityT; language: Language }) {
  const { view, t, language } = props;
  const pts = drawable(view).filter((p) => p.perGpu !== null);
  const chosen = view.chosen;
  const chosenPerGpu = chosen?.outputTokensPerS != null ? chosen.outputTokensPerS / view.gpus : null;
  const config: ChartConfig<'perGpu'> = {
    series: [{ key: 'perGpu', label: t('pareto.y'), legendLabel: t('pareto.series'), colour: 'var(--series-self)', unit: 'tok/s' }],
    references: [
      ...(chosen ? [{ key: 'chosen', label: t('pareto.chosen'), colour: 'var(--series-hybrid)' as const }] : []),
      ...(view.minTokensPerSPerUser !== null ? [{ key: 'slo', label: t('pareto.slo', { v: fig(language, view.minTokensPerSPerUser) }), colour: 'var(--series-api)' as const, kind: 'area' as const }] : []),
    ],
    notes: pts.some((p) => !p.qualifies) ? [{ text: `○ ${t('pareto.fails')}` }] : [],
  };
  const xMax = Math.max(...pts.map((p) => p.interactivity), view.minTokensPerSPerUser ?? 0, 1) * 1.08;
  const yTicks = niceTicks(Math.max(...pts.map((p) => p.perGpu ?? 0), 1) * 1.05, 4);
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const xTicks = niceTicks(xMax, 5).filter((x) => x <= xMax);
  const table = {
    head: [t('th.load'), t('th.perUser'), ...tableColumns(config), t('th.meets'), t('th.requests')],
    rows: pts.map((p) => [loadText(t, language, view.loadKind, p.load), fig(language, p.interactivity), fig(language, p.perGpu), p.qualifies ? t('yes') : t('no', { which: p.failing.join(', ') }), p.requests === null ? '–' : formatInteger(language, p.requests)]),
  };
  const csv = {
    head: [t('th.load'), `${t('th.perUser')} (tok/s)`, ...csvColumns(config), t('th.meets'), t('th.requests')],
    rows: pts.map((p) => [p.load ?? 'max', p.interactivity, p.perGpu ?? '', p.qualifies ? 'yes' : 'no', p.requests ?? '']),
  };
  const perGpu = seriesOf(config, 'perGpu');
  return (
    <ChartFrame title={t('pareto.title')} summary={t('pareto.aria', { n: pts.length })} table={table} csv={csv} height={240} testId="chart-capacity-pareto" config={config}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={pts} margin={MARGIN}>
          <CartesianGrid stroke="var(--grid)" />
          {view.minTokensPerSPerUser !== null ? <ReferenceArea x1={view.minTokensPerSPerUser} x2={xMax} fill="var(--series-api)" fillOpacity={0.08} ifOverflow="hidden" /> : null}
          <XAxis type="number" dataKey="interactivity" domain={[0, xMax]} ticks={xTicks} interval={0} allowDataOverflow {...AXIS} tickFormatter={(v: number) => fig(language, v)} label={{ value: t('pareto.x'), position: 'insideBottom', offset: -14, fill: 'var(--muted)', fontSize: 11 }} />
          <YAxis type="number" domain={[0, yMax]} ticks={yTicks} interval={0} {...AXIS} width={60} tickFormatter={(v: number) => fig(language, v)} label={{ value: t('pareto.y'), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 60 }} />
          <Tooltip {...TOOLTIP} labelFormatter={(v) => `${t('pareto.x')}: ${fig(language, Number(v))}`} formatter={(v, _name, item) => `${fig(language, Number(v))} tok/s · ${requestsText(t, language, (item as { payload?: { requests?: number | null } } | undefined)?.payload?.requests ?? null)}`} />
          <Line
            dataKey="perGpu"
            name={perGpu.legendLabel ?? perGpu.label}
            stroke={perGpu.colour}
            strokeWidth={2}
            isAnimationActive={false}
            dot={(d: { cx?: number; cy?: number; index?: number }) => {
              const p = pts[d.index ?? 0];
              return <circle key={d.index} cx={d.cx} cy={d.cy} r={3.5} stroke={perGpu.colour} strokeWidth={1.5} fill={p?.qualifies ? perGpu.colour : 'var(--surface)'} />;
            }}
          />
          {chosen && chosen.interactivity !== null && chosenPerGpu !== null ? <ReferenceDot x={chosen.interactivity} y={chosenPerGpu} r={7} fill="none" stroke="var(--series-hybrid)" strokeWidth={2.5} /> : null}
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
});

type CostKey = 'perMillionAtWorkload' | 'perMillionAtFullLoad';

export const CostPerMillionChart = memo(function CostPerMillionChart(props: { view: CapacityView; t: CapacityT; language: Language; fmt: Fmt }) {
  const { view, t, language, fmt } = props;
  const pts = drawable(view)
    .filter((p) => p.perMillionAtWorkload !== null)
    .map((p) => ({ ...p, perMillionAtWorkload: p.perMillionAtWorkload === null ? null : fmt.toDisplay(p.perMillionAtWorkload), perMillionAtFullLoad: p.perMillionAtFullLoad === null ? null : fmt.toDisplay(p.perMillionAtFullLoad) }));
  const api = view.apiPerMillion === null ? null : fmt.toDisplay(view.apiPerMillion);
  const config: ChartConfig<CostKey> = {
    series: [
      { key: 'perMillionAtWorkload', label: t('cost.workload'), colour: 'var(--series-self)', unit: fmt.currency },
      { key: 'perMillionAtFullLoad', label: t('cost.full'), colour: 'var(--series-self)', dash: '5 4', unit: fmt.currency },
    ],
    references: api !== null ? [{ key: 'api', label: `${t('cost.api')} ${fmt.moneySmall(view.apiPerMillion)}`, colour: 'var(--series-api)' }] : [],
  };
  const chosen = view.chosen;
  const chosenPoint = chosen ? view.points[chosen.index] : undefined;
  const headline =
    chosen && chosenPoint && chosenPoint.perMillionAtWorkload !== null && view.apiPerMillion !== null && chosen.interactivity !== null
      ? t('cost.headline', { user: fig(language, chosen.interactivity), gpus: view.gpus, gpu: view.gpuName, self: fmt.moneySmall(chosenPoint.perMillionAtWorkload), full: fmt.moneySmall(chosenPoint.perMillionAtFullLoad), api: fmt.moneySmall(view.apiPerMillion) })
      : null;
  const xMax = Math.max(...pts.map((p) => p.interactivity), 1) * 1.08;
  // The cheapest points matter; a nearly idle first load (a huge cost) is cut at 4× the API or the median.
  const values = pts.flatMap((p) => [p.perMillionAtWorkload ?? 0, p.perMillionAtFullLoad ?? 0]).sort((a, b) => a - b);
  const cap = Math.max(api ?? 0, values[Math.floor(values.length / 2)] ?? 0) * 4;
  const yTicks = niceTicks(Math.max(Math.min(values[values.length - 1] ?? 1, cap || Number.POSITIVE_INFINITY), api ?? 0, 1e-6) * 1.05, 4);
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const xTicks = niceTicks(xMax, 5).filter((x) => x <= xMax);
  const money = (v: number | null) => (v === null ? '–' : fmt.moneySmall(v / (fmt.toDisplay(1) || 1)));
  const table = {
    head: [t('th.load'), t('th.perUser'), ...tableColumns(config), t('cost.api'), t('th.replicas')],
    rows: pts.map((p) => [loadText(t, language, view.loadKind, p.load), fig(language, p.interactivity), money(p.perMillionAtWorkload), money(p.perMillionAtFullLoad), fmt.moneySmall(view.apiPerMillion), p.replicasNeeded ?? '–']),
  };
  const csv = {
    head: [t('th.load'), `${t('th.perUser')} (tok/s)`, ...csvColumns(config), `${t('cost.api')} (${fmt.currency})`, t('th.replicas')],
    rows: pts.map((p) => [p.load ?? 'max', p.interactivity, p.perMillionAtWorkload ?? '', p.perMillionAtFullLoad ?? '', api ?? '', p.replicasNeeded ?? '']),
  };
  const w = seriesOf(config, 'perMillionAtWorkload');
  const f = seriesOf(config, 'perMillionAtFullLoad');
  return (
    <ChartFrame title={t('cost.title')} summary={t('cost.aria')} table={table} csv={csv} height={260} testId="chart-capacity-cost" config={config} footer={headline ? <p className="text-sm" data-testid="capacity-headline">{headline}</p> : null}>
      {pts.length < 2 ? (
        <p className="text-sm text-muted">{t(view.lengths?.kind === 'refused' ? 'cost.refused' : 'cost.none')}</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={pts} margin={MARGIN}>
            <CartesianGrid stroke="var(--grid)" />
            <XAxis type="number" dataKey="interactivity" domain={[0, xMax]} ticks={xTicks} interval={0} allowDataOverflow {...AXIS} tickFormatter={(v: number) => fig(language, v)} label={{ value: t('cost.x'), position: 'insideBottom', offset: -14, fill: 'var(--muted)', fontSize: 11 }} />
            <YAxis type="number" domain={[0, yMax]} ticks={yTicks} interval={0} allowDataOverflow {...AXIS} width={64} tickFormatter={(v: number) => fmt.moneySmall(v / (fmt.toDisplay(1) || 1))} label={{ value: t('cost.y'), angle: -90, position: 'insideLeft', fill: 'var(--muted)', fontSize: 11, dy: 60 }} />
            <Tooltip {...TOOLTIP} labelFormatter={(v) => `${t('cost.x')}: ${fig(language, Number(v))}`} formatter={(v) => money(Number(v))} />
            {api !== null ? <ReferenceLine y={api} stroke="var(--series-api)" strokeWidth={2} ifOverflow="extendDomain" /> : null}
            {view.minTokensPerSPerUser !== null ? <ReferenceLine x={view.minTokensPerSPerUser} stroke="var(--series-api)" strokeDasharray="3 3" /> : null}
            <Line dataKey="perMillionAtWorkload" name={w.label} stroke={w.colour} strokeWidth={2} dot={{ r: 3, fill: w.colour }} isAnimationActive={false} connectNulls />
            <Line dataKey="perMillionAtFullLoad" name={f.label} stroke={f.colour} strokeWidth={2} strokeDasharray={f.dash} dot={false} isAnimationActive={false} connectNulls />
            {chosen && chosen.interactivity !== null && chosenPoint?.perMillionAtWorkload != null ? (
              <ReferenceDot x={chosen.interactivity} y={fmt.toDisplay(chosenPoint.perMillionAtWorkload)} r={7} fill="none" stroke="var(--series-hybrid)" strokeWidth={2.5} />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
});
