import fc from 'fast-check';
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

console.log(`seed ${SEED}`);
console.table(tallies.map((t) => ({ ...t, slowestMs: Number(t.slowestMs.toFixed(1)) })));
const bad = tallies.some((t) => t.exceptions > 0 || t.invalid > 0 || t.slowestMs > 1000);
process.exitCode = bad ? 1 : 0;
