import { countIn } from '../../lib/i18n/count';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Banner, Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, SloLimits } from '../../core/benchmarks/run-schema';
import { planMeasuredThroughput, type Deployment, type LatencyNote, type MeasuredPlan } from '../../core/benchmarks/measured';
import { findModel } from '../../core/catalog/catalog';
import type { Scenario } from '../../core/scenario/schema';
import { formatPercent } from '../../lib/format/format';
import { storageFailureText } from '../../lib/i18n/storage';
import { storageFailure } from '../../platform/idb';
import { useStoredRunsQuery } from '../../lib/query/benchmarks';
import { DEFAULT_SLO, type StoredFile } from '../../lib/storage/runs-db';
import { useAppStore } from '../../state/store';
import { CompareSection } from './compare-section';
import { FilesPanel } from './files-panel';
import { formatMs, formatRate, measuredLabel } from './format-bench';
import { ImportPanel } from './import-panel';
import { PublishedExample } from './published-example';
import { benchmarksMessages } from './messages';
import { RunsTable } from './runs-table';
import { SeriesPanel } from './series-panel';
import { SloPanel } from './slo-panel';
import { useGoodput, useRunWrites, useSaveSlo, useSloLimits } from './use-benchmarks';

const MAX_COMPARE = 8;

/** The scenario's self-hosted model and the names a benchmark file may call it. */
function deploymentOf(scenario: Scenario): Deployment {
  const id = scenario.selfHosted.modelId;
  if (id === 'custom') return { modelId: id, names: scenario.hardware.customModel ? [scenario.hardware.customModel.name] : [] };
  const record = findModel(id);
  return { modelId: id, names: record ? [record.id, record.name] : [id] };
}

type OkPlan = Extract<MeasuredPlan, { kind: 'ok' }>;

/**
 * Area C: imported load-test results. Drop files, see every run normalised in one table, tick
 * runs to compare, and hand one run's throughput to the TCO scenario as "measured".
 */
export function BenchmarksPage() {
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const stored = useStoredRunsQuery();
  const writes = useRunWrites();
  const slo = useSloLimits();
  const saveSlo = useSaveSlo();
  const limits: SloLimits = slo.data ?? DEFAULT_SLO;
  const runs = useMemo(() => stored.data?.runs ?? [], [stored.data]);
  const files = useMemo(() => stored.data?.files ?? [], [stored.data]);
  const unstored = stored.data?.unstored ?? [];
  const tablesUnstored = stored.data?.tablesUnstored ?? [];
  const goodput = useGoodput(runs, slo.data);
  // The table and charts follow the data in a background render React can interrupt, so new
  // results never hold the main thread for long.
  const shownRuns = useDeferredValue(runs);
  const [picked, setPicked] = useState<string[]>([]);
  const clearPicked = useCallback(() => setPicked([]), []);
  const [notice, setNotice] = useState<{ tone: 'info' | 'bad'; text: string } | null>(null);
  const [pending, setPending] = useState<OkPlan | null>(null);
  // The question appears above the table: move focus (and the view) to it.
  const useAnywayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (pending) useAnywayRef.current?.focus();
  }, [pending]);
  const throughput = useAppStore((s) => s.scenario.selfHosted.throughput);

  // Ticked runs that still exist, in the order they were ticked.
  const selectedRuns = useMemo(() => picked.map((id) => runs.find((r) => r.id === id)).filter((r): r is BenchRun => r !== undefined), [picked, runs]);
  const selected = useMemo(() => new Set(selectedRuns.map((r) => r.id)), [selectedRuns]);
  const deferredSelection = useDeferredValue(selectedRuns);
  const runCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const r of runs) m.set(r.source.fileHash, (m.get(r.source.fileHash) ?? 0) + 1);
    return m;
  }, [runs]);

  function toggle(id: string) {
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.filter((x) => selected.has(x)), id].slice(-MAX_COMPARE)));
  }

  const tpsText = (plan: OkPlan) => `${formatRate(language, plan.throughput.tokensPerSecond)} ${t(`measured.unit.${plan.throughput.basis}`)}`;

  function latencyText(note: LatencyNote): string | null {
    if (note.kind === 'applies') return t('measured.latency.applies', { metric: t(`metric.${note.limit}`), ms: formatMs(language, note.ms) });
    if (note.reason === 'no-limit') return null;
    return t(`measured.latency.${note.reason}`, { share: formatPercent(language, note.share ?? 0, 1) });
  }

  function applyMeasured(plan: OkPlan) {
    useAppStore.getState().updateSection('selfHosted', { throughput: plan.throughput });
    setPending(null);
    const latency = latencyText(plan.latency);
    setNotice({ tone: 'info', text: `${t('measured.done', { tps: tpsText(plan), label: plan.throughput.measuredRun.label })}${latency ? ` ${latency}` : ''}` });
  }

  function useMeasured(run: BenchRun) {
    const scenario = useAppStore.getState().scenario;
    const plan = planMeasuredThroughput(run, {
      basis: scenario.selfHosted.throughput.basis,
      deployment: deploymentOf(scenario),
      limits,
      goodput: goodput.data?.[run.id],
      label: measuredLabel(t, language, run),
    });
    if (plan.kind === 'refuse') {
      setPending(null);
      setNotice({ tone: 'bad', text: t(`measured.refuse.${plan.reason}`, { missing: plan.missing ? t(`measured.missing.${plan.missing}`) : '' }) });
      return;
    }
    // A run of another model or of an API endpoint is a real measurement of something else: ask first.
    if (plan.warnings.length > 0) {
      setNotice(null);
      setPending(plan);
      return;
    }
    applyMeasured(plan);
  }

  async function removeRun(run: BenchRun) {
    await writes.deleteRun.mutateAsync(run.id);
  }

  async function removeFile(file: StoredFile) {
    await writes.deleteFile.mutateAsync(file.hash);
  }

  return (
    <div className="flex flex-col gap-4" data-testid="benchmarks-page">
      <ImportPanel onImported={(ids) => setPicked((p) => [...new Set([...p, ...ids])].slice(-MAX_COMPARE))} />

      {pending ? (
        <Banner tone="warn" testId="measured-confirm" role="alert">
          <p className="font-medium">{t('measured.confirm')}</p>
          <ul className="mt-1 list-disc pl-5 break-words">
            {pending.warnings.map((w) => (
              <li key={w.code} data-code={w.code}>
                {w.code === 'api-endpoint'
                  ? t('measured.warn.api-endpoint', { provider: w.provider ? ` (${w.provider})` : '' })
                  : w.code === 'model-mismatch'
                    ? t('measured.warn.model-mismatch', { runModel: w.runModel, deployment: w.deployment })
                    : t('measured.warn.model-not-stated', { deployment: w.deployment })}
              </li>
            ))}
          </ul>
          <p className="mt-1">{t('measured.confirmQuestion', { tps: tpsText(pending) })}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Button size="sm" className="font-medium" onClick={() => applyMeasured(pending)} data-testid="measured-use-anyway" ref={useAnywayRef}>
              {t('measured.useAnyway')}
            </Button>
            <Button variant="link" size="sm" className="text-accent" onClick={() => setPending(null)} data-testid="measured-cancel">
              {t('measured.cancel')}
            </Button>
          </div>
        </Banner>
      ) : null}

      {notice ? (
        <Banner tone={notice.tone} testId="measured-notice" role={notice.tone === 'bad' ? 'alert' : 'status'}>
          {notice.text}
        </Banner>
      ) : null}

      <Card
        title={t('runs.title')}
        testId="bench-runs"
        actions={
          runs.length > 0 ? (
            <span className="text-xs text-muted">
              {t('runs.count', {
                runs: countIn(benchmarksMessages, language, 'runs', runs.length),
                files: countIn(benchmarksMessages, language, 'files', files.length),
              })}
            </span>
          ) : null
        }
      >
        {stored.isError || stored.data?.readFailure ? (
          <p role="alert" className="text-sm text-bad">
            {t('runs.loadFailed', { reason: storageFailureText(language, stored.data?.readFailure ?? storageFailure(stored.error)) })}
          </p>
        ) : null}
        {unstored.length > 0 ? (
          <p role="status" className="mb-2 text-sm text-warn" data-testid="bench-unstored">
            {t('runs.unstored', {
              files: countIn(benchmarksMessages, language, 'files', unstored.length),
              reason: storageFailureText(language, (unstored[0] as (typeof unstored)[number]).reason),
            })}
          </p>
        ) : null}
        {tablesUnstored.length > 0 ? (
          <p role="status" className="mb-2 text-sm text-warn" data-testid="bench-tables-unstored">
            {t('runs.tablesUnstored', {
              runs: countIn(benchmarksMessages, language, 'runs', tablesUnstored.length),
              reason: storageFailureText(language, (tablesUnstored[0] as (typeof tablesUnstored)[number]).reason),
            })}
          </p>
        ) : null}
        <div className="mb-4">
          <SloPanel limits={limits} onChange={(l) => saveSlo.mutate(l)} />
        </div>
        {runs.length === 0 ? <p className="text-sm text-muted">{t('runs.empty')}</p> : null}
        {/* A newcomer without results of their own can fill the page from the published library. */}
        {stored.isSuccess && runs.every((r) => r.published !== undefined) ? (
          <PublishedExample onLoaded={(ids) => setPicked((p) => [...new Set([...p, ...ids])].slice(-MAX_COMPARE))} />
        ) : null}
        {runs.length === 0 ? null : (
          <RunsTable
            runs={shownRuns}
            files={files}
            selected={selected}
            maxSelected={MAX_COMPARE}
            onToggle={toggle}
            goodput={goodput.data}
            limits={limits}
            measuredHash={throughput.source === 'measured' ? (throughput.measuredRun?.fileHash ?? null) : null}
            measuredLabel={throughput.source === 'measured' ? (throughput.measuredRun?.label ?? null) : null}
            onUseMeasured={useMeasured}
            onDelete={(r) => void removeRun(r)}
          />
        )}
      </Card>

      <SeriesPanel runs={shownRuns} files={files} />

      <CompareSection runs={deferredSelection} maxSelected={MAX_COMPARE} onClear={clearPicked} />

      <FilesPanel
        files={files}
        runCounts={runCounts}
        quarantined={stored.data?.quarantined ?? []}
        onDelete={(f) => void removeFile(f)}
        onClearQuarantine={() => writes.clearQuarantine.mutate()}
      />
    </div>
  );
}
