import { z } from 'zod';
import { readScenarioDocument } from '../../core/scenario/document';
import type { Scenario } from '../../core/scenario/schema';
import { database, requestToPromise, SCENARIOS_DB, storageFailure, type StorageFailure } from '../../platform/idb';

/**
 * Saved scenarios (this browser's IndexedDB). Each record is a versioned envelope; reading
 * validates it and migrates the scenario inside through the same path as share links. A
 * record that cannot be read is moved to a quarantine store and reported, never dropped
 * silently and never allowed to break the list.
 *
 * Each record has a revision counter. Saving over a record checks that nobody (e.g. another
 * tab) saved a newer revision in between; if so the save is refused with `conflict` and the
 * caller decides (overwrite, save as copy, or load theirs). Other tabs hear about every change
 * on a BroadcastChannel.
 */
const STORE = 'scenarios';
const QUARANTINE = 'quarantine';
const CHANNEL = 'llm-selfhost-scenarios';

export const RECORD_TYPE = 'saved-scenario';
export const RECORD_VERSION = 1;

const recordSchema = z.object({
  type: z.literal(RECORD_TYPE),
  version: z.literal(RECORD_VERSION),
  id: z.string().min(1).max(64),
  name: z.string().max(120),
  createdAt: z.string().max(40),
  updatedAt: z.string().max(40),
  revision: z.number().int().nonnegative(),
  scenario: z.unknown(),
});

export interface SavedScenario {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  revision: number;
  scenario: Scenario;
}

export interface QuarantinedRecord {
  key: string;
  reason: string;
}

export interface ScenarioList {
  scenarios: SavedScenario[];
  quarantined: QuarantinedRecord[];
}

const db = database(SCENARIOS_DB);

/** For tests: close and forget the open connection. */
export async function resetScenariosDbForTests(): Promise<void> {
  await db.close();
}

function channel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
}

function announce(): void {
  const c = channel();
  c?.postMessage({ type: 'changed' });
  c?.close();
}

/** Calls `onChange` when another tab saves, renames or deletes a saved scenario. */
export function onScenariosChanged(onChange: () => void): () => void {
  const c = channel();
  if (!c) return () => undefined;
  c.onmessage = () => onChange();
  return () => c.close();
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function readRecord(raw: unknown): { ok: true; value: SavedScenario } | { ok: false; reason: string } {
  const env = recordSchema.safeParse(raw);
  if (!env.success) {
    const issue = env.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'record'}: ${issue?.message ?? 'invalid'}` };
  }
  const doc = readScenarioDocument(env.data.scenario, false);
  if (!doc.ok) return { ok: false, reason: `scenario: ${doc.error.kind}` };
  const { scenario: _raw, type: _t, version: _v, ...meta } = env.data;
  return { ok: true, value: { ...meta, scenario: doc.value.scenario } };
}

export async function listScenarios(): Promise<ScenarioList> {
  const raws = await db.transact(STORE, 'readonly', (tx) => requestToPromise(tx.objectStore(STORE).getAll()));
  const scenarios: SavedScenario[] = [];
  const bad: { raw: unknown; reason: string }[] = [];
  for (const raw of raws as unknown[]) {
    const r = readRecord(raw);
    if (r.ok) scenarios.push(r.value);
    else bad.push({ raw, reason: r.reason });
  }
  const quarantined: QuarantinedRecord[] = [];
  if (bad.length > 0) {
    await db.transact([STORE, QUARANTINE], 'readwrite', (tx) => {
      for (const { raw, reason } of bad) {
        const id = (raw as { id?: unknown } | null)?.id;
        const key = `${typeof id === 'string' ? id : 'unknown'}@${new Date().toISOString()}`;
        tx.objectStore(QUARANTINE).put({ key, reason, raw: JSON.stringify(raw) ?? String(raw) });
        if (typeof id === 'string') tx.objectStore(STORE).delete(id);
        quarantined.push({ key, reason });
      }
    });
  }
  scenarios.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  return { scenarios, quarantined };
}

export type SaveResult =
  { ok: true; saved: SavedScenario } | { ok: false; kind: 'conflict'; theirs: SavedScenario } | { ok: false; kind: 'failed'; reason: StorageFailure };

function envelope(s: SavedScenario) {
  return { type: RECORD_TYPE, version: RECORD_VERSION, ...s };
}

/**
 * Saves a scenario. With `id` and `expectedRevision`, updates that record only if its stored
 * revision is still the expected one; without `id`, creates a new record.
 */
export async function saveScenario(input: { scenario: Scenario; name: string; id?: string; expectedRevision?: number; force?: boolean }): Promise<SaveResult> {
  try {
    const now = new Date().toISOString();
    const result = await db.transact(STORE, 'readwrite', async (tx): Promise<SaveResult> => {
      const store = tx.objectStore(STORE);
      if (input.id) {
        const existingRaw = await requestToPromise(store.get(input.id));
        const existing = existingRaw === undefined ? null : readRecord(existingRaw);
        if (existing?.ok && !input.force && input.expectedRevision !== undefined && existing.value.revision !== input.expectedRevision) {
          return { ok: false, kind: 'conflict', theirs: existing.value };
        }
        const saved: SavedScenario = {
          id: input.id,
          name: input.name,
          createdAt: existing?.ok ? existing.value.createdAt : now,
          updatedAt: now,
          revision: (existing?.ok ? existing.value.revision : 0) + 1,
          scenario: input.scenario,
        };
        store.put(envelope(saved));
        return { ok: true, saved };
      }
      const saved: SavedScenario = { id: newId(), name: input.name, createdAt: now, updatedAt: now, revision: 1, scenario: input.scenario };
      store.add(envelope(saved));
      return { ok: true, saved };
    });
    if (result.ok) announce();
    return result;
  } catch (e) {
    return { ok: false, kind: 'failed', reason: storageFailure(e) };
  }
}

export async function renameScenario(id: string, name: string): Promise<SaveResult> {
  const list = await listScenarios();
  const current = list.scenarios.find((s) => s.id === id);
  if (!current) return { ok: false, kind: 'failed', reason: { kind: 'not-found' } };
  return saveScenario({ id, name, scenario: { ...current.scenario, name }, expectedRevision: current.revision });
}

export async function duplicateScenario(id: string, copySuffix: string): Promise<SaveResult> {
  const list = await listScenarios();
  const current = list.scenarios.find((s) => s.id === id);
  if (!current) return { ok: false, kind: 'failed', reason: { kind: 'not-found' } };
  const name = `${current.name} ${copySuffix}`.slice(0, 120);
  return saveScenario({ name, scenario: { ...current.scenario, name } });
}

export async function deleteScenario(id: string): Promise<{ ok: true } | { ok: false; reason: StorageFailure }> {
  try {
    await db.transact(STORE, 'readwrite', (tx) => {
      tx.objectStore(STORE).delete(id);
    });
    announce();
    return { ok: true };
  } catch (e) {
    return { ok: false, reason: storageFailure(e) };
  }
}

/** Writes a raw record as-is (tests use it to plant corrupted data). */
export async function putRawRecordForTests(raw: unknown): Promise<void> {
  await db.transact(STORE, 'readwrite', (tx) => {
    tx.objectStore(STORE).put(raw);
  });
}
