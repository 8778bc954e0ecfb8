/**
 * Compressed files: a gzip file (`.gz`, magic bytes 1f 8b) or a zlib stream (`.zz`, a deflate
 * stream behind a two-byte header) is unpacked as it is read, never whole: the file's bytes go
 * into the platform's decompressor a chunk at a time and the unpacked bytes come out in order,
 * for the same readers that read a plain file. Such a stream can only be read from its start,
 * so a compressed file is read in one piece, by one thread. Raw deflate has no header by which
 * to know it and is not read.
 *
 * The decompressor comes from the host (`DecompressionStream` in browsers and in Node ≥ 20,
 * src/platform/host.ts): the core names no platform API.
 */

export type Packing = 'gzip' | 'zlib';

/** The file's bytes by offset (the importers' ByteSource). */
export interface RandomBytes {
  size: number;
  read(offset: number, length: number): Promise<Uint8Array>;
}

/**
 * How the file is packed, from its first bytes; null when it is not. A zlib header is a
 * deflate method byte (0x78: 32 KiB window) and a flag byte whose pair is a multiple of 31;
 * only the flag bytes zlib writes for its compression levels (01, 5e, 9c, da) are taken, and
 * of them `x^` is printable text, so it is taken only when the name says `.zz` or `.zlib`.
 */
export function sniffPacking(first: Uint8Array, name = ''): Packing | null {
  if (first[0] === 0x1f && first[1] === 0x8b) return 'gzip';
  if (first[0] === 0x78) {
    const flag = first[1];
    if (flag === 0x01 || flag === 0x9c || flag === 0xda) return 'zlib';
    if (flag === 0x5e && /\.(zz|zlib)$/i.test(name)) return 'zlib';
  }
  return null;
}

/** The pieces as one array (the piece itself when there is one); `total` is the sum of their lengths. */
export function concatBytes(pieces: Uint8Array[], total: number): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A decompressor started by the host: unpacked bytes as they come, null at the end. */
export interface Unpacker {
  /** Rejects when the compressed data is damaged or ends early. */
  read(): Promise<Uint8Array | null>;
  /** Stops the decompressor (a cancelled import); no more input is pulled. */
  cancel(): Promise<void>;
}

/** Starts a decompressor that pulls the compressed bytes from `pull` (null: no more). */
export type Unpack = (packing: Packing, pull: () => Promise<Uint8Array | null>) => Unpacker;

/** Why the unpacked stream stopped before its end. */
export interface PackedProblem {
  /** 'cut': the file ended inside the compressed data; 'damaged': the data is not valid there. */
  kind: 'cut' | 'damaged';
  /** Bytes unpacked before the decompressor gave up. */
  unpacked: number;
  /** The decompressor's own words. */
  detail: string;
}

/**
 * The unpacked bytes of a compressed file, read in order. `consumed` counts the file's bytes
 * handed to the decompressor so far (progress), `problem` is set once the stream failed.
 * Pieces are joined up to `minChunk` bytes, so the readers see chunks of the size they see
 * for a plain file rather than the decompressor's 16–64 KiB pieces.
 */
export class PackedReader {
  consumed = 0;
  unpacked = 0;
  problem: PackedProblem | null = null;
  private readonly unpacker: Unpacker;
  private ended = false;
  private ahead: Promise<Uint8Array | null> | null = null;

  constructor(
    private readonly source: RandomBytes,
    readonly packing: Packing,
    unpack: Unpack,
    private readonly readBytes: number,
    private readonly minChunk: number,
  ) {
    this.unpacker = unpack(packing, async () => {
      if (this.consumed >= this.source.size) return null;
      const bytes = await this.source.read(this.consumed, Math.min(this.readBytes, this.source.size - this.consumed));
      if (bytes.length === 0) return null;
      this.consumed += bytes.length;
      return bytes;
    });
  }

  /**
   * The next piece of unpacked bytes; null at the end of the data or once it failed (`problem`).
   * The piece after it is unpacked meanwhile: where the decompressor runs on another thread
   * (Node's zlib), unpacking overlaps with reading the rows.
   */
  async next(): Promise<Uint8Array | null> {
    const piece = await (this.ahead ?? this.fill());
    this.ahead = piece !== null && !this.ended ? this.fill() : null;
    return piece;
  }

  private async fill(): Promise<Uint8Array | null> {
    if (this.ended) return null;
    const pieces: Uint8Array[] = [];
    let total = 0;
    while (total < this.minChunk) {
      let piece: Uint8Array | null;
      try {
        piece = await this.unpacker.read();
      } catch (e) {
        const detail = e instanceof Error ? e.message : String(e);
        // The decompressor reads ahead of what it gives out, so the file position says little;
        // its words say whether the data ended early (Node: "unexpected end of file", Chromium:
        // "… truncated") or is not valid where it broke.
        const cut = this.consumed >= this.source.size && /end of (file|input|stream)|truncat|terminat/i.test(detail);
        this.problem = { kind: cut ? 'cut' : 'damaged', unpacked: this.unpacked + total, detail };
        this.ended = true;
        break;
      }
      if (piece === null) {
        this.ended = true;
        break;
      }
      if (piece.length === 0) continue;
      pieces.push(piece);
      total += piece.length;
    }
    this.unpacked += total;
    return total === 0 ? null : concatBytes(pieces, total);
  }

  /** Stops reading (cancel, or a reader that refused the content). */
  async close(): Promise<void> {
    this.ended = true;
    this.ahead = null;
    try {
      await this.unpacker.cancel();
    } catch {
      // A decompressor that already failed has nothing to stop.
    }
  }
}

const PACKED_NAME = /\.(gz|gzip|tgz|zz|zlib)$/i;

function hexBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/**
 * What the file is packed with, from its first bytes (`head`, up to 16), and the reader that unpacks it (null
 * for a plain file). 'no-unpacker': the file is packed but the host has no decompressor. `note`
 * says when the name promises compression the content does not have: the content decides, the
 * file is read as it is, and the user learns why the name was not followed.
 */
export function openPacked(
  source: RandomBytes & { name: string },
  head: Uint8Array,
  unpack: Unpack | undefined,
  chunkBytes: number,
): { reader: PackedReader | null; note: string | null } | 'no-unpacker' {
  const packing = sniffPacking(head, source.name);
  if (packing === null) {
    const named = PACKED_NAME.exec(source.name);
    const note = named
      ? `the name ends in ${named[0]} but the content is not compressed (first bytes ${hexBytes(head.subarray(0, 4))}, gzip starts 1f 8b); read as it is`
      : null;
    return { reader: null, note };
  }
  if (!unpack) return 'no-unpacker';
  return { reader: new PackedReader(source, packing, unpack, chunkBytes, chunkBytes), note: null };
}

/** A problem as one line for a message: what went wrong and where in the file. */
export function describePackedProblem(packing: Packing, p: PackedProblem, size: number): string {
  const what = packing === 'gzip' ? 'gzip' : 'zlib';
  return p.kind === 'cut'
    ? `the ${what} data ends before its end mark: the file (${size} bytes) is cut off after ${p.unpacked} bytes of content (${p.detail})`
    : `the ${what} data is damaged after ${p.unpacked} bytes of content (${p.detail})`;
}
