import { useState } from 'react';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { excerpt } from '../../core/text/limits';
import { usageCsvMappingSchema, type UsageCsvMapping } from '../../core/usage/csv';
import type { T } from './messages';

type Column = Exclude<keyof UsageCsvMapping, 'delimiter' | 'time' | 'bucketSeconds'>;
const COLUMNS: readonly Column[] = ['endTime', 'model', 'requests', 'failed', 'status', 'input', 'cached', 'output', 'reasoning', 'costUsd'];

/**
 * The column mapping of a usage CSV whose headers were not recognised: which column holds the
 * time and each figure, and what one row stands for. Validated with the same Zod schema the
 * CLI's `--mapping` file goes through.
 */
export function MappingForm(props: {
  fileName: string;
  headers: readonly string[];
  sample: readonly (readonly string[])[];
  delimiter: ',' | ';' | '\t';
  t: T;
  onApply: (m: UsageCsvMapping) => void;
}) {
  const { fileName, headers, sample, delimiter, t, onApply } = props;
  const [time, setTime] = useState('0');
  const [bucket, setBucket] = useState<'0' | '3600' | '86400'>('3600');
  const [cols, setCols] = useState<Record<Column, string>>(() => Object.fromEntries(COLUMNS.map((c) => [c, ''])) as Record<Column, string>);
  const options = [{ value: '', label: t('map.none') }, ...headers.map((h, i) => ({ value: String(i), label: excerpt(h) || `#${i + 1}` }))];
  const col = (v: string) => (v === '' ? null : Number(v));
  const mapping = {
    delimiter,
    time: Number(time),
    bucketSeconds: Number(bucket),
    ...(Object.fromEntries(COLUMNS.map((c) => [c, col(cols[c])])) as Record<Column, number | null>),
  };
  const valid = usageCsvMappingSchema.safeParse(mapping).success;
  return (
    <form
      className="mt-2 rounded-md border border-border p-3"
      aria-label={t('map.title', { name: fileName })}
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = usageCsvMappingSchema.safeParse(mapping);
        if (parsed.success) onApply(parsed.data);
      }}
    >
      <h3 className="text-sm font-medium">{t('map.title', { name: fileName })}</h3>
      {sample[0] ? <p className="figures mt-1 truncate text-xs text-muted">{t('map.sample', { row: sample[0].join(' | ') })}</p> : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        <SelectField label={t('map.time')} value={time} options={options.slice(1)} onChange={setTime} />
        <SelectField
          label={t('map.bucket')}
          value={bucket}
          options={[
            { value: '0', label: t('map.bucket.0') },
            { value: '3600', label: t('map.bucket.3600') },
            { value: '86400', label: t('map.bucket.86400') },
          ]}
          onChange={setBucket}
        />
        {COLUMNS.map((c) => (
          <SelectField key={c} label={t(`map.${c}`)} value={cols[c]} options={options} onChange={(v) => setCols({ ...cols, [c]: v })} />
        ))}
      </div>
      <Button type="submit" variant="primary" size="sm" className="mt-3" disabled={!valid}>
        {t('map.apply')}
      </Button>
    </form>
  );
}
