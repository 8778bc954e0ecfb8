import { Card } from '../../components/card';
import { NumberField } from '../../components/number-field';
import { useT } from '../../components/use-t';
import { useAppStore } from '../../state/store';
import { tcoMessages } from './messages';

export function TcoPage() {
  const t = useT(tcoMessages);
  const workload = useAppStore((s) => s.scenario.workload);
  const api = useAppStore((s) => s.scenario.api);
  const selfHosted = useAppStore((s) => s.scenario.selfHosted);
  const update = useAppStore((s) => s.updateSection);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inputs')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField label={t('requestsPerDay')} value={workload.requestsPerDay} min={0} max={1e9} integer unit="req/day" onCommit={(requestsPerDay) => update('workload', { requestsPerDay })} testId="requests-per-day" />
          <NumberField label={t('cacheHit')} value={workload.cacheHitShare} min={0} max={1} scale={100} digits={1} unit="%" slider={{ min: 0, max: 100, step: 1 }} onCommit={(cacheHitShare) => update('workload', { cacheHitShare })} />
          <NumberField label={t('priceOut')} value={api.priceOutputPerM} min={0} unit={`${api.currency}/1M tok`} onCommit={(priceOutputPerM) => update('api', { priceOutputPerM })} />
          <NumberField label={t('gpuPrice')} value={selfHosted.rentPrice} min={0} unit="USD/GPU-h" onCommit={(rentPrice) => update('selfHosted', { rentPrice })} />
        </div>
      </Card>
      <Card title={t('next')}>
        <p className="text-sm text-muted">{t('nextBody')}</p>
      </Card>
    </div>
  );
}
