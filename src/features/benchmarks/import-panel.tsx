import { countIn } from '../../lib/i18n/count';
import { useState, type DragEvent } from 'react';
import { ProgressBar } from '../../components/progress-bar';
import { Button } from '../../components/button';
import { ChooseFiles } from '../../components/choose-files';
import { Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import type { CsvMapping } from '../../core/benchmarks/csv';
import type { ImportProgress } from '../../core/benchmarks/import-contract';
import { TABLE_ROWS } from '../../core/benchmarks/request-table';
import { formatDateTime, formatInteger } from '../../lib/format/format';
import { storageFailureText } from '../../lib/i18n/storage';
import { filesFromDataTransfer, filesFromList, type DroppedFile } from '../../lib/files/dropped-files';
import { formatBytes } from './format-bench';
import { issueText } from './issue-text';
import { MappingDialog } from './mapping-dialog';
import { benchmarksMessages } from './messages';
import type { ImportOutcome } from '../../lib/query/benchmarks';
import { useImportFiles, useWarmImportHelpers } from './use-benchmarks';

function OutcomeItem(props: { outcome: ImportOutcome; onMap: (o: ImportOutcome) => void }) {
  const { outcome, onMap } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const [showRows, setShowRows] = useState(false);
  const r = outcome.result;
  const name = outcome.name;
  const format = r.format ?? '';
  let tone: 'ok' | 'warn' | 'bad' = 'ok';
  let head: string;
  if (r.status === 'needs-mapping') {
    tone = 'warn';
    head = t('result.needsMapping', { name });
  } else if (r.status === 'cancelled') {
    tone = 'warn';
    head = t('result.cancelled', { name });
  } else if (r.status === 'failed') {
    tone = 'bad';
    head = t('result.failed', { name });
  } else if (outcome.saved?.status === 'duplicate') {
    tone = 'warn';
    head = t('result.duplicate', { name, existing: outcome.saved.existing.name, date: formatDateTime(language, outcome.saved.existing.importedAt) });
  } else if (outcome.saved?.status === 'unstored') {
    tone = 'warn';
    head = t('result.unstored', {
      name,
      runs: countIn(benchmarksMessages, language, 'runs', r.runs.length),
      format,
      reason: storageFailureText(language, outcome.saved.reason),
    });
  } else if (outcome.saved?.status === 'failed') {
    tone = 'bad';
    head = t('result.storeFailed', { name, reason: storageFailureText(language, outcome.saved.reason) });
  } else if (r.mergedInto) {
    head = t('result.merged', { name, into: r.mergedInto });
  } else if (r.status === 'partial') {
    tone = 'warn';
    head = t('result.partial', {
      name,
      runs: countIn(benchmarksMessages, language, 'runs', r.runs.length),
      format,
      skipped: countIn(benchmarksMessages, language, 'rows', r.rows.skipped),
    });
  } else {
    head = t('result.saved', { name, runs: countIn(benchmarksMessages, language, 'runs', r.runs.length), format });
  }
  const shown = r.issues.filter((i) => i.severity !== 'info' || r.status === 'failed').slice(0, 6);
  const more = r.issues.length - shown.length + r.issuesOmitted;
  const toneClass = { ok: 'border-ok/40', warn: 'border-warn/50 bg-warn-bg', bad: 'border-bad/50 bg-bad-bg' }[tone];
  return (
    <li
      className={`rounded-md border px-3 py-2 text-sm ${toneClass}`}
      data-testid="import-outcome"
      data-status={r.status}
      data-file={name}
      data-threads={r.threads}
    >
      <p className="font-medium break-words">{head}</p>
      {shown.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-xs break-words">
          {shown.map((issue, i) => (
            <li key={i}>{issueText(t, language, issue)}</li>
          ))}
          {more > 0 ? <li className="list-none text-muted">{t('result.more', { n: formatInteger(language, more) })}</li> : null}
        </ul>
      ) : null}
      <div className="mt-1 flex flex-wrap gap-3 text-xs">
        {r.status === 'needs-mapping' && r.csvPreview ? (
          <Button variant="link" className="text-accent" onClick={() => onMap(outcome)}>
            {t('result.mapColumns')}
          </Button>
        ) : null}
        {r.rows.skippedSamples.length > 0 ? (
          <Button variant="link" className="text-accent" aria-expanded={showRows} onClick={() => setShowRows((v) => !v)}>
            {showRows ? t('result.hideRows') : t('result.showRows')}
          </Button>
        ) : null}
      </div>
      {showRows ? (
        <ul className="figures mt-1 max-h-40 overflow-auto text-xs" data-testid="skipped-rows">
          {r.rows.skippedSamples.map((s, i) => (
            <li key={i}>{issueText(t, language, { code: s.code, line: s.line, field: s.field, detail: null })}</li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * Dropping or picking result files: the import runs in the worker with a progress bar and a
 * cancel button; each file ends with a message naming it (imported, already there, partly read
 * with the skipped rows, or why it could not be read).
 */
export function ImportPanel(props: { onImported: (runIds: string[]) => void }) {
  const { onImported } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const importer = useImportFiles();
  const warmHelpers = useWarmImportHelpers();
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcomes, setOutcomes] = useState<ImportOutcome[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [mapping, setMapping] = useState<ImportOutcome | null>(null);
  const [controller, setController] = useState<AbortController | null>(null);
  /** Drops and picks whose import has ended (the drop zone's `data-imports-finished`). */
  const [finished, setFinished] = useState(0);
  const busy = controller !== null;

  async function run(files: DroppedFile[], csvMapping: CsvMapping | null) {
    if (files.length === 0 || controller) return;
    const abort = new AbortController();
    setController(abort);
    setMessage(null);
    setProgress(null);
    // The worker reports at most every 100 ms. Each report is drawn at the next frame; reports
    // that arrive within one frame are drawn once, the newest. (Dropping reports that came
    // less than 100 ms after the last drawn one left gaps of 200 ms, as arrival times jitter.)
    let pending: ImportProgress | null = null;
    let frame: number | null = null;
    const draw = () => {
      frame = null;
      if (pending) setProgress(pending);
      pending = null;
    };
    try {
      const result = await importer.mutateAsync({
        files,
        mapping: csvMapping,
        signal: abort.signal,
        now: () => new Date().toISOString(),
        onProgress: (p) => {
          pending = p;
          frame ??= requestAnimationFrame(draw);
        },
      });
      setOutcomes((prev) => [...result, ...prev.filter((o) => !result.some((n) => n.name === o.name))].slice(0, 50));
      const ids = result.flatMap((o) => (o.saved?.status === 'saved' || o.saved?.status === 'unstored' ? o.result.runs.map((r) => r.id) : []));
      if (ids.length > 0) onImported(ids);
    } catch (e) {
      const aborted = abort.signal.aborted || (e instanceof Error && e.name === 'AbortError');
      setMessage(aborted ? t('import.cancelled') : t('import.failed', { reason: e instanceof Error ? e.message : String(e) }));
    } finally {
      if (frame !== null) cancelAnimationFrame(frame);
      setController(null);
      setProgress(null);
      setFinished((n) => n + 1);
    }
  }

  async function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault();
    setDragOver(false);
    const files = await filesFromDataTransfer(e.dataTransfer);
    void run(files, null);
  }

  const pct = progress && progress.totalBytes > 0 ? progress.bytesRead / progress.totalBytes : 0;
  return (
    <Card title={t('import.title')} testId="bench-import">
      <p className="mb-3 text-sm text-muted">{t('import.intro')}</p>
      <div
        data-testid="drop-zone"
        data-imports-finished={finished}
        onDragEnter={() => {
          if (!busy) warmHelpers();
        }}
        onPointerDown={() => {
          if (!busy) warmHelpers();
        }}
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => void onDrop(e)}
        className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${dragOver ? 'border-accent bg-surface-2' : 'border-border'}`}
      >
        <p className="text-sm font-medium">{t('import.drop')}</p>
        <ChooseFiles label={t('import.choose')} testId="file-input" disabled={busy} onFiles={(files) => void run(filesFromList(files), null)} />
        <p className="text-xs text-muted">{t('import.limit', { rows: formatInteger(language, TABLE_ROWS) })}</p>
      </div>

      {busy ? (
        <div className="mt-3 flex flex-col gap-2" data-testid="import-progress" data-rows={progress?.rows ?? 0} data-bytes={progress?.bytesRead ?? 0}>
          <ProgressBar label={t('import.progressLabel')} share={pct} />
          <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
            <span className="figures break-all text-muted">
              {progress
                ? t('import.progress', {
                    name: progress.fileName,
                    index: progress.fileIndex + 1,
                    count: progress.fileCount,
                    read: formatBytes(language, progress.bytesRead),
                    total: formatBytes(language, progress.totalBytes),
                    rows: formatInteger(language, progress.rows),
                  })
                : '…'}
            </span>
            <Button size="sm" onClick={() => controller?.abort()} data-testid="import-cancel">
              {t('import.cancel')}
            </Button>
          </div>
        </div>
      ) : null}

      {message ? (
        <p role="status" className="mt-3 text-sm" data-testid="import-message">
          {message}
        </p>
      ) : null}

      {outcomes.length > 0 ? (
        <section className="mt-3" aria-label={t('import.results')}>
          <ul className="flex flex-col gap-2" aria-live="polite">
            {outcomes.map((o) => (
              <OutcomeItem key={o.name} outcome={o} onMap={setMapping} />
            ))}
          </ul>
          <Button variant="link" size="xs" className="mt-2 text-accent" onClick={() => setOutcomes([])}>
            {t('result.dismiss')}
          </Button>
        </section>
      ) : null}

      {mapping?.result.csvPreview ? (
        <MappingDialog
          name={mapping.name}
          preview={mapping.result.csvPreview}
          onCancel={() => setMapping(null)}
          onImport={(m) => {
            const target = mapping;
            setMapping(null);
            void run([{ file: target.file, name: target.name }], m);
          }}
        />
      ) : null}
    </Card>
  );
}
