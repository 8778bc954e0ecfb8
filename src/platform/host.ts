import type { ByteSource, ImportHost } from '../core/benchmarks/import-contract';
import { concatBytes, type Unpack } from '../core/text/packed';

/** What the importer needs of the platform, shared by the compute worker, its part helpers and Node. */
interface NodeBufferLike {
  from(buffer: ArrayBufferLike, offset: number, length: number): { toString(encoding: 'utf8'): string };
}

/**
 * Decoding, hashing and the clock of the platform (browser, worker or Node ≥ 20). Under Node,
 * Buffer decodes UTF-8 natively and several times faster than its TextDecoder.
 */
export function platformHost(): Omit<ImportHost, 'progress' | 'cancelled'> {
  const NodeBuffer = (globalThis as unknown as { Buffer?: NodeBufferLike }).Buffer;
  return {
    decoder: () =>
      NodeBuffer
        ? { decode: (b?: Uint8Array) => (b && b.length > 0 ? NodeBuffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8') : '') }
        : new TextDecoder('utf-8'),
    sha256: async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)),
    now: () => performance.now(),
    unpack,
  };
}

/**
 * Unpacks gzip or zlib with the platform's DecompressionStream (browsers, Node ≥ 20): the file's
 * bytes are pulled as the decompressor asks for them, so neither side is held whole.
 */
export const unpack: Unpack = (packing, pull) => {
  const input = new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      const bytes = await pull();
      if (bytes === null) controller.close();
      else controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
    },
  });
  const reader = input.pipeThrough(new DecompressionStream(packing === 'zlib' ? 'deflate' : 'gzip')).getReader();
  return {
    read: async () => {
      const r = await reader.read();
      return r.done ? null : r.value;
    },
    cancel: () => reader.cancel(),
  };
};

/** Reads shorter than this are single slices: the head, the byte before a part, the rest of a cut line. */
const STREAM_MIN_BYTES = 64 * 1024;

/**
 * A Blob (a dropped file) as a byte source. Reads that go on where the last one ended come from
 * one `Blob.stream()` reader, which hands over the file's bytes in large pieces; a slice read
 * (`blob.slice().arrayBuffer()`) per chunk costs the browser a round trip each, and took about
 * twice the CPU time for the same bytes. A read elsewhere starts a new reader there. Every read
 * returns `length` bytes, or the rest of the file.
 */
export function blobSource(blob: Blob, name: string): ByteSource & { close(): void } {
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** File offset of the reader's next byte (after `rest`). */
  let at = 0;
  /** Bytes the reader gave beyond the last read, served first. */
  let rest: Uint8Array | null = null;
  const close = () => {
    void reader?.cancel().catch(() => undefined);
    reader = null;
    rest = null;
  };
  const sequential = async (offset: number, length: number): Promise<Uint8Array> => {
    if (reader === null || at - (rest?.length ?? 0) !== offset) {
      close();
      reader = blob.slice(offset).stream().getReader();
      at = offset;
    }
    const pieces: Uint8Array[] = [];
    let total = 0;
    while (total < length) {
      let piece = rest;
      rest = null;
      if (piece === null) {
        const next = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
        if (next.done) break;
        piece = next.value;
        at += piece.length;
      }
      const take = Math.min(piece.length, length - total);
      if (take < piece.length) rest = piece.subarray(take);
      pieces.push(take < piece.length ? piece.subarray(0, take) : piece);
      total += take;
    }
    return pieces.length === 1 ? (pieces[0] as Uint8Array) : concatBytes(pieces, total);
  };
  // One large read at a time: reads asked for at once (a Parquet reader's column chunks) would
  // otherwise take pieces of one another's bytes from the shared reader.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    name,
    size: blob.size,
    read: async (offset, length) => {
      const want = Math.max(0, Math.min(length, blob.size - offset));
      if (want < STREAM_MIN_BYTES) return new Uint8Array(await blob.slice(offset, offset + want).arrayBuffer());
      const next = queue.then(() => sequential(offset, want));
      queue = next.catch(() => undefined);
      return next;
    },
    close,
  };
}
