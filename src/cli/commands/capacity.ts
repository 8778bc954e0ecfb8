import { mergeCompanions } from '../../core/benchmarks/companions';
import { describeIssue } from '../../core/benchmarks/issues';
import { importFile } from '../../core/benchmarks/importer';
import { type FileImport } from '../../core/benchmarks/import-contract';
import { fitLengths, type LengthFit } from '../../core/capacity/lengths';
import { chooseOperatingPoint } from '../../core/capacity/operating-point';
import { groupSeries, seriesFromPublished, type CapacitySeries, type SeriesNote } from '../../core/capacity/series';
import { DEFAULT_SLO, parseSloText, type Slo } from '../../core/schemas/slo';
import { interpolationText, lengthText, noteText, pointText, reasonText, warningText } from '../../core/capacity/summary';
import { PUBLISHED_SERIES } from '../../core/catalog/published-measurements.data';
import { platformHost } from '../../platform/host';
import { json, parseFlags, type CliCommand } from '../command';
import { nodeParts } from '../import-parts';
import { readEachFile } from '../files';

/**
 * `capacity FILE… [--library ID] --slo … [--isl N --osl N] [--prefill N] [--interpolate]`:
 * groups the runs of the files into throughput–latency series (and/or takes a published
 * library entry) and prints the operating point of each at the SLO (docs/capacity.md).
 *
 * Output: `{ slo, series: [{ key, label, kind, origin, config, loadKind, points, chosen, reason,
 * lengths, notes, warnings }], notes }`. `notes` say how each series was built (aggregates kept
 * out, duplicates skipped, folders split, failed loads kept; docs/capacity.md §1) and the
 * top-level `notes` those that belong to no series; `warnings` where the curve is not monotone
 * under the SLO and why a point between two loads was not interpolated; each with its `text`.
 * Files are named by the path given. `chosen` is the operating point — `{ kind: measured | interpolated, load,
 * loadKind, outputTokensPerS, totalTokensPerS, outputTokensPerSPerGpu, interactivity, requests,
 * successShare, binding, checks, nextFails, notMeasuredBeyond, adjustedOutputTokensPerS }` —
 * or null; `reason` says why there is none (or null). `lengths` is the request-length check when
 * `--isl`/`--osl` are given. Exit codes: 0 ok (also when no point qualifies), 1 a file failed,
 * 2 usage error.
 */
function positiveFlag(value: string | true | undefined, name: string): number | null | string {
  if (value === undefined) return null;
  const n = Number(value);
  return value === true || !Number.isFinite(n) || n <= 0 ? `--${name} needs a positive number` : n;
}

/** Each path below the folder all of them share ("a/x/s.json", "a/y/s.json" → "x/s.json", "y/s.json"). */
export function namesBelowCommonFolder(paths: readonly string[]): string[] {
  const split = paths.map((p) => p.split(/[\\/]/));
  let common = 0;
  const first = split[0] ?? [];
  while (common < first.length - 1 && split.every((parts) => parts.length - 1 > common && parts[common] === first[common])) common++;
  return split.map((parts) => parts.slice(common).join('/'));
}

export const capacityCommand: CliCommand = {
  name: 'capacity',
  summary: 'Group benchmark runs into throughput–latency series and print the operating point of each at a latency target (SLO)',
  usage:
    'capacity [<file> …] [--library <id>] --slo ttft-p95=MS,tpot-p99=MS,itl-p50=MS,e2e-p95=MS,tps-per-user=N[,failed=SHARE] [--isl N --osl N] [--prefill TOKENS_PER_S] [--interpolate]',
  async run(args, io) {
    const { flags, positional } = parseFlags(args);
    const libraryId = flags.get('library');
    if (positional.length === 0 && typeof libraryId !== 'string') {
      io.err(`Usage: ${this.usage}`);
      return 2;
    }
    let slo: Slo = DEFAULT_SLO;
    const sloText = flags.get('slo');
    if (sloText === true) {
      io.err('--slo needs limits, e.g. --slo ttft-p95=2000,tps-per-user=20');
      return 2;
    }
    if (typeof sloText === 'string') {
      const parsed = parseSloText(sloText);
      if (!parsed.ok) {
        io.err(`--slo: ${parsed.message}`);
        return 2;
      }
      slo = parsed.slo;
    }
    const numbers: Record<'isl' | 'osl' | 'prefill', number | null> = { isl: null, osl: null, prefill: null };
    for (const name of ['isl', 'osl', 'prefill'] as const) {
      const v = positiveFlag(flags.get(name), name);
      if (typeof v === 'string') {
        io.err(v);
        return 2;
      }
      numbers[name] = v;
    }
    if ((numbers.isl === null) !== (numbers.osl === null)) {
      io.err('--isl and --osl go together');
      return 2;
    }

    const series: CapacitySeries[] = [];
    if (typeof libraryId === 'string') {
      const entry = PUBLISHED_SERIES.find((s) => s.id === libraryId);
      if (!entry) {
        const ids = PUBLISHED_SERIES.map((s) => s.id);
        io.err(`--library: no entry "${libraryId}" (${ids.length > 0 ? `entries: ${ids.join(', ')}` : 'the library is empty'})`);
        return 2;
      }
      series.push(seriesFromPublished(entry));
    }

    const host = platformHost();
    const read = await readEachFile(positional, io, (source, i) =>
      importFile(
        source,
        { ...host, parts: nodeParts.forFile(positional[i] as string, source.name, source.size) },
        { fileIndex: i, fileCount: positional.length },
      ),
    );
    if (read === null) return 1;
    const results: FileImport[] = read;
    mergeCompanions(results);
    let failed = false;
    for (const r of results) {
      for (const issue of r.issues) if (issue.severity !== 'info') io.err(describeIssue(r.file.name, issue));
      if (r.status === 'failed' || r.status === 'needs-mapping') failed = true;
    }
    // Runs are named by their path below the folder all files share, so that folders of two
    // deployments can be told apart (and files in one folder keep their plain names).
    const names = namesBelowCommonFolder(positional);
    for (const [i, r] of results.entries()) for (const run of r.runs) run.source.fileName = names[i] ?? run.source.fileName;
    const grouped = groupSeries(results.flatMap((r) => r.runs));
    series.push(...grouped.series);
    const withText = (note: SeriesNote, loadKind: CapacitySeries['loadKind']) => ({ ...note, text: noteText(note, loadKind) });

    const out = series.map((s) => {
      const choice = chooseOperatingPoint(s, slo, { interpolate: flags.has('interpolate') });
      const c = choice.chosen;
      let lengths: (LengthFit & { text: string }) | null = null;
      let reason = reasonText(choice, s.loadKind);
      let chosen: Record<string, unknown> | null = null;
      if (c) {
        let adjusted: number | null = null;
        if (numbers.isl !== null && numbers.osl !== null) {
          const tps = c.outputTokensPerS ?? 0;
          const fit = fitLengths(
            { input: s.config.inputTokens, output: s.config.outputTokens },
            { input: numbers.isl, output: numbers.osl },
            tps,
            numbers.prefill,
          );
          lengths = { ...fit, text: lengthText(fit) };
          if (fit.kind === 'adjusted') adjusted = tps * fit.factor;
        }
        if (lengths?.kind === 'refused') reason = lengths.text;
        else
          chosen = {
            kind: c.kind,
            load: c.load,
            loadKind: c.loadKind,
            at: pointText(c),
            outputTokensPerS: c.outputTokensPerS,
            totalTokensPerS: c.totalTokensPerS,
            outputTokensPerSPerGpu: c.outputTokensPerSPerGpu,
            interactivity: c.interactivity,
            requests: c.requests,
            successShare: c.successShare,
            binding: c.binding,
            checks: c.checks,
            nextFails: c.nextFails,
            notMeasuredBeyond: c.notMeasuredBeyond,
            adjustedOutputTokensPerS: adjusted,
          };
      }
      const warnings = [
        ...choice.warnings.map((w) => ({ ...w, text: warningText(w, s.loadKind) })),
        ...(choice.interpolation
          ? [{ code: 'interpolation-refused' as const, ...choice.interpolation, text: interpolationText(choice.interpolation, s.loadKind) }]
          : []),
      ];
      return {
        key: s.key,
        label: s.label,
        kind: s.kind,
        origin: s.origin,
        config: s.config,
        loadKind: s.loadKind,
        points: s.points,
        chosen,
        reason,
        lengths,
        notes: s.notes.map((n) => withText(n, s.loadKind)),
        warnings,
      };
    });
    io.out(json({ slo, series: out, notes: grouped.notes.map((n) => withText(n, 'rate')) }));
    return failed ? 1 : 0;
  },
};
