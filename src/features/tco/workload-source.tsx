import { useLanguage, useT } from '../../components/use-t';
import { formatDate } from '../../lib/format/format';
import { defineMessages } from '../../lib/i18n/define';
import { formatList } from '../../lib/i18n/plural';
import { useAppStore } from '../../state/store';

const messages = defineMessages(
  'tco-workload-source',
  {
    label: 'Workload from {files}, {from} – {to}, {zone}',
    models: 'models: {models}',
    busiest: 'busiest week',
  },
  {
    label: 'Workload aus {files}, {from} – {to}, {zone}',
    models: 'Modelle: {models}',
    busiest: 'stärkste Woche',
  },
);

/** Where the workload comes from when it was taken from usage files (scenario `usage.source`). */
export function WorkloadSource() {
  const t = useT(messages);
  const language = useLanguage();
  const source = useAppStore((s) => s.scenario.usage.source);
  if (source === null) return null;
  const extra = [source.models.length > 0 ? t('models', { models: formatList(language, source.models) }) : null, source.profile === 'busiest' ? t('busiest') : null].filter((x): x is string => x !== null);
  return (
    <p className="text-sm text-muted" data-testid="tco-workload-source">
      {t('label', { files: formatList(language, source.files), from: formatDate(language, source.firstDay), to: formatDate(language, source.lastDay), zone: source.timeZone })}
      {extra.length > 0 ? ` (${extra.join('; ')})` : ''}
    </p>
  );
}
