import type { z } from 'zod';
import { DEFAULT_SCENARIO } from './defaults';
import {
  cloneJson,
  deleteAt,
  formatPath,
  getAt,
  isPlainObject,
  setAt,
  type PathSegment,
} from './json';
import { scenarioSchema, type Scenario } from './schema';
import { mergeOntoBase } from './sparse';

/** What restoring had to change, one entry per field; the UI shows these to the user. */
export interface RestoreNotice {
  /** Dotted path of the field, e.g. "workload.cacheHitShare" or "pilot.incidents[2]". */
  path: string;
  /** What was wrong, in the validator's words. */
  problem: string;
  action: 'reset-to-default' | 'dropped' | 'ignored-unknown';
  /** The rejected value, as text (capped), so nothing entered is lost without a trace. */
  rejected: string;
}

const MAX_PASSES = 200;

function describeValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

/**
 * Repairs the place an issue points at: the nearest level that has a default is reset to it;
 * an array element or record entry that has no default is removed.
 */
function repair(doc: unknown, path: readonly PathSegment[], problem: string, notices: RestoreNotice[]): boolean {
  for (let k = path.length; k >= 1; k--) {
    const prefix = path.slice(0, k);
    const fallback = getAt(DEFAULT_SCENARIO, prefix);
    const current = getAt(doc, prefix);
    if (fallback !== undefined) {
      setAt(doc, prefix, cloneJson(fallback));
      notices.push({ path: formatPath(prefix), problem, action: 'reset-to-default', rejected: describeValue(current) });
      return true;
    }
    // Remove the entry when it sits in a list, or in a record whose keys are free-form
    // (pilot checks, uncertainty ranges): those have a default container but no default entry.
    const containerPath = prefix.slice(0, -1);
    const container = getAt(doc, containerPath);
    const isRecord = isPlainObject(container) && isPlainObject(getAt(DEFAULT_SCENARIO, containerPath));
    if (Array.isArray(container) || isRecord) {
      if (deleteAt(doc, prefix)) {
        notices.push({ path: formatPath(prefix), problem, action: 'dropped', rejected: describeValue(current) });
        return true;
      }
    }
  }
  return false;
}

function issueMessage(issue: z.core.$ZodIssue): string {
  return issue.message;
}

export interface RestoreResult {
  scenario: Scenario;
  notices: RestoreNotice[];
}

/**
 * Restore, don't trust: lays the input over the defaults and validates it; each invalid field
 * falls back to its default (or, for list entries, is dropped) and is reported. Always returns
 * a valid scenario. The input must already be at the latest version.
 */
export function restoreScenario(input: unknown): RestoreResult {
  const notices: RestoreNotice[] = [];
  const doc = mergeOntoBase(isPlainObject(input) ? input : {}, DEFAULT_SCENARIO);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const parsed = scenarioSchema.safeParse(doc);
    if (parsed.success) return { scenario: parsed.data, notices };
    let changed = false;
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const at = [...path, key];
          const rejected = describeValue(getAt(doc, at));
          if (deleteAt(doc, at)) {
            notices.push({ path: formatPath(at), problem: 'Unknown field', action: 'ignored-unknown', rejected });
            changed = true;
          }
        }
        continue;
      }
      if (repair(doc, path, issueMessage(issue), notices)) {
        changed = true;
        // Paths of later issues may have shifted (array element removed): validate again.
        break;
      }
    }
    if (!changed) break;
  }
  // Unreachable with a valid default scenario, kept so a bug can never produce invalid state.
  return {
    scenario: cloneJson(DEFAULT_SCENARIO),
    notices: [...notices, { path: '', problem: 'Could not be repaired', action: 'reset-to-default', rejected: '' }],
  };
}
