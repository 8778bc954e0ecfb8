import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { CHUNK_BYTES } from '../benchmarks/import-contract';
import { memorySource } from '../benchmarks/memory-source';
import { readUsageSource } from './reader';

const enc = new TextEncoder();

describe('reading a usage file in chunks', () => {
  it('keeps a character cut at a chunk boundary whole', async () => {
    const row = (model: string) =>
      `{"ts":"2026-01-15T10:00:00Z","model":"${model}","status":"ok","ttft_ms":300,"duration_ms":2000,"in_tok":100,"out_tok":20}\n`;
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
    expect(r?.rows).toEqual({ read: before + 11, skipped: 0, duplicates: 0 });
  });
});

describe('what a usage file is and how much of it is read', () => {
  const read = (name: string, bytes: Uint8Array) => readUsageSource(memorySource(name, bytes), platformHost());

  it('refuses gzip it cannot unpack and binary files by name, before any column is guessed', async () => {
    // A host without a decompressor (stored-forms.test.ts reads gzip with one).
    const gz = await readUsageSource(memorySource('usage.csv.gz', new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0x61, 0x62])), {
      ...platformHost(),
      unpack: undefined,
    });
    expect(gz?.status).toBe('failed');
    expect(gz?.csv).toBeNull();
    expect(gz?.issues).toEqual([{ severity: 'error', code: 'gzip-file', line: null, field: null, detail: null }]);
    const bin = await read('photo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(bin?.issues.map((i) => i.code)).toEqual(['binary-file']);
  });

  it('reads UTF-16 with a byte order mark like UTF-8', async () => {
    const csv = 'hour,model,requests,input_tokens,output_tokens\n2026-01-15T10:00:00Z,m,3,30,6\n';
    const le = new Uint8Array(2 + csv.length * 2);
    le[0] = 0xff;
    le[1] = 0xfe;
    for (let i = 0; i < csv.length; i++) le[2 + 2 * i] = csv.charCodeAt(i);
    const r = await read('usage.csv', le);
    expect(r?.status).toBe('ok');
    expect(r?.records.length).toBe(1);
    expect(r?.records.models).toEqual(['m']);
  });

  it('refuses a CSV line longer than the cap at the cap, showing 80 characters of it', async () => {
    // 3 MB without a newline: the reader stops after 1,000,000 characters.
    const line = 'abcdefghij'.repeat(300_000);
    let bytesRead = 0;
    const r = await readUsageSource(memorySource('one-line.csv', enc.encode(line)), { ...platformHost(), progress: (b) => (bytesRead = b) });
    expect(r?.status).toBe('failed');
    expect(r?.csv).toBeNull();
    expect(r?.issues).toEqual([{ severity: 'error', code: 'line-too-long', line: 1, field: null, detail: `${'abcdefghij'.repeat(8)}…` }]);
    // The first 1 MiB chunk holds more than 1,000,000 characters: it is the only one read.
    expect(bytesRead).toBe(CHUNK_BYTES);
  });

  it('refuses a JSON Lines line longer than the cap, naming its line', async () => {
    const r = await read('log.jsonl', enc.encode(`{"a":1}\n{"b":"${'x'.repeat(1_200_000)}"}\n`));
    expect(r?.status).toBe('failed');
    expect(r?.issues).toContainEqual({ severity: 'error', code: 'line-too-long', line: 2, field: null, detail: `{"b":"${'x'.repeat(74)}…` });
  });

  it('reads one minified JSON document longer than the cap on one line', async () => {
    const rows = Array.from(
      { length: 12_000 },
      (_, i) => `{"ts":${1_768_471_200 + i},"model":"m","status":"ok","ttft_ms":300,"duration_ms":2000,"in_tok":${i},"out_tok":20}`,
    );
    const text = `[${rows.join(',')}]`;
    expect(text.length).toBeGreaterThan(1_000_000);
    const r = await read('rows.json', enc.encode(text));
    expect(r?.status).toBe('ok');
    expect(r?.issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(r?.records.length).toBeGreaterThan(0);
  });

  it('refuses a header of more than 10,000 columns with its count', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const r = await read('wide.csv', enc.encode(`${header}\n1,2\n`));
    expect(r?.status).toBe('failed');
    expect(r?.csv).toBeNull();
    expect(r?.issues).toEqual([{ severity: 'error', code: 'too-many-columns', line: 1, field: null, detail: '100000' }]);
    // 10,000 columns are read.
    const ok = await read('w.csv', enc.encode(`${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n1,2\n`));
    expect(ok?.status).toBe('needs-mapping');
    expect(ok?.csv?.headers).toHaveLength(10_000);
  });
});
