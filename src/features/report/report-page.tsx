import { Card } from '../../components/card';
import { FactsList } from '../../components/facts-list';
import { useT } from '../../components/use-t';
import { useAppStore } from '../../state/store';
import { reportMessages } from './messages';

export function ReportPage() {
  const t = useT(reportMessages);
  const s = useAppStore((st) => st.scenario);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inputs')}>
        <FactsList
          rows={[
            { label: 'Scenario', value: s.name },
            { label: 'API', value: `${s.api.provider} · ${s.api.model}` },
            { label: 'Self-hosted', value: `${s.selfHosted.replicas} × ${s.selfHosted.gpusPerReplica} × ${s.selfHosted.gpuId}` },
          ]}
        />
      </Card>
      <Card title={t('next')}>
        <p className="text-sm text-muted">{t('nextBody')}</p>
      </Card>
    </div>
  );
}
