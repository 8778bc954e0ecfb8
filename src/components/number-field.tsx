import { useId, useState, type ReactNode } from 'react';
import { formatNumber } from '../lib/format/format';
import { parseLocaleNumber } from '../lib/format/parse';
import { componentMessages } from './messages';
import { useLanguage, useT } from './use-t';

/** Symbols follow the number ("0 GiB", "80 %"); word units go in brackets ("1 (tokens)"). */
function withUnit(value: string, unit: string | undefined): string {
  if (!unit) return value;
  return /[a-z]{3,}/.test(unit) ? `${value} (${unit})` : `${value} ${unit}`;
}

export interface NumberFieldProps {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  unit?: string;
  min?: number;
  max?: number;
  /** Shown value = stored value × scale (100 shows a share as percent). */
  scale?: number;
  digits?: number;
  integer?: boolean;
  slider?: { min: number; max: number; step: number };
  help?: string;
  badge?: ReactNode;
  testId?: string;
}

/**
 * A number input that reads the user's locale, shows its unit, validates at the field and
 * only commits valid values. While the text is invalid the last valid value stays in effect
 * and the message says what is wrong.
 */
export function NumberField(props: NumberFieldProps) {
  const { label, value, onCommit, unit, min, max, scale = 1, digits = 4, integer, slider, help, badge, testId } = props;
  const language = useLanguage();
  const t = useT(componentMessages);
  const id = useId();
  const shown = value * scale;
  const formatted = formatNumber(language, shown, integer ? 0 : digits);

  function validate(raw: string): { value: number | null; error: string | null } {
    const n = parseLocaleNumber(language, raw);
    if (n === null) return { value: null, error: t('notANumber') };
    if (integer && !Number.isInteger(n)) return { value: null, error: t('wholeNumber') };
    if (min !== undefined && n < min * scale) {
      return { value: null, error: t('atLeast', { min: withUnit(formatNumber(language, min * scale, digits), unit) }) };
    }
    if (max !== undefined && n > max * scale) {
      return { value: null, error: t('atMost', { max: withUnit(formatNumber(language, max * scale, digits), unit) }) };
    }
    return { value: n / scale, error: null };
  }

  // The message is worked out from the text on every render, so it follows a change of language.
  // `typed`: the text is the user's (not the formatted value put there on focus).
  const [draft, setDraft] = useState<{ text: string; typed: boolean } | null>(null);
  const text = draft?.text ?? formatted;
  const error = draft?.typed ? validate(draft.text).error : null;

  function onText(raw: string) {
    const v = validate(raw);
    setDraft({ text: raw, typed: true });
    if (v.value !== null && v.value !== value) onCommit(v.value);
  }

  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <div className="flex flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-2 gap-y-0.5">
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
        {badge}
      </div>
      <div className="flex items-center gap-2">
        <div className={`flex min-w-0 flex-1 items-center rounded-md border bg-surface ${error ? 'border-bad' : 'border-border'} focus-within:border-accent`}>
          <input
            id={id}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className="figures w-full min-w-0 bg-transparent px-2 py-1.5 text-right text-sm outline-none"
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined}
            onChange={(e) => onText(e.target.value)}
            onFocus={() => setDraft({ text: formatted, typed: false })}
            onBlur={() => {
              if (!error) setDraft(null);
            }}
          />
          {unit ? <span className="shrink-0 pr-2 text-xs text-muted">{unit}</span> : null}
        </div>
      </div>
      {slider ? (
        <input
          type="range"
          aria-label={`${label}${unit ? ` (${unit})` : ''}`}
          min={slider.min}
          max={slider.max}
          step={slider.step}
          value={Math.min(slider.max, Math.max(slider.min, shown))}
          // A screen reader says the value with its unit ("190,000 req/day"), not the slider's position.
          aria-valuetext={unit ? `${formatted} ${unit}` : formatted}
          onChange={(e) => {
            setDraft(null);
            onCommit(Number(e.target.value) / scale);
          }}
          className="w-full"
        />
      ) : null}
      {error ? (
        <>
          <p id={errorId} role="alert" className="text-xs text-bad">
            {error}
          </p>
          <p className="text-xs text-muted">{t('stillUsing', { value: withUnit(formatted, unit) })}</p>
        </>
      ) : null}
      {help ? (
        <p id={helpId} className="text-xs text-muted">
          {help}
        </p>
      ) : null}
    </div>
  );
}
