import type { ByteSource, ImportHost } from '../core/benchmarks/import-contract';
import type { Unpack } from '../core/text/packed';

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

/**
 * Bytes a Blob source reads at once for a chunk-sized read. Each `Blob.slice().arrayBuffer()` is a
 * round trip to the browser process: reading a 154 MB file in 1 MiB slices took 360–520 ms in
 * Chromium on a 2-core machine, in 4 MiB slices 230–330 ms.
 */
export const BLOB_READ_BYTES = 4 * 1024 * 1024;

/**
 * A Blob (a dropped file) as a byte source. A read of at least a quarter of BLOB_READ_BYTES (a
 * chunk of the import) fetches BLOB_READ_BYTES from its offset and the reads that follow within
 * them are parts of that one slice; smaller reads (a Parquet footer, the byte before a part) are
 * slices of their own.
 */
export function blobSource(blob: Blob, name: string, readBytes = BLOB_READ_BYTES): ByteSource {
  let from = 0;
  let held = new Uint8Array(0);
  return {
    name,
    size: blob.size,
    read: async (offset, length) => {
      const end = Math.min(blob.size, offset + length);
      if (offset >= from && end <= from + held.length) return held.subarray(offset - from, end - from);
      if (length * 4 < readBytes) return new Uint8Array(await blob.slice(offset, end).arrayBuffer());
      held = new Uint8Array(await blob.slice(offset, Math.min(blob.size, offset + Math.max(length, readBytes))).arrayBuffer());
      from = offset;
      return held.subarray(0, end - offset);
    },
  };
}
