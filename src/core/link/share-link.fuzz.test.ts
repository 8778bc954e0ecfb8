import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readScenarioDocument } from '../scenario/document';
import { scenarioSchema } from '../scenario/schema';
import { hostileDocLink, hostileScenarioDoc, mutatedLink, randomLinkText } from '../../testing/link-arbitraries';
import { decodeScenario } from './share-link';

/**
 * Whatever arrives in a link: no exception, no hang, and either a valid scenario or a typed
 * error. Fixed seeds keep the unit suite repeatable; `npm run fuzz` runs far more cases.
 */
function check(payload: string): void {
  const started = performance.now();
  const r = decodeScenario(payload);
  expect(performance.now() - started).toBeLessThan(1000);
  if (r.ok) expect(scenarioSchema.safeParse(r.value.scenario).success).toBe(true);
  else expect(typeof r.error.kind).toBe('string');
}

describe('share-link fuzzing', () => {
  it('random text', () => {
    fc.assert(
      fc.property(randomLinkText, (p) => check(p)),
      { seed: 1, numRuns: 1500 },
    );
  });
  it('mutated golden links', () => {
    fc.assert(
      fc.property(mutatedLink, (p) => check(p)),
      { seed: 2, numRuns: 1500 },
    );
  });
  it('valid links carrying hostile documents always restore to a valid scenario or a typed error', () => {
    fc.assert(
      fc.property(hostileDocLink, (p) => check(p)),
      { seed: 3, numRuns: 800 },
    );
  });
  it('hostile complete documents (files, storage) behave the same', () => {
    fc.assert(
      fc.property(hostileScenarioDoc, (doc) => {
        const r = readScenarioDocument(doc, false);
        if (r.ok) expect(scenarioSchema.safeParse(r.value.scenario).success).toBe(true);
        else expect(['too-new', 'bad-version', 'no-migration']).toContain(r.error.kind);
      }),
      { seed: 4, numRuns: 800 },
    );
  });
});
