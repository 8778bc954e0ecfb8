import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarioJsonSchema } from '../src/core/scenario/json-schema';

/** `npm run schema`: writes docs/scenario.schema.json from the Zod schema (the single source). */
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'scenario.schema.json');
writeFileSync(out, `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`);
console.log(`written ${out}`);
