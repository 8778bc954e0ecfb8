/**
 * One JSON Lines row read straight from its UTF-8 bytes into a reused object: the hot path of
 * large request logs, without decoding the text, without `JSON.parse` and without a new object
 * per row (on the 1M-line log that was most of the import's time).
 *
 * It reads a flat object, one level of `"key": value` pairs. The fields it is given go into `row`
 * (every other field of `row` is `undefined`, as for a key the line does not have); values of
 * other keys are checked as JSON and skipped. A reader of `row` must therefore read only the
 * given fields and treat `undefined` as absent, as `requestLogParser` does.
 *
 * Anything it cannot read exactly as `JSON.parse` would is declined (`read` returns false) and
 * the line goes the usual way (decoded, `JSON.parse`, or the tolerant parser for its message):
 * escapes, text fields with bytes outside ASCII, nested objects and arrays, numbers with an
 * exponent or more than 15 digits, white space other than spaces and tabs, a text in a number
 * field, a time the `time` reader declines. Numbers within those bounds are exact: an integer of
 * at most 15 digits divided by a power of ten up to 10^22 is one correctly rounded IEEE division
 * of two exact doubles, which is the correctly rounded value `JSON.parse` gives.
 */

/** How a field is read: `number` (a number, `null`, `true` or `false`), `text` (also an ASCII string), `time` (also a string, through the time reader). */
export type FlatField = 'number' | 'text' | 'time';

/** A time given as a string, from its bytes `[start, end)` (ASCII); NaN declines the line. */
export type TimeReader = (bytes: Uint8Array, start: number, end: number) => number;

const KIND_NUMBER = 0;
const KIND_TEXT = 1;
const KIND_TIME = 2;
const SPACE = 32;
const TAB = 9;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN = 123;
const CLOSE = 125;
/** Text fields longer than this are declined (model names, statuses, error kinds are short). */
const MAX_TEXT = 1024;
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

export class FlatRowReader {
  /** The fields of the last row read; `undefined` where the row has no such field (each a getter of `values`). */
  readonly row: Record<string, unknown> = {};
  /** The values of the last row read, by field. */
  private readonly values: unknown[];
  private readonly names: string[];
  private readonly kinds: Uint8Array;
  private readonly keys: Uint8Array[];
  /** First field with a key of this (length, first byte): `(length & 63) * 128 + first`; -1 none. */
  private readonly firstOf = new Int16Array(64 * 128).fill(-1);
  /** The next field with the same (length, first byte); -1 none. */
  private readonly nextOf: Int16Array;
  /** The last text of each text field and its bytes, so that a repeated value is not decoded again. */
  private readonly lastText: (string | null)[];
  private readonly lastBytes: Uint8Array[];
  /** Fields set by the row read last, to be cleared before the next. */
  private readonly set: Int16Array;
  private setCount = 0;
  /** Where the value just read ends. */
  private at = 0;

  constructor(
    fields: Readonly<Record<string, FlatField>>,
    private readonly time: TimeReader,
  ) {
    this.names = Object.keys(fields);
    const n = this.names.length;
    this.kinds = new Uint8Array(n);
    this.nextOf = new Int16Array(n).fill(-1);
    this.lastText = new Array<string | null>(n).fill(null);
    this.lastBytes = new Array<Uint8Array>(n).fill(new Uint8Array(0));
    this.set = new Int16Array(4 * n + 64);
    const values = (this.values = new Array<unknown>(n).fill(undefined));
    this.keys = this.names.map((name, i) => {
      const bytes = Uint8Array.from(name, (c) => c.charCodeAt(0));
      if (bytes.length === 0 || bytes.length > 63 || bytes.some((b) => b < 32 || b >= 127 || b === QUOTE || b === BACKSLASH))
        throw new Error(`field name "${name}" is not plain ASCII`);
      const kind = fields[name];
      this.kinds[i] = kind === 'text' ? KIND_TEXT : kind === 'time' ? KIND_TIME : KIND_NUMBER;
      const slot = bytes.length * 128 + (bytes[0] as number);
      this.nextOf[i] = this.firstOf[slot] as number;
      this.firstOf[slot] = i;
      // Stores by a computed key were most of the reading time; a getter of an array element is read as fast as a field.
      Object.defineProperty(this.row, name, { get: () => values[i], enumerable: true });
      return bytes;
    });
  }

  /** Reads the object in `bytes[start, end)` (one line, without its line break) into `row`; false when the line must be parsed the usual way. */
  read(b: Uint8Array, start: number, end: number): boolean {
    const values = this.values;
    for (let k = 0; k < this.setCount; k++) values[this.set[k] as number] = undefined;
    this.setCount = 0;
    let i = skipSpace(b, start, end);
    if (i >= end || b[i] !== OPEN) return false;
    i = skipSpace(b, i + 1, end);
    if (i < end && b[i] === CLOSE) return skipSpace(b, i + 1, end) === end;
    for (;;) {
      if (i >= end || b[i] !== QUOTE) return false;
      const keyStart = i + 1;
      i = keyStart;
      while (i < end) {
        const c = b[i] as number;
        if (c === QUOTE) break;
        if (c === BACKSLASH || c < 32) return false;
        i += 1;
      }
      if (i >= end) return false;
      const field = this.field(b, keyStart, i);
      i = skipSpace(b, i + 1, end);
      if (i >= end || b[i] !== COLON) return false;
      i = skipSpace(b, i + 1, end);
      if (i >= end) return false;
      const value = this.value(b, i, end, field);
      if (value === DECLINE) return false;
      if (field >= 0) {
        values[field] = value;
        if (this.setCount === this.set.length) return false;
        this.set[this.setCount++] = field;
      }
      i = skipSpace(b, this.at, end);
      if (i >= end) return false;
      const c = b[i];
      if (c === COMMA) {
        i = skipSpace(b, i + 1, end);
        continue;
      }
      if (c === CLOSE) return skipSpace(b, i + 1, end) === end;
      return false;
    }
  }

  /** The field named by the key bytes `[start, end)`; -1 for a key of no given field. */
  private field(b: Uint8Array, start: number, end: number): number {
    const length = end - start;
    if (length === 0 || length > 63) return -1;
    let f = this.firstOf[length * 128 + ((b[start] as number) & 127)] as number;
    while (f >= 0) {
      const key = this.keys[f] as Uint8Array;
      let same = (b[start] as number) < 128;
      for (let k = 1; same && k < length; k++) same = b[start + k] === key[k];
      if (same) return f;
      f = this.nextOf[f] as number;
    }
    return -1;
  }

  /** The value at `i` for `field` (-1: checked and skipped); sets `at` to its end. */
  private value(b: Uint8Array, i: number, end: number, field: number): unknown {
    const c = b[i] as number;
    if (c === QUOTE) {
      const s = i + 1;
      let j = s;
      let ascii = true;
      while (j < end) {
        const d = b[j] as number;
        if (d === QUOTE) break;
        if (d === BACKSLASH || d < 32) return DECLINE;
        if (d >= 128) ascii = false;
        j += 1;
      }
      if (j >= end) return DECLINE;
      this.at = j + 1;
      if (field < 0) return undefined;
      const kind = this.kinds[field];
      if (kind === KIND_NUMBER || !ascii) return DECLINE;
      if (kind === KIND_TIME) {
        const t = this.time(b, s, j);
        return t === t ? t : DECLINE;
      }
      return this.text(field, b, s, j);
    }
    if (c === 116 /* t */) return this.literal(b, i, end, TRUE_BYTES, true);
    if (c === 102 /* f */) return this.literal(b, i, end, FALSE_BYTES, false);
    if (c === 110 /* n */) return this.literal(b, i, end, NULL_BYTES, null);
    return this.number(b, i, end);
  }

  private literal(b: Uint8Array, i: number, end: number, word: Uint8Array, value: boolean | null): unknown {
    if (i + word.length > end) return DECLINE;
    for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return DECLINE;
    this.at = i + word.length;
    return value;
  }

  /** A JSON number without exponent, of at most 15 significant digits and 22 decimal places, exactly; otherwise DECLINE. */
  private number(b: Uint8Array, i: number, end: number): unknown {
    let negative = false;
    if (b[i] === 45 /* - */) {
      negative = true;
      i += 1;
    }
    let m = 0;
    let digits = 0;
    let c = i < end ? (b[i] as number) : -1;
    if (c === 48 /* 0 */) {
      i += 1;
      c = i < end ? (b[i] as number) : -1;
    } else {
      while (c >= 48 && c <= 57) {
        m = m * 10 + (c - 48);
        digits += 1;
        i += 1;
        c = i < end ? (b[i] as number) : -1;
      }
      if (digits === 0) return DECLINE;
    }
    let scale = 0;
    if (c === 46 /* . */) {
      i += 1;
      c = i < end ? (b[i] as number) : -1;
      while (c >= 48 && c <= 57) {
        // Leading zeros of a fraction (0.000123) add no digit to the integer m.
        if (m !== 0 || c !== 48) digits += 1;
        m = m * 10 + (c - 48);
        scale += 1;
        i += 1;
        c = i < end ? (b[i] as number) : -1;
      }
      if (scale === 0) return DECLINE;
    }
    // An exponent, a digit after a leading zero, or a number too long for one exact division.
    if (c === 101 || c === 69 || (c >= 48 && c <= 57) || digits > 15 || scale > 22) return DECLINE;
    this.at = i;
    const v = scale === 0 ? m : m / (POW10[scale] as number);
    return negative ? -v : v;
  }

  /** The text of an ASCII string, the same string as last time when its bytes are. */
  private text(field: number, b: Uint8Array, start: number, end: number): unknown {
    const length = end - start;
    const last = this.lastBytes[field] as Uint8Array;
    const known = this.lastText[field];
    if (known !== null && last.length === length) {
      let same = true;
      for (let k = 0; same && k < length; k++) same = b[start + k] === last[k];
      if (same) return known;
    }
    if (length > MAX_TEXT) return DECLINE;
    const bytes = b.slice(start, end);
    const text = String.fromCharCode.apply(null, bytes as unknown as number[]);
    this.lastBytes[field] = bytes;
    this.lastText[field] = text;
    return text;
  }
}

/** Returned by a value reader for a line to decline. */
const DECLINE: unique symbol = Symbol('decline');
const TRUE_BYTES = Uint8Array.of(116, 114, 117, 101);
const FALSE_BYTES = Uint8Array.of(102, 97, 108, 115, 101);
const NULL_BYTES = Uint8Array.of(110, 117, 108, 108);

function skipSpace(b: Uint8Array, i: number, end: number): number {
  while (i < end) {
    const c = b[i];
    if (c !== SPACE && c !== TAB) return i;
    i += 1;
  }
  return i;
}
