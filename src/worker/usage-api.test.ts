import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../core/scenario/defaults';
import { jobsApi } from './jobs';
import type { UsageProgress, UsageRequest } from './contract';
import { usageApi } from './usage-api';

// 3 × 24 requests on Monday 2026-01-05, one per hour, 100 input and 10 output tokens each:
// about 3.5 MiB with padding, so the read takes several 1 MiB chunks.
const pad = 'x'.repeat(48_000);
const lines = Array.from({ length: 72 }, (_, i) =>
  JSON.stringify({ ts: `2026-01-05T${String(i % 24).padStart(2, '0')}:00:00Z`, model: 'm', status: 'ok', in_tok: 100, out_tok: 10, note: pad }),
);
const request = (): UsageRequest => ({
  files: [new Blob([`${lines.join('\n')}\n`])],
  names: ['log.jsonl'],
  mappings: {},
  timeZone: 'UTC',
  models: [],
  profile: 'median',
  current: DEFAULT_SCENARIO.workload,
});

describe('usage in the worker', () => {
  it('derives the workload from the file', async () => {
    const answer = await usageApi.deriveUsage(request(), { jobId: 'usage-ok' });
    expect(answer.state).toBe('done');
    if (answer.state !== 'done') return;
    // 72 requests on one day.
    expect(answer.derived.workload.requestsPerDay).toBe(72);
    expect(answer.files[0]?.rows.read).toBe(72);
  });

  it('reports the bytes read over all files, from 0 to their total', async () => {
    const r = request();
    const second = new Blob(['{"ts":"2026-01-05T12:00:00Z","model":"m","status":"ok","in_tok":1,"out_tok":1}\n']);
    r.files.push(second);
    r.names.push('more.jsonl');
    const total = (r.files[0] as Blob).size + second.size;
    const seen: UsageProgress[] = [];
    const answer = await usageApi.deriveUsage(r, { jobId: 'usage-progress' }, (p) => seen.push(p));
    expect(answer.state).toBe('done');
    expect(seen[0]).toEqual({ fileName: 'log.jsonl', fileIndex: 0, fileCount: 2, bytesRead: 0, totalBytes: total });
    expect(seen.at(-1)).toEqual({ fileName: 'more.jsonl', fileIndex: 1, fileCount: 2, bytesRead: total, totalBytes: total });
    for (let i = 1; i < seen.length; i++) expect((seen[i] as UsageProgress).bytesRead).toBeGreaterThanOrEqual((seen[i - 1] as UsageProgress).bytesRead);
  });

  it('does not read a file again whose bytes an earlier one has, and drops rows an earlier file had', async () => {
    const r = request();
    const log = r.files[0] as Blob;
    // log (1).jsonl: the same bytes under another name (hashed, for its size is log.jsonl's).
    // b.jsonl: request q1 of a.jsonl again (its fields in another order) and a new request q2.
    const q = (id: string) => `{"request_id":"${id}","ts":"2026-01-05T12:00:00Z","model":"m","status":"ok","in_tok":100,"out_tok":10}`;
    const again = '{"ts":"2026-01-05T12:00:00Z","request_id":"q1","model":"m","status":"ok","in_tok":100,"out_tok":10}';
    r.files.push(new Blob([await log.arrayBuffer()]), new Blob([`${q('q1')}\n`]), new Blob([`${again}\n${q('q2')}\n`]));
    r.names.push('log (1).jsonl', 'a.jsonl', 'b.jsonl');
    const answer = await usageApi.deriveUsage(r, { jobId: 'usage-duplicates' });
    if (answer.state !== 'done') throw new Error(answer.state);
    expect(answer.files.map((f) => [f.fileName, f.status, f.duplicateOf, f.rows.duplicates])).toEqual([
      ['log.jsonl', 'ok', null, 0],
      ['log (1).jsonl', 'duplicate', 'log.jsonl', 0],
      ['a.jsonl', 'ok', null, 0],
      ['b.jsonl', 'ok', null, 1],
    ]);
    // log.jsonl's 72 requests, q1 and q2: 74 on one day (reading everything gave 72 + 72 + 3 = 147).
    expect(answer.derived.workload.requestsPerDay).toBe(74);
  });

  it('stops reading when its job is aborted', async () => {
    jobsApi.abortJob('usage-stop');
    const answer = await usageApi.deriveUsage(request(), { jobId: 'usage-stop' });
    expect(answer).toEqual({ state: 'cancelled' });
    expect(jobsApi.computeJobState('usage-stop').state).toBe('stopped');
  });
});
