import { capitalMonthly } from './capital';
import type { Scenario } from '../scenario/schema';

/**
 * Staff and fixed costs that grow with the deployment (docs/tco.md §3c). Staff is the whole
 * team (`staffPer: 'deployment'`, v2's only form), or FTE per node or per replica running
 * (spare included), never fewer than the on-call minimum; a fixed cost per node comes on top
 * of the monthly lines. Upgrade hours stay a fixed amount a month.
 */
type SelfHosted = Scenario['selfHosted'];

export interface ScalingRates {
  staffPer: SelfHosted['scaling']['staffPer'];
  /** FTE as entered: the team, or per node / per replica. */
  fte: number;
  minOnCallFte: number;
  /** Loaded cost of one FTE a month: yearly ÷ 12. */
  fteMonthlyUsd: number;
  /** Upgrade and re-testing hours a month at the loaded hourly rate. */
  upgradeUsd: number;
  /** Nodes one replica occupies: ⌈GPUs per replica ÷ GPUs per node⌉. */
  nodesPerReplica: number;
  otherPerNodeMonthly: number;
  /** Other monthly lines plus one-time costs spread over the horizon. */
  opsFixed: number;
}

/** The one-time costs spread over the horizon as the level monthly payment of the same present value (docs/tco.md §3d). */
export function oneTimeMonthly(s: Pick<SelfHosted, 'oneTimeUsd' | 'horizonMonths' | 'capital'>): number {
  return capitalMonthly(s.oneTimeUsd, 0, s.capital, s.horizonMonths);
}

export function scalingRates(s: SelfHosted, staffHoursPerYear: number): ScalingRates {
  const other = s.otherMonthly.reduce((sum, o) => sum + o.usd, 0);
  return {
    staffPer: s.scaling.staffPer,
    fte: s.staffFte,
    minOnCallFte: s.scaling.minOnCallFte,
    fteMonthlyUsd: s.staffLoadedYearlyUsd / 12,
    upgradeUsd: s.upgradeHoursPerMonth * (s.staffLoadedYearlyUsd / staffHoursPerYear),
    nodesPerReplica: Math.ceil(s.gpusPerReplica / s.gpusPerNode),
    otherPerNodeMonthly: s.scaling.otherPerNodeMonthly,
    // The one-time costs as a level monthly payment over the horizon at the WACC, by the rule
    // capex and reserved upfronts follow (straight line at WACC 0): one rule for every cost.
    opsFixed: other + oneTimeMonthly(s),
  };
}

/** FTE the deployment needs with `totalReplicas` running (spare included); 0 without replicas. */
export function staffFteAt(r: ScalingRates, totalReplicas: number): number {
  if (totalReplicas <= 0) return 0;
  const units = r.staffPer === 'deployment' ? 1 : r.staffPer === 'node' ? totalReplicas * r.nodesPerReplica : totalReplicas;
  return Math.max(r.fte * units, r.minOnCallFte);
}

/** Monthly staff cost with `totalReplicas` running: FTE × loaded cost ÷ 12 + upgrade hours. */
export function staffCostAt(r: ScalingRates, totalReplicas: number): number {
  if (totalReplicas <= 0) return 0;
  return staffFteAt(r, totalReplicas) * r.fteMonthlyUsd + r.upgradeUsd;
}

/** Monthly other fixed costs with `totalReplicas` running: the monthly lines plus the cost per node. */
export function opsCostAt(r: ScalingRates, totalReplicas: number): number {
  if (totalReplicas <= 0) return 0;
  return r.opsFixed + totalReplicas * r.nodesPerReplica * r.otherPerNodeMonthly;
}

/** What one more replica adds to staff and fixed costs above the on-call minimum (the slope). */
export function scalingPerReplica(r: ScalingRates): number {
  const staff = r.staffPer === 'deployment' ? 0 : r.fte * (r.staffPer === 'node' ? r.nodesPerReplica : 1) * r.fteMonthlyUsd;
  return staff + r.nodesPerReplica * r.otherPerNodeMonthly;
}
