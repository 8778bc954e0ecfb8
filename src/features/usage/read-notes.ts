import type { DerivedWorkload, Observation } from '../../core/usage/aggregate';
import type { UsageFileSummary } from '../../worker/contract';

/**
 * What the page says about how the files were read, beyond each file's own line: rows and
 * files dropped as duplicates, columns dropped, columns read with a decimal comma, and which
 * days of the week the per-day figures rest on (docs/usage.md). Nothing the user imported is
 * dropped, merged or adjusted without one of these.
 */
export type ReadNote =
  | { kind: 'duplicate-rows'; rows: number; files: string[] }
  | { kind: 'duplicate-file'; file: string; sameAs: string }
  | { kind: 'column-dropped'; file: string; column: string; line: number | null; value: string }
  | { kind: 'decimal-comma'; file: string; columns: string[] }
  | ({ kind: 'weekdays' } & Observation);

export function readNotes(files: readonly UsageFileSummary[], derived: DerivedWorkload | null): ReadNote[] {
  const notes: ReadNote[] = [];
  const withDuplicates = files.filter((f) => f.rows.duplicates > 0);
  if (withDuplicates.length > 0)
    notes.push({ kind: 'duplicate-rows', rows: withDuplicates.reduce((a, f) => a + f.rows.duplicates, 0), files: withDuplicates.map((f) => f.fileName) });
  for (const f of files) if (f.status === 'duplicate') notes.push({ kind: 'duplicate-file', file: f.fileName, sameAs: f.duplicateOf ?? '' });
  for (const f of files) {
    for (const i of f.issues)
      if (i.code === 'column-dropped') notes.push({ kind: 'column-dropped', file: f.fileName, column: i.field ?? '', line: i.line, value: i.detail ?? '' });
    const comma = f.issues.filter((i) => i.code === 'decimal-comma').map((i) => i.field ?? '');
    if (comma.length > 0) notes.push({ kind: 'decimal-comma', file: f.fileName, columns: comma });
  }
  if (derived !== null && derived.observation.weekdays.length > 0) notes.push({ kind: 'weekdays', ...derived.observation });
  return notes;
}
