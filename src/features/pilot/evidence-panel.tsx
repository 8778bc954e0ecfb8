import { memo, useId, useState } from 'react';
import type { BenchRun } from '../../core/benchmarks/run-schema';
import { applyEvidence, EVIDENCE_FIELDS, type EvidenceKind } from '../../core/pilot/evidence';
import { pilotSides, type DayMetricKey, type PilotSide } from '../../core/scenario/schema';
import { Button } from '../../components/button';
import { useT } from '../../components/use-t';
import { formatNumber, formatPercent } from '../../lib/format/format';
import { useAppStore } from '../../state/store';
import { plural } from '../../core/text/plural';
import { pilotMessages } from './messages';
import { FIELD_SPECS } from './pilot-fields';
import { useEvidenceFill, useStoredRuns } from './use-pilot';

function runLabel(r: BenchRun): string {
  return [r.label ?? r.source.fileName, r.model, r.load.concurrency !== null ? `c=${r.load.concurrency}` : null].filter(Boolean).join(' · ');
}

function defaultKind(run: BenchRun): EvidenceKind {
  return run.tool === 'api-usage' || (run.endpoint.kind === 'api' && run.metrics.ttft === undefined) ? 'api-usage' : 'benchmark-run';
}

/**
 * "Fill from evidence": pick a load-test run or an API usage log imported in the Benchmarks area
 * (read from this browser's run store), choose the day and side, tick the fields to take. Only
 * the figures and where they came from go into the scenario; the file stays on this machine.
 */
export const EvidencePanel = memo(function EvidencePanel() {
  const t = useT(pilotMessages);
  const language = useAppStore((s) => s.language);
  const pilot = useAppStore((s) => s.scenario.pilot);
  const update = useAppStore((s) => s.updateSection);
  const stored = useStoredRuns();
  const runs = stored.data ?? [];
  const [runId, setRunId] = useState<string | null>(null);
  const run = runs.find((r) => r.id === runId) ?? runs[0] ?? null;
  const [kindChoice, setKindChoice] = useState<EvidenceKind | null>(null);
  const kind = kindChoice ?? (run ? defaultKind(run) : 'benchmark-run');
  const [day, setDay] = useState(1);
  const [side, setSide] = useState<PilotSide>('selfHosted');
  const [unticked, setUnticked] = useState<ReadonlySet<DayMetricKey>>(new Set());
  const [message, setMessage] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const fill = useEvidenceFill(run, kind);
  const ids = { run: useId(), kind: useId(), day: useId(), side: useId() };

  const show = (key: DayMetricKey, v: number) => {
    const spec = FIELD_SPECS.find((f) => f.key === key);
    if (spec?.unit === 'pct') return formatPercent(language, v, 2);
    if (spec?.unit === 'money') return `${formatNumber(language, v, 4)} USD`;
    return `${formatNumber(language, v, spec?.integer ? 0 : 1)}${spec?.unit === 'ms' ? ' ms' : ''}`;
  };

  const offered = EVIDENCE_FIELDS[kind].filter((k) => fill.data?.values[k] !== undefined);
  const chosen = offered.filter((k) => !unticked.has(k));

  return (
    <div className="flex flex-col gap-3" data-testid="pilot-evidence">
      <p className="text-sm text-muted">{t('evidenceHelp')}</p>
      <div className="flex flex-wrap items-end gap-3">
        {runs.length > 0 ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.run} className="text-sm font-medium">
              {t('evidenceRun')}
            </label>
            <select
              id={ids.run}
              value={run?.id ?? ''}
              onChange={(e) => {
                setRunId(e.target.value);
                setKindChoice(null);
                setUnticked(new Set());
                setMessage(null);
              }}
              className="max-w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm sm:max-w-md"
            >
              {runs.map((r) => (
                <option key={r.id} value={r.id}>
                  {runLabel(r)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {stored.isError ? <p className="text-sm text-bad">{String(stored.error)}</p> : null}
      {stored.isSuccess && runs.length === 0 ? <p className="text-sm text-muted">{t('evidenceNone')}</p> : null}
      {run ? (
        <div className="flex flex-col gap-3 rounded-md border border-border p-3">
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.kind} className="text-xs font-medium text-muted">
                {t('evidenceKind')}
              </label>
              <select
                id={ids.kind}
                value={kind}
                onChange={(e) => setKindChoice(e.target.value as EvidenceKind)}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
              >
                {(['benchmark-run', 'api-usage'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`evidenceKind.${k}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.day} className="text-xs font-medium text-muted">
                {t('evidenceDay')}
              </label>
              <select
                id={ids.day}
                value={day}
                onChange={(e) => setDay(Number(e.target.value))}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
              >
                {[1, 2, 3, 4, 5, 6, 7].map((d) => (
                  <option key={d} value={d}>
                    {t('day', { day: d })}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={ids.side} className="text-xs font-medium text-muted">
                {t('evidenceSide')}
              </label>
              <select
                id={ids.side}
                value={side}
                onChange={(e) => setSide(e.target.value as PilotSide)}
                className="rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
              >
                {pilotSides.map((s) => (
                  <option key={s} value={s}>
                    {t(`side.${s}`)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ul className="grid gap-1 sm:grid-cols-2">
            {offered.map((k) => (
              <li key={k}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={!unticked.has(k)}
                    onChange={(e) => {
                      const next = new Set(unticked);
                      if (e.target.checked) next.delete(k);
                      else next.add(k);
                      setUnticked(next);
                    }}
                  />
                  <span>{t(`field.${k}`)}</span>
                  <span className="figures text-muted">{show(k, fill.data?.values[k] as number)}</span>
                </label>
              </li>
            ))}
            {(fill.data?.skipped ?? []).map((s) => (
              <li key={s.field} className="text-sm text-muted">
                {t(`field.${s.field}`)}: {t(`skip.${s.reason}`)}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              disabled={chosen.length === 0 || !fill.data}
              onClick={() => {
                if (!fill.data) return;
                const res = applyEvidence(pilot, day, side, run, fill.data, chosen);
                if (res.ok) {
                  update('pilot', { days: res.pilot.days, filledFrom: res.pilot.filledFrom });
                  setMessage({
                    tone: 'ok',
                    text: t(plural(language, res.applied.length, { one: 'evidenceApplied.one', other: 'evidenceApplied.other' }), {
                      count: res.applied.length,
                      day,
                      label: run.label ?? run.source.fileName,
                    }),
                  });
                } else {
                  setMessage({ tone: 'bad', text: t('evidenceProblem', { problems: res.problems.map((p) => `${p.field}: ${p.message}`).join('; ') }) });
                }
              }}
              variant="primary"
            >
              {t('evidenceApply')}
            </Button>
            {message ? (
              <p role="status" className={`text-sm ${message.tone === 'ok' ? 'text-ok' : 'text-bad'}`}>
                {message.text}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
});
