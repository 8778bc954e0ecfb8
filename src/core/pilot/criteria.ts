import type { PilotThresholds, Scenario } from '../scenario/schema';
import { daysElapsed, summarizeSide, type SideWeek } from './aggregate';
import { summarizeChecklist, type ChecklistSummary } from './checklist';
import { costPerAcceptedTask, type CostPerTask } from './cost';

/**
 * The criteria behind the decision, each with its measured value, its (editable) threshold
 * and a verdict. They follow the signals of article 002's decision table:
 * quality reached (acceptance, tool calls, day-1 compatibility), latency, utilisation durably
 * high, errors manageable and fixed for good, staff able to carry it, cost per accepted task
 * after staff, and the two signals for local work that make a hybrid worthwhile.
 */
export const criterionIds = [
  'acceptance-gap',
  'tool-call-gap',
  'compatibility',
  'ttft-p95-ratio',
  'utilisation',
  'failure-rate-gap',
  'incidents-per-day',
  'countermeasures',
  'team-hours',
  'out-of-hours',
  'cost-ratio',
  'sensitive-share',
  'plannable-share',
] as const;
export type CriterionId = (typeof criterionIds)[number];

export type CriterionGroup = 'quality' | 'latency' | 'utilisation' | 'errors' | 'staff' | 'cost' | 'local-work';

export const criterionGroup: Readonly<Record<CriterionId, CriterionGroup>> = {
  'acceptance-gap': 'quality',
  'tool-call-gap': 'quality',
  compatibility: 'quality',
  'ttft-p95-ratio': 'latency',
  utilisation: 'utilisation',
  'failure-rate-gap': 'errors',
  'incidents-per-day': 'errors',
  countermeasures: 'errors',
  'team-hours': 'staff',
  'out-of-hours': 'staff',
  'cost-ratio': 'cost',
  'sensitive-share': 'local-work',
  'plannable-share': 'local-work',
};

/** Unit of a criterion's value and threshold (the UI formats them). */
export type CriterionUnit = 'points' | 'ratio' | 'share' | 'per-day' | 'hours-per-week' | 'count';

export type Verdict = 'pass' | 'fail' | 'unknown';

export type CriterionNote =
  | 'not-measured'
  | 'no-api-baseline'
  | 'checks-open'
  | 'no-pilot-days'
  | 'self-no-accepted-tasks'
  | 'staff-not-recorded'
  | 'staff-not-recorded-already-over'
  | 'api-cost-zero';

export interface Criterion {
  id: CriterionId;
  group: CriterionGroup;
  unit: CriterionUnit;
  /** Measured value; null when it could not be measured. */
  value: number | null;
  threshold: number;
  /** The threshold field in scenario.pilot (null: fixed rule, e.g. "no failed day-1 check"). */
  thresholdKey: keyof PilotThresholds | null;
  /** 'max': passes when value ≤ threshold; 'min': passes when value ≥ threshold. */
  comparator: 'max' | 'min';
  verdict: Verdict;
  note: CriterionNote | null;
  /** The two sides' figures the value was computed from, when it compares sides. */
  api: number | null;
  selfHosted: number | null;
  /** Days (1-7) the value rests on. */
  days: number[];
}

/**
 * Threshold comparison that treats "met exactly" as met. Values such as 0.9 - 0.85 carry
 * binary rounding (0.05000000000000004); a tolerance far below any meaningful input keeps
 * the boundary where the user put it.
 */
export function meets(value: number, threshold: number, comparator: 'max' | 'min'): boolean {
  const tol = 1e-9 * Math.max(1, Math.abs(threshold));
  return comparator === 'max' ? value <= threshold + tol : value >= threshold - tol;
}

function judge(value: number | null, threshold: number, comparator: 'max' | 'min'): Verdict {
  if (value === null) return 'unknown';
  return meets(value, threshold, comparator) ? 'pass' : 'fail';
}

export interface CriteriaInput {
  week: { api: SideWeek; selfHosted: SideWeek };
  cost: { api: CostPerTask; selfHosted: CostPerTask };
  checklist: ChecklistSummary;
  daysElapsed: number;
}

function gapPoints(api: number | null, self: number | null): number | null {
  return api === null || self === null ? null : (api - self) * 100;
}

export function gatherCriteriaInput(scenario: Scenario): CriteriaInput {
  const pilot = scenario.pilot;
  return {
    week: { api: summarizeSide(pilot, 'api'), selfHosted: summarizeSide(pilot, 'selfHosted') },
    cost: { api: costPerAcceptedTask(scenario, 'api'), selfHosted: costPerAcceptedTask(scenario, 'selfHosted') },
    checklist: summarizeChecklist(pilot),
    daysElapsed: daysElapsed(pilot),
  };
}

function union(...lists: (number[] | undefined)[]): number[] {
  return [...new Set(lists.flatMap((l) => l ?? []))].sort((a, b) => a - b);
}

const COMPARES_SIDES: ReadonlySet<CriterionId> = new Set(['acceptance-gap', 'tool-call-gap', 'ttft-p95-ratio', 'failure-rate-gap']);

export function evaluateCriteria(scenario: Scenario, input: CriteriaInput): Criterion[] {
  const t = scenario.pilot.thresholds;
  const pilot = scenario.pilot;
  const { api, selfHosted: self } = input.week;
  const out: Criterion[] = [];

  const compare = (
    id: CriterionId,
    unit: CriterionUnit,
    value: number | null,
    thresholdKey: keyof PilotThresholds,
    comparator: 'max' | 'min',
    sides: { api: number | null; selfHosted: number | null; days: number[] },
    noteWhenUnknown: CriterionNote = 'not-measured',
  ) => {
    const threshold = t[thresholdKey];
    const verdict = judge(value, threshold, comparator);
    out.push({
      id,
      group: criterionGroup[id],
      unit,
      value,
      threshold,
      thresholdKey,
      comparator,
      verdict,
      // A comparison of the sides with only the self-hosted figure lacks its baseline.
      note: verdict === 'unknown' ? (COMPARES_SIDES.has(id) && sides.selfHosted !== null && sides.api === null ? 'no-api-baseline' : noteWhenUnknown) : null,
      ...sides,
    });
  };

  // Quality: the self-hosted side must reach the API baseline on accepted work and tool calls.
  compare('acceptance-gap', 'points', gapPoints(api.acceptanceRate?.value ?? null, self.acceptanceRate?.value ?? null), 'acceptanceGapPoints', 'max', {
    api: api.acceptanceRate?.value ?? null,
    selfHosted: self.acceptanceRate?.value ?? null,
    days: union(api.acceptanceRate?.days, self.acceptanceRate?.days),
  });
  compare('tool-call-gap', 'points', gapPoints(api.toolCallRate?.value ?? null, self.toolCallRate?.value ?? null), 'toolCallGapPoints', 'max', {
    api: api.toolCallRate?.value ?? null,
    selfHosted: self.toolCallRate?.value ?? null,
    days: union(api.toolCallRate?.days, self.toolCallRate?.days),
  });
  const cl = input.checklist;
  out.push({
    id: 'compatibility',
    group: 'quality',
    unit: 'count',
    value: cl.compatibilityFailedIds.length,
    threshold: 0,
    thresholdKey: null,
    comparator: 'max',
    verdict: cl.compatibility === 'passed' ? 'pass' : cl.compatibility === 'failed' ? 'fail' : 'unknown',
    note: cl.compatibility === 'incomplete' ? 'checks-open' : null,
    api: null,
    selfHosted: null,
    days: [1],
  });

  // Latency: mean of the daily p95 TTFT on each side.
  const apiTtft = api.ttftP95Ms?.value ?? null;
  const selfTtft = self.ttftP95Ms?.value ?? null;
  const ratio = apiTtft !== null && selfTtft !== null && apiTtft > 0 ? selfTtft / apiTtft : null;
  compare('ttft-p95-ratio', 'ratio', ratio, 'ttftP95Ratio', 'max', {
    api: apiTtft,
    selfHosted: selfTtft,
    days: union(api.ttftP95Ms?.days, self.ttftP95Ms?.days),
  });

  // Utilisation: productive hours / provisioned hours on the self-hosted side, mean of the days.
  compare('utilisation', 'share', self.utilisation?.value ?? null, 'utilisationMin', 'min', {
    api: null,
    selfHosted: self.utilisation?.value ?? null,
    days: self.utilisation?.days ?? [],
  });

  // Errors: failure rate (errors + timeouts) against the API, incidents per day, lasting fixes.
  compare(
    'failure-rate-gap',
    'points',
    api.failureRate !== null && self.failureRate !== null ? (self.failureRate - api.failureRate) * 100 : null,
    'errorRateGapPoints',
    'max',
    {
      api: api.failureRate,
      selfHosted: self.failureRate,
      days: union(api.errorRate?.days, api.timeoutRate?.days, self.errorRate?.days, self.timeoutRate?.days),
    },
  );
  const elapsed = input.daysElapsed;
  compare(
    'incidents-per-day',
    'per-day',
    elapsed > 0 ? pilot.incidents.length / elapsed : null,
    'incidentsPerDayMax',
    'max',
    {
      api: null,
      selfHosted: pilot.incidents.length,
      days: Array.from({ length: elapsed }, (_, i) => i + 1),
    },
    'no-pilot-days',
  );
  const open = pilot.incidents.filter((i) => i.countermeasure.trim() === '');
  out.push({
    id: 'countermeasures',
    group: 'errors',
    unit: 'count',
    value: open.length,
    threshold: 0,
    thresholdKey: null,
    comparator: 'max',
    verdict: open.length === 0 ? 'pass' : 'fail',
    note: null,
    api: null,
    selfHosted: pilot.incidents.length,
    days: union(open.map((i) => i.day)),
  });

  // Staff: the self-hosted side's hours per week, and the part of them out of hours.
  compare('team-hours', 'hours-per-week', self.teamHoursPerWeek?.value ?? null, 'teamHoursPerWeekMax', 'max', {
    api: api.teamHoursPerWeek?.value ?? null,
    selfHosted: self.teamHoursPerWeek?.value ?? null,
    days: self.teamHoursPerWeek?.days ?? [],
  });
  compare('out-of-hours', 'hours-per-week', self.outOfHoursPerWeek?.value ?? null, 'outOfHoursPerWeekMax', 'max', {
    api: api.outOfHoursPerWeek?.value ?? null,
    selfHosted: self.outOfHoursPerWeek?.value ?? null,
    days: self.outOfHoursPerWeek?.days ?? [],
  });

  out.push(costCriterion(t, input.cost));

  // Signals for local work (inputs, not measurements): data-protection-bound and plannable work.
  compare('sensitive-share', 'share', pilot.sensitiveShare, 'sensitiveShareForHybrid', 'min', { api: null, selfHosted: null, days: [] });
  compare('plannable-share', 'share', pilot.plannableShare, 'plannableShareForHybrid', 'min', { api: null, selfHosted: null, days: [] });
  return out;
}

/**
 * Cost per accepted task, self-hosted / API. Unknown without an API baseline. When the
 * self-hosted side produced no accepted task at a cost, it fails (there is nothing to divide;
 * the value stays empty instead of Infinity). When its staff hours were never recorded, it can
 * still fail (staff would only add cost) but it cannot pass.
 */
function costCriterion(t: PilotThresholds, cost: CriteriaInput['cost']): Criterion {
  const base = {
    id: 'cost-ratio' as const,
    group: 'cost' as const,
    unit: 'ratio' as const,
    threshold: t.costRatioMax,
    thresholdKey: 'costRatioMax' as const,
    comparator: 'max' as const,
    api: cost.api.kind === 'defined' ? cost.api.usdPerAcceptedTask : null,
    selfHosted: cost.selfHosted.kind === 'defined' ? cost.selfHosted.usdPerAcceptedTask : null,
    days: union(
      cost.api.days.map((d) => d.day),
      cost.selfHosted.days.map((d) => d.day),
    ),
  };
  const a = cost.api;
  const s = cost.selfHosted;
  if (a.kind === 'undefined') {
    return { ...base, value: null, verdict: 'unknown', note: s.kind === 'defined' ? 'no-api-baseline' : 'not-measured' };
  }
  if (s.kind === 'undefined') {
    if (s.reason === 'no-accepted-tasks' && s.totalUsd > 0) {
      return { ...base, value: null, verdict: 'fail', note: 'self-no-accepted-tasks' };
    }
    return { ...base, value: null, verdict: 'unknown', note: 'not-measured' };
  }
  if (a.usdPerAcceptedTask <= 0) {
    // A free baseline: any self-hosted cost is more; the ratio itself has no finite value.
    return { ...base, value: null, verdict: s.usdPerAcceptedTask > 0 ? 'fail' : 'pass', note: 'api-cost-zero' };
  }
  const value = s.usdPerAcceptedTask / a.usdPerAcceptedTask;
  if (!s.staffRecorded) {
    const over = !meets(value, t.costRatioMax, 'max');
    return { ...base, value, verdict: over ? 'fail' : 'unknown', note: over ? 'staff-not-recorded-already-over' : 'staff-not-recorded' };
  }
  return { ...base, value, verdict: meets(value, t.costRatioMax, 'max') ? 'pass' : 'fail', note: null };
}
