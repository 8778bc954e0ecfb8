import { Counts } from './counts';
import type { UsageRecord } from './types';

/** Per-request values of one model's successful requests (input, cached, visible output, reasoning tokens). */
export interface PerRequestCounts {
  input: Counts;
  cached: Counts;
  output: Counts;
  reasoning: Counts;
  /** Whole output (visible + reasoning), kept only while a reasoning column may still be dropped (`keepWholeOutput`). */
  wholeOutput?: Counts;
}

export function newPerRequestCounts(): PerRequestCounts {
  return { input: new Counts(), cached: new Counts(), output: new Counts(), reasoning: new Counts() };
}

export function mergePerRequestCounts(into: PerRequestCounts, from: PerRequestCounts): void {
  into.input.merge(from.input);
  into.cached.merge(from.cached);
  into.output.merge(from.output);
  into.reasoning.merge(from.reasoning);
}

const QUARTER_S = 900;

/**
 * Usage records in columns (one Float64Array per figure, NaN for "the file does not say").
 *
 * Time buckets (API pages, reports, hourly CSVs) are one row each. Single requests (request
 * logs, spend logs, per-request CSVs) are summed per model and UTC quarter hour as they arrive:
 * a row with `bucketS` 0 holds the requests of one model that started within one quarter hour
 * (`start` the first of them, `last` the last), and the per-request distributions are kept per
 * model in `perRequest`. Every figure the workload is derived from survives this: sums, days,
 * the week in any zone (every zone's offset is a whole number of quarter hours), the first and
 * last instant, median and p90. A million-line log becomes a few thousand rows, which keeps
 * memory and the garbage collector out of the way of large imports (bench/suites/usage.ts).
 */
export class UsageTable {
  length = 0;
  private cap = 0;
  start = new Float64Array(0);
  /** The last request's start in a row of requests; `start` for a time bucket. */
  last = new Float64Array(0);
  bucketS = new Float64Array(0);
  requests = new Float64Array(0);
  failed = new Float64Array(0);
  input = new Float64Array(0);
  cached = new Float64Array(0);
  output = new Float64Array(0);
  reasoning = new Float64Array(0);
  cost = new Float64Array(0);
  /** Index into `models`, −1 when the row names no model. */
  model = new Int32Array(0);
  readonly models: string[] = [];
  /** Successful single requests' values per model id + 1 (index 0: rows without a model). */
  readonly perRequest: (PerRequestCounts | undefined)[] = [];
  private readonly modelIndex = new Map<string, number>();
  /** Row of (model, quarter hour) for requests, and the last one used. */
  private readonly requestRow = new Map<number, number>();
  private lastKey = Number.NaN;
  private lastRow = -1;

  private grow(): void {
    const cap = Math.max(256, this.cap * 2);
    const f = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a.subarray(0, this.length));
      return b;
    };
    this.start = f(this.start);
    this.last = f(this.last);
    this.bucketS = f(this.bucketS);
    this.requests = f(this.requests);
    this.failed = f(this.failed);
    this.input = f(this.input);
    this.cached = f(this.cached);
    this.output = f(this.output);
    this.reasoning = f(this.reasoning);
    this.cost = f(this.cost);
    const m = new Int32Array(cap);
    m.set(this.model.subarray(0, this.length));
    this.model = m;
    this.cap = cap;
  }

  /** Set by `keepWholeOutput`. */
  private wholeOutput = false;

  /** Keeps each request's whole output too, so that `dropFigure('reasoning')` can give the output back its reasoning. */
  keepWholeOutput(): void {
    this.wholeOutput = true;
  }

  /**
   * Forgets one figure for every row (a CSV column that turned out unreadable, csv.ts): the rows
   * then say nothing of it, as rows of a file without the column. A request without cached or
   * reasoning tokens counts 0 of them in the per-request distributions, as `addRequest` does.
   */
  dropFigure(figure: 'failed' | 'cached' | 'reasoning' | 'cost'): void {
    const column = figure === 'failed' ? this.failed : figure === 'cached' ? this.cached : figure === 'reasoning' ? this.reasoning : this.cost;
    column.fill(Number.NaN, 0, this.length);
    for (const pr of this.perRequest) {
      if (pr === undefined) continue;
      if (figure === 'cached') pr.cached = zeros(pr.input.size);
      if (figure === 'reasoning') {
        pr.reasoning = zeros(pr.input.size);
        if (pr.wholeOutput) pr.output = pr.wholeOutput;
      }
    }
  }

  private lastName: string | null = null;
  private lastId = -1;

  modelId(name: string | null): number {
    if (name === null) return -1;
    // Logs name the same model row after row: the last one answers without a map look-up.
    if (name === this.lastName) return this.lastId;
    let id = this.modelIndex.get(name);
    if (id === undefined) {
      id = this.models.length;
      this.models.push(name);
      this.modelIndex.set(name, id);
    }
    this.lastName = name;
    this.lastId = id;
    return id;
  }

  /** Appends one time bucket; `model` is an id from `modelId`. NaN: the file does not say. */
  add(
    start: number,
    bucketS: number,
    model: number,
    requests: number,
    failed: number,
    input: number,
    cached: number,
    output: number,
    reasoning: number,
    cost: number,
  ): void {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.start[i] = start;
    this.last[i] = start;
    this.bucketS[i] = bucketS;
    this.model[i] = model;
    this.requests[i] = requests;
    this.failed[i] = failed;
    this.input[i] = input;
    this.cached[i] = cached;
    this.output[i] = output;
    this.reasoning[i] = reasoning;
    this.cost[i] = cost;
  }

  /**
   * Adds one request. A failed one counts as failed, with no tokens; `cached`, `reasoning` and
   * `cost` NaN when the file does not say.
   */
  addRequest(start: number, model: number, ok: boolean, input: number, cached: number, output: number, reasoning: number, cost: number): void {
    const key = Math.floor(start / QUARTER_S) * 1_048_576 + model + 1;
    let i = this.lastRow;
    if (key !== this.lastKey) {
      const row = model < 1_048_575 ? this.requestRow.get(key) : undefined;
      if (row === undefined) {
        const N = Number.NaN;
        this.add(start, 0, model, 0, 0, 0, N, 0, N, N);
        i = this.length - 1;
        if (model < 1_048_575) this.requestRow.set(key, i);
      } else i = row;
      this.lastKey = key;
      this.lastRow = i;
    }
    if (start < (this.start[i] as number)) this.start[i] = start;
    if (start > (this.last[i] as number)) this.last[i] = start;
    if (cost === cost) this.cost[i] = sumKnown(this.cost[i] as number, cost);
    if (!ok) {
      this.failed[i] = (this.failed[i] as number) + 1;
      return;
    }
    this.requests[i] = (this.requests[i] as number) + 1;
    this.input[i] = (this.input[i] as number) + input;
    this.output[i] = (this.output[i] as number) + output;
    if (cached === cached) this.cached[i] = sumKnown(this.cached[i] as number, cached);
    if (reasoning === reasoning) this.reasoning[i] = sumKnown(this.reasoning[i] as number, reasoning);
    let pr = this.perRequest[model + 1];
    if (pr === undefined) this.perRequest[model + 1] = pr = newPerRequestCounts();
    const r = reasoning === reasoning ? reasoning : 0;
    pr.input.add(input);
    pr.cached.add(cached === cached ? cached : 0);
    pr.output.add(output - r);
    pr.reasoning.add(r);
    if (this.wholeOutput) (pr.wholeOutput ??= new Counts()).add(output);
  }

  push(r: UsageRecord): void {
    const n = (v: number | null) => (v === null ? Number.NaN : v);
    const model = this.modelId(r.model);
    if (r.bucketS === 0) this.addRequest(r.start, model, (r.requests ?? 0) > 0, r.input, n(r.cached), r.output, n(r.reasoning), n(r.costUsd));
    else this.add(r.start, r.bucketS, model, n(r.requests), n(r.failed), r.input, n(r.cached), r.output, n(r.reasoning), n(r.costUsd));
  }

  modelAt(i: number): string | null {
    const id = this.model[i] as number;
    return id < 0 ? null : (this.models[id] as string);
  }

  get(i: number): UsageRecord {
    const v = (a: Float64Array) => {
      const x = a[i] as number;
      return Number.isNaN(x) ? null : x;
    };
    return {
      start: this.start[i] as number,
      bucketS: this.bucketS[i] as number,
      model: this.modelAt(i),
      requests: v(this.requests),
      failed: v(this.failed),
      input: this.input[i] as number,
      cached: v(this.cached),
      output: this.output[i] as number,
      reasoning: v(this.reasoning),
      costUsd: v(this.cost),
    };
  }

  toArray(): UsageRecord[] {
    return Array.from({ length: this.length }, (_, i) => this.get(i));
  }

  /** Tokens (input + output) per model id, the rows without a model at index `models.length`. */
  tokensByModel(): Float64Array {
    const out = new Float64Array(this.models.length + 1);
    const none = this.models.length;
    for (let i = 0; i < this.length; i++) {
      const m = this.model[i] as number;
      const k = m < 0 ? none : m;
      out[k] = (out[k] as number) + (this.input[i] as number) + (this.output[i] as number);
    }
    return out;
  }

  /**
   * The rows of several tables (files are read one by one and then taken together), in order.
   * One table is returned as it is, not copied.
   */
  static concat(tables: readonly UsageTable[]): UsageTable {
    if (tables.length === 1) return tables[0] as UsageTable;
    const out = new UsageTable();
    for (const t of tables) {
      const ids = Int32Array.from(t.models, (m) => out.modelId(m));
      const to = (m: number) => (m < 0 ? -1 : (ids[m] as number));
      for (let i = 0; i < t.length; i++) {
        out.add(
          t.start[i] as number,
          t.bucketS[i] as number,
          to(t.model[i] as number),
          t.requests[i] as number,
          t.failed[i] as number,
          t.input[i] as number,
          t.cached[i] as number,
          t.output[i] as number,
          t.reasoning[i] as number,
          t.cost[i] as number,
        );
        out.last[out.length - 1] = t.last[i] as number;
      }
      t.perRequest.forEach((pr, k) => {
        if (pr === undefined) return;
        const id = to(k - 1) + 1;
        const into = (out.perRequest[id] ??= newPerRequestCounts());
        mergePerRequestCounts(into, pr);
      });
    }
    return out;
  }
}

/** `n` requests with none of a figure. */
function zeros(n: number): Counts {
  const c = new Counts();
  c.counts[0] = n;
  c.n = n;
  return c;
}

/** a + b where a may be NaN (nothing known yet). */
function sumKnown(a: number, b: number): number {
  return a === a ? a + b : b;
}
