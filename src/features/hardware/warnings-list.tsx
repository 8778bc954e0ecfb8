import { Card } from '../../components/card';
import { useLanguage } from '../../components/use-t';
import type { HardwareWarning } from '../../core/hardware/report';
import type { Language } from '../../core/scenario/schema';
import { formatInteger, formatNumber } from '../../lib/format/format';
import type { HardwareT } from './messages';
import { gb } from './format-hardware';

const BYTE_PARAMS = new Set(['used', 'physical', 'kvPerGpu', 'kvPerGpuDpAttention', 'attentionBytes', 'perGpu']);
const RENAME: Record<string, string> = { kvPerGpu: 'kv', kvPerGpuDpAttention: 'kvDp', attentionBytes: 'attention' };

export function warningText(t: HardwareT, language: Language, w: HardwareWarning): string {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(w.params)) {
    const key = RENAME[k] ?? k;
    if (k === 'mode') params[key] = v === 'dp-attention' ? t('mlaDp') : v === 'dcp' ? t('mlaDcp') : t('mlaReplicated');
    else if (typeof v === 'string') params[key] = k === 'format' || k === 'released' ? v.toUpperCase() : v;
    else if (BYTE_PARAMS.has(k)) params[key] = gb(language, v);
    else if (k === 'bits') params[key] = formatNumber(language, v, 3);
    else params[key] = Number.isInteger(v) ? formatInteger(language, v) : formatNumber(language, v, 2);
  }
  return t(`warn.${w.code}`, params);
}

const TONE = {
  error: 'border-bad/50 bg-bad-bg',
  warning: 'border-warn/50 bg-warn-bg',
  info: 'border-border bg-surface-2',
} as const;

export function WarningsList(props: { warnings: readonly HardwareWarning[]; t: HardwareT }) {
  const { warnings, t } = props;
  const language = useLanguage();
  if (warnings.length === 0) return null;
  const order = { error: 0, warning: 1, info: 2 } as const;
  const sorted = [...warnings].sort((a, b) => order[a.severity] - order[b.severity]);
  return (
    <Card title={t('warningsTitle')} testId="hw-warnings">
      <ul className="grid gap-2">
        {sorted.map((w) => (
          <li key={w.code} className={`rounded-md border px-3 py-2 text-sm ${TONE[w.severity]}`} data-testid={`warning-${w.code}`} data-severity={w.severity}>
            {warningText(t, language, w)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
