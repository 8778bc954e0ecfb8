import { memo, useId } from 'react';
import type { PilotThresholds } from '../../core/scenario/schema';
import { NumberField } from '../../components/number-field';
import { useT } from '../../components/use-t';
import { useAppStore } from '../../state/store';
import { pilotMessages } from './messages';

interface ThresholdSpec {
  key: keyof PilotThresholds;
  unit: 'points' | 'times' | 'pct' | 'perDay' | 'hoursWeek';
  min: number;
  max: number;
}

/** Limits follow the scenario schema, so a value the field accepts is one the document keeps. */
const THRESHOLDS: readonly ThresholdSpec[] = [
  { key: 'acceptanceGapPoints', unit: 'points', min: 0, max: 100 },
  { key: 'toolCallGapPoints', unit: 'points', min: 0, max: 100 },
  { key: 'ttftP95Ratio', unit: 'times', min: 1, max: 100 },
  { key: 'utilisationMin', unit: 'pct', min: 0, max: 1 },
  { key: 'errorRateGapPoints', unit: 'points', min: 0, max: 100 },
  { key: 'incidentsPerDayMax', unit: 'perDay', min: 0, max: 1000 },
  { key: 'teamHoursPerWeekMax', unit: 'hoursWeek', min: 0, max: 10_000 },
  { key: 'outOfHoursPerWeekMax', unit: 'hoursWeek', min: 0, max: 168 },
  { key: 'costRatioMax', unit: 'times', min: 0.01, max: 1000 },
  { key: 'sensitiveShareForHybrid', unit: 'pct', min: 0, max: 1 },
  { key: 'plannableShareForHybrid', unit: 'pct', min: 0, max: 1 },
];

export const SettingsPanel = memo(function SettingsPanel() {
  const t = useT(pilotMessages);
  const pilot = useAppStore((s) => s.scenario.pilot);
  const update = useAppStore((s) => s.updateSection);
  const dateId = useId();
  const unitText = { points: t('unitPoints'), times: t('unitTimes'), pct: '%', perDay: t('unitPerDay'), hoursWeek: t('unitHoursWeek') } as const;
  return (
    <div className="flex flex-col gap-4" data-testid="pilot-settings">
      <p className="text-sm text-muted">{t('settingsHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {THRESHOLDS.map((th) => (
          <NumberField
            key={th.key}
            label={t(`th.${th.key}`)}
            value={pilot.thresholds[th.key]}
            min={th.min}
            max={th.max}
            scale={th.unit === 'pct' ? 100 : 1}
            digits={2}
            unit={unitText[th.unit]}
            testId={`threshold-${th.key}`}
            onCommit={(v) => update('pilot', { thresholds: { ...pilot.thresholds, [th.key]: v } })}
          />
        ))}
      </div>
      <div className="grid gap-4 border-t border-border pt-4 sm:grid-cols-2 xl:grid-cols-3">
        <NumberField
          label={t('sensitiveShare')}
          value={pilot.sensitiveShare}
          min={0}
          max={1}
          scale={100}
          digits={1}
          unit="%"
          slider={{ min: 0, max: 100, step: 1 }}
          testId="pilot-sensitive-share"
          onCommit={(sensitiveShare) => update('pilot', { sensitiveShare })}
        />
        <NumberField
          label={t('plannableShare')}
          value={pilot.plannableShare}
          min={0}
          max={1}
          scale={100}
          digits={1}
          unit="%"
          slider={{ min: 0, max: 100, step: 1 }}
          testId="pilot-plannable-share"
          onCommit={(plannableShare) => update('pilot', { plannableShare })}
        />
        <NumberField
          label={t('staffHoursPerYear')}
          value={pilot.staffHoursPerYear}
          min={100}
          max={8760}
          integer
          unit={t('unitHoursYear')}
          testId="pilot-staff-hours"
          onCommit={(staffHoursPerYear) => update('pilot', { staffHoursPerYear })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={dateId} className="text-sm font-medium">
            {t('startDate')}
          </label>
          <input
            id={dateId}
            type="date"
            value={pilot.startDate ?? ''}
            onChange={(e) => {
              const v = e.target.value;
              if (v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v)) update('pilot', { startDate: v === '' ? null : v });
            }}
            className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
          />
        </div>
      </div>
    </div>
  );
});
