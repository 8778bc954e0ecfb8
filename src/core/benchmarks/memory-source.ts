import type { ByteSource } from './import-contract';

/** A byte source over bytes already in memory (tests, the CLI, small files). */
export function memorySource(name: string, bytes: Uint8Array): ByteSource {
  return {
    name,
    size: bytes.length,
    read: (offset, length) => Promise.resolve(bytes.subarray(offset, Math.min(bytes.length, offset + length))),
  };
}
