import { memo, useState } from 'react';
import { ChartFrame } from '../../../components/chart-frame';
import type { ChartConfig, ColourVar } from '../../../components/chart-config';
import { verticalAxisWidth } from '../../../components/chart/axis-layout';
import { Clipped, HoverTarget, HoverTip, PlotSurface, type TipContent } from '../../../components/chart/plot';
import type { Plan } from '../../../core/plans/search';
import type { Language } from '../../../core/scenario/schema';
import type { Fmt } from '../../../lib/format/fmt';
import { AXIS_FONT, Axes, fig, frameOf } from '../capacity/capacity-charts';
import { niceTicks } from '../../../components/chart/ticks';
import { memoPlot } from '../../../components/chart/plot-memo';
import type { PlansT } from './plans-messages';
import { useWidth } from '../../../components/chart/use-width';
import { moneyAxis } from '../../../components/chart/money-axis';

/**
 * The plans' frontier (docs/plans.md §3): cost per 1M tokens against output tokens/s per user,
 * one point per self-hosted or hybrid plan at its operating point, upper bounds (roofline only)
 * hollow, and each API offer as a line at its price per 1M tokens. Down and to the right is
 * better: cheaper and faster for each user.
 */
const HEIGHT = 260;

type Key = 'self' | 'hybrid' | 'upper';

interface Dot {
  id: string;
  key: Key;
  x: number;
  /** Cost per 1M tokens in the display currency. */
  y: number;
  label: string;
}

export interface FrontierInput {
  plans: readonly Plan[];
  upperBounds: readonly Plan[];
  /** Each plan's name as the table writes it, by plan id. */
  names: Readonly<Record<string, string>>;
}

const COLOUR: Record<Key, ColourVar> = { self: 'var(--series-self)', hybrid: 'var(--series-hybrid)', upper: 'var(--muted)' };

export const PlansFrontier = memo(function PlansFrontier(props: FrontierInput & { t: PlansT; fmt: Fmt; language: Language }) {
  const { plans, upperBounds, names, t, fmt, language } = props;
  const dot = (p: Plan, key: Key): Dot | null =>
    p.tokensPerSecondPerUser !== null && p.tokensPerSecondPerUser > 0 && p.usdPerMillionTokens !== null
      ? { id: p.id, key, x: p.tokensPerSecondPerUser, y: fmt.toDisplay(p.usdPerMillionTokens), label: names[p.id] ?? p.id }
      : null;
  const dots = [
    ...plans.filter((p) => p.kind !== 'api').map((p) => dot(p, p.kind === 'hybrid' ? 'hybrid' : 'self')),
    ...upperBounds.map((p) => dot(p, 'upper')),
  ].filter((d): d is Dot => d !== null);
  const apis = plans
    .filter((p) => p.kind === 'api' && p.usdPerMillionTokens !== null)
    .map((p) => ({ id: p.id, label: p.apiLabel ?? '', y: fmt.toDisplay(p.usdPerMillionTokens as number) }));
  const unplaced = [...plans.filter((p) => p.kind !== 'api'), ...upperBounds].length - dots.length;
  const drawn = new Set(dots.map((d) => d.key));
  const config: ChartConfig<Key> = {
    // The legend names only what is drawn.
    series: (
      [
        { key: 'self', label: t('fr.self'), colour: COLOUR.self, kind: 'line', unit: fmt.currency },
        { key: 'hybrid', label: t('fr.hybrid'), colour: COLOUR.hybrid, kind: 'line', unit: fmt.currency },
        { key: 'upper', label: t('fr.upper'), colour: COLOUR.upper, kind: 'line', dash: '3 3', unit: fmt.currency },
      ] as const
    ).filter((x) => drawn.has(x.key)),
    references: apis.map((a) => ({ key: a.id, label: t('fr.api', { api: a.label }), colour: 'var(--series-api)' })),
  };
  const money = moneyAxis(fmt, fmt.moneySmall);
  // The y axis is cut at 4× the dearest API offer (or the median point), so a costly outlier does not flatten the rest.
  const ys = [...dots.map((d) => d.y), ...apis.map((a) => a.y)].sort((a, b) => a - b);
  const cap = Math.max(...apis.map((a) => a.y), ys[Math.floor(ys.length / 2)] ?? 0) * 4;
  const yTicks = niceTicks(Math.max(Math.min(ys[ys.length - 1] ?? 1, cap || Number.POSITIVE_INFINITY), 1e-6) * 1.05, 4);
  const yMax = yTicks[yTicks.length - 1] ?? 1;
  const xMax = Math.max(...dots.map((d) => d.x), 1) * 1.08;
  const xTicks = niceTicks(xMax, 5).filter((x) => x <= xMax);
  const [boxRef, boxWidth] = useWidth<HTMLDivElement>();
  const [hover, setHover] = useState<number | null>(null);
  const yAxisWidth = verticalAxisWidth(yTicks.map(money), AXIS_FONT, true);
  const frame = boxWidth === null ? null : frameOf(boxWidth, HEIGHT, yAxisWidth, xMax, yMax);
  const hovered = hover === null ? undefined : dots[hover];
  const tip: TipContent | null = hovered
    ? {
        title: hovered.label,
        lines: [
          { text: `${t('fr.x')}: ${fig(language, hovered.x)}`, colour: COLOUR[hovered.key] },
          { text: `${t('fr.y')}: ${money(hovered.y)}`, colour: COLOUR[hovered.key] },
        ],
      }
    : null;
  const kindText = (k: Key) => t(`fr.${k}`);
  const table = {
    head: [t('h.plan'), t('fr.x'), t('fr.y'), t('fr.kind')],
    rows: [
      ...dots.map((d) => [d.label, fig(language, d.x), money(d.y), kindText(d.key)]),
      ...apis.map((a) => [t('fr.api', { api: a.label }), '–', money(a.y), 'API']),
    ],
  };
  const csv = {
    head: [t('h.plan'), `${t('fr.x')} (tok/s)`, `${t('fr.y')} (${fmt.currency})`, t('fr.kind')],
    rows: [...dots.map((d) => [d.label, d.x, d.y, d.key]), ...apis.map((a) => [a.label, '', a.y, 'api'])],
  };
  return (
    <ChartFrame
      title={t('fr.title')}
      summary={t('fr.aria')}
      table={table}
      csv={csv}
      height={HEIGHT}
      testId="plans-frontier"
      config={config}
      footer={unplaced > 0 ? <p className="text-xs text-muted">{t('fr.unplaced', { count: unplaced })}</p> : null}
    >
      {dots.length === 0 && apis.length === 0 ? (
        <p className="text-sm text-muted">{t('fr.none')}</p>
      ) : (
        <div ref={boxRef} className="relative h-full w-full">
          {boxWidth !== null ? (
            <FrontierPlot
              width={boxWidth}
              height={HEIGHT}
              dots={dots}
              apis={apis}
              xMax={xMax}
              yMax={yMax}
              xTicks={xTicks}
              yTicks={yTicks}
              yAxisWidth={yAxisWidth}
              labels={{ x: t('fr.x'), y: t('fr.y') }}
              language={language}
              fmt={fmt}
              onHover={setHover}
            />
          ) : null}
          {frame && tip && hovered ? <HoverTip area={frame.area} x={frame.sx(hovered.x)} chartWidth={boxWidth ?? 0} content={tip} /> : null}
        </div>
      )}
    </ChartFrame>
  );
});

/**
 * Where each API line's label goes: just above its line; where two lines lie closer than a
 * label's height, the upper label moves up above the one below. Labels never overlap and never
 * fall under the axis (offers near $0 stack upwards).
 */
function apiLabels(
  apis: readonly { id: string; label: string; y: number }[],
  sy: (v: number) => number,
): { id: string; label: string; lineY: number; textY: number }[] {
  const LINE = AXIS_FONT + 1;
  const sorted = apis.map((a) => ({ ...a, lineY: sy(a.y) })).sort((a, b) => b.lineY - a.lineY);
  let last = Number.POSITIVE_INFINITY;
  return sorted.map((a) => {
    const textY = Math.min(a.lineY - 4, last - LINE);
    last = textY;
    return { id: a.id, label: a.label, lineY: a.lineY, textY };
  });
}

const FrontierPlot = memoPlot(function FrontierPlot(props: {
  width: number;
  height: number;
  dots: Dot[];
  apis: { id: string; label: string; y: number }[];
  xMax: number;
  yMax: number;
  xTicks: number[];
  yTicks: number[];
  yAxisWidth: number;
  labels: { x: string; y: string };
  language: Language;
  fmt: Fmt;
  onHover: (index: number | null) => void;
}) {
  const { width, height, dots, apis, xMax, yMax, xTicks, yTicks, yAxisWidth, labels, language, fmt, onHover } = props;
  const frame = frameOf(width, height, yAxisWidth, xMax, yMax);
  const { area, sx, sy } = frame;
  const money = moneyAxis(fmt, fmt.moneySmall);
  return (
    <PlotSurface width={width} height={height}>
      <Axes frame={frame} xTicks={xTicks} yTicks={yTicks} xText={(v) => fig(language, v)} yText={money} xTitle={labels.x} yTitle={labels.y} />
      <Clipped area={area}>
        {apiLabels(apis, sy).map((a) => (
          <g key={a.id} data-testid="plans-frontier-api">
            <line x1={area.x} x2={area.x + area.width} y1={a.lineY} y2={a.lineY} stroke="var(--series-api)" strokeWidth={1.5} />
            <text x={area.x + area.width - 4} y={a.textY} textAnchor="end" fontSize={AXIS_FONT - 1} fill="var(--series-api)">
              {a.label}
            </text>
          </g>
        ))}
        {dots.map((d) => (
          <circle
            key={d.id}
            cx={sx(d.x)}
            cy={sy(d.y)}
            r={4}
            stroke={COLOUR[d.key]}
            strokeWidth={1.5}
            strokeDasharray={d.key === 'upper' ? '2 2' : undefined}
            fill={d.key === 'upper' ? 'var(--surface)' : COLOUR[d.key]}
            data-testid="plans-frontier-dot"
            data-plan-id={d.id}
          />
        ))}
      </Clipped>
      <HoverTarget area={area} xs={dots.map((d) => sx(d.x))} onHover={onHover} />
    </PlotSurface>
  );
});
