import { incidentCauses, type Incident, type PilotSide, type Scenario } from '../scenario/schema';
import { PILOT_DAYS, hasAnyValue, type SideWeek } from './aggregate';
import type { ChecklistSummary } from './checklist';
import { clusterCostPerDay, staffUsdPerHour, type ClusterDayCost, type CostPerTask } from './cost';
import { evaluateCriteria, gatherCriteriaInput, type Criterion, type CriterionId } from './criteria';
import { decideFromVerdicts, decidingCriteria, flipOptions, ruleTrace, type FlipOption, type PilotOutcome, type RuleTrace, type Verdicts } from './decide';

/**
 * The scorecard's verdict: decision, the rule trace behind it, what would flip it, and the
 * figures it rests on. Plain serialisable data (it crosses the worker boundary); numbers are
 * finite or null, never NaN or Infinity.
 */
export type PilotWarning =
  /** A day-1 check failed: speed and cost figures may measure a compatibility problem. */
  | { kind: 'fix-compatibility-first'; checkIds: string[] }
  | { kind: 'days-missing'; side: PilotSide; days: number[] }
  | { kind: 'no-api-baseline' }
  | { kind: 'staff-not-recorded'; side: PilotSide }
  | { kind: 'costs-skipped'; side: PilotSide; days: number[] }
  /**
   * The hybrid rests on the work bound to own infrastructure while a local accepted task costs
   * more than the threshold allows (ratio) or could not be compared (ratio null).
   */
  | { kind: 'hybrid-local-cost'; ratio: number | null; threshold: number; sensitiveShare: number }
  | { kind: 'example-data'; example: string };

export interface IncidentSummary {
  total: number;
  outOfHours: number;
  withoutCountermeasure: number;
  recoveryMinutes: number;
  affectedTasks: number;
  byCause: Record<(typeof incidentCauses)[number], number>;
}

export interface PilotEvaluation {
  /** 'undecided' exactly when status is 'no-evidence'. */
  decision: PilotOutcome;
  /**
   * 'no-evidence' while the self-hosted side has nothing recorded (no day value, no incident):
   * no rule applies, nothing decided, nothing to flip. 'final' once all seven self-hosted days
   * carry evidence, an API baseline exists and every criterion was measured; 'provisional'
   * in between.
   */
  status: 'no-evidence' | 'provisional' | 'final';
  /**
   * True while the pilot holds one of the built-in invented weeks (`pilot.example` set, edits
   * included, until the user takes it over as their own data). Every view of the decision must
   * then say it rests on example data.
   */
  example: boolean;
  daysElapsed: number;
  criteria: Criterion[];
  rules: RuleTrace[];
  deciding: CriterionId[];
  /** Every other decision with the smallest change that reaches it, smallest first. */
  flips: FlipOption[];
  cost: { api: CostPerTask; selfHosted: CostPerTask; staffUsdPerHour: number; clusterDay: ClusterDayCost };
  week: { api: SideWeek; selfHosted: SideWeek };
  checklist: ChecklistSummary;
  incidents: IncidentSummary;
  warnings: PilotWarning[];
}

export function summarizeIncidents(incidents: readonly Incident[]): IncidentSummary {
  const byCause = Object.fromEntries(incidentCauses.map((c) => [c, 0])) as IncidentSummary['byCause'];
  for (const i of incidents) byCause[i.cause] += 1;
  return {
    total: incidents.length,
    outOfHours: incidents.filter((i) => i.outOfHours).length,
    withoutCountermeasure: incidents.filter((i) => i.countermeasure.trim() === '').length,
    recoveryMinutes: incidents.reduce((a, i) => a + i.recoveryMinutes, 0),
    affectedTasks: incidents.reduce((a, i) => a + i.affectedTasks, 0),
    byCause,
  };
}

/**
 * Whether the self-hosted side has any evidence: a measured day value or a logged incident.
 * The API baseline alone, thresholds, context shares or ticked checks are not evidence about
 * the self-hosted endpoint's week (a failed day-1 check still warns on its own).
 */
export function hasSelfHostedEvidence(scenario: Scenario): boolean {
  return scenario.pilot.incidents.length > 0 || scenario.pilot.days.some((d) => hasAnyValue(d.selfHosted));
}

export function evaluatePilot(scenario: Scenario): PilotEvaluation {
  const pilot = scenario.pilot;
  const input = gatherCriteriaInput(scenario);
  const criteria = evaluateCriteria(scenario, input);
  const verdicts = Object.fromEntries(criteria.map((c) => [c.id, c.verdict])) as Verdicts;
  const evidence = hasSelfHostedEvidence(scenario);
  const decision = decideFromVerdicts(verdicts);

  const warnings: PilotWarning[] = [];
  if (input.checklist.compatibility === 'failed') {
    warnings.push({ kind: 'fix-compatibility-first', checkIds: input.checklist.compatibilityFailedIds });
  }
  const missing: Record<PilotSide, number[]> = { api: [], selfHosted: [] };
  pilot.days.forEach((d, i) => {
    if (!hasAnyValue(d.api)) missing.api.push(i + 1);
    if (!hasAnyValue(d.selfHosted)) missing.selfHosted.push(i + 1);
  });
  if (missing.api.length === PILOT_DAYS && missing.selfHosted.length < PILOT_DAYS) warnings.push({ kind: 'no-api-baseline' });
  // The API baseline may be recorded on fewer days (often once, before switching); missing
  // self-hosted days weaken every criterion. Without any self-hosted evidence the status says
  // so already; listing all seven days again would only repeat it.
  if (evidence && missing.selfHosted.length > 0) warnings.push({ kind: 'days-missing', side: 'selfHosted', days: missing.selfHosted });
  if (evidence && missing.api.length > 0 && missing.api.length < PILOT_DAYS) warnings.push({ kind: 'days-missing', side: 'api', days: missing.api });
  for (const side of ['api', 'selfHosted'] as const) {
    const c = input.cost[side];
    if (c.days.length > 0 && !c.staffRecorded) warnings.push({ kind: 'staff-not-recorded', side });
    if (c.skippedDays.length > 0) warnings.push({ kind: 'costs-skipped', side, days: c.skippedDays });
  }
  const rules = ruleTrace(verdicts, evidence);
  const hybridCaution = rules.find((r) => r.decision === 'hybrid')?.caution ?? null;
  if (hybridCaution) {
    const ratio = criteria.find((c) => c.id === 'cost-ratio');
    warnings.push({ kind: 'hybrid-local-cost', ratio: ratio?.value ?? null, threshold: pilot.thresholds.costRatioMax, sensitiveShare: pilot.sensitiveShare });
  }
  if (pilot.example) warnings.push({ kind: 'example-data', example: pilot.example });

  const complete = missing.selfHosted.length === 0 && missing.api.length < PILOT_DAYS;
  const measured = criteria.every((c) => c.verdict !== 'unknown');
  return {
    decision: evidence ? decision : 'undecided',
    status: !evidence ? 'no-evidence' : complete && measured ? 'final' : 'provisional',
    example: pilot.example !== null,
    daysElapsed: input.daysElapsed,
    criteria,
    rules,
    deciding: evidence ? decidingCriteria(verdicts, decision) : [],
    flips: evidence ? flipOptions(criteria, decision) : [],
    cost: { ...input.cost, staffUsdPerHour: staffUsdPerHour(scenario), clusterDay: clusterCostPerDay(scenario) },
    week: input.week,
    checklist: input.checklist,
    incidents: summarizeIncidents(pilot.incidents),
    warnings,
  };
}
