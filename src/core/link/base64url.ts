/**
 * base64url (RFC 4648 §5) without padding, without the platform's btoa / atob, which core cannot
 * name. Decoding takes what atob takes once the padding is added back, and like atob it ignores
 * the unused low bits of the last character; base64url.test.ts checks both directions against
 * btoa / atob on random input.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Map([...ALPHABET].map((c, i) => [c.charCodeAt(0), i]));

export function toBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = ((bytes[i] as number) << 16) | ((bytes[i + 1] as number) << 8) | (bytes[i + 2] as number);
    parts.push(ALPHABET[n >> 18] as string, ALPHABET[(n >> 12) & 63] as string, ALPHABET[(n >> 6) & 63] as string, ALPHABET[n & 63] as string);
  }
  const rest = bytes.length - i;
  if (rest > 0) {
    const n = ((bytes[i] as number) << 16) | (rest === 2 ? (bytes[i + 1] as number) << 8 : 0);
    parts.push(ALPHABET[n >> 18] as string, ALPHABET[(n >> 12) & 63] as string);
    if (rest === 2) parts.push(ALPHABET[(n >> 6) & 63] as string);
  }
  return parts.join('');
}

/** The bytes of base64url text without padding, or null when it is none (a character outside the alphabet, a length of 4k + 1). */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array((text.length * 3) >> 2);
  let bits = 0;
  let held = 0;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const v = VALUE.get(text.charCodeAt(i));
    if (v === undefined) return null;
    bits = ((bits << 6) | v) & 0xffffff;
    held += 6;
    if (held >= 8) {
      held -= 8;
      out[n++] = (bits >> held) & 0xff;
    }
  }
  return out;
}
