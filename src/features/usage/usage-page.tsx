import { countIn } from '../../lib/i18n/count';
import { fieldLabels, isFieldPath } from '../../lib/i18n/fields';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ProgressBar } from '../../components/progress-bar';
import { useState, type DragEvent } from 'react';
import { Banner, Card } from '../../components/card';
import { Button } from '../../components/button';
import { ChooseFiles } from '../../components/choose-files';
import { FactsList } from '../../components/facts-list';
import { SelectField } from '../../components/select-field';
import { useLanguage, useT } from '../../components/use-t';
import type { Language, Scenario, UsageSource, Workload } from '../../core/scenario/schema';
import type { DerivedWorkload, Distribution, ModelUsage, ProfileChoice } from '../../core/usage/aggregate';
import type { UsageIssue } from '../../core/usage/types';
import { excerpt, MAX_COLUMNS, MAX_LINE_CHARS } from '../../core/text/limits';
import { formatDate, formatInteger, formatMoney, formatNumber, formatPercent } from '../../lib/format/format';
import { timeZoneNames } from '../../lib/format/time-zones';
import { usageKeys, usageQuery } from '../../lib/query/usage';
import { useAppStore } from '../../state/store';
import type { UsageResult as UsageAnswer, UsageProgress } from '../../worker/contract';
import { MappingForm } from './mapping-form';
import { readNotes, type ReadNote } from './read-notes';
import { DailyChart, WeekHeatmap } from './usage-charts';
import { useUsageSession, type AppliedChange } from './usage-session';
import { usageMessages, type T, type UsageKey } from './messages';

/** Notes shown with a file's line although they are no problem: how the file was read. */
const SHOWN_INFO = new Set<UsageIssue['code']>(['timestamp-no-zone', 'decimal-comma', 'duplicate-request', 'duplicate-bucket', 'same-bucket-other-figures']);

/** The example file: a real OpenAI dashboard usage export, provenance in fixtures/usage/SOURCES.md. */
const EXAMPLE_FILE = 'REAL_openai_usage_export_completions.tsv';

const WORKLOAD_FIELDS = [
  'mode',
  'requestsPerDay',
  'inputTokensPerRequest',
  'outputTokensPerRequest',
  'inputTokensPerMonth',
  'outputTokensPerMonth',
  'cacheHitShare',
  'reasoningMode',
  'reasoningTokensPerRequest',
  'reasoningMultiplier',
  'retryRateApi',
  'profileMode',
  'weeklyProfile',
  'peakToAverage',
] as const satisfies readonly (keyof Workload)[];
type ShownField = (typeof WORKLOAD_FIELDS)[number];
/** The shown fields the field glossary (lib/i18n/fields.ts) has no label for: this page words them. */
const OWN_LABELS = ['reasoningMode', 'reasoningMultiplier', 'profileMode', 'weeklyProfile', 'peakToAverage'] as const satisfies readonly ShownField[];
type OwnLabel = (typeof OWN_LABELS)[number];

function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A day count that may be fractional (1.83 days): the plural rule sees the number as shown. */
function countDays(language: Language, days: number): string {
  return countIn(usageMessages, language, 'days', Number(days.toFixed(2)), formatNumber(language, days, 2));
}

export function issueText(t: T, language: Language, file: string, issue: UsageIssue): string {
  const where = issue.line === null ? t('issue.file', { file }) : t('issue.at', { file, line: issue.line });
  const field = issue.field === null ? '' : t('issue.field', { field: issue.field });
  // A row too wide carries its count of columns as the detail.
  const shown = issue.code === 'too-many-columns' && issue.detail !== null ? formatInteger(language, Number(issue.detail)) : issue.detail;
  const detail = shown === null ? '' : ` — ${shown}`;
  const limits = { maxLine: formatInteger(language, MAX_LINE_CHARS), maxColumns: formatInteger(language, MAX_COLUMNS) };
  return `${where}${field}: ${t(`issue.${issue.code}`, limits)}${detail}`;
}

/** Days of the week by name (0 = Monday), in the week's order. */
function dayNames(t: T, days: readonly number[]): string {
  return days.map((d) => t(`day.${d}` as UsageKey)).join(', ');
}

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];

function noteText(t: T, language: Language, note: ReadNote): string {
  switch (note.kind) {
    case 'duplicate-rows':
      return t('notes.duplicateRows', { rows: countIn(usageMessages, language, 'rows', note.rows), files: note.files.join(', ') });
    case 'duplicate-file':
      return t('notes.duplicateFile', { file: note.file, earlier: note.sameAs });
    case 'column-dropped':
      return t('notes.columnDropped', { file: note.file, column: note.column, line: note.line ?? '–', value: note.value });
    case 'decimal-comma':
      return t('notes.decimalComma', { file: note.file, columns: note.columns.join(', ') });
    case 'weekdays': {
      if (note.window === null) {
        const missing = ALL_DAYS.filter((d) => !note.weekdays.includes(d));
        return t('notes.weekdaysPartial', {
          days: dayNames(t, note.weekdays),
          n: note.weekdays.length,
          covered: countDays(language, note.perDayDays),
          missing: dayNames(t, missing),
        });
      }
      const whole = t('notes.weekdaysWhole', {
        days: dayNames(t, note.weekdays),
        weeks: countIn(usageMessages, language, 'lastWeeks', note.wholeWeeks),
        from: formatDate(language, note.window.from),
        to: formatDate(language, note.window.to),
      });
      return note.daysLeftOut > 0.005 ? `${whole} ${t('notes.leftOut', { days: countDays(language, note.daysLeftOut) })}` : whole;
    }
  }
}

/** What was dropped, adjusted or not seen, said in one place (read-notes.ts). */
function NotesCard(props: { notes: readonly ReadNote[]; t: T; language: Language }) {
  const { notes, t, language } = props;
  if (notes.length === 0) return null;
  return (
    <Card title={t('notes.title')} testId="usage-notes">
      <ul className="list-disc pl-5 text-sm">
        {notes.map((n, i) => (
          <li key={i} data-testid={`usage-note-${n.kind}`} className={n.kind === 'weekdays' && n.window === null ? 'text-warn' : undefined}>
            {noteText(t, language, n)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function formatField(language: Language, t: T, field: ShownField, w: Partial<Workload>): string {
  const v = w[field];
  if (v === undefined) return '–';
  switch (field) {
    case 'mode':
      return t(v === 'tokens' ? 'value.tokens' : 'value.requests');
    case 'reasoningMode':
      return t(v === 'tokens' ? 'value.reasoningTokens' : v === 'multiplier' ? 'value.multiplier' : 'value.none');
    case 'profileMode':
      return t(v === 'weekly' ? 'value.weekly' : 'value.peak-to-average');
    case 'cacheHitShare':
    case 'retryRateApi':
      return formatPercent(language, v as number, 1);
    case 'weeklyProfile': {
      const weights = v as number[];
      const mean = weights.reduce((a, b) => a + b, 0) / weights.length;
      return t('value.profile', { peak: formatNumber(language, mean > 0 ? Math.max(...weights) / mean : 0, 2) });
    }
    case 'peakToAverage':
    case 'reasoningMultiplier':
      return t('value.times', { n: formatNumber(language, v as number, 2) });
    case 'requestsPerDay':
      return formatNumber(language, v as number, 1);
    default:
      return t('value.tokensUnit', { n: formatInteger(language, v as number) });
  }
}

type Change = AppliedChange;

function changesOf(language: Language, t: T, before: Workload, after: Workload): Change[] {
  return WORKLOAD_FIELDS.filter((f) => !same(before[f], after[f])).map((f) => ({
    field: f,
    before: formatField(language, t, f, before),
    after: formatField(language, t, f, after),
  }));
}

function dist(language: Language, t: T, d: Distribution | null | undefined, digits = 0): string {
  if (d === null || d === undefined) return t('na');
  const f = (x: number) => formatNumber(language, x, digits);
  return d.median === null || d.p90 === null ? t('dist.mean', { mean: f(d.mean) }) : t('dist.full', { mean: f(d.mean), median: f(d.median), p90: f(d.p90) });
}

function ModelsTable(props: { derived: DerivedWorkload; t: T; language: Language; scenario: Scenario }) {
  const { derived, t, language, scenario } = props;
  const money = (usd: number | null) => (usd === null ? t('na') : formatMoney(language, 'USD', scenario.fx, usd));
  const rows: ModelUsage[] = derived.models.length > 1 ? [...derived.models, derived.total] : derived.models;
  return (
    <Card title={t('models.title')} testId="usage-models">
      <p className="mb-2 text-xs text-muted">{t('models.caption')}</p>
      <div className="overflow-x-auto">
        <table className="figures w-full text-left text-sm">
          <thead className="text-xs text-muted">
            <tr>
              {(
                [
                  'col.model',
                  'col.requestsPerDay',
                  'col.input',
                  'col.cached',
                  'col.output',
                  'col.reasoning',
                  'col.errors',
                  'col.bill',
                  'col.listPrice',
                ] as const
              ).map((k) => (
                <th key={k} scope="col" className="px-2 py-1 font-medium">
                  {t(k)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((m, i) => (
              <tr key={`${m.model}-${i}`} className="border-t border-border align-top">
                <th scope="row" className="px-2 py-1 font-medium">
                  {m === derived.total ? t('option.modelsAll') : m.model === '' ? t('model.none') : m.model}
                </th>
                <td className="px-2 py-1">{m.requestsPerDay === null ? t('na') : formatNumber(language, m.requestsPerDay, 1)}</td>
                <td className="px-2 py-1">{dist(language, t, m.perRequest?.input)}</td>
                <td className="px-2 py-1">{m.cacheHitShare === null ? t('na') : formatPercent(language, m.cacheHitShare, 1)}</td>
                <td className="px-2 py-1">{dist(language, t, m.perRequest?.output)}</td>
                <td className="px-2 py-1">{dist(language, t, m.perRequest?.reasoning)}</td>
                <td className="px-2 py-1">
                  {m.errorShare === null || m.retryRate === null
                    ? t('na')
                    : t('errors.value', { share: formatPercent(language, m.errorShare, 1), retry: formatPercent(language, m.retryRate, 1) })}
                </td>
                <td className="px-2 py-1">{money(m.billUsd)}</td>
                <td className="px-2 py-1">
                  {m.listPrice === null ? (
                    <span className="text-muted">{t('listPrice.none')}</span>
                  ) : (
                    <>
                      {money(m.listPrice.usd)}
                      {m !== derived.total ? (
                        <span className="block text-xs text-muted">
                          {t('listPrice.source', { source: m.listPrice.price.source, date: formatDate(language, m.listPrice.price.date) })}
                        </span>
                      ) : null}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

function sourceOf(answer: UsageAnswer, derived: DerivedWorkload, timeZone: string, models: string[], profile: ProfileChoice): UsageSource | null {
  if (derived.period === null) return null;
  return {
    // A file skipped for repeating another file's bytes adds nothing to the workload.
    files: answer.files
      .filter((f) => f.status !== 'duplicate')
      .map((f) => f.fileName.slice(0, 200))
      .slice(0, 20),
    firstDay: derived.period.firstDay,
    lastDay: derived.period.lastDay,
    timeZone: derived.timeZone === 'UTC' ? 'UTC' : timeZone,
    models: models.slice(0, 50),
    profile,
  };
}

function ApplyCard(props: { answer: UsageAnswer; t: T; language: Language; timeZone: string; models: string[]; profile: ProfileChoice }) {
  const { answer, t, language, timeZone, models, profile } = props;
  const ft = useT(fieldLabels);
  const derived = answer.derived;
  const scenario = useAppStore((s) => s.scenario);
  const updateSection = useAppStore((s) => s.updateSection);
  const applied = useUsageSession((s) => s.applied);
  const undone = useUsageSession((s) => s.undone);
  const setSession = useUsageSession((s) => s.set);
  const patch = derived.workload;
  const next: Workload = { ...scenario.workload, ...patch };
  const pending = changesOf(language, t, scenario.workload, next);
  const source = sourceOf(answer, derived, timeZone, models, profile);
  // What is applied is what the card shows; files loaded since (another file, other models)
  // that would change the workload are offered on top, and undo still goes back to the
  // workload entered by hand before the first "Use as workload".
  const stale = applied !== null && (pending.length > 0 || !same(applied.source, source));
  const apply = () => {
    const previous = applied?.previous ?? { workload: scenario.workload, usage: scenario.usage };
    setSession({ applied: { changes: changesOf(language, t, previous.workload, { ...previous.workload, ...patch }), previous, source }, undone: false });
    updateSection('workload', patch);
    updateSection('usage', { source });
  };
  const undo = () => {
    if (!applied) return;
    updateSection('workload', applied.previous.workload);
    updateSection('usage', applied.previous.usage);
    setSession({ applied: null, undone: true });
  };
  const perDayNote =
    derived.notes.includes('per-day-no-whole-week') && derived.workload.requestsPerDay !== undefined ? (
      <p className="text-xs text-muted" data-testid="usage-per-day-partial">
        {t('apply.perDayPartial', { days: derived.observation.weekdays.map((d) => t(`day.${d}` as UsageKey)).join(', ') })}
      </p>
    ) : null;
  const reasoningNote = derived.notes.includes('reasoning-inside-output') ? (
    <p className="text-xs text-muted" data-testid="usage-reasoning-inside">
      {t('apply.reasoningInside')}
    </p>
  ) : null;
  const fieldLabel = (f: keyof Workload) => {
    const path = `workload.${f}`;
    if (isFieldPath(path)) return ft(path);
    return (OWN_LABELS as readonly string[]).includes(f) ? t(`field.${f as OwnLabel}`) : f;
  };
  return (
    <Card title={t('apply.title')} testId="usage-apply">
      {applied ? (
        <div className="flex flex-col gap-2">
          <Banner tone="info" testId="usage-applied">
            <span>{t('apply.applied', { files: applied.source?.files.join(', ') ?? '' })}</span>{' '}
            <Button variant="secondary" size="sm" onClick={undo}>
              {t('apply.undo')}
            </Button>
          </Banner>
          <ChangesTable changes={applied.changes} t={t} fieldLabel={fieldLabel} testId="usage-changes" />
          {stale ? (
            <div className="flex flex-col gap-2" data-testid="usage-stale">
              <p className="text-sm" role="status">
                {t('apply.stale', { files: source?.files.join(', ') ?? '' })}
              </p>
              {pending.length > 0 ? <ChangesTable changes={pending} t={t} fieldLabel={fieldLabel} testId="usage-pending" /> : null}
              {perDayNote}
              {reasoningNote}
              <div>
                <Button variant="primary" disabled={source === null} onClick={apply}>
                  {t('apply.button')}
                </Button>
              </div>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          {undone ? (
            <Banner tone="info" testId="usage-undone">
              {t('apply.undone')}
            </Banner>
          ) : null}
          {pending.length === 0 ? <p className="text-sm text-muted">{t('apply.nothing')}</p> : <p className="text-sm text-muted">{t('apply.intro')}</p>}
          {pending.length > 0 ? <ChangesTable changes={pending} t={t} fieldLabel={fieldLabel} testId="usage-changes" /> : null}
          {perDayNote}
          {reasoningNote}
          <div>
            <Button variant="primary" disabled={pending.length === 0 || source === null} onClick={apply}>
              {t('apply.button')}
            </Button>
          </div>
        </div>
      )}
      {derived.kept.length > 0 ? (
        <div className="mt-3" data-testid="usage-kept">
          <h3 className="text-sm font-medium">{t('kept.title')}</h3>
          <ul className="mt-1 list-disc pl-5 text-sm text-muted">
            {derived.kept.map((k) => (
              <li key={k.field}>{t('kept.row', { field: fieldLabel(k.field), reason: t(`reason.${k.reason}`) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

function ChangesTable(props: { changes: readonly Change[]; t: T; fieldLabel: (f: keyof Workload) => string; testId: string }) {
  const { changes, t, fieldLabel, testId } = props;
  return (
    <table className="figures w-full text-left text-sm" data-testid={testId}>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="px-2 py-1 font-medium">
            {t('apply.col.input')}
          </th>
          <th scope="col" className="px-2 py-1 font-medium">
            {t('apply.col.before')}
          </th>
          <th scope="col" className="px-2 py-1 font-medium">
            {t('apply.col.after')}
          </th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} className="border-t border-border">
            <th scope="row" className="px-2 py-1 font-medium">
              {fieldLabel(c.field)}
            </th>
            <td className="px-2 py-1 text-muted">{c.before}</td>
            <td className="px-2 py-1">→ {c.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function UsagePage() {
  const t = useT(usageMessages) as T;
  const language = useLanguage();
  const scenario = useAppStore((s) => s.scenario);
  const [dragOver, setDragOver] = useState(false);
  const queryClient = useQueryClient();
  const session = useUsageSession();
  const { files, profile, models } = session;
  const timeZone = session.timeZone ?? scenario.usage.source?.timeZone ?? browserZone();
  const setFiles = (next: File[], example = false) => session.set({ files: next, models: [], example });
  // The example is a committed real export (fixtures/usage/SOURCES.md), bundled as its own chunk
  // and loaded only when asked for: no request leaves the app's origin.
  const loadExample = async () => {
    const { default: text } = await import('../../../fixtures/usage/REAL_openai_usage_export_completions.tsv?raw');
    setFiles([new File([text], EXAMPLE_FILE, { type: 'text/tab-separated-values' })], true);
  };
  const setTimeZone = (z: string) => session.set({ timeZone: z });
  const setProfile = (p: ProfileChoice) => session.set({ profile: p });
  const setModels = (m: string[]) => session.set({ models: m });
  // The read's progress: transient view state of this page, not an input and not a result.
  const [progress, setProgress] = useState<UsageProgress | null>(null);
  const query = useQuery(
    usageQuery({ files, names: files.map((f) => f.name), mappings: session.mappings, timeZone, models, profile, current: scenario.workload }, setProgress),
  );
  const share = progress && progress.totalBytes > 0 ? Math.min(1, progress.bytesRead / progress.totalBytes) : 0;
  const answer = query.data;
  const derived = answer?.derived;

  const take = (list: ArrayLike<File> | null | undefined) => {
    const next = list ? Array.from(list) : [];
    if (next.length === 0) return;
    setFiles(next);
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragOver(false);
    take(e.dataTransfer.files);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4" data-testid="usage-page">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      <Card testId="usage-import">
        <p className="mb-3 text-sm text-muted">{t('intro')}</p>
        <div
          data-testid="usage-drop-zone"
          onDragOver={(e) => {
            e.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
          className={`flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center ${dragOver ? 'border-accent bg-surface-2' : 'border-border'}`}
        >
          <p className="text-sm font-medium">{t('drop')}</p>
          <div className="flex gap-2">
            <ChooseFiles label={t('choose')} testId="usage-file-input" onFiles={take} />
            {files.length === 0 ? (
              <Button variant="secondary" onClick={() => void loadExample()}>
                {t('example.load')}
              </Button>
            ) : null}
            {files.length > 0 ? (
              <Button variant="secondary" onClick={() => setFiles([])}>
                {t('clear')}
              </Button>
            ) : null}
          </div>
        </div>
        {session.example && files.length > 0 ? (
          <Banner tone="info" testId="usage-example">
            {t('example.label', { file: EXAMPLE_FILE })}
          </Banner>
        ) : null}
        {query.isFetching ? (
          <div className="mt-2 flex flex-col gap-2" data-testid="usage-progress">
            <ProgressBar label={t('progressLabel')} share={share} />
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted" role="status">
              {t('reading', { count: countIn(usageMessages, language, 'files', files.length) })}
              {progress ? (
                <span className="figures">
                  {t('progress', {
                    name: progress.fileName,
                    index: progress.fileIndex + 1,
                    count: progress.fileCount,
                    percent: formatPercent(language, share, 0),
                  })}
                </span>
              ) : null}
              <Button
                variant="secondary"
                size="xs"
                onClick={() => {
                  void queryClient.cancelQueries({ queryKey: usageKeys.all });
                  setFiles([]);
                }}
              >
                {t('cancel')}
              </Button>
            </p>
          </div>
        ) : null}
        {query.error ? (
          <Banner tone="bad" role="alert">
            {t('failed', { reason: query.error.message })}
          </Banner>
        ) : null}
        {answer && files.length > 0 ? (
          <ul className="mt-3 flex flex-col gap-1 text-sm" data-testid="usage-files">
            {answer.files.map((f, fileIndex) => {
              const formats = f.formats.join(', ');
              const rows = countIn(usageMessages, language, 'rows', f.rows.read);
              const read =
                f.status === 'failed'
                  ? t('file.failed', { name: f.fileName })
                  : f.status === 'duplicate'
                    ? t('file.duplicate', { name: f.fileName, earlier: f.duplicateOf ?? '' })
                    : f.status === 'needs-mapping'
                      ? t('file.needsMapping', { name: f.fileName, headers: excerpt(f.csv?.headers.slice(0, 81).join(', ') ?? '') })
                      : f.status === 'partial'
                        ? t('file.partial', { name: f.fileName, formats, rows, skipped: countIn(usageMessages, language, 'rows', f.rows.skipped) })
                        : t('file.ok', { name: f.fileName, formats, rows });
              const line =
                f.rows.duplicates > 0 ? `${read} ${t('file.duplicates', { rows: countIn(usageMessages, language, 'rows', f.rows.duplicates) })}` : read;
              const problems = f.issues.filter((i) => i.severity !== 'info' || SHOWN_INFO.has(i.code));
              return (
                <li key={`${fileIndex}-${f.fileName}`}>
                  <span className={f.status === 'failed' || f.status === 'needs-mapping' ? 'text-bad' : ''}>{line}</span>
                  {f.status === 'needs-mapping' && f.csv ? (
                    <MappingForm
                      fileName={f.fileName}
                      headers={f.csv.headers}
                      delimiter={f.csv.delimiter}
                      sample={f.csv.sample}
                      t={t}
                      onApply={(mapping) => session.set({ mappings: { ...session.mappings, [f.fileName]: mapping } })}
                    />
                  ) : null}
                  {problems.length > 0 ? (
                    <ul className="ml-4 list-disc text-xs text-muted" role={f.status === 'failed' ? 'alert' : undefined} data-testid="usage-issues">
                      {problems.slice(0, 8).map((i, k) => (
                        <li key={k}>{issueText(t, language, f.fileName, i)}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
      </Card>

      {answer && files.length > 0 ? <NotesCard notes={readNotes(answer.files, derived?.period ? derived : null)} t={t} language={language} /> : null}

      {answer && derived && files.length > 0 && derived.period ? (
        <>
          <Card testId="usage-options">
            <div className="grid gap-3 sm:grid-cols-2">
              <SelectField
                label={t('option.zone')}
                value={timeZone}
                options={timeZoneNames(timeZone).map((z) => ({ value: z, label: z }))}
                onChange={setTimeZone}
                help={t('option.zoneHelp')}
                testId="usage-zone"
              />
              <SelectField
                label={t('option.profile')}
                value={profile}
                options={[
                  { value: 'median', label: t('profile.median') },
                  { value: 'busiest', label: t('profile.busiest') },
                ]}
                onChange={(v) => setProfile(v)}
                testId="usage-profile"
              />
            </div>
            {answer.models.length > 1 ? (
              <fieldset className="mt-3">
                <legend className="text-sm font-medium">{t('option.models')}</legend>
                <div className="mt-1 flex flex-wrap gap-3 text-sm">
                  {answer.models.map((m) => (
                    <label key={m} className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        checked={models.length === 0 || models.includes(m)}
                        onChange={(e) => {
                          const base = models.length === 0 ? answer.models : models;
                          const next = e.target.checked ? [...new Set([...base, m])] : base.filter((x) => x !== m);
                          setModels(next.length === answer.models.length ? [] : next.length === 0 ? base : next);
                        }}
                      />
                      {m === '' ? t('model.none') : m}
                    </label>
                  ))}
                </div>
              </fieldset>
            ) : null}
          </Card>
          <Card title={t('period.title')} testId="usage-period">
            <FactsList
              rows={[
                {
                  label: t('period.title'),
                  value: t('period.value', {
                    from: formatDate(language, derived.period.firstDay),
                    to: formatDate(language, derived.period.lastDay),
                    days: countIn(usageMessages, language, 'days', derived.period.days),
                  }),
                  testId: 'usage-period-value',
                },
                { label: t('period.zone'), value: derived.timeZone === 'UTC' && timeZone !== 'UTC' ? t('period.zoneUtc') : derived.timeZone },
                { label: t('period.granularity'), value: t(`granularity.${derived.granularity}`) },
                {
                  label: t('period.gaps'),
                  value:
                    derived.period.gaps.length === 0
                      ? t('period.gapsNone')
                      : derived.period.gaps
                          .map((g) =>
                            t('period.gap', {
                              from: formatDate(language, g.from),
                              to: formatDate(language, g.to),
                              days: countIn(usageMessages, language, 'days', g.days),
                            }),
                          )
                          .join('; '),
                },
                {
                  label: t('period.counted'),
                  value: t('period.countedValue', { days: countDays(language, derived.period.coveredDays) }),
                  testId: 'usage-period-counted',
                },
                {
                  label: t('period.weekdays'),
                  value: t('period.weekdaysValue', { days: dayNames(t, derived.observation.weekdays), n: derived.observation.weekdays.length }),
                  testId: 'usage-weekdays',
                },
                {
                  label: t('period.perDay'),
                  value:
                    derived.observation.wholeWeeks > 0
                      ? t('period.perDayWeeks', {
                          weeks: countIn(usageMessages, language, 'lastWeeks', derived.observation.wholeWeeks),
                          days: countDays(language, derived.observation.perDayDays),
                        })
                      : t('period.perDayPartial', { days: countDays(language, derived.observation.perDayDays) }),
                  testId: 'usage-per-day-basis',
                },
                {
                  label: t('col.requestsPerDay'),
                  value: derived.total.requestsPerDay === null ? t('na') : formatNumber(language, derived.total.requestsPerDay, 1),
                },
                {
                  label: t('col.errors'),
                  value:
                    derived.total.errorShare === null || derived.total.retryRate === null
                      ? t('na')
                      : t('errors.value', {
                          share: formatPercent(language, derived.total.errorShare, 1),
                          retry: formatPercent(language, derived.total.retryRate, 1),
                        }),
                },
                {
                  label: t('period.bill'),
                  value: derived.total.billUsd === null ? t('period.billNone') : formatMoney(language, 'USD', scenario.fx, derived.total.billUsd),
                },
                {
                  label: t('col.listPrice'),
                  value:
                    derived.total.listPrice === null
                      ? t('listPrice.none')
                      : t('listPrice.total', {
                          usd: formatMoney(language, 'USD', scenario.fx, derived.total.listPrice.usd),
                          date: formatDate(language, derived.total.listPrice.price.date),
                        }),
                },
              ]}
            />
          </Card>
          <ModelsTable derived={derived} t={t} language={language} scenario={scenario} />
          <Card testId="usage-week">
            <WeekHeatmap derived={derived} t={t} language={language} profile={profile} />
          </Card>
          <Card testId="usage-daily">
            <DailyChart derived={derived} t={t} language={language} />
          </Card>
          <ApplyCard answer={answer} t={t} language={language} timeZone={timeZone} models={models} profile={profile} />
        </>
      ) : null}
    </div>
  );
}
