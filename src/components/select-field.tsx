import { useId, type ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export function SelectField<V extends string>(props: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  badge?: ReactNode;
  help?: string;
  testId?: string;
}) {
  const id = useId();
  const { label, value, options, onChange, badge, help, testId } = props;
  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {badge}
      </div>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className="w-full min-w-0 rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {help ? <p className="text-xs text-muted">{help}</p> : null}
    </div>
  );
}
