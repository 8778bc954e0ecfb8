import { describe, expect, it } from 'vitest';
import { publishedSeriesSchema, type PublishedSeries } from '../catalog/published-measurements';
import { PUBLISHED_SERIES } from '../catalog/published-measurements.data';
import { publishedRuns, publishedSeriesImport, publishedSeriesText } from './from-published';
import { benchRunSchema } from './run-schema';
import { metricOf, percentileValue, throughputVsLoad } from './views';

const HASH = 'ab'.repeat(32);

function kimi(): PublishedSeries {
  const s = PUBLISHED_SERIES.find((x) => x.id === 'amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic');
  if (!s) throw new Error('Kimi series missing');
  return s;
}

/** A small series written for this test, with a failed share and a request-rate load. */
const RATE_SERIES: PublishedSeries = publishedSeriesSchema.parse({
  id: 'test-rate-series',
  label: 'Test series',
  modelId: null,
  modelName: 'Some model',
  engine: 'vLLM',
  engineVersion: null,
  gpuId: null,
  hardwareName: 'Some GPU',
  gpus: 8,
  precision: 'FP8',
  parallelism: 'TP8',
  inputTokens: 1000,
  outputTokens: 100,
  dataset: 'random',
  source: { publisher: 'Someone', repo: null, path: null, commit: null, url: 'https://example.org/r', measuredOn: '2026-01-02', checked: '2026-01-03' },
  points: [
    {
      concurrency: null,
      requestRate: 2,
      outputTokensPerS: 800,
      totalTokensPerS: null,
      ttftMs: { p50: 120, p99: 900 },
      tpotMs: {},
      itlMs: {},
      e2elMs: {},
      requests: 48,
      successShare: 0.96,
    },
  ],
});

describe('published series → stored runs', () => {
  it('makes one valid run per point of every library series, marked as published', () => {
    for (const s of PUBLISHED_SERIES) {
      const runs = publishedRuns(s, HASH, 1234);
      expect(runs).toHaveLength(s.points.length);
      for (const run of runs) {
        const parsed = benchRunSchema.safeParse(run);
        expect(parsed.success, `${s.id}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
        expect(run.published).toEqual({ seriesId: s.id, publisher: s.source.publisher, measuredOn: s.source.measuredOn, url: s.source.url });
        expect(run.source.fileHash).toBe(HASH);
      }
      expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    }
  });

  it('carries the figures of a point over, per deployment and per GPU', () => {
    const run = publishedRuns(kimi(), HASH, 1)[0];
    if (!run) throw new Error('no run');
    // Kimi K2.5 on 4× B200 at concurrency 12 (agg row: output_tput_per_gpu 54.2135 tok/s,
    // mean_ttft 28.363357 s, p90_ttft 60.805839 s, 384 of 384 requests):
    // 54.2135 × 4 = 216.85 tok/s for the deployment, 216.85 / 4 = 54.2125 per GPU;
    // TTFT mean 28,363.357 ms, p90 60,805.839 ms.
    expect(run.load.concurrency).toBe(12);
    expect(run.gpus).toBe(4);
    expect(run.throughput.outputTokensPerS).toBeCloseTo(216.85, 2);
    expect(run.throughput.outputTokensPerSPerGpu).toBeCloseTo(54.2125, 4);
    expect(run.metrics.ttft?.mean).toBeCloseTo(28363.357, 3);
    const ttft = metricOf(run, 'ttft');
    expect(ttft && percentileValue(ttft.summary, 90)).toBeCloseTo(60805.839, 3);
    expect(run.requests).toMatchObject({ total: 384, ok: 384, failed: 0 });
    expect(run.date).toBe('2026-06-02');
    expect(run.tool).toBe('inferencex');
    expect(run.endpoint.kind).toBe('self-hosted');
  });

  it('works the total and failed requests out of the success share, and keeps a rate load', () => {
    const [run] = publishedRuns(RATE_SERIES, HASH, 1);
    if (!run) throw new Error('no run');
    // 48 successful requests at a success share of 0.96: 48 / 0.96 = 50 requests, 2 failed.
    expect(run.requests).toMatchObject({ total: 50, ok: 48, failed: 2 });
    expect(run.load).toMatchObject({ concurrency: null, requestRate: 2, strategy: 'rate' });
    // p50 is the median; p99 a percentile; no mean was published.
    expect(run.metrics.ttft).toMatchObject({ mean: null, median: 120, percentiles: { '99': 900 } });
    // Metrics with no statistics are left out rather than shown as empty.
    expect(run.metrics.tpot).toBeUndefined();
    // 800 tok/s over 8 GPUs = 100 tok/s per GPU.
    expect(run.throughput.outputTokensPerSPerGpu).toBe(100);
    // No tool named: a table of figures.
    expect(run.tool).toBe('csv');
    expect(run.source.format).toBe('mapped-csv');
  });

  it('forms one throughput-vs-concurrency curve per series, in load order', () => {
    const s = kimi();
    const curve = throughputVsLoad(publishedRuns(s, HASH, 1));
    expect(curve.axis).toBe('concurrency');
    expect(curve.series).toHaveLength(1);
    expect(curve.series[0]?.points.map((p) => p.x)).toEqual([12, 14, 16, 18, 20, 22, 24, 32]);
  });

  it('is an ok import result the run store accepts, sized by the series text', () => {
    const s = kimi();
    const text = publishedSeriesText(s);
    const size = new TextEncoder().encode(text).length;
    const result = publishedSeriesImport(s, HASH, size);
    expect(result.status).toBe('ok');
    expect(result.file).toEqual({ name: `published-${s.id}.json`, size, hash: HASH, hashAlgorithm: 'sha256' });
    expect(result.format).toBe('inferencex');
    expect(result.runs).toHaveLength(8);
    expect(result.tables).toEqual([]);
    expect(JSON.parse(text)).toEqual(s);
  });
});
