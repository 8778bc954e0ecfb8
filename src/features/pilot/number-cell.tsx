import { useId, useState } from 'react';
import type { Language } from '../../core/scenario/schema';
import { formatNumber } from '../../lib/format/format';
import { parseLocaleNumber } from '../../lib/format/parse';

export interface NumberCellProps {
  value: number | null;
  /** Called with the stored value (display value ÷ scale), or null for an emptied cell. */
  onCommit: (value: number | null) => void;
  /** Checks a candidate stored value; returns the message to show at the field, or null. */
  validate: (value: number | null, shown: number | null) => string | null;
  parseError: string;
  language: Language;
  ariaLabel: string;
  scale?: number;
  digits?: number;
  highlight?: boolean;
  title?: string;
  testId?: string;
  className?: string;
}

/**
 * A compact number input for a value that may be "not measured": an empty cell stores null.
 * Only valid values are stored; while the text is invalid the message stays at the field and
 * the last valid value remains in effect.
 */
export function NumberCell(props: NumberCellProps) {
  const { value, onCommit, validate, parseError, language, ariaLabel, scale = 1, digits = 2, highlight, title, testId, className } = props;
  const id = useId();
  const formatted = value === null ? '' : formatNumber(language, value * scale, digits);
  const [draft, setDraft] = useState<{ text: string; error: string | null } | null>(null);
  const text = draft?.text ?? formatted;
  const error = draft?.error ?? null;

  function onText(raw: string) {
    if (raw.trim() === '') {
      const problem = validate(null, null);
      setDraft({ text: raw, error: problem });
      if (!problem && value !== null) onCommit(null);
      return;
    }
    const shown = parseLocaleNumber(language, raw);
    if (shown === null) {
      setDraft({ text: raw, error: parseError });
      return;
    }
    const stored = shown / scale;
    const problem = validate(stored, shown);
    setDraft({ text: raw, error: problem });
    if (!problem && stored !== value) onCommit(stored);
  }

  return (
    <div className={`relative ${className ?? ''}`}>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={ariaLabel}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        title={title}
        data-testid={testId}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onFocus={() => setDraft({ text: formatted, error: null })}
        onBlur={() => {
          if (!error) setDraft(null);
        }}
        className={`figures w-full min-w-0 rounded border px-1.5 py-1 text-right text-sm outline-none focus:border-accent ${
          error ? 'border-bad bg-bad-bg' : highlight ? 'border-accent/60 bg-surface-2' : 'border-border bg-surface'
        }`}
      />
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="absolute left-0 top-full z-20 mt-1 w-56 rounded border border-bad/50 bg-bad-bg p-1.5 text-xs text-bad shadow"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}
