import { BASE_V1 } from './bases/v1';
import { DEFAULT_SCENARIO } from './defaults';
import { isPlainObject } from './json';
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
  | { kind: 'no-migration'; from: number };

export interface DocumentOk {
  scenario: Scenario;
  notices: RestoreNotice[];
  /** Version the document was written in (lower than current when it was migrated). */
  fromVersion: number;
  migrations: string[];
}

export type DocumentResult = { ok: true; value: DocumentOk } | { ok: false; error: DocumentError };

/**
 * Defaults each released version diffed its share links against. When a version bump changes
 * the defaults, freeze the old object here so old links keep their meaning.
 */
const DEFAULTS_BY_VERSION: Readonly<Record<number, unknown>> = { 1: BASE_V1, [SCENARIO_VERSION]: DEFAULT_SCENARIO };

function short(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * @param sparse true when the document holds only the differences from its version's defaults
 *   (share links); false for complete documents (files, storage). Missing fields of complete
 *   documents are filled from the defaults as well, which lets people write scenarios by hand.
 */
export function readScenarioDocument(raw: unknown, sparse: boolean): DocumentResult {
  if (!isPlainObject(raw)) return { ok: false, error: { kind: 'not-an-object' } };
  if (raw.type !== SCENARIO_TYPE) return { ok: false, error: { kind: 'wrong-type', found: short(raw.type) } };
  const version = raw.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { ok: false, error: { kind: 'bad-version', found: short(version) } };
  }
  if (version > SCENARIO_VERSION) {
    return { ok: false, error: { kind: 'too-new', version, supported: SCENARIO_VERSION } };
  }
  const base = DEFAULTS_BY_VERSION[version];
  const full = sparse && base !== undefined ? (mergeOntoBase(raw, base) as Record<string, unknown>) : raw;
  const migrated = migrate(full, SCENARIO_VERSION);
  if (!migrated.ok) return { ok: false, error: { kind: 'no-migration', from: migrated.from } };
  const { scenario, notices } = restoreScenario(migrated.doc);
  return { ok: true, value: { scenario, notices, fromVersion: version, migrations: migrated.applied } };
}

/** The sparse form written into share links: envelope plus the fields that differ. */
export function toSparseDocument(scenario: Scenario): Record<string, unknown> {
  const diff = diffFromBase(scenario, DEFAULT_SCENARIO) as Record<string, unknown>;
  return { type: SCENARIO_TYPE, version: SCENARIO_VERSION, ...diff };
}
