/**
 * Geometry of the light SVG charts (plot.tsx): the plot area inside a chart's box, linear and
 * band scales, and path strings for lines, step areas and bars. Pure functions of numbers:
 * the charts compute their ticks, axis widths and margins themselves (axis-layout.ts, ticks.ts),
 * so what is left to draw is a handful of elements whose coordinates come from here.
 */

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** A rectangle in the chart's pixel space, y down. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The plot area of a `width` × `height` chart: inside the margins, right of the left axis
 * (`leftAxis` px wide) and above the bottom axis (`bottomAxis` px high). Never negative.
 */
export function plotArea(width: number, height: number, margin: Margin, leftAxis: number, bottomAxis: number): Area {
  const x = margin.left + leftAxis;
  const y = margin.top;
  return { x, y, width: Math.max(0, width - x - margin.right), height: Math.max(0, height - y - margin.bottom - bottomAxis) };
}

export type Scale = (value: number) => number;

/**
 * Maps [d0, d1] onto [r0, r1] linearly (values outside extrapolate). An empty domain maps
 * every value to the middle of the range.
 */
export function linearScale(d0: number, d1: number, r0: number, r1: number): Scale {
  const span = d1 - d0;
  if (span === 0 || !Number.isFinite(span)) {
    const mid = (r0 + r1) / 2;
    return () => mid;
  }
  const k = (r1 - r0) / span;
  return (v) => r0 + (v - d0) * k;
}

/**
 * Bands of `count` equal categories over [start, start + length], each with a bar centred in it:
 * `gap` of the band left free on each side (a share), or a fixed bar `size` in px.
 */
export function bands(count: number, start: number, length: number, bar: { gap: number } | { size: number }) {
  const band = count > 0 ? length / count : 0;
  const thickness = 'size' in bar ? Math.min(bar.size, band) : Math.max(0, band * (1 - 2 * bar.gap));
  return {
    band,
    thickness,
    centre: (i: number) => start + band * (i + 0.5),
    /** The bar's top edge (or left edge on a vertical category axis). */
    offset: (i: number) => start + band * (i + 0.5) - thickness / 2,
  };
}

/** One decimal is below a pixel's tenth: enough for a crisp line, short strings. */
const r = (v: number) => Math.round(v * 10) / 10;

/**
 * A polyline through the points; a null value breaks the line (no segment across it), as a
 * series without a value there has none.
 */
export function linePath(points: readonly { x: number; y: number | null }[], sx: Scale, sy: Scale): string {
  let d = '';
  let open = false;
  for (const p of points) {
    if (p.y === null || !Number.isFinite(p.y)) {
      open = false;
      continue;
    }
    d += `${open ? 'L' : 'M'}${r(sx(p.x))},${r(sy(p.y))}`;
    open = true;
  }
  return d;
}

/**
 * The area between two step functions that hold each value until the next point ("step after"):
 * `upper` on top, `lower` below (0 for an area on the axis). Both are read at the same xs.
 */
export function stepAreaPath(xs: readonly number[], lower: readonly number[], upper: readonly number[], sx: Scale, sy: Scale): string {
  const n = xs.length;
  if (n === 0) return '';
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = r(sx(xs[i] as number));
    const y = r(sy(upper[i] as number));
    d += i === 0 ? `M${x},${y}` : `H${x}V${y}`;
  }
  // Back along the lower function: over [x_i, x_i+1] it holds lower_i.
  d += `V${r(sy(lower[n - 1] as number))}`;
  for (let i = n - 2; i >= 0; i--) d += `V${r(sy(lower[i] as number))}H${r(sx(xs[i] as number))}`;
  return `${d}Z`;
}

/** A bar from value `from` to `to` on the value scale, as an x/width pair (either order). */
export function span(from: number, to: number, scale: Scale): { start: number; size: number } {
  const a = scale(from);
  const b = scale(to);
  return { start: Math.min(a, b), size: Math.abs(b - a) };
}
