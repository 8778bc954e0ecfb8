import { lazy, memo, Suspense, useCallback, useMemo, useState } from 'react';
import { Banner, Card } from '../../components/card';
import { FactsList } from '../../components/facts-list';
import { Help } from '../../components/help';
import { useLanguage, useT } from '../../components/use-t';
import { findPreset, type ArticleId, type PresetId } from '../../core/presets/presets';
import type { Scenario } from '../../core/scenario/schema';
import type { TcoEvaluation } from '../../core/tco/evaluate';
import { useAppStore } from '../../state/store';
import { BillingCard } from './billing/billing-card';
import { billingMessages } from './billing/billing-messages';
import { ClaimCheckCard } from './claim-check';
import { makeFmt, type Fmt } from '../../lib/format/fmt';
import { HorizonFacts } from './charts/horizon-facts';
import { InputsPanel } from './inputs/inputs-panel';
import { tcoMessages, type TcoT } from './messages';
import { PresetPicker } from './inputs/preset-picker';
import { WorkloadSource } from '../../components/workload-source';
import { DeploymentSummaryView, useDeploymentCheck } from '../../components/deployment-summary';
import { usePacedResult } from '../../components/chart/pacing';
import { useAfterPaint } from '../../components/use-after-paint';
import { loadPresetScenario } from '../../lib/query/tco';
import { useTcoEvaluation, useTcoKeys, useTcoMonteCarlo, useTcoTornado } from './use-tco';
import { CapacityNotes } from './capacity/capacity-notes';
import { crossCheckSentence, figureText, VerdictPanel } from './verdict';
import { lazyChart } from '../../components/lazy-chart';

// The charts' code loads after the verdict has rendered; each placeholder
// is about its chart's height.
const CostVolumeChart = lazyChart(() => import('./charts/cost-volume-chart').then((m) => m.CostVolumeChart), 420);
const BreakdownChart = lazyChart(() => import('./charts/breakdown-chart').then((m) => m.BreakdownChart), 300);
const UtilisationGauge = lazyChart(() => import('./charts/utilisation-gauge').then((m) => m.UtilisationGauge), 250);
const HybridChart = lazyChart(() => import('./charts/hybrid-chart').then((m) => m.HybridChart), 280);
const TornadoChart = lazyChart(() => import('./charts/tornado-chart').then((m) => m.TornadoChart), 300);
const HorizonChart = lazyChart(() => import('./charts/horizon-chart').then((m) => m.HorizonChart), 340);
const CashFlowChart = lazyChart(() => import('./charts/cash-flow-chart').then((m) => m.CashFlowChart), 300);
const MonteCarloChart = lazyChart(() => import('./charts/monte-carlo-chart').then((m) => m.MonteCarloChart), 320);
// The capacity panel imports its charts statically: it loads after the
// verdict, like the charts above.
const CapacityPanel = lazy(() => import('./capacity/capacity-panel').then((m) => ({ default: m.CapacityPanel })));
const PlansPanel = lazy(() => import('./plans/plans-panel').then((m) => ({ default: m.PlansPanel })));

/**
 * The TCO and break-even page: the verdict with the numbers behind it, KPI cards, the charts,
 * the inputs (sliders on what analysts drag), presets and the article claim check.
 *
 * Speed while a slider is dragged: every computation runs in the worker; the verdict, KPIs,
 * gauge and facts follow each result at once (plain DOM, cheap); the charts (plain SVG drawn by
 * the chart kit's plot parts) adopt new results one chart per task after each paint, the
 * uncertainty views less often while input keeps coming (usePacedResult, components/chart/pacing.tsx), so input is handled between them
 * and no single task redraws them all; every chart is memoised on its numbers;
 * the previous result stays on screen until the next one arrives.
 */
const BreakEvenDetails = memo(function BreakEvenDetails(props: {
  evaluation: TcoEvaluation;
  throughput: Scenario['selfHosted']['throughput'];
  fmt: Fmt;
  t: TcoT;
}) {
  const { evaluation: e, throughput, fmt, t } = props;
  const b = e.breakEven;
  const cross = crossCheckSentence(b, fmt, t);
  const windows = b.result.kind === 'at' && b.result.windows.length > 1 ? b.windowsTokensPerMonth : [];
  const cap = e.selfHosted.capacity;
  const basis = cap.basis === 'output' ? t('unit.outputTokens') : t('unit.tokens');
  return (
    <div className="grid gap-3 text-sm" data-testid="tco-break-even-details">
      {cross ? <p data-testid="tco-cross-check">{cross}</p> : null}
      <CapacityNotes evaluation={e} throughput={throughput} fmt={fmt} t={t} />
      {windows.length > 0 ? (
        <p className="text-muted">
          {t('be.windows', {
            list: windows
              .slice(0, 4)
              .map((w) => `${fmt.compact(w.from)}–${w.to === null ? '∞' : fmt.compact(w.to)}`)
              .join(', '),
          })}
        </p>
      ) : null}
      <FactsList
        rows={[
          {
            label: t('facts.volume'),
            value: t('facts.volumeValue', {
              tokens: fmt.compact(e.volume.tokensPerMonth),
              tasks: e.volume.tasksCounted ? fmt.compact(e.volume.tasksPerMonth) : '–',
            }),
          },
          { label: t('facts.accepted'), value: e.volume.tasksCounted ? fmt.compact(e.volume.acceptedTasksPerMonth) : t('na.tasks-not-counted') },
          { label: t('facts.selfAttempts'), value: figureText(e.volume.selfAttemptsPerMonth, (v) => fmt.compact(v), t) },
          { label: t('facts.capacity', { basis }), value: fmt.compact(cap.tokensPerMonth), testId: 'tco-capacity-tokens' },
          { label: t('facts.demand', { basis }), value: fmt.compact(cap.demandTokensPerMonth) },
          {
            label: t('facts.peak'),
            value: t('facts.peakValue', { peak: fmt.compact(cap.peakDemandTokensPerSecond), capacity: fmt.compact(cap.enteredPeakCapacityTokensPerSecond) }),
          },
          { label: t('facts.perMAtMax', { basis }), value: figureText(e.selfHosted.perMillionTokensAtMaxUtilisation, (v) => fmt.moneySmall(v), t) },
          { label: t('facts.par'), value: `${fmt.number(e.shape.peakToAverage, 2)}×` },
          { label: t('facts.hours'), value: t('facts.hoursValue', { h: fmt.number(e.shape.runningHoursPerMonth, 0) }) },
          { label: t('facts.gpus'), value: fmt.number(e.selfHosted.gpus, 0) },
        ]}
      />
      {e.shape.notes.map((n) => (
        <p key={n} className="text-xs text-warn">
          {t(`shapeNote.${n}`)}
        </p>
      ))}
      {e.shape.offScheduleShare > 0 ? <p className="text-xs text-warn">{t('facts.offSchedule', { share: fmt.percent(e.shape.offScheduleShare, 0) })}</p> : null}
    </div>
  );
});

export function TcoPage() {
  const t = useT(tcoMessages);
  const bt = useT(billingMessages);
  const language = useLanguage();
  const currency = useAppStore((s) => s.currency);
  const scenario = useAppStore((s) => s.scenario);
  const replaceScenario = useAppStore((s) => s.replaceScenario);
  const fmt = useMemo(() => makeFmt(language, currency, scenario.fx), [language, currency, scenario.fx]);
  const keys = useTcoKeys(scenario);
  const { evalKey, uncertainKey } = keys;
  const evaluation = useTcoEvaluation(keys.evaluation);
  const tornado = useTcoTornado(keys.uncertain);
  const monteCarlo = useTcoMonteCarlo(keys.uncertain);
  // Each chart takes the newest result in its turn (cost chart first).
  const costEval = usePacedResult('tco-cost', 0, evaluation.data);
  const horizonEval = usePacedResult('tco-horizon', 1, evaluation.data);
  const breakdownEval = usePacedResult('tco-breakdown', 2, evaluation.data);
  const hybridEval = usePacedResult('tco-hybrid', 3, evaluation.data);
  const chartTornado = usePacedResult('tco-tornado', 4, tornado.data, 100);
  const chartMc = usePacedResult('tco-monte-carlo', 5, monteCarlo.data, 100);
  const chartEval = evaluation.data;

  const [article, setArticle] = useState<ArticleId>('a004');
  // The preset loaded last and the title it came with: "Loaded" shows while that scenario is still the one open.
  const [loaded, setLoaded] = useState<{ id: PresetId; name: string } | null>(null);
  const [previous, setPrevious] = useState<Scenario | null>(null);
  const [presetError, setPresetError] = useState<string | null>(null);
  const loadPreset = useCallback(
    async (id: PresetId) => {
      setPresetError(null);
      const r = await loadPresetScenario(id);
      if (!r.ok) {
        setPresetError(r.error);
        return;
      }
      setPrevious(useAppStore.getState().scenario);
      replaceScenario(r.scenario);
      setLoaded({ id, name: r.scenario.name });
      const a = findPreset(id)?.article;
      if (a) setArticle(a);
    },
    [replaceScenario],
  );
  const loadFromClaims = useCallback((id: PresetId) => void loadPreset(id), [loadPreset]);
  const undo = useCallback(() => {
    if (previous) replaceScenario(previous);
    setPrevious(null);
    setLoaded(null);
  }, [previous, replaceScenario]);

  // The title, the workload source and the verdict first; inputs, charts and details after
  // that frame is painted.
  const rest = useAfterPaint();
  const e = evaluation.data?.value;
  // The deployment the page prices, and where the areas disagree about it (docs/tco.md §12).
  const check = useDeploymentCheck();
  const flags = check.data?.value.flags;
  const baseSaving = chartTornado?.value.baseSaving ?? null;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="tco-page" data-eval-key={evalKey} data-uncertain-key={uncertainKey}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-xl font-semibold">{t('title')}</h1>
        <PresetPicker
          onLoad={(id) => void loadPreset(id)}
          onUndo={previous ? undo : null}
          loaded={loaded && loaded.name === scenario.name ? loaded.id : null}
          error={presetError}
        />
      </div>
      <WorkloadSource />
      {check.data ? (
        <DeploymentSummaryView check={check.data.value} />
      ) : (
        <div aria-hidden="true" className="min-h-[5.5rem] rounded-lg border border-border bg-surface" />
      )}
      {evaluation.error ? (
        <Banner tone="bad" role="alert">
          {t('error', { message: evaluation.error.message })}
        </Banner>
      ) : null}
      {e && evaluation.data ? (
        <>
          <VerdictPanel
            evaluation={e}
            scenario={scenario}
            {...(flags ? { flags } : {})}
            resultKey={evaluation.data.key}
            stale={evaluation.data.key !== evalKey}
            fmt={fmt}
            t={t}
          />
          <CapacityNotes evaluation={e} throughput={scenario.selfHosted.throughput} fmt={fmt} t={t} only="problems" />
        </>
      ) : (
        <p className="text-sm text-muted">{t('computing')}</p>
      )}
      {rest ? (
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(300px,380px)]">
          <aside aria-label={t('inputsLabel')} className="min-w-0 lg:sticky lg:top-28 lg:order-2 lg:max-h-[calc(100vh-8rem)] lg:self-start lg:overflow-y-auto">
            <InputsPanel />
          </aside>
          <div className="grid min-w-0 content-start gap-4 lg:order-1">
            {chartEval && costEval && horizonEval && breakdownEval && hybridEval ? (
              <>
                <Card testId="tco-cost-card">
                  <CostVolumeChart curves={costEval.value.curves} breakEven={costEval.value.breakEven} resultKey={costEval.key} fmt={fmt} t={t} />
                </Card>
                <div className="grid gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
                  <Card>
                    <BreakdownChart evaluation={breakdownEval.value} resultKey={breakdownEval.key} fmt={fmt} t={t} />
                  </Card>
                  <Card>
                    <UtilisationGauge evaluation={chartEval.value} resultKey={chartEval.key} fmt={fmt} t={t} />
                  </Card>
                </div>
                <Card testId="tco-horizon-card">
                  <HorizonChart horizon={horizonEval.value.horizon} resultKey={horizonEval.key} fmt={fmt} t={t} />
                  <div className="mt-4">
                    <CashFlowChart horizon={horizonEval.value.horizon} resultKey={horizonEval.key} fmt={fmt} />
                  </div>
                  <div className="mt-3">
                    <HorizonFacts horizon={chartEval.value.horizon} fmt={fmt} />
                  </div>
                </Card>
                <Card title={bt('card.title')} testId="tco-billing-card">
                  <BillingCard evaluation={chartEval.value} resultKey={chartEval.key} fmt={fmt} t={t} />
                </Card>
                <Card>
                  <HybridChart evaluation={hybridEval.value} resultKey={hybridEval.key} fmt={fmt} t={t} />
                </Card>
              </>
            ) : null}
            <Suspense fallback={<div aria-hidden="true" className="rounded-md bg-surface-2" style={{ height: 360 }} />}>
              <CapacityPanel fmt={fmt} />
            </Suspense>
            <Suspense fallback={<div aria-hidden="true" className="rounded-md bg-surface-2" style={{ height: 240 }} />}>
              <PlansPanel fmt={fmt} />
            </Suspense>
            <div className="grid gap-4 xl:grid-cols-2">
              <Card title={t('sensitivityTitle')}>
                {chartTornado ? (
                  <TornadoChart tornado={chartTornado.value} resultKey={chartTornado.key} fmt={fmt} t={t} />
                ) : (
                  <p className="text-sm text-muted">{t('computing')}</p>
                )}
              </Card>
              <Card title={t('uncertaintyTitle')}>
                {chartMc ? (
                  <MonteCarloChart result={chartMc.value} baseSavingUsd={baseSaving} resultKey={chartMc.key} fmt={fmt} t={t} />
                ) : (
                  <p className="text-sm text-muted">{t('computing')}</p>
                )}
              </Card>
            </div>
            {chartEval ? (
              <Card
                title={t('detailsTitle')}
                actions={
                  <span className="text-xs text-muted">
                    {t('detailsHint')}
                    <Help topic="breakEven" />
                  </span>
                }
              >
                <BreakEvenDetails evaluation={chartEval.value} throughput={scenario.selfHosted.throughput} fmt={fmt} t={t} />
              </Card>
            ) : null}
          </div>
        </div>
      ) : (
        <div aria-hidden="true" className="min-h-screen" />
      )}
      {rest ? <ClaimCheckCard article={article} onArticle={setArticle} onLoad={loadFromClaims} language={language} t={t} /> : null}
    </div>
  );
}
