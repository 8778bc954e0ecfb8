import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from './json-schema';

describe('docs/scenario.schema.json', () => {
  it('is up to date with the Zod schema (run `npm run schema` after changing the schema)', () => {
    const committed = JSON.parse(readFileSync(join(process.cwd(), 'docs', 'scenario.schema.json'), 'utf8')) as unknown;
    expect(committed).toEqual(JSON.parse(JSON.stringify(scenarioJsonSchema())));
  });
  it('states the limits a hand-written file must respect', () => {
    const s = scenarioJsonSchema() as { properties: { workload: { properties: Record<string, { minimum?: number; maximum?: number }> } } };
    expect(s.properties.workload.properties.cacheHitShare).toMatchObject({ minimum: 0, maximum: 1 });
  });
});
