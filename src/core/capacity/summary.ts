import type { LengthFit } from './lengths';
import type { CurveWarning, InterpolationRefusal, LimitCheck, NoneReason, OperatingChoice, OperatingPoint } from './operating-point';
import type { LoadKind, SeriesNote } from './series';

/**
 * Plain-English sentences for the command line (the app words these from its catalogue).
 * Figures keep their units; loads are named by their axis.
 */
export function loadText(kind: LoadKind, load: number | null): string {
  if (load === null) return 'request rate "as fast as possible"';
  const v = Number.isInteger(load) ? String(load) : load.toFixed(2);
  return kind === 'concurrency' ? `concurrency ${v}` : `request rate ${v}/s`;
}

/** Where the operating point is: its load, and for an interpolated one the two loads it lies between. */
export function pointText(c: Pick<OperatingPoint, 'kind' | 'loadKind' | 'load' | 'lowerLoad' | 'upperLoad'>): string {
  const at = loadText(c.loadKind, c.load);
  if (c.kind !== 'interpolated') return at;
  const upper = c.upperLoad === null ? 'as fast as possible' : Number.isInteger(c.upperLoad) ? String(c.upperLoad) : c.upperLoad.toFixed(2);
  return `${at}, interpolated between ${loadText(c.loadKind, c.lowerLoad)} and ${c.loadKind === 'concurrency' ? upper : `${upper}/s`}`;
}

const n = (v: number | null) => (v === null ? 'unknown' : String(v));

/** One sentence per note of a series (series.ts, run-groups.ts). */
export function noteText(note: SeriesNote, loadKind: LoadKind = 'rate'): string {
  switch (note.code) {
    case 'aggregate-kept-out':
      return note.tool === 'inference-perf'
        ? `${note.file} is inference-perf's aggregate of all stages (${n(note.requests)} requests${note.stageRequests === null ? '' : `; the stages beside it: ${note.stageRequests}`}): kept out of the series`
        : `${note.file} is the vLLM sweep's summary and repeats ${note.repeats.join(', ')}: those runs kept out`;
    case 'duplicate-file':
      return `${note.file} has the same content as ${note.of}: skipped`;
    case 'split-by-directory':
      return `the runs in ${note.directory || '(top folder)'} are one deployment; the same configuration in ${note.others.map((o) => o || '(top folder)').join(', ')} is another: split by folder`;
    case 'failed-load-kept':
      return `${note.file}: every request failed (${n(note.failed)}) at ${loadText(loadKind, note.load)}; kept in the sweep as a failing point`;
    case 'lengths-unknown-joined':
      return `${note.file} does not state its request lengths; joined the one length group of its configuration`;
    case 'lengths-unknown-apart':
      return `${note.file} does not state its request lengths and its configuration was measured at several: a series of its own`;
    case 'grouped-by-configured-lengths':
      return `grouped by the lengths the file states: ${note.input} in / ${note.output} out${note.rangeRatio === null ? '' : ` (range ratio ${note.rangeRatio})`}`;
    case 'duplicate-load':
      return `${loadText(note.loadKind, note.load)} was measured ${note.dropped.length + 1} times; the worse point (${note.kept.file} #${note.kept.index + 1}) is kept`;
    case 'latency-falls':
      return `${note.metric.toUpperCase()} ${note.stat} falls from ${note.from.toFixed(1)} ms at ${loadText(loadKind, note.fromLoad)} to ${note.to.toFixed(1)} ms at ${loadText(loadKind, note.toLoad)}: the higher load measured something else`;
  }
}

export function warningText(w: CurveWarning, loadKind: LoadKind): string {
  if (w.code === 'fails-below-pass')
    return `${loadText(loadKind, w.failingLoad)} fails (${w.failing.join(', ')}) while the higher ${loadText(loadKind, w.passingLoad)} passes: the curve is not monotone`;
  return `${w.id} falls from ${w.from.toFixed(1)} ms at ${loadText(loadKind, w.fromLoad)} to ${w.to.toFixed(1)} ms at ${loadText(loadKind, w.toLoad)}: the curve is not monotone`;
}

export function interpolationText(r: InterpolationRefusal, loadKind: LoadKind): string {
  const towards = loadText(loadKind, r.upperLoad);
  if (r.refused === 'cliff') return `not interpolated towards ${towards}: ${checkText(r.check)} is more than 5× its limit, past a saturation cliff`;
  return `not interpolated towards ${towards}: the step is not monotone${r.check ? ` (${r.check.id})` : ''}`;
}

export function checkText(c: LimitCheck): string {
  if (c.metric === 'failed-share')
    return c.value === null ? 'failed share unknown' : `failed share ${(c.value * 100).toFixed(1)} % (limit ${(c.threshold * 100).toFixed(1)} %)`;
  if (c.metric === 'tps-per-user')
    return c.value === null ? 'tokens/s per user not measured' : `${c.value.toFixed(1)} tok/s per user (at least ${c.threshold})`;
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
        : fit.reason === 'length-unknown'
          ? `measured at ${fit.series.input === null ? '?' : Math.round(fit.series.input)}/${fit.series.output === null ? '?' : Math.round(fit.series.output)} tokens in/out, not ${Math.round(fit.workload.input)}/${Math.round(fit.workload.output)}, and the unknown length cannot be carried over`
          : fit.reason === 'prefill-exceeds-figure'
            ? 'the prefill rate given is too low for the measured throughput'
            : 'no output tokens to carry the throughput over';
  }
}
