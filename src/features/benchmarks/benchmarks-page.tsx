import { Card } from '../../components/card';
import { FactsList } from '../../components/facts-list';
import { useT } from '../../components/use-t';
import { formatInteger } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { benchmarksMessages } from './messages';

export function BenchmarksPage() {
  const t = useT(benchmarksMessages);
  const throughput = useAppStore((s) => s.scenario.selfHosted.throughput);
  const language = useAppStore((s) => s.language);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inputs')}>
        <FactsList
          rows={[
            { label: 'Throughput per replica', value: `${formatInteger(language, throughput.tokensPerSecond)} tok/s (${throughput.basis})` },
            { label: 'Source', value: throughput.source },
            { label: 'Measured run', value: throughput.measuredRun?.label ?? '–' },
          ]}
        />
      </Card>
      <Card title={t('next')}>
        <p className="text-sm text-muted">{t('nextBody')}</p>
      </Card>
    </div>
  );
}
