import { useId, useState } from 'react';
import { csvMappingSchema, type CsvMapping, type CsvPreview } from '../../core/benchmarks/csv';
import { excerpt } from '../../core/text/limits';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { useT } from '../../components/use-t';
import { benchmarksMessages } from './messages';

type TimeRole = 'ttft' | 'e2el' | 'tpot';
type ColumnRole = 'inputTokens' | 'outputTokens' | 'status' | 'timestamp' | 'model';
const TIME_ROLES: TimeRole[] = ['ttft', 'e2el', 'tpot'];
const COLUMN_ROLES: ColumnRole[] = ['inputTokens', 'outputTokens', 'status', 'timestamp', 'model'];

function emptyMapping(preview: CsvPreview): CsvMapping {
  return (
    preview.suggested ?? {
      delimiter: preview.delimiter,
      ttft: null,
      e2el: null,
      tpot: null,
      inputTokens: null,
      outputTokens: null,
      status: null,
      timestamp: null,
      model: null,
    }
  );
}

/**
 * The column-mapping step for a CSV of unknown layout: which column holds which figure and in
 * which unit, with the first rows of the file to check against. Cell text is shown as text.
 */
export function MappingDialog(props: { name: string; preview: CsvPreview; onImport: (mapping: CsvMapping) => void; onCancel: () => void }) {
  const { name, preview, onImport, onCancel } = props;
  const t = useT(benchmarksMessages);
  const [mapping, setMapping] = useState<CsvMapping>(() => emptyMapping(preview));
  const [error, setError] = useState<string | null>(null);
  // Prefix of the field ids. The dialog opens on the first field (its first focusable element).
  const fieldId = useId();

  const columns = preview.headers.map((h, i) => ({ value: String(i), label: excerpt(h) || `#${i + 1}` }));
  const select = 'rounded-md border border-border bg-surface px-2 py-1 text-sm';

  function submit() {
    const parsed = csvMappingSchema.safeParse(mapping);
    if (!parsed.success) {
      setError(t('map.needLatency'));
      return;
    }
    onImport(parsed.data);
  }

  return (
    <Dialog
      title={t('map.title', { name })}
      onClose={onCancel}
      placement="top"
      widthClass="max-w-3xl"
      titleClassName="text-base font-semibold break-all"
      className="p-4"
      testId="mapping-dialog"
    >
      <p className="mt-1 text-sm text-muted">{t('map.intro')}</p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {TIME_ROLES.map((role) => {
          const spec = mapping[role];
          return (
            <div key={role} className="flex flex-col gap-1">
              <label className="text-sm font-medium" htmlFor={`${fieldId}-${role}`}>
                {t(`map.role.${role}`)}
              </label>
              <div className="flex gap-2">
                <select
                  id={`${fieldId}-${role}`}
                  className={`${select} min-w-0 flex-1`}
                  value={spec ? String(spec.column) : ''}
                  onChange={(e) =>
                    setMapping((m) => ({ ...m, [role]: e.target.value === '' ? null : { column: Number(e.target.value), unit: m[role]?.unit ?? 'ms' } }))
                  }
                >
                  <option value="">{t('map.none')}</option>
                  {columns.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </select>
                <select
                  aria-label={`${t(`map.role.${role}`)}: ${t('map.unit')}`}
                  className={select}
                  disabled={!spec}
                  value={spec?.unit ?? 'ms'}
                  onChange={(e) =>
                    setMapping((m) => ({
                      ...m,
                      [role]: m[role] ? { ...(m[role] as NonNullable<CsvMapping[TimeRole]>), unit: e.target.value as 'ms' | 's' | 'us' } : null,
                    }))
                  }
                >
                  {(['ms', 's', 'us'] as const).map((u) => (
                    <option key={u} value={u}>
                      {t(`map.unit.${u}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          );
        })}
        {COLUMN_ROLES.map((role) => (
          <div key={role} className="flex flex-col gap-1">
            <label className="text-sm font-medium" htmlFor={`${fieldId}-${role}`}>
              {t(`map.role.${role}`)}
            </label>
            <select
              id={`${fieldId}-${role}`}
              className={select}
              value={mapping[role] === null ? '' : String(mapping[role])}
              onChange={(e) => setMapping((m) => ({ ...m, [role]: e.target.value === '' ? null : Number(e.target.value) }))}
            >
              <option value="">{t('map.none')}</option>
              {columns.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <h3 className="mt-4 text-sm font-semibold">{t('map.preview')}</h3>
      <div className="mt-1 max-h-48 overflow-auto rounded border border-border">
        <table className="figures w-full border-collapse text-xs">
          <thead>
            <tr>
              {preview.headers.map((h, i) => (
                <th key={i} scope="col" className="border-b border-border px-2 py-1 text-left font-medium whitespace-nowrap text-muted">
                  {excerpt(h)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.sample.map((row, r) => (
              <tr key={r}>
                {preview.headers.map((_, c) => (
                  <td key={c} className="border-b border-border/60 px-2 py-1 whitespace-nowrap">
                    {excerpt(row[c] ?? '')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-bad">
          {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel}>{t('map.cancel')}</Button>
        <Button variant="primary" onClick={submit}>
          {t('map.import')}
        </Button>
      </div>
    </Dialog>
  );
}
