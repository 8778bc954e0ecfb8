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

export class RequestTableBuilder {
  private ok: Uint8Array = new Uint8Array(1024);
  private readonly ttft = new GrowF64();
  private readonly e2el = new GrowF64();
  private readonly tpot = new GrowF64();
  private readonly perToken = new GrowF64();
  private readonly input = new GrowF64();
  private readonly output = new GrowF64();
  private readonly start = new GrowF64();
  private gaps: GrowF64 | null = null;
  private n = 0;
  private minStart = Number.POSITIVE_INFINITY;

  get count(): number {
    return this.n;
  }

  /** Adds one request. Arguments are positional to keep the hot import loop allocation-free. */
  add(ok: boolean, ttftMs: number, e2elMs: number, tpotMs: number, perTokenMs: number, inputTokens: number, outputTokens: number, startS: number): void {
    if (this.n === this.ok.length) {
      const next = new Uint8Array(this.ok.length * 2);
      next.set(this.ok);
      this.ok = next;
    }
    this.ok[this.n] = ok ? 1 : 0;
    this.n += 1;
    this.ttft.push(ttftMs);
    this.e2el.push(e2elMs);
    this.tpot.push(Number.isNaN(tpotMs) && ok ? decodePerToken(e2elMs, ttftMs, outputTokens) : tpotMs);
    this.perToken.push(Number.isNaN(perTokenMs) && ok && outputTokens > 0 ? e2elMs / outputTokens : perTokenMs);
    this.input.push(inputTokens);
    this.output.push(outputTokens);
    this.start.push(startS);
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
    const startS = this.start.done();
    if (Number.isFinite(this.minStart)) for (let i = 0; i < startS.length; i++) startS[i] = (startS[i] as number) - this.minStart;
    return {
      count: this.n,
      ok: this.ok.slice(0, this.n),
      ttftMs: this.ttft.done(),
      e2elMs: this.e2el.done(),
      tpotMs: this.tpot.done(),
      perTokenMs: this.perToken.done(),
      inputTokens: this.input.done(),
      outputTokens: this.output.done(),
      startS,
      itlGapsMs: this.gaps ? this.gaps.done() : null,
    };
  }
}
