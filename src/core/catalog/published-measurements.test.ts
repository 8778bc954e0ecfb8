import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findGpu, findModel } from './catalog';
import { publishedSeriesSchema, type PublishedSeries } from './published-measurements';
import { PUBLISHED_SERIES } from './published-measurements.data';
import { INFERENCEX_SERIES } from './published-measurements.inferencex.data';

/** The library is reviewed against this date; nothing may claim to be checked later. */
const REVIEW_DATE = '2026-12-04';

const FIXTURES = resolve(__dirname, '../../../fixtures/published');

function series(id: string): PublishedSeries {
  const s = PUBLISHED_SERIES.find((x) => x.id === id);
  if (!s) throw new Error(`no series ${id}`);
  return s;
}

/** One row of an InferenceX `agg_bmk.json` (only the keys the test reads). */
interface AggRow {
  conc: number;
  tp: number;
  offloading: string;
  num_requests_total: number;
  num_requests_successful: number;
  total_requests_completed: number;
  total_prompt_tokens: number;
  total_generation_tokens: number;
  output_tput_tps: number;
  output_tput_per_gpu: number;
  tput_per_gpu: number;
  total_tput_tps: number;
  [key: string]: number | string | boolean | null;
}

function aggRows(file: string): AggRow[] {
  return JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as AggRow[];
}

describe('the published-measurements library', () => {
  it('has entries, each valid against the schema, with unique ids', () => {
    expect(PUBLISHED_SERIES.length).toBeGreaterThanOrEqual(3);
    for (const s of PUBLISHED_SERIES) {
      const parsed = publishedSeriesSchema.safeParse(s);
      expect(parsed.success, `${s.id}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues)}`).toBe(true);
    }
    const ids = PUBLISHED_SERIES.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('orders every series by load, lowest first, with one kind of load per series', () => {
    for (const s of PUBLISHED_SERIES) {
      const byConcurrency = s.points.every((p) => p.concurrency !== null);
      const loads = s.points.map((p) => (byConcurrency ? p.concurrency : p.requestRate) ?? Number.NaN);
      expect(loads.every(Number.isFinite), s.id).toBe(true);
      for (let i = 1; i < loads.length; i++) expect(loads[i] as number, `${s.id} point ${i}`).toBeGreaterThan(loads[i - 1] as number);
    }
  });

  it('names a complete source for every series: repository, path and commit (or a URL), measured and checked dates', () => {
    for (const s of PUBLISHED_SERIES) {
      const src = s.source;
      expect(src.url !== null || (src.repo !== null && src.path !== null && src.commit !== null), s.id).toBe(true);
      if (src.repo !== null) {
        expect(src.path, s.id).not.toBeNull();
        expect(src.commit, s.id).toMatch(/^[0-9a-f]{40}$/);
      }
      expect(src.measuredOn <= src.checked, s.id).toBe(true);
      expect(src.checked <= REVIEW_DATE, s.id).toBe(true);
      // The unit conversion is said in the note, so a reader of the entry knows what was done.
      expect(src.note ?? '', s.id).toMatch(/ms|seconds/);
    }
  });

  it('uses catalog ids only where the catalog has that model or GPU', () => {
    for (const s of PUBLISHED_SERIES) {
      if (s.modelId !== null) expect(findModel(s.modelId), s.id).toBeDefined();
      if (s.gpuId !== null) expect(findGpu(s.gpuId), s.id).toBeDefined();
    }
    expect(series('amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic').modelId).toBe('kimi-k2.5');
    expect(series('amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic').gpuId).toBe('b200');
    // DeepSeek-R1 has the DeepSeek-V3 architecture; MiniMax-M2.5, GLM-5.1 and DeepSeek-V4-Pro are
    // not the catalog's MiniMax-M2 / GLM-4.5 / DeepSeek-V3: no id.
    expect(series('inferencex-deepseek-r1-fp4-mi355x-sglang-tp4-1k1k').modelId).toBe('deepseek-v3');
    expect(series('inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k').modelId).toBeNull();
    expect(series('amd-rocm-minimax-m2.5-fp8-mi355x-vllm-tp1-agentic').modelId).toBeNull();
    expect(series('amd-rocm-glm-5.1-mxfp4-mi355x-sglang-tp2-hicache-agentic').modelId).toBeNull();
  });
});

/**
 * The data against copies of its source files (fixtures/published, provenance in SOURCES.md):
 * InferenceX agg rows give latencies in seconds and throughput per GPU; the library holds
 * milliseconds and the whole deployment. So for each row:
 *   ttftMs.mean = mean_ttft × 1000, outputTokensPerS = output_tput_per_gpu × tp.
 */
interface ApiRow {
  conc: number;
  metrics: Record<string, number>;
}

const CHECKED: { id: string; file: string }[] = [
  { id: 'amd-rocm-minimax-m2.5-fp8-mi355x-vllm-tp1-agentic', file: 'amd-rocm-team_minimaxm2.5_fp8_mi355x_vllm_tp1_agentic_agg_rows.json' },
  { id: 'amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic', file: 'amd-rocm-team_kimik2.5_fp4_b200_vllm_tp4_lmcache_agentic_agg_rows.json' },
  { id: 'amd-rocm-glm-5.1-mxfp4-mi355x-sglang-tp2-hicache-agentic', file: 'amd-rocm-team_glm5.1_fp4_mi355x_sglang_tp2_hicache_agentic_agg_rows.json' },
];

describe('the published series match their source files', () => {
  for (const { id, file } of CHECKED) {
    it(`${id} equals ${file}, converted`, () => {
      const s = series(id);
      const rows = aggRows(file).sort((a, b) => a.conc - b.conc);
      expect(s.points.map((p) => p.concurrency)).toEqual(rows.map((r) => r.conc));
      for (const [i, row] of rows.entries()) {
        const p = s.points[i];
        if (!p) throw new Error('missing point');
        expect(row.tp).toBe(s.gpus);
        // Per GPU × GPUs = per deployment; the file's own deployment figure must agree.
        expect(p.outputTokensPerS).toBeCloseTo(row.output_tput_per_gpu * row.tp, 1);
        expect(p.outputTokensPerS).toBeCloseTo(row.output_tput_tps, 1);
        expect(p.totalTokensPerS).toBeCloseTo(row.tput_per_gpu * row.tp, 1);
        for (const [key, metric] of [
          ['ttftMs', 'ttft'],
          ['tpotMs', 'tpot'],
          ['itlMs', 'itl'],
          ['e2elMs', 'e2el'],
        ] as const) {
          for (const stat of ['mean', 'p90', 'p95'] as const) {
            const seconds = row[`${stat}_${metric}`];
            if (typeof seconds !== 'number') throw new Error(`${file} conc ${row.conc}: ${stat}_${metric} missing`);
            expect(p[key][stat], `${id} conc ${row.conc} ${key}.${stat}`).toBeCloseTo(seconds * 1000, 2);
          }
        }
        expect(p.requests).toBe(row.total_requests_completed);
        expect(p.successShare).toBeCloseTo(row.num_requests_successful / row.num_requests_total, 4);
      }
      // Request-weighted mean tokens over all points: Σ prompt tokens / Σ completed requests.
      const n = rows.reduce((a, r) => a + r.total_requests_completed, 0);
      expect(s.inputTokens).toBeCloseTo(rows.reduce((a, r) => a + r.total_prompt_tokens, 0) / n, -1);
      expect(s.outputTokens).toBeCloseTo(rows.reduce((a, r) => a + r.total_generation_tokens, 0) / n, -1);
    });
  }

  /**
   * InferenceX API rows (extracts copied by hand, see SOURCES.md): each row is first checked
   * against itself — total = input + output per GPU; median interactivity = 1 / median TPOT
   * (tok/s per user) — which a typo in those figures would break; then every point against its row.
   */
  function checkApiRows(id: string, rows: ApiRow[], stats: readonly ('mean' | 'p50' | 'p90' | 'p99')[]): void {
    const s = series(id);
    const sorted = [...rows].sort((a, b) => a.conc - b.conc);
    expect(s.points.map((p) => p.concurrency)).toEqual(sorted.map((r) => r.conc));
    const keyOf = { mean: 'mean', p50: 'median', p90: 'p90', p99: 'p99' } as const;
    for (const [i, row] of sorted.entries()) {
      const p = s.points[i];
      if (!p) throw new Error('missing point');
      const at = (k: string) => {
        const v = row.metrics[k];
        if (typeof v !== 'number') throw new Error(`${id} conc ${row.conc}: ${k} missing`);
        return v;
      };
      expect(at('input_tput_per_gpu') + at('output_tput_per_gpu')).toBeCloseTo(at('tput_per_gpu'), 6);
      expect(1 / at('median_tpot')).toBeCloseTo(at('median_intvty'), 6);
      expect(p.outputTokensPerS).toBeCloseTo(at('output_tput_per_gpu') * s.gpus, 1);
      expect(p.totalTokensPerS).toBeCloseTo(at('tput_per_gpu') * s.gpus, 1);
      for (const [key, metric] of [
        ['ttftMs', 'ttft'],
        ['tpotMs', 'tpot'],
        ['itlMs', 'itl'],
        ['e2elMs', 'e2el'],
      ] as const) {
        for (const stat of stats) expect(p[key][stat], `${id} conc ${row.conc} ${key}.${stat}`).toBeCloseTo(at(`${keyOf[stat]}_${metric}`) * 1000, 2);
      }
    }
  }

  it('inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k equals the InferenceX API rows, converted', () => {
    const doc = JSON.parse(readFileSync(resolve(FIXTURES, 'inferencex-api_lookup_dsv4_b200_vllm_fp4_extract.json'), 'utf8')) as { sample_rows: ApiRow[] };
    const id = 'inferencex-deepseek-v4-pro-fp4-b200-vllm-tp8-8k1k';
    checkApiRows(id, doc.sample_rows, ['mean', 'p50', 'p90', 'p99']);
    // 8 GPUs: all-GPU power / per-GPU power of every row.
    for (const row of doc.sample_rows) expect((row.metrics.avg_total_gpu_power_w ?? 0) / (row.metrics.avg_power_w ?? 1)).toBeCloseTo(8, 3);
    // The figures quoted from the same file elsewhere (reference anchors, Dec 2026): concurrency
    // 64 → 160.8 output tok/s per GPU, 1024 → 648.6; × 8 GPUs = 1,286.6 and 5,189.0 tok/s.
    expect(series(id).points[0]?.outputTokensPerS).toBeCloseTo(1286.6, 0);
    expect(series(id).points[4]?.outputTokensPerS).toBeCloseTo(5189.0, 0);
  });

  it('inferencex-deepseek-r1-fp4-mi355x-sglang-tp4-1k1k equals the InferenceX API rows, converted', () => {
    const rows = JSON.parse(readFileSync(resolve(FIXTURES, 'inferencex-app_cypress_benchmarks_dsr1_mi355x_sglang_fp4_1k1k_extract.json'), 'utf8')) as ApiRow[];
    const id = 'inferencex-deepseek-r1-fp4-mi355x-sglang-tp4-1k1k';
    checkApiRows(id, rows, ['mean', 'p50', 'p99']);
    // Concurrency 64: output_tput_per_gpu 582.2214 × 4 GPUs = 2,328.89 tok/s; median TTFT
    // 0.12524 s = 125.24 ms.
    const p = series(id).points[4];
    expect(p?.concurrency).toBe(64);
    expect(p?.outputTokensPerS).toBeCloseTo(2328.89, 1);
    expect(p?.ttftMs.p50).toBeCloseTo(125.24, 1);
  });

  it('holds the figures as read by hand from the published files', () => {
    // MiniMax-M2.5 on 1× MI355X, concurrency 4, offload none: output_tput_per_gpu 98.24335537089506
    // tok/s × 1 GPU = 98.24 tok/s; mean_ttft 0.68259… s = 682.59 ms; the repository's own
    // agentic_aggregated/summary.csv (already in ms) has 98.24 and 682.59 for the same run.
    const minimax = series('amd-rocm-minimax-m2.5-fp8-mi355x-vllm-tp1-agentic').points[2];
    expect(minimax?.concurrency).toBe(4);
    expect(minimax?.outputTokensPerS).toBeCloseTo(98.24, 2);
    expect(minimax?.ttftMs.mean).toBeCloseTo(682.59, 1);
    // Kimi K2.5 on 4× B200, concurrency 12, LMCache: output_tput_per_gpu 54.21354824106427 × 4
    // = 216.854 tok/s for the deployment (the row's output_tput_tps: 216.85419296425707); and
    // 395,520 generated tokens / 1,823.76 s = 216.87 tok/s, the same within the rounding of the
    // run's start and end.
    const kimi = series('amd-rocm-kimi-k2.5-nvfp4-b200-vllm-tp4-lmcache-agentic').points[0];
    expect(kimi?.concurrency).toBe(12);
    expect(kimi?.outputTokensPerS).toBeCloseTo(216.85, 2);
    expect(kimi?.requests).toBe(384);
  });
});

/**
 * The InferenceX single-node DeepSeek-R1 series against the extract of their rows (a script read
 * them; `fixtures/published/SOURCES.md`). Each row is checked against itself first (input +
 * output = total per GPU; median interactivity = 1 / median TPOT), then every point against its
 * row: one configuration, one date, one run per series.
 */
describe('the InferenceX single-node series match their rows', () => {
  const extract = JSON.parse(readFileSync(resolve(FIXTURES, 'inferencex-app-fork_history_dsr1_single-node_extract.json'), 'utf8')) as {
    id: string;
    rowIndexes: number[];
    rows: (ApiRow & Record<string, unknown>)[];
  }[];
  it('holds 14 series, each with its rows', () => {
    expect(INFERENCEX_SERIES).toHaveLength(14);
    expect(extract.map((e) => e.id).sort()).toEqual(INFERENCEX_SERIES.map((s) => s.id).sort());
  });
  for (const e of extract) {
    it(`${e.id}: one run, and every point its row converted`, () => {
      const s = series(e.id);
      const rows = [...e.rows].sort((a, b) => a.conc - b.conc);
      expect(new Set(rows.map((r) => r.date)).size).toBe(1);
      expect(new Set(rows.map((r) => r.run_url)).size).toBe(1);
      expect(rows[0]?.date).toBe(s.source.measuredOn);
      expect(s.points.map((p) => p.concurrency)).toEqual(rows.map((r) => r.conc));
      for (const [i, row] of rows.entries()) {
        const p = s.points[i];
        if (!p) throw new Error('missing point');
        expect(row.decode_tp).toBe(s.gpus);
        expect([row.isl, row.osl]).toEqual([s.inputTokens, s.outputTokens]);
        const at = (k: string) => {
          const v = row.metrics[k];
          if (typeof v !== 'number') throw new Error(`${e.id} conc ${row.conc}: ${k} missing`);
          return v;
        };
        expect(at('input_tput_per_gpu') + at('output_tput_per_gpu')).toBeCloseTo(at('tput_per_gpu'), 6);
        expect(1 / at('median_tpot')).toBeCloseTo(at('median_intvty'), 4);
        expect(p.outputTokensPerS).toBeCloseTo(at('output_tput_per_gpu') * s.gpus, 1);
        expect(p.totalTokensPerS).toBeCloseTo(at('tput_per_gpu') * s.gpus, 1);
        for (const [key, metric] of [
          ['ttftMs', 'ttft'],
          ['tpotMs', 'tpot'],
          ['e2elMs', 'e2el'],
          ['itlMs', 'itl'],
        ] as const) {
          // ITL is kept only where it is a per-token latency (see the entry's note).
          if (key === 'itlMs' && Object.keys(p.itlMs).length === 0) continue;
          for (const [stat, name] of [
            ['p50', 'median'],
            ['p90', 'p90'],
            ['p99', 'p99'],
          ] as const) {
            // A statistic the row lacks is not in the point either.
            if (typeof row.metrics[`${name}_${metric}`] !== 'number') expect(p[key][stat]).toBeUndefined();
            else expect(p[key][stat], `${e.id} conc ${row.conc} ${key}.${stat}`).toBeCloseTo(at(`${name}_${metric}`) * 1000, 2);
          }
        }
      }
    });
  }
  it('the H200 1k / 1k run of 2026-05-13 as read from its rows by hand', () => {
    // Concurrency 4: output_tput_per_gpu 40.39711 × 8 GPUs = 323.18 tok/s; median TPOT 0.0116645 s = 11.665 ms.
    const p = series('inferencex-dsr1-fp8-h200-sglang-tp8-1k1k-20260513').points[0];
    expect(p?.outputTokensPerS).toBeCloseTo(323.18, 2);
    expect(p?.tpotMs.p50).toBeCloseTo(11.665, 3);
  });
});
