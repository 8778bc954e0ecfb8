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
    // Idle hours and slow first tokens are what routing fixes (peaks and critical paths go to
    // the API), so either local-work signal carries the hybrid past them.
    for (const fixable of ['utilisation', 'ttft-p95-ratio'] as const) {
      expect(decideFromVerdicts(verdicts({ [fixable]: 'fail', 'plannable-share': 'pass' }))).toBe('hybrid');
      expect(decideFromVerdicts(verdicts({ [fixable]: 'fail', 'sensitive-share': 'pass' }))).toBe('hybrid');
    }
    for (const blocking of ['acceptance-gap', 'compatibility', 'incidents-per-day', 'team-hours', 'out-of-hours'] as const) {
      expect(decideFromVerdicts(verdicts({ utilisation: 'fail', [blocking]: 'fail', 'sensitive-share': 'pass' }))).toBe('return');
    }
  });

  it('hybrid and cost: plannable work needs a local task that is not dearer; bound work has no API route', () => {
    // Article 002: "API bleibt insgesamt günstiger" → back to the API, without sunk-cost
    // reasoning. Plannable batch work argues for local capacity only through cost (it fills idle
    // hours); when a local accepted task still costs more than allowed, that argument fails.
    expect(decideFromVerdicts(verdicts({ utilisation: 'fail', 'cost-ratio': 'fail', 'plannable-share': 'pass' }))).toBe('return');
    // An unmeasured cost cannot justify it either (not measured counts as not passed).
    expect(decideFromVerdicts(verdicts({ utilisation: 'fail', 'cost-ratio': 'unknown', 'plannable-share': 'pass' }))).toBe('return');
    // Work bound to own infrastructure cannot go to the API at any price: the hybrid stands
    // (with a caution in the trace, see the evaluation tests), with or without plannable work.
    expect(decideFromVerdicts(verdicts({ utilisation: 'fail', 'cost-ratio': 'fail', 'sensitive-share': 'pass' }))).toBe('hybrid');
    expect(decideFromVerdicts(verdicts({ utilisation: 'fail', 'cost-ratio': 'fail', 'sensitive-share': 'pass', 'plannable-share': 'pass' }))).toBe('hybrid');
    // The cost failing alone still blocks continue, and with plannable work only it is return.
    expect(decideFromVerdicts(verdicts({ 'cost-ratio': 'fail', 'plannable-share': 'pass' }))).toBe('return');
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
