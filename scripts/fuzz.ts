import { BENCH_FIXTURES } from '../src/testing/bench-fixtures';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { importFile } from '../src/core/benchmarks/importer';
import { memorySource } from '../src/core/benchmarks/memory-source';
import { benchRunSchema } from '../src/core/benchmarks/run-schema';
import { platformHost } from '../src/worker/benchmarks-api';
import { readScenarioDocument } from '../src/core/scenario/document';
import { scenarioSchema } from '../src/core/scenario/schema';
import { decodeScenario } from '../src/lib/url/share-link';
import { hostileDocLink, hostileScenarioDoc, mutatedLink, randomLinkText } from '../src/testing/link-arbitraries';

/**
 * `npm run fuzz [-- --runs N --seed S]`: the large fuzz run over every untrusted input.
 * Prints, per target: cases run, valid results, typed errors, uncaught exceptions, slowest case.
 * Exits non-zero on any uncaught exception, invalid result or case slower than 1 s.
 */
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const RUNS = flag('runs', 100_000);
/** Truncated/mutated copies per benchmark fixture format (folder under fixtures/bench). */
const BENCH_RUNS = flag('bench-runs', 10_000);
const SEED = flag('seed', Date.now() % 2 ** 31);

interface Tally {
  target: string;
  cases: number;
  ok: number;
  typedErrors: number;
  exceptions: number;
  invalid: number;
  slowestMs: number;
}

function run<T>(target: string, arb: fc.Arbitrary<T>, runs: number, body: (value: T) => 'ok' | 'error' | 'invalid'): Tally {
  const tally: Tally = { target, cases: 0, ok: 0, typedErrors: 0, exceptions: 0, invalid: 0, slowestMs: 0 };
  const samples = fc.sample(arb, { numRuns: runs, seed: SEED });
  for (const value of samples) {
    tally.cases++;
    const t0 = performance.now();
    try {
      const r = body(value);
      if (r === 'ok') tally.ok++;
      else if (r === 'error') tally.typedErrors++;
      else tally.invalid++;
    } catch (e) {
      tally.exceptions++;
      if (tally.exceptions <= 3) console.error(`${target}: exception on ${JSON.stringify(value).slice(0, 200)}: ${String(e)}`);
    }
    tally.slowestMs = Math.max(tally.slowestMs, performance.now() - t0);
  }
  return tally;
}

function link(payload: string): 'ok' | 'error' | 'invalid' {
  const r = decodeScenario(payload);
  if (!r.ok) return typeof r.error.kind === 'string' ? 'error' : 'invalid';
  return scenarioSchema.safeParse(r.value.scenario).success ? 'ok' : 'invalid';
}

const tallies: Tally[] = [
  run('share link: random text', randomLinkText, Math.round(RUNS * 0.4), link),
  run('share link: mutated golden links', mutatedLink, Math.round(RUNS * 0.4), link),
  run('share link: hostile documents in valid links', hostileDocLink, Math.round(RUNS * 0.2), link),
  run('scenario file: hostile documents through every migration', hostileScenarioDoc, Math.round(RUNS * 0.2), (doc) => {
    const r = readScenarioDocument(doc, false);
    if (!r.ok) return 'error';
    return scenarioSchema.safeParse(r.value.scenario).success ? 'ok' : 'invalid';
  }),
];

/** Truncated and mutated copies of the real load-test files, spread over each format's files. */
async function fuzzBenchFixtures(): Promise<Tally[]> {
  const root = BENCH_FIXTURES;
  const out: Tally[] = [];
  // The fixtures are part of the repository: a missing folder is an error, not a skipped suite.
  const formats = readdirSync(root).filter((d) => statSync(join(root, d)).isDirectory());
  const host = platformHost();
  for (const format of formats) {
    const files = readdirSync(join(root, format)).map((f) => ({ name: `${format}/${f}`, bytes: new Uint8Array(readFileSync(join(root, format, f))) }));
    const tally: Tally = { target: `benchmark import: ${format} (${files.length} files)`, cases: 0, ok: 0, typedErrors: 0, exceptions: 0, invalid: 0, slowestMs: 0 };
    const cases = fc.sample(
      fc.tuple(fc.nat(files.length - 1), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }), fc.integer({ min: 64, max: 65536 })),
      { numRuns: BENCH_RUNS, seed: SEED },
    );
    for (const [fileIndex, cut, edits, chunk] of cases) {
      const file = files[fileIndex] as { name: string; bytes: Uint8Array };
      const bytes = file.bytes.slice(0, file.bytes.length === 0 ? 0 : cut % (file.bytes.length + 1));
      for (const [at, value] of edits) if (bytes.length > 0) bytes[at % bytes.length] = value;
      tally.cases++;
      const t0 = performance.now();
      try {
        const r = await importFile(memorySource(file.name, bytes), host, { chunkBytes: chunk });
        const valid = r.runs.every((run) => benchRunSchema.safeParse(run).success);
        if (!valid) tally.invalid++;
        else if (r.status === 'failed' || r.status === 'needs-mapping') tally.typedErrors++;
        else tally.ok++;
      } catch (e) {
        tally.exceptions++;
        if (tally.exceptions <= 3) console.error(`${file.name}: exception: ${String(e)}`);
      }
      tally.slowestMs = Math.max(tally.slowestMs, performance.now() - t0);
    }
    out.push(tally);
  }
  return out;
}

tallies.push(...(await fuzzBenchFixtures()));

console.log(`seed ${SEED}`);
console.table(tallies.map((t) => ({ ...t, slowestMs: Number(t.slowestMs.toFixed(1)) })));
const bad = tallies.some((t) => t.exceptions > 0 || t.invalid > 0 || t.slowestMs > 1000);
process.exitCode = bad ? 1 : 0;
