import type { ImportIssue } from '../../core/benchmarks/issues';
import type { Language } from '../../core/scenario/schema';
import { formatInteger } from '../../lib/format/format';
import type { BenchT } from './messages';

/** "line 12, field “ttft_ms”: a negative value; row skipped (-5)" in the user's language. */
export function issueText(t: BenchT, language: Language, issue: Pick<ImportIssue, 'code' | 'line' | 'field' | 'detail'>): string {
  const where = [
    issue.line !== null ? t('issue.line', { line: formatInteger(language, issue.line) }) : null,
    issue.field !== null ? t('issue.field', { field: issue.field }) : null,
  ]
    .filter((x): x is string => x !== null)
    .join(', ');
  const detail = issue.detail ? ` (${issue.detail})` : '';
  return `${where ? `${where}: ` : ''}${t(`issue.${issue.code}`)}${detail}`;
}
