import { createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Writes the large input for the import benchmark: a per-request JSONL log of an
 * OpenAI-compatible client (the shape of fixtures/bench/api-usage), 1,000,000 lines,
 * about 150 MB, to bench/data/ (git-ignored). Deterministic: a seeded generator, fixed start time.
 *
 * `npx tsx bench/generate-jsonl.ts [lines]` (10000000 writes requests-10m.jsonl beside it)
 */
const here = dirname(fileURLToPath(import.meta.url));
export const DATA_DIR = join(here, 'data');
export const JSONL_PATH = join(DATA_DIR, 'requests-1m.jsonl');
export const JSONL_LINES = 1_000_000;
/** The large log of the memory figures: 10,000,000 lines of the same kind, about 1.5 GB, written on demand. */
export const JSONL_10M_PATH = join(DATA_DIR, 'requests-10m.jsonl');
export const JSONL_10M_LINES = 10_000_000;

/** mulberry32: small seeded PRNG, enough for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function line(i: number, r: () => number, startMs: number): string {
  const ts = new Date(startMs + i * 37 + Math.floor(r() * 30)).toISOString();
  const model = r() < 0.7 ? 'kimi-k2' : 'deepseek-v3.2';
  const inTok = 200 + Math.floor(r() * 4000);
  if (r() < 0.01) {
    return `{"ts":"${ts}","model":"${model}","status":"error","http_status":429,"error":"rate_limit_exceeded","ttft_ms":null,"duration_ms":${(20 + r() * 30).toFixed(1)},"in_tok":${inTok},"out_tok":0,"cost_usd":0}`;
  }
  const outTok = 20 + Math.floor(r() * 800);
  const ttft = 150 + r() * 900;
  const duration = ttft + outTok * (8 + r() * 20);
  const cost = (inTok * 0.6 + outTok * 2.5) / 1e6;
  return `{"ts":"${ts}","model":"${model}","status":"ok","ttft_ms":${ttft.toFixed(1)},"duration_ms":${duration.toFixed(1)},"in_tok":${inTok},"out_tok":${outTok},"cost_usd":${cost.toFixed(7)}}`;
}

export async function generate(path = JSONL_PATH, lines = JSONL_LINES): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  const out = createWriteStream(path);
  const r = rng(20261130);
  const start = Date.UTC(2026, 0, 15, 10, 0, 0);
  let buffer = '';
  for (let i = 0; i < lines; i++) {
    buffer += `${line(i, r, start)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise((res) => out.once('drain', res));
      buffer = '';
    }
  }
  out.write(buffer);
  await new Promise<void>((res, rej) => out.end((e?: Error | null) => (e ? rej(e) : res())));
}

export async function ensureJsonl(): Promise<string> {
  if (!existsSync(JSONL_PATH)) {
    process.stderr.write(`generating ${JSONL_PATH} …\n`);
    await generate();
  }
  return JSONL_PATH;
}

/** The 10,000,000-line log (its first million lines are the 1,000,000-line file's). */
export async function ensureJsonl10m(): Promise<string> {
  if (!existsSync(JSONL_10M_PATH)) {
    process.stderr.write(`generating ${JSONL_10M_PATH} (about 1.5 GB) …\n`);
    await generate(JSONL_10M_PATH, JSONL_10M_LINES);
  }
  return JSONL_10M_PATH;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const n = Number(process.argv[2] ?? JSONL_LINES);
  const path = n === JSONL_10M_LINES ? JSONL_10M_PATH : JSONL_PATH;
  void generate(path, n).then(() => {
    process.stderr.write(`wrote ${path}: ${n} lines, ${(statSync(path).size / 1e6).toFixed(1)} MB\n`);
  });
}
