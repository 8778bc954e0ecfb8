import type { UsageRecord } from './types';

/**
 * Usage records in columns (one Float64Array per figure, NaN for "the file does not say"):
 * a million request rows stay a handful of arrays instead of a million objects, which keeps
 * the garbage collector out of the way of large imports (bench/suites/usage.ts).
 */
export class UsageTable {
  length = 0;
  private cap = 0;
  start = new Float64Array(0);
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
  private readonly modelIndex = new Map<string, number>();

  private grow(): void {
    const cap = Math.max(1024, this.cap * 2);
    const f = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a.subarray(0, this.length));
      return b;
    };
    this.start = f(this.start);
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

  modelId(name: string | null): number {
    if (name === null) return -1;
    let id = this.modelIndex.get(name);
    if (id === undefined) {
      id = this.models.length;
      this.models.push(name);
      this.modelIndex.set(name, id);
    }
    return id;
  }

  /** Appends one row; `model` is an id from `modelId`. */
  add(start: number, bucketS: number, model: number, requests: number, failed: number, input: number, cached: number, output: number, reasoning: number, cost: number): void {
    if (this.length === this.cap) this.grow();
    const i = this.length++;
    this.start[i] = start;
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

  push(r: UsageRecord): void {
    const n = (v: number | null) => (v === null ? Number.NaN : v);
    this.add(r.start, r.bucketS, this.modelId(r.model), n(r.requests), n(r.failed), r.input, n(r.cached), r.output, n(r.reasoning), n(r.costUsd));
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

  /** Appends every row of `other` (files are read one by one and then taken together). */
  append(other: UsageTable): void {
    for (let i = 0; i < other.length; i++) {
      if (this.length === this.cap) this.grow();
      const j = this.length++;
      this.start[j] = other.start[i] as number;
      this.bucketS[j] = other.bucketS[i] as number;
      this.model[j] = this.modelId(other.modelAt(i));
      this.requests[j] = other.requests[i] as number;
      this.failed[j] = other.failed[i] as number;
      this.input[j] = other.input[i] as number;
      this.cached[j] = other.cached[i] as number;
      this.output[j] = other.output[i] as number;
      this.reasoning[j] = other.reasoning[i] as number;
      this.cost[j] = other.cost[i] as number;
    }
  }
}
