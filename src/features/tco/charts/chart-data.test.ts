import { describe, expect, it } from 'vitest';
import { allClaimChecks } from '../../../core/presets/claims';
import { PRESET_IDS } from '../../../core/presets/presets';
import { evaluateTco } from '../../../core/tco/evaluate';
import { UNCERTAINTY_KEYS } from '../../../core/tco/inputs';
import { tornado } from '../../../core/tco/sensitivity';
import { plainScenario } from '../../../testing/test-scenarios';
import { defaultScenario } from '../../../core/scenario/defaults';
import {
  breakdownRows,
  costChartRows,
  costCurveRows,
  costCurveSeries,
  histogramBars,
  histogramSteps,
  offChartPoint,
  stepValueAt,
  tornadoBars,
} from './chart-data';
import { niceTicks } from '../../../components/chart/ticks';
import { csvMoney, csvNumber, csvShare } from './csv';
import { fromSlider, toSlider } from '../inputs/log-slider-field';
import { inputsMessages } from '../inputs/inputs-messages';
import { tcoMessages } from '../messages';

const same = (usd: number) => usd;

describe('TCO chart data', () => {
  it('reads a step series: flat $23,360 up to 2.628B tokens, then $46,720', () => {
    const e = evaluateTco(plainScenario());
    expect(stepValueAt(e.curves.selfHosted, 1e9)).toBeCloseTo(23_360, 6);
    expect(stepValueAt(e.curves.selfHosted, 3e9)).toBeCloseTo(46_720, 6);
    // API row at 3B tokens: $10 per 1M → $30,000
    const row = costCurveRows(e.curves).find((r) => Math.abs(r.x - 3e9) < 1);
    expect(row?.api).toBeCloseTo(30_000, 6);
  });

  it("breakdown rows add up to each option's monthly cost", () => {
    const e = evaluateTco(plainScenario());
    const rows = breakdownRows(e, same);
    const sum = (r: (typeof rows)[number]) => r.gpu + r.power + r.staff + r.ops + r.input + r.cached + r.output;
    expect(sum(rows[0] as (typeof rows)[number])).toBeCloseTo(e.api.monthlyUsd, 6);
    expect(sum(rows[1] as (typeof rows)[number])).toBeCloseTo(e.selfHosted.monthlyUsd, 6);
    expect(sum(rows[2] as (typeof rows)[number])).toBeCloseTo(e.hybrid.monthlyUsd, 6);
    // Display currency: EUR at 0.86 per USD scales every part.
    expect(breakdownRows(e, (u) => u * 0.86)[1]?.gpu).toBeCloseTo(46_720 * 0.86, 6);
  });

  it('tornado bars start at the base saving; "never" ends reach the edge', () => {
    const t = tornado(plainScenario());
    const s = tornadoBars(t, 'saving', same);
    const gpu = s.bars.find((b) => b.key === 'rentPrice');
    // The tornado swings the recommended hybrid (uncertainty.test.ts): base 30,000 − 27,080 =
    // 2,920; GPU price −20 % → 30,000 − (18,688 + 3,720) = 7,592; +20 % → its one decided
    // replica costs 28,032 + 3,720 = 31,752, saving −1,752.
    expect(gpu?.low).toEqual([expect.closeTo(2_920, 6), expect.closeTo(7_592, 6)]);
    expect(gpu?.high).toEqual([expect.closeTo(2_920, 6), expect.closeTo(-1_752, 6)]);
    // The NPV bars: 12 months at WACC 0, no one-time cost: 12 × each end (35,040 → 91,104 / −21,024).
    const npv = tornadoBars(t, 'npv', same).bars.find((x) => x.key === 'rentPrice');
    expect(npv?.low).toEqual([expect.closeTo(35_040, 4), expect.closeTo(91_104, 4)]);
    expect(npv?.high).toEqual([expect.closeTo(35_040, 4), expect.closeTo(-21_024, 4)]);
    const b = tornadoBars(t, 'breakEven', same);
    const gpuBe = b.bars.find((x) => x.key === 'rentPrice');
    expect(gpuBe?.highLabel).toBe('never');
    expect(gpuBe?.high?.[1]).toBe(b.edge);
  });

  it('a swing that crosses a replica step is split at the step: $640 → −$22,720 beyond it', () => {
    const sc = plainScenario();
    sc.workload.requestsPerDay = 80_000;
    // One replica ($23,360) against the API's $24,000: base saving 640 (uncertainty.test.ts).
    // Throughput −20 % (800 tok/s) needs a second replica below 913.24 tok/s: the bar runs
    // 640 → 640 before the step and 640 → 24,000 − 46,720 = −22,720 beyond it.
    const s = tornadoBars(tornado(sc), 'saving', same);
    const tps = s.bars.find((b) => b.key === 'tokensPerSecond');
    expect(tps?.low).toEqual([expect.closeTo(640, 4), expect.closeTo(640, 4)]);
    expect(tps?.lowBeyond?.bar).toEqual([expect.closeTo(640, 4), expect.closeTo(-22_720, 4)]);
    expect(tps?.lowBeyond?.step.replicas).toBe(2);
    expect(tps?.highBeyond).toBeNull();
    // Volume +20 %: 1.2 × 24,000 = 28,800 − 46,720 = −17,920 at the end; the step at 1.095×
    // where the saving has grown to 26,280 − 23,360 = 2,920. In EUR at 0.86 both scale.
    const eur = tornadoBars(tornado(sc), 'saving', (u) => u * 0.86);
    const volume = eur.bars.find((b) => b.key === 'volume');
    expect(volume?.high).toEqual([expect.closeTo(640 * 0.86, 3), expect.closeTo(2_920 * 0.86, 3)]);
    expect(volume?.highBeyond?.bar).toEqual([expect.closeTo(2_920 * 0.86, 3), expect.closeTo(-17_920 * 0.86, 3)]);
    // No step for the GPU price: one bar per end.
    const price = s.bars.find((b) => b.key === 'rentPrice');
    expect(price?.lowBeyond).toBeNull();
    expect(price?.highBeyond).toBeNull();
  });

  it('histogram bars carry shares and the side of zero', () => {
    const bars = histogramBars(
      [
        { from: -10, to: 0, count: 3 },
        { from: 0, to: 10, count: 1 },
      ],
      4,
      same,
    );
    expect(bars.map((x) => [x.mid, x.share, x.selfCheaper])).toEqual([
      [-5, 0.75, false],
      [5, 0.25, true],
    ]);
  });

  it('the logarithmic slider', () => {
    // 1 … 10M over 400 steps: the middle is √(1e7) ≈ 3,162 → rounded to two digits 3,200
    expect(fromSlider(200, 1, 1e7)).toBe(3_200);
    expect(toSlider(3_162.28, 1, 1e7)).toBe(200);
    expect(fromSlider(400, 1, 1e7)).toBe(1e7);
  });

  it('every claim, preset and uncertain input has its words in both languages', () => {
    const keys = new Set(Object.keys(tcoMessages.en));
    const inputKeys = new Set(Object.keys(inputsMessages.en));
    for (const c of allClaimChecks()) expect(keys.has(`claim.${c.id}`), c.id).toBe(true);
    for (const id of PRESET_IDS) expect(inputKeys.has(`preset.${id}`), id).toBe(true);
    for (const k of UNCERTAINTY_KEYS) expect(keys.has(`key.${k}`), k).toBe(true);
    for (const c of allClaimChecks()) for (const l of c.lines) expect(keys.has(`line.${l.label}`), l.label).toBe(true);
  });
});

describe('histogram steps', () => {
  it('one point per bin start plus a closing point, split at zero', () => {
    const bars = histogramBars(
      [
        { from: -10, to: 0, count: 3 },
        { from: 0, to: 10, count: 1 },
      ],
      4,
      same,
    );
    expect(histogramSteps(bars)).toEqual([
      { x: -10, dearer: 0.75, cheaper: 0 },
      { x: 0, dearer: 0, cheaper: 0.25 },
      { x: 10, dearer: 0, cheaper: 0.25 },
    ]);
  });
});

describe('cost chart rows', () => {
  it('merge the step points and the hybrid samples into one array, steps kept as vertical pairs', () => {
    const e = evaluateTco(plainScenario());
    const rows = costChartRows(costCurveSeries(e.curves, same));
    // x never decreases; the step at one replica's capacity (2.628B tokens) is two rows
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.x).toBeGreaterThanOrEqual(rows[i - 1]?.x ?? 0);
    const atStep = rows.filter((r) => Math.abs(r.x - 2.628e9) < 1);
    expect(atStep.map((r) => r.self)).toEqual([expect.closeTo(23_360, 6), expect.closeTo(46_720, 6)]);
    // API at $10 per 1M tokens on every row
    for (const r of rows) expect(r.api).toBeCloseTo((r.x / 1e6) * 10, 6);
  });
});

describe('TCO chart edges and exports', () => {
  it('a line capped by the axis is marked where it leaves: the example’s third replica', () => {
    const e = evaluateTco(defaultScenario());
    const series = costCurveSeries(e.curves, (usd) => usd);
    const top = niceTicks(series.yMax, 4).at(-1) as number;
    // y axis: 1.5 × the first step 43,538.45 = 65,308 → ticks to 80,000
    expect(top).toBe(80_000);
    // steps: 43,538.45 (1 replica), 68,592.05 (2), 93,645.65 (3 = 3 × 25,053.60 + 18,484.85)
    const leaves = offChartPoint(series.self, top);
    expect(leaves?.y).toBeCloseTo(93_645.65, 1);
    expect(
      offChartPoint(
        [
          { x: 0, y: 10 },
          { x: 5, y: 20 },
        ],
        20,
      ),
    ).toBeNull();
  });

  it('CSV numbers: money to the cent, volumes whole, shares to a millionth', () => {
    expect(csvMoney(13_589.820000000002)).toBe(13_589.82);
    expect(csvNumber(12_978_000_000.4)).toBe(12_978_000_000);
    expect(csvNumber(8.4934)).toBe(8.493);
    expect(csvShare(0.2712345678)).toBe(0.271235);
  });
});
