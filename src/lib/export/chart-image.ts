/**
 * Turns a chart's live <svg> into a standalone SVG or PNG file. Charts colour themselves with
 * CSS variables, which a file on its own does not have, so every element's computed fill,
 * stroke and font are written into the copy, on the page's background colour. The legend is
 * drawn from the chart's own description of its series (`ExportLegend`, made by the chart
 * config's `exportLegend`), its theme colours resolved here; nothing is read back from the
 * legend shown on the page.
 */
const STYLE_PROPS = [
  'fill',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
] as const;

export interface ExportExtras {
  title?: string;
  /** Vertical markers drawn over the chart as HTML (x in px from the svg's left edge). */
  markers?: { x: number; top: number; bottom: number; label: string }[];
  legend?: ExportLegend;
  textColor?: string;
  mutedColor?: string;
}

/** Legend entries with a swatch (colour a CSS colour or a theme variable) and notes without. */
export interface ExportLegend {
  items: readonly { label: string; colour: string; swatch: 'line' | 'dashed' | 'block' | 'hatched'; dash?: string }[];
  notes: readonly string[];
}

type Item = ExportLegend['items'][number];

/** `var(--series-api)` → the variable's value on the page's root; other colours as they are. */
export function resolveColour(colour: string, lookup: (name: string) => string): string {
  const m = /^var\((--[\w-]+)\)$/.exec(colour.trim());
  if (!m?.[1]) return colour;
  return lookup(m[1]).trim() || colour;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const TITLE_BAND = 28;
const LEGEND_ROW = 20;

function svgEl(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/** Approximate width of a label at 11 px (average glyph ~6.2 px): enough to keep items apart. */
function labelWidth(label: string): number {
  return label.length * 6.2;
}

/**
 * Legend entries flow left to right and wrap; notes (no swatch) get a row of their own below
 * the swatches.
 */
function layoutLegend(legend: ExportLegend, width: number) {
  const items: { item: Item; x: number; row: number }[] = [];
  const notes: { label: string; row: number }[] = [];
  let row = 0;
  let x = 8;
  for (const e of legend.items) {
    const w = 24 + labelWidth(e.label) + 18;
    if (x > 8 && x + w > width - 8) {
      row += 1;
      x = 8;
    }
    items.push({ item: e, x, row });
    x += w;
  }
  let rows = legend.items.length > 0 ? row + 1 : 0;
  for (const n of legend.notes) {
    notes.push({ label: n, row: rows });
    rows += 1;
  }
  return { items, notes, rows };
}

/** The swatch of one legend entry, 18 px wide, its middle at (x + 9, y). */
function swatchEl(item: Item, x: number, y: number): SVGElement {
  const colour = item.colour;
  switch (item.swatch) {
    case 'block':
      return svgEl('rect', { x: x + 4, y: y - 5, width: 10, height: 10, rx: 2, fill: colour });
    case 'hatched': {
      // Diagonal stripes in an outline, as on the page (a pale tint vanishes on dark paper).
      const g = svgEl('g', {});
      g.appendChild(svgEl('rect', { x: x + 4, y: y - 5, width: 10, height: 10, fill: 'none', stroke: colour, 'stroke-width': 1 }));
      g.appendChild(
        svgEl('path', {
          d: `M ${x + 4} ${y} L ${x + 9} ${y - 5} M ${x + 4} ${y + 5} L ${x + 14} ${y - 5} M ${x + 9} ${y + 5} L ${x + 14} ${y}`,
          stroke: colour,
          'stroke-width': 2,
        }),
      );
      return g;
    }
    case 'dashed':
      return svgEl('line', { x1: x, x2: x + 18, y1: y, y2: y, stroke: colour, 'stroke-width': 3, 'stroke-dasharray': item.dash ?? '4 3' });
    case 'line':
      return svgEl('line', { x1: x, x2: x + 18, y1: y, y2: y, stroke: colour, 'stroke-width': 3 });
  }
}

export function standaloneSvg(svg: SVGSVGElement, background: string, extras: ExportExtras = {}): { text: string; width: number; height: number } {
  const rect = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width));
  const chartHeight = Math.max(1, Math.round(rect.height));
  const top = extras.title ? TITLE_BAND : 0;
  const root = document.documentElement;
  const lookup = (name: string) => getComputedStyle(root).getPropertyValue(name);
  const legend = layoutLegend(extras.legend ?? { items: [], notes: [] }, width);
  const height = top + chartHeight + (legend.rows > 0 ? legend.rows * LEGEND_ROW + 8 : 0);
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const originals = [svg, ...Array.from(svg.querySelectorAll('*'))];
  const copies = [clone, ...Array.from(clone.querySelectorAll('*'))];
  originals.forEach((orig, i) => {
    const copy = copies[i];
    if (!copy) return;
    const cs = getComputedStyle(orig);
    for (const prop of STYLE_PROPS) {
      const value = cs.getPropertyValue(prop);
      if (value && value !== 'normal') copy.setAttribute(prop, value);
    }
    copy.removeAttribute('class');
    copy.removeAttribute('style');
  });
  // Parts drawn for print only (the markers, which the file gets from `markers` below) stay out.
  for (const el of Array.from(clone.querySelectorAll('[data-print-marks]'))) el.remove();
  // The chart goes into a group shifted below the title; markers and legend are added as SVG.
  const file = svgEl('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` }) as SVGSVGElement;
  file.appendChild(svgEl('rect', { width: '100%', height: '100%', fill: background }));
  const text = extras.textColor ?? '#111827';
  const muted = extras.mutedColor ?? '#4b5563';
  const font = 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';
  if (extras.title) file.appendChild(svgEl('text', { x: 8, y: 19, fill: text, 'font-family': font, 'font-size': 14, 'font-weight': 600 }, extras.title));
  const group = svgEl('g', { transform: `translate(0 ${top})` });
  clone.removeAttribute('width');
  clone.removeAttribute('height');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(chartHeight));
  group.appendChild(clone);
  for (const [i, m] of (extras.markers ?? []).entries()) {
    group.appendChild(svgEl('line', { x1: m.x, x2: m.x, y1: m.top, y2: m.bottom, stroke: text, 'stroke-width': 1.5, 'stroke-dasharray': '4 3' }));
    const anchor = m.x > width * 0.6 ? 'end' : 'start';
    // One label row per marker, so two markers close together do not write over each other.
    group.appendChild(
      svgEl(
        'text',
        {
          x: anchor === 'end' ? m.x - 4 : m.x + 4,
          y: m.top + 12 + i * 14,
          fill: text,
          'font-family': font,
          'font-size': 11,
          'font-weight': 600,
          'text-anchor': anchor,
        },
        m.label,
      ),
    );
  }
  file.appendChild(group);
  const rowY = (row: number) => top + chartHeight + 8 + row * LEGEND_ROW + 10;
  for (const { item, x, row } of legend.items) {
    const y = rowY(row);
    file.appendChild(swatchEl({ ...item, colour: resolveColour(item.colour, lookup) }, x, y - 4));
    file.appendChild(svgEl('text', { x: x + 24, y, fill: muted, 'font-family': font, 'font-size': 11 }, item.label));
  }
  for (const note of legend.notes) file.appendChild(svgEl('text', { x: 8, y: rowY(note.row), fill: muted, 'font-family': font, 'font-size': 11 }, note.label));
  return { text: new XMLSerializer().serializeToString(file), width, height };
}

export function svgToPngBlob(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
    const img = new Image();
    img.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = width * scale;
      canvas.height = height * scale;
      const ctx = canvas.getContext('2d');
      if (!ctx) {
        URL.revokeObjectURL(url);
        reject(new Error('Canvas is not available'));
        return;
      }
      ctx.scale(scale, scale);
      ctx.drawImage(img, 0, 0, width, height);
      URL.revokeObjectURL(url);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png');
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('The chart could not be drawn as an image'));
    };
    img.src = url;
  });
}
