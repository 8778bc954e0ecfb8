import { useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { toCsv } from '../core/export/csv';
import { standaloneSvg, svgToPngBlob } from '../lib/export/chart-image';
import { exportLegend, legendItems, type ChartConfig, type LegendItem } from './chart-config';
import { downloadBlob, downloadText, fileSlug } from '../lib/export/download';
import { componentMessages } from './messages';
import { PartBoundary } from './part-boundary';
import { useT } from './use-t';

export interface ChartTable {
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

function swatchStyle(item: LegendItem): CSSProperties {
  switch (item.swatch) {
    case 'line':
      return { background: item.colour };
    case 'dashed':
      return { borderColor: item.colour };
    case 'block':
      return { background: item.colour };
    case 'hatched':
      return { background: `repeating-linear-gradient(45deg, ${item.colour} 0 2px, transparent 2px 5px)`, boxShadow: `inset 0 0 0 1px ${item.colour}` };
  }
}

const SWATCH_CLASS: Record<LegendItem['swatch'], string> = {
  line: 'inline-block h-0.5 w-5',
  dashed: 'inline-block h-0 w-5 border-t-2 border-dashed',
  block: 'inline-block h-2.5 w-2.5 rounded-sm',
  hatched: 'inline-block h-2.5 w-2.5 rounded-sm',
};

/**
 * The legend under a chart, from its config: one swatch per series and reference line, then
 * the notes. Hidden from screen readers: the summary and the data table say the same.
 */
export function ChartLegend(props: { config: ChartConfig }) {
  const { config } = props;
  const items = legendItems(config);
  const notes = config.notes ?? [];
  if (items.length === 0 && notes.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden data-chart-legend>
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <span className={SWATCH_CLASS[item.swatch]} style={swatchStyle(item)} />
          {item.label}
          {item.detail !== undefined ? <span className="figures text-muted">{item.detail}</span> : null}
        </li>
      ))}
      {notes.map((n, i) => (
        <li key={`note-${i}`} className={n.tone === 'warn' ? 'text-warn' : 'text-muted'}>
          {n.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * A chart built for presenting: one image with a spoken summary, the same numbers one click
 * away as a table (screen readers, copying, checking), and downloads of the chart as PNG or SVG
 * and of its numbers as spreadsheet-safe CSV. With a `config` the frame draws the legend from
 * it, below the chart and above the `footer`, and the PNG/SVG files carry the same legend.
 */
export function ChartFrame(props: {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
  height: number;
  testId?: string;
  /** The chart's series: legend on the page and in the image files. */
  config?: ChartConfig;
  /**
   * `below` (default): the frame draws the config's legend under the chart. `outside`: the
   * chart shows its legend itself (with help buttons, or beside the chart) or needs none on
   * the page; the PNG/SVG files still carry the config's legend.
   */
  legend?: 'below' | 'outside';
  footer?: ReactNode;
  /** Raw numbers for the CSV (defaults to the displayed table). */
  csv?: ChartTable;
}) {
  const { title, summary, table, children, height, testId, config, legend = 'below', footer, csv } = props;
  const t = useT(componentMessages);
  const [showTable, setShowTable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tableId = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const name = fileSlug(title, 'chart');

  function svgOf(): ReturnType<typeof standaloneSvg> | null {
    const svg = chartRef.current?.querySelector('svg');
    if (!svg) return null;
    const css = getComputedStyle(document.documentElement);
    const bg = css.getPropertyValue('--surface').trim() || '#ffffff';
    const box = svg.getBoundingClientRect();
    // Markers drawn as HTML over the chart (data-export-label) become SVG lines in the file.
    const markers = Array.from(chartRef.current?.querySelectorAll<HTMLElement>('[data-export-label]') ?? []).map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left - box.left, top: r.top - box.top, bottom: r.bottom - box.top, label: el.dataset.exportLabel ?? '' };
    });
    return standaloneSvg(svg, bg, {
      title,
      markers,
      ...(config ? { legend: exportLegend(config) } : {}),
      textColor: css.getPropertyValue('--text').trim(),
      mutedColor: css.getPropertyValue('--muted').trim(),
    });
  }

  async function exportImage(kind: 'png' | 'svg') {
    setError(null);
    const svg = svgOf();
    if (!svg) return;
    try {
      if (kind === 'svg') downloadText(svg.text, `${name}.svg`, 'image/svg+xml');
      else downloadBlob(await svgToPngBlob(svg.text, svg.width, svg.height), `${name}.png`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  const data = csv ?? table;
  const btn = 'text-xs text-accent underline-offset-2 hover:underline';
  return (
    <figure className="m-0 flex min-w-0 flex-col gap-2" data-testid={testId}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{title}</span>
        <span className="no-print flex flex-wrap gap-3">
          <button type="button" className={btn} aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
            {showTable ? t('hideTable') : t('showTable')}
          </button>
          <button type="button" className={btn} onClick={() => void exportImage('png')} aria-label={`${title}: PNG`}>
            PNG
          </button>
          <button type="button" className={btn} onClick={() => void exportImage('svg')} aria-label={`${title}: SVG`}>
            SVG
          </button>
          <button
            type="button"
            className={btn}
            aria-label={`${title}: CSV`}
            onClick={() => downloadText(toCsv(data.head, data.rows), `${name}.csv`, 'text/csv;charset=utf-8')}
          >
            CSV
          </button>
        </span>
      </figcaption>
      <div ref={chartRef} role="img" aria-label={summary} style={{ height }} className="w-full min-w-0">
        <PartBoundary kind="chart">{children}</PartBoundary>
      </div>
      {config && legend === 'below' ? <ChartLegend config={config} /> : null}
      {footer ? <div>{footer}</div> : null}
      {error ? (
        <p role="alert" className="text-xs text-bad">
          {error}
        </p>
      ) : null}
      {showTable ? (
        <div className="overflow-x-auto" id={tableId}>
          <table className="figures w-full border-collapse text-xs">
            <thead>
              <tr>
                {table.head.map((h) => (
                  <th key={h} scope="col" className="border-b border-border px-2 py-1 text-left font-medium text-muted">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, i) => (
                <tr key={i}>
                  {row.map((cell, j) => (
                    <td key={j} className="border-b border-border/60 px-2 py-1">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </figure>
  );
}
