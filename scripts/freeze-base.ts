import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_SCENARIO } from '../src/core/scenario/defaults';
import { SCENARIO_VERSION } from '../src/core/scenario/schema';
import { formatJson } from './json-format';

/**
 * `npm run freeze-base [-- --force]`: writes the diff base of the current scenario version,
 * `src/core/scenario/bases/v<SCENARIO_VERSION>.json`, from today's defaults. Share links of a
 * version are diffs against its base forever, so an existing base is never overwritten unless
 * `--force` is given (only before that version is released). After writing a new one, add it to
 * FROZEN_BASES in `src/core/scenario/bases/index.ts`.
 */
const force = process.argv.includes('--force');
const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'core', 'scenario', 'bases');
const file = join(dir, `v${SCENARIO_VERSION}.json`);

if (existsSync(file) && !force) {
  console.error(
    `bases/v${SCENARIO_VERSION}.json exists already and is frozen: links of version ${SCENARIO_VERSION} are diffs against it.\n` +
      'To change the defaults, bump SCENARIO_VERSION, add a migration step and run this again.\n' +
      'Use --force only if this version has never been released.',
  );
  process.exit(1);
}
writeFileSync(file, formatJson(DEFAULT_SCENARIO));
console.log(`wrote ${file}`);
console.log(`Add it to FROZEN_BASES in src/core/scenario/bases/index.ts: ${SCENARIO_VERSION}: v${SCENARIO_VERSION}`);
