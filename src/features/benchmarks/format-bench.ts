import type { BenchRun } from '../../core/benchmarks/run-schema';
import type { Language } from '../../core/scenario/schema';
import { formatInteger, formatNumber } from '../../lib/format/format';
import type { BenchT } from './messages';

/** Formatting at the edge for the benchmarks page: latencies, loads, sizes, names. */
export function formatMs(language: Language, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return formatNumber(language, v, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

export function formatRate(language: Language, v: number | null | undefined): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return formatNumber(language, v, a >= 100 ? 0 : a >= 1 ? 1 : 3);
}

export function formatBytes(language: Language, bytes: number): string {
  if (bytes >= 1e9) return `${formatNumber(language, bytes / 1e9, 2)} GB`;
  if (bytes >= 1e6) return `${formatNumber(language, bytes / 1e6, 1)} MB`;
  if (bytes >= 1e3) return `${formatNumber(language, bytes / 1e3, 1)} KB`;
  return `${formatInteger(language, bytes)} B`;
}

export function toolName(t: BenchT, run: Pick<BenchRun, 'tool'>): string {
  return t(`tool.${run.tool}`);
}

/**
 * "vLLM (sgl) · meta-llama/Llama-3.1-8B-Instruct": tool, engine when it differs, model; runs
 * from the library of published measurements end in "· published", so every table and chart
 * that names a run says it is not the user's own measurement.
 */
export function runName(t: BenchT, run: BenchRun): string {
  const tool = toolName(t, run);
  const engine = run.engine && run.engine.toLowerCase() !== run.tool ? ` (${run.engine})` : '';
  return `${tool}${engine} · ${run.model ?? t('unknownModel')}${run.published ? ` · ${t('published.tag')}` : ''}`;
}

export function loadText(t: BenchT, language: Language, run: BenchRun): string {
  const parts: string[] = [];
  if (run.load.concurrency !== null) parts.push(t('load.concurrency', { n: formatNumber(language, run.load.concurrency, 1) }));
  if (run.load.requestRate === 'inf' && run.load.concurrency === null) parts.push(t('load.inf'));
  else if (typeof run.load.requestRate === 'number') parts.push(t('load.rate', { n: formatRate(language, run.load.requestRate) }));
  if (parts.length === 0 && run.load.measuredConcurrency !== null)
    parts.push(t('load.measured', { n: formatNumber(language, run.load.measuredConcurrency, 1) }));
  return parts.join(', ') || '–';
}

/** Label stored with the TCO scenario when a run's throughput is used there (plain text). */
export function measuredLabel(t: BenchT, language: Language, run: BenchRun): string {
  return `${runName(t, run)} · ${loadText(t, language, run)}${run.label ? ` · ${run.label}` : ''}`.slice(0, 200);
}

export function shortHash(hash: string): string {
  return hash.slice(0, 12);
}
