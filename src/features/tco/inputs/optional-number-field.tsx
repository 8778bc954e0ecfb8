import { useId, useState } from 'react';
import { componentMessages } from '../../../components/messages';
import { useLanguage, useT } from '../../../components/use-t';
import { formatNumber } from '../../../lib/format/format';
import { parseLocaleNumber } from '../../../lib/format/parse';

/**
 * A number that may be left empty (null = "none", e.g. no rate limit). Reads the user's locale
 * and validates at the field like the number field: an empty box commits null, a valid number
 * commits it, anything else shows what is wrong and keeps the last valid value in effect.
 */
export function OptionalNumberField(props: {
  label: string;
  value: number | null;
  onCommit: (value: number | null) => void;
  unit: string;
  placeholder: string;
  min: number;
  max: number;
  help?: string;
  testId?: string;
}) {
  const { label, value, onCommit, unit, placeholder, min, max, help, testId } = props;
  const language = useLanguage();
  const t = useT(componentMessages);
  const id = useId();
  const formatted = value === null ? '' : formatNumber(language, value, 0);
  const [draft, setDraft] = useState<{ text: string; error: string | null } | null>(null);
  const text = draft?.text ?? formatted;
  const error = draft?.error ?? null;

  function onText(raw: string) {
    if (raw.trim() === '') {
      setDraft({ text: raw, error: null });
      if (value !== null) onCommit(null);
      return;
    }
    const n = parseLocaleNumber(language, raw);
    let message: string | null = null;
    if (n === null) message = t('notANumber');
    else if (n < min) message = t('atLeast', { min: `${formatNumber(language, min, decimalsOf(min))} ${unit}` });
    else if (n > max) message = t('atMost', { max: `${formatNumber(language, max, 0)} ${unit}` });
    setDraft({ text: raw, error: message });
    if (message === null && n !== null && n !== value) onCommit(n);
  }

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <label htmlFor={id} className="text-sm font-medium text-text">
        {label}
      </label>
      <div className={`flex min-w-0 items-center rounded-md border bg-surface ${error ? 'border-bad' : 'border-border'} focus-within:border-accent`}>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholder}
          className="figures w-full min-w-0 bg-transparent px-2 py-1.5 text-right text-sm outline-none placeholder:text-muted"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined}
          onChange={(e) => onText(e.target.value)}
          onBlur={() => {
            if (!error) setDraft(null);
          }}
        />
        <span className="shrink-0 pr-2 text-xs text-muted">{unit}</span>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-bad">
          {error}
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className="text-xs text-muted">
          {help}
        </p>
      ) : null}
    </div>
  );
}

/** The decimals a bound needs to be shown as it is: 0.001 ms, not "0 ms" (which is refused). */
function decimalsOf(x: number): number {
  let d = 0;
  while (d < 6 && Number(x.toFixed(d)) !== x) d++;
  return d;
}
