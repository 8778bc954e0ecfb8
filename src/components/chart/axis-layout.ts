/**
 * Axis space from the labels actually drawn: tick texts differ by locale and currency
 * ("$300K" vs "300.000 CN¥"), so a fixed axis width cuts some of them and wastes space on
 * others. Text is measured with a canvas in the page's font; without a canvas (tests, server)
 * a conservative estimate per character is used.
 */

/** An axis has a tick line of 6 px and 2 px between it and the tick text (plot.tsx). */
const TICK_LINE = 8;
/** Extra room so anti-aliasing and rounding never touch the chart's edge. */
const SAFETY = 4;
/**
 * Axis space is rounded up to steps of this many px: while a slider moves, the tick texts
 * change with every value, and a chart whose axis width changes lays itself out twice; in
 * steps it changes only now and then.
 */
const STEP = 8;
const stepUp = (px: number) => Math.ceil(px / STEP) * STEP;

let context: CanvasRenderingContext2D | null | undefined;
let family = '';

function measure(): CanvasRenderingContext2D | null {
  if (context !== undefined) return context;
  context = null;
  if (typeof document !== 'undefined') {
    try {
      context = document.createElement('canvas').getContext('2d');
      family = getComputedStyle(document.body).fontFamily || 'sans-serif';
    } catch {
      context = null;
    }
  }
  return context;
}

const cache = new Map<string, number>();

/** Width of a text in px at the given font size (the charts' SVG text uses the page font). */
export function textWidth(text: string, fontSize: number): number {
  const key = `${fontSize}|${text}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const ctx = measure();
  let width: number;
  if (ctx) {
    ctx.font = `${fontSize}px ${family}`;
    width = ctx.measureText(text).width;
  } else width = text.length * fontSize * 0.62;
  if (cache.size > 2000) cache.clear();
  cache.set(key, width);
  return width;
}

export function widestText(texts: readonly string[], fontSize: number): number {
  let max = 0;
  for (const t of texts) max = Math.max(max, textWidth(t, fontSize));
  return Math.ceil(max);
}

/** Band for a rotated axis title: its line height plus a gap to the tick labels. */
export function titleBand(fontSize: number): number {
  return Math.ceil(fontSize * 1.2) + 6;
}

/**
 * Width of a vertical axis whose tick texts end at the tick line: the widest tick, the tick
 * line, and (when it has one) the band of its rotated title on the outside, so the title can
 * never overlap a tick whatever the locale.
 */
export function verticalAxisWidth(ticks: readonly string[], fontSize: number, withTitle: boolean, max = Number.POSITIVE_INFINITY): number {
  const width = stepUp(widestText(ticks, fontSize) + TICK_LINE + SAFETY) + (withTitle ? titleBand(fontSize) : 0);
  return Math.min(max, width);
}

/**
 * Space a horizontal axis needs beyond the plot on one side: the tick at the plot's edge is
 * centred on it, so half of its text sticks out.
 */
export function edgeOverhang(tick: string | undefined, fontSize: number, minimum: number): number {
  if (tick === undefined) return minimum;
  return Math.max(minimum, stepUp(textWidth(tick, fontSize) / 2 + SAFETY));
}

/**
 * Ticks for a horizontal axis that fit its width: the most ticks (up to `maxCount` steps)
 * whose widest label, plus a gap, fits the spacing between them. `make(count)` gives the
 * ticks for about `count` steps. Without a known width (first render) the most ticks.
 */
export function fitTicks(make: (count: number) => number[], format: (v: number) => string, plotWidth: number | null, fontSize: number, maxCount = 4): number[] {
  let ticks = make(maxCount);
  if (plotWidth === null || !(plotWidth > 0)) return ticks;
  for (let count = maxCount; count >= 1; count--) {
    ticks = make(count);
    if (ticks.length <= 2) return ticks;
    const widest = widestText(ticks.map(format), fontSize);
    if (plotWidth / (ticks.length - 1) >= widest + 10) return ticks;
  }
  return ticks;
}
