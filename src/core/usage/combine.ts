import type { UsageReadResult } from './reader';
import { UsageTable } from './table';
import type { CostRecord } from './types';

export interface CombinedUsage {
  records: UsageTable;
  costs: CostRecord[];
  /** Every model the files name, largest first by tokens ('' for rows that name none). */
  models: string[];
}

/** The files read one by one, taken together: their rows in file order and their costs. */
export function combineUsage(results: readonly Pick<UsageReadResult, 'records' | 'costs'>[]): CombinedUsage {
  const records = UsageTable.concat(results.map((r) => r.records));
  const costs: CostRecord[] = [];
  for (const r of results) for (const c of r.costs) costs.push(c);
  const perId = records.tokensByModel();
  const tokens = new Map<string, number>();
  // Ids follow first appearance, so equal totals keep the files' order.
  records.models.forEach((m, id) => tokens.set(m, (tokens.get(m) ?? 0) + (perId[id] as number)));
  // Rows that name no model count as the model '' when they carry any usage (an export's
  // empty day is written as a row with its times and nothing else).
  if (hasUsageWithoutModel(records)) tokens.set('', (tokens.get('') ?? 0) + (perId[records.models.length] as number));
  const models = [...tokens.entries()].sort((a, b) => b[1] - a[1]).map(([m]) => m);
  return { records, costs, models };
}

function hasUsageWithoutModel(t: UsageTable): boolean {
  const some = (a: Float64Array, i: number) => (a[i] as number) > 0;
  for (let i = 0; i < t.length; i++) {
    if ((t.model[i] as number) >= 0) continue;
    if (some(t.requests, i) || some(t.failed, i) || some(t.input, i) || some(t.output, i) || some(t.cost, i)) return true;
  }
  return false;
}
