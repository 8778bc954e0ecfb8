import { criterionIds, type Criterion, type CriterionId, type Verdict } from './criteria';

/**
 * Article 002's decision table as explicit rules over the criteria verdicts:
 *
 * | after seven days                          | decision |
 * | quality stable, utilisation durably high  | continue: every criterion except the two local-work signals passes |
 * | mixed requirements                        | hybrid: a local-work signal (sensitive or plannable share) is present, the self-hosted side reaches API quality with manageable errors and sustainable staffing, and the local share is justified on cost (see below); what may fail is what routing fixes: idle hours and latency (peaks and critical paths go to the API) |
 * | demand fluctuates or staff is missing     | return to the API: everything else, e.g. idle capacity, too many hours, API cheaper after staff |
 *
 * Cost in the hybrid rule. The article returns to the API when it "bleibt insgesamt günstiger"
 * once all staff is counted, and picks the hybrid when "Datenschutz und planbare Aufgaben für
 * Self-Hosting sprechen". The two local-work signals argue differently:
 * - plannable batch work argues for local capacity only through cost (it fills idle hours). If a
 *   local accepted task still costs more than the threshold allows, that argument fails and the
 *   cheaper API wins: return.
 * - work bound to own infrastructure (data protection) has no API route at all; an API price
 *   cannot send it back. It keeps the hybrid possible even when the API is cheaper, but the
 *   trace carries a caution (the local share is a compliance cost, to be kept to that work).
 * So: cost-justified = sensitive-share present OR cost-ratio passes.
 *
 * A criterion that could not be measured counts as not passed: without evidence the safe
 * route is the API (article 002: "Ohne API-Baseline entsteht schnell ein Bericht, der nur die
 * erfolgreichen lokalen Anfragen zeigt").
 */
export const pilotDecisions = ['continue', 'hybrid', 'return'] as const;
export type PilotDecision = (typeof pilotDecisions)[number];
/**
 * What the scorecard reports: one of the three decisions, or 'undecided' while the
 * self-hosted side has no evidence at all. Then no rule of the table applies (there is nothing
 * to judge); the advice until evidence exists is to stay with the API, but that is a default,
 * not a rule that was met.
 */
export type PilotOutcome = PilotDecision | 'undecided';

export type Verdicts = Readonly<Record<CriterionId, Verdict>>;

const LOCAL_WORK: readonly CriterionId[] = ['sensitive-share', 'plannable-share'];
export const CONTINUE_REQUIRES: readonly CriterionId[] = criterionIds.filter((id) => !LOCAL_WORK.includes(id));
/** What the self-hosted side must deliver even when it only takes part of the work. */
export const HYBRID_REQUIRES: readonly CriterionId[] = [
  'acceptance-gap',
  'tool-call-gap',
  'compatibility',
  'failure-rate-gap',
  'incidents-per-day',
  'countermeasures',
  'team-hours',
  'out-of-hours',
];
export const HYBRID_SIGNALS: readonly CriterionId[] = LOCAL_WORK;
/** Article 002's signals for going back: idle capacity, manual effort, API cheaper after staff. */
export const RETURN_SIGNALS: readonly CriterionId[] = ['utilisation', 'team-hours', 'out-of-hours', 'cost-ratio'];

/** The hybrid's cost condition: bound work (no API route) or a local task no dearer than allowed. */
export const HYBRID_COST_JUSTIFIED: readonly CriterionId[] = ['sensitive-share', 'cost-ratio'];

export type RuleConditionId = 'evidence' | 'continue-all' | 'local-signal' | 'sound-local-side' | 'cost-justified' | 'otherwise';

export interface RuleCondition {
  /** Which condition of the table this is (stable; the UI words it). */
  id: RuleConditionId;
  /** 'evidence': the self-hosted side has evidence at all; every rule needs it. */
  mode: 'evidence' | 'all' | 'any' | 'none-of-the-above';
  criteria: readonly CriterionId[];
  met: boolean;
}

/**
 * A met hybrid that rests on the bound share alone while a local accepted task costs more than
 * the threshold allows ('local-share-dearer'), or while that cost could not be compared
 * ('local-share-cost-unknown').
 */
export type RuleCaution = 'local-share-dearer' | 'local-share-cost-unknown';

export interface RuleTrace {
  decision: PilotDecision;
  conditions: RuleCondition[];
  met: boolean;
  caution: RuleCaution | null;
}

const passes = (v: Verdicts, id: CriterionId) => v[id] === 'pass';

export function decideFromVerdicts(v: Verdicts): PilotDecision {
  if (CONTINUE_REQUIRES.every((id) => passes(v, id))) return 'continue';
  if (HYBRID_SIGNALS.some((id) => passes(v, id)) && HYBRID_REQUIRES.every((id) => passes(v, id)) && HYBRID_COST_JUSTIFIED.some((id) => passes(v, id))) {
    return 'hybrid';
  }
  return 'return';
}

/**
 * Each decision's conditions and whether they hold. Every rule starts with the evidence
 * condition: without any self-hosted evidence no rule is met (not even "return otherwise").
 */
export function ruleTrace(v: Verdicts, evidence = true): RuleTrace[] {
  const cont = CONTINUE_REQUIRES.every((id) => passes(v, id));
  const signals = HYBRID_SIGNALS.some((id) => passes(v, id));
  const hybridBase = HYBRID_REQUIRES.every((id) => passes(v, id));
  const costJustified = HYBRID_COST_JUSTIFIED.some((id) => passes(v, id));
  const hybrid = !cont && signals && hybridBase && costJustified;
  const caution: RuleCaution | null =
    evidence && hybrid && !passes(v, 'cost-ratio') ? (v['cost-ratio'] === 'fail' ? 'local-share-dearer' : 'local-share-cost-unknown') : null;
  const ev: RuleCondition = { id: 'evidence', mode: 'evidence', criteria: [], met: evidence };
  return [
    {
      decision: 'continue',
      conditions: [ev, { id: 'continue-all', mode: 'all', criteria: CONTINUE_REQUIRES, met: cont }],
      met: evidence && cont,
      caution: null,
    },
    {
      decision: 'hybrid',
      conditions: [
        ev,
        { id: 'local-signal', mode: 'any', criteria: HYBRID_SIGNALS, met: signals },
        { id: 'sound-local-side', mode: 'all', criteria: HYBRID_REQUIRES, met: hybridBase },
        { id: 'cost-justified', mode: 'any', criteria: HYBRID_COST_JUSTIFIED, met: costJustified },
      ],
      met: evidence && hybrid,
      caution,
    },
    {
      decision: 'return',
      conditions: [ev, { id: 'otherwise', mode: 'none-of-the-above', criteria: RETURN_SIGNALS, met: !cont && !hybrid }],
      met: evidence && !cont && !hybrid,
      caution: null,
    },
  ];
}

/** The criteria that decided: why this decision and not the others. */
export function decidingCriteria(v: Verdicts, decision: PilotDecision): CriterionId[] {
  const notPassing = (ids: readonly CriterionId[]) => ids.filter((id) => !passes(v, id));
  if (decision === 'continue') return [...CONTINUE_REQUIRES];
  if (decision === 'hybrid') {
    return [...HYBRID_SIGNALS.filter((id) => passes(v, id)), ...notPassing(CONTINUE_REQUIRES)];
  }
  const blocking = new Set<CriterionId>(notPassing(CONTINUE_REQUIRES));
  const signals = HYBRID_SIGNALS.filter((id) => passes(v, id));
  if (signals.length > 0) for (const id of notPassing(HYBRID_REQUIRES)) blocking.add(id);
  return criterionIds.filter((id) => blocking.has(id));
}

/** One change to one criterion that is part of a flip. */
export interface FlipChange {
  criterion: CriterionId;
  /** 'reach': the value must meet the threshold; 'cross': it must go past it; 'measure': not measured yet. */
  kind: 'reach' | 'cross' | 'measure';
  from: number | null;
  /** The threshold: the boundary the value has to reach (or pass, for 'cross'). */
  to: number;
  direction: 'increase' | 'decrease';
  /** Size of the change relative to the threshold (|to - from| / threshold); 1 for 'measure'. */
  relative: number;
}

export interface FlipOption {
  to: PilotDecision;
  changes: FlipChange[];
}

function changeFor(c: Criterion): FlipChange {
  const toPass = c.verdict !== 'pass';
  // Not measured (e.g. required day-1 checks still open, though none failed): measure first.
  if (c.value === null || c.verdict === 'unknown') {
    return { criterion: c.id, kind: 'measure', from: null, to: c.threshold, direction: c.comparator === 'max' ? 'decrease' : 'increase', relative: 1 };
  }
  // Passing a 'max' criterion means going down to the threshold; failing it means going above.
  const up = c.comparator === 'min' ? toPass : !toPass;
  // Counts (failed checks, incidents without a fix) move in whole steps: crossing "at most 0"
  // takes one more, reaching it takes all of them; each step weighs as much as a 100 % change.
  const relative =
    c.unit === 'count'
      ? Math.abs(c.threshold - c.value) + (toPass ? 0 : 1)
      : Math.abs(c.threshold - c.value) / (Math.abs(c.threshold) > 0 ? Math.abs(c.threshold) : 1);
  return { criterion: c.id, kind: toPass ? 'reach' : 'cross', from: c.value, to: c.threshold, direction: up ? 'increase' : 'decrease', relative };
}

/**
 * For every other decision, the smallest set of criteria whose verdicts would have to change
 * to reach it: fewest criteria first, then the smallest total relative change. There are only
 * 13 criteria, so all 8,192 combinations are tried; the answer is exact, not a heuristic.
 */
export function flipOptions(criteria: readonly Criterion[], current: PilotDecision): FlipOption[] {
  // Verdicts as bit masks (bit i = criteria[i] passes) so each of the 2^n combinations costs
  // a few integer operations; the rules are the same as decideFromVerdicts (a test checks it).
  const n = criteria.length;
  const bit = (ids: readonly CriterionId[]) => criteria.reduce((m, c, i) => (ids.includes(c.id) ? m | (1 << i) : m), 0);
  const contMask = bit(CONTINUE_REQUIRES);
  const hybridMask = bit(HYBRID_REQUIRES);
  const signalMask = bit(HYBRID_SIGNALS);
  const costMask = bit(HYBRID_COST_JUSTIFIED);
  const decide = (pass: number): PilotDecision =>
    (pass & contMask) === contMask
      ? 'continue'
      : (pass & signalMask) !== 0 && (pass & hybridMask) === hybridMask && (pass & costMask) !== 0
        ? 'hybrid'
        : 'return';
  const basePass = criteria.reduce((m, c, i) => (c.verdict === 'pass' ? m | (1 << i) : m), 0);
  const changes = criteria.map(changeFor);
  const best = new Map<PilotDecision, { mask: number; size: number; cost: number }>();
  for (let mask = 1; mask < 1 << n; mask++) {
    const d = decide(basePass ^ mask);
    if (d === current) continue;
    let size = 0;
    let cost = 0;
    for (let i = 0; i < n; i++) {
      if (!(mask & (1 << i))) continue;
      size++;
      cost += (changes[i] as FlipChange).relative;
    }
    const prev = best.get(d);
    if (!prev || size < prev.size || (size === prev.size && cost < prev.cost - 1e-12)) best.set(d, { mask, size, cost });
  }
  const options: (FlipOption & { size: number; cost: number })[] = [];
  for (const [to, b] of best) {
    options.push({ to, changes: changes.filter((_, i) => b.mask & (1 << i)), size: b.size, cost: b.cost });
  }
  options.sort((a, b) => a.size - b.size || a.cost - b.cost);
  return options.map(({ to, changes: ch }) => ({ to, changes: ch }));
}
