import { describe, expect, it } from 'vitest';
import { sniffEncoding, Utf16Decoder } from './encoding';
import { excerpt } from './limits';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('sniffEncoding', () => {
  it('names UTF-8 with and without a byte order mark', () => {
    expect(sniffEncoding(ascii('hour,model\n'))).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
    expect(sniffEncoding(bytes(0xef, 0xbb, 0xbf, 0x68))).toEqual({ kind: 'text', encoding: 'utf-8', bom: 3 });
    // "Grüße": ü = c3 bc, ß = c3 9f.
    expect(sniffEncoding(bytes(0x47, 0x72, 0xc3, 0xbc, 0xc3, 0x9f, 0x65))).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
    // A character cut by the end of the prefix is no error: "€" = e2 82 ac, cut after two bytes.
    expect(sniffEncoding(bytes(0x61, 0xe2, 0x82))).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
  });

  it('names UTF-16 by its byte order mark', () => {
    expect(sniffEncoding(bytes(0xff, 0xfe, 0x68, 0x00))).toEqual({ kind: 'text', encoding: 'utf-16le', bom: 2 });
    expect(sniffEncoding(bytes(0xfe, 0xff, 0x00, 0x68))).toEqual({ kind: 'text', encoding: 'utf-16be', bom: 2 });
  });

  it('names gzip by its magic bytes', () => {
    expect(sniffEncoding(bytes(0x1f, 0x8b, 0x08, 0x00))).toEqual({ kind: 'gzip' });
  });

  it('calls NUL bytes and bytes that are no UTF-8 binary, a stray code-page letter not', () => {
    // A zip file: "PK\x03\x04" then NULs.
    expect(sniffEncoding(bytes(0x50, 0x4b, 0x03, 0x04, 0, 0))).toEqual({ kind: 'binary' });
    // UTF-16 without a byte order mark has a NUL in every other byte.
    expect(sniffEncoding(bytes(0x68, 0x00, 0x6f, 0x00))).toEqual({ kind: 'binary' });
    // 100 bytes, 3 of them lone continuation bytes: 3 > 2 % of 100.
    const noisy = ascii('x'.repeat(100));
    noisy[10] = 0x80;
    noisy[20] = 0x80;
    noisy[30] = 0x80;
    expect(sniffEncoding(noisy)).toEqual({ kind: 'binary' });
    // One Latin-1 "ü" (fc) in 100 bytes: 1 ≤ 2, read as text (the letter becomes U+FFFD).
    const latin1 = ascii('x'.repeat(100));
    latin1[50] = 0xfc;
    expect(sniffEncoding(latin1)).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
    // Control bytes no text holds (0x01–0x08) count as bad; tab, CR, LF and ESC do not.
    expect(sniffEncoding(bytes(0x01, 0x02, 0x61))).toEqual({ kind: 'binary' });
    expect(sniffEncoding(ascii('\u001b[32mINFO\u001b[0m\tok\r\n'))).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
    // Overlong "/" (c0 af) and a surrogate encoded in UTF-8 (ed a0 80) are no UTF-8.
    expect(sniffEncoding(bytes(0xc0, 0xaf))).toEqual({ kind: 'binary' });
    expect(sniffEncoding(bytes(0xed, 0xa0, 0x80))).toEqual({ kind: 'binary' });
  });

  it('looks at the first 4096 bytes only', () => {
    const late = ascii('x'.repeat(5000));
    late[4500] = 0;
    expect(sniffEncoding(late)).toEqual({ kind: 'text', encoding: 'utf-8', bom: 0 });
  });
});

describe('Utf16Decoder', () => {
  it('decodes little and big endian, drops the byte order mark, and keeps a byte or a pair cut between chunks', () => {
    // "h€😀" in UTF-16LE: ff fe | 68 00 | ac 20 | 3d d8 00 de.
    const le = new Utf16Decoder(false);
    expect(le.decode(bytes(0xff, 0xfe, 0x68))).toBe('');
    expect(le.decode(bytes(0x00, 0xac, 0x20, 0x3d))).toBe('h€');
    expect(le.decode(bytes(0xd8, 0x00, 0xde)) + le.rest()).toBe('😀');
    const be = new Utf16Decoder(true);
    expect(be.decode(bytes(0xfe, 0xff, 0x00, 0x68, 0x20, 0xac)) + be.rest()).toBe('h€');
    // An odd byte at the end is a broken character.
    const odd = new Utf16Decoder(false);
    expect(odd.decode(bytes(0x68, 0x00, 0x69)) + odd.rest()).toBe('h\uFFFD');
  });
});

describe('excerpt', () => {
  it('shows at most 80 characters on one line, with "…" when cut', () => {
    expect(excerpt('a\n b')).toBe('a b');
    expect(excerpt('x'.repeat(80))).toBe('x'.repeat(80));
    expect(excerpt('x'.repeat(81))).toBe(`${'x'.repeat(80)}…`);
    expect(excerpt('y'.repeat(20_000_000))).toHaveLength(81);
  });
});
