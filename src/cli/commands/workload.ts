import { DEFAULT_SCENARIO } from '../../core/scenario/defaults';
import { deriveWorkload, type Observation, type ProfileChoice } from '../../core/usage/aggregate';
import { usageCsvMappingSchema, type UsageCsvMapping } from '../../core/usage/csv';
import { loadListPrices, providerOfFormats } from '../../core/usage/list-prices';
import { stat } from 'node:fs/promises';
import { DuplicateFilter, SameBytes } from '../../core/usage/dedupe';
import { duplicateFileResult, readUsageSource, type UsageReadResult } from '../../core/usage/reader';
import { isValidTimeZone } from '../../core/schemas/calendar';
import { combineUsage } from '../../core/usage/combine';
import type { UsageIssue } from '../../core/usage/types';
import { basename } from 'node:path';
import { platformHost } from '../../platform/host';
import { json, parseFlags, type CliCommand } from '../command';
import { readEachFile, readJsonOption } from '../files';
import { MAX_COLUMNS, MAX_LINE_CHARS } from '../../core/text/limits';

/**
 * `workload FILE… [--tz Europe/Berlin] [--model M[,M…]] [--profile median|busiest]
 * [--mapping mapping.json]`: reads usage files the way the app does and prints the derived
 * workload as JSON (docs/usage.md):
 * - `workload`: the scenario's workload fields the files determine (`requestsPerDay`,
 *   `inputTokensPerRequest`, `outputTokensPerRequest`, `cacheHitShare`, `retryRateApi` — the
 *   API side's retry rate —, `reasoningTokensPerRequest`, `peakToAverage`, `weeklyProfile`:
 *   168 weights of mean 1, Monday 00:00 first), `kept` (fields the files cannot determine,
 *   with the reason) and `notes`;
 * - `timeZone`, `granularity`, `period` {firstDay, lastDay, days, coveredDays (what the rates per day divide by), gaps};
 * - `models` and `total`: requests, failed, tokens, per-request mean/median/p90, cache share,
 *   error share, retry rate, the files' own bill in USD and `listPrice` (the same tokens at
 *   today's list price from @pydantic/genai-prices, with the price's source and date);
 * - `daily`, `profile` (median and busiest week), `observation` (the days of the week seen, the
 *   whole weeks the per-day figures come from), `duplicates` (rows dropped, files not read for
 *   repeating another file's bytes), and `files` with each file's formats, status, rows
 *   (read, skipped, duplicates) and issues (`message` names file and line).
 * The zone defaults to the machine's. Exit codes: 0 ok (possibly with skipped rows), 1 a file
 * failed or needs a column mapping, 2 usage error.
 */
const ISSUE_TEXT: Record<UsageIssue['code'], string> = {
  'json-syntax': 'not valid JSON',
  'binary-file': 'not a text file',
  'gzip-file': 'a gzip-compressed file; unpack it first',
  'packed-damaged': 'the compressed data is cut off or damaged; the rows before that point were read',
  'not-packed': 'the file name says compressed, the content is not; the file was read as it is',
  'parquet-invalid': 'not a readable Parquet file',
  'line-too-long': `the line is longer than ${MAX_LINE_CHARS} characters; the file is not read further`,
  'too-many-columns': `the row has more than ${MAX_COLUMNS} columns; the file is not read further`,
  'file-truncated': 'the file ends inside a value (truncated?)',
  'no-usage-data': 'no usage data found (not a usage file of a known format)',
  'row-not-object': 'row is not a JSON object',
  'row-other-format': 'row is not usage data of a known format; skipped',
  'timestamp-invalid': 'time is missing or not a date; row skipped',
  'timestamp-no-zone': 'times carry no UTC offset; read as UTC',
  'field-invalid': 'not a non-negative number; row skipped',
  'cached-above-input': 'more cached input tokens than input tokens (cached input is part of the input); row refused',
  'decimal-comma': 'the column writes numbers with a decimal comma; read so',
  'decimal-mark-assumed': 'no cell of the column shows its decimal mark; read by the file\'s separator (";": decimal comma, else decimal point)',
  'column-dropped': 'the column cannot be read as numbers; it is dropped for the whole file (its figure counts as not given) and the rows are kept',
  'duplicate-request': 'a request id already read: the request is counted once, this and later copies are dropped',
  'duplicate-request-differs': 'a request id already read with other figures: the first one read counts, this copy is dropped',
  'duplicate-bucket': 'a row equal in every field to one already read (the same page or row again): dropped',
  'same-bucket-other-figures':
    'the same bucket, model and project as a row already read but other figures: both counted (a bucket fetched while open and again later would count twice)',
  'duplicate-file': 'the same bytes as a file already read: not read again',
  'currency-not-usd': 'costs are not in USD; left out',
  'csv-no-time-column': 'no column holds a time; give a column mapping (--mapping)',
  'csv-no-usage-columns': 'no column holds requests, tokens or a cost; give a column mapping (--mapping)',
  'csv-unterminated-quote': 'a quoted cell is never closed',
  'csv-short-row': 'row has fewer cells than the header',
  'more-pages': 'more pages exist (has_more); import them too for the full period',
};

export function describeUsageIssue(file: string, issue: UsageIssue): string {
  const where = issue.line === null ? file : `${file} line ${issue.line}`;
  const field = issue.field === null ? '' : ` ${issue.field}:`;
  const detail = issue.detail === null ? '' : ` (${issue.detail})`;
  return `${where}:${field} ${ISSUE_TEXT[issue.code]}${detail}`;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** What the per-day figures rest on, when it is less than the whole period or less than a week; null otherwise. */
export function observationNote(o: Observation): string | null {
  const days = (n: number) => `${Number(n.toFixed(2))} day${Number(n.toFixed(2)) === 1 ? '' : 's'}`;
  if (o.weekdays.length === 0) return null;
  if (o.window === null) {
    const missing = DAY_NAMES.filter((_, d) => !o.weekdays.includes(d));
    return `days of the week seen: ${o.weekdays.map((d) => DAY_NAMES[d]).join(', ')} (${o.weekdays.length} of 7); less than a whole week: the per-day figures are the mean over ${days(o.perDayDays)}, ${missing.join(', ')} not seen`;
  }
  if (o.daysLeftOut <= 0.005) return null;
  return `the per-day figures come from the last ${o.wholeWeeks === 1 ? 'whole week' : `${o.wholeWeeks} whole weeks`} (${o.window.from} – ${o.window.to}); the ${days(o.daysLeftOut)} before them count in the per-request figures and the week, not per day`;
}

export const workloadCommand: CliCommand = {
  name: 'workload',
  summary: 'Derive the workload (volume, token mix, cache share, retries, the 168-hour week) from usage exports and request logs',
  usage: 'workload <file> [<file> …] [--tz Europe/Berlin] [--model M[,M…]] [--profile median|busiest] [--mapping mapping.json]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    if (positional.length === 0) {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    const tzFlag = flags.get('tz');
    const timeZone = typeof tzFlag === 'string' ? tzFlag : Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!isValidTimeZone(timeZone)) {
      io.err(`--tz: "${timeZone}" is not an IANA time zone (e.g. Europe/Berlin, America/New_York, UTC)`);
      return 2;
    }
    const profileFlag = flags.get('profile') ?? 'median';
    if (profileFlag !== 'median' && profileFlag !== 'busiest') {
      io.err('--profile: median or busiest');
      return 2;
    }
    const modelFlag = flags.get('model');
    const models =
      typeof modelFlag === 'string'
        ? modelFlag
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean)
        : null;
    let mapping: UsageCsvMapping | null = null;
    const mappingPath = flags.get('mapping');
    if (typeof mappingPath === 'string') {
      const m = await readJsonOption(mappingPath, io, usageCsvMappingSchema);
      if (typeof m === 'string') {
        io.err(m);
        return 2;
      }
      mapping = m;
    }
    const host = platformHost();
    // As the app does: one duplicate filter for all files, and a file with an earlier file's bytes is not read.
    const seen = new DuplicateFilter();
    const sizes = await Promise.all(
      positional.map((p) =>
        stat(p).then(
          (s) => s.size,
          () => -1,
        ),
      ),
    );
    const sameBytes = new SameBytes(sizes);
    const read = await readEachFile(positional, io, async (source, i) => {
      const earlier = await sameBytes.earlier(i, source, host.sha256);
      if (earlier !== null && earlier !== undefined) return duplicateFileResult(source.name, basename(positional[earlier] as string));
      return readUsageSource(source, { decoder: host.decoder, unpack: host.unpack }, mapping, seen);
    });
    if (read === null) return 1;
    const results: UsageReadResult[] = read.filter((r): r is UsageReadResult => r !== null);
    let failed = false;
    const { records, costs, models: named } = combineUsage(results);
    const files = results.map((r) => {
      for (const issue of r.issues) if (issue.severity !== 'info' || issue.code === 'duplicate-file') io.err(describeUsageIssue(r.fileName, issue));
      if (r.rows.duplicates > 0) {
        const first = r.issues.find((i) => i.code === 'duplicate-request' || i.code === 'duplicate-bucket');
        io.err(
          `${r.fileName}: ${r.rows.duplicates} duplicate row${r.rows.duplicates === 1 ? '' : 's'} dropped${first ? ` (first: ${describeUsageIssue(r.fileName, first)})` : ''}`,
        );
      }
      if (r.status === 'failed' || r.status === 'needs-mapping') failed = true;
      return {
        file: r.fileName,
        formats: r.formats,
        status: r.status,
        duplicateOf: r.duplicateOf,
        rows: r.rows,
        issues: r.issues.map((i) => ({ ...i, message: describeUsageIssue(r.fileName, i) })),
        csv: r.csv,
      };
    });
    const duplicates = {
      rows: results.reduce((a, r) => a + r.rows.duplicates, 0),
      files: results.filter((r) => r.status === 'duplicate').map((r) => ({ file: r.fileName, sameAs: r.duplicateOf })),
    };
    const priceOf = await loadListPrices(providerOfFormats(results.flatMap((r) => r.formats)));
    const derived = deriveWorkload(records, costs, { timeZone, models, profile: profileFlag as ProfileChoice, current: DEFAULT_SCENARIO.workload, priceOf });
    const note = observationNote(derived.observation);
    if (note !== null) io.err(note);
    if (models !== null) {
      const known = new Set(named);
      for (const m of models)
        if (!known.has(m)) io.err(`--model: no usage of "${m}" in the files (models: ${[...known].filter(Boolean).join(', ') || 'none named'})`);
    }
    io.out(json({ ...derived, duplicates, files }));
    return failed ? 1 : 0;
  },
};
