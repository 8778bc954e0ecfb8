import { useDeferredValue, useMemo, useState } from 'react';
import { Banner, Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { BenchRun, SloLimits } from '../../core/benchmarks/run-schema';
import { measuredThroughput } from '../../core/benchmarks/views';
import { formatInteger } from '../../lib/format/format';
import { clearQuarantine, DEFAULT_SLO, deleteFile, deleteRun, type StoredFile } from '../../lib/storage/runs-db';
import { useAppStore } from '../../state/store';
import { CompareSection } from './compare-section';
import { FilesPanel } from './files-panel';
import { formatRate, measuredLabel } from './format-bench';
import { ImportPanel } from './import-panel';
import { benchmarksMessages } from './messages';
import { RunsTable } from './runs-table';
import { SloPanel } from './slo-panel';
import { useGoodput, useInvalidateRuns, useSaveSlo, useSloLimits, useStoredRuns } from './use-benchmarks';

const MAX_COMPARE = 8;

/**
 * Area C: imported load-test results. Drop files, see every run normalised in one table, tick
 * runs to compare, and hand one run's throughput to the TCO scenario as "measured".
 */
export function BenchmarksPage() {
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const stored = useStoredRuns();
  const invalidate = useInvalidateRuns();
  const slo = useSloLimits();
  const saveSlo = useSaveSlo();
  const limits: SloLimits = slo.data ?? DEFAULT_SLO;
  const runs = useMemo(() => stored.data?.runs ?? [], [stored.data]);
  const files = useMemo(() => stored.data?.files ?? [], [stored.data]);
  const goodput = useGoodput(runs, slo.data);
  // The table and charts follow the data in a background render React can interrupt, so new
  // results never hold the main thread for long.
  const shownRuns = useDeferredValue(runs);
  const [picked, setPicked] = useState<string[]>([]);
  const [notice, setNotice] = useState<{ tone: 'info' | 'bad'; text: string } | null>(null);
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

  function useMeasured(run: BenchRun) {
    const current = useAppStore.getState().scenario.selfHosted.throughput;
    const m = measuredThroughput(run, current.basis);
    if (!m) {
      setNotice({ tone: 'bad', text: t('measured.none') });
      return;
    }
    const label = measuredLabel(t, language, run);
    useAppStore.getState().updateSection('selfHosted', {
      throughput: {
        source: 'measured',
        tokensPerSecond: m.tokensPerSecond,
        basis: m.basis,
        // The latency the throughput was accepted at: the end-to-end limit, else the TTFT limit.
        latencyTargetMs: limits.e2elMs ?? limits.ttftMs ?? null,
        measuredRun: {
          label,
          tool: run.tool,
          fileHash: run.source.fileHash,
          outputTokensPerSecond: run.throughput.outputTokensPerS ?? 0,
          totalTokensPerSecond: run.throughput.totalTokensPerS ?? 0,
          concurrency: run.load.concurrency ?? run.load.measuredConcurrency,
        },
      },
    });
    const unit = m.basis === 'output' ? t('q.outputTokensPerS') : t('q.totalTokensPerS');
    setNotice({ tone: 'info', text: t('measured.done', { tps: `${formatRate(language, m.tokensPerSecond)} ${unit}`, label }) });
  }

  async function removeRun(run: BenchRun) {
    await deleteRun(run.id);
    await invalidate();
  }

  async function removeFile(file: StoredFile) {
    await deleteFile(file.hash);
    await invalidate();
  }

  return (
    <div className="flex flex-col gap-4" data-testid="benchmarks-page">
      <ImportPanel onImported={(ids) => setPicked((p) => [...new Set([...p, ...ids])].slice(-MAX_COMPARE))} />

      {notice ? (
        <Banner tone={notice.tone} testId="measured-notice" role={notice.tone === 'bad' ? 'alert' : 'status'}>
          {notice.text}
        </Banner>
      ) : null}

      <Card
        title={t('runs.title')}
        testId="bench-runs"
        actions={runs.length > 0 ? <span className="text-xs text-muted">{t('runs.count', { n: formatInteger(language, runs.length), files: formatInteger(language, files.length) })}</span> : null}
      >
        {stored.isError ? (
          <p role="alert" className="text-sm text-bad">
            {t('runs.loadFailed', { reason: stored.error instanceof Error ? stored.error.message : String(stored.error) })}
          </p>
        ) : null}
        <div className="mb-4">
          <SloPanel limits={limits} onChange={(l) => saveSlo.mutate(l)} />
        </div>
        {runs.length === 0 ? (
          <p className="text-sm text-muted">{t('runs.empty')}</p>
        ) : (
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

      <CompareSection runs={deferredSelection} maxSelected={MAX_COMPARE} onClear={() => setPicked([])} />

      <FilesPanel
        files={files}
        runCounts={runCounts}
        quarantined={stored.data?.quarantined ?? []}
        onDelete={(f) => void removeFile(f)}
        onClearQuarantine={() => void clearQuarantine().then(invalidate)}
      />
    </div>
  );
}
