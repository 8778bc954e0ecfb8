import { z } from 'zod';
import { SCENARIO_VERSION, scenarioSchema } from './schema';

/**
 * JSON Schema of the scenario document, generated from the Zod schema so the two cannot
 * drift. Published as docs/scenario.schema.json for people who write scenarios by hand;
 * a unit test fails when the committed file is out of date.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(scenarioSchema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  return {
    ...(dropRequired(schema) as Record<string, unknown>),
    required: ['type', 'version'],
    $id: `https://selfhost-or-api.invalid/scenario.v${SCENARIO_VERSION}.schema.json`,
    title: `LLM self-hosting vs API scenario, version ${SCENARIO_VERSION}`,
    description:
      'Every input of the dashboard. Money in USD unless a field names its currency; shares as fractions (0.25 = 25 %); token prices per 1,000,000 tokens. Files may omit any field except type and version: missing fields take the built-in defaults.',
  };
}

/** Missing fields take their defaults, so only the envelope is required. */
function dropRequired(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropRequired);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'required') out[k] = dropRequired(v);
  return out;
}
