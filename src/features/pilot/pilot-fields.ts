import { DAY_METRIC_ORDER, MONEY_LIMITS, type DayMetricKey, type DayMetrics } from '../../core/scenario/schema';

/**
 * How each day field is entered and shown in the grid: its row group, unit, whether it takes
 * whole numbers, the display scale (shares are typed in %) and how the week column folds it.
 */
export type FieldUnit = 'ms' | 'pct' | 'tasks' | 'tokens' | 'calls' | 'h' | 'money' | 'count';
export type RowGroup = 'latency' | 'tasks' | 'errors' | 'quality' | 'tokens' | 'staff' | 'utilisation' | 'cost';

export interface FieldSpec {
  key: DayMetricKey;
  group: RowGroup;
  unit: FieldUnit;
  integer: boolean;
  /** Shown = stored × scale. */
  scale: number;
  /** Largest stored value the schema accepts (null: no upper limit). */
  max: number | null;
  week: 'sum' | 'mean';
  /** Utilisation of provisioned capacity only exists on the self-hosted side. */
  selfHostedOnly: boolean;
}

const spec = (key: DayMetricKey, group: RowGroup, unit: FieldUnit, week: 'sum' | 'mean', extra: Partial<FieldSpec> = {}): FieldSpec => ({
  key,
  group,
  unit,
  integer: unit === 'tasks' || unit === 'tokens' || unit === 'calls' || unit === 'count',
  scale: unit === 'pct' ? 100 : 1,
  max: unit === 'pct' ? 1 : unit === 'h' ? 24 * 50 : unit === 'money' ? MONEY_LIMITS.pilotDay : null,
  week,
  selfHostedOnly: false,
  ...extra,
});

export const FIELD_SPECS: readonly FieldSpec[] = [
  spec('ttftP50Ms', 'latency', 'ms', 'mean'),
  spec('ttftP95Ms', 'latency', 'ms', 'mean'),
  spec('generationMs', 'latency', 'ms', 'mean'),
  spec('tasksAttempted', 'tasks', 'tasks', 'sum'),
  spec('tasksCompleted', 'tasks', 'tasks', 'sum'),
  spec('tasksAccepted', 'tasks', 'tasks', 'sum'),
  spec('errorRate', 'errors', 'pct', 'mean'),
  spec('timeoutRate', 'errors', 'pct', 'mean'),
  spec('retries', 'errors', 'count', 'sum'),
  spec('toolCallsTotal', 'quality', 'calls', 'sum'),
  spec('toolCallsCorrect', 'quality', 'calls', 'sum'),
  spec('inputTokens', 'tokens', 'tokens', 'sum'),
  spec('outputTokens', 'tokens', 'tokens', 'sum'),
  spec('teamHours', 'staff', 'h', 'sum'),
  spec('outOfHoursHours', 'staff', 'h', 'sum'),
  spec('utilisation', 'utilisation', 'pct', 'mean', { selfHostedOnly: true }),
  spec('costUsd', 'cost', 'money', 'sum'),
];

export type CellProblem =
  | { kind: 'acceptance'; pct: number; max: number }
  | { kind: 'not-above'; other: DayMetricKey; value: number }
  | { kind: 'not-below'; other: DayMetricKey; value: number };

/**
 * The same-day consistency rules of the scenario schema, checked for one field before it is
 * stored, so the message appears at the field that was typed (not at its partner).
 */
export function cellProblem(day: DayMetrics, key: DayMetricKey, value: number | null): CellProblem | null {
  if (value === null) return null;
  for (const [a, b] of DAY_METRIC_ORDER) {
    if (key === a) {
      const other = day[b];
      if (other === null || value <= other) continue;
      if (a === 'tasksAccepted' && b === 'tasksAttempted') return { kind: 'acceptance', pct: other > 0 ? value / other : 0, max: other };
      return { kind: 'not-above', other: b, value: other };
    }
    if (key === b) {
      const other = day[a];
      if (other === null || other <= value) continue;
      return { kind: 'not-below', other: a, value: other };
    }
  }
  return null;
}
