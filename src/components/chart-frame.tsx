import { useId, useRef, useState, type ReactNode } from 'react';
import { toCsv } from '../core/export/csv';
import { standaloneSvg, svgToPngBlob } from '../lib/export/chart-image';
import { downloadBlob, downloadText, fileSlug } from '../lib/export/download';
import { componentMessages } from './messages';
import { useT } from './use-t';

export interface ChartTable {
  head: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/**
 * A chart built for presenting: one image with a spoken summary, the same numbers one click
 * away as a table (screen readers, copying, checking), and downloads of the chart as PNG or SVG
 * and of its numbers as spreadsheet-safe CSV.
 */
export function ChartFrame(props: {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
  height: number;
  testId?: string;
  footer?: ReactNode;
  /** Raw numbers for the CSV (defaults to the displayed table). */
  csv?: ChartTable;
}) {
  const { title, summary, table, children, height, testId, footer, csv } = props;
  const t = useT(componentMessages);
  const [showTable, setShowTable] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tableId = useId();
  const chartRef = useRef<HTMLDivElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
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
    // The legend below the chart: each list item's text and the colour of its swatch.
    const legend = Array.from(footerRef.current?.querySelectorAll('li') ?? []).flatMap((li) => {
      const swatch = li.querySelector('span');
      const label = li.textContent?.trim() ?? '';
      if (!label) return [];
      if (!swatch) return [{ label, color: 'transparent', dashed: false }];
      const sc = getComputedStyle(swatch);
      const solid = sc.backgroundColor && sc.backgroundColor !== 'rgba(0, 0, 0, 0)' ? sc.backgroundColor : null;
      return [{ label, color: solid ?? sc.borderTopColor, dashed: sc.borderTopStyle === 'dashed' }];
    });
    return standaloneSvg(svg, bg, { title, markers, legend, textColor: css.getPropertyValue('--text').trim(), mutedColor: css.getPropertyValue('--muted').trim() });
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
        {children}
      </div>
      {footer ? <div ref={footerRef}>{footer}</div> : null}
      {error ? <p role="alert" className="text-xs text-bad">{error}</p> : null}
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
