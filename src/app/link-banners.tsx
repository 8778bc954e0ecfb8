import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../components/button';
import { Banner } from '../components/card';
import { Dialog } from '../components/dialog';
import { componentMessages } from '../components/messages';
import { useLanguage, useT } from '../components/use-t';
import type { CatalogDrift, DriftPath } from '../core/catalog/drift';
import { noticedFields, type RestoreNotice } from '../core/scenario/restore';
import type { Language } from '../core/scenario/schema';
import { formatDate, formatNumber } from '../lib/format/format';
import { fieldLabels, isFieldPath, type FieldPath } from '../lib/i18n/fields';
import { issueText } from '../lib/i18n/issues';
import { plural } from '../core/text/plural';
import { storageFailureText } from '../lib/i18n/storage';
import { buildHash, type LinkError } from '../core/link/share-link';
import { acceptIncoming, applyTodaysCatalog, keepLocal, undoOpen, undoTodaysCatalog } from '../state/link-sync';
import { useSessionStore, type Area } from '../state/session';
import { useEngineState } from '../lib/query/compute';
import { saveScenarioMutation } from '../lib/query/library';
import { useAppStore } from '../state/store';
import { shellMessages } from './messages';

type T = ReturnType<typeof useT<keyof (typeof shellMessages)['en']>>;

/** One precise sentence per way a link can fail (exhaustive: a new error kind will not compile). */
export function linkErrorText(t: T, language: Language, error: LinkError): string {
  switch (error.kind) {
    case 'empty':
      return t('link.reason.empty');
    case 'too-long':
      return t('link.reason.too-long', { length: error.length, max: error.max });
    case 'malformed':
      return t('link.reason.malformed', { detail: error.detail });
    case 'future-format':
      return t('link.reason.future-format', { version: error.version, supported: error.supported });
    case 'truncated':
      return t('link.reason.truncated');
    case 'corrupt':
      return t('link.reason.corrupt', { detail: error.detail });
    case 'too-large':
      return t('link.reason.too-large', { max: error.max });
    case 'not-json':
      return t('link.reason.not-json');
    case 'not-an-object':
      return t('link.reason.not-an-object');
    case 'wrong-type':
      return t('link.reason.wrong-type', { found: error.found });
    case 'bad-version':
      return t('link.reason.bad-version', { found: error.found });
    case 'too-new':
      return t('link.reason.too-new', { version: error.version, supported: error.supported });
    case 'no-migration':
      return t('link.reason.no-migration', { from: error.from });
    case 'too-deep':
      return t('link.reason.too-deep', { depth: formatNumber(language, error.depth, 0), max: error.max, path: error.path });
  }
}

function noticeText(t: T, language: Language, n: RestoreNotice): string {
  if (n.more !== undefined) return t('link.notice.more', { count: formatNumber(language, n.more, 0) });
  const params = { path: n.path, problem: issueText(language, n.issue, n.problem), rejected: n.rejected };
  if (n.action === 'dropped') return t('link.notice.dropped', params);
  if (n.action === 'ignored-unknown') return t('link.notice.unknown', params);
  return t('link.notice.reset', params);
}

const DRIFT_DIGITS: Record<CatalogDrift['unit'], number> = {
  currency: 0,
  'per-million': 4,
  peg: 4,
  'usd-per-gpu-hour': 3,
  'usd-per-node-hour': 3,
  watts: 0,
  gpus: 0,
};

/** One figure with its unit: "2.5 USD/1M tokens", "3.5 USD/GPU-h", "600 W". */
function driftValue(t: T, language: Language, d: CatalogDrift, side: 'before' | 'after'): string {
  const value = d[side];
  if (typeof value === 'string') return value;
  const number = formatNumber(language, value, DRIFT_DIGITS[d.unit]);
  if (d.unit === 'per-million') return `${number} ${t('drift.unit.per-million', { currency: d.currency?.[side] ?? 'USD' })}`;
  if (d.unit === 'currency') return number;
  if (d.unit === 'peg') return `${number} ${t('drift.unit.peg', { invoice: d.currency?.[side] ?? 'CNY' })}`;
  return `${number} ${t(`drift.unit.${d.unit}`)}`;
}

/** A drifting figure's label: the scenario field's own label where the field glossary has one, else the shell's. */
function driftLabel(t: T, ft: (path: FieldPath) => string, d: CatalogDrift): string {
  if (isFieldPath(d.path)) return ft(d.path);
  return t(d.labelKey as `drift.label.${Exclude<DriftPath, FieldPath>}`);
}

function DriftList(props: { items: CatalogDrift[]; testId: string }) {
  const t = useT(shellMessages);
  const ft = useT(fieldLabels);
  const language = useLanguage();
  return (
    <ul className="mt-1 list-disc pl-5" data-testid={props.testId}>
      {props.items.map((d) => (
        <li key={d.path} data-path={d.path}>
          {t('drift.item', {
            label: driftLabel(t, ft, d),
            before: driftValue(t, language, d, 'before'),
            after: driftValue(t, language, d, 'after'),
            date: formatDate(language, d.checked),
          })}
        </li>
      ))}
    </ul>
  );
}

/** Figures of an opened link or file that differ from today's catalog; nothing changes unless asked. */
function CatalogDriftBanner() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const drift = useSessionStore((s) => s.drift);
  const setDrift = useSessionStore((s) => s.setDrift);
  if (drift.kind === 'none') return null;
  const file = drift.origin === 'file';
  if (drift.kind === 'applied') {
    return (
      <Banner tone="info" testId="catalog-drift-applied">
        <p>{t(plural(language, drift.items.length, { one: 'drift.applied.one', other: 'drift.applied.other' }), { count: drift.items.length })}</p>
        <DriftList items={drift.items} testId="catalog-drift-applied-list" />
        <div className="mt-2 flex flex-wrap gap-3">
          <Button variant="link" size="xs" className="font-medium" onClick={undoTodaysCatalog}>
            {file ? t('drift.undoFile') : t('drift.undo')}
          </Button>
          <Button variant="link" size="xs" onClick={() => setDrift({ kind: 'none' })}>
            {t('dismiss')}
          </Button>
        </div>
      </Banner>
    );
  }
  return (
    <Banner tone="warn" testId="catalog-drift">
      <p className="font-semibold">{file ? t('drift.title.file') : t('drift.title.link')}</p>
      <p className="mt-1">{t('drift.body')}</p>
      <DriftList items={drift.items} testId="catalog-drift-list" />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <Button variant="primary" size="xs" onClick={applyTodaysCatalog}>
          {t('drift.apply')}
        </Button>
        <Button size="xs" onClick={() => setDrift({ kind: 'none' })}>
          {file ? t('drift.keepFile') : t('drift.keep')}
        </Button>
      </div>
    </Banner>
  );
}

/** The link as it came in (its area and scenario), to copy and keep. */
function CopyableLink(props: { payload: string; area: Area; testId: string }) {
  const t = useT(shellMessages);
  const c = useT(componentMessages);
  const [copied, setCopied] = useState(false);
  const url = `${location.origin}${location.pathname}${buildHash(props.area, props.payload)}`;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <input
        readOnly
        value={url}
        aria-label={t('link.copyBad')}
        onFocus={(e) => e.target.select()}
        className="min-w-0 flex-1 rounded border border-border bg-surface px-2 py-1 font-mono text-xs"
        data-testid={props.testId}
      />
      <Button
        size="xs"
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {copied ? c('copied') : t('link.copyBad')}
      </Button>
    </div>
  );
}

export function LinkBanners() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const link = useSessionStore((s) => s.link);
  const storage = useSessionStore((s) => s.storage);
  const setLink = useSessionStore((s) => s.setLink);
  const setStorage = useSessionStore((s) => s.setStorage);
  const startedFrom = useSessionStore((s) => s.startedFrom);
  const setStartedFrom = useSessionStore((s) => s.setStartedFrom);
  const engine = useEngineState();
  const dismiss = (
    <Button variant="link" size="xs" className="ml-3" onClick={() => setLink({ kind: 'none' })}>
      {t('dismiss')}
    </Button>
  );
  return (
    <div className="no-print mb-4 space-y-2 empty:hidden">
      {link.kind === 'broken' ? (
        <Banner tone="bad" role="alert" testId="link-error">
          <p className="font-semibold">{t('link.broken.title')}</p>
          <p data-testid="link-error-reason">{linkErrorText(t, language, link.error)}</p>
          <p className="mt-1 text-muted">{t('link.broken.body', { what: link.showing === 'yours' ? t('link.broken.yours') : t('link.broken.example') })}</p>
          <CopyableLink payload={link.payload} area={link.area} testId="bad-link" />
          <div className="mt-2">{dismiss}</div>
        </Banner>
      ) : null}
      {link.kind === 'opened' ? (
        <Banner tone={link.notices.length > 0 ? 'warn' : 'info'} testId="link-opened">
          {link.notices.length > 0 ? (
            <>
              <p className="font-semibold">
                {t(plural(language, noticedFields(link.notices), { one: 'link.notices.title.one', other: 'link.notices.title.other' }), {
                  count: formatNumber(language, noticedFields(link.notices), 0),
                })}
              </p>
              <ul className="mt-1 list-disc pl-5" data-testid="link-notices">
                {link.notices.map((n) => (
                  <li key={`${n.path}-${n.action}`}>{noticeText(t, language, n)}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t('link.opened')}</p>
          )}
          {link.fromVersion < 1 ? <p className="mt-1">{t('link.migrated', { version: link.fromVersion })}</p> : null}
          <div className="mt-2 flex flex-wrap gap-3">
            {link.previous ? (
              <Button variant="link" size="xs" className="font-medium" onClick={undoOpen}>
                {t('link.undo')}
              </Button>
            ) : null}
            {dismiss}
          </div>
        </Banner>
      ) : null}
      <CatalogDriftBanner />
      {link.kind === 'kept-local' ? (
        <Banner tone="info" testId="link-kept">
          <p>{t('link.kept')}</p>
          <CopyableLink payload={link.payload} area={link.area} testId="kept-link" />
          <div className="mt-2">{dismiss}</div>
        </Banner>
      ) : null}
      {startedFrom === 'recent' ? (
        <Banner tone="info" testId="working-from-recent">
          {t('working.fromRecent')}
          <Button variant="link" size="xs" className="ml-3" onClick={() => setStartedFrom(null)}>
            {t('dismiss')}
          </Button>
        </Banner>
      ) : null}
      {storage.kind === 'quarantined' ? (
        <Banner tone="warn" testId="storage-problem">
          {t('storage.quarantined', { reason: storage.reason })}
          <Button variant="link" size="xs" className="ml-3" onClick={() => setStorage({ kind: 'ok' })}>
            {t('dismiss')}
          </Button>
        </Banner>
      ) : null}
      {storage.kind === 'write-failed' ? (
        <Banner tone="warn" role="alert" testId="storage-problem">
          {t('storage.writeFailed', { reason: storageFailureText(language, storage.reason) })}
        </Banner>
      ) : null}
      {engine.mode === 'main-thread' ? (
        <Banner tone="warn" testId="engine-fallback">
          {t('engine.fallback', { reason: engine.reason })}
        </Banner>
      ) : null}
      {engine.mode === 'worker' && engine.restarts > 0 ? (
        <Banner tone="info" testId="engine-restarted">
          {t('engine.restarted', { count: engine.restarts })}
          {engine.lastFailure ? <span className="ml-1 text-xs text-muted">({engine.lastFailure})</span> : null}
        </Banner>
      ) : null}
    </div>
  );
}

/** Asks before a shared link replaces the user's own work. */
export function ConfirmLinkDialog() {
  const t = useT(shellMessages);
  const language = useLanguage();
  const link = useSessionStore((s) => s.link);
  const [saveError, setSaveError] = useState<string | null>(null);
  const saveScenario = useMutation(saveScenarioMutation()).mutateAsync;
  if (link.kind !== 'confirm') return null;

  async function saveMineThenOpen() {
    const current = useAppStore.getState().scenario;
    const saved = useSessionStore.getState().saved;
    const result = saved
      ? await saveScenario({ scenario: current, name: current.name, id: saved.id, expectedRevision: saved.revision })
      : await saveScenario({ scenario: current, name: current.name });
    if (!result.ok) {
      setSaveError(result.kind === 'conflict' ? t('link.confirm.conflict') : storageFailureText(language, result.reason));
      return;
    }
    acceptIncoming();
  }

  // Escape keeps the user's own scenario: the choice that loses nothing.
  return (
    <Dialog title={t('link.confirm.title')} onClose={keepLocal} testId="confirm-link">
      <p className="mt-2 text-sm text-muted">{t('link.confirm.body')}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button autoFocus onClick={keepLocal}>
          {t('link.confirm.keep')}
        </Button>
        <Button onClick={acceptIncoming}>{t('link.confirm.open')}</Button>
        <Button variant="primary" onClick={() => void saveMineThenOpen()}>
          {t('link.confirm.saveThenOpen')}
        </Button>
      </div>
      {saveError ? (
        <p role="alert" className="mt-2 text-sm text-bad">
          {saveError}
        </p>
      ) : null}
    </Dialog>
  );
}
