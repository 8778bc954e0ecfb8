import { DEFAULT_SCENARIO } from '../scenario/defaults';
import { cloneJson } from '../scenario/json';
import type { DayMetrics, Incident, Pilot } from '../scenario/schema';
import { CHECKS } from './checklist';

/**
 * Three invented example weeks, one per decision, so a user can see how the scorecard works
 * before entering their own evidence. They are example data, not measurements: the UI labels
 * them as such for as long as `pilot.example` is set.
 *
 * Shape of the weeks: the same task set goes to both sides each day (article 002: "dieselbe
 * Aufgabenmenge in Kimi K3 API und im eigenen Dienst"); 12,000 input and 2,000 output tokens
 * per agent task. The API's daily bill is those tokens at the default offer (Kimi K2.6:
 * $0.95 / $0.16 cached / $4.00 per 1M, half the input cached), i.e. $0.01466 per task:
 * 6,000 × 0.95e-6 + 6,000 × 0.16e-6 + 2,000 × 4e-6 = 0.0057 + 0.00096 + 0.008.
 * Self-hosted daily bills: a rented 8× H200 node at $4.29 per GPU-hour is 8 × 4.29 × 24 =
 * $823.68; an owned node (amortisation, power, ops) about $262.
 */
export type PilotExample = NonNullable<Pilot['example']>;

const API_USD_PER_TASK = 0.01466;
const IN_TOKENS_PER_TASK = 12_000;
const OUT_TOKENS_PER_TASK = 2_000;
const TOOL_CALLS_PER_TASK = 3;

interface DaySpec {
  attempted: number;
  accepted: number;
  ttftP50Ms: number;
  ttftP95Ms: number;
  generationMs: number;
  errorRate: number;
  timeoutRate: number;
  toolCorrect: number;
  teamHours: number;
  outOfHours: number;
  utilisation: number | null;
  costUsd: number;
}

function day(s: DaySpec): DayMetrics {
  const failed = s.errorRate + s.timeoutRate;
  return {
    ttftP50Ms: s.ttftP50Ms,
    ttftP95Ms: s.ttftP95Ms,
    generationMs: s.generationMs,
    tasksAttempted: s.attempted,
    tasksCompleted: Math.round(s.attempted * (1 - failed)),
    tasksAccepted: Math.round(s.attempted * s.accepted),
    errorRate: s.errorRate,
    timeoutRate: s.timeoutRate,
    retries: Math.round(s.attempted * failed),
    inputTokens: s.attempted * IN_TOKENS_PER_TASK,
    outputTokens: s.attempted * OUT_TOKENS_PER_TASK,
    toolCallsTotal: s.attempted * TOOL_CALLS_PER_TASK,
    toolCallsCorrect: Math.round(s.attempted * TOOL_CALLS_PER_TASK * s.toolCorrect),
    teamHours: s.teamHours,
    outOfHoursHours: s.outOfHours,
    utilisation: s.utilisation,
    costUsd: Math.round(s.costUsd * 100) / 100,
  };
}

interface WeekSpec {
  attempted: number[];
  api: { accepted: number; ttftP95Ms: number[]; errorRate: number; timeoutRate: number; toolCorrect: number; teamHours: number[] };
  self: {
    accepted: number[];
    ttftP95Ms: number[];
    errorRate: number[];
    timeoutRate: number[];
    toolCorrect: number[];
    teamHours: number[];
    outOfHours: number[];
    utilisation: number[];
    costUsdPerDay: number;
  };
}

function at(list: readonly number[], i: number): number {
  return list[i] as number;
}

function week(w: WeekSpec): Pilot['days'] {
  return w.attempted.map((attempted, i) => ({
    api: day({
      attempted,
      accepted: w.api.accepted,
      ttftP50Ms: Math.round(at(w.api.ttftP95Ms, i) * 0.35),
      ttftP95Ms: at(w.api.ttftP95Ms, i),
      generationMs: 14_000,
      errorRate: w.api.errorRate,
      timeoutRate: w.api.timeoutRate,
      toolCorrect: w.api.toolCorrect,
      teamHours: at(w.api.teamHours, i),
      outOfHours: 0,
      utilisation: null,
      costUsd: attempted * API_USD_PER_TASK,
    }),
    selfHosted: day({
      attempted,
      accepted: at(w.self.accepted, i),
      ttftP50Ms: Math.round(at(w.self.ttftP95Ms, i) * 0.35),
      ttftP95Ms: at(w.self.ttftP95Ms, i),
      generationMs: 15_500,
      errorRate: at(w.self.errorRate, i),
      timeoutRate: at(w.self.timeoutRate, i),
      toolCorrect: at(w.self.toolCorrect, i),
      teamHours: at(w.self.teamHours, i),
      outOfHours: at(w.self.outOfHours, i),
      utilisation: at(w.self.utilisation, i),
      costUsd: w.self.costUsdPerDay,
    }),
  }));
}

function allDay1Passed(): Pilot['checks'] {
  const checks: Pilot['checks'] = {};
  for (const c of CHECKS) {
    if (c.phase !== 'day-1') continue;
    checks[c.id] = c.id === 'd1.visual-inputs' ? { status: 'not-tested', note: 'No image input in this product' } : { status: 'passed', note: '' };
  }
  return checks;
}

function base(example: PilotExample): Pilot {
  const p = cloneJson(DEFAULT_SCENARIO.pilot);
  p.example = example;
  return p;
}

function incident(
  day: number,
  start: string,
  cause: Incident['cause'],
  recoveryMinutes: number,
  affectedTasks: number,
  countermeasure: string,
  outOfHours: boolean,
): Incident {
  return { day, start, cause, recoveryMinutes, affectedTasks, countermeasure, outOfHours };
}

/** Steady internal batch and agent jobs on an owned node: quality reached, capacity busy. */
function continueWeek(): Pilot {
  const p = base('continue');
  p.days = week({
    attempted: [52_000, 55_000, 56_000, 57_000, 56_500, 48_000, 47_000],
    api: {
      accepted: 0.91,
      ttftP95Ms: [1_900, 1_880, 1_920, 1_900, 1_910, 1_870, 1_860],
      errorRate: 0.006,
      timeoutRate: 0.002,
      toolCorrect: 0.975,
      teamHours: [1, 0.5, 0.5, 0.5, 0.5, 0, 0],
    },
    self: {
      accepted: [0.88, 0.89, 0.89, 0.895, 0.89, 0.89, 0.895],
      ttftP95Ms: [2_500, 2_300, 2_250, 2_300, 2_350, 2_200, 2_150],
      errorRate: [0.012, 0.01, 0.009, 0.011, 0.009, 0.008, 0.008],
      timeoutRate: [0.003, 0.003, 0.003, 0.003, 0.003, 0.003, 0.003],
      toolCorrect: [0.955, 0.962, 0.965, 0.963, 0.966, 0.965, 0.967],
      teamHours: [8, 6, 5, 4, 4, 2, 2],
      outOfHours: [0, 0, 0, 1.5, 0, 0, 0],
      utilisation: [0.55, 0.68, 0.72, 0.74, 0.73, 0.66, 0.64],
      costUsdPerDay: 262,
    },
  });
  p.incidents = [
    incident(2, '14:20', 'parser-tool-call', 35, 120, 'Pinned the tool-call parser version; regression test on the agent suite', false),
    incident(4, '23:40', 'oom', 50, 40, 'max-num-seqs 48 → 40 and a 128K context limit for long sessions', true),
  ];
  p.checks = {
    ...allDay1Passed(),
    'd23.queue-separated': { status: 'passed', note: '' },
    'd23.long-context': { status: 'passed', note: '' },
    'd45.incidents-logged': { status: 'passed', note: '' },
    'd67.fallback-route': { status: 'passed', note: 'API key and router rule kept warm' },
  };
  p.dayReasons[0] = { origin: 'message-handling', note: 'Chat template differed until reasoning_content was passed back' };
  p.sensitiveShare = 0.1;
  p.plannableShare = 0.6;
  return p;
}

/** Spiky demand and a stretched team on a rented node: idle most of the week, many interventions. */
function returnWeek(): Pilot {
  const p = base('return');
  p.days = week({
    attempted: [3_200, 4_100, 900, 5_200, 1_200, 300, 250],
    api: {
      accepted: 0.9,
      ttftP95Ms: [2_100, 2_150, 2_050, 2_200, 2_100, 2_000, 2_000],
      errorRate: 0.008,
      timeoutRate: 0.002,
      toolCorrect: 0.97,
      teamHours: [2, 1, 0.5, 0.5, 0.5, 0, 0],
    },
    self: {
      accepted: [0.84, 0.86, 0.87, 0.85, 0.87, 0.86, 0.88],
      ttftP95Ms: [3_900, 4_300, 2_900, 4_600, 3_100, 2_700, 2_600],
      errorRate: [0.03, 0.035, 0.02, 0.04, 0.025, 0.02, 0.02],
      timeoutRate: [0.012, 0.015, 0.005, 0.018, 0.008, 0.004, 0.004],
      toolCorrect: [0.93, 0.94, 0.945, 0.935, 0.94, 0.945, 0.95],
      teamHours: [14, 12, 9, 11, 10, 4, 3],
      outOfHours: [0, 1, 0, 3, 0, 2.5, 0],
      utilisation: [0.22, 0.31, 0.08, 0.38, 0.11, 0.03, 0.02],
      costUsdPerDay: 823.68,
    },
  });
  p.incidents = [
    incident(1, '09:30', 'failed-start', 45, 0, 'Pinned driver and CUDA versions in the serving image', false),
    incident(2, '16:10', 'oom', 80, 220, 'Context limit 64K for agent sessions', false),
    incident(4, '03:05', 'timeout', 95, 310, '', true),
    incident(5, '11:00', 'driver-engine-upgrade', 120, 150, 'Upgrade runbook with a canary replica', false),
    incident(6, '22:45', 'inter-node', 70, 60, '', true),
  ];
  p.checks = allDay1Passed();
  p.dayReasons[3] = { origin: 'engine', note: 'Requests queued before scheduling during the burst' };
  p.sensitiveShare = 0.05;
  p.plannableShare = 0.1;
  return p;
}

/** Office-hours peaks plus data that must stay in-house: local for the base, API for peaks. */
function hybridWeek(): Pilot {
  const p = base('hybrid');
  p.days = week({
    attempted: [18_000, 21_000, 24_000, 22_000, 20_000, 4_000, 3_500],
    api: {
      accepted: 0.9,
      ttftP95Ms: [1_800, 1_820, 1_850, 1_800, 1_790, 1_750, 1_760],
      errorRate: 0.007,
      timeoutRate: 0.002,
      toolCorrect: 0.97,
      teamHours: [1, 0.5, 0.5, 0.5, 0.5, 0, 0],
    },
    self: {
      accepted: [0.87, 0.88, 0.875, 0.88, 0.885, 0.89, 0.89],
      ttftP95Ms: [2_900, 3_300, 3_800, 3_500, 3_100, 1_900, 1_850],
      errorRate: [0.012, 0.011, 0.013, 0.012, 0.01, 0.008, 0.008],
      timeoutRate: [0.004, 0.004, 0.006, 0.005, 0.004, 0.002, 0.002],
      toolCorrect: [0.955, 0.958, 0.956, 0.96, 0.962, 0.963, 0.962],
      teamHours: [9, 6, 5, 5, 4, 1.5, 1.5],
      outOfHours: [0, 0, 1, 0, 0, 0.5, 0],
      utilisation: [0.48, 0.55, 0.61, 0.58, 0.52, 0.14, 0.12],
      costUsdPerDay: 823.68,
    },
  });
  p.incidents = [
    incident(3, '11:40', 'timeout', 25, 90, 'Queue-aware routing: overflow to the API above 24 waiting requests', false),
    incident(6, '20:15', 'other', 30, 0, 'Log rotation and a disk alert at 80 %', true),
  ];
  p.checks = {
    ...allDay1Passed(),
    'd45.data-protection': { status: 'passed', note: 'Access control, logging and deletion reviewed with the DPO' },
    'd67.router-normalised': { status: 'not-tested', note: 'Router prototype next week' },
  };
  p.dayReasons[2] = { origin: 'engine', note: 'Peak: 60 concurrent sessions over max-num-seqs, queueing dominates TTFT' };
  p.sensitiveShare = 0.35;
  p.plannableShare = 0.25;
  return p;
}

export const PILOT_EXAMPLES: Readonly<Record<PilotExample, () => Pilot>> = {
  continue: continueWeek,
  return: returnWeek,
  hybrid: hybridWeek,
};

export function examplePilot(example: PilotExample): Pilot {
  return PILOT_EXAMPLES[example]();
}
