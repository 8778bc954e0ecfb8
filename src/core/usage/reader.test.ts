import { describe, expect, it } from 'vitest';
import { platformHost } from '../../worker/platform';
import { CHUNK_BYTES } from '../benchmarks/importer';
import { memorySource } from '../benchmarks/memory-source';
import { readUsageSource } from './reader';

const enc = new TextEncoder();

describe('reading a usage file in chunks', () => {
  it('keeps a character cut at a chunk boundary whole', async () => {
    const row = (model: string) => `{"ts":"2026-01-15T10:00:00Z","model":"${model}","status":"ok","ttft_ms":300,"duration_ms":2000,"in_tok":100,"out_tok":20}\n`;
    // One model's rows, then a row whose model name puts "ü" (2 bytes in UTF-8) across the first
    // 1 MiB boundary: the name is padded so that its "ü" starts on the boundary's last byte.
    const filler = row('kimi-k2');
    const before = Math.floor((CHUNK_BYTES - 200) / filler.length);
    const prefix = filler.repeat(before) + row('').slice(0, row('').indexOf('"model":"') + '"model":"'.length);
    const pad = CHUNK_BYTES - 1 - enc.encode(prefix).length - 'glm-'.length;
    const model = `${'g'.repeat(pad)}glm-ü`;
    const text = filler.repeat(before) + row(model) + filler.repeat(10);
    const bytes = enc.encode(text);
    // The byte before the boundary is the first of "ü", the byte at it the second.
    expect(bytes[CHUNK_BYTES - 1]).toBe(0xc3);
    expect(bytes[CHUNK_BYTES]).toBe(0xbc);
    const r = await readUsageSource(memorySource('log.jsonl', bytes), platformHost());
    expect(r?.records.models).toEqual(['kimi-k2', model]);
    expect(r?.rows).toEqual({ read: before + 11, skipped: 0 });
  });
});
