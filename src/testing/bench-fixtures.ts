import { resolve } from 'node:path';

/**
 * Real load-test result files, committed under `fixtures/bench/` with their provenance in
 * `fixtures/bench/SOURCES.md`. Tests, the fuzz script and the benchmarks read them from here,
 * so a clone of the repository tests itself with nothing beside it. Paths resolve from the
 * repository root (the working directory of npm scripts, Vitest and Playwright).
 */
export const BENCH_FIXTURES = resolve(process.cwd(), 'fixtures/bench');
