import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '../components/button';
import { Banner } from '../components/card';
import { Dialog } from '../components/dialog';
import { useLanguage, useT } from '../components/use-t';
import { noticedFields } from '../core/scenario/restore';
import type { Language, Scenario } from '../core/scenario/schema';
import { downloadText, fileSlug } from '../lib/export/download';
import { formatDateTime, formatNumber } from '../lib/format/format';
import { issueText } from '../lib/i18n/issues';
import { plural } from '../core/text/plural';
import { storageFailureText } from '../lib/i18n/storage';
import { storageFailure } from '../platform/idb';
import type { SavedScenario, SaveResult } from '../lib/storage/scenarios-db';
import {
  deleteScenarioMutation,
  duplicateScenarioMutation,
  readScenarioFile,
  renameScenarioMutation,
  saveScenarioMutation,
  useSavedScenarios,
} from '../lib/query/library';
import { navigate, noteCatalogDrift } from '../state/link-sync';
import { useSessionStore } from '../state/session';
import { useAppStore } from '../state/store';
import { libraryMessages } from './library-messages';
import type { DocumentError } from '../core/scenario/document';
import { readTextFile, textFileProblem } from '../lib/files/read-text';

const MAX_IMPORT_BYTES = 1024 * 1024;

/** Whether the current inputs differ from the saved scenario they came from. */
export function useDirtyState(): 'unsaved-new' | 'dirty' | 'clean' {
  const scenario = useAppStore((s) => s.scenario);
  const saved = useSessionStore((s) => s.saved);
  if (!saved) return 'unsaved-new';
  return JSON.stringify(scenario) === saved.snapshot ? 'clean' : 'dirty';
}

function remember(saved: SavedScenario): void {
  useSessionStore.getState().setSaved({ id: saved.id, revision: saved.revision, snapshot: JSON.stringify(saved.scenario) });
}

/** Why a scenario file could not be read, in words (exhaustive over the document errors). */
function documentErrorText(t: ReturnType<typeof useT<keyof (typeof libraryMessages)['en']>>, language: Language, e: DocumentError): string {
  switch (e.kind) {
    case 'not-an-object':
      return t('doc.not-an-object');
    case 'wrong-type':
      return t('doc.wrong-type', { found: e.found });
    case 'bad-version':
      return t('doc.bad-version', { found: e.found });
    case 'too-new':
      return t('doc.too-new', { version: e.version, supported: e.supported });
    case 'no-migration':
      return t('doc.no-migration', { from: e.from });
    case 'too-deep':
      return t('doc.too-deep', { depth: formatNumber(language, e.depth, 0), max: e.max, path: e.path });
  }
}

type Message = { tone: 'info' | 'warn' | 'bad'; text: string } | null;

export function ScenarioLibraryButton() {
  const t = useT(libraryMessages);
  const [open, setOpen] = useState(false);
  const dirty = useDirtyState();
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} className="relative" data-testid="library-button" aria-haspopup="dialog">
        {t('open')}
        {dirty === 'dirty' ? <span className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-warn" title={t('unsaved')} /> : null}
      </Button>
      {open ? <ScenarioLibrary onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ScenarioLibrary(props: { onClose: () => void }) {
  const t = useT(libraryMessages);
  const language = useLanguage();
  const library = useSavedScenarios();
  const saveScenario = useMutation(saveScenarioMutation()).mutateAsync;
  const renameScenario = useMutation(renameScenarioMutation()).mutateAsync;
  const duplicateScenario = useMutation(duplicateScenarioMutation()).mutateAsync;
  const deleteScenario = useMutation(deleteScenarioMutation()).mutateAsync;
  const scenario = useAppStore((s) => s.scenario);
  const replaceScenario = useAppStore((s) => s.replaceScenario);
  const saved = useSessionStore((s) => s.saved);
  const compareIds = useSessionStore((s) => s.compareIds);
  const setCompareIds = useSessionStore((s) => s.setCompareIds);
  const dirty = useDirtyState();
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState<SavedScenario | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  function handle(result: SaveResult, onOk?: (s: SavedScenario) => void): void {
    if (result.ok) {
      onOk?.(result.saved);
      setMessage(null);
    } else if (result.kind === 'conflict') {
      setConflict(result.theirs);
    } else {
      setMessage({ tone: 'bad', text: t('failed', { reason: storageFailureText(language, result.reason) }) });
    }
  }

  async function save(asNew: boolean, force = false): Promise<void> {
    const name = scenario.name || t('untitled');
    const result = await saveScenario(asNew || !saved ? { scenario, name } : { scenario, name, id: saved.id, expectedRevision: saved.revision, force });
    handle(result, remember);
    if (result.ok) setConflict(null);
  }

  function open(s: SavedScenario): void {
    if (dirty === 'dirty' && !window.confirm(t('openUnsavedConfirm', { name: s.name }))) return;
    replaceScenario(s.scenario);
    remember(s);
    props.onClose();
  }

  function toggleCompare(id: string): void {
    setCompareIds(compareIds.includes(id) ? compareIds.filter((x) => x !== id) : [...compareIds, id].slice(-3));
  }

  async function importFile(file: File): Promise<void> {
    const read = await readTextFile(file, MAX_IMPORT_BYTES);
    if (!read.ok) {
      const reason = read.problem === 'too-large' ? t('importTooLarge', { max: '1 MB' }) : textFileProblem(language, read);
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason }) });
      return;
    }
    const answer = await readScenarioFile(read.text);
    if (answer.kind === 'not-json') {
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason: t('importNotJson') }) });
      return;
    }
    const doc = answer.result;
    if (!doc.ok) {
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason: documentErrorText(t, language, doc.error) }) });
      return;
    }
    if (dirty === 'dirty' && !window.confirm(t('openUnsavedConfirm', { name: doc.value.scenario.name || file.name }))) return;
    replaceScenario(doc.value.scenario);
    useSessionStore.getState().setSaved(null);
    noteCatalogDrift(doc.value.scenario, 'file');
    const notices = doc.value.notices;
    const count = noticedFields(notices);
    const list = notices
      .map((n) =>
        n.more !== undefined ? t('importNotices.more', { count: formatNumber(language, n.more, 0) }) : `${n.path} (${issueText(language, n.issue, n.problem)})`,
      )
      .join('; ');
    setMessage(
      notices.length > 0
        ? {
            tone: 'warn',
            text: t(plural(language, count, { one: 'importNotices.one', other: 'importNotices.other' }), {
              file: file.name,
              count: formatNumber(language, count, 0),
              list,
            }),
          }
        : { tone: 'info', text: t('imported', { file: file.name }) },
    );
  }

  function exportJson(current: Scenario): void {
    downloadText(`${JSON.stringify(current, null, 2)}\n`, `${fileSlug(current.name)}.scenario.json`, 'application/json');
  }

  const list = library.data?.scenarios ?? [];
  const quarantined = library.data?.quarantined ?? [];
  return (
    <Dialog
      title={t('title')}
      titleEnd={
        <Button size="xs" onClick={props.onClose}>
          {t('close')}
        </Button>
      }
      onClose={props.onClose}
      placement="side"
      className="flex h-full flex-col gap-3 overflow-y-auto p-4"
      closeOnBackdrop
      testId="library"
    >
      <p className="text-xs text-muted">{t('hint')}</p>

      <div className="rounded-md border border-border bg-surface-2 p-3">
        <p className="text-sm font-medium">
          {scenario.name}{' '}
          <span className="text-xs font-normal text-muted" data-testid="dirty-state">
            · {dirty === 'dirty' ? t('unsaved') : dirty === 'clean' ? t('savedState') : t('notSaved')}
          </span>
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {saved ? (
            <Button variant="primary" size="sm" onClick={() => void save(false)} data-testid="save-changes">
              {t('saveChanges')}
            </Button>
          ) : null}
          <Button variant={saved ? 'secondary' : 'primary'} size={saved ? 'xs' : 'sm'} onClick={() => void save(true)} data-testid="save-new">
            {t('saveAsNew')}
          </Button>
          <Button size="xs" onClick={() => exportJson(scenario)} data-testid="export-json">
            {t('exportJson')}
          </Button>
          <Button size="xs" onClick={() => fileRef.current?.click()}>
            {t('importJson')}
          </Button>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="hidden"
            data-testid="import-json"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void importFile(f);
            }}
          />
        </div>
      </div>

      {conflict ? (
        <Banner tone="warn" role="alert" testId="save-conflict">
          <p className="font-semibold">{t('conflictTitle')}</p>
          <p>{t('conflictBody', { name: conflict.name, time: formatDateTime(language, conflict.updatedAt), revision: conflict.revision })}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button size="xs" onClick={() => void save(false, true)}>
              {t('overwrite')}
            </Button>
            <Button size="xs" onClick={() => void save(true)}>
              {t('saveCopy')}
            </Button>
            <Button
              size="xs"
              onClick={() => {
                replaceScenario(conflict.scenario);
                remember(conflict);
                setConflict(null);
              }}
            >
              {t('loadTheirs')}
            </Button>
          </div>
        </Banner>
      ) : null}
      {message ? (
        <Banner tone={message.tone} role={message.tone === 'bad' ? 'alert' : 'status'} testId="library-message">
          {message.text}
        </Banner>
      ) : null}
      {quarantined.length > 0 ? (
        <Banner tone="warn" testId="library-quarantine">
          {t(plural(language, quarantined.length, { one: 'quarantined.one', other: 'quarantined.other' }), {
            count: quarantined.length,
            reasons: quarantined.map((q) => q.reason).join('; '),
          })}
        </Banner>
      ) : null}
      {library.isError ? (
        <Banner tone="bad" role="alert">
          {t('failed', { reason: storageFailureText(language, storageFailure(library.error)) })}
        </Banner>
      ) : null}

      <p className="text-xs text-muted">{t('compareHint')}</p>
      {list.length === 0 && library.isSuccess ? <p className="text-sm text-muted">{t('empty')}</p> : null}
      <ul className="space-y-2" data-testid="library-list">
        {list.map((s) => (
          <li key={s.id} className="rounded-md border border-border p-3" data-testid="library-item">
            {renaming?.id === s.id ? (
              <form
                className="flex gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  const name = renaming.name.trim().slice(0, 120);
                  if (!name) return;
                  void renameScenario({ id: s.id, name }).then((r) =>
                    handle(r, (updated) => {
                      if (saved?.id === s.id) {
                        useAppStore.getState().setName(name);
                        remember(updated);
                      }
                    }),
                  );
                  setRenaming(null);
                }}
              >
                <input
                  autoFocus
                  aria-label={t('renameLabel', { name: s.name })}
                  value={renaming.name}
                  maxLength={120}
                  onChange={(e) => setRenaming({ id: s.id, name: e.target.value })}
                  className="min-w-0 flex-1 rounded border border-border bg-surface px-2 py-1 text-sm"
                />
                <Button type="submit" size="xs">
                  {t('save')}
                </Button>
              </form>
            ) : (
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">
                  {s.name}
                  {saved?.id === s.id ? <span className="ml-2 rounded bg-surface-2 px-1.5 text-xs text-muted">{t('current')}</span> : null}
                </p>
                <p className="text-xs text-muted">
                  {t('modified')}: {formatDateTime(language, s.updatedAt)}
                </p>
              </div>
            )}
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <Button size="xs" onClick={() => open(s)}>
                {t('openScenario')}
              </Button>
              <Button size="xs" onClick={() => setRenaming({ id: s.id, name: s.name })}>
                {t('rename')}
              </Button>
              <Button size="xs" onClick={() => void duplicateScenario({ id: s.id, copySuffix: t('copySuffix') }).then((r) => handle(r))}>
                {t('duplicate')}
              </Button>
              <Button
                size="xs"
                onClick={() => {
                  if (!window.confirm(t('confirmDelete', { name: s.name }))) return;
                  void deleteScenario(s.id).then((r) => {
                    if (!r.ok) setMessage({ tone: 'bad', text: t('failed', { reason: storageFailureText(language, r.reason) }) });
                    if (saved?.id === s.id) useSessionStore.getState().setSaved(null);
                    setCompareIds(compareIds.filter((x) => x !== s.id));
                  });
                }}
              >
                {t('delete')}
              </Button>
              <label className="ml-auto flex items-center gap-1 text-xs">
                <input type="checkbox" checked={compareIds.includes(s.id)} onChange={() => toggleCompare(s.id)} />
                {t('compare')}
              </label>
            </div>
          </li>
        ))}
      </ul>
      {compareIds.length >= 2 ? (
        <Button
          variant="primary"
          className="self-start"
          onClick={() => {
            navigate('report');
            props.onClose();
          }}
          data-testid="compare-button"
        >
          {t('compareSelected', { count: compareIds.length })}
        </Button>
      ) : null}
    </Dialog>
  );
}
