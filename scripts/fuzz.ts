import { BENCH_FIXTURES } from '../src/testing/bench-fixtures';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { importFile } from '../src/core/benchmarks/importer';
import { memorySource } from '../src/core/benchmarks/memory-source';
import { benchRunSchema } from '../src/core/benchmarks/run-schema';
import { platformHost } from '../src/worker/benchmarks-api';
import { readScenarioDocument } from '../src/core/scenario/document';
import { SCENARIO_TYPE, SCENARIO_VERSION, scenarioSchema } from '../src/core/scenario/schema';
import { encodeLinkPayload } from '../src/lib/url/codec';
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
/** Links and files nested deeper than any scenario (65 to 100,000 levels), per target. */
const DEEP_RUNS = flag('deep-runs', 1_000);

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

/**
 * A document with arrays and objects nested `depth` levels deep at one place (a field of the
 * schema, an unknown field, the envelope itself), written as text: building it as a value and
 * calling JSON.stringify would overflow the stack this target checks the reader never reaches.
 */
const deepDocument = fc
  .record({
    depth: fc.oneof(fc.integer({ min: 65, max: 3_000 }), fc.integer({ min: 65, max: 100_000 })),
    // One cycle of containers, repeated: "[" or {"<key>": with a one-character key.
    cycle: fc.array(fc.oneof(fc.constant('['), fc.constantFrom('a', 'k', '_', 'é').map((k) => `{"${k}":`)), { minLength: 1, maxLength: 3 }),
    inner: fc.constantFrom('1', '"x"', 'null', '[]', '{}'),
    at: fc.constantFrom('notes', 'workload', 'workload.requestsPerDy', 'pilot.days', 'pilot.checks', 'selfHosted.capacity', 'typo', '__proto__', 'type', 'version'),
    version: fc.constantFrom(0, 1, 2, SCENARIO_VERSION),
  })
  // Built as each case runs, not when sampled: a thousand documents of 600 KB would fill memory.
  .map(({ depth, cycle, inner, at, version }) => {
    const text = (): string => {
      const opens = Array.from({ length: depth }, (_, i) => cycle[i % cycle.length] as string);
      const nested = `${opens.join('')}${inner}${opens.map((o) => (o === '[' ? ']' : '}')).reverse().join('')}`;
      const keys = at.split('.');
      // "workload.requestsPerDy" → "workload":{"requestsPerDy":<nested>}
      const field = `${keys.map((k) => `{"${k}":`).join('')}${nested}${'}'.repeat(keys.length)}`.slice(1, -1);
      const envelope = [at === 'type' ? '' : `"type":"${SCENARIO_TYPE}"`, at === 'version' ? '' : `"version":${version}`].filter(Boolean);
      return `{${[...envelope, field].join(',')}}`;
    };
    return { depth, at, text };
  });

/** Each deep document must be refused as too deep, with its depth; anything else is invalid. */
function tooDeep(r: ReturnType<typeof decodeScenario>, depth: number): 'ok' | 'error' | 'invalid' {
  if (r.ok) return 'invalid';
  return r.error.kind === 'too-deep' && r.error.depth >= depth ? 'error' : 'invalid';
}

tallies.push(
  run('share link: nested 65 to 100,000 levels', deepDocument, DEEP_RUNS, ({ depth, text }) => tooDeep(decodeScenario(encodeLinkPayload(text())), depth)),
  run('scenario file: nested 65 to 100,000 levels', deepDocument, DEEP_RUNS, ({ depth, text }) => tooDeep(readScenarioDocument(JSON.parse(text()), false), depth)),
);

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
