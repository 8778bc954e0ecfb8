import type { ReactNode } from 'react';

/** A definition list of label → value rows (values already formatted with their units). */
export function FactsList(props: { rows: readonly { label: string; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
      {props.rows.map((r) => (
        <div key={r.label} className="flex justify-between gap-3 border-b border-border/60 py-1">
          <dt className="text-muted">{r.label}</dt>
          <dd className="figures text-right font-medium" data-testid={r.testId}>
            {r.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
