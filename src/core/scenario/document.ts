import { frozenBase } from './bases';
import { isPlainObject, measureNesting } from './json';
import { migrate } from './migrations';
import { restoreScenario, type RestoreNotice } from './restore';
import { SCENARIO_TYPE, SCENARIO_VERSION, type Scenario } from './schema';
import { diffFromBase, mergeOntoBase } from './sparse';

/**
 * Reading an untrusted scenario document, in a fixed order:
 * envelope {type, version} → reject "too new" → migrate step by step → validate with Zod and
 * restore field by field. Used by share links, saved scenarios and imported JSON files alike.
 */
export type DocumentError =
  | { kind: 'not-an-object' }
  | { kind: 'wrong-type'; found: string }
  | { kind: 'bad-version'; found: string }
  | { kind: 'too-new'; version: number; supported: number }
  | { kind: 'no-migration'; from: number }
  /** Arrays or objects nested deeper than any scenario needs; `path` is where (e.g. "notes"). */
  | { kind: 'too-deep'; depth: number; max: number; path: string };

/**
 * The deepest nesting a document may have, in containers below the document itself. The
 * schema needs 6 at most (the measured points of a capacity series, under selfHosted.capacity;
 * docs/scenario.schema.json) and older versions nest no deeper. 64 leaves room for any future field
 * while keeping the recursive steps after it (merge onto the base, migrate, validate, compare,
 * write a link) far from the call-stack limit, which Chromium reaches between 2,000 and 2,500.
 */
export const MAX_DOCUMENT_DEPTH = 64;

export interface DocumentOk {
  scenario: Scenario;
  notices: RestoreNotice[];
  /** Version the document was written in (lower than current when it was migrated). */
  fromVersion: number;
  migrations: string[];
}

export type DocumentResult = { ok: true; value: DocumentOk } | { ok: false; error: DocumentError };

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * @param sparse true when the document holds only the differences from its version's frozen base
 *   (share links); false for complete documents (files, storage). Missing fields of complete
 *   documents are filled from the defaults as well, which lets people write scenarios by hand.
 */
export function readScenarioDocument(raw: unknown, sparse: boolean): DocumentResult {
  if (!isPlainObject(raw)) return { ok: false, error: { kind: 'not-an-object' } };
  // First, before any step that walks the document recursively (the size of a link is capped
  // by its decoder; its depth is capped here, for links, files and storage alike).
  const nesting = measureNesting(raw);
  if (nesting.depth > MAX_DOCUMENT_DEPTH) {
    return { ok: false, error: { kind: 'too-deep', depth: nesting.depth, max: MAX_DOCUMENT_DEPTH, path: nesting.where.join('.') } };
  }
  if (raw.type !== SCENARIO_TYPE) return { ok: false, error: { kind: 'wrong-type', found: short(raw.type) } };
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { ok: false, error: { kind: 'bad-version', found: short(version) } };
  }
  if (version > SCENARIO_VERSION) {
    return { ok: false, error: { kind: 'too-new', version, supported: SCENARIO_VERSION } };
  }
  // The base this version's links were diffed against, frozen at its release (never the live defaults).
  const base = frozenBase(version);
  const full = sparse && base !== undefined ? (mergeOntoBase(raw, base) as Record<string, unknown>) : raw;
  const migrated = migrate(full, SCENARIO_VERSION);
  if (!migrated.ok) return { ok: false, error: { kind: 'no-migration', from: migrated.from } };
  const { scenario, notices } = restoreScenario(migrated.doc);
  return { ok: true, value: { scenario, notices, fromVersion: version, migrations: migrated.applied } };
}

/**
 * The sparse form written into share links: envelope plus the fields that differ from the
 * frozen base of the current version (`bases/`), so the link means the same after any later
 * change to the defaults or the catalog.
 */
export function toSparseDocument(scenario: Scenario): Record<string, unknown> {
  const base = frozenBase(SCENARIO_VERSION);
  if (base === undefined) {
    throw new Error(`No frozen base for scenario version ${SCENARIO_VERSION}: run npm run freeze-base and add it to bases/index.ts`);
  }
  const diff = diffFromBase(scenario, base) as Record<string, unknown>;
  return { type: SCENARIO_TYPE, version: SCENARIO_VERSION, ...diff };
}
