import type { DayMetrics, PilotSide, Scenario } from '../scenario/schema';
import { HOURS_PER_MONTH } from '../scenario/schema';
import { buildModel, selfHostedCost } from '../tco/model';
import { usdPerUnit } from '../tco/workload';
import { dayNumber, meanOf } from './aggregate';

/**
 * Cost per accepted, quality-checked task on each side (article 002: "Gesamtkosten geteilt
 * durch erfolgreich abgeschlossene und qualitätsgeprüfte Aufgaben"; article 003's unit).
 *
 * Per side, over the days on which accepted tasks were counted:
 *   (Σ day bill + team hours × hourly staff rate) / Σ accepted tasks
 * - day bill: the cost entered for that day; when blank, derived from the scenario's TCO inputs:
 *   API = the day's tokens at the offer's prices; self-hosted = one day of the cluster
 *   (GPU rent or amortisation + power + other monthly costs + one-time costs over the horizon).
 * - hourly staff rate = selfHosted.staffLoadedYearlyUsd / pilot.staffHoursPerYear (the same
 *   rate for both sides: the same people do the work). The FTE and upgrade hours of the TCO
 *   inputs are not added: the pilot measures the real hours instead.
 * - Failed, rejected or retried work never counts as output; zero accepted tasks makes the
 *   cost per task undefined (never Infinity).
 */
export type DayBillSource = 'entered' | 'derived';

export interface CostDay {
  day: number;
  billUsd: number;
  billSource: DayBillSource;
  staffHours: number;
  staffHoursSource: 'entered' | 'mean-of-other-days' | 'none';
  acceptedTasks: number;
}

export type CostPerTaskUndefinedReason = 'no-task-data' | 'no-cost-data' | 'no-accepted-tasks';

export interface CostPerTaskBase {
  side: PilotSide;
  days: CostDay[];
  /** Days with accepted tasks counted but no bill entered or derivable (left out entirely). */
  skippedDays: number[];
  billUsd: number;
  staffUsd: number;
  totalUsd: number;
  acceptedTasks: number;
  staffHours: number;
  /** False when this side never recorded team hours: staff cost is then missing, not zero. */
  staffRecorded: boolean;
}

export type CostPerTask =
  (CostPerTaskBase & { kind: 'defined'; usdPerAcceptedTask: number }) | (CostPerTaskBase & { kind: 'undefined'; reason: CostPerTaskUndefinedReason });

export function staffUsdPerHour(scenario: Scenario): number {
  return scenario.selfHosted.staffLoadedYearlyUsd / scenario.pilot.staffHoursPerYear;
}

export interface ClusterDayCost {
  usd: number;
  /** GPU rent, or capex amortisation when bought. */
  gpuUsd: number;
  /** Power (bought hardware only; rent includes it). */
  powerUsd: number;
  /** Other monthly costs and one-time costs spread over the horizon. */
  opsUsd: number;
  gpus: number;
  hoursPerDay: number;
}

const DAY_SHARE_OF_MONTH = 24 / HOURS_PER_MONTH;

/**
 * One day of the self-hosted cluster from the TCO model (rent or amortisation, power, other
 * monthly and one-time costs), i.e. a month's cost × 24 / 730, for the replicas entered plus
 * the N+1 spare. Staff is left out on purpose: the pilot prices the hours it measured.
 */
export function clusterCostPerDay(scenario: Scenario): ClusterDayCost {
  const model = buildModel(scenario);
  // The workload's volume served by the replicas entered (its busy power, when power follows utilisation).
  const c = selfHostedCost(model, scenario.selfHosted.replicas, model.tasks);
  const ops = c.totalReplicas > 0 ? c.ops : 0;
  return {
    usd: (c.gpu + c.power + ops) * DAY_SHARE_OF_MONTH,
    gpuUsd: c.gpu * DAY_SHARE_OF_MONTH,
    powerUsd: c.power * DAY_SHARE_OF_MONTH,
    opsUsd: ops * DAY_SHARE_OF_MONTH,
    gpus: c.totalReplicas * model.gpusPerReplica,
    hoursPerDay: model.paidHoursPerMonth * DAY_SHARE_OF_MONTH,
  };
}

/** The API bill for a day's tokens at the scenario's offer; null when tokens were not logged. */
export function apiBillFromTokens(scenario: Scenario, day: DayMetrics): number | null {
  if (day.inputTokens === null || day.outputTokens === null) return null;
  const p = scenario.api;
  const hit = scenario.workload.cacheHitShare;
  const usd =
    ((day.inputTokens * (1 - hit) * p.priceInputPerM + day.inputTokens * hit * p.priceCachedInputPerM + day.outputTokens * p.priceOutputPerM) / 1e6) *
    usdPerUnit(scenario);
  return usd;
}

export function dayBill(scenario: Scenario, side: PilotSide, day: DayMetrics): { usd: number; source: DayBillSource } | null {
  if (day.costUsd !== null) return { usd: day.costUsd, source: 'entered' };
  const derived = side === 'api' ? apiBillFromTokens(scenario, day) : clusterCostPerDay(scenario).usd;
  return derived === null ? null : { usd: derived, source: 'derived' };
}

export function costPerAcceptedTask(scenario: Scenario, side: PilotSide): CostPerTask {
  const pilot = scenario.pilot;
  const rate = staffUsdPerHour(scenario);
  const meanHours = meanOf(pilot, side, 'teamHours');
  const days: CostDay[] = [];
  const skippedDays: number[] = [];
  let sawTasks = false;
  pilot.days.forEach((d, i) => {
    const m = d[side];
    if (m.tasksAccepted === null) return;
    sawTasks = true;
    const bill = dayBill(scenario, side, m);
    if (!bill) {
      skippedDays.push(dayNumber(i));
      return;
    }
    const staffHoursSource = m.teamHours !== null ? 'entered' : meanHours ? 'mean-of-other-days' : 'none';
    days.push({
      day: dayNumber(i),
      billUsd: bill.usd,
      billSource: bill.source,
      staffHours: m.teamHours ?? meanHours?.value ?? 0,
      staffHoursSource,
      acceptedTasks: m.tasksAccepted,
    });
  });
  const billUsd = days.reduce((a, d) => a + d.billUsd, 0);
  const staffHours = days.reduce((a, d) => a + d.staffHours, 0);
  const staffUsd = staffHours * rate;
  const acceptedTasks = days.reduce((a, d) => a + d.acceptedTasks, 0);
  const base: CostPerTaskBase = {
    side,
    days,
    skippedDays,
    billUsd,
    staffUsd,
    totalUsd: billUsd + staffUsd,
    acceptedTasks,
    staffHours,
    staffRecorded: meanHours !== null,
  };
  if (!sawTasks) return { ...base, kind: 'undefined', reason: 'no-task-data' };
  if (days.length === 0) return { ...base, kind: 'undefined', reason: 'no-cost-data' };
  if (acceptedTasks === 0) return { ...base, kind: 'undefined', reason: 'no-accepted-tasks' };
  return { ...base, kind: 'defined', usdPerAcceptedTask: base.totalUsd / acceptedTasks };
}

/** One day's cost per accepted task (for the week chart); null when it cannot be computed. */
export function dayCostPerAcceptedTask(scenario: Scenario, side: PilotSide, index: number): number | null {
  const m = scenario.pilot.days[index]?.[side];
  if (!m || m.tasksAccepted === null || m.tasksAccepted === 0) return null;
  const bill = dayBill(scenario, side, m);
  if (!bill) return null;
  const hours = m.teamHours ?? meanOf(scenario.pilot, side, 'teamHours')?.value ?? 0;
  return (bill.usd + hours * staffUsdPerHour(scenario)) / m.tasksAccepted;
}
