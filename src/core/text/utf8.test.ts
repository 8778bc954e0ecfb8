import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8Strict, encodeUtf8 } from './utf8';

/** The platform's decoder in the mode the share links used: null where it throws. */
function platformDecode(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

describe('UTF-8 without the platform', () => {
  it('encodes by hand-worked examples: one to four bytes, and a lone surrogate as U+FFFD', () => {
    // "A" U+0041; "é" U+00E9 = C3 A9; "€" U+20AC = E2 82 AC; "😀" U+1F600 = F0 9F 98 80; U+D800 alone = EF BF BD.
    expect([...encodeUtf8('Aé€😀\ud800')]).toEqual([0x41, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xef, 0xbf, 0xbd]);
  });

  it('refuses what is not UTF-8, and leaves out a byte order mark', () => {
    expect(decodeUtf8Strict(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe('A');
    expect(decodeUtf8Strict(Uint8Array.of(0xc0, 0x80))).toBeNull(); // overlong NUL
    expect(decodeUtf8Strict(Uint8Array.of(0xed, 0xa0, 0x80))).toBeNull(); // U+D800
    expect(decodeUtf8Strict(Uint8Array.of(0xf4, 0x90, 0x80, 0x80))).toBeNull(); // U+110000
    expect(decodeUtf8Strict(Uint8Array.of(0xe2, 0x82))).toBeNull(); // cut off
    expect(decodeUtf8Strict(Uint8Array.of(0x80))).toBeNull(); // a stray continuation byte
    expect(decodeUtf8Strict(Uint8Array.of(0xf0, 0x9f, 0x98, 0x80))).toBe('😀');
  });

  it('encodes any string as TextEncoder does', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.string({ unit: fc.integer({ min: 0xd7f0, max: 0xe010 }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
        (a, b) => {
          const text = a + b;
          expect(encodeUtf8(text)).toEqual(new TextEncoder().encode(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('decodes any bytes as the fatal TextDecoder does (text, or a refusal)', () => {
    // Bytes biased towards the lead and continuation bytes where the rules are.
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xbb),
    );
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 64 }), (list) => {
        const bytes = Uint8Array.from(list);
        expect(decodeUtf8Strict(bytes)).toBe(platformDecode(bytes));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (text) => {
        const bytes = new TextEncoder().encode(`\ufeff${text}`);
        expect(decodeUtf8Strict(bytes)).toBe(platformDecode(bytes));
      }),
    );
  });
});
