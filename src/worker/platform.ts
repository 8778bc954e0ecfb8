import type { ByteSource, ImportHost } from '../core/benchmarks/importer';

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
  };
}

export function blobSource(blob: Blob, name: string): ByteSource {
  return {
    name,
    size: blob.size,
    read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
  };
}

