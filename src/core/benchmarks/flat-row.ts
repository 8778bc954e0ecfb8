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
const LINE_FEED = 10;
const CARRIAGE_RETURN = 13;
const CLOSE = 125;
/** Text fields longer than this are declined (model names, statuses, error kinds are short). */
const MAX_TEXT = 1024;
/** Distinct texts remembered per text field. */
const TEXT_SLOTS = 8;
const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];

export class FlatRowReader {
  /** The fields of the last row read; `undefined` where the row has no such field (each a getter of `values`). */
  readonly row: Record<string, unknown> = {};
  /** The values of the last row read, by field. */
  private readonly values: unknown[];
  private readonly kinds: Uint8Array;
  /** The field names' bytes one after another, field f's from `keyAt[f]`. */
  private readonly keyBytes: Uint8Array;
  private readonly keyAt: Int32Array;
  /** First field with a key of this (length, first byte): `length * 128 + first`; -1 none. */
  private readonly firstOf = new Int16Array(64 * 128).fill(-1);
  /** The next field with the same (length, first byte); -1 none. */
  private readonly nextOf: Int16Array;
  /**
   * The last TEXT_SLOTS distinct texts of each text field (a log's few models and statuses), and
   * their bytes: slot `f * TEXT_SLOTS + k` holds `textLength[slot]` bytes from `slot * MAX_TEXT` (-1: empty).
   */
  private readonly texts: (string | null)[];
  private readonly textBytes: Uint8Array;
  private readonly textLength: Int32Array;
  /** The slot each text field fills next. */
  private readonly textNext: Uint8Array;
  /** Fields set by the row read last, to be cleared before the next. */
  private readonly set: Int16Array;
  private setCount = 0;

  constructor(
    fields: Readonly<Record<string, FlatField>>,
    private readonly time: TimeReader,
  ) {
    const names = Object.keys(fields);
    const n = names.length;
    this.kinds = new Uint8Array(n);
    this.nextOf = new Int16Array(n).fill(-1);
    this.keyAt = new Int32Array(n);
    this.texts = new Array<string | null>(n * TEXT_SLOTS).fill(null);
    this.textBytes = new Uint8Array(n * TEXT_SLOTS * MAX_TEXT);
    this.textLength = new Int32Array(n * TEXT_SLOTS).fill(-1);
    this.textNext = new Uint8Array(n);
    this.set = new Int16Array(4 * n + 64);
    const values = (this.values = new Array<unknown>(n).fill(undefined));
    const keys: number[] = [];
    names.forEach((name, i) => {
      const bytes = Array.from(name, (c) => c.charCodeAt(0));
      if (bytes.length === 0 || bytes.length > 63 || bytes.some((c) => c < 32 || c >= 127 || c === QUOTE || c === BACKSLASH))
        throw new Error(`field name "${name}" is not plain ASCII`);
      const kind = fields[name];
      this.kinds[i] = kind === 'text' ? KIND_TEXT : kind === 'time' ? KIND_TIME : KIND_NUMBER;
      this.keyAt[i] = keys.length;
      keys.push(...bytes);
      const slot = bytes.length * 128 + (bytes[0] as number);
      this.nextOf[i] = this.firstOf[slot] as number;
      this.firstOf[slot] = i;
      // Stores by a computed key were most of the reading time; a getter of an array element is read as fast as a field.
      Object.defineProperty(this.row, name, { get: () => values[i], enumerable: true });
    });
    this.keyBytes = Uint8Array.from(keys);
  }

  /**
   * Reads the object in `bytes[start, end)` (one line, without its line break) into `row`; false
   * when the line must be parsed the usual way.
   */
  read(b: Uint8Array, start: number, end: number): boolean {
    const after = this.object(b, start, end);
    return after >= 0 && trailingSpace(b, after, end);
  }

  /**
   * Reads the line that starts at `start` into `row` and returns the index of its line feed (the
   * line may end in CR LF); -1 when the line must be parsed the usual way or has no line feed
   * before `limit`. The line's end is found by reading it: no search for the line feed first (a
   * separate `indexOf` per line was about a twentieth of a large log's import).
   */
  readLine(b: Uint8Array, start: number, limit: number): number {
    let i = this.object(b, start, limit);
    if (i < 0) return -1;
    while (i < limit && (b[i] === SPACE || b[i] === TAB)) i += 1;
    if (i < limit && b[i] === LINE_FEED) return i;
    return i + 1 < limit && b[i] === CARRIAGE_RETURN && b[i + 1] === LINE_FEED ? i + 1 : -1;
  }

  /**
   * Reads the object that starts at `start` (after spaces and tabs) into `row`; the index after
   * its closing brace, or -1 when it must be parsed the usual way. One loop without calls on the
   * common path (a call per key and value was most of its time).
   */
  private object(b: Uint8Array, start: number, end: number): number {
    const values = this.values;
    const set = this.set;
    for (let k = 0; k < this.setCount; k++) values[set[k] as number] = undefined;
    this.setCount = 0;
    let i = start;
    while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
    if (i >= end || b[i] !== OPEN) return -1;
    i += 1;
    while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
    if (i < end && b[i] === CLOSE) return i + 1;
    for (;;) {
      // The key, and the field it names (-1: none).
      if (i >= end || b[i] !== QUOTE) return -1;
      const keyStart = i + 1;
      i = keyStart;
      while (i < end) {
        const c = b[i] as number;
        if (c === QUOTE) break;
        if (c === BACKSLASH || c < 32) return -1;
        i += 1;
      }
      if (i >= end) return -1;
      const keyLength = i - keyStart;
      let field = -1;
      const first = b[keyStart] as number;
      if (keyLength > 0 && keyLength < 64 && first < 128) {
        let f = this.firstOf[keyLength * 128 + first] as number;
        while (f >= 0) {
          const at = (this.keyAt[f] as number) - keyStart;
          let k = keyStart + 1;
          while (k < i && b[k] === this.keyBytes[at + k]) k += 1;
          if (k === i) {
            field = f;
            break;
          }
          f = this.nextOf[f] as number;
        }
      }
      i += 1;
      while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
      if (i >= end || b[i] !== COLON) return -1;
      i += 1;
      while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
      if (i >= end) return -1;
      let c = b[i] as number;
      let value: unknown;
      if (c === QUOTE) {
        const s = i + 1;
        i = s;
        let ascii = true;
        while (i < end) {
          c = b[i] as number;
          if (c === QUOTE) break;
          if (c === BACKSLASH || c < 32) return -1;
          if (c >= 128) ascii = false;
          i += 1;
        }
        if (i >= end) return -1;
        const e = i;
        i += 1;
        if (field >= 0) {
          const kind = this.kinds[field];
          if (kind === KIND_NUMBER || !ascii) return -1;
          if (kind === KIND_TIME) {
            const t = this.time(b, s, e);
            if (t !== t) return -1;
            value = t;
          } else {
            // A text seen lately in this field (a model, a status) is not decoded again.
            const length = e - s;
            if (length > MAX_TEXT) return -1;
            let slot = field * TEXT_SLOTS;
            const last = slot + TEXT_SLOTS;
            for (; slot < last; slot++) {
              if (this.textLength[slot] !== length) continue;
              const at = slot * MAX_TEXT - s;
              let k = s;
              while (k < e && b[k] === this.textBytes[at + k]) k += 1;
              if (k === e) break;
            }
            if (slot < last) value = this.texts[slot];
            else {
              slot = field * TEXT_SLOTS + (this.textNext[field] as number);
              this.textNext[field] = ((this.textNext[field] as number) + 1) % TEXT_SLOTS;
              const bytes = b.subarray(s, e);
              value = String.fromCharCode.apply(null, bytes as unknown as number[]);
              this.textBytes.set(bytes, slot * MAX_TEXT);
              this.textLength[slot] = length;
              this.texts[slot] = value as string;
            }
          }
        }
      } else if (c === 116 /* t */ || c === 102 /* f */ || c === 110 /* n */) {
        const word = c === 116 ? TRUE_BYTES : c === 102 ? FALSE_BYTES : NULL_BYTES;
        if (i + word.length > end) return -1;
        for (let k = 1; k < word.length; k++) if (b[i + k] !== word[k]) return -1;
        i += word.length;
        value = c === 116 ? true : c === 102 ? false : null;
      } else {
        // A number: an integer of at most 15 significant digits over a power of ten up to 10^22.
        let negative = false;
        if (c === 45 /* - */) {
          negative = true;
          i += 1;
          c = i < end ? (b[i] as number) : -1;
        }
        let m = 0;
        let digits = 0;
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
          if (digits === 0) return -1;
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
          if (scale === 0) return -1;
        }
        // An exponent, a digit after a leading zero, or a number too long for one exact division.
        if (c === 101 || c === 69 || (c >= 48 && c <= 57) || digits > 15 || scale > 22) return -1;
        const v = scale === 0 ? m : m / (POW10[scale] as number);
        value = negative ? -v : v;
      }
      if (field >= 0) {
        if (this.setCount === set.length) return -1;
        values[field] = value;
        set[this.setCount++] = field;
      }
      while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
      if (i >= end) return -1;
      c = b[i] as number;
      if (c === CLOSE) return i + 1;
      if (c !== COMMA) return -1;
      i += 1;
      while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
    }
  }
}

const TRUE_BYTES = Uint8Array.of(116, 114, 117, 101);
const FALSE_BYTES = Uint8Array.of(102, 97, 108, 115, 101);
const NULL_BYTES = Uint8Array.of(110, 117, 108, 108);

/** True when only spaces and tabs follow from `i` to `end`. */
function trailingSpace(b: Uint8Array, i: number, end: number): boolean {
  while (i < end && (b[i] === SPACE || b[i] === TAB)) i += 1;
  return i === end;
}
