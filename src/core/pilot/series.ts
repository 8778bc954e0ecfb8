import type { DayMetricKey, PilotSide, Scenario } from '../scenario/schema';
import { dayCostPerAcceptedTask } from './cost';

/**
 * Day-by-day figures for the week charts and the grid's sparklines, per side. A day that was
 * not measured is null (a gap in the line), never zero.
 */
export interface WeekPoint {
  day: number;
  api: number | null;
  selfHosted: number | null;
}

export type WeekSeriesKey = 'acceptance' | 'ttftP95Ms' | 'utilisation' | 'costPerAcceptedTask';

export type WeekSeries = Record<WeekSeriesKey, WeekPoint[]>;

function acceptance(scenario: Scenario, side: PilotSide, index: number): number | null {
  const m = scenario.pilot.days[index]?.[side];
  if (!m || m.tasksAccepted === null || m.tasksAttempted === null || m.tasksAttempted === 0) return null;
  return m.tasksAccepted / m.tasksAttempted;
}

function field(scenario: Scenario, side: PilotSide, index: number, key: DayMetricKey): number | null {
  return scenario.pilot.days[index]?.[side][key] ?? null;
}

function series(scenario: Scenario, pick: (side: PilotSide, index: number) => number | null): WeekPoint[] {
  return scenario.pilot.days.map((_, i) => ({ day: i + 1, api: pick('api', i), selfHosted: pick('selfHosted', i) }));
}

export function weekSeries(scenario: Scenario): WeekSeries {
  return {
    acceptance: series(scenario, (side, i) => acceptance(scenario, side, i)),
    ttftP95Ms: series(scenario, (side, i) => field(scenario, side, i, 'ttftP95Ms')),
    // Utilisation of provisioned capacity only exists on the self-hosted side.
    utilisation: series(scenario, (side, i) => (side === 'selfHosted' ? field(scenario, side, i, 'utilisation') : null)),
    costPerAcceptedTask: series(scenario, (side, i) => dayCostPerAcceptedTask(scenario, side, i)),
  };
}
