import { useId, useState, type ReactNode } from 'react';
import { componentMessages } from '../../components/messages';
import { useT } from '../../components/use-t';

/**
 * A chart built for presenting: the drawing is one image with a spoken summary, and the same
 * numbers are one click away as a table (for screen readers, copying and checking).
 */
export function ChartFrame(props: {
  title: string;
  summary: string;
  table: { head: readonly string[]; rows: readonly (readonly string[])[] };
  children: ReactNode;
  height: number;
  testId?: string;
  footer?: ReactNode;
}) {
  const { title, summary, table, children, height, testId, footer } = props;
  const t = useT(componentMessages);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <figure className="m-0 flex min-w-0 flex-col gap-2" data-testid={testId}>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="text-sm font-semibold">{title}</span>
        <button
          type="button"
          className="text-xs text-accent underline-offset-2 hover:underline"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? t('hideTable') : t('showTable')}
        </button>
      </figcaption>
      <div role="img" aria-label={summary} style={{ height }} className="w-full min-w-0">
        {children}
      </div>
      {footer}
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
