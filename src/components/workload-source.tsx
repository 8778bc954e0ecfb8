import { create } from 'zustand';
import type { Language, UsageSource, Workload } from '../core/scenario/schema';
import { formatDate } from '../lib/format/format';
import { defineMessages, type Params } from '../lib/i18n/define';
import { formatList } from '../core/text/plural';
import { useAppStore } from '../state/store';
import { Button } from './button';
import { useLanguage, useT } from './use-t';

const messages = defineMessages(
  'tco-workload-source',
  {
    label: 'Workload from {files}, {from} – {to}, {zone}',
    models: 'models: {models}',
    busiest: 'busiest week',
    dropped: 'You changed the workload by hand, so it no longer comes from {files}: the source label was removed.',
    restore: 'Undo: back to the workload from the files',
  },
  {
    label: 'Workload aus {files}, {from} – {to}, {zone}',
    models: 'Modelle: {models}',
    busiest: 'stärkste Woche',
    dropped: 'Sie haben den Workload von Hand geändert, er stammt also nicht mehr aus {files}: die Herkunftsangabe wurde entfernt.',
    restore: 'Rückgängig: zurück zum Workload aus den Dateien',
  },
);

/**
 * The usage source dropped by a hand edit, with the workload it described (for undo) and the
 * workload after the edits (the note shows only while the scenario still holds exactly that
 * workload: opening another scenario or applying usage files again ends it). Tab state only.
 */
interface DroppedSource {
  dropped: { source: UsageSource; workload: Workload; after: Workload } | null;
}

const useDroppedSource = create<DroppedSource>()(() => ({ dropped: null }));

function differs(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) !== JSON.stringify(b) : !Object.is(a, b);
}

/**
 * A workload field edited by hand. When the workload came from usage files, it no longer does:
 * the scenario's usage source is removed (the figures are no longer the files'), and the tab
 * remembers it so that the note beside the workload can undo the edit.
 */
export function editWorkloadByHand(patch: Partial<Workload>): void {
  const store = useAppStore.getState();
  const before = store.scenario.workload;
  const changed = (Object.keys(patch) as (keyof Workload)[]).some((k) => differs(before[k], patch[k]));
  const source = store.scenario.usage.source;
  const { dropped } = useDroppedSource.getState();
  store.updateSection('workload', patch);
  if (!changed) return;
  const after = useAppStore.getState().scenario.workload;
  if (source !== null) {
    store.updateSection('usage', { source: null });
    useDroppedSource.setState({ dropped: { source, workload: before, after } });
  } else if (dropped !== null && dropped.after === before) useDroppedSource.setState({ dropped: { ...dropped, after } });
}

/** The usage source removed by hand edits, while the scenario still holds their result. */
export function droppedSource(): UsageSource | null {
  const { dropped } = useDroppedSource.getState();
  return dropped !== null && dropped.after === useAppStore.getState().scenario.workload ? dropped.source : null;
}

/** Undoes the hand edits that removed the usage source: the files' workload and its label are back. */
export function restoreDroppedSource(): void {
  const { dropped } = useDroppedSource.getState();
  if (dropped === null) return;
  const store = useAppStore.getState();
  store.updateSection('workload', dropped.workload);
  store.updateSection('usage', { source: dropped.source });
  useDroppedSource.setState({ dropped: null });
}

function sourceText(t: (key: keyof typeof messages.en, params?: Params) => string, language: Language, source: UsageSource): string {
  const extra = [
    source.models.length > 0 ? t('models', { models: formatList(language, source.models) }) : null,
    source.profile === 'busiest' ? t('busiest') : null,
  ].filter((x): x is string => x !== null);
  return `${t('label', { files: formatList(language, source.files), from: formatDate(language, source.firstDay), to: formatDate(language, source.lastDay), zone: source.timeZone })}${extra.length > 0 ? ` (${extra.join('; ')})` : ''}`;
}

/**
 * Where the workload comes from when it was taken from usage files (scenario `usage.source`),
 * or, right after a hand edit removed that source, a note with an undo. `note={false}` (the
 * report) shows the source line only.
 */
export function WorkloadSource(props: { note?: boolean; className?: string }) {
  const t = useT(messages);
  const language = useLanguage();
  const source = useAppStore((s) => s.scenario.usage.source);
  const workload = useAppStore((s) => s.scenario.workload);
  const dropped = useDroppedSource((s) => s.dropped);
  const className = props.className ?? 'text-sm text-muted';
  if (source !== null) {
    return (
      <p className={className} data-testid="tco-workload-source">
        {sourceText(t, language, source)}
      </p>
    );
  }
  if (props.note === false || dropped === null || dropped.after !== workload) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted" role="status" data-testid="tco-workload-source-dropped">
      <span>{t('dropped', { files: formatList(language, dropped.source.files) })}</span>
      <Button variant="link" onClick={restoreDroppedSource}>
        {t('restore')}
      </Button>
    </p>
  );
}
