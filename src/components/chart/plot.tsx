import { memo, useId, type ReactNode } from 'react';
import { titleBand } from './axis-layout';
import type { Area } from './geometry';

/**
 * Parts of a light SVG chart: the surface, grid lines, a bottom and a left axis, a clip to the
 * plot area. Every coordinate is given (geometry.ts turns values into pixels), so a redraw is a
 * few dozen elements compared by React, with no layout pass or store of its own, so a chart
 * that follows a dragged slider redraws within a frame (docs/charts.md has the figures that
 * chose this renderer per chart). Tick lines of 6 px, tick texts 2 px beyond them, axis titles
 * in the chart's margin.
 */

export interface Tick {
  /** Position on the axis in px. */
  at: number;
  text: string;
}

const TICK_LINE = 6;
const TICK_GAP = 2;

/**
 * The chart's `<svg>`, drawn at the measured width of its box; `data-plot` marks it for the
 * tests. At most as wide as the box (`max-w-full`), so a drawing made for a wider window never
 * holds the page wide: when the window narrows it scales down until the box is measured again.
 */
export function PlotSurface(props: { width: number; height: number; children: ReactNode }) {
  const { width, height, children } = props;
  return (
    <svg className="plot-surface block max-w-full" data-plot="" width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
      {children}
    </svg>
  );
}

/** Grid lines across the plot area at the given x and y positions (px). */
export function Grid(props: { area: Area; xs?: readonly number[]; ys?: readonly number[] }) {
  const { area, xs = [], ys = [] } = props;
  return (
    <g className="plot-grid" stroke="var(--grid)" fill="none">
      {ys.map((y, i) => (
        <line key={`h${i}`} x1={area.x} x2={area.x + area.width} y1={y} y2={y} />
      ))}
      {xs.map((x, i) => (
        <line key={`v${i}`} x1={x} x2={x} y1={area.y} y2={area.y + area.height} />
      ))}
    </g>
  );
}

/**
 * The axis under the plot: its line, tick lines, tick texts and (optionally) a title centred
 * under it, its baseline `title.below` px under the axis line.
 */
export function BottomAxis(props: { area: Area; ticks: readonly Tick[]; fontSize: number; title?: { text: string; below: number } }) {
  const { area, ticks, fontSize, title } = props;
  const y = area.y + area.height;
  return (
    <g className="plot-x-axis" fontSize={fontSize}>
      <line x1={area.x} x2={area.x + area.width} y1={y} y2={y} stroke="var(--muted)" />
      <g className="plot-x-ticks" fill="var(--muted)" textAnchor="middle">
        {ticks.map((t, i) => (
          <g key={i}>
            <line x1={t.at} x2={t.at} y1={y} y2={y + TICK_LINE} stroke="var(--muted)" />
            <text x={t.at} y={y + TICK_LINE + TICK_GAP} dy="0.71em">
              {t.text}
            </text>
          </g>
        ))}
      </g>
      {title ? (
        <text x={area.x + area.width / 2} y={y + title.below} textAnchor="middle" fill="var(--muted)">
          {title.text}
        </text>
      ) : null}
    </g>
  );
}

/** The axis left of the plot: its line, tick lines and tick texts ending at the tick line. */
export function LeftAxis(props: { area: Area; ticks: readonly Tick[]; fontSize: number; tickLines?: boolean }) {
  const { area, ticks, fontSize, tickLines = true } = props;
  const x = area.x;
  return (
    <g className="plot-y-axis" fontSize={fontSize}>
      <line x1={x} x2={x} y1={area.y} y2={area.y + area.height} stroke="var(--muted)" />
      <g className="plot-y-ticks" fill="var(--muted)" textAnchor="end">
        {ticks.map((t, i) => (
          <g key={i}>
            {tickLines ? <line x1={x - TICK_LINE} x2={x} y1={t.at} y2={t.at} stroke="var(--muted)" /> : null}
            <text x={x - TICK_LINE - TICK_GAP} y={t.at} dy="0.355em">
              {t.text}
            </text>
          </g>
        ))}
      </g>
    </g>
  );
}

/**
 * Clips its children to the plot area (lines that leave a capped axis end at its edge). The
 * clip's id is unique per chart, so several charts on a page never share one.
 */
export function Clipped(props: { area: Area; children: ReactNode }) {
  const id = `plot-clip-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const { area } = props;
  return (
    <>
      <defs>
        <clipPath id={id}>
          <rect x={area.x} y={area.y} width={area.width} height={area.height} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id})`}>{props.children}</g>
    </>
  );
}

/**
 * A vertical reference line across the plot at `x` with an optional label at its top, inside
 * the plot on the given side or centred above it.
 */
export function VerticalRule(props: {
  area: Area;
  x: number;
  stroke?: string;
  strokeWidth?: number;
  dash?: string;
  label?: { text: string; place: 'inside-left' | 'inside-right' | 'above'; fontSize: number; fontWeight?: number };
}) {
  const { area, x, stroke = 'var(--text)', strokeWidth = 1, dash, label } = props;
  if (!(x >= area.x - 0.5 && x <= area.x + area.width + 0.5)) return null;
  return (
    <g className="plot-rule">
      <line x1={x} x2={x} y1={area.y} y2={area.y + area.height} stroke={stroke} strokeWidth={strokeWidth} strokeDasharray={dash} />
      {label ? (
        label.place === 'above' ? (
          <text x={x} y={area.y - 5} textAnchor="middle" fill="var(--text)" fontSize={label.fontSize} fontWeight={label.fontWeight}>
            {label.text}
          </text>
        ) : (
          <text
            x={label.place === 'inside-left' ? x - 5 : x + 5}
            y={area.y + 5}
            dy="0.71em"
            textAnchor={label.place === 'inside-left' ? 'end' : 'start'}
            fill="var(--text)"
            fontSize={label.fontSize}
            fontWeight={label.fontWeight}
          >
            {label.text}
          </text>
        )
      ) : null}
    </g>
  );
}

/** What the hover read-out says about a point: a title and one line per series. */
export interface TipContent {
  title: string;
  lines: readonly { text: string; colour?: string }[];
}

/**
 * A transparent layer over the plot area that reports which point (by x, the nearest of `xs`,
 * in px) the pointer is over, and null when it leaves. Nothing is drawn for it until then.
 */
export function HoverTarget(props: { area: Area; xs: readonly number[]; onHover: (index: number | null) => void }) {
  const { area, xs, onHover } = props;
  return (
    <rect
      x={area.x}
      y={area.y}
      width={area.width}
      height={area.height}
      fill="transparent"
      data-hover-target=""
      onPointerMove={(e) => {
        const svg = e.currentTarget.ownerSVGElement;
        if (!svg || xs.length === 0) return;
        const px = e.clientX - svg.getBoundingClientRect().left;
        let best = 0;
        for (let i = 1; i < xs.length; i++) if (Math.abs((xs[i] as number) - px) < Math.abs((xs[best] as number) - px)) best = i;
        onHover(best);
      }}
      onPointerLeave={() => onHover(null)}
    />
  );
}

/**
 * The read-out of the hovered point: a cursor line across the plot at `x` and a box beside it
 * (on the side with more room), both HTML over the chart, so they are not part of the image
 * files. Mounted only while the pointer is over the plot.
 */
export function HoverTip(props: { area: Area; x: number; chartWidth: number; content: TipContent }) {
  const { area, x, chartWidth, content } = props;
  const right = x < chartWidth / 2;
  // As wide as the room on its side allows; longer lines wrap.
  const room = Math.max(120, (right ? chartWidth - x : x) - 14);
  return (
    <>
      <div className="pointer-events-none absolute border-l border-border" style={{ left: x, top: area.y, height: area.height }} aria-hidden />
      <div
        className="pointer-events-none absolute z-10 rounded border border-border bg-surface px-2 py-1 text-xs text-text shadow-sm"
        style={right ? { left: x + 10, top: area.y + 8, maxWidth: room } : { right: chartWidth - x + 10, top: area.y + 8, maxWidth: room }}
        data-testid="chart-tip"
        aria-hidden
      >
        <p>{content.title}</p>
        {content.lines.map((l, i) => (
          <p key={i} className="figures" style={l.colour ? { color: l.colour } : undefined}>
            {l.text}
          </p>
        ))}
      </div>
    </>
  );
}

/**
 * The title of the left value axis, rotated, centred on the plot's height in its own band at
 * the chart's left edge (`left` = the chart's left margin). The axis width includes that band
 * (verticalAxisWidth with a title), so the title never overlaps the tick labels.
 */
export const YAxisTitle = memo(function YAxisTitle(props: { area: Area; text: string; left: number; fontSize: number }) {
  const { area } = props;
  const x = props.left + titleBand(props.fontSize) / 2 - 2;
  const y = area.y + area.height / 2;
  return (
    <text
      x={x}
      y={y}
      transform={`rotate(-90 ${x} ${y})`}
      textAnchor="middle"
      dominantBaseline="central"
      fill="var(--muted)"
      fontSize={props.fontSize}
      data-testid="y-axis-title"
    >
      {props.text}
    </text>
  );
});
