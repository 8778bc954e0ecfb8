import { Card } from '../../components/card';
import { FactsList } from '../../components/facts-list';
import { useT } from '../../components/use-t';
import { findGpu, findModel } from '../../core/catalog/catalog';
import { formatInteger, formatPercent } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { hardwareMessages } from './messages';

export function HardwarePage() {
  const t = useT(hardwareMessages);
  const s = useAppStore((st) => st.scenario);
  const language = useAppStore((st) => st.language);
  const model = findModel(s.selfHosted.modelId);
  const gpu = findGpu(s.selfHosted.gpuId);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inputs')}>
        <FactsList
          rows={[
            { label: 'Model', value: model?.name ?? s.selfHosted.modelId },
            { label: 'GPU', value: `${s.selfHosted.gpusPerReplica} × ${gpu?.name ?? s.selfHosted.gpuId}` },
            { label: 'Weights / KV', value: `${s.hardware.weightFormat.toUpperCase()} / ${s.hardware.kvFormat.toUpperCase()}` },
            { label: 'Context', value: `${formatInteger(language, s.hardware.contextLength)} tokens` },
            { label: 'Sequences', value: formatInteger(language, s.hardware.concurrentSequences) },
            { label: 'gpu_memory_utilization', value: formatPercent(language, s.hardware.memoryUtilisation) },
          ]}
        />
      </Card>
      <Card title={t('next')}>
        <p className="text-sm text-muted">{t('nextBody')}</p>
      </Card>
    </div>
  );
}
