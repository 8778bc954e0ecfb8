/**
 * UTF-8 without the platform's TextEncoder / TextDecoder, which core cannot name (it compiles
 * without the DOM lib and runs in the worker, the CLI and tests alike). Both follow the
 * Encoding Standard (https://encoding.spec.whatwg.org/#utf-8), so they give what
 * `new TextEncoder().encode(text)` and `new TextDecoder('utf-8', { fatal: true }).decode(bytes)`
 * give; utf8.test.ts checks them against those on random input.
 */

/** The UTF-8 bytes of `text`; a lone surrogate becomes U+FFFD, as TextEncoder does. */
export function encodeUtf8(text: string): Uint8Array<ArrayBuffer> {
  // At most three bytes per UTF-16 code unit (a surrogate pair is two units and four bytes).
  const out = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[n++] = 0xf0 | (cp >> 18);
        out[n++] = 0x80 | ((cp >> 12) & 0x3f);
        out[n++] = 0x80 | ((cp >> 6) & 0x3f);
        out[n++] = 0x80 | (cp & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return out.slice(0, n);
}

/**
 * The text of UTF-8 `bytes`, or null when they are not UTF-8 (a stray or missing continuation
 * byte, an overlong form, a surrogate, a code point above U+10FFFF): the fatal mode of
 * TextDecoder. A leading byte order mark is left out, as TextDecoder does.
 */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  let i = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  // At most one UTF-16 code unit per byte (four bytes make two units).
  const units = new Uint16Array(bytes.length);
  let n = 0;
  while (i < bytes.length) {
    const first = bytes[i] as number;
    if (first < 0x80) {
      units[n++] = first;
      i++;
      continue;
    }
    let need: number;
    let cp: number;
    // The Encoding Standard's bounds of the first continuation byte exclude overlong forms,
    // surrogates (ED A0..BF) and code points above U+10FFFF (F4 90..).
    let lower = 0x80;
    let upper = 0xbf;
    if (first >= 0xc2 && first <= 0xdf) {
      need = 1;
      cp = first & 0x1f;
    } else if (first >= 0xe0 && first <= 0xef) {
      need = 2;
      cp = first & 0x0f;
      if (first === 0xe0) lower = 0xa0;
      if (first === 0xed) upper = 0x9f;
    } else if (first >= 0xf0 && first <= 0xf4) {
      need = 3;
      cp = first & 0x07;
      if (first === 0xf0) lower = 0x90;
      if (first === 0xf4) upper = 0x8f;
    } else {
      return null;
    }
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined || b < lower || b > upper) return null;
      lower = 0x80;
      upper = 0xbf;
      cp = (cp << 6) | (b & 0x3f);
    }
    i += need + 1;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      units[n++] = 0xd800 + (cp >> 10);
      units[n++] = 0xdc00 + (cp & 0x3ff);
    } else {
      units[n++] = cp;
    }
  }
  // In slices: a call takes only so many arguments (`apply` with a typed array is several
  // times faster than spreading it).
  let text = '';
  for (let k = 0; k < n; k += 0x2000) text += String.fromCharCode.apply(null, units.subarray(k, Math.min(n, k + 0x2000)) as unknown as number[]);
  return text;
}
