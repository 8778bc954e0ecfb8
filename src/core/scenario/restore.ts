import { z } from 'zod';
import { DEFAULT_SCENARIO } from './defaults';
import { cloneJson, deleteAt, formatPath, getAt, isPlainObject, setAt, type PathSegment } from './json';
import { SCHEMA_WORDED, scenarioSchema, type Scenario, type SchemaRule } from './schema';
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
  /** The same problem as language-neutral facts, for the UI to word in the reader's language. */
  issue?: IssueFacts;
  /**
   * Set on the one notice that stands for the unknown fields beyond the first
   * `MAX_LISTED_UNKNOWN` (ignored like the listed ones, but not named): how many there were.
   * Its `path` is empty.
   */
  more?: number;
}

/** Unknown fields named one by one; those past it are counted in one notice (`more`). */
export const MAX_LISTED_UNKNOWN = 20;

/** How many fields the notices stand for (a `more` notice counts the fields it stands for). */
export function noticedFields(notices: readonly RestoreNotice[]): number {
  let count = 0;
  for (const n of notices) count += n.more ?? 1;
  return count;
}

/**
 * What a validation issue says, without words: Zod's issue code (or `unrepairable`) and the
 * limits it names. `problem` keeps the validator's English text alongside.
 */
export interface IssueFacts {
  code: z.core.$ZodIssue['code'] | 'unrepairable';
  /** What was checked for a size limit: number, string, array, … */
  origin?: string;
  minimum?: number | string;
  maximum?: number | string;
  inclusive?: boolean;
  /** The type expected (invalid_type). */
  expected?: string;
  /** The allowed values (invalid_value), as text. */
  values?: string[];
  /** The string format expected (invalid_format). */
  format?: string;
  divisor?: number;
  /** A rule the schema words itself (code `custom`), and the figures and fields it names. */
  rule?: SchemaRule;
  params?: Readonly<Record<string, string | number>>;
}

const SCHEMA_RULES: ReadonlySet<string> = new Set<SchemaRule>(['rent-limit', 'day-order', 'range-order']);

/** The schema's own rule behind a worded issue: from a custom issue's params or its message. */
function schemaRule(issue: z.core.$ZodIssue): Pick<IssueFacts, 'rule' | 'params'> {
  const raw: unknown = issue.code === 'custom' ? issue.params : SCHEMA_WORDED[issue.message];
  if (typeof raw !== 'object' || raw === null) return {};
  const { rule, ...rest } = raw as Record<string, unknown>;
  if (typeof rule !== 'string' || !SCHEMA_RULES.has(rule)) return {};
  const params = Object.fromEntries(Object.entries(rest).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number'));
  return { rule: rule as SchemaRule, ...(Object.keys(params).length > 0 ? { params } : {}) };
}

/**
 * Whether the schema gave this issue its own words (e.g. a limit explained in both rent units):
 * then those words are the problem, and the facts say only `custom`. Zod's default text for these
 * codes depends on the issue alone, so it can be regenerated and compared.
 */
function schemaWorded(issue: z.core.$ZodIssue): boolean {
  if (!['too_small', 'too_big', 'invalid_value', 'invalid_format', 'not_multiple_of'].includes(issue.code)) return false;
  const fallback = z.config().localeError?.(issue as unknown as Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0]);
  const text = typeof fallback === 'string' ? fallback : fallback?.message;
  return text !== undefined && text !== issue.message;
}

function issueFacts(issue: z.core.$ZodIssue): IssueFacts {
  if (schemaWorded(issue)) return { code: 'custom', ...schemaRule(issue) };
  switch (issue.code) {
    case 'too_small':
      return {
        code: issue.code,
        origin: issue.origin,
        minimum: typeof issue.minimum === 'bigint' ? issue.minimum.toString() : issue.minimum,
        ...(issue.inclusive === undefined ? {} : { inclusive: issue.inclusive }),
      };
    case 'too_big':
      return {
        code: issue.code,
        origin: issue.origin,
        maximum: typeof issue.maximum === 'bigint' ? issue.maximum.toString() : issue.maximum,
        ...(issue.inclusive === undefined ? {} : { inclusive: issue.inclusive }),
      };
    case 'invalid_type':
      return { code: issue.code, expected: issue.expected };
    case 'invalid_value':
      return { code: issue.code, values: issue.values.map((v) => String(v)) };
    case 'invalid_format':
      return { code: issue.code, format: issue.format };
    case 'not_multiple_of':
      return { code: issue.code, divisor: Number(issue.divisor) };
    case 'custom':
      return { code: issue.code, ...schemaRule(issue) };
    default:
      return { code: issue.code };
  }
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
function repair(doc: unknown, path: readonly PathSegment[], problem: string, issue: IssueFacts, notices: RestoreNotice[]): boolean {
  for (let k = path.length; k >= 1; k--) {
    const prefix = path.slice(0, k);
    const fallback = getAt(DEFAULT_SCENARIO, prefix);
    const current = getAt(doc, prefix);
    if (fallback !== undefined) {
      setAt(doc, prefix, cloneJson(fallback));
      notices.push({ path: formatPath(prefix), problem, action: 'reset-to-default', rejected: describeValue(current), issue });
      return true;
    }
    // Remove the entry when it sits in a list, or in a record whose keys are free-form
    // (pilot checks, uncertainty ranges): those have a default container but no default entry.
    const containerPath = prefix.slice(0, -1);
    const container = getAt(doc, containerPath);
    const isRecord = isPlainObject(container) && isPlainObject(getAt(DEFAULT_SCENARIO, containerPath));
    if (Array.isArray(container) || isRecord) {
      if (deleteAt(doc, prefix)) {
        notices.push({ path: formatPath(prefix), problem, action: 'dropped', rejected: describeValue(current), issue });
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
  let unknown = 0;
  const doc = mergeOntoBase(isPlainObject(input) ? input : {}, DEFAULT_SCENARIO);
  const result = (scenario: Scenario, extra: RestoreNotice[] = []): RestoreResult => {
    const more = unknown - MAX_LISTED_UNKNOWN;
    const counted: RestoreNotice[] =
      more > 0
        ? [{ path: '', problem: `${more} more unknown fields`, action: 'ignored-unknown', rejected: '', issue: { code: 'unrecognized_keys' }, more }]
        : [];
    return { scenario, notices: [...notices, ...counted, ...extra] };
  };
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const parsed = scenarioSchema.safeParse(doc);
    if (parsed.success) return result(parsed.data);
    let changed = false;
    for (const issue of parsed.error.issues) {
      const path = issue.path.filter((p): p is PathSegment => typeof p !== 'symbol');
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) {
          const at = [...path, key];
          const rejected = unknown < MAX_LISTED_UNKNOWN ? describeValue(getAt(doc, at)) : '';
          if (deleteAt(doc, at)) {
            // Past the first few, unknown fields are only counted: a file with 60,000 of them
            // must not make a message (and a page) of 60,000 lines.
            if (unknown < MAX_LISTED_UNKNOWN)
              notices.push({ path: formatPath(at), problem: 'Unknown field', action: 'ignored-unknown', rejected, issue: { code: 'unrecognized_keys' } });
            unknown += 1;
            changed = true;
          }
        }
        continue;
      }
      if (repair(doc, path, issueMessage(issue), issueFacts(issue), notices)) {
        changed = true;
        // Paths of later issues may have shifted (array element removed): validate again.
        break;
      }
    }
    if (!changed) break;
  }
  // Unreachable with a valid default scenario, kept so a bug can never produce invalid state.
  return result(cloneJson(DEFAULT_SCENARIO), [
    { path: '', problem: 'Could not be repaired', action: 'reset-to-default', rejected: '', issue: { code: 'unrepairable' } },
  ]);
}
