import { useDeferredValue, useMemo } from 'react';
import { usePacedResult } from '../../components/chart/pacing';
import { DeploymentSummaryCard } from '../../components/deployment-summary';
import { Banner, Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import { findModel } from '../../core/catalog/catalog';
import { useAppStore } from '../../state/store';
import { ClaimsCard } from './claims-card';
import { CustomModelCard } from './custom-model';
import { EngineLogCard } from './engine-log-card';
import { VerdictCard, WorkTable } from './fit-panel';
import { FrontierChart } from './frontier-chart';
import { CheckpointCard, GpuTable } from './gpu-table';
import { InputsPanel, issueText } from './inputs-panel';
import { LayoutsCard } from './layouts-card';
import { hardwareMessages } from './messages';
import { RooflinePanel } from './roofline-panel';
import { ServingClaimsCard } from './serving-claims-card';
import { TopVerdict } from './top-verdict';
import { useHardwareReport } from './use-hardware';
import { VendorNote } from './vendor-note';
import { WarningsList } from './warnings-list';

/**
 * Hardware fit: does the model fit on these GPUs, by how much, what would it take, and how
 * fast would it decode. Every figure comes from the worker; this page only lays them out.
 */
export function HardwarePage() {
  const t = useT(hardwareMessages);
  const language = useLanguage();
  // The figures follow the inputs in a deferred render: a slider's step is drawn in its input
  // event, the cards and charts after it, in a render that gives way to the next step.
  const scenario = useDeferredValue(useAppStore((s) => s.scenario));
  const report = useHardwareReport(scenario);
  const result = report.data;
  const catalogModel = findModel(scenario.selfHosted.modelId);
  const spec = catalogModel ?? (scenario.selfHosted.modelId === 'custom' ? scenario.hardware.customModel : null);
  const mla = spec ? spec.attention.some((g) => g.kind === 'mla') : false;
  const issues = result && !result.ok ? result.issues : [];
  const r = result && result.ok ? result.report : null;
  // The charts take the newest report one at a time, each in a task of its own after a paint
  // (components/chart/pacing.tsx): while a slider moves, no task redraws all of them.
  const frontierReport = usePacedResult('hw-frontier', 1, r);
  const rooflineReport = usePacedResult('hw-roofline', 2, r);
  // Built once per report: an input that has not brought a new report yet does not redraw them.
  const reportCards = useMemo(
    () =>
      r ? (
        <>
          <VerdictCard report={r} t={t} />
          <VendorNote report={r} t={t} />
          <LayoutsCard report={r} />
          <WarningsList warnings={r.warnings} t={t} />
          <WorkTable report={r} t={t} />
        </>
      ) : null,
    [r, t],
  );
  const charts = useMemo(
    () =>
      frontierReport && rooflineReport ? (
        <div className="grid min-w-0 gap-4 2xl:grid-cols-2">
          <Card title={t('frontierTitle')}>
            <FrontierChart report={frontierReport} t={t} />
          </Card>
          <RooflinePanel report={rooflineReport} t={t} />
        </div>
      ) : null,
    [frontierReport, rooflineReport, t],
  );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(300px,380px)_minmax(0,1fr)]" data-testid="hardware-page" aria-busy={report.isFetching}>
      {/* The deployment the TCO page prices, and where the pages disagree about it. */}
      <div className="lg:col-span-2">
        <DeploymentSummaryCard />
      </div>
      {/* Below the two-column width the inputs come first: the verdict sits above them too. */}
      <TopVerdict report={r} invalid={issues.length > 0} t={t} />
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <InputsPanel issues={issues} mla={mla} modelMax={spec?.maxContext ?? null} />
        <CustomModelCard t={t} />
      </div>
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        {report.isError ? (
          <Banner tone="bad" role="alert">
            {t('failed', { message: report.error instanceof Error ? report.error.message : String(report.error) })}
          </Banner>
        ) : null}
        {issues.length > 0 ? (
          <Banner tone="warn" role="alert" testId="hw-invalid">
            <p className="font-medium">{t('invalidSetup')}</p>
            <ul className="mt-1 list-disc pl-5">
              {issues.map((i) => (
                <li key={`${i.field}-${i.code}`}>{issueText(t, language, i)}</li>
              ))}
            </ul>
          </Banner>
        ) : null}
        {!result && !report.isError ? <p className="text-sm text-muted">{t('computing')}</p> : null}
        {r ? (
          <>
            {reportCards}
            {charts}
            <GpuTable report={r} t={t} />
            <EngineLogCard scenario={scenario} />
            <CheckpointCard report={r} t={t} />
          </>
        ) : null}
        <ServingClaimsCard scenario={scenario} />
        <ClaimsCard scenario={scenario} t={t} />
      </div>
    </div>
  );
}
