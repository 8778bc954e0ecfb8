import type { LatencyStats, PublishedPoint, PublishedSeries } from '../catalog/published-measurements';
import type { FileImport } from './import-contract';
import type { BenchRun, MetricDefinition, MetricId, MetricSummary } from './run-schema';

/**
 * A series of the library of published measurements as ordinary stored runs: one `BenchRun`
 * per point, so that every benchmarks view (table, charts, details) shows it like an imported
 * file. Each run carries `published` (publisher, date, link), which the UI shows as a
 * "published" badge; nothing in it is the user's own measurement.
 *
 * The content the runs come from is `publishedSeriesText(series)`; its SHA-256 (computed at the
 * UI edge) is the "file" hash, so loading the same example twice is recognised as a duplicate.
 */

/** The canonical text of a series: what is hashed and what the stored "file" size counts. */
export function publishedSeriesText(series: PublishedSeries): string {
  return JSON.stringify(series);
}

/** File name of the stored example, e.g. "published-amd-rocm-kimi-k2.5-….json". */
export function publishedFileName(series: PublishedSeries): string {
  return `published-${series.id}.json`;
}

function summary(stats: LatencyStats, count: number | null): MetricSummary | null {
  const percentiles: Record<string, number> = {};
  if (stats.p90 !== undefined) percentiles['90'] = stats.p90;
  if (stats.p95 !== undefined) percentiles['95'] = stats.p95;
  if (stats.p99 !== undefined) percentiles['99'] = stats.p99;
  const s: MetricSummary = { count, mean: stats.mean ?? null, median: stats.p50 ?? null, std: null, min: null, max: null, percentiles };
  return s.mean === null && s.median === null && Object.keys(percentiles).length === 0 ? null : s;
}

const METRICS: { id: MetricId; key: 'ttftMs' | 'tpotMs' | 'itlMs' | 'e2elMs' }[] = [
  { id: 'ttft', key: 'ttftMs' },
  { id: 'tpot', key: 'tpotMs' },
  { id: 'itl', key: 'itlMs' },
  { id: 'e2el', key: 'e2elMs' },
];

function requestsOf(p: PublishedPoint): BenchRun['requests'] {
  const ok = p.requests;
  // The statistics rest on the successful requests; the total follows from the success share.
  const total = ok !== null && p.successShare !== null && p.successShare > 0 ? Math.round(ok / p.successShare) : null;
  return { total, ok, failed: total !== null && ok !== null ? total - ok : null, incomplete: null, errors: [] };
}

function runOf(series: PublishedSeries, point: PublishedPoint, index: number, hash: string, size: number): BenchRun {
  const tool = series.tool ?? 'csv';
  const metrics: BenchRun['metrics'] = {};
  const definitions: BenchRun['definitions'] = {};
  for (const m of METRICS) {
    const s = summary(point[m.key], point.requests);
    if (!s) continue;
    metrics[m.id] = s;
    const definition: MetricDefinition = {
      sourceName: m.key,
      weighting: m.id === 'itl' && tool !== 'inferencex' ? 'chunks' : 'requests',
      percentileMethod: 'unknown',
    };
    definitions[m.id] = definition;
  }
  const src = series.source;
  const extras: BenchRun['extras'] = [
    { key: 'publisher', value: src.publisher },
    { key: 'measured on', value: src.measuredOn },
    { key: 'parallelism', value: series.parallelism },
    { key: 'dataset', value: series.dataset },
    { key: 'mean input tokens (series)', value: series.inputTokens },
    { key: 'mean output tokens (series)', value: series.outputTokens },
  ];
  if (src.repo !== null) extras.push({ key: 'source', value: `${src.repo}${src.commit ? `@${src.commit.slice(0, 12)}` : ''}`.slice(0, 200) });
  if (src.path !== null) extras.push({ key: 'source path', value: src.path.slice(0, 200) });
  return {
    id: `${hash.slice(0, 16)}-${index}`,
    source: {
      fileName: publishedFileName(series),
      fileSize: size,
      fileHash: hash,
      format: tool === 'inferencex' ? 'inferencex' : 'mapped-csv',
      index,
      line: null,
      companionFile: null,
    },
    tool,
    toolVersion: null,
    label: series.label,
    endpoint: { kind: 'self-hosted', provider: null, target: null },
    model: series.modelName,
    engine: series.engineVersion ? `${series.engine} ${series.engineVersion}`.slice(0, 120) : series.engine,
    hardware: series.hardwareName,
    gpus: series.gpus,
    precision: series.precision,
    date: src.measuredOn,
    load: {
      concurrency: point.concurrency,
      requestRate: point.requestRate,
      measuredConcurrency: null,
      strategy: point.concurrency !== null ? 'concurrency' : 'rate',
    },
    durationS: null,
    requests: requestsOf(point),
    tokens: { input: null, output: null },
    throughput: {
      requestsPerS: null,
      outputTokensPerS: point.outputTokensPerS,
      totalTokensPerS: point.totalTokensPerS,
      outputTokensPerSPerGpu: point.outputTokensPerS / series.gpus,
      totalTokensPerSPerGpu: point.totalTokensPerS === null ? null : point.totalTokensPerS / series.gpus,
      derived: [],
    },
    fileGoodputRps: null,
    metrics,
    definitions,
    recomputed: null,
    comparison: [],
    perRequest: null,
    cost: null,
    extras,
    notes: [],
    published: { seriesId: series.id, publisher: src.publisher, measuredOn: src.measuredOn, url: src.url },
  };
}

/** The runs of a series, one per point, in the series' order (lowest load first). */
export function publishedRuns(series: PublishedSeries, hash: string, size: number): BenchRun[] {
  return series.points.map((p, i) => runOf(series, p, i, hash, size));
}

/**
 * A series as an import result, ready for the run store (`saveImport`). `hash` is the SHA-256
 * (hex) of `publishedSeriesText(series)`, `size` its length in bytes.
 */
export function publishedSeriesImport(series: PublishedSeries, hash: string, size: number): FileImport {
  const runs = publishedRuns(series, hash, size);
  return {
    file: { name: publishedFileName(series), size, hash, hashAlgorithm: 'sha256' },
    status: 'ok',
    format: runs[0]?.source.format ?? null,
    runs,
    tables: [],
    issues: [],
    issuesOmitted: 0,
    rows: { read: series.points.length, skipped: 0, skippedSamples: [] },
    csvPreview: null,
    mergedInto: null,
    threads: 1,
  };
}
