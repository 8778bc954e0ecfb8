import type { ImportIssue } from '../../core/benchmarks/issues';
import type { Language } from '../../core/scenario/schema';
import { MAX_COLUMNS, MAX_LINE_CHARS } from '../../core/text/limits';
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
  // A row too wide carries its count of columns as the detail.
  const columns = issue.code === 'too-many-columns' && issue.detail !== null ? Number(issue.detail) : null;
  const detail = columns !== null ? ` (${formatInteger(language, columns)})` : issue.detail ? ` (${issue.detail})` : '';
  const limits = { maxLine: formatInteger(language, MAX_LINE_CHARS), maxColumns: formatInteger(language, MAX_COLUMNS) };
  return `${where ? `${where}: ` : ''}${t(`issue.${issue.code}`, limits)}${detail}`;
}
