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
  const none = perId[records.models.length] as number;
  if (none > 0 || records.model.subarray(0, records.length).includes(-1)) tokens.set('', (tokens.get('') ?? 0) + none);
  const models = [...tokens.entries()].sort((a, b) => b[1] - a[1]).map(([m]) => m);
  return { records, costs, models };
}
