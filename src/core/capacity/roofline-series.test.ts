import { describe, expect, it } from 'vitest';
import { buildHardwareReport } from '../hardware/report';
import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { chooseOperatingPoint } from './operating-point';
import { seriesFromRoofline } from './roofline-series';
import { parseSloText } from '../schemas/slo';

describe('roofline estimate as a curve over concurrency', () => {
  const built = buildHardwareReport(DEFAULT_SCENARIO);
  if (!built.ok) throw new Error('example scenario has no hardware report');
  const report = built.report;
  const gpus = DEFAULT_SCENARIO.selfHosted.gpusPerReplica;
  const series = seriesFromRoofline(report, gpus);

  it('at the configured concurrency the curve gives the single-figure estimate of the hardware page', () => {
    if (!series || report.roofline.estimate.kind !== 'ok') throw new Error('no estimate');
    expect(series.kind).toBe('estimated');
    // The single figure is B × output ÷ (prefill of the cycle + output × step(B)); the curve
    // uses prefill per request × B, which is the same cycle at B = 48.
    const at = series.points.find((p) => p.load === DEFAULT_SCENARIO.hardware.concurrentSequences);
    expect(at?.outputTokensPerS).toBeCloseTo(report.roofline.estimate.outputTokensPerSecond, 6);
    // TPOT is one decode step: interactivity = the step's per-user tokens/s.
    expect(at?.interactivity).toBeCloseTo(report.roofline.atConcurrency.perUserTokensPerSecond, 9);
  });

  it('ordered by batch, only batches that fit, throughput rising and interactivity falling', () => {
    if (!series) throw new Error('no series');
    const loads = series.points.map((p) => p.load as number);
    expect([...loads].sort((a, b) => a - b)).toEqual(loads);
    const fitting = report.roofline.series.filter((s) => s.fitsInMemory).length;
    expect(series.points).toHaveLength(fitting);
    for (let i = 1; i < series.points.length; i++) {
      expect(series.points[i]?.outputTokensPerS ?? 0).toBeGreaterThan(series.points[i - 1]?.outputTokensPerS ?? 0);
      expect(series.points[i]?.interactivity ?? 0).toBeLessThan(series.points[i - 1]?.interactivity ?? 0);
    }
  });

  it('a tokens/s per user floor picks the largest batch that still meets it', () => {
    if (!series) throw new Error('no series');
    const floor = series.points[1]?.interactivity ?? 0;
    const r = parseSloText(`tps-per-user=${floor}`);
    if (!r.ok) throw new Error(r.message);
    // The floor equals the second point's own interactivity: that point (and no later one) meets it.
    expect(chooseOperatingPoint(series, r.slo).chosen?.index).toBe(1);
  });
});
