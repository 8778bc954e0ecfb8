import { describe, expect, it } from 'vitest';
import { criterionIds, type Criterion, type CriterionId, type Verdict } from './criteria';
import { decideFromVerdicts, flipOptions, type Verdicts } from './decide';

function verdicts(overrides: Partial<Record<CriterionId, Verdict>>, rest: Verdict = 'pass'): Verdicts {
  const v = Object.fromEntries(criterionIds.map((id) => [id, rest])) as Record<CriterionId, Verdict>;
  v['sensitive-share'] = 'fail';
  v['plannable-share'] = 'fail';
  return { ...v, ...overrides };
}

describe('the decision table', () => {
  it('continue needs every criterion except the local-work signals', () => {
    expect(decideFromVerdicts(verdicts({}))).toBe('continue');
    for (const id of criterionIds.filter((i) => i !== 'sensitive-share' && i !== 'plannable-share')) {
      expect(decideFromVerdicts(verdicts({ [id]: 'fail' }))).toBe('return');
      // Not measured is not passed.
      expect(decideFromVerdicts(verdicts({ [id]: 'unknown' }))).toBe('return');
    }
  });

  it('hybrid: a local-work signal plus a sound local side, whatever routing can fix', () => {
    for (const fixable of ['utilisation', 'ttft-p95-ratio', 'cost-ratio'] as const) {
      expect(decideFromVerdicts(verdicts({ [fixable]: 'fail', 'plannable-share': 'pass' }))).toBe('hybrid');
    }
    for (const blocking of ['acceptance-gap', 'compatibility', 'incidents-per-day', 'team-hours', 'out-of-hours'] as const) {
      expect(decideFromVerdicts(verdicts({ utilisation: 'fail', [blocking]: 'fail', 'sensitive-share': 'pass' }))).toBe('return');
    }
  });
});

function c(id: CriterionId, value: number, threshold: number, comparator: 'max' | 'min', verdict: Verdict): Criterion {
  return { id, group: 'quality', unit: 'ratio', value, threshold, thresholdKey: null, comparator, verdict, note: null, api: null, selfHosted: null, days: [] };
}

describe('smallest change that flips the decision', () => {
  it('prefers the fewest criteria, then the smallest relative change', () => {
    // Continue, with utilisation 66 % (10 % above its 60 % floor) and a cost ratio of 0.8
    // (20 % below its ceiling of 1). Either failing alone makes it return; utilisation is closer.
    const list = criterionIds.map((id) => c(id, 0, 1, 'max', id === 'sensitive-share' || id === 'plannable-share' ? 'fail' : 'pass'));
    list[criterionIds.indexOf('utilisation')] = c('utilisation', 0.66, 0.6, 'min', 'pass');
    list[criterionIds.indexOf('cost-ratio')] = c('cost-ratio', 0.8, 1, 'max', 'pass');
    // Others pass with a large margin (0 against a ceiling of 1 = a 100 % change).
    const flips = flipOptions(list, 'continue');
    // Hybrid needs two changes (a local-work signal and a fixable failure), so it comes second.
    expect(flips.map((f) => [f.to, f.changes.length])).toEqual([
      ['return', 1],
      ['hybrid', 2],
    ]);
    expect(flips[0]?.changes).toEqual([
      { criterion: 'utilisation', kind: 'cross', from: 0.66, to: 0.6, direction: 'decrease', relative: expect.closeTo(0.1, 12) },
    ]);
  });
});

describe('flip search', () => {
  it('agrees with the decision rules on every combination of verdicts', () => {
    // The search uses bit masks for speed; check it against decideFromVerdicts exhaustively:
    // from an all-pass start, flipping exactly the criteria in `mask` must lead where the
    // plain rules lead, so the best option for each reachable decision must reproduce it.
    const list = criterionIds.map((id) => c(id, 0.5, 1, 'max', 'pass'));
    const options = flipOptions(list, 'continue');
    for (const o of options) {
      const v = verdicts({}, 'pass');
      const all = Object.fromEntries(criterionIds.map((id) => [id, 'pass' as Verdict])) as Record<CriterionId, Verdict>;
      for (const ch of o.changes) all[ch.criterion] = 'fail';
      expect(decideFromVerdicts({ ...v, ...all })).toBe(o.to);
    }
    expect(options.map((o) => o.to).sort()).toEqual(['hybrid', 'return']);
  });
});
