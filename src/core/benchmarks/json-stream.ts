/**
 * Incremental JSON reader for benchmark result files.
 *
 * Why not only `JSON.parse`: result files are written by Python tools and are often not strict
 * JSON (bare `Infinity` / `NaN` tokens from `json.dumps`, see bench-formats.md §9 #1), several
 * tools append one document per line into a `.json` file (#4), files arrive truncated, and large
 * ones must be read chunk by chunk so the import can report progress and stop on cancel.
 *
 * This reader takes text in chunks of any size, emits every complete top-level value (so a
 * single document and a stream of concatenated documents are handled alike), accepts
 * `Infinity`, `-Infinity` and `NaN` as numbers, shortens very long strings (generated texts and
 * prompts are never needed and can be megabytes), and never throws: the first syntax error
 * stops it with a line and column. At the end, an unfinished document is closed as far as it
 * was read ("salvaged") so complete rows before a truncation are not lost.
 */

export interface JsonSyntaxProblem {
  line: number;
  column: number;
  /** What was expected or found, in plain words. */
  problem: string;
}

export interface JsonStreamEnd {
  /** Number of complete top-level values emitted. */
  values: number;
  error: JsonSyntaxProblem | null;
  /** The file ended inside a value. */
  truncated: boolean;
  /** The unfinished top-level value, closed where the text ended or broke off. */
  salvaged: unknown;
  /** Line where the salvaged value started. */
  salvagedLine: number;
  /** Strings that were shortened because they exceeded `maxStringLength`. */
  shortenedStrings: number;
}

export interface JsonStreamOptions {
  onValue: (value: unknown, line: number) => void;
  /** Strings longer than this are cut to their first `keepChars` characters plus "…". */
  maxStringLength?: number;
  keepChars?: number;
}

const enum Expect {
  TopValue,
  Value,
  KeyOrEnd,
  Key,
  Colon,
  CommaOrEnd,
}

interface Frame {
  array: boolean;
  container: unknown[] | Record<string, unknown>;
  key: string | null;
}

const WS_SPACE = 32;
const WS_TAB = 9;
const WS_LF = 10;
const WS_CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;

function isNumberChar(c: number): boolean {
  // 0-9 . - + e E
  return (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 43 || c === 101 || c === 69;
}

function assign(frame: Frame, value: unknown): void {
  if (frame.array) {
    (frame.container as unknown[]).push(value);
    return;
  }
  const key = frame.key as string;
  const obj = frame.container as Record<string, unknown>;
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
  frame.key = null;
}

/** Containers left unfinished by a truncated text; handlers treat them as incomplete rows. */
const unfinished = new WeakSet<object>();
/** Whether any container was ever marked, so the check costs nothing per row until one is. */
let anyUnfinished = false;

export function isUnfinished(value: unknown): boolean {
  return anyUnfinished && typeof value === 'object' && value !== null && unfinished.has(value);
}

export class JsonValueStream {
  private readonly onValue: (value: unknown, line: number) => void;
  private readonly maxString: number;
  private readonly keepChars: number;
  private stack: Frame[] = [];
  private expect: Expect = Expect.TopValue;
  private carry = '';
  private line = 1;
  /** Absolute offset of the first character of the text being scanned. */
  private base = 0;
  /** Absolute offset where the current line starts; used for columns. */
  private lineStartAbs = 0;
  private valueLine = 1;
  private emitted = 0;
  private shortened = 0;
  private failed: JsonSyntaxProblem | null = null;
  private lastString = '';
  private resumeFrom = 0;
  /** Serial number of the text being scanned (one per push). */
  private textSerial = 0;
  private slashText = -1;
  private slashPos = -1;

  constructor(options: JsonStreamOptions) {
    this.onValue = options.onValue;
    this.maxString = options.maxStringLength ?? 64 * 1024;
    this.keepChars = options.keepChars ?? 200;
  }

  get error(): JsonSyntaxProblem | null {
    return this.failed;
  }

  get valuesEmitted(): number {
    return this.emitted;
  }

  /** True while the reader is inside a top-level value. */
  get inValue(): boolean {
    return this.stack.length > 0 || this.carry.length > 0;
  }

  /** Feeds the next piece of text. Does nothing after a syntax error. */
  push(chunk: string): void {
    if (this.failed) return;
    const text = this.carry.length > 0 ? this.carry + chunk : chunk;
    this.carry = '';
    this.scan(text, false);
  }

  /** Signals the end of the text and reports how the reading went. */
  end(): JsonStreamEnd {
    if (!this.failed && this.carry.length > 0) {
      const text = this.carry;
      this.carry = '';
      this.scan(text, true);
    }
    // After a syntax error the containers read so far are salvaged too, so the complete rows
    // before the damage are kept.
    const truncated = !this.failed && this.stack.length > 0;
    let salvaged: unknown = undefined;
    if (this.stack.length > 0) {
      // Close every open container; a half-written key or scalar is dropped.
      for (let i = this.stack.length - 1; i >= 0; i--) {
        const frame = this.stack[i] as Frame;
        anyUnfinished = true;
        unfinished.add(frame.container);
        const parent = this.stack[i - 1];
        if (parent && (parent.array || parent.key !== null)) assign(parent, frame.container);
      }
      salvaged = (this.stack[0] as Frame).container;
    }
    return {
      values: this.emitted,
      error: this.failed,
      truncated,
      salvaged,
      salvagedLine: this.valueLine,
      shortenedStrings: this.shortened,
    };
  }

  private fail(pos: number, problem: string): void {
    this.failed = { line: this.line, column: this.base + pos - this.lineStartAbs + 1, problem };
  }

  private complete(value: unknown): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.emitted += 1;
      this.expect = Expect.TopValue;
      this.onValue(value, this.valueLine);
      return;
    }
    assign(top, value);
    this.expect = Expect.CommaOrEnd;
  }

  private scan(text: string, final: boolean): void {
    this.textSerial += 1;
    const n = text.length;
    const base = this.base;
    let i = 0;
    while (i < n && !this.failed) {
      const c = text.charCodeAt(i);
      if (c === WS_SPACE || c === WS_LF || c === WS_CR || c === WS_TAB) {
        if (c === WS_LF) {
          this.line += 1;
          this.lineStartAbs = base + i + 1;
        }
        i += 1;
        continue;
      }
      if (c === 0xfeff && this.emitted === 0 && this.stack.length === 0) {
        i += 1;
        continue;
      }
      const next = this.step(text, i, c, final);
      if (next === -1) break;
      i = next;
    }
    // The next text starts at the carried (unfinished) token, or right after this one.
    this.base = base + n - this.carry.length;
  }

  /** Handles the token starting at `i`; returns the index after it, or -1 to stop this text. */
  private step(text: string, i: number, c: number, final: boolean): number {
    switch (this.expect) {
      case Expect.Colon:
        if (c !== 58) return this.stop(i, `expected ":" after a key, found ${describeChar(c)}`);
        this.expect = Expect.Value;
        return i + 1;
      case Expect.CommaOrEnd: {
        const top = this.stack[this.stack.length - 1] as Frame;
        if (c === 44) {
          this.expect = top.array ? Expect.Value : Expect.Key;
          return i + 1;
        }
        if ((c === 93 && top.array) || (c === 125 && !top.array)) {
          this.stack.pop();
          this.complete(top.container);
          return i + 1;
        }
        return this.stop(i, `expected "," or "${top.array ? ']' : '}'}", found ${describeChar(c)}`);
      }
      case Expect.KeyOrEnd:
      case Expect.Key: {
        if (c === 125 && this.expect === Expect.KeyOrEnd) {
          const top = this.stack.pop() as Frame;
          this.complete(top.container);
          return i + 1;
        }
        if (c !== QUOTE) return this.stop(i, `expected a quoted key, found ${describeChar(c)}`);
        const end = this.readString(text, i, final);
        if (end === -1) return -1;
        (this.stack[this.stack.length - 1] as Frame).key = this.lastString;
        this.expect = Expect.Colon;
        return end;
      }
      default:
        return this.readValue(text, i, c, final);
    }
  }

  private readValue(text: string, i: number, c: number, final: boolean): number {
    if (this.expect === Expect.TopValue) this.valueLine = this.line;
    if (c === 123) {
      this.stack.push({ array: false, container: {}, key: null });
      this.expect = Expect.KeyOrEnd;
      return i + 1;
    }
    if (c === 91) {
      this.stack.push({ array: true, container: [], key: null });
      this.expect = Expect.Value;
      return i + 1;
    }
    if (c === 93 && this.expect === Expect.Value) {
      const top = this.stack[this.stack.length - 1];
      if (top?.array && (top.container as unknown[]).length === 0) {
        this.stack.pop();
        this.complete(top.container);
        return i + 1;
      }
      return this.stop(i, 'expected a value before "]"');
    }
    if (c === QUOTE) {
      const end = this.readString(text, i, final);
      if (end === -1) return -1;
      this.complete(this.lastString);
      return end;
    }
    const n = text.length;
    if (c === 45 && (i + 1 === n || text.charCodeAt(i + 1) === 73)) {
      if (i + 1 === n && !final) {
        this.carry = text.slice(i);
        return -1;
      }
      const end = this.readLiteral(text, i, '-Infinity', final);
      if (end === -1) return -1;
      this.complete(Number.NEGATIVE_INFINITY);
      return end;
    }
    if (isNumberChar(c)) {
      let j = i + 1;
      while (j < n && isNumberChar(text.charCodeAt(j))) j += 1;
      if (j === n && !final) {
        this.carry = text.slice(i);
        return -1;
      }
      const raw = text.slice(i, j);
      const value = Number(raw);
      if (Number.isNaN(value)) return this.stop(i, `"${raw.slice(0, 20)}" is not a number`);
      this.complete(value);
      return j;
    }
    let literal: string;
    let value: unknown;
    if (c === 116) [literal, value] = ['true', true];
    else if (c === 102) [literal, value] = ['false', false];
    else if (c === 110) [literal, value] = ['null', null];
    else if (c === 73) [literal, value] = ['Infinity', Number.POSITIVE_INFINITY];
    else if (c === 78) [literal, value] = ['NaN', Number.NaN];
    else {
      return this.stop(
        i,
        this.expect === Expect.TopValue ? `expected the start of a JSON value, found ${describeChar(c)}` : `expected a value, found ${describeChar(c)}`,
      );
    }
    const end = this.readLiteral(text, i, literal, final);
    if (end === -1) return -1;
    this.complete(value);
    return end;
  }

  private stop(pos: number, problem: string): number {
    this.fail(pos, problem);
    return -1;
  }

  /** Reads a string starting at the quote at `start`; returns the index after it, or -1. */
  private readString(text: string, start: number, final: boolean): number {
    // A string cut by a chunk boundary is carried into the next text; resume the search where
    // it stopped so a long string over many small chunks is not rescanned each time.
    const resume = start === 0 && this.resumeFrom > 0 ? this.resumeFrom : start + 1;
    this.resumeFrom = 0;
    const firstSlash = this.nextBackslash(text, start + 1);
    let j = resume;
    for (;;) {
      const q = text.indexOf('"', j);
      if (q === -1) {
        if (final) return this.stop(start, 'the text ends inside a string');
        this.carry = text.slice(start);
        this.resumeFrom = Math.max(1, this.carry.length - 1);
        return -1;
      }
      const escaped = firstSlash !== -1 && firstSlash < q;
      if (escaped) {
        // An odd number of backslashes right before the quote escapes it.
        let b = q - 1;
        while (b > start && text.charCodeAt(b) === BACKSLASH) b -= 1;
        if ((q - 1 - b) % 2 === 1) {
          j = q + 1;
          continue;
        }
      }
      if (q - start - 1 > this.maxString) {
        this.shortened += 1;
        this.lastString = `${text.slice(start + 1, start + 1 + this.keepChars)}…`;
        return q + 1;
      }
      if (!escaped) {
        const raw = text.slice(start + 1, q);
        if (raw.indexOf('\n') !== -1) return this.stop(start, 'a string contains a raw line break');
        this.lastString = raw;
        return q + 1;
      }
      try {
        this.lastString = JSON.parse(text.slice(start, q + 1)) as string;
      } catch {
        return this.stop(start, 'a string contains an invalid escape or control character');
      }
      return q + 1;
    }
  }

  /**
   * Position of the next backslash at or after `from`, remembered per text so the search is
   * linear over the whole text instead of once per string (-1 when there is none).
   */
  private nextBackslash(text: string, from: number): number {
    if (this.slashText !== this.textSerial) {
      this.slashText = this.textSerial;
      this.slashPos = text.indexOf('\\');
    }
    if (this.slashPos !== -1 && this.slashPos < from) this.slashPos = text.indexOf('\\', from);
    return this.slashPos;
  }

  private readLiteral(text: string, start: number, literal: string, final: boolean): number {
    const rest = text.slice(start, start + literal.length);
    if (rest === literal) return start + literal.length;
    if (!final && rest.length < literal.length && literal.startsWith(rest)) {
      this.carry = text.slice(start);
      return -1;
    }
    return this.stop(start, `unexpected "${text.slice(start, start + 12)}"`);
  }
}

function describeChar(c: number): string {
  if (Number.isNaN(c)) return 'the end of the text';
  if (c < 32) return `control character ${c}`;
  return `"${String.fromCharCode(c)}"`;
}

/** Parses a whole text tolerantly (Python tokens allowed); for short texts such as one line. */
export function parseTolerant(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonSyntaxProblem; truncated: boolean } {
  let first: unknown = undefined;
  let count = 0;
  const stream = new JsonValueStream({
    onValue: (v) => {
      if (count === 0) first = v;
      count += 1;
    },
    maxStringLength: Number.MAX_SAFE_INTEGER,
  });
  stream.push(text);
  const end = stream.end();
  if (end.error) return { ok: false, problem: end.error, truncated: false };
  if (end.truncated) return { ok: false, problem: { line: end.salvagedLine, column: 1, problem: 'the text ends inside a value' }, truncated: true };
  if (count === 0) return { ok: false, problem: { line: 1, column: 1, problem: 'no JSON value found' }, truncated: false };
  if (count > 1) return { ok: false, problem: { line: 1, column: 1, problem: 'more than one JSON value' }, truncated: false };
  return { ok: true, value: first };
}
