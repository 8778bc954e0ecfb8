import { BENCH_FIXTURES } from '../../testing/bench-fixtures';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformHost } from '../../platform/host';
import { computeGoodput } from './goodput';
import { describeIssue } from './issues';
import { HASH_BLOCK_BYTES, type ImportHost, type ImportProgress } from './import-contract';
import { importFile, rowBalancedRuns } from './importer';
import { utf8Boundary } from './import-stream';
import { memorySource } from './memory-source';

const ROOT = BENCH_FIXTURES;
const enc = new TextEncoder();

function text(name: string, content: string, options: Parameters<typeof importFile>[2] = {}, host: Partial<ImportHost> = {}) {
  return importFile(memorySource(name, enc.encode(content)), { ...platformHost(), ...host }, options);
}

function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(resolve(ROOT, path)));
}

describe('bad input', () => {
  it('a file that matches no format names its keys', async () => {
    const r = await text('notes.json', '{"hello": 1, "world": [1, 2]}');
    expect(r.status).toBe('failed');
    expect(r.issues).toContainEqual({ severity: 'error', code: 'unrecognised-format', line: 1, field: null, detail: 'keys: hello, world' });
    expect(describeIssue(r.file.name, r.issues[0]!)).toBe('notes.json: line 1: the content matches none of the supported result formats (keys: hello, world)');
  });

  it('empty, binary and plain text files', async () => {
    expect((await text('e.json', '')).issues[0]?.code).toBe('empty-file');
    const binary = await importFile(memorySource('x.bin', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 1])), platformHost());
    expect(binary.issues[0]?.code).toBe('binary-file');
    expect((await text('readme.txt', 'hello world')).issues[0]?.code).toBe('unrecognised-format');
  });

  it('JSON Lines log: bad rows are skipped with line and field, good rows kept', async () => {
    const lines = [
      '{"ts":1768471200,"model":"m","status":"ok","ttft_ms":100,"duration_ms":1000,"in_tok":10,"out_tok":11}',
      '{"ts":1768471201,"model":"m","status":"ok","ttft_ms":-5,"duration_ms":1000,"in_tok":10,"out_tok":11}',
      '{"ts":1768471202,"model":"m","status":"ok","ttft_ms":"fast","duration_ms":1000,"in_tok":10,"out_tok":11}',
      'this is not json',
      '{"ts":1768471203,"model":"m","status":"ok","ttft_ms":NaN,"duration_ms":1000,"in_tok":10,"out_tok":11}',
      '{"ts":1768471204,"model":"m","status":"ok","ttft_ms":3000,"duration_ms":1000,"in_tok":10,"out_tok":11}',
      '',
      '{"ts":1768471205,"model":"m","status":"ok","ttft_ms":300,"duration_ms":2000,"in_tok":10,"out_tok":21}',
      '{"ts":1768471206,"model":"m","status":"ok","ttft_ms":200,"duration_ms":1500,"in_tok":10,"out_tok":14',
    ].join('\n');
    const r = await text('log.jsonl', lines);
    expect(r.format).toBe('request-log');
    expect(r.status).toBe('partial');
    expect(r.rows.skipped).toBe(6);
    expect(r.rows.skippedSamples).toEqual([
      { line: 2, code: 'field-negative', field: 'ttft_ms' },
      { line: 3, code: 'field-invalid', field: 'ttft_ms' },
      { line: 4, code: 'row-invalid-json', field: null },
      { line: 5, code: 'field-invalid', field: 'ttft_ms' },
      { line: 6, code: 'ttft-exceeds-e2el', field: 'ttft_ms' },
      { line: 9, code: 'row-invalid-json', field: null },
    ]);
    const run = r.runs[0]!;
    expect(run.requests).toMatchObject({ ok: 2, failed: 0 });
    // Kept: TTFT 100 and 300 ms → mean 200; tokens 11 + 21 = 32.
    expect(run.recomputed?.ttft?.mean).toBe(200);
    expect(run.tokens.output).toBe(32);
  });

  it('a truncated JSON array keeps the complete rows and counts the cut one', async () => {
    const bytes = fixture('llmperf/leaderboard_groq_70b_individual_responses.json');
    const cut = new TextDecoder().decode(bytes).slice(0, 20_000);
    const r = await text('cut_individual_responses.json', cut, { chunkBytes: 4096 });
    expect(r.format).toBe('llmperf-individual');
    expect(r.status).toBe('partial');
    expect(r.issues.map((i) => i.code)).toContain('truncated');
    expect(r.rows.skippedSamples.at(-1)?.code).toBe('row-unfinished');
    const run = r.runs[0]!;
    expect(run.requests.ok).toBe(r.rows.read - 1);
    expect(run.requests.ok).toBeGreaterThan(40);
  });

  it('a syntax error inside a document keeps the rows before it', async () => {
    const r = await text('broken.json', '[{"ttft_s":0.1,"end_to_end_latency_s":1,"error_code":null,"number_output_tokens":10},\n {"ttft_s": 0.2 0.3}]');
    expect(r.issues).toContainEqual(expect.objectContaining({ code: 'invalid-json', line: 2 }));
    expect(r.runs[0]?.requests.ok).toBe(1);
  });
});

describe('streaming', () => {
  it('gives the same runs whatever the chunk size', async () => {
    for (const path of [
      'guidellm/guidellm_v0.5.0dev_gpt-oss-20b_benchmarks.json',
      'vllm/nerdalert_benchmark_serving_append_results.json',
      'sglang/datacrunch_h200_llama_3_3_70b_offline_output.jsonl',
    ]) {
      const bytes = fixture(path);
      const whole = await importFile(memorySource(path, bytes), platformHost());
      const pieces = await importFile(memorySource(path, bytes), platformHost(), { chunkBytes: 1000 });
      expect(pieces.runs).toEqual(whole.runs);
      expect(pieces.file.hash).toBe(whole.file.hash);
    }
  });

  it('reports progress and stops when cancelled', async () => {
    const bytes = fixture('guidellm/guidellm_v0.5.0dev_gpt-oss-20b_benchmarks.json');
    const seen: ImportProgress[] = [];
    const done = await importFile(
      memorySource('g.json', bytes),
      { ...platformHost(), progress: (p) => seen.push(p) },
      { chunkBytes: 65536, progressIntervalMs: 0 },
    );
    expect(done.status).toBe('ok');
    // One report per 64 KiB chunk, then more while statistics are computed at the end.
    expect([...new Set(seen.map((p) => p.bytesRead))]).toEqual([0, 65536, 131072, 196608, 262144, 273349]);
    expect(seen.at(-1)).toMatchObject({ bytesRead: 273349, totalBytes: 273349, fileName: 'g.json', rows: 1 });
    let calls = 0;
    const cancelled = await importFile(memorySource('g.json', bytes), { ...platformHost(), cancelled: () => ++calls > 2 }, { chunkBytes: 65536 });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.runs).toEqual([]);
    expect(cancelled.issues[0]).toMatchObject({ code: 'cancelled', detail: 'after 65536 of 273349 bytes' });
  });
});

describe('content hash and character boundaries', () => {
  it('hashes files over 4 MiB as SHA-256 of the block digests, whatever the chunk size', async () => {
    const row = '{"ts":1768471200,"model":"m","status":"ok","ttft_ms":100,"duration_ms":1000,"in_tok":10,"out_tok":11}\n';
    const bytes = enc.encode(row.repeat(Math.ceil((HASH_BLOCK_BYTES * 1.5) / row.length)));
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest();
    const expected = createHash('sha256')
      .update(Buffer.concat([sha(bytes.subarray(0, HASH_BLOCK_BYTES)), sha(bytes.subarray(HASH_BLOCK_BYTES))]))
      .digest('hex');
    for (const chunkBytes of [1 << 20, 3 << 20, 5 << 20]) {
      const r = await importFile(memorySource('big.jsonl', bytes), platformHost(), { chunkBytes });
      expect(r.file).toMatchObject({ hash: expected, hashAlgorithm: 'sha256-of-4mib-blocks' });
    }
  });

  it('never splits a UTF-8 character between chunks', async () => {
    // "ü" is 2 bytes, "€" 3, "🚀" 4.
    const b = enc.encode('aü€🚀');
    expect(utf8Boundary(b.subarray(0, 2))).toBe(1);
    expect(utf8Boundary(b.subarray(0, 3))).toBe(3);
    expect(utf8Boundary(b.subarray(0, 5))).toBe(3);
    expect(utf8Boundary(b.subarray(0, 9))).toBe(6);
    expect(utf8Boundary(b)).toBe(10);
    const log = ['ü-modell', 'modèle-€', 'モデル🚀']
      .map((m, i) => `{"ts":${1768471200 + i},"model":"${m}","status":"ok","ttft_ms":100,"duration_ms":1000,"in_tok":10,"out_tok":11}`)
      .join('\n');
    for (const chunkBytes of [1, 2, 3, 5, 7]) {
      const r = await text('utf8.jsonl', log, { chunkBytes });
      expect(r.runs.map((x) => x.model)).toEqual(['ü-modell', 'modèle-€', 'モデル🚀']);
    }
    // A first line that names no format: the rows are read as bytes only from a later chunk on,
    // and a character cut at the end of every chunk before is still whole.
    const headed = `{"note":"Export"}\n${log}`;
    for (let chunkBytes = 20; chunkBytes <= 90; chunkBytes++) {
      const r = await text('utf8.jsonl', headed, { chunkBytes });
      expect(
        r.runs.map((x) => x.model),
        `chunks of ${chunkBytes} B`,
      ).toEqual(['ü-modell', 'modèle-€', 'モデル🚀']);
    }
  });
});

describe('vLLM per-request arrays (--save-detailed)', () => {
  // Four requests, the last failed (written as zeros): TTFT 100/200/300 ms, latency
  // 1000/1200/1500 ms, output 5/4/4 tokens.
  // TPOT = (1000−100)/4 = 225, (1200−200)/3 = 333.33, (1500−300)/3 = 400 → mean 319.444.
  // ITL pooled: 200,200,200,300 | 300,300,400 | 400,400,400 → 10 gaps, sum 3100, mean 310,
  // p99 (linear, position 8.91 of 0..9) = 400. TTFT p99: position 1.98 → 200 + 0.98·100 = 298.
  const doc = {
    date: '20260101-120000',
    backend: 'vllm',
    model_id: 'm',
    num_prompts: 4,
    completed: 3,
    failed: 1,
    duration: 2,
    total_input_tokens: 30,
    total_output_tokens: 13,
    request_throughput: 1.5,
    output_throughput: 6.5,
    total_token_throughput: 21.5,
    mean_ttft_ms: 200,
    median_ttft_ms: 200,
    p99_ttft_ms: 298,
    mean_tpot_ms: 319.4444444444444,
    median_tpot_ms: 300,
    mean_itl_ms: 310,
    p99_itl_ms: 400,
    ttfts: [0.1, 0.2, 0.3, 0],
    latencies: [1.0, 1.2, 1.5, 0],
    output_lens: [5, 4, 4, 0],
    input_lens: [10, 10, 10, 10],
    errors: ['', '', '', 'boom'],
    itls: [[0.2, 0.2, 0.2, 0.3], [0.3, 0.3, 0.4], [0.4, 0.4, 0.4], []],
  };

  it('recomputes and lists agreement and difference per figure', async () => {
    const r = await text('detailed.json', JSON.stringify(doc));
    const run = r.runs[0]!;
    const find = (quantity: string, stat: string) => run.comparison.find((c) => c.quantity === quantity && c.stat === stat);
    expect(find('ttft', 'p99')).toMatchObject({ verdict: 'agrees' });
    expect(find('ttft', 'p99')?.recomputed).toBeCloseTo(298, 9);
    expect(find('tpot', 'mean')).toMatchObject({ verdict: 'agrees' });
    expect(find('itl', 'mean')?.recomputed).toBeCloseTo(310, 9);
    expect(find('itl', 'p99')).toMatchObject({ verdict: 'agrees', recomputed: 400 });
    // The file's median TPOT (300) is not what its own requests give (333.33).
    expect(find('tpot', 'median')).toMatchObject({ verdict: 'differs', file: 300 });
    expect(find('tpot', 'median')?.recomputed).toBeCloseTo(1000 / 3, 9);
    expect(find('outputTokens', 'total')).toMatchObject({ verdict: 'agrees', file: 13, recomputed: 13 });
    expect(find('outputTokensPerS', 'total')).toMatchObject({ verdict: 'agrees', recomputed: 6.5 });
    expect(run.requests.errors).toEqual([{ kind: 'boom', count: 1 }]);
    expect(run.perRequest).toEqual({ count: 4, ok: 3, sampled: false, metrics: ['ttft', 'tpot', 'itl', 'e2el'] });
  });

  it('goodput: share of requests and of output tokens within the limits', async () => {
    const r = await text('detailed.json', JSON.stringify(doc));
    const table = r.tables[0]!.table;
    // TTFT ≤ 250 and TPOT ≤ 350: requests 1 (100, 225) and 2 (200, 333) pass, 3 fails TTFT,
    // 4 failed → 2 of 4 = 0.5; tokens (5 + 4) / 13; 2 good requests / 2 s = 1 req/s.
    const g = computeGoodput(table, { ttftMs: 250, tpotMs: 350, e2elMs: null }, 2);
    expect(g).toMatchObject({ status: 'ok', goodRequests: 2, totalRequests: 4, requestShare: 0.5, goodputRps: 1 });
    if (g.status === 'ok') expect(g.outputTokenShare).toBeCloseTo(9 / 13, 12);
    expect(computeGoodput(table, { ttftMs: null, tpotMs: null, e2elMs: null }, 2)).toEqual({ status: 'not-applicable', reason: 'no-limits', missing: [] });
    // An end-to-end limit of 1.2 s keeps requests 1 and 2 (1000 and 1200 ms).
    expect(computeGoodput(table, { ttftMs: null, tpotMs: null, e2elMs: 1200 }, 2)).toMatchObject({ goodRequests: 2 });
  });
});

describe('CSV', () => {
  const csv =
    'start,model,ttft (s),latency (s),prompt tokens,completion tokens,status\n' +
    '2026-01-01T00:00:00Z,m,0.1,1.0,10,11,200\n' +
    '2026-01-01T00:00:01Z,m,0.3,2.0,10,21,200\n' +
    '2026-01-01T00:00:02Z,m,,0.05,10,0,429\n' +
    '2026-01-01T00:00:03Z,m,oops,1.0,10,11,200\n' +
    '2026-01-01T00:00:04Z,m,0.2,1.0,10\n';

  it('asks for a column mapping and suggests one from the headers', async () => {
    const r = await text('custom.csv', csv);
    expect(r.status).toBe('needs-mapping');
    expect(r.csvPreview?.headers).toEqual(['start', 'model', 'ttft (s)', 'latency (s)', 'prompt tokens', 'completion tokens', 'status']);
    expect(r.csvPreview?.suggested).toEqual({
      delimiter: ',',
      ttft: { column: 2, unit: 's' },
      e2el: { column: 3, unit: 's' },
      tpot: null,
      inputTokens: 4,
      outputTokens: 5,
      status: 6,
      timestamp: 0,
      model: 1,
    });
  });

  it('imports with the mapping; bad cells name the column', async () => {
    const first = await text('custom.csv', csv);
    const r = await text('custom.csv', csv, { mapping: first.csvPreview!.suggested });
    expect(r.format).toBe('mapped-csv');
    expect(r.rows.skippedSamples).toEqual([
      { line: 5, code: 'field-invalid', field: 'ttft (s)' },
      { line: 6, code: 'csv-row-width', field: null },
    ]);
    const run = r.runs[0]!;
    expect(run.tool).toBe('csv');
    expect(run.requests).toMatchObject({ ok: 2, failed: 1 });
    // 0.1 s and 0.3 s → 100 and 300 ms.
    expect(run.recomputed?.ttft?.mean).toBeCloseTo(200, 9);
    expect(run.requests.errors).toEqual([{ kind: 'error: HTTP 429', count: 1 }]);
  });

  it('genai-perf CSV (from its documentation): quoted thousands, N/A', async () => {
    const doc =
      'Metric,avg,min,max,p99,p95,p90,p75,p50,p25,p10,p5,p1\n' +
      'Time To First Token (ms),"1,234.56",900.00,"2,000.00",N/A,N/A,N/A,N/A,"1,200.00",N/A,N/A,N/A,N/A\n' +
      'Request Latency (ms),"5,000.00","4,000.00","6,000.00","5,900.00",N/A,N/A,N/A,"5,000.00",N/A,N/A,N/A,N/A\n' +
      '\nMetric,Value\nOutput Token Throughput (per sec),"1,500.25"\nRequest Throughput (per sec),3.50\n';
    const r = await text('profile_export_genai_perf.csv', doc);
    expect(r.format).toBe('genai-perf-csv');
    const run = r.runs[0]!;
    expect(run.metrics.ttft).toMatchObject({ mean: 1234.56, min: 900, max: 2000, median: 1200 });
    expect(run.metrics.e2el?.percentiles['99']).toBe(5900);
    expect(run.throughput.outputTokensPerS).toBe(1500.25);
    expect(run.throughput.requestsPerS).toBe(3.5);
  });
});

describe('formats implemented from documentation only', () => {
  it('genai-perf JSON export', async () => {
    const doc = {
      time_to_first_token: { unit: 'ms', avg: 120.5, p50: 110, p99: 300, min: 80, max: 320, std: 20 },
      inter_token_latency: { unit: 'ms', avg: 12.5, p50: 12, p99: 20 },
      request_latency: { unit: 'ms', avg: 2000, p99: 3000 },
      request_throughput: { unit: 'per sec', avg: 4 },
      output_token_throughput: { unit: 'tokens/sec', avg: 900 },
      input_config: { model: ['llama'], url: 'localhost:8001', concurrency: 8 },
    };
    const r = await text('profile_export_genai_perf.json', JSON.stringify(doc));
    expect(r.format).toBe('genai-perf-json');
    const run = r.runs[0]!;
    expect(run.model).toBe('llama');
    expect(run.metrics.ttft).toMatchObject({ mean: 120.5, median: 110 });
    expect(run.metrics.tpot?.mean).toBe(12.5);
    expect(run.load.concurrency).toBe(8);
    expect(run.throughput.outputTokensPerS).toBe(900);
  });

  it('SGLang line with --output-details arrays and errors', async () => {
    const line = {
      backend: 'sglang',
      request_rate: 'inf',
      completed: 2,
      duration: 1,
      total_output_tokens_retokenized: 9,
      median_ttft_ms: 150,
      mean_ttft_ms: 150,
      ttfts: [0.1, 0.2, 0],
      output_lens: [4, 5, 0],
      errors: ['', '', 'timeout'],
      itls: [[0.01, 0.01, 0.01], [0.02, 0.02, 0.02, 0.02], []],
    };
    const r = await text('sglang.jsonl', `${JSON.stringify(line)}\n${JSON.stringify(line)}\n`);
    expect(r.runs).toHaveLength(2);
    const run = r.runs[0]!;
    expect(run.requests).toMatchObject({ ok: 2, failed: 1 });
    // TTFT 100 and 200 ms → mean 150 = the file's mean.
    expect(run.comparison.find((c) => c.quantity === 'ttft' && c.stat === 'mean')).toMatchObject({ verdict: 'agrees' });
    // Pooled ITL: 3 × 10 ms + 4 × 20 ms = 110 ms over 7 gaps.
    expect(run.recomputed?.itl?.mean).toBeCloseTo(110 / 7, 12);
  });
});

describe('what a result file is and how much of it is read', () => {
  const enc = new TextEncoder();
  it('reads UTF-16 with a byte order mark, and names a gzip file it cannot unpack', async () => {
    const csv = 'ttft_ms,latency_ms\n100,1000\n120,1100\n';
    const be = new Uint8Array(2 + csv.length * 2);
    be[0] = 0xfe;
    be[1] = 0xff;
    for (let i = 0; i < csv.length; i++) be[3 + 2 * i] = csv.charCodeAt(i);
    const r = await importFile(memorySource('r.csv', be), platformHost());
    expect(r.status).toBe('needs-mapping');
    expect(r.csvPreview?.headers).toEqual(['ttft_ms', 'latency_ms']);
    // A host without a decompressor (stored-forms.test.ts reads gzip with one).
    const gz = await importFile(memorySource('r.jsonl.gz', new Uint8Array([0x1f, 0x8b, 8, 0, 1, 2])), { ...platformHost(), unpack: undefined });
    expect(gz.issues.map((i) => i.code)).toEqual(['gzip-file']);
    expect(describeIssue('r.jsonl.gz', gz.issues[0]!)).toBe('r.jsonl.gz: a gzip-compressed file; unpack it first');
  });

  it('refuses a CSV header of 100,000 columns and a line past 1,000,000 characters', async () => {
    const header = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(',');
    const wide = await importFile(memorySource('w.csv', enc.encode(`${header}\n1,2\n`)), platformHost());
    expect(wide.status).toBe('failed');
    expect(wide.csvPreview?.headers ?? []).toEqual([]);
    expect(wide.issues).toEqual([{ severity: 'error', code: 'too-many-columns', line: 1, field: null, detail: '100000' }]);
    const long = await importFile(memorySource('l.csv', enc.encode(`a,${'b'.repeat(3_000_000)}`)), platformHost());
    expect(long.issues).toEqual([{ severity: 'error', code: 'line-too-long', line: 1, field: null, detail: `a,${'b'.repeat(78)}…` }]);
    const row = '{"ts":1768471200,"model":"m","status":"ok","ttft_ms":100,"duration_ms":1000,"in_tok":10,"out_tok":11}';
    const jsonl = await importFile(memorySource('l.jsonl', enc.encode(`${row}\n${row}\n{"x":"${'y'.repeat(1_100_000)}"}\n${row}\n`)), platformHost());
    expect(jsonl.status).toBe('failed');
    expect(jsonl.issues).toContainEqual({ severity: 'error', code: 'line-too-long', line: 3, field: null, detail: `{"x":"${'y'.repeat(74)}…` });
  });
});

describe('Parquet row groups cut into runs', () => {
  const groupsOf = (sizes: number[]) => {
    let at = 0;
    return sizes.map((n) => ({ rowStart: at, rowEnd: (at += n) }));
  };

  it('cuts at the group start nearest to each share of the rows', () => {
    // DuckDB's 122,880-row groups over a million rows: 8 full groups and one of 16,960. Half is
    // 500,000 rows; group 4 starts at 491,520 (8,480 short), group 5 at 614,400 (114,400 over).
    const duckdb = groupsOf([...Array<number>(8).fill(122_880), 16_960]);
    expect(rowBalancedRuns(duckdb, 2)).toEqual([0, 4, 9]);
    // Thirds (333,333 and 666,667 rows): groups 3 (368,640) and 5 (614,400).
    expect(rowBalancedRuns(duckdb, 3)).toEqual([0, 3, 5, 9]);
    expect(rowBalancedRuns(groupsOf([10, 10, 10, 10]), 2)).toEqual([0, 2, 4]);
  });

  it('gives every run at least one group', () => {
    // One huge group first: the share's nearest start would be 1 for both cuts.
    expect(rowBalancedRuns(groupsOf([1_000, 1, 1]), 3)).toEqual([0, 1, 2, 3]);
    expect(rowBalancedRuns(groupsOf([1, 1, 1_000]), 2)).toEqual([0, 2, 3]);
  });
});
