import { memo, useState } from 'react';
import { CHECKS, checkPhases, type CheckPhase } from '../../core/pilot/checklist';
import type { ChecklistSummary } from '../../core/pilot/checklist';
import type { CheckStatus } from '../../core/scenario/schema';
import { Button } from '../../components/button';
import { useT } from '../../components/use-t';
import { useAppStore } from '../../state/store';
import { pilotMessages, type PilotKey } from './messages';

const STATUSES: readonly CheckStatus[] = ['passed', 'failed', 'not-tested'];

function CheckRow(props: { id: string; optional: boolean; phase: CheckPhase }) {
  const { id, optional, phase } = props;
  const t = useT(pilotMessages);
  const checks = useAppStore((s) => s.scenario.pilot.checks);
  const update = useAppStore((s) => s.updateSection);
  const entry = checks[id] ?? { status: 'not-tested' as const, note: '' };
  const set = (patch: Partial<typeof entry>) => update('pilot', { checks: { ...checks, [id]: { ...entry, ...patch } } });
  const label = t(`check.${id}` as PilotKey);
  const failedDay1 = phase === 'day-1' && entry.status === 'failed';
  return (
    <li className={`rounded-md border p-3 ${failedDay1 ? 'border-bad/60 bg-bad-bg' : 'border-border'}`} data-testid={`check-${id}`} data-status={entry.status}>
      <fieldset>
        <legend className="text-sm">
          {label}
          {optional ? <span className="ml-1 text-xs text-muted">({t('optional')})</span> : null}
        </legend>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="flex flex-wrap gap-3" role="radiogroup" aria-label={label}>
            {STATUSES.map((s) => (
              <label key={s} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name={`check-${id}`} value={s} checked={entry.status === s} onChange={() => set({ status: s })} />
                {t(`status.${s}`)}
              </label>
            ))}
          </div>
          <input
            type="text"
            value={entry.note}
            maxLength={500}
            aria-label={`${t('checkNote')}: ${label}`}
            placeholder={t('checkNote')}
            onChange={(e) => set({ note: e.target.value })}
            className="min-w-0 flex-1 basis-48 rounded-md border border-border bg-surface px-2 py-1 text-sm"
          />
        </div>
        {failedDay1 ? (
          <p role="alert" className="mt-2 text-sm font-medium text-bad">
            {t('fixCompatibility')}
          </p>
        ) : null}
      </fieldset>
    </li>
  );
}

/** The article's day checklists, one tab per phase, with counts of what is open. */
export const ChecklistPanel = memo(function ChecklistPanel(props: { summary: ChecklistSummary | undefined }) {
  const t = useT(pilotMessages);
  const [phase, setPhase] = useState<CheckPhase>('day-1');
  const counts = props.summary?.phases;
  return (
    <div className="flex flex-col gap-3" data-testid="pilot-checklist">
      <div role="tablist" aria-label={t('sectionChecklist')} className="flex flex-wrap gap-1">
        {checkPhases.map((p) => {
          const c = counts?.find((x) => x.phase === p);
          return (
            <Button key={p} role="tab" aria-selected={p === phase} variant={p === phase ? 'primary' : 'secondary'} onClick={() => setPhase(p)}>
              {t(`phase.${p}`)}
              {c && c.failed > 0 ? <span className="ml-1.5 rounded bg-bad px-1 text-xs text-white">{c.failed}</span> : null}
            </Button>
          );
        })}
      </div>
      <div role="tabpanel" aria-label={t(`phase.${phase}`)}>
        <p className="text-sm text-muted">{t(`phaseHelp.${phase}`)}</p>
        {counts ? (
          <p className="figures mt-1 text-xs text-muted">
            {(() => {
              const c = counts.find((x) => x.phase === phase);
              return c ? t('phaseCounts', { passed: c.passed, failed: c.failed, open: c.notTested }) : null;
            })()}
          </p>
        ) : null}
        <ul className="mt-2 flex flex-col gap-2">
          {CHECKS.filter((c) => c.phase === phase).map((c) => (
            <CheckRow key={c.id} id={c.id} optional={c.role === 'optional'} phase={c.phase} />
          ))}
        </ul>
      </div>
    </div>
  );
});
