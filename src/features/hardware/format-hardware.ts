import type { GpuRecord } from '../../core/catalog/types';
import type { Language } from '../../core/scenario/schema';
import type { HardwareT } from './messages';
import { formatInteger, formatNumber } from '../../lib/format/format';

/** Byte and time figures for this page, formatted for the locale with their unit. */
const GIB = 2 ** 30;

function digitsFor(v: number): number {
  const a = Math.abs(v);
  return a >= 1000 ? 0 : a >= 10 ? 1 : 2;
}

/** Decimal gigabytes (vendors quote GPU memory this way): "138.7 GB". Terabytes from 10,000 GB. */
export function gb(language: Language, bytes: number): string {
  const v = bytes / 1e9;
  if (Math.abs(v) >= 10_000) return `${formatNumber(language, v / 1000, 2)} TB`;
  return `${formatNumber(language, v, digitsFor(v))} GB`;
}

export function gib(language: Language, bytes: number): string {
  const v = bytes / GIB;
  return `${formatNumber(language, v, digitsFor(v))} GiB`;
}

/** "27.6 GB (25.7 GiB)". */
export function gbGib(language: Language, bytes: number): string {
  return `${gb(language, bytes)} (${gib(language, bytes)})`;
}

export function tokens(language: Language, n: number): string {
  return formatInteger(language, n);
}

/** 1h 39m / 12 min / 45 s. */
export function duration(language: Language, seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  if (seconds < 90) return `${formatNumber(language, seconds, 0)} s`;
  const minutes = seconds / 60;
  if (minutes < 90) return `${formatNumber(language, minutes, 0)} min`;
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes - h * 60);
  return `${formatInteger(language, h)} h ${m} min`;
}

/** Short token counts for axes: 1K, 128K, 1M. */
export function shortTokens(language: Language, n: number): string {
  if (n >= 1_048_576 && n % 1_048_576 === 0) return `${formatInteger(language, n / 1_048_576)}M`;
  if (n >= 1024 && n % 1024 === 0) return `${formatInteger(language, n / 1024)}K`;
  if (n >= 1e6) return `${formatNumber(language, n / 1e6, 1)}M`;
  if (n >= 1e3) return `${formatNumber(language, n / 1e3, 1)}k`;
  return formatInteger(language, n);
}

/**
 * Both memory figures of a GPU: the marketed label and what the runtime reports
 * ("80 GB marketed; 81,559 MiB = 85.5 GB reported by nvidia-smi"), or that only the label is known.
 */
export function memoryFigures(language: Language, t: HardwareT, gpu: Pick<GpuRecord, 'vendor' | 'memoryGB' | 'reportedMemory'>): string {
  const marketed = `${formatInteger(language, gpu.memoryGB)} GB`;
  if (gpu.reportedMemory === null) return t('memoryMarketedOnly', { marketed });
  const bytes = gpu.reportedMemory.mib * 2 ** 20;
  return t('memoryReported', {
    marketed,
    mib: formatInteger(language, gpu.reportedMemory.mib),
    reported: `${formatNumber(language, bytes / 1e9, 1)} GB`,
    tool: gpu.vendor === 'AMD' ? 'rocm-smi' : 'nvidia-smi',
  });
}
