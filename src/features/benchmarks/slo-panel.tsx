import { useId, useState } from 'react';
import { useLanguage, useT } from '../../components/use-t';
import type { SloLimits } from '../../core/benchmarks/run-schema';
import { formatNumber } from '../../lib/format/format';
import { parseLocaleNumber } from '../../lib/format/parse';
import { benchmarksMessages } from './messages';

/** A limit in ms that may be left empty (= no limit). Invalid text never replaces the last valid value. */
function LimitField(props: { label: string; value: number | null; onCommit: (v: number | null) => void; testId: string }) {
  const { label, value, onCommit, testId } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const id = useId();
  const [draft, setDraft] = useState<{ text: string; error: boolean } | null>(null);
  const text = draft?.text ?? (value === null ? '' : formatNumber(language, value, 1));
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          data-testid={testId}
          inputMode="decimal"
          value={text}
          placeholder={t('slo.placeholder')}
          aria-invalid={draft?.error ?? false}
          aria-describedby={draft?.error ? `${id}-err` : undefined}
          onChange={(e) => {
            const raw = e.target.value;
            if (raw.trim() === '') {
              setDraft({ text: raw, error: false });
              onCommit(null);
              return;
            }
            const n = parseLocaleNumber(language, raw);
            const ok = n !== null && n >= 0;
            setDraft({ text: raw, error: !ok });
            if (ok) onCommit(n);
          }}
          onBlur={() => setDraft((d) => (d && !d.error ? null : d))}
          className="figures w-28 rounded-md border border-border bg-surface px-2 py-1 text-sm"
        />
        <span className="text-sm text-muted">ms</span>
      </div>
      {draft?.error ? (
        <p id={`${id}-err`} className="text-xs text-bad">
          {t('slo.invalid')}
        </p>
      ) : null}
    </div>
  );
}

export function SloPanel(props: { limits: SloLimits; onChange: (limits: SloLimits) => void }) {
  const { limits, onChange } = props;
  const t = useT(benchmarksMessages);
  return (
    <div className="flex flex-col gap-2" data-testid="slo-panel">
      <h3 className="text-sm font-semibold">{t('slo.title')}</h3>
      <p className="text-xs text-muted">{t('slo.intro')}</p>
      <div className="flex flex-wrap gap-4">
        <LimitField label={t('slo.ttft')} value={limits.ttftMs} onCommit={(ttftMs) => onChange({ ...limits, ttftMs })} testId="slo-ttft" />
        <LimitField label={t('slo.tpot')} value={limits.tpotMs} onCommit={(tpotMs) => onChange({ ...limits, tpotMs })} testId="slo-tpot" />
        <LimitField label={t('slo.e2el')} value={limits.e2elMs} onCommit={(e2elMs) => onChange({ ...limits, e2elMs })} testId="slo-e2el" />
      </div>
    </div>
  );
}
