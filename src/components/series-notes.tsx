import type { LoadKind, SeriesNote } from '../core/capacity/series';
import { seriesNotesMessages } from './series-notes-messages';
import { seriesNoteText } from './series-notes-text';
import { useLanguage, useT } from './use-t';

/**
 * The notes of a capacity series as a list (docs/capacity.md §1): aggregates kept out, copies
 * skipped, folders split, failed loads kept, a load measured twice, a latency that falls with
 * load. Each item carries its note's code.
 */
export function SeriesNotes(props: { notes: readonly SeriesNote[]; loadKind: LoadKind; label: string; testId?: string }) {
  const t = useT(seriesNotesMessages);
  const language = useLanguage();
  if (props.notes.length === 0) return null;
  return (
    <ul className="mt-1 list-disc pl-5 text-xs break-words" aria-label={t('notesLabel', { label: props.label })} data-testid={props.testId}>
      {props.notes.map((n, i) => (
        <li key={i} data-testid="series-note" data-code={n.code}>
          {seriesNoteText(t, language, n, props.loadKind)}
        </li>
      ))}
    </ul>
  );
}
