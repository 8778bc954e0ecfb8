import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Banner, Card, Kpi } from '../../components/card';
import { todayIso } from '../../components/source-badge';
import { useLanguage, useT } from '../../components/use-t';
import { WorkloadSource } from '../../components/workload-source';
import { DeploymentSummaryView, useDeploymentCheck } from '../../components/deployment-summary';
import type { CoherenceFlag } from '../../core/deployment/coherence';
import { assumptionRows, withOrigin } from '../../core/export/assumptions';
import { toCsv } from '../../core/export/csv';
import type { HardwareReportResult } from '../../core/hardware/report';
import type { PilotEvaluation } from '../../core/pilot/evaluate';
import type { Scenario } from '../../core/scenario/schema';
import type { Figure, TcoEvaluation } from '../../core/tco/evaluate';
import { downloadText, fileSlug } from '../../lib/export/download';
import { formatCompact, formatDate, formatMoney, formatNumber } from '../../lib/format/format';
import { GLOSSARY_TERMS, glossary, type GlossaryT } from '../../lib/i18n/glossary';
import { useSessionStore } from '../../state/session';
import { useAppStore } from '../../state/store';
import { AssumptionsTable, assumptionValueText, useAssumptionLabel } from './assumptions-table';
import { CatalogBasisLine } from './catalog-basis';
import { CompareView, type CompareSlot } from './compare-view';
import { reportMessages, type ReportT } from './messages';
import { Presentation, type Slide } from './presentation';
import { useReportResults } from './use-report';

type Money = (usd: number | null | undefined) => string;

const NO_FLAGS: readonly CoherenceFlag[] = [];

function figure(f: Figure, money: Money, t: ReportT): string {
  return f.ok ? money(f.value) : t('notAvailable');
}

export function breakEvenText(e: TcoEvaluation, compact: (n: number | null) => string, t: ReportT): string {
  const r = e.breakEven.result;
  if (r.kind === 'at') return t('be.at', { tokens: compact(e.breakEven.tokensPerMonth), tasks: compact(e.breakEven.tasksPerMonth) });
  return r.kind === 'always' ? t('be.always') : t('be.never');
}

export function fitText(fit: HardwareReportResult | undefined, s: Scenario, bytes: (n: number) => string, t: ReportT): string {
  if (!fit) return '…';
  if (!fit.ok) return t('fitUnknown', { problem: fit.issues.map((i) => `${i.field}: ${i.code}`).join('; ') });
  const r = fit.report;
  const v = r.memory.verdict;
  const params = { model: r.model.name, gpus: s.selfHosted.gpusPerReplica, gpu: r.gpu.name };
  return v.fits ? t('fitYes', { ...params, free: bytes(v.headroomPerGpu) }) : t('fitNo', { ...params, short: bytes(-v.headroomPerGpu) });
}

/** The pilot's decision in the glossary's words, marked provisional or as example data. */
export function pilotText(p: PilotEvaluation | undefined, s: Scenario, t: ReportT, g: GlossaryT): string {
  if (!p || p.daysElapsed === 0) return t('pilotNone');
  const decision = g(`decision.${p.decision}`);
  const text = p.status === 'final' ? decision : t('pilotProvisional', { decision, days: p.daysElapsed });
  // Example weeks are for learning the scorecard; never present them as evidence.
  return s.pilot.example ? `${text} ${t('pilotExample')}` : text;
}

/**
 * What other features contribute to the report, handed in by the app (src/app/report-route.tsx),
 * the one place where features meet: the TCO charts, the capacity at the latency target and the
 * chart comparing saved scenarios.
 */
export interface ReportSlots {
  charts: (props: { tco: TcoEvaluation; resultKey: string }) => ReactNode;
  /** The latency target, the operating point with its provenance and the cost-per-1M headline chart. */
  capacity: () => ReactNode;
  compareChart: CompareSlot;
  /** The verdict in the TCO page's words (the model, the GPUs, the API offer; a blocking flag first). */
  verdict: (props: { tco: TcoEvaluation; flags: readonly CoherenceFlag[] }) => ReactNode;
  /** The money over the horizon and the main risks (uncertainty analysis, the deployment's flags). */
  lead: (props: { tco: TcoEvaluation; flags: readonly CoherenceFlag[] }) => ReactNode;
  /** The cheapest plans of the search over every GPU, layout, billing mode and API offer. */
  plans: () => ReactNode;
}

export function ReportPage(props: { slots: ReportSlots }) {
  const { slots } = props;
  const t = useT(reportMessages);
  const label = useAssumptionLabel();
  const g = useT(glossary);
  const language = useLanguage();
  const scenario = useAppStore((s) => s.scenario);
  const currency = useAppStore((s) => s.currency);
  const compareIds = useSessionStore((s) => s.compareIds);
  const [view, setView] = useState<'report' | 'compare'>(compareIds.length >= 2 ? 'compare' : 'report');
  const [presenting, setPresenting] = useState(false);
  const { tco, fit, pilot, error } = useReportResults(scenario);
  // Each input with where it comes from: the catalog, entered, or the example scenario's default.
  const rows = useMemo(() => withOrigin(assumptionRows(scenario)), [scenario]);

  const money: Money = (usd) => formatMoney(language, currency, scenario.fx, usd);
  const compact = (n: number | null) => (n === null ? t('notAvailable') : formatCompact(language, n));
  const bytes = (n: number) => `${formatNumber(language, n / 1e9, 1)} GB`;

  // One story: the deployment summary and the verdict as the TCO page tells them.
  const check = useDeploymentCheck();
  const flags = check.data?.value.flags ?? NO_FLAGS;
  const decision = tco ? slots.verdict({ tco, flags }) : null;
  const blocked = flags.some((f) => f.code === 'does-not-fit');
  const kpis = tco
    ? [
        {
          label: t('apiMonthly'),
          value: money(tco.api.monthlyUsd),
          sub: t('perMonth'),
          tone: tco.verdict.best === 'api' ? ('ok' as const) : ('neutral' as const),
        },
        {
          label: t('selfMonthly'),
          value: money(tco.selfHosted.monthlyUsd),
          sub: blocked ? t('notValidFit') : tco.selfHosted.feasible ? t('perMonth') : t('notServing'),
          tone: blocked || !tco.selfHosted.feasible ? ('bad' as const) : tco.verdict.best === 'self-hosted' ? ('ok' as const) : ('neutral' as const),
        },
        {
          label: t('hybridMonthly'),
          value: money(tco.hybrid.monthlyUsd),
          sub: t('perMonth'),
          tone: tco.verdict.best === 'hybrid' ? ('ok' as const) : ('neutral' as const),
        },
        { label: t('perAcceptedApi'), value: figure(tco.api.perAcceptedTask, money, t) },
        { label: t('perAcceptedSelf'), value: figure(tco.selfHosted.perAcceptedTask, money, t) },
        {
          label: t('breakEven'),
          value: tco.breakEven.result.kind === 'at' ? compact(tco.breakEven.tokensPerMonth) : tco.breakEven.result.kind === 'never' ? '—' : '0',
          sub: breakEvenText(tco, compact, t),
        },
      ]
    : [];

  function exportCsv(): void {
    const header = ['section', 'item', 'value', 'unit', 'source', 'checked', 'custom'];
    const body: (string | number | null)[][] = [['scenario', 'name', scenario.name, '', null, null, null]];
    const usage = scenario.usage.source;
    // Where the workload comes from, when it was taken from usage files (files, days, zone).
    if (usage)
      body.push([
        'scenario',
        'workload_source',
        `${usage.files.join(', ')}; ${usage.firstDay} – ${usage.lastDay}; ${usage.timeZone}`,
        '',
        'usage files',
        null,
        null,
      ]);
    if (tco) {
      const r = (item: string, value: number | null, unit: string) => body.push(['result', item, value, unit, null, null, null]);
      r('api_monthly_usd', tco.api.monthlyUsd, 'USD/month');
      r('self_hosted_monthly_usd', tco.selfHosted.monthlyUsd, 'USD/month');
      r('hybrid_monthly_usd', tco.hybrid.monthlyUsd, 'USD/month');
      r('api_per_accepted_task_usd', tco.api.perAcceptedTask.ok ? tco.api.perAcceptedTask.value : null, 'USD');
      r('self_hosted_per_accepted_task_usd', tco.selfHosted.perAcceptedTask.ok ? tco.selfHosted.perAcceptedTask.value : null, 'USD');
      r('break_even_tokens_per_month', tco.breakEven.tokensPerMonth, 'tokens/month');
      r('hybrid_owned_replicas', tco.hybrid.replicas, 'replicas');
      r('productive_utilisation', tco.selfHosted.utilisation.productive.ok ? tco.selfHosted.utilisation.productive.value : null, 'share');
      body.push(['result', 'best_option', tco.verdict.best, '', null, null, null]);
    }
    if (fit?.ok) body.push(['result', 'fits', fit.report.memory.verdict.fits ? 'yes' : 'no', '', null, null, null]);
    if (pilot && pilot.daysElapsed > 0)
      body.push(['result', 'pilot_decision', pilot.decision, scenario.pilot.example ? `${pilot.status}, example data` : pilot.status, null, null, null]);
    for (const a of rows) {
      body.push([
        'assumption',
        a.key,
        typeof a.value === 'boolean' ? String(a.value) : a.value,
        a.unit,
        a.source?.title ?? (a.origin === 'entered' ? 'entered' : 'example default'),
        a.source?.checked ?? null,
        a.custom ? String(a.custom.catalogValue) : null,
      ]);
    }
    downloadText(toCsv(header, body), `${fileSlug(scenario.name)}-report.csv`, 'text/csv;charset=utf-8');
  }

  function exportJson(): void {
    const payload = { scenario: scenario.name, generated: new Date().toISOString(), tco, fit, pilot, assumptions: rows };
    downloadText(`${JSON.stringify(payload, null, 2)}\n`, `${fileSlug(scenario.name)}-results.json`, 'application/json');
  }

  const slides: Slide[] = [
    {
      id: 'decision',
      title: t('decision'),
      body: (
        <div className="space-y-6">
          <p className="text-2xl font-semibold sm:text-3xl">{decision ?? t('loading')}</p>
          {tco ? <div className="text-base">{slots.lead({ tco, flags })}</div> : null}
          <div className="grid gap-4 sm:grid-cols-3">
            {kpis.slice(0, 3).map((k) => (
              <Kpi key={k.label} label={k.label} value={k.value} sub={k.sub} tone={k.tone} />
            ))}
          </div>
        </div>
      ),
    },
    {
      id: 'per-task',
      title: t('keyFigures'),
      body: (
        <div className="grid gap-4 sm:grid-cols-3">
          {kpis.slice(3).map((k) => (
            <Kpi key={k.label} label={k.label} value={k.value} sub={k.sub} />
          ))}
        </div>
      ),
    },
    ...(tco ? [{ id: 'charts', title: t('charts'), body: slots.charts({ tco, resultKey: 'report' }) }] : []),
    ...(tco ? [{ id: 'capacity', title: t('capacity'), body: slots.capacity() }] : []),
    { id: 'plans', title: t('plans'), body: slots.plans() },
    {
      id: 'fit-pilot',
      title: `${t('fit')} · ${t('pilot')}`,
      body: (
        <ul className="space-y-4">
          <li>{fitText(fit, scenario, bytes, t)}</li>
          <li>{pilotText(pilot, scenario, t, g)}</li>
        </ul>
      ),
    },
    {
      id: 'assumptions',
      title: t('assumptions'),
      body: (
        <div>
          <WorkloadSource note={false} className="mb-3 text-base text-muted" />
          <ul className="columns-1 gap-8 text-base sm:columns-2">
            {rows
              .filter((r) => r.group !== 'fx')
              .map((r) => (
                <li key={r.key} className="break-inside-avoid py-0.5">
                  <span className="text-muted">{label(r.key)}:</span> {assumptionValueText(language, r)}
                  {r.custom ? <span className="text-warn"> ({t('custom', { value: String(r.custom.catalogValue) })})</span> : null}
                </li>
              ))}
          </ul>
        </div>
      ),
    },
  ];

  const selected = 'bg-surface-2 font-semibold';
  return (
    <div className="space-y-4" data-testid="report">
      <div className="no-print flex flex-wrap items-center justify-between gap-2">
        <div className="flex gap-1" role="tablist" aria-label={t('title')}>
          <Button role="tab" aria-selected={view === 'report'} className={view === 'report' ? selected : undefined} onClick={() => setView('report')}>
            {t('title')}
          </Button>
          <Button
            role="tab"
            aria-selected={view === 'compare'}
            className={view === 'compare' ? selected : undefined}
            onClick={() => setView('compare')}
            data-testid="compare-tab"
          >
            {t('compareTitle')}
          </Button>
        </div>
        {view === 'report' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setPresenting(true)} data-testid="present">
              {t('present')}
            </Button>
            <Button onClick={exportCsv} data-testid="report-csv">
              {t('exportCsv')}
            </Button>
            <Button onClick={exportJson}>{t('exportJson')}</Button>
            <Button variant="primary" onClick={() => window.print()} data-testid="print">
              {t('print')}
            </Button>
          </div>
        ) : null}
      </div>

      {view === 'compare' ? (
        <CompareView compareChart={slots.compareChart} />
      ) : (
        <article className="report mx-auto max-w-[1100px] space-y-4">
          <header>
            <h1 className="text-2xl font-semibold" data-testid="report-title">
              {scenario.name}
            </h1>
            <p className="text-xs text-muted">{t('subtitle', { date: formatDate(language, todayIso()), currency })}</p>
          </header>
          {error ? (
            <Banner tone="bad" role="alert">
              {error instanceof Error ? error.message : String(error)}
            </Banner>
          ) : null}
          {check.data ? <DeploymentSummaryView check={check.data.value} actions={false} testId="report-deployment" /> : null}
          <Card title={t('decision')} testId="report-decision">
            <p className="text-lg font-semibold">{decision ?? t('loading')}</p>
            {tco ? <p className="mt-1 text-sm text-muted">{breakEvenText(tco, compact, t)}</p> : null}
            {tco ? <div className="mt-3">{slots.lead({ tco, flags })}</div> : null}
          </Card>
          <section aria-label={t('keyFigures')} className="grid grid-cols-2 gap-3 md:grid-cols-3 print:grid-cols-3" data-testid="report-kpis">
            {kpis.map((k) => (
              <Kpi key={k.label} label={k.label} value={k.value} sub={k.sub} tone={k.tone} />
            ))}
          </section>
          <Card testId="report-fit-pilot">
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('fit')}</dt>
                <dd data-testid="report-fit">{fitText(fit, scenario, bytes, t)}</dd>
              </div>
              <div>
                <dt className="text-xs font-medium uppercase tracking-wide text-muted">{t('pilot')}</dt>
                <dd data-testid="report-pilot">{pilotText(pilot, scenario, t, g)}</dd>
              </div>
            </dl>
          </Card>
          {tco ? (
            <Card title={t('charts')} className="break-inside-avoid">
              {slots.charts({ tco, resultKey: 'report' })}
            </Card>
          ) : null}
          {tco ? (
            <Card title={t('capacity')} className="break-inside-avoid" testId="report-capacity-card">
              {slots.capacity()}
            </Card>
          ) : null}
          <Card title={t('plans')} className="break-inside-avoid" testId="report-plans-card">
            {slots.plans()}
          </Card>
          <Card title={t('assumptions')} className="report-appendix">
            <p className="mb-2 text-xs text-muted">{t('assumptionsHint')}</p>
            <CatalogBasisLine scenario={scenario} />
            <WorkloadSource note={false} className="mb-2 text-xs" />
            <AssumptionsTable rows={rows} />
            <h3 className="mt-3 text-xs font-semibold">{t('terms')}</h3>
            <dl className="columns-1 gap-6 text-[0.7rem] leading-snug text-muted lg:columns-2 print:columns-3" data-testid="report-glossary">
              {GLOSSARY_TERMS.map((key) => {
                const text = g(key);
                const cut = text.indexOf(': ');
                return (
                  <div key={key} className="break-inside-avoid py-0.5">
                    <dt className="inline font-semibold text-text">{text.slice(0, cut)}: </dt>
                    <dd className="inline">{text.slice(cut + 2)}</dd>
                  </div>
                );
              })}
            </dl>
          </Card>
        </article>
      )}
      {presenting ? <Presentation slides={slides} onClose={() => setPresenting(false)} /> : null}
    </div>
  );
}
