import { Inflate, zlibSync } from 'fflate';
import { decodeUtf8Strict, encodeUtf8 } from '../text/utf8';
import { fromBase64Url, toBase64Url } from './base64url';
import { LINK_DICTIONARY_V1 } from './link-dictionary';

/**
 * Bytes ⇄ share-link text: zlib (deflate with a preset dictionary + Adler-32 checksum) and
 * base64url, behind a format-version prefix ("1."). The checksum tells a tampered link from a
 * valid one; a cut-off link fails to inflate and is reported as truncated.
 *
 * Limits are enforced before work is done: the encoded text is length-checked before
 * decoding, and inflation runs in small input slices so a decompression bomb stops at
 * MAX_DECODED_BYTES instead of filling memory.
 */
export const LINK_FORMAT_VERSION = 1;
export const MAX_LINK_CHARS = 64 * 1024;
export const MAX_DECODED_BYTES = 1024 * 1024;
const INPUT_SLICE = 512;

const DICTIONARY = encodeUtf8(LINK_DICTIONARY_V1);

export type CodecError =
  | { kind: 'empty' }
  | { kind: 'too-long'; length: number; max: number }
  | { kind: 'malformed'; detail: string }
  | { kind: 'future-format'; version: number; supported: number }
  | { kind: 'truncated' }
  | { kind: 'corrupt'; detail: string }
  | { kind: 'too-large'; max: number };

export type CodecResult = { ok: true; text: string } | { ok: false; error: CodecError };

function adler32(data: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < data.length;) {
    const end = Math.min(i + 3800, data.length);
    for (; i < end; i++) {
      a += data[i] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

function readUint32(bytes: Uint8Array, at: number): number {
  return (((bytes[at] as number) << 24) | ((bytes[at + 1] as number) << 16) | ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)) >>> 0;
}

export function encodeLinkPayload(text: string): string {
  const bytes = encodeUtf8(text);
  return `${LINK_FORMAT_VERSION}.${toBase64Url(zlibSync(bytes, { level: 9, dictionary: DICTIONARY }))}`;
}

class TooLarge extends Error {}

function inflateCapped(deflated: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate({ dictionary: DICTIONARY }, (chunk) => {
    total += chunk.length;
    if (total > MAX_DECODED_BYTES) throw new TooLarge();
    chunks.push(chunk);
  });
  if (deflated.length === 0) inflater.push(deflated, true);
  for (let i = 0; i < deflated.length; i += INPUT_SLICE) {
    inflater.push(deflated.subarray(i, i + INPUT_SLICE), i + INPUT_SLICE >= deflated.length);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
}

export function decodeLinkPayload(payload: string): CodecResult {
  if (payload.length === 0) return { ok: false, error: { kind: 'empty' } };
  if (payload.length > MAX_LINK_CHARS) {
    return { ok: false, error: { kind: 'too-long', length: payload.length, max: MAX_LINK_CHARS } };
  }
  const match = /^(\d{1,6})\.([A-Za-z0-9_-]*)$/.exec(payload);
  if (!match) return { ok: false, error: { kind: 'malformed', detail: 'not of the form <version>.<base64url>' } };
  const version = Number(match[1]);
  if (version > LINK_FORMAT_VERSION) {
    return { ok: false, error: { kind: 'future-format', version, supported: LINK_FORMAT_VERSION } };
  }
  if (version !== LINK_FORMAT_VERSION) {
    return { ok: false, error: { kind: 'malformed', detail: `unknown link format ${version}` } };
  }
  const bytes = fromBase64Url(match[2] as string);
  if (!bytes) return { ok: false, error: { kind: 'truncated' } };
  // zlib: 2-byte header, 4-byte dictionary id (when FDICT is set), deflate stream,
  // 4-byte Adler-32 of the uncompressed data.
  if (bytes.length < 7) return { ok: false, error: { kind: 'truncated' } };
  const cmf = bytes[0] as number;
  const flg = bytes[1] as number;
  if ((cmf & 0x0f) !== 8 || ((cmf << 8) | flg) % 31 !== 0) {
    return { ok: false, error: { kind: 'corrupt', detail: 'bad header' } };
  }
  // Format 1 always uses the preset dictionary.
  if (!(flg & 0x20)) return { ok: false, error: { kind: 'corrupt', detail: 'no dictionary' } };
  if (bytes.length < 11) return { ok: false, error: { kind: 'truncated' } };
  if (readUint32(bytes, 2) !== adler32(DICTIONARY)) return { ok: false, error: { kind: 'corrupt', detail: 'unknown dictionary' } };
  const start = 6;
  let inflated: Uint8Array;
  try {
    inflated = inflateCapped(bytes.subarray(start, bytes.length - 4));
  } catch (e) {
    if (e instanceof TooLarge) return { ok: false, error: { kind: 'too-large', max: MAX_DECODED_BYTES } };
    const code = (e as { code?: number }).code;
    // fflate code 0 = unexpected end of data: the link was cut off.
    if (code === 0) return { ok: false, error: { kind: 'truncated' } };
    return { ok: false, error: { kind: 'corrupt', detail: e instanceof Error ? e.message : 'inflate failed' } };
  }
  if (adler32(inflated) !== readUint32(bytes, bytes.length - 4)) {
    return { ok: false, error: { kind: 'corrupt', detail: 'checksum mismatch' } };
  }
  const text = decodeUtf8Strict(inflated);
  return text === null ? { ok: false, error: { kind: 'corrupt', detail: 'not UTF-8 text' } } : { ok: true, text };
}
