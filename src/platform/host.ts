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

/** A Blob (a dropped file) as a byte source: each read is a slice of it. */
export function blobSource(blob: Blob, name: string): ByteSource {
  return {
    name,
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}
