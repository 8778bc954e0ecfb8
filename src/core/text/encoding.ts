/**
 * What a dropped file is, from its first bytes, decided once for every import (usage files,
 * benchmark results, scenario files, price data, engine logs):
 * - UTF-8, with or without a byte order mark;
 * - UTF-16 with a byte order mark, little or big endian (Windows "Unicode" text): read as text;
 * - gzip (magic bytes 1f 8b): named, so the user unpacks it first;
 * - anything else that holds a NUL byte, or more than a few bytes that are no UTF-8 and no
 *   text control character, is not text.
 * A file in a single-byte code page (Latin-1, Windows-1252) passes as UTF-8: its few accented
 * letters become U+FFFD, as before, instead of refusing the whole file.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export type EncodingSniff =
  { kind: 'text'; encoding: TextEncoding; /** Bytes of the byte order mark (0, 2 or 3). */ bom: number } | { kind: 'gzip' } | { kind: 'binary' };

/** Bytes to sniff: enough to see binary content, small enough to read before anything else. */
export const SNIFF_BYTES = 4096;

/** Share of bad bytes (no UTF-8, or a control character no text holds) above which a prefix is binary. */
const MAX_BAD_SHARE = 0.02;

/** Length of the valid UTF-8 sequence at `i`, 0 when there is none; a sequence cut by the end counts as valid. */
function utf8SequenceAt(b: Uint8Array, i: number): number {
  const lead = b[i] as number;
  let need: number;
  let min2 = 0x80;
  let max2 = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0) min2 = 0xa0;
    if (lead === 0xed) max2 = 0x9f;
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0) min2 = 0x90;
    if (lead === 0xf4) max2 = 0x8f;
  } else return 0;
  for (let k = 1; k <= need; k++) {
    if (i + k >= b.length) return k;
    const c = b[i + k] as number;
    if (k === 1 ? c < min2 || c > max2 : c < 0x80 || c > 0xbf) return 0;
  }
  return need + 1;
}

/** Control characters a text file holds: tab, line feed, vertical tab, form feed, carriage return, escape (terminal colours). */
function isTextControl(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 27;
}

/** What the file is, from its first bytes (up to SNIFF_BYTES are looked at). */
export function sniffEncoding(firstBytes: Uint8Array): EncodingSniff {
  const b = firstBytes.length > SNIFF_BYTES ? firstBytes.subarray(0, SNIFF_BYTES) : firstBytes;
  if (b[0] === 0x1f && b[1] === 0x8b) return { kind: 'gzip' };
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { kind: 'text', encoding: 'utf-8', bom: 3 };
  if (b[0] === 0xff && b[1] === 0xfe) return { kind: 'text', encoding: 'utf-16le', bom: 2 };
  if (b[0] === 0xfe && b[1] === 0xff) return { kind: 'text', encoding: 'utf-16be', bom: 2 };
  let bad = 0;
  for (let i = 0; i < b.length;) {
    const c = b[i] as number;
    if (c === 0) return { kind: 'binary' };
    if (c < 0x80) {
      if (c < 0x20 && !isTextControl(c)) bad += 1;
      i += 1;
      continue;
    }
    const n = utf8SequenceAt(b, i);
    if (n === 0) {
      bad += 1;
      i += 1;
    } else i += n;
  }
  return bad > b.length * MAX_BAD_SHARE ? { kind: 'binary' } : { kind: 'text', encoding: 'utf-8', bom: 0 };
}

/**
 * Decodes UTF-16 text chunk by chunk: a byte cut at a chunk's end waits for its partner. A
 * surrogate pair cut between chunks needs no care: its halves are code units of the string.
 * The byte order mark is left out, as TextDecoder does.
 */
export class Utf16Decoder {
  private odd: number | null = null;
  private atStart = true;
  constructor(private readonly bigEndian: boolean) {}

  decode(bytes: Uint8Array): string {
    let data = bytes;
    if (this.odd !== null) {
      data = new Uint8Array(bytes.length + 1);
      data[0] = this.odd;
      data.set(bytes, 1);
      this.odd = null;
    }
    const units = data.length >> 1;
    if (data.length % 2 === 1) this.odd = data[data.length - 1] as number;
    const out: string[] = [];
    const piece = new Uint16Array(Math.min(units, 8192));
    for (let from = 0; from < units; from += piece.length) {
      const n = Math.min(piece.length, units - from);
      for (let k = 0; k < n; k++) {
        const a = data[2 * (from + k)] as number;
        const c = data[2 * (from + k) + 1] as number;
        piece[k] = this.bigEndian ? (a << 8) | c : (c << 8) | a;
      }
      out.push(String.fromCharCode(...(n === piece.length ? piece : piece.subarray(0, n))));
    }
    const text = out.join('');
    if (!this.atStart || text === '') return text;
    this.atStart = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** The end of the text: an odd byte left over is a broken character. */
  rest(): string {
    const left = this.odd !== null;
    this.odd = null;
    return left ? '\uFFFD' : '';
  }
}
