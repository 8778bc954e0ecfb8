import { countIn } from '../../lib/i18n/count';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { useLanguage, useT } from '../../components/use-t';
import { formatDateTime, formatInteger } from '../../lib/format/format';
import { plural } from '../../core/text/plural';
import type { QuarantinedEntry, StoredFile } from '../../lib/storage/runs-db';
import { formatBytes, shortHash } from './format-bench';
import { issueText } from './issue-text';
import { benchmarksMessages } from './messages';

function FileRow(props: { file: StoredFile; runs: number; onDelete: (f: StoredFile) => void }) {
  const { file, runs, onDelete } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const [open, setOpen] = useState(false);
  const messages = file.issues.filter((i) => i.severity !== 'info');
  const td = 'border-b border-border/60 px-2 py-1.5 align-top';
  return (
    <>
      <tr data-testid="file-row" data-file={file.name}>
        <td className={`${td} max-w-[320px] break-all`}>{file.name}</td>
        <td className={`${td} text-right whitespace-nowrap`}>{formatBytes(language, file.size)}</td>
        <td className={`${td} font-mono text-xs`} title={`${file.hashAlgorithm === 'sha256' ? t('files.hash') : t('files.hashBlocks')}: ${file.hash}`}>
          {shortHash(file.hash)}
        </td>
        <td className={`${td} whitespace-nowrap`}>{formatDateTime(language, file.importedAt)}</td>
        <td className={`${td} text-right`}>{formatInteger(language, runs)}</td>
        <td className={td}>
          {file.mergedInto ? t('files.merged', { into: file.mergedInto }) : t(`status.${file.status}`)}
          {file.rows.skipped > 0 ? (
            <div className="text-xs text-warn">{t('files.skipped', { rows: countIn(benchmarksMessages, language, 'rows', file.rows.skipped) })}</div>
          ) : null}
          {messages.length > 0 ? (
            <Button variant="link" size="xs" className="text-accent" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
              {t('files.issues')} ({formatInteger(language, messages.length + file.issuesOmitted)})
            </Button>
          ) : null}
        </td>
        <td className={td}>
          <Button variant="link" size="xs" className="text-bad" onClick={() => onDelete(file)} aria-label={t('files.delete', { name: file.name })}>
            ×
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={7} className="border-b border-border bg-surface-2/50 px-3 py-2">
            <ul className="list-disc pl-5 text-xs">
              {messages.map((i, k) => (
                <li key={k} className="break-words">
                  {issueText(t, language, i)}
                </li>
              ))}
              {file.rows.skippedSamples.slice(0, 200).map((s, k) => (
                <li key={`s${k}`} className="break-words">
                  {issueText(t, language, { code: s.code, line: s.line, field: s.field, detail: null })}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Stored files: name, size, content hash, import date, runs, status and messages; delete. */
export function FilesPanel(props: {
  files: readonly StoredFile[];
  runCounts: ReadonlyMap<string, number>;
  quarantined: readonly QuarantinedEntry[];
  onDelete: (f: StoredFile) => void;
  onClearQuarantine: () => void;
}) {
  const { files, runCounts, quarantined, onDelete, onClearQuarantine } = props;
  const t = useT(benchmarksMessages);
  const language = useLanguage();
  const th = 'border-b border-border px-2 py-1.5 text-left text-xs font-medium text-muted';
  return (
    <Card title={t('files.title')} testId="bench-files">
      {quarantined.length > 0 ? (
        <div role="alert" className="mb-3 rounded-md border border-warn/50 bg-warn-bg px-3 py-2 text-sm" data-testid="runs-quarantine">
          {t(plural(language, quarantined.length, { one: 'files.quarantined.one', other: 'files.quarantined.other' }), {
            n: formatInteger(language, quarantined.length),
            reasons: quarantined
              .slice(0, 3)
              .map((q) => `${q.key}: ${q.reason}`)
              .join('; '),
          })}{' '}
          <Button variant="link" className="text-accent" onClick={onClearQuarantine}>
            {t('files.clearQuarantine')}
          </Button>
        </div>
      ) : null}
      {files.length === 0 ? (
        <p className="text-sm text-muted">{t('files.empty')}</p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="figures w-full min-w-[640px] border-collapse text-sm" data-testid="files-table">
            <thead>
              <tr>
                <th scope="col" className={th}>
                  {t('files.name')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('files.size')}
                </th>
                <th scope="col" className={th}>
                  {t('files.hash')}
                </th>
                <th scope="col" className={th}>
                  {t('files.imported')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('files.runs')}
                </th>
                <th scope="col" className={th}>
                  {t('files.status')}
                </th>
                <th scope="col" className={th}>
                  <span className="sr-only">{t('action.delete')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {files.map((f) => (
                <FileRow key={f.hash} file={f} runs={runCounts.get(f.hash) ?? 0} onDelete={onDelete} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
