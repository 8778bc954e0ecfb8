import fc from 'fast-check';
import { DEFAULT_SCENARIO } from '../core/scenario/defaults';
import { SCENARIO_TYPE } from '../core/scenario/schema';
import { encodeLinkPayload } from '../core/link/codec';
import golden from '../core/link/fixtures/golden-links-v1.json';

/**
 * Generators of hostile share links and scenario documents, shared by the unit-suite fuzz
 * tests (fixed seeds, small counts) and `npm run fuzz` (large counts). Test code only.
 */
const GOLDEN = Object.values(golden.links);
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A valid link with characters replaced, inserted, deleted or the tail cut off. */
export const mutatedLink = fc
  .tuple(
    fc.constantFrom(...GOLDEN),
    fc.array(fc.tuple(fc.constantFrom('replace', 'insert', 'delete', 'cut'), fc.nat(), fc.constantFrom(...B64.split(''), '.', '%', '=', '~', 'é')), {
      minLength: 1,
      maxLength: 6,
    }),
  )
  .map(([link, edits]) => {
    let s = link;
    for (const [op, at, ch] of edits) {
      const i = s.length === 0 ? 0 : at % s.length;
      if (op === 'replace') s = s.slice(0, i) + ch + s.slice(i + 1);
      else if (op === 'insert') s = s.slice(0, i) + ch + s.slice(i);
      else if (op === 'delete') s = s.slice(0, i) + s.slice(i + 1);
      else s = s.slice(0, i);
    }
    return s;
  });

export const randomLinkText = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: fc.constantFrom(...B64.split('')), maxLength: 400 }).map((b) => `1.${b}`),
  fc.stringMatching(/^[0-9]{1,3}\.[A-Za-z0-9_-]{0,200}$/),
);

/** JSON values shaped like a scenario but with random content in random places. */
const section = fc.constantFrom('workload', 'api', 'selfHosted', 'hardware', 'pilot', 'uncertainty', 'fx', 'view', 'name', 'notes', 'bogus');
const fieldOf = (name: string): string[] => {
  const v = (DEFAULT_SCENARIO as unknown as Record<string, unknown>)[name];
  return v && typeof v === 'object' && !Array.isArray(v) ? Object.keys(v) : ['x'];
};
export const hostileScenarioDoc = fc
  .tuple(fc.constantFrom(0, 1, 1, 1, 2, -1), fc.array(fc.tuple(section, fc.nat(), fc.jsonValue({ maxDepth: 3 })), { maxLength: 8 }))
  .map(([version, edits]) => {
    const doc: Record<string, unknown> = { type: SCENARIO_TYPE, version };
    for (const [sec, idx, value] of edits) {
      const fields = fieldOf(sec);
      const field = fields[idx % fields.length] as string;
      const current = doc[sec];
      doc[sec] =
        typeof current === 'object' && current !== null && !Array.isArray(current)
          ? { ...current, [field]: value }
          : idx % 4 === 0
            ? value
            : { [field]: value };
    }
    return doc;
  });

/** Hostile documents packed into otherwise valid links. */
export const hostileDocLink = hostileScenarioDoc.map((doc) => encodeLinkPayload(JSON.stringify(doc)));
