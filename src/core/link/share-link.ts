import { readScenarioDocument, toSparseDocument, type DocumentError, type DocumentOk } from '../scenario/document';
import type { Scenario } from '../scenario/schema';
import { decodeLinkPayload, encodeLinkPayload, type CodecError } from './codec';

/**
 * The scenario in the URL fragment (never sent to a server): `#/<area>?s=<payload>`.
 * Decoding follows the fixed order: size cap → format version → inflate (capped) → JSON →
 * envelope → version gate → migrate → Zod → restore with defaults.
 */
export type LinkError = CodecError | { kind: 'not-json' } | DocumentError;
export type LinkResult = { ok: true; value: DocumentOk } | { ok: false; error: LinkError };

export const SCENARIO_PARAM = 's';

export function encodeScenario(scenario: Scenario): string {
  return encodeLinkPayload(JSON.stringify(toSparseDocument(scenario)));
}

export function decodeScenario(payload: string): LinkResult {
  const decoded = decodeLinkPayload(payload);
  if (!decoded.ok) return decoded;
  let raw: unknown;
  try {
    raw = JSON.parse(decoded.text);
  } catch {
    return { ok: false, error: { kind: 'not-json' } };
  }
  return readScenarioDocument(raw, true);
}

export interface HashState {
  area: string;
  /** The raw scenario payload, if the fragment carries one. */
  payload: string | null;
}

/** Splits `#/tco?s=1.abc` into its area and payload. Tolerates anything. */
export function parseHash(hash: string): HashState {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const q = text.indexOf('?');
  const path = q === -1 ? text : text.slice(0, q);
  const query = q === -1 ? '' : text.slice(q + 1);
  const area = path.replace(/^\/+/, '').split('/')[0] ?? '';
  let payload: string | null = null;
  for (const part of query.split('&')) {
    if (part.startsWith(`${SCENARIO_PARAM}=`)) payload = safeDecode(part.slice(SCENARIO_PARAM.length + 1));
  }
  return { area, payload };
}

/** Mail clients and chat tools sometimes percent-encode links; undo it when possible. */
function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function buildHash(area: string, payload: string): string {
  return `#/${area}?${SCENARIO_PARAM}=${payload}`;
}
