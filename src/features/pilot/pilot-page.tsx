import { memo, useId, useMemo, useState } from 'react';
import type { PilotExample } from '../../core/pilot/samples';
import { DEFAULT_SCENARIO } from '../../core/scenario/defaults';
import { cloneJson, deepEqual } from '../../core/scenario/json';
import { pilotExamples, type Pilot } from '../../core/scenario/schema';
import { Button } from '../../components/button';
import { Banner, Card } from '../../components/card';
import { useT } from '../../components/use-t';
import { glossary } from '../../lib/i18n/glossary';
import { useAppStore } from '../../state/store';
import { ChecklistPanel } from './checklist-panel';
import { DayGrid } from './day-grid';
import { DecisionCard } from './decision-card';
import { EvidencePanel } from './evidence-panel';
import type { Fmt } from './format-pilot';
import { IncidentLog } from './incident-log';
import { pilotMessages } from './messages';
import { ReasonsPanel } from './reasons-panel';
import { SettingsPanel } from './settings-panel';
import { useExampleLoader, usePilotEvaluation, usePilotSeries } from './use-pilot';
import { WeekCharts } from './week-charts';

/** The parts of the pilot that hold evidence (thresholds and context survive a clear). */
function evidenceOf(p: Pilot) {
  return { days: p.days, incidents: p.incidents, checks: p.checks, dayReasons: p.dayReasons };
}

function clearedPilot(p: Pilot): Partial<Pilot> {
  const d = cloneJson(DEFAULT_SCENARIO.pilot);
  return { ...evidenceOf(d), filledFrom: d.filledFrom, example: null, startDate: p.startDate };
}

const ExamplesBar = memo(function ExamplesBar() {
  const t = useT(pilotMessages);
  const pilot = useAppStore((s) => s.scenario.pilot);
  const update = useAppStore((s) => s.updateSection);
  const loader = useExampleLoader();
  const [choice, setChoice] = useState<PilotExample>('return');
  const [confirm, setConfirm] = useState<'load' | 'clear' | null>(null);
  const selectId = useId();
  const hasOwnData = pilot.example === null && !deepEqual(evidenceOf(pilot), evidenceOf(DEFAULT_SCENARIO.pilot));
  const load = () => {
    setConfirm(null);
    loader.mutate(choice, { onSuccess: (example) => update('pilot', example) });
  };
  return (
    <div className="no-print flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('exampleLabel')}
          </label>
          <select
            id={selectId}
            value={choice}
            onChange={(e) => setChoice(e.target.value as PilotExample)}
            className="max-w-full rounded-md border border-border bg-surface px-2 py-1.5 text-sm"
            data-testid="pilot-example-select"
          >
            {pilotExamples.map((k) => (
              <option key={k} value={k}>
                {t(`example.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={() => (hasOwnData ? setConfirm('load') : load())} variant="primary" data-testid="pilot-example-load">
          {t('loadExample')}
        </Button>
        <Button onClick={() => setConfirm('clear')} data-testid="pilot-clear">
          {t('clearPilot')}
        </Button>
      </div>
      <p className="text-xs text-muted">{t('examplesBody')}</p>
      {confirm ? (
        <div
          role="alertdialog"
          aria-label={confirm === 'load' ? t('loadExample') : t('clearPilot')}
          className="flex flex-wrap items-center gap-2 rounded-md border border-warn/50 bg-warn-bg px-3 py-2 text-sm"
        >
          <span>{confirm === 'load' ? t('confirmReplace') : t('confirmClear')}</span>
          <Button
            variant="primary"
            size="sm"
            onClick={() => {
              if (confirm === 'load') load();
              else {
                update('pilot', clearedPilot(pilot));
                setConfirm(null);
              }
            }}
          >
            {t('confirmYes')}
          </Button>
          <Button size="sm" onClick={() => setConfirm(null)}>
            {t('confirmNo')}
          </Button>
        </div>
      ) : null}
    </div>
  );
});

const printPage = () => window.print();

export function PilotPage() {
  const t = useT(pilotMessages);
  const g = useT(glossary);
  const scenario = useAppStore((s) => s.scenario);
  const language = useAppStore((s) => s.language);
  const currency = useAppStore((s) => s.currency);
  const update = useAppStore((s) => s.updateSection);
  const e = usePilotEvaluation(scenario);
  const series = usePilotSeries(scenario);
  const pilot = scenario.pilot;
  const fmt: Fmt = useMemo(
    () => ({
      language,
      currency,
      fx: scenario.fx,
      units: { ms: t('unit.ms'), tasks: t('unit.tasks'), tokens: t('unit.tokens'), calls: t('unit.calls'), h: t('unit.h'), count: t('unit.count') },
    }),
    [language, currency, scenario.fx, t],
  );
  return (
    <div className="flex flex-col gap-4" data-testid="pilot-page">
      <Card title={t('title')} className="no-print">
        <p className="mb-3 max-w-4xl text-sm text-muted">{t('intro')}</p>
        <ExamplesBar />
      </Card>

      {pilot.example ? (
        <div className="print:hidden">
          <Banner tone="info" testId="pilot-example-banner">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{t('exampleBanner', { decision: g(`decision.${pilot.example}`) })}</span>
              <Button size="xs" className="no-print" onClick={() => update('pilot', { example: null })}>
                {t('keepAsMine')}
              </Button>
            </div>
          </Banner>
        </div>
      ) : null}

      {e ? (
        <DecisionCard
          evaluation={e}
          fmt={fmt}
          staffLoadedYearlyUsd={scenario.selfHosted.staffLoadedYearlyUsd}
          staffHoursPerYear={pilot.staffHoursPerYear}
          onPrint={printPage}
        />
      ) : (
        <Card title={t('sectionDecision')}>
          <p className="text-sm text-muted">…</p>
        </Card>
      )}

      {series ? (
        <Card
          title={t('sectionCharts')}
          className="print:break-before-page"
          testId="pilot-charts"
          actions={
            pilot.example ? (
              <span
                data-testid="pilot-charts-example-badge"
                className="rounded border border-accent bg-surface-2 px-1.5 py-0.5 text-xs font-semibold text-text print:border-black"
              >
                {t('exampleBadge')}
              </span>
            ) : undefined
          }
        >
          <WeekCharts series={series} fmt={fmt} thresholds={pilot.thresholds} />
        </Card>
      ) : null}

      <Card title={t('sectionGrid')} className="print:hidden">
        <p className="mb-3 text-sm text-muted">{t('gridHelp', { currency })}</p>
        <div className="flex flex-col gap-6">
          {(['api', 'selfHosted'] as const).map((side) => (
            <section key={side} aria-label={t(`side.${side}`)}>
              <h3 className="mb-1 flex items-center gap-2 text-sm font-semibold">
                <span
                  aria-hidden="true"
                  className="inline-block h-2.5 w-2.5 rounded-full"
                  style={{ background: side === 'api' ? 'var(--series-api)' : 'var(--series-self)' }}
                />
                {t(`side.${side}`)}
              </h3>
              <DayGrid side={side} evaluation={e} series={series} fmt={fmt} />
            </section>
          ))}
        </div>
      </Card>

      <Card title={t('evidenceTitle')} className="print:hidden">
        <EvidencePanel />
      </Card>

      <div className="grid gap-4 xl:grid-cols-2 print:hidden">
        <Card title={t('sectionIncidents')}>
          <IncidentLog fmt={fmt} summary={e?.incidents} nextDay={Math.max(1, e?.daysElapsed ?? 1)} />
        </Card>
        <Card title={t('sectionChecklist')}>
          <ChecklistPanel summary={e?.checklist} />
        </Card>
      </div>

      <div className="grid gap-4 xl:grid-cols-2 print:hidden">
        <Card title={t('sectionSettings')}>
          <SettingsPanel />
        </Card>
        <Card title={t('sectionReasons')}>
          <ReasonsPanel />
        </Card>
      </div>
    </div>
  );
}
