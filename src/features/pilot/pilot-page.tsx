import { Card } from '../../components/card';
import { FactsList } from '../../components/facts-list';
import { useT } from '../../components/use-t';
import { formatPercent } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { pilotMessages } from './messages';

export function PilotPage() {
  const t = useT(pilotMessages);
  const pilot = useAppStore((s) => s.scenario.pilot);
  const language = useAppStore((s) => s.language);
  const filled = pilot.days.filter((d) => Object.values(d.selfHosted).some((v) => v !== null)).length;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t('inputs')}>
        <FactsList
          rows={[
            { label: 'Days with data', value: `${filled} / 7` },
            { label: 'Incidents', value: String(pilot.incidents.length) },
            { label: 'Utilisation threshold', value: formatPercent(language, pilot.thresholds.utilisationMin) },
          ]}
        />
      </Card>
      <Card title={t('next')}>
        <p className="text-sm text-muted">{t('nextBody')}</p>
      </Card>
    </div>
  );
}
