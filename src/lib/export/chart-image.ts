/**
 * Turns a chart's live <svg> into a standalone SVG or PNG file. Charts colour themselves with
 * CSS variables, which a file on its own does not have, so every element's computed fill,
 * stroke and font are written into the copy, on the page's background colour.
 */
const STYLE_PROPS = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'fill-opacity', 'stroke-opacity', 'font-family', 'font-size', 'font-weight', 'text-anchor', 'dominant-baseline'] as const;

export interface ExportExtras {
  title?: string;
  /** Vertical markers drawn over the chart as HTML (x in px from the svg's left edge). */
  markers?: { x: number; top: number; bottom: number; label: string }[];
  legend?: { label: string; color: string; dashed: boolean }[];
  textColor?: string;
  mutedColor?: string;
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
 * Legend entries flow left to right and wrap; entries without a swatch (notes) get a row of
 * their own below the swatches.
 */
function layoutLegend(entries: readonly { label: string; color: string; dashed: boolean }[], width: number) {
  const items: { label: string; color: string | null; dashed: boolean; x: number; row: number }[] = [];
  let row = 0;
  let x = 8;
  const swatches = entries.filter((e) => e.color !== 'transparent');
  const notes = entries.filter((e) => e.color === 'transparent');
  for (const e of swatches) {
    const w = 24 + labelWidth(e.label) + 18;
    if (x > 8 && x + w > width - 8) {
      row += 1;
      x = 8;
    }
    items.push({ label: e.label, color: e.color, dashed: e.dashed, x, row });
    x += w;
  }
  let rows = swatches.length > 0 ? row + 1 : 0;
  for (const n of notes) {
    items.push({ label: n.label, color: null, dashed: false, x: 8, row: rows });
    rows += 1;
  }
  return { items, rows };
}

export function standaloneSvg(svg: SVGSVGElement, background: string, extras: ExportExtras = {}): { text: string; width: number; height: number } {
  const rect = svg.getBoundingClientRect();
  const width = Math.max(1, Math.round(rect.width));
  const chartHeight = Math.max(1, Math.round(rect.height));
  const top = extras.title ? TITLE_BAND : 0;
  const legend = layoutLegend(extras.legend ?? [], width);
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
  // The chart goes into a group shifted below the title; markers and legend are added as SVG.
  const root = svgEl('svg', { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` }) as SVGSVGElement;
  root.appendChild(svgEl('rect', { width: '100%', height: '100%', fill: background }));
  const text = extras.textColor ?? '#111827';
  const muted = extras.mutedColor ?? '#4b5563';
  const font = 'system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif';
  if (extras.title) root.appendChild(svgEl('text', { x: 8, y: 19, fill: text, 'font-family': font, 'font-size': 14, 'font-weight': 600 }, extras.title));
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
    group.appendChild(svgEl('text', { x: anchor === 'end' ? m.x - 4 : m.x + 4, y: m.top + 12 + i * 14, fill: text, 'font-family': font, 'font-size': 11, 'font-weight': 600, 'text-anchor': anchor }, m.label));
  }
  root.appendChild(group);
  for (const item of legend.items) {
    const y = top + chartHeight + 8 + item.row * LEGEND_ROW + 10;
    if (item.color !== null) {
      root.appendChild(svgEl('line', { x1: item.x, x2: item.x + 18, y1: y - 4, y2: y - 4, stroke: item.color, 'stroke-width': 3, ...(item.dashed ? { 'stroke-dasharray': '4 3' } : {}) }));
    }
    root.appendChild(svgEl('text', { x: item.color === null ? item.x : item.x + 24, y, fill: muted, 'font-family': font, 'font-size': 11 }, item.label));
  }
  return { text: new XMLSerializer().serializeToString(root), width, height };
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
