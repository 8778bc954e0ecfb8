import { z } from 'zod';

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
}

export const requestTableSchema = z.strictObject({
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
}).refine(
  (t) => [t.ok, t.ttftMs, t.e2elMs, t.tpotMs, t.perTokenMs, t.inputTokens, t.outputTokens, t.startS].every((a) => a.length === t.count),
  { message: 'Column lengths differ from the request count' },
);

class GrowF64 {
  data: Float64Array;
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
  done(): Float64Array {
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

/** Columns grow together, with one capacity check per request (the import's hot loop). */
export class RequestTableBuilder {
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
  private n = 0;
  private minStart = Number.POSITIVE_INFINITY;

  get count(): number {
    return this.n;
  }

  private grow(): void {
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
  }

  /** Adds one request. Arguments are positional to keep the hot import loop allocation-free. */
  add(ok: boolean, ttftMs: number, e2elMs: number, tpotMs: number, perTokenMs: number, inputTokens: number, outputTokens: number, startS: number): void {
    if (this.n === this.capacity) this.grow();
    const i = this.n;
    this.n = i + 1;
    this.ok[i] = ok ? 1 : 0;
    this.ttft[i] = ttftMs;
    this.e2el[i] = e2elMs;
    this.tpot[i] = tpotMs !== tpotMs && ok ? decodePerToken(e2elMs, ttftMs, outputTokens) : tpotMs;
    this.perToken[i] = perTokenMs !== perTokenMs && ok && outputTokens > 0 ? e2elMs / outputTokens : perTokenMs;
    this.input[i] = inputTokens;
    this.output[i] = outputTokens;
    this.start[i] = startS;
    if (startS < this.minStart) this.minStart = startS;
  }

  addRow(row: RequestRow): void {
    this.add(row.ok, row.ttftMs, row.e2elMs, row.tpotMs, row.perTokenMs, row.inputTokens, row.outputTokens, row.startS);
  }

  addGaps(gapsMs: ArrayLike<number>): void {
    if (!this.gaps) this.gaps = new GrowF64(4096);
    this.gaps.pushAll(gapsMs);
  }

  build(): RequestTable {
    const n = this.n;
    const startS = this.start.slice(0, n);
    if (Number.isFinite(this.minStart)) for (let i = 0; i < n; i++) startS[i] = (startS[i] as number) - this.minStart;
    return {
      count: n,
      ok: this.ok.slice(0, n),
      ttftMs: this.ttft.slice(0, n),
      e2elMs: this.e2el.slice(0, n),
      tpotMs: this.tpot.slice(0, n),
      perTokenMs: this.perToken.slice(0, n),
      inputTokens: this.input.slice(0, n),
      outputTokens: this.output.slice(0, n),
      startS,
      itlGapsMs: this.gaps ? this.gaps.done() : null,
    };
  }
}
