import { z } from 'zod';
import { ValueSketch, type ValueSketchState } from './value-sketch';

/**
 * Per-request data of one run, column-wise in typed arrays: a million requests take about
 * 60 MB this way instead of several hundred MB as objects, and the arrays cross the worker
 * boundary and go into IndexedDB without conversion. Missing values are NaN inside the arrays;
 * they never leave core as numbers (every statistic skips them).
 */
export interface RequestTable {
  count: number;
  /** 1 = succeeded, 0 = failed. */
  ok: Uint8Array;
  ttftMs: Float64Array;
  e2elMs: Float64Array;
  /** (e2el − ttft) / (output tokens − 1); NaN for requests with fewer than 2 output tokens. */
  tpotMs: Float64Array;
  /** e2el / output tokens (TTFT included), or the tool's own per-request figure of that kind. */
  perTokenMs: Float64Array;
  inputTokens: Float64Array;
  outputTokens: Float64Array;
  /** Start time in seconds relative to the first request; NaN when unknown. */
  startS: Float64Array;
  /** Inter-chunk gaps of all requests pooled (only when the file records them). */
  itlGapsMs: Float64Array | null;
  /**
   * Set when the file has more requests than a table keeps (`TABLE_ROWS`): the rows are a
   * uniform sample of `requests` requests, each kept with probability `rate` (by a hash of its
   * values, so the sample does not depend on how the file was cut into parts). Absent: every
   * request is in the table.
   */
  sample?: { requests: number; rate: number } | undefined;
}

/** A sampled table's share (`RequestTable.sample`). */
export const tableSampleSchema = z.strictObject({ requests: z.number().int().nonnegative(), rate: z.number().gt(0).lt(1) });

export const requestTableSchema = z
  .strictObject({
    count: z.number().int().nonnegative(),
    ok: z.instanceof(Uint8Array),
    ttftMs: z.instanceof(Float64Array),
    e2elMs: z.instanceof(Float64Array),
    tpotMs: z.instanceof(Float64Array),
    perTokenMs: z.instanceof(Float64Array),
    inputTokens: z.instanceof(Float64Array),
    outputTokens: z.instanceof(Float64Array),
    startS: z.instanceof(Float64Array),
    itlGapsMs: z.instanceof(Float64Array).nullable(),
    sample: tableSampleSchema.optional(),
  })
  .refine((t) => [t.ok, t.ttftMs, t.e2elMs, t.tpotMs, t.perTokenMs, t.inputTokens, t.outputTokens, t.startS].every((a) => a.length === t.count), {
    message: 'Column lengths differ from the request count',
  });

class GrowF64 {
  data: Float64Array<ArrayBuffer>;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Float64Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  pushAll(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.push(values[i] as number);
  }
  done(): Float64Array<ArrayBuffer> {
    return this.data.slice(0, this.length);
  }
}

export interface RequestRow {
  ok: boolean;
  ttftMs: number;
  e2elMs: number;
  /** Pass NaN to have it computed from e2el, ttft and output tokens. */
  tpotMs: number;
  /** Pass NaN to have it computed as e2el / output tokens. */
  perTokenMs: number;
  inputTokens: number;
  outputTokens: number;
  /** Absolute start in seconds (any epoch); made relative to the earliest start at the end. */
  startS: number;
}

/** Decode time per output token as vLLM defines TPOT; NaN when it cannot be computed. */
export function decodePerToken(e2elMs: number, ttftMs: number, outputTokens: number): number {
  if (!(outputTokens > 1) || !Number.isFinite(e2elMs) || !Number.isFinite(ttftMs)) return Number.NaN;
  return (e2elMs - ttftMs) / (outputTokens - 1);
}

/**
 * About this many requests a table keeps (≈ 60 MB of columns). A larger log keeps a uniform
 * sample of about this size, and its statistics come from bounded summaries of every request
 * (`RowSummary`); the rate is fixed before the first row from the file's size and the lines of
 * its first chunk (`sampleRate`), so every thread reading a part of the file uses the same one.
 */
export const TABLE_ROWS = 1 << 20;

/** The share of a log's requests its table keeps: 1, or about TABLE_ROWS over the estimated request count. */
export function sampleRate(fileBytes: number, chunk: Uint8Array, tableRows = TABLE_ROWS): number {
  let lines = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
  if (lines === 0 || chunk.length === 0) return 1;
  const estimate = (fileBytes * lines) / chunk.length;
  return estimate <= tableRows ? 1 : tableRows / estimate;
}

/** Everything the statistics of a sampled table need, over every request (not only the kept ones). */
export interface RowSummary {
  requests: number;
  ok: number;
  inputTokens: number;
  outputTokens: number;
  haveInput: boolean;
  /** Over the succeeded requests, as the statistics read the columns. */
  ttft: ValueSketch;
  e2el: ValueSketch;
  tpot: ValueSketch;
  perToken: ValueSketch;
}

interface RowSummaryState {
  requests: number;
  ok: number;
  inputTokens: number;
  outputTokens: number;
  haveInput: boolean;
  ttft: ValueSketchState;
  e2el: ValueSketchState;
  tpot: ValueSketchState;
  perToken: ValueSketchState;
}

function newSummary(): RowSummary {
  return {
    requests: 0,
    ok: 0,
    inputTokens: 0,
    outputTokens: 0,
    haveInput: false,
    ttft: new ValueSketch(),
    e2el: new ValueSketch(),
    tpot: new ValueSketch(),
    perToken: new ValueSketch(),
  };
}

const summaries = new WeakMap<RequestTable, RowSummary>();

/** The summary over every request of a sampled table built here; null for a complete table (or one read back from storage). */
export function tableSummary(table: RequestTable): RowSummary | null {
  return summaries.get(table) ?? null;
}

const hashWord = new Float64Array(1);
const hashWords = new Uint32Array(hashWord.buffer);

function mix(h: number, k: number): number {
  let x = Math.imul(k, 0xcc9e2d51);
  x = (x << 15) | (x >>> 17);
  x = Math.imul(x, 0x1b873593);
  let y = h ^ x;
  y = (y << 13) | (y >>> 19);
  return (Math.imul(y, 5) + 0xe6546b64) | 0;
}

function mixValue(h: number, v: number): number {
  hashWord[0] = v;
  return mix(mix(h, hashWords[0] as number), hashWords[1] as number);
}

/** A 32-bit hash of a request's values (MurmurHash3's mixing steps): which requests a sampled table keeps. */
export function rowHash(ok: boolean, ttftMs: number, e2elMs: number, inputTokens: number, outputTokens: number, startS: number): number {
  let h = ok ? 0x2545f491 : 0x1b873593;
  h = mixValue(h, ttftMs);
  h = mixValue(h, e2elMs);
  h = mixValue(h, inputTokens);
  h = mixValue(h, outputTokens);
  h = mixValue(h, startS);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Rows per block of the builder's columns. */
const BLOCK_ROWS = 64 * 1024;

export interface ColumnBlock {
  ok: Uint8Array<ArrayBuffer>;
  ttft: Float64Array<ArrayBuffer>;
  e2el: Float64Array<ArrayBuffer>;
  tpot: Float64Array<ArrayBuffer>;
  perToken: Float64Array<ArrayBuffer>;
  input: Float64Array<ArrayBuffer>;
  output: Float64Array<ArrayBuffer>;
  start: Float64Array<ArrayBuffer>;
}

/**
 * Where a builder in a helper thread sends each block once it is full (transferred to the
 * importing thread at once), instead of keeping its blocks until its part of the file ends;
 * returns the block's number among those the part sent. A part's rows then move a block at a
 * time while it reads, not all at its end: the threads never hold them twice over (a hand-over
 * at the end that fell between two threads' memory measurements was counted in both).
 */
export type BlockOutlet = (block: ColumnBlock, rows: number) => number;

/** A full block: kept here, or sent through the builder's outlet (its number there). */
export type BlockEntry = { rows: number; block: ColumnBlock } | { rows: number; sent: number };

/** A builder's columns as plain data, to carry a part of a file read elsewhere (another thread) back. */
export interface BuilderState {
  blocks: BlockEntry[];
  minStart: number;
  gaps: Float64Array<ArrayBuffer> | null;
  summary: RowSummaryState | null;
}

/** The buffers of a block's columns, for a transfer between threads. */
export function blockBuffers(b: ColumnBlock): ArrayBuffer[] {
  return [b.ok.buffer, b.ttft.buffer, b.e2el.buffer, b.tpot.buffer, b.perToken.buffer, b.input.buffer, b.output.buffer, b.start.buffer];
}

/** The buffers a builder state holds, for a transfer between threads. */
export function builderBuffers(state: BuilderState): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const entry of state.blocks) if ('block' in entry) out.push(...blockBuffers(entry.block));
  if (state.gaps) out.push(state.gaps.buffer);
  if (state.summary)
    for (const k of ['ttft', 'e2el', 'tpot', 'perToken'] as const)
      out.push(state.summary[k].counts.buffer, state.summary[k].sum.bins.buffer, state.summary[k].squares.bins.buffer);
  return out;
}

function newBlock(rows: number): ColumnBlock {
  return {
    ok: new Uint8Array(rows),
    ttft: new Float64Array(rows),
    e2el: new Float64Array(rows),
    tpot: new Float64Array(rows),
    perToken: new Float64Array(rows),
    input: new Float64Array(rows),
    output: new Float64Array(rows),
    start: new Float64Array(rows),
  };
}

const EMPTY_BLOCK = newBlock(0);
const FLOAT_KEYS = ['ttft', 'e2el', 'tpot', 'perToken', 'input', 'output', 'start'] as const satisfies readonly (keyof ColumnBlock)[];

/** Copies column `k` of the blocks into `column` in order, letting go of each block's piece once copied. */
function joinColumn<K extends keyof ColumnBlock>(blocks: { rows: number; block: ColumnBlock }[], k: K, column: ColumnBlock[K]): ColumnBlock[K] {
  let at = 0;
  for (const entry of blocks) {
    column.set(entry.block[k].subarray(0, entry.rows), at);
    at += entry.rows;
    entry.block[k] = EMPTY_BLOCK[k];
  }
  return column;
}

/**
 * Columns grow together, with one capacity check per request (the import's hot loop). They are
 * kept in blocks of BLOCK_ROWS rows and joined once in build(): growing by doubling copied every
 * column about once more and left the outgrown arrays to the garbage collector.
 */
export class RequestTableBuilder {
  /** Blocks filled before the current one, with their row counts (BLOCK_ROWS, or fewer where a part of a file was appended). */
  private full: BlockEntry[] = [];
  /** The block being filled; small at first, so a file of a few rows stays small. */
  private capacity = 1024;
  private ok = new Uint8Array(this.capacity);
  private ttft = new Float64Array(this.capacity);
  private e2el = new Float64Array(this.capacity);
  private tpot = new Float64Array(this.capacity);
  private perToken = new Float64Array(this.capacity);
  private input = new Float64Array(this.capacity);
  private output = new Float64Array(this.capacity);
  private start = new Float64Array(this.capacity);
  private gaps: GrowF64 | null = null;
  /** Rows in the current block. */
  private i = 0;
  /** Rows in the full blocks. */
  private before = 0;
  private minStart = Number.POSITIVE_INFINITY;
  /** Set when the table keeps a sample: every request is summarised, those hashing below `keepBelow` kept. */
  private readonly summary: RowSummary | null;
  private readonly keepBelow: number;

  /** `rate`: the share of requests the table keeps (`sampleRate`); 1 keeps all. `outlet`: where full blocks go (a helper thread's part). */
  constructor(
    private readonly rate = 1,
    private readonly outlet?: BlockOutlet,
  ) {
    this.summary = rate < 1 ? newSummary() : null;
    this.keepBelow = Math.floor(rate * 2 ** 32);
  }

  /** Rows in the table (all requests, or the kept sample). */
  get count(): number {
    return this.before + this.i;
  }

  private grow(): void {
    if (this.capacity < BLOCK_ROWS) {
      // Still the first block: double it in place until it reaches the block size.
      const c = this.capacity * 2;
      const f = (a: Float64Array) => {
        const b = new Float64Array(c);
        b.set(a);
        return b;
      };
      const ok = new Uint8Array(c);
      ok.set(this.ok);
      this.ok = ok;
      this.ttft = f(this.ttft);
      this.e2el = f(this.e2el);
      this.tpot = f(this.tpot);
      this.perToken = f(this.perToken);
      this.input = f(this.input);
      this.output = f(this.output);
      this.start = f(this.start);
      this.capacity = c;
      return;
    }
    this.retireCurrent(BLOCK_ROWS);
  }

  private current(): ColumnBlock {
    return {
      ok: this.ok,
      ttft: this.ttft,
      e2el: this.e2el,
      tpot: this.tpot,
      perToken: this.perToken,
      input: this.input,
      output: this.output,
      start: this.start,
    };
  }

  /** Moves the current block to the full ones and starts an empty one of `rows` rows. */
  private retireCurrent(rows: number): void {
    if (this.i > 0) {
      const block = this.current();
      this.full.push(this.outlet ? { rows: this.i, sent: this.outlet(block, this.i) } : { rows: this.i, block });
    }
    this.before += this.i;
    this.i = 0;
    this.capacity = rows;
    const b = newBlock(rows);
    this.ok = b.ok;
    this.ttft = b.ttft;
    this.e2el = b.e2el;
    this.tpot = b.tpot;
    this.perToken = b.perToken;
    this.input = b.input;
    this.output = b.output;
    this.start = b.start;
  }

  /** Adds one request. Arguments are positional to keep the hot import loop allocation-free. */
  add(ok: boolean, ttftMs: number, e2elMs: number, tpotMs: number, perTokenMs: number, inputTokens: number, outputTokens: number, startS: number): void {
    const tpot = tpotMs !== tpotMs && ok ? decodePerToken(e2elMs, ttftMs, outputTokens) : tpotMs;
    const perToken = perTokenMs !== perTokenMs && ok && outputTokens > 0 ? e2elMs / outputTokens : perTokenMs;
    if (startS < this.minStart) this.minStart = startS;
    const summary = this.summary;
    if (summary !== null) {
      summary.requests++;
      if (ok) {
        summary.ok++;
        if (Number.isFinite(outputTokens)) summary.outputTokens += outputTokens;
        if (Number.isFinite(inputTokens)) {
          summary.inputTokens += inputTokens;
          summary.haveInput = true;
        }
        if (Number.isFinite(ttftMs)) summary.ttft.add(ttftMs);
        if (Number.isFinite(e2elMs)) summary.e2el.add(e2elMs);
        if (Number.isFinite(tpot)) summary.tpot.add(tpot);
        if (Number.isFinite(perToken)) summary.perToken.add(perToken);
      }
      if (rowHash(ok, ttftMs, e2elMs, inputTokens, outputTokens, startS) >= this.keepBelow) return;
    }
    if (this.i === this.capacity) this.grow();
    const i = this.i;
    this.i = i + 1;
    this.ok[i] = ok ? 1 : 0;
    this.ttft[i] = ttftMs;
    this.e2el[i] = e2elMs;
    this.tpot[i] = tpot;
    this.perToken[i] = perToken;
    this.input[i] = inputTokens;
    this.output[i] = outputTokens;
    this.start[i] = startS;
  }

  addRow(row: RequestRow): void {
    this.add(row.ok, row.ttftMs, row.e2elMs, row.tpotMs, row.perTokenMs, row.inputTokens, row.outputTokens, row.startS);
  }

  /** The columns so far as plain data (the builder is not used afterwards). */
  save(): BuilderState {
    const blocks = [...this.full];
    if (this.i > 0) blocks.push({ rows: this.i, block: this.current() });
    const m = this.summary;
    const summary =
      m === null
        ? null
        : {
            requests: m.requests,
            ok: m.ok,
            inputTokens: m.inputTokens,
            outputTokens: m.outputTokens,
            haveInput: m.haveInput,
            ttft: m.ttft.save(),
            e2el: m.e2el.save(),
            tpot: m.tpot.save(),
            perToken: m.perToken.save(),
          };
    return { blocks, minStart: this.minStart, gaps: this.gaps ? this.gaps.done() : null, summary };
  }

  /**
   * Appends the rows of a saved builder after this one's, as if they had been added here.
   * `received`: the blocks its part sent through an outlet, by number.
   */
  absorb(state: BuilderState, received: readonly ColumnBlock[] = []): void {
    this.retireCurrent(1024);
    for (const b of state.blocks) {
      if ('block' in b) this.full.push(b);
      else {
        const block = received[b.sent];
        if (block === undefined) throw new Error(`block ${b.sent} of a part read elsewhere never arrived`);
        this.full.push({ rows: b.rows, block });
      }
      this.before += b.rows;
    }
    if (state.minStart < this.minStart) this.minStart = state.minStart;
    if (state.gaps && state.gaps.length > 0) this.addGaps(state.gaps);
    const m = this.summary;
    const p = state.summary;
    if ((m === null) !== (p === null)) throw new Error('a part of the file was read with another sample rate');
    if (m !== null && p !== null) {
      m.requests += p.requests;
      m.ok += p.ok;
      m.inputTokens += p.inputTokens;
      m.outputTokens += p.outputTokens;
      m.haveInput ||= p.haveInput;
      m.ttft.absorb(p.ttft);
      m.e2el.absorb(p.e2el);
      m.tpot.absorb(p.tpot);
      m.perToken.absorb(p.perToken);
    }
  }

  addGaps(gapsMs: ArrayLike<number>): void {
    if (!this.gaps) this.gaps = new GrowF64(4096);
    this.gaps.pushAll(gapsMs);
  }

  /**
   * The table: each column joined from the blocks, one column at a time, each block's piece let
   * go once it is copied. Joining everything at once held the blocks and the table together
   * (twice the rows' memory, about 120 MB for a table of TABLE_ROWS); this way, a column more
   * than the rows at most. The builder is spent afterwards (empty).
   */
  build(): RequestTable {
    const n = this.count;
    const blocks = this.full.map((entry) => {
      if (!('block' in entry)) throw new Error('a builder that sent its blocks elsewhere cannot build the table');
      return entry;
    });
    blocks.push({ rows: this.i, block: this.current() });
    this.full = [];
    this.before = 0;
    this.i = 0;
    this.retireCurrent(1024);
    const out = newBlock(0);
    out.ok = joinColumn(blocks, 'ok', new Uint8Array(n));
    for (const k of FLOAT_KEYS) out[k] = joinColumn(blocks, k, new Float64Array(n));
    const startS = out.start;
    if (Number.isFinite(this.minStart)) for (let i = 0; i < n; i++) startS[i] = (startS[i] as number) - this.minStart;
    const table: RequestTable = {
      count: n,
      ok: out.ok,
      ttftMs: out.ttft,
      e2elMs: out.e2el,
      tpotMs: out.tpot,
      perTokenMs: out.perToken,
      inputTokens: out.input,
      outputTokens: out.output,
      startS,
      itlGapsMs: this.gaps ? this.gaps.done() : null,
    };
    if (this.summary !== null) {
      table.sample = { requests: this.summary.requests, rate: this.rate };
      summaries.set(table, this.summary);
    }
    return table;
  }
}
