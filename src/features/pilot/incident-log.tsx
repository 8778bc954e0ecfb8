import { countIn } from '../../lib/i18n/count';
import { memo, useId, useState } from 'react';
import type { IncidentSummary } from '../../core/pilot/evaluate';
import { incidentCauses, type Incident } from '../../core/scenario/schema';
import { Button } from '../../components/button';
import { useT } from '../../components/use-t';
import { formatInteger, formatNumber } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import type { Fmt } from './format-pilot';
import { pilotMessages } from './messages';
import { NumberCell } from './number-cell';

const START = /^([01]?\d|2[0-3]):[0-5]\d$/;
const MAX_TEXT = 500;

/** A text input that stores only valid text and keeps the message at the field otherwise. */
function CheckedText(props: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  validate: (v: string) => string | null;
  testId?: string;
  wide?: boolean;
}) {
  const { label, value, onCommit, validate, testId, wide } = props;
  const id = useId();
  const [draft, setDraft] = useState<{ text: string; error: string | null } | null>(null);
  const text = draft?.text ?? value;
  const error = draft?.error ?? null;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? 'sm:col-span-2 lg:col-span-3' : ''}`}>
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        type="text"
        value={text}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          const v = e.target.value;
          const problem = validate(v);
          setDraft({ text: v, error: problem });
          if (!problem) onCommit(v);
        }}
        onBlur={() => {
          if (!error) setDraft(null);
        }}
        className={`w-full min-w-0 rounded-md border px-2 py-1.5 text-sm ${error ? 'border-bad bg-bad-bg' : 'border-border bg-surface'}`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-bad">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function IncidentEditor(props: { incident: Incident; index: number; fmt: Fmt }) {
  const { incident, index, fmt } = props;
  const t = useT(pilotMessages);
  const incidents = useAppStore((s) => s.scenario.pilot.incidents);
  const update = useAppStore((s) => s.updateSection);
  const causeId = useId();
  const oohId = useId();
  const dayId = useId();
  const set = (patch: Partial<Incident>) => update('pilot', { incidents: incidents.map((inc, i) => (i === index ? { ...inc, ...patch } : inc)) });
  const label = (k: 'inc.day' | 'inc.recovery' | 'inc.affected') => `${t(k)} (#${index + 1})`;
  return (
    <li className="rounded-md border border-border p-3" data-testid={`incident-${index}`}>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="flex flex-col gap-1">
          <span id={dayId} className="text-xs font-medium text-muted">
            {t('inc.day')}
          </span>
          <NumberCell
            value={incident.day}
            language={fmt.language}
            digits={0}
            ariaLabel={label('inc.day')}
            parseError={t('incidentErrDay')}
            testId={`incident-${index}-day`}
            validate={(v) => (v === null || !Number.isInteger(v) || v < 1 || v > 7 ? t('incidentErrDay') : null)}
            onCommit={(v) => {
              if (v !== null) set({ day: v });
            }}
          />
        </div>
        <CheckedText
          label={t('inc.start')}
          value={incident.start}
          testId={`incident-${index}-start`}
          validate={(v) => (v === '' || START.test(v.trim()) ? null : t('incidentErrStart'))}
          onCommit={(start) => set({ start: start.trim() })}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={causeId} className="text-xs font-medium text-muted">
            {t('inc.cause')}
          </label>
          <select
            id={causeId}
            value={incident.cause}
            onChange={(e) => set({ cause: e.target.value as Incident['cause'] })}
            className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            data-testid={`incident-${index}-cause`}
          >
            {incidentCauses.map((c) => (
              <option key={c} value={c}>
                {t(`cause.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted">
            {t('inc.recovery')} ({t('inc.min')})
          </span>
          <NumberCell
            value={incident.recoveryMinutes}
            language={fmt.language}
            digits={0}
            ariaLabel={label('inc.recovery')}
            parseError={t('errNumber')}
            testId={`incident-${index}-recovery`}
            validate={(v) =>
              v === null
                ? t('errNumber')
                : v < 0
                  ? t('errMin', { min: '0' })
                  : v > 60 * 24 * 7
                    ? t('errMax', { max: formatInteger(fmt.language, 60 * 24 * 7) })
                    : null
            }
            onCommit={(v) => {
              if (v !== null) set({ recoveryMinutes: v });
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted">{t('inc.affected')}</span>
          <NumberCell
            value={incident.affectedTasks}
            language={fmt.language}
            digits={0}
            ariaLabel={label('inc.affected')}
            parseError={t('errNumber')}
            testId={`incident-${index}-affected`}
            validate={(v) => (v === null ? t('errNumber') : !Number.isInteger(v) ? t('errWhole') : v < 0 ? t('errMin', { min: '0' }) : null)}
            onCommit={(v) => {
              if (v !== null) set({ affectedTasks: v });
            }}
          />
        </div>
        <div className="flex items-end gap-2 pb-1.5">
          <input
            id={oohId}
            type="checkbox"
            checked={incident.outOfHours}
            onChange={(e) => set({ outOfHours: e.target.checked })}
            className="h-4 w-4"
            data-testid={`incident-${index}-ooh`}
          />
          <label htmlFor={oohId} className="text-sm">
            {t('inc.outOfHours')}
          </label>
        </div>
        <CheckedText
          label={t('inc.countermeasure')}
          value={incident.countermeasure}
          wide
          testId={`incident-${index}-countermeasure`}
          validate={(v) => (v.length > MAX_TEXT ? t('incidentErrText', { max: MAX_TEXT }) : null)}
          onCommit={(countermeasure) => set({ countermeasure })}
        />
        <div className="flex items-end justify-end sm:col-span-2 lg:col-span-3">
          <Button
            onClick={() => update('pilot', { incidents: incidents.filter((_, i) => i !== index) })}
            variant="danger"
            aria-label={`${t('deleteIncident')} #${index + 1}`}
          >
            {t('deleteIncident')}
          </Button>
        </div>
      </div>
    </li>
  );
}

/**
 * Incidents of the self-hosted side. Each one is edited in place and stored as soon as a field
 * is valid, so nothing typed waits in a form that a reload could lose.
 */
export const IncidentLog = memo(function IncidentLog(props: { fmt: Fmt; summary: IncidentSummary | undefined; nextDay: number }) {
  const { fmt, summary, nextDay } = props;
  const t = useT(pilotMessages);
  const incidents = useAppStore((s) => s.scenario.pilot.incidents);
  const update = useAppStore((s) => s.updateSection);
  return (
    <div className="flex flex-col gap-3" data-testid="pilot-incidents">
      <p className="text-sm text-muted">{t('incidentsHelp')}</p>
      {summary && summary.total > 0 ? (
        <p className="figures text-sm" data-testid="incident-summary">
          {t('incidentSummary', {
            incidents: countIn(pilotMessages, fmt.language, 'incidents', summary.total),
            ooh: summary.outOfHours,
            minutes: formatNumber(fmt.language, summary.recoveryMinutes, 0),
            tasks: countIn(pilotMessages, fmt.language, 'tasks', summary.affectedTasks),
          })}
        </p>
      ) : null}
      {incidents.length === 0 ? <p className="text-sm text-muted">{t('noIncidents')}</p> : null}
      <ol className="flex flex-col gap-2">
        {incidents.map((inc, i) => (
          <IncidentEditor key={i} incident={inc} index={i} fmt={fmt} />
        ))}
      </ol>
      <div>
        <Button
          disabled={incidents.length >= 500}
          onClick={() =>
            update('pilot', {
              incidents: [
                ...incidents,
                {
                  day: Math.min(7, Math.max(1, nextDay)),
                  start: '',
                  recoveryMinutes: 0,
                  cause: 'other',
                  affectedTasks: 0,
                  countermeasure: '',
                  outOfHours: false,
                },
              ],
            })
          }
          variant="primary"
        >
          {t('addIncident')}
        </Button>
      </div>
    </div>
  );
});
