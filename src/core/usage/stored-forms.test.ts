import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { memorySource } from '../benchmarks/memory-source';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { deriveWorkload } from './aggregate';
import { readUsageSource, type UsageReadResult } from './reader';

/**
 * Usage data as warehouses and log shippers keep it: the hourly aggregate as Parquet
 * (scripts/make-fixtures-packed.ts writes it from the CSV), exports and logs gzip-compressed.
 */
const dir = new URL('../../../fixtures/usage/', import.meta.url);
const bytesOf = (name: string) => new Uint8Array(readFileSync(new URL(name, dir)));
const read = async (name: string, bytes = bytesOf(name)) => (await readUsageSource(memorySource(name, bytes), platformHost())) as UsageReadResult;
const derive = (r: UsageReadResult) => deriveWorkload(r.records, r.costs, { timeZone: 'UTC', current: DEFAULT_SCENARIO.workload });

describe('the hourly aggregate as Parquet', () => {
  it('gives the workload of its CSV', async () => {
    const csv = await read('SCHEMA_hourly_aggregate.csv');
    const pq = await read('SCHEMA_hourly_aggregate.parquet');
    expect(pq.formats).toEqual(csv.formats);
    expect(pq.records.length).toBe(csv.records.length);
    for (let i = 0; i < csv.records.length; i++) expect(pq.records.get(i)).toEqual(csv.records.get(i));
    const d = derive(pq);
    // As the CSV: 400 ok and 6 failed requests, retry 6/400 = 0.015; cached 200,000/800,000 = 0.25; bill $1.00.
    expect(d.workload.retryRateApi).toBeCloseTo(0.015, 12);
    expect(d.workload.cacheHitShare).toBe(0.25);
    expect(d.total.billUsd).toBe(1);
    expect(d.granularity).toBe('hour');
    expect(d.workload).toEqual(derive(csv).workload);
  });

  it('holds the rows the CSV reading keeps, and none it skips', async () => {
    const csv = await read('SCHEMA_hourly_aggregate.csv');
    const pq = await read('SCHEMA_hourly_aggregate.parquet');
    // The CSV's line 4 ("bad" requests) is skipped there and has no Parquet form.
    expect(csv.issues.map((i) => [i.code, i.line, i.field])).toEqual([['field-invalid', 4, 'requests']]);
    expect(pq.status).toBe('ok');
    expect(pq.issues).toEqual([]);
    expect(pq.rows).toEqual({ read: 2, skipped: 0, duplicates: 0 });
  });

  it('a Parquet file of unknown columns asks for a mapping, showing its columns', async () => {
    const bytes = new Uint8Array(
      parquetWriteBuffer({
        columnData: [
          { name: 'when', data: ['2026-01-05T08:00:00Z'], type: 'STRING' },
          { name: 'n', data: [3], type: 'INT32' },
        ],
      }),
    );
    const r = await read('x.parquet', bytes);
    expect(r.status).toBe('needs-mapping');
    expect(r.csv?.headers).toEqual(['when', 'n']);
    expect(r.csv?.sample).toEqual([['2026-01-05T08:00:00Z', '3']]);
  });

  it("a file that starts like Parquet but is not one is refused, with the reader's reason", async () => {
    const r = await read('x.parquet', new TextEncoder().encode('PAR1 and then nothing of the kind'));
    expect(r.status).toBe('failed');
    expect(r.issues.map((i) => i.code)).toEqual(['parquet-invalid']);
    expect(r.issues[0]?.detail).not.toBeNull();
  });
});

describe('gzip-compressed usage files', () => {
  it('a request log and a CSV export read as their uncompressed files', async () => {
    for (const name of ['SYNTHETIC_two_weeks_office_hours.jsonl', 'REAL_openai_usage_export_completions.tsv']) {
      const plain = await read(name);
      const gz = await read(`${name}.gz`, new Uint8Array(gzipSync(bytesOf(name))));
      expect(gz.status).toBe(plain.status);
      expect(gz.rows).toEqual(plain.rows);
      // Issues name the file they were found in.
      expect(JSON.stringify(gz.issues).replaceAll(`${name}.gz`, name)).toBe(JSON.stringify(plain.issues));
      expect(derive(gz).workload).toEqual(derive(plain).workload);
    }
    // The two-week log: 996 rows (fixtures/usage/SOURCES.md).
    expect((await read('SYNTHETIC_two_weeks_office_hours.jsonl')).rows.read).toBe(996);
  });

  it('a cut-off file keeps the rows before the cut and is partial', async () => {
    const gz = new Uint8Array(gzipSync(bytesOf('SYNTHETIC_two_weeks_office_hours.jsonl')));
    const r = await read('log.jsonl.gz', gz.subarray(0, Math.floor(gz.length / 2)));
    expect(r.status).toBe('partial');
    expect(r.rows.read).toBeGreaterThan(0);
    expect(r.rows.read).toBeLessThan(996);
    expect(r.issues.find((i) => i.code === 'packed-damaged')).toMatchObject({ severity: 'error', line: null });
  });

  it('a file named .gz that is plain text is read, with a note on its name', async () => {
    const r = await read('usage.csv.gz', bytesOf('SCHEMA_hourly_aggregate.csv'));
    expect(r.records.length).toBe(2);
    expect(r.issues[0]).toMatchObject({ severity: 'warning', code: 'not-packed' });
    expect(r.issues[0]?.detail).toBe('the name ends in .gz but the content is not compressed (first bytes 68 6f 75 72, gzip starts 1f 8b); read as it is');
  });
});
