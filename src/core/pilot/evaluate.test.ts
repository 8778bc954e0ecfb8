import { describe, expect, it } from 'vitest';
import { EMPTY_DAY, defaultScenario } from '../scenario/defaults';
import type { DayMetrics, Scenario } from '../scenario/schema';
import { scenarioSchema } from '../scenario/schema';
import { CHECKS } from './checklist';
import type { Criterion, CriterionId } from './criteria';
import { evaluatePilot, type PilotEvaluation } from './evaluate';

/*
 * The reference week used throughout (every day the same, so every figure can be checked by
 * hand). Staff is priced at $176,000 / 1,760 h = $100 per hour.
 *
 * API, per day:  100,000 tasks, 90,000 accepted (90 %), p95 TTFT 2,000 ms, error 1 %,
 *                timeout 0 %, 2,925 of 3,000 tool calls correct (97.5 %),
 *                0 team hours, bill $1,466.
 * Self-hosted:   100,000 tasks, 88,000 accepted (88 %), p95 TTFT 2,400 ms, error 1.5 %,
 *                timeout 0 %, 2,880 of 3,000 tool calls correct (96 %), 5 team hours of which
 *                0.5 out of hours, utilisation 70 %, bill $262 (an owned node).
 * One incident (day 3, with a permanent fix). All required day-1 checks passed.
 *
 * Criteria against the default thresholds:
 *   acceptance gap      90 − 88 = 2 points            ≤ 5      pass
 *   tool-call gap       97.5 − 96 = 1.5 points        ≤ 5      pass
 *   p95 TTFT ratio      2,400 / 2,000 = 1.2           ≤ 1.5    pass
 *   utilisation         70 %                          ≥ 60 %   pass
 *   failure-rate gap    1.5 − 1 = 0.5 points          ≤ 2      pass
 *   incidents per day   1 / 7 = 0.143                 ≤ 0.5    pass
 *   team hours / week   5 × 7 = 35 h                  ≤ 40     pass
 *   out of hours / week 0.5 × 7 = 3.5 h               ≤ 4      pass
 *   cost per accepted   API (7 × 1,466 + 0) / (7 × 90,000)   = $0.0162889
 *                       self (7 × 262 + 7 × 5 × 100) / (7 × 88,000) = 762 / 88,000 = $0.0086591
 *                       ratio 0.0086591 / 0.0162889 = 0.53159   ≤ 1      pass
 */
function day(patch: Partial<DayMetrics>): DayMetrics {
  return { ...EMPTY_DAY, ...patch };
}

const API_DAY = day({
  tasksAttempted: 100_000,
  tasksCompleted: 99_000,
  tasksAccepted: 90_000,
  ttftP50Ms: 700,
  ttftP95Ms: 2_000,
  errorRate: 0.01,
  timeoutRate: 0,
  toolCallsTotal: 3_000,
  toolCallsCorrect: 2_925,
  teamHours: 0,
  outOfHoursHours: 0,
  costUsd: 1_466,
});

const SELF_DAY = day({
  tasksAttempted: 100_000,
  tasksCompleted: 98_500,
  tasksAccepted: 88_000,
  ttftP50Ms: 800,
  ttftP95Ms: 2_400,
  errorRate: 0.015,
  timeoutRate: 0,
  toolCallsTotal: 3_000,
  toolCallsCorrect: 2_880,
  teamHours: 5,
  outOfHoursHours: 0.5,
  utilisation: 0.7,
  costUsd: 262,
});

function referenceWeek(): Scenario {
  const s = defaultScenario();
  s.selfHosted.staffLoadedYearlyUsd = 176_000;
  s.pilot.staffHoursPerYear = 1_760;
  s.pilot.days = Array.from({ length: 7 }, () => ({ api: { ...API_DAY }, selfHosted: { ...SELF_DAY } }));
  s.pilot.incidents = [
    { day: 3, start: '10:00', recoveryMinutes: 30, cause: 'parser-tool-call', affectedTasks: 40, countermeasure: 'Parser pinned', outOfHours: false },
  ];
  for (const c of CHECKS) if (c.phase === 'day-1' && c.role === 'required') s.pilot.checks[c.id] = { status: 'passed', note: '' };
  expect(scenarioSchema.safeParse(s).success).toBe(true);
  return s;
}

function setAllSelf(s: Scenario, patch: Partial<DayMetrics>): void {
  s.pilot.days = s.pilot.days.map((d) => ({ api: d.api, selfHosted: { ...d.selfHosted, ...patch } }));
}

function criterion(e: PilotEvaluation, id: CriterionId): Criterion {
  const c = e.criteria.find((x) => x.id === id);
  if (!c) throw new Error(`no criterion ${id}`);
  return c;
}

describe('the three decisions', () => {
  it('continue: quality reached, capacity busy, errors and staff manageable, cheaper per accepted task', () => {
    const e = evaluatePilot(referenceWeek());
    expect(e.decision).toBe('continue');
    expect(e.status).toBe('final');
    // The figures worked out in the header comment.
    expect(criterion(e, 'acceptance-gap').value).toBeCloseTo(2, 9);
    expect(criterion(e, 'tool-call-gap').value).toBeCloseTo(1.5, 9);
    expect(criterion(e, 'ttft-p95-ratio').value).toBeCloseTo(1.2, 9);
    expect(criterion(e, 'utilisation').value).toBeCloseTo(0.7, 9);
    expect(criterion(e, 'failure-rate-gap').value).toBeCloseTo(0.5, 9);
    expect(criterion(e, 'incidents-per-day').value).toBeCloseTo(1 / 7, 9);
    expect(criterion(e, 'team-hours').value).toBeCloseTo(35, 9);
    expect(criterion(e, 'out-of-hours').value).toBeCloseTo(3.5, 9);
    expect(criterion(e, 'cost-ratio').value).toBeCloseTo(0.53159, 4);
    expect(e.cost.api.kind === 'defined' && e.cost.api.usdPerAcceptedTask).toBeCloseTo(1_466 / 90_000, 9);
    expect(e.cost.selfHosted.kind === 'defined' && e.cost.selfHosted.usdPerAcceptedTask).toBeCloseTo(762 / 88_000, 9);
    expect(e.criteria.filter((c) => c.group !== 'local-work').every((c) => c.verdict === 'pass')).toBe(true);
    expect(e.rules.find((r) => r.decision === 'continue')?.met).toBe(true);
  });

  it('return: the same week with the cluster idle most of the time (utilisation 30 %)', () => {
    // Idle capacity is the article's "Nachfrage schwankt" signal; with no sensitive or
    // plannable work to keep local, nothing argues for a hybrid: back to the API.
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3 });
    const e = evaluatePilot(s);
    expect(e.decision).toBe('return');
    expect(criterion(e, 'utilisation')).toMatchObject({ verdict: 'fail', value: 0.3, threshold: 0.6 });
    expect(e.deciding).toEqual(['utilisation']);
    // Smallest way back to continue: utilisation from 30 % up to the 60 % threshold (+100 %).
    const toContinue = e.flips.find((f) => f.to === 'continue');
    expect(toContinue?.changes).toEqual([{ criterion: 'utilisation', kind: 'reach', from: 0.3, to: 0.6, direction: 'increase', relative: 0.5 }]);
  });

  it('return: staff missing (60 team hours a week) even though everything else passes', () => {
    const s = referenceWeek();
    // 60 h / 7 days per day; 0.5 h of it out of hours as before.
    setAllSelf(s, { teamHours: 60 / 7 });
    const e = evaluatePilot(s);
    expect(criterion(e, 'team-hours').value).toBeCloseTo(60, 9);
    expect(criterion(e, 'team-hours').verdict).toBe('fail');
    expect(e.decision).toBe('return');
  });

  it('return: API cheaper once staff is counted', () => {
    // Self-hosted bill $262 but 5 h × $100 staff per day on an API bill of only $300:
    // API 300 / 90,000 = $0.0033333; self 762 / 88,000 = $0.0086591; ratio 2.5977 > 1.
    const s = referenceWeek();
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, costUsd: 300 }, selfHosted: d.selfHosted }));
    const e = evaluatePilot(s);
    expect(criterion(e, 'cost-ratio').value).toBeCloseTo(762 / 88_000 / (300 / 90_000), 9);
    expect(criterion(e, 'cost-ratio').value).toBeCloseTo(2.5977, 4);
    expect(e.decision).toBe('return');
  });

  it('hybrid: idle capacity, but 25 % of the work must stay in-house', () => {
    // Same idle week as the return case, plus a data-protection share above the 20 % signal.
    // Quality, errors and staff pass, so the local side can carry that share; peaks go to the API.
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3 });
    s.pilot.sensitiveShare = 0.25;
    const e = evaluatePilot(s);
    expect(e.decision).toBe('hybrid');
    expect(e.deciding).toEqual(['sensitive-share', 'utilisation']);
    const hybridRule = e.rules.find((r) => r.decision === 'hybrid');
    expect(hybridRule?.met).toBe(true);
    expect(hybridRule?.conditions.map((c) => [c.id, c.met])).toEqual([
      ['evidence', true],
      ['local-signal', true],
      ['sound-local-side', true],
      ['cost-justified', true],
    ]);
    // The local task is cheaper here (ratio 0.53), so no caution.
    expect(hybridRule?.caution).toBeNull();
  });

  it('hybrid on plannable work alone needs a local accepted task no dearer than the API: otherwise return', () => {
    // The idle week (utilisation 30 %), with 40 % plannable batch work and nothing bound to own
    // infrastructure, and an API bill of only $300 a day. Cost per accepted task:
    //   API  (7 × 300) / (7 × 90,000)                = $0.0033333
    //   self (7 × 262 + 7 × 5 h × $100) / (7 × 88,000) = 762 / 88,000 = $0.0086591
    //   ratio 0.0086591 / 0.0033333 = 2.5977 > 1
    // Batch work argues for local capacity only by filling idle hours cheaply; at 2.6× the
    // API's price per accepted task it does not, and article 002 says not to keep building
    // when the API stays cheaper after staff: return, with the cost among the deciding criteria.
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3 });
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, costUsd: 300 }, selfHosted: d.selfHosted }));
    s.pilot.plannableShare = 0.4;
    const e = evaluatePilot(s);
    expect(criterion(e, 'cost-ratio').value).toBeCloseTo(2.5977, 4);
    expect(e.decision).toBe('return');
    expect(e.deciding).toEqual(['utilisation', 'cost-ratio']);
    const hybrid = e.rules.find((r) => r.decision === 'hybrid');
    expect(hybrid?.conditions.map((c) => [c.id, c.met])).toEqual([
      ['evidence', true],
      ['local-signal', true],
      ['sound-local-side', true],
      ['cost-justified', false],
    ]);
    // One change reaches the hybrid either way: a bound share from 0 to 20 % (relative change
    // |0.2 − 0| / 0.2 = 1) or the cost ratio from 2.5977 down to 1 (|1 − 2.5977| / 1 = 1.5977);
    // the smaller relative change is listed.
    const toHybrid = e.flips.find((f) => f.to === 'hybrid');
    expect(toHybrid?.changes.map((c) => [c.criterion, c.relative])).toEqual([['sensitive-share', 1]]);
    expect(e.warnings.some((w) => w.kind === 'hybrid-local-cost')).toBe(false);
  });

  it('hybrid on work bound to own infrastructure stands when the API is cheaper, with a caution in the trace', () => {
    // The same week with 25 % of the work bound to own infrastructure (data protection) instead:
    // that share has no API route, so the API's lower price cannot send it back; the hybrid
    // holds, but the trace says the local share costs 2.6× the API per accepted task and rests
    // on the bound work alone.
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3 });
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, costUsd: 300 }, selfHosted: d.selfHosted }));
    s.pilot.sensitiveShare = 0.25;
    const e = evaluatePilot(s);
    expect(e.decision).toBe('hybrid');
    const hybrid = e.rules.find((r) => r.decision === 'hybrid');
    expect(hybrid).toMatchObject({ met: true, caution: 'local-share-dearer' });
    expect(hybrid?.conditions.find((c) => c.id === 'cost-justified')?.met).toBe(true);
    expect(e.deciding).toEqual(['sensitive-share', 'utilisation', 'cost-ratio']);
    const w = e.warnings.find((x) => x.kind === 'hybrid-local-cost');
    expect(w).toMatchObject({ kind: 'hybrid-local-cost', threshold: 1, sensitiveShare: 0.25 });
    expect(w && w.kind === 'hybrid-local-cost' ? w.ratio : null).toBeCloseTo(2.5977, 4);
    // No caution when the local task is not dearer (the reference week's ratio is 0.53).
    setAllSelf(s, { utilisation: 0.3 });
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, costUsd: 1_466 }, selfHosted: d.selfHosted }));
    const cheap = evaluatePilot(s);
    expect(cheap.decision).toBe('hybrid');
    expect(cheap.rules.find((r) => r.decision === 'hybrid')?.caution).toBeNull();
    expect(cheap.warnings.some((x) => x.kind === 'hybrid-local-cost')).toBe(false);
  });

  it('a bound-share hybrid whose cost could not be compared says so', () => {
    // The API bills and tokens were never logged, so the API's cost per accepted task is not
    // defined and the ratio is unknown. The bound share (25 %) still carries the hybrid, with a
    // "cost unknown" caution instead of a silent pass.
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3 });
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, costUsd: null }, selfHosted: d.selfHosted }));
    s.pilot.sensitiveShare = 0.25;
    const e = evaluatePilot(s);
    expect(e.cost.api).toMatchObject({ kind: 'undefined', reason: 'no-cost-data' });
    expect(criterion(e, 'cost-ratio').verdict).toBe('unknown');
    expect(e.decision).toBe('hybrid');
    expect(e.rules.find((r) => r.decision === 'hybrid')?.caution).toBe('local-share-cost-unknown');
    expect(e.warnings).toContainEqual({ kind: 'hybrid-local-cost', ratio: null, threshold: 1, sensitiveShare: 0.25 });
  });

  it('hybrid needs a sound local side: with the same shares but too many staff hours it is return', () => {
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.3, teamHours: 8 });
    s.pilot.sensitiveShare = 0.25;
    const e = evaluatePilot(s);
    expect(e.decision).toBe('return');
    // Both the idle capacity and the hours block continue; the hours also block hybrid.
    expect(e.deciding).toEqual(['utilisation', 'team-hours']);
  });
});

describe('borderline cases', () => {
  it('a threshold met exactly passes (even where binary rounding lands a hair over)', () => {
    const s = referenceWeek();
    // Acceptance 90 % vs 85 %: (0.9 − 0.85) × 100 = 5.000000000000004 in floating point; the
    // threshold is "at most 5 points", so this is met. p95 3,000 / 2,000 = 1.5 exactly.
    // Utilisation exactly 60 %. Team hours 40 / 7 per day × 7 = 40 h.
    setAllSelf(s, { tasksAccepted: 85_000, ttftP95Ms: 3_000, utilisation: 0.6, teamHours: 40 / 7 });
    const e = evaluatePilot(s);
    expect(criterion(e, 'acceptance-gap').value).toBeGreaterThan(5);
    expect(criterion(e, 'acceptance-gap').verdict).toBe('pass');
    expect(criterion(e, 'ttft-p95-ratio')).toMatchObject({ value: 1.5, verdict: 'pass' });
    expect(criterion(e, 'utilisation')).toMatchObject({ value: 0.6, verdict: 'pass' });
    expect(criterion(e, 'team-hours').verdict).toBe('pass');
    expect(e.decision).toBe('continue');
    // Sitting on the boundary, the smallest flip is a change of (almost) nothing.
    expect(e.flips[0]?.changes[0]?.relative).toBeLessThan(1e-9);
  });

  it('one step past a threshold fails', () => {
    const s = referenceWeek();
    setAllSelf(s, { utilisation: 0.599 });
    expect(criterion(evaluatePilot(s), 'utilisation').verdict).toBe('fail');
  });

  it('missing days are not zeros: figures rest on the days measured and the result is provisional', () => {
    const s = referenceWeek();
    // Self-hosted only measured on days 1-4, with 6 team hours a day. Over the measured days
    // that is 6 × 7 = 42 h a week (fail against 40); reading the blank days 5-7 as zero would
    // give 24 h and wrongly pass.
    s.pilot.days = s.pilot.days.map((d, i) => ({ api: d.api, selfHosted: i < 4 ? { ...d.selfHosted, teamHours: 6 } : { ...EMPTY_DAY } }));
    s.pilot.incidents = [];
    const e = evaluatePilot(s);
    expect(criterion(e, 'team-hours').value).toBeCloseTo(42, 9);
    expect(criterion(e, 'team-hours').days).toEqual([1, 2, 3, 4]);
    expect(criterion(e, 'team-hours').verdict).toBe('fail');
    // Utilisation is still the mean of the measured days (70 %), not 4 × 70 / 7 = 40 %.
    expect(criterion(e, 'utilisation').value).toBeCloseTo(0.7, 9);
    // The API side still has all seven days, so seven days have elapsed.
    expect(e.daysElapsed).toBe(7);
    expect(e.status).toBe('provisional');
    expect(e.warnings).toContainEqual({ kind: 'days-missing', side: 'selfHosted', days: [5, 6, 7] });
  });

  it('incidents per day divide by the days elapsed so far', () => {
    const s = referenceWeek();
    // Only days 1-2 recorded on both sides, one incident on day 2: 1 / 2 = 0.5 per day, met exactly.
    s.pilot.days = s.pilot.days.map((d, i) => (i < 2 ? d : { api: { ...EMPTY_DAY }, selfHosted: { ...EMPTY_DAY } }));
    s.pilot.incidents = [{ ...s.pilot.incidents[0]!, day: 2 }];
    const e = evaluatePilot(s);
    expect(e.daysElapsed).toBe(2);
    expect(criterion(e, 'incidents-per-day')).toMatchObject({ value: 0.5, verdict: 'pass' });
  });

  it('a side with zero accepted tasks has an undefined cost per accepted task, not Infinity', () => {
    const s = referenceWeek();
    // Every self-hosted answer was rejected in review: $762 a day spent, nothing accepted.
    setAllSelf(s, { tasksAccepted: 0 });
    const e = evaluatePilot(s);
    expect(e.cost.selfHosted).toMatchObject({ kind: 'undefined', reason: 'no-accepted-tasks', acceptedTasks: 0 });
    expect(e.cost.selfHosted.totalUsd).toBeCloseTo(7 * 762, 9);
    // The comparison fails (money spent, no output) and carries no number rather than Infinity.
    expect(criterion(e, 'cost-ratio')).toMatchObject({ verdict: 'fail', value: null, note: 'self-no-accepted-tasks' });
    expect(e.decision).toBe('return');
    const text = JSON.stringify(e);
    expect(text).not.toMatch(/Infinity|NaN/);
    expect(JSON.parse(text)).toEqual(e);
  });

  it('zero accepted tasks on the API side leaves the comparison unknown', () => {
    const s = referenceWeek();
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...d.api, tasksAccepted: 0 }, selfHosted: d.selfHosted }));
    const e = evaluatePilot(s);
    expect(e.cost.api).toMatchObject({ kind: 'undefined', reason: 'no-accepted-tasks' });
    expect(criterion(e, 'cost-ratio')).toMatchObject({ verdict: 'unknown', value: null });
    // Unmeasured counts as not passed: no continue without a baseline to beat.
    expect(e.decision).not.toBe('continue');
  });

  it('without any API baseline every comparison is unknown and the safe route is the API', () => {
    const s = referenceWeek();
    s.pilot.days = s.pilot.days.map((d) => ({ api: { ...EMPTY_DAY }, selfHosted: d.selfHosted }));
    const e = evaluatePilot(s);
    expect(criterion(e, 'acceptance-gap')).toMatchObject({ verdict: 'unknown', note: 'no-api-baseline' });
    expect(criterion(e, 'ttft-p95-ratio').verdict).toBe('unknown');
    expect(criterion(e, 'cost-ratio')).toMatchObject({ verdict: 'unknown', note: 'no-api-baseline' });
    expect(e.decision).toBe('return');
    expect(e.warnings).toContainEqual({ kind: 'no-api-baseline' });
    // What would flip it: measure the four API comparisons (each counted as one full step).
    const toContinue = e.flips.find((f) => f.to === 'continue');
    expect(toContinue?.changes.map((c) => [c.criterion, c.kind])).toEqual([
      ['acceptance-gap', 'measure'],
      ['tool-call-gap', 'measure'],
      ['ttft-p95-ratio', 'measure'],
      ['failure-rate-gap', 'measure'],
      ['cost-ratio', 'measure'],
    ]);
  });

  it('an empty pilot evaluates without NaN and asks for evidence', () => {
    const e = evaluatePilot(defaultScenario());
    expect(e.daysElapsed).toBe(0);
    expect(JSON.stringify(e)).not.toMatch(/Infinity|NaN/);
  });

  it('a failed day-1 check blocks continue and says to fix compatibility before measuring speed', () => {
    const s = referenceWeek();
    s.pilot.checks['d1.reasoning-history'] = { status: 'failed', note: 'reasoning_content dropped from history' };
    const e = evaluatePilot(s);
    expect(criterion(e, 'compatibility')).toMatchObject({ verdict: 'fail', value: 1 });
    expect(e.warnings).toContainEqual({ kind: 'fix-compatibility-first', checkIds: ['d1.reasoning-history'] });
    expect(e.decision).toBe('return');
  });

  it('a self-hosted side without recorded staff hours cannot pass on cost, but can fail', () => {
    const s = referenceWeek();
    setAllSelf(s, { teamHours: null, outOfHoursHours: null });
    let e = evaluatePilot(s);
    // Without staff: 262 / 88,000 = $0.0029773 vs $0.0162889: ratio 0.18 looks cheap, but
    // staff is the cost article 002 warns about; unknown, not pass.
    expect(criterion(e, 'cost-ratio')).toMatchObject({ verdict: 'unknown', note: 'staff-not-recorded' });
    expect(e.warnings).toContainEqual({ kind: 'staff-not-recorded', side: 'selfHosted' });
    // A bill of $3,000 a day is already over without staff: 3,000 / 88,000 / 0.0162889 = 2.093.
    setAllSelf(s, { costUsd: 3_000 });
    e = evaluatePilot(s);
    expect(criterion(e, 'cost-ratio')).toMatchObject({ verdict: 'fail', note: 'staff-not-recorded-already-over' });
    expect(criterion(e, 'cost-ratio').value).toBeCloseTo(3_000 / 88_000 / (1_466 / 90_000), 9);
  });
});

describe('rule-trace details', () => {
  it('open day-1 checks are something to measure, not a change from 0 to 0', () => {
    // Everything passes except that the six required day-1 checks were never marked.
    const s = referenceWeek();
    s.pilot.checks = {};
    const e = evaluatePilot(s);
    expect(criterion(e, 'compatibility')).toMatchObject({ verdict: 'unknown', value: 0, note: 'checks-open' });
    expect(e.decision).toBe('return');
    expect(e.flips.find((f) => f.to === 'continue')?.changes).toEqual([
      { criterion: 'compatibility', kind: 'measure', from: null, to: 0, direction: 'decrease', relative: 1 },
    ]);
  });

  it('only comparisons of the two sides report a missing API baseline', () => {
    const e = evaluatePilot(defaultScenario());
    expect(criterion(e, 'incidents-per-day').note).toBe('no-pilot-days');
    expect(criterion(e, 'team-hours').note).toBe('not-measured');
  });
});

describe('no evidence yet', () => {
  // Without anything recorded for the self-hosted side there is nothing for the decision table
  // to judge. Calling that "return to the API (met)" would present a default as a finding; the
  // scorecard says "undecided" with the status "no-evidence" instead, and no rule is met.
  it('an empty pilot is undecided: no rule met, nothing deciding, nothing to flip, no day list', () => {
    const e = evaluatePilot(defaultScenario());
    expect(e.decision).toBe('undecided');
    expect(e.status).toBe('no-evidence');
    expect(e.rules.map((r) => [r.decision, r.met])).toEqual([
      ['continue', false],
      ['hybrid', false],
      ['return', false],
    ]);
    // Every rule names the missing evidence as its first, unmet condition.
    for (const r of e.rules) expect(r.conditions[0]).toEqual({ id: 'evidence', mode: 'evidence', criteria: [], met: false });
    expect(e.deciding).toEqual([]);
    expect(e.flips).toEqual([]);
    // The status already says it; seven "no evidence for day n" lines would only repeat it.
    expect(e.warnings.filter((w) => w.kind === 'days-missing')).toEqual([]);
  });

  it('an API baseline alone is not evidence about the self-hosted side', () => {
    // The API was recorded on day 1 (as article 002 asks before switching), the self-hosted
    // endpoint not yet: still nothing to decide.
    const s = referenceWeek();
    s.pilot.days = s.pilot.days.map((d, i) => ({ api: i === 0 ? d.api : { ...EMPTY_DAY }, selfHosted: { ...EMPTY_DAY } }));
    s.pilot.incidents = [];
    const e = evaluatePilot(s);
    expect(e).toMatchObject({ decision: 'undecided', status: 'no-evidence', daysElapsed: 1 });
  });

  it('a failed day-1 check alone still warns, but decides nothing', () => {
    const s = defaultScenario();
    s.pilot.checks['d1.tool-schema'] = { status: 'failed', note: 'invalid JSON arguments' };
    const e = evaluatePilot(s);
    expect(e.decision).toBe('undecided');
    expect(e.warnings).toContainEqual({ kind: 'fix-compatibility-first', checkIds: ['d1.tool-schema'] });
  });

  it('one self-hosted value or one incident is evidence: the table decides, provisionally', () => {
    // One day of self-hosted utilisation (30 %) and nothing else: every comparison is open and
    // utilisation fails, so the table's last row holds: return, provisional.
    let s = defaultScenario();
    s.pilot.days[0]!.selfHosted = { ...EMPTY_DAY, utilisation: 0.3 };
    let e = evaluatePilot(s);
    expect(e).toMatchObject({ decision: 'return', status: 'provisional' });
    expect(e.rules.find((r) => r.decision === 'return')?.met).toBe(true);
    expect(e.deciding).toContain('utilisation');

    s = defaultScenario();
    s.pilot.incidents = [{ day: 2, start: '03:10', recoveryMinutes: 40, cause: 'oom', affectedTasks: 12, countermeasure: '', outOfHours: true }];
    e = evaluatePilot(s);
    expect(e).toMatchObject({ decision: 'return', status: 'provisional' });
    expect(criterion(e, 'countermeasures').verdict).toBe('fail');
  });
});
