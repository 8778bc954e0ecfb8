import { BENCH_FIXTURES } from '../src/testing/bench-fixtures';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { importFile } from '../src/core/benchmarks/importer';
import { type ByteSource } from '../src/core/benchmarks/import-contract';
import { readUsageSource } from '../src/core/usage/reader';
import { memorySource } from '../src/core/benchmarks/memory-source';
import { benchRunSchema } from '../src/core/benchmarks/run-schema';
import { platformHost } from '../src/platform/host';
import { readScenarioDocument } from '../src/core/scenario/document';
import { SCENARIO_TYPE, SCENARIO_VERSION, scenarioSchema } from '../src/core/scenario/schema';
import { encodeLinkPayload } from '../src/core/link/codec';
import { decodeScenario } from '../src/core/link/share-link';
import { hostileDocLink, hostileScenarioDoc, mutatedLink, randomLinkText } from '../src/testing/link-arbitraries';

/**
 * `npm run fuzz [-- --runs N --seed S --line-runs N --line-max-mb M]`: the large fuzz run over every untrusted input.
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
/** Files holding one line of just over 1,000,000 characters up to --line-max-mb (default 200), per shape and reader. */
const LINE_RUNS = flag('line-runs', 20);
const LINE_MAX_BYTES = flag('line-max-mb', 200) * 1_000_000;

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
    cycle: fc.array(
      fc.oneof(
        fc.constant('['),
        fc.constantFrom('a', 'k', '_', 'é').map((k) => `{"${k}":`),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    inner: fc.constantFrom('1', '"x"', 'null', '[]', '{}'),
    at: fc.constantFrom(
      'notes',
      'workload',
      'workload.requestsPerDy',
      'pilot.days',
      'pilot.checks',
      'selfHosted.capacity',
      'typo',
      '__proto__',
      'type',
      'version',
    ),
    version: fc.constantFrom(0, 1, 2, SCENARIO_VERSION),
  })
  // Built as each case runs, not when sampled: a thousand documents of 600 KB would fill memory.
  .map(({ depth, cycle, inner, at, version }) => {
    const text = (): string => {
      const opens = Array.from({ length: depth }, (_, i) => cycle[i % cycle.length] as string);
      const nested = `${opens.join('')}${inner}${opens
        .map((o) => (o === '[' ? ']' : '}'))
        .reverse()
        .join('')}`;
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
  run('scenario file: nested 65 to 100,000 levels', deepDocument, DEEP_RUNS, ({ depth, text }) =>
    tooDeep(readScenarioDocument(JSON.parse(text()), false), depth),
  ),
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
    const tally: Tally = {
      target: `benchmark import: ${format} (${files.length} files)`,
      cases: 0,
      ok: 0,
      typedErrors: 0,
      exceptions: 0,
      invalid: 0,
      slowestMs: 0,
    };
    const cases = fc.sample(
      fc.tuple(
        fc.nat(files.length - 1),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.integer({ min: 64, max: 65536 }),
      ),
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

/**
 * A file of `size` bytes: `head`, then `pattern` over and over, with no newline. Its bytes are
 * made as they are read, so a 200 MB line costs only what the reader takes of it; `bytesRead`
 * says how much that was.
 */
function generatedLine(name: string, size: number, head: string, pattern: string): ByteSource & { bytesRead: number } {
  const headBytes = new TextEncoder().encode(head);
  const unit = new TextEncoder().encode(pattern);
  const source = {
    name,
    size,
    bytesRead: 0,
    read: (offset: number, length: number) => {
      const n = Math.max(0, Math.min(length, size - offset));
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) {
        const at = offset + i;
        out[i] = (at < headBytes.length ? headBytes[at] : unit[(at - headBytes.length) % unit.length]) as number;
      }
      source.bytesRead += n;
      return Promise.resolve(out);
    },
  };
  return source;
}

/** Line shapes: plain text, CSV cells, and a JSON Lines file whose second line never ends. */
const LINE_SHAPES = [
  { shape: 'plain text', head: '', pattern: 'x' },
  { shape: 'CSV cells', head: '', pattern: 'abcdefghij,' },
  { shape: 'JSON Lines', head: '{"ts":1768471200,"model":"m","status":"ok","ttft_ms":100,"duration_ms":1000,"in_tok":10,"out_tok":11}\n{"x":"', pattern: 'y' },
] as const;
/** What a reader may take of a file with a line past the cap: the chunks that hold the cap, and no more. */
const MOST_READ_BYTES = 8 * 1024 * 1024;
/** What a case may add to the heap. */
const MOST_HEAP_BYTES = 64 * 1024 * 1024;

/**
 * One line of up to 200 MB (more with --line-max-mb) for the usage reader and the benchmark
 * importer: each must refuse the file, having read at most MOST_READ_BYTES of it and grown the
 * heap by at most MOST_HEAP_BYTES.
 */
async function fuzzLineLength(): Promise<Tally[]> {
  const sizes = [LINE_MAX_BYTES, ...fc.sample(fc.integer({ min: 1_000_200, max: LINE_MAX_BYTES }), { numRuns: Math.max(0, LINE_RUNS - 1), seed: SEED })];
  const host = platformHost();
  const readers = [
    {
      reader: 'usage file',
      read: async (source: ByteSource): Promise<string[]> =>
        (await readUsageSource(source, host))?.issues.filter((i) => i.severity === 'error').map((i) => i.code) ?? [],
    },
    {
      reader: 'benchmark import',
      read: async (source: ByteSource): Promise<string[]> => (await importFile(source, host)).issues.filter((i) => i.severity === 'error').map((i) => i.code),
    },
  ];
  const out: Tally[] = [];
  for (const { reader, read } of readers) {
    for (const { shape, head, pattern } of LINE_SHAPES) {
      const tally: Tally = {
        target: `${reader}: one line of ${shape}, 1 MB to ${LINE_MAX_BYTES / 1_000_000} MB`,
        cases: 0,
        ok: 0,
        typedErrors: 0,
        exceptions: 0,
        invalid: 0,
        slowestMs: 0,
      };
      for (const size of sizes) {
        const source = generatedLine(`line-${size}.txt`, size, head, pattern);
        tally.cases++;
        const heapBefore = process.memoryUsage().heapUsed;
        const t0 = performance.now();
        try {
          const codes = await read(source);
          const grown = process.memoryUsage().heapUsed - heapBefore;
          // Plain text without a delimiter is no result file at all: the importer says so at once.
          const refused =
            codes.includes('line-too-long') ||
            codes.includes('too-many-columns') ||
            (reader === 'benchmark import' && shape === 'plain text' && codes.includes('unrecognised-format'));
          if (refused && source.bytesRead <= MOST_READ_BYTES && grown <= MOST_HEAP_BYTES) tally.typedErrors++;
          else {
            tally.invalid++;
            if (tally.invalid <= 3)
              console.error(`${tally.target}: ${size} bytes: codes ${codes.join(', ') || 'none'}, read ${source.bytesRead} bytes, heap +${grown} bytes`);
          }
        } catch (e) {
          tally.exceptions++;
          if (tally.exceptions <= 3) console.error(`${tally.target}: ${size} bytes: exception: ${String(e)}`);
        }
        tally.slowestMs = Math.max(tally.slowestMs, performance.now() - t0);
      }
      out.push(tally);
    }
  }
  return out;
}

tallies.push(...(await fuzzLineLength()));

console.log(`seed ${SEED}`);
console.table(tallies.map((t) => ({ ...t, slowestMs: Number(t.slowestMs.toFixed(1)) })));
const bad = tallies.some((t) => t.exceptions > 0 || t.invalid > 0 || t.slowestMs > 1000);
process.exitCode = bad ? 1 : 0;
