import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Banner } from '../components/card';
import { useLanguage, useT } from '../components/use-t';
import { readScenarioDocument } from '../core/scenario/document';
import type { Scenario } from '../core/scenario/schema';
import { downloadText, fileSlug } from '../lib/export/download';
import {
  deleteScenario,
  duplicateScenario,
  renameScenario,
  saveScenario,
  type SavedScenario,
  type SaveResult,
} from '../lib/storage/scenarios-db';
import { navigate, noteCatalogDrift } from '../state/link-sync';
import { useSessionStore } from '../state/session';
import { useAppStore } from '../state/store';
import { libraryMessages } from './library-messages';
import type { DocumentError } from '../core/scenario/document';
import { LIBRARY_KEY, useLibrary } from './use-library';

const MAX_IMPORT_BYTES = 1024 * 1024;

function formatDateTime(language: string, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

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
function documentErrorText(t: ReturnType<typeof useT<keyof (typeof libraryMessages)['en']>>, e: DocumentError): string {
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
  }
}

type Message = { tone: 'info' | 'warn' | 'bad'; text: string } | null;

export function ScenarioLibraryButton() {
  const t = useT(libraryMessages);
  const [open, setOpen] = useState(false);
  const dirty = useDirtyState();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="relative rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-2"
        data-testid="library-button"
        aria-haspopup="dialog"
      >
        {t('open')}
        {dirty === 'dirty' ? <span className="absolute -right-1 -top-1 h-2.5 w-2.5 rounded-full bg-warn" title={t('unsaved')} /> : null}
      </button>
      {open ? <ScenarioLibrary onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ScenarioLibrary(props: { onClose: () => void }) {
  const t = useT(libraryMessages);
  const language = useLanguage();
  const client = useQueryClient();
  const library = useLibrary();
  const scenario = useAppStore((s) => s.scenario);
  const replaceScenario = useAppStore((s) => s.replaceScenario);
  const saved = useSessionStore((s) => s.saved);
  const compareIds = useSessionStore((s) => s.compareIds);
  const setCompareIds = useSessionStore((s) => s.setCompareIds);
  const dirty = useDirtyState();
  const [message, setMessage] = useState<Message>(null);
  const [conflict, setConflict] = useState<SavedScenario | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    dialogRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') props.onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [props]);

  const refresh = () => client.invalidateQueries({ queryKey: LIBRARY_KEY });

  function handle(result: SaveResult, onOk?: (s: SavedScenario) => void): void {
    if (result.ok) {
      onOk?.(result.saved);
      setMessage(null);
    } else if (result.kind === 'conflict') {
      setConflict(result.theirs);
    } else {
      setMessage({ tone: 'bad', text: t('failed', { reason: result.reason }) });
    }
    void refresh();
  }

  async function save(asNew: boolean, force = false): Promise<void> {
    const name = scenario.name || t('untitled');
    const result = await saveScenario(
      asNew || !saved ? { scenario, name } : { scenario, name, id: saved.id, expectedRevision: saved.revision, force },
    );
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
    if (file.size > MAX_IMPORT_BYTES) {
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason: t('importTooLarge', { max: '1 MB' }) }) });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await file.text());
    } catch {
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason: t('importNotJson') }) });
      return;
    }
    const doc = readScenarioDocument(raw, false);
    if (!doc.ok) {
      setMessage({ tone: 'bad', text: t('importFailed', { file: file.name, reason: documentErrorText(t, doc.error) }) });
      return;
    }
    if (dirty === 'dirty' && !window.confirm(t('openUnsavedConfirm', { name: doc.value.scenario.name || file.name }))) return;
    replaceScenario(doc.value.scenario);
    useSessionStore.getState().setSaved(null);
    noteCatalogDrift(doc.value.scenario, 'file');
    const notices = doc.value.notices;
    setMessage(
      notices.length > 0
        ? { tone: 'warn', text: t('importNotices', { file: file.name, count: notices.length, list: notices.map((n) => `${n.path} (${n.problem})`).join('; ') }) }
        : { tone: 'info', text: t('imported', { file: file.name }) },
    );
  }

  function exportJson(current: Scenario): void {
    downloadText(`${JSON.stringify(current, null, 2)}\n`, `${fileSlug(current.name)}.scenario.json`, 'application/json');
  }

  const list = library.data?.scenarios ?? [];
  const quarantined = library.data?.quarantined ?? [];
  const btn = 'rounded-md border border-border px-2 py-1 text-xs hover:bg-surface-2';
  return (
    <div className="fixed inset-0 z-50 flex justify-end bg-black/30" onClick={props.onClose}>
      <div
        ref={dialogRef}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="library-title"
        className="flex h-full w-full max-w-lg flex-col gap-3 overflow-y-auto border-l border-border bg-surface p-4 shadow-xl outline-none"
        onClick={(e) => e.stopPropagation()}
        data-testid="library"
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="library-title" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <button type="button" className={btn} onClick={props.onClose}>
            {t('close')}
          </button>
        </div>
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
              <button type="button" className="rounded-md bg-accent px-3 py-1 text-sm font-medium text-accent-contrast" onClick={() => void save(false)} data-testid="save-changes">
                {t('saveChanges')}
              </button>
            ) : null}
            <button type="button" className={saved ? btn : 'rounded-md bg-accent px-3 py-1 text-sm font-medium text-accent-contrast'} onClick={() => void save(true)} data-testid="save-new">
              {t('saveAsNew')}
            </button>
            <button type="button" className={btn} onClick={() => exportJson(scenario)} data-testid="export-json">
              {t('exportJson')}
            </button>
            <button type="button" className={btn} onClick={() => fileRef.current?.click()}>
              {t('importJson')}
            </button>
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
              <button type="button" className={btn} onClick={() => void save(false, true)}>
                {t('overwrite')}
              </button>
              <button type="button" className={btn} onClick={() => void save(true)}>
                {t('saveCopy')}
              </button>
              <button
                type="button"
                className={btn}
                onClick={() => {
                  replaceScenario(conflict.scenario);
                  remember(conflict);
                  setConflict(null);
                }}
              >
                {t('loadTheirs')}
              </button>
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
            {t('quarantined', { count: quarantined.length, reasons: quarantined.map((q) => q.reason).join('; ') })}
          </Banner>
        ) : null}
        {library.isError ? (
          <Banner tone="bad" role="alert">
            {t('failed', { reason: library.error instanceof Error ? library.error.message : String(library.error) })}
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
                    void renameScenario(s.id, name).then((r) =>
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
                  <button type="submit" className={btn}>
                    {t('save')}
                  </button>
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
                <button type="button" className={btn} onClick={() => open(s)}>
                  {t('openScenario')}
                </button>
                <button type="button" className={btn} onClick={() => setRenaming({ id: s.id, name: s.name })}>
                  {t('rename')}
                </button>
                <button type="button" className={btn} onClick={() => void duplicateScenario(s.id, t('copySuffix')).then((r) => handle(r))}>
                  {t('duplicate')}
                </button>
                <button
                  type="button"
                  className={btn}
                  onClick={() => {
                    if (!window.confirm(t('confirmDelete', { name: s.name }))) return;
                    void deleteScenario(s.id).then((r) => {
                      if (!r.ok) setMessage({ tone: 'bad', text: t('failed', { reason: r.reason }) });
                      if (saved?.id === s.id) useSessionStore.getState().setSaved(null);
                      setCompareIds(compareIds.filter((x) => x !== s.id));
                      void refresh();
                    });
                  }}
                >
                  {t('delete')}
                </button>
                <label className="ml-auto flex items-center gap-1 text-xs">
                  <input type="checkbox" checked={compareIds.includes(s.id)} onChange={() => toggleCompare(s.id)} />
                  {t('compare')}
                </label>
              </div>
            </li>
          ))}
        </ul>
        {compareIds.length >= 2 ? (
          <button
            type="button"
            className="self-start rounded-md bg-accent px-3 py-1.5 text-sm font-medium text-accent-contrast"
            onClick={() => {
              navigate('report');
              props.onClose();
            }}
            data-testid="compare-button"
          >
            {t('compareSelected', { count: compareIds.length })}
          </button>
        ) : null}
      </div>
    </div>
  );
}
