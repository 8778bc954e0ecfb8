import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from './base64url';

/** The way the share links were written with the platform: btoa, then the URL alphabet, no padding. */
function platformEncode(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** …and read: the padding back, atob; null where atob refuses. */
function platformDecode(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

describe('base64url without the platform', () => {
  it('by the RFC 4648 test vectors (URL alphabet, no padding)', () => {
    const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'Zg'],
      ['fo', 'Zm8'],
      ['foo', 'Zm9v'],
      ['foob', 'Zm9vYg'],
      ['fooba', 'Zm9vYmE'],
      ['foobar', 'Zm9vYmFy'],
    ];
    for (const [plain, encoded] of vectors) {
      expect(toBase64Url(text(plain))).toBe(encoded);
      expect(fromBase64Url(encoded)).toEqual(text(plain));
    }
    // 0xFB 0xFF: "+/8" in the standard alphabet, "-_8" in the URL one.
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect(fromBase64Url('Zm9v!')).toBeNull();
    expect(fromBase64Url('Zm9vY')).toBeNull();
  });

  it('writes and reads as btoa and atob did, for any bytes and any text of the alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(toBase64Url(bytes)).toBe(platformEncode(bytes));
        expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 40 }), (text) => {
        expect(fromBase64Url(text)).toEqual(platformDecode(text));
      }),
      { numRuns: 1000 },
    );
  });
});
