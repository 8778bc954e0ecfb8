import type { LengthFit } from './lengths';
import type { LimitCheck, NoneReason, OperatingChoice } from './operating-point';
import type { LoadKind } from './series';

/**
 * Plain-English sentences for the command line (the app words these from its catalogue).
 * Figures keep their units; loads are named by their axis.
 */
export function loadText(kind: LoadKind, load: number | null): string {
  if (load === null) return 'request rate "as fast as possible"';
  const v = Number.isInteger(load) ? String(load) : load.toFixed(2);
  return kind === 'concurrency' ? `concurrency ${v}` : `request rate ${v}/s`;
}

export function checkText(c: LimitCheck): string {
  if (c.metric === 'failed-share') return c.value === null ? 'failed share unknown' : `failed share ${(c.value * 100).toFixed(1)} % (limit ${(c.threshold * 100).toFixed(1)} %)`;
  if (c.metric === 'tps-per-user') return c.value === null ? 'tokens/s per user not measured' : `${c.value.toFixed(1)} tok/s per user (at least ${c.threshold})`;
  if (c.value === null) return `${c.id} not measured`;
  const used = c.note === 'stricter-percentile' ? ` (checked at p${c.usedPercentile})` : '';
  return `${c.id} ${c.value.toFixed(1)} ms (limit ${c.threshold} ms)${used}`;
}

export function reasonText(choice: OperatingChoice, loadKind: LoadKind): string | null {
  const r: NoneReason | null = choice.reason;
  if (r === null) return null;
  if (r.code === 'no-points') return 'the series has no points';
  if (r.code === 'no-throughput') return 'no point of the series has a throughput';
  return `no measured point meets the SLO; the nearest, ${loadText(loadKind, r.nearest.load)}, fails ${r.nearest.failing.map(checkText).join(', ')}`;
}

export function lengthText(fit: LengthFit): string {
  switch (fit.kind) {
    case 'match':
      return 'request lengths match';
    case 'unknown':
      return 'the series does not state its request lengths';
    case 'adjusted':
      return `adjusted from ${Math.round(fit.series.input)}/${Math.round(fit.series.output)} to ${Math.round(fit.workload.input)}/${Math.round(fit.workload.output)} tokens in/out with the prefill/decode model: × ${fit.factor.toFixed(3)}`;
    case 'refused':
      return fit.reason === 'no-prefill-rate'
        ? `measured at ${Math.round(fit.series.input)}/${Math.round(fit.series.output)} tokens in/out, not ${Math.round(fit.workload.input)}/${Math.round(fit.workload.output)}; give the prefill rate (--prefill) to adjust`
        : fit.reason === 'prefill-exceeds-figure'
          ? 'the prefill rate given is too low for the measured throughput'
          : 'no output tokens to carry the throughput over';
  }
}
