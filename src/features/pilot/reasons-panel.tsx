import { memo } from 'react';
import { deviationOrigins, type Pilot } from '../../core/scenario/schema';
import { useT } from '../../components/use-t';
import { useAppStore } from '../../state/store';
import { pilotMessages } from './messages';

type Origin = Pilot['dayReasons'][number]['origin'];

/** Article 002's "Entscheidungsgrund": per day, where a deviation between the sides came from. */
export const ReasonsPanel = memo(function ReasonsPanel() {
  const t = useT(pilotMessages);
  const reasons = useAppStore((s) => s.scenario.pilot.dayReasons);
  const update = useAppStore((s) => s.updateSection);
  const set = (i: number, patch: Partial<Pilot['dayReasons'][number]>) =>
    update('pilot', { dayReasons: reasons.map((r, j) => (j === i ? { ...r, ...patch } : r)) });
  return (
    <div className="flex flex-col gap-2" data-testid="pilot-reasons">
      <p className="text-sm text-muted">{t('reasonsHelp')}</p>
      <ul className="flex flex-col gap-1.5">
        {reasons.map((r, i) => (
          <li key={i} className="grid grid-cols-[3.5rem_minmax(0,11rem)_minmax(0,1fr)] items-center gap-2">
            <span className="text-sm font-medium">{t('day', { day: i + 1 })}</span>
            <select
              aria-label={t('reasonOrigin', { day: i + 1 })}
              value={r.origin ?? ''}
              onChange={(e) => set(i, { origin: e.target.value === '' ? null : (e.target.value as Origin) })}
              className="min-w-0 rounded-md border border-border bg-surface px-2 py-1 text-sm"
            >
              <option value="">{t('origin.none')}</option>
              {deviationOrigins.map((o) => (
                <option key={o} value={o}>
                  {t(`origin.${o}`)}
                </option>
              ))}
            </select>
            <input
              type="text"
              maxLength={500}
              value={r.note}
              aria-label={t('reasonNote', { day: i + 1 })}
              onChange={(e) => set(i, { note: e.target.value })}
              className="min-w-0 rounded-md border border-border bg-surface px-2 py-1 text-sm"
            />
          </li>
        ))}
      </ul>
    </div>
  );
});
