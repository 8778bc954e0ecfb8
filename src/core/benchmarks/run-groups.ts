import { sameLength } from '../schemas/lengths';
import { completedOf, configOfRun, configuredLengths, identityKey, measuredLengths, sig4, type SeriesConfig } from './run-config';
import type { BenchRun } from './run-schema';

/**
 * Which imported runs measured one configuration (docs/capacity.md §1): the runs of one series.
 * In order:
 * 1. a run imported twice (the same content hash, so the same run id) is kept once;
 * 2. aggregate files are kept out: inference-perf's `summary_lifecycle_metrics.json` (the
 *    aggregate of all stages, without a load of its own) and the runs of a vLLM sweep's
 *    `summary.json` that repeat a `run=N.json` beside it;
 * 3. runs group by what they measured (model, engine, hardware, GPUs, precision, parallelism,
 *    dataset) and by request lengths: the configured lengths when the file states them, else
 *    the measured means within ±10 % (the tolerance of `tco/sizing.ts`). A run whose lengths
 *    are unknown (every request failed) joins the one length group of its configuration;
 * 4. runs from folders that each hold a sweep of their own, or that measured the same load,
 *    are two deployments and split by folder;
 * 5. the user's overrides (run id → group key) move runs between groups.
 * Whatever is dropped, merged or split is said in a note. Pure: plain data in and out.
 */

export type AggregateTool = 'inference-perf' | 'vllm-sweep';

export type GroupNote =
  /** An aggregate file kept out of the series (`requests`: its own count; `stageRequests`: the stages' beside it). */
  | { code: 'aggregate-kept-out'; file: string; tool: AggregateTool; requests: number | null; stageRequests: number | null; repeats: string[] }
  /** A file with the same content as one already imported: skipped. */
  | { code: 'duplicate-file'; file: string; of: string }
  /** The series' runs are in `directory`; runs of the same configuration in `others` are another deployment. */
  | { code: 'split-by-directory'; directory: string; others: string[] }
  /** A load at which every request failed: its lengths are unknown, it stays in the sweep as a failing point. */
  | { code: 'failed-load-kept'; file: string; load: number | null; failed: number | null }
  /** A run without lengths joined the only length group of its configuration. */
  | { code: 'lengths-unknown-joined'; file: string; load: number | null }
  /** A run without lengths whose configuration has runs at several lengths: a series of its own. */
  | { code: 'lengths-unknown-apart'; file: string; load: number | null }
  /** The runs were grouped by the lengths their file states. */
  | { code: 'grouped-by-configured-lengths'; input: number; output: number; rangeRatio: number | null };

export interface RunGroup {
  key: string;
  /** The configuration the runs share (a part they do not share is null); lengths are their request-weighted means. */
  config: SeriesConfig;
  runs: BenchRun[];
  notes: GroupNote[];
}

export interface RunGrouping {
  groups: RunGroup[];
  /** Notes that belong to no group (an aggregate dropped without its stages). */
  notes: GroupNote[];
}

/** A byte-identical copy the store did not keep (same content hash as `of`), named by the host. */
export interface FileCopy {
  name: string;
  of: string;
}

export interface GroupOptions {
  copies?: readonly FileCopy[];
}

/** User corrections of the automatic grouping: run id → the key of the group it belongs to. */
export type GroupOverrides = Readonly<Record<string, string>>;

const SUMMARY_INFERENCE_PERF = /(?:^|[_-])summary_(?:[a-z]+_)?lifecycle_metrics\.json$/i;
const STAGE_INFERENCE_PERF = /(?:^|[_-])stage_\d+_(?:[a-z]+_)?lifecycle_metrics\.json$/i;
const SUMMARY_VLLM_SWEEP = /^summary\.json$/i;

function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/**
 * The folder a file was dropped in, as the deployment it measured. `vllm bench sweep` writes each
 * load of one server configuration into `SERVE--<server params>-BENCH--<load params>`: the part
 * after `-BENCH--` is the load, not the deployment.
 */
export function deploymentDir(path: string): string {
  const parts = path.split(/[\\/]/);
  parts.pop();
  return parts.map((p) => p.replace(/-BENCH--.*$/, '')).join('/');
}

/** The load a run was measured at, for telling loads apart (concurrency first, else the rate). */
export function loadOfRun(run: BenchRun): number | null {
  const c = run.load.concurrency ?? run.load.measuredConcurrency;
  if (c !== null) return c;
  return typeof run.load.requestRate === 'number' ? run.load.requestRate : null;
}

function loadKey(run: BenchRun): string {
  const c = run.load.concurrency ?? run.load.measuredConcurrency;
  if (c !== null) return `c${c}`;
  return `r${run.load.requestRate ?? 'inf'}`;
}

/** What a run measured, for recognising the same measurement in two files (a sweep summary's copy). */
function fingerprint(run: BenchRun): string {
  return JSON.stringify([run.model, run.engine, run.date, run.load, run.durationS, run.requests, run.tokens, run.throughput, run.metrics]);
}

interface Anchored {
  note: GroupNote;
  /** The run whose group the note belongs to; null = no group. */
  runId: string | null;
}

/** Step 2: aggregate files kept out. */
function keepOutAggregates(runs: readonly BenchRun[], notes: Anchored[]): BenchRun[] {
  const dropped = new Set<string>();
  const byDir = (run: BenchRun) => deploymentDir(run.source.fileName);
  const isInferencePerfSummary = (run: BenchRun): boolean => {
    if (run.source.format !== 'inference-perf') return false;
    if (SUMMARY_INFERENCE_PERF.test(baseName(run.source.fileName))) return true;
    // Renamed: a report without a load of its own beside stage reports that have one (a file
    // named as a stage is one).
    if (STAGE_INFERENCE_PERF.test(baseName(run.source.fileName)) || run.load.requestRate !== null || run.load.concurrency !== null) return false;
    return runs.some(
      (r) => r !== run && r.source.format === 'inference-perf' && byDir(r) === byDir(run) && (r.load.requestRate !== null || r.load.concurrency !== null),
    );
  };
  for (const run of runs) {
    if (!isInferencePerfSummary(run)) continue;
    dropped.add(run.id);
    const stages = runs.filter((r) => r !== run && r.source.format === 'inference-perf' && byDir(r) === byDir(run) && !isInferencePerfSummary(r));
    const counts = stages.map((r) => r.requests.total ?? (completedOf(r) ?? 0) + (r.requests.failed ?? 0));
    notes.push({
      note: {
        code: 'aggregate-kept-out',
        file: run.source.fileName,
        tool: 'inference-perf',
        requests: run.requests.total,
        stageRequests: stages.length > 0 ? counts.reduce((a, b) => a + b, 0) : null,
        repeats: [],
      },
      runId: stages[0]?.id ?? null,
    });
  }
  // A vLLM sweep's summary.json is the array of its runs: a run that is also in a run=N.json is
  // the same measurement twice.
  const summaries = new Map<string, { repeats: Set<string>; anchor: string | null; rest: BenchRun[] }>();
  const others = runs.filter((r) => !(r.source.format === 'vllm' && SUMMARY_VLLM_SWEEP.test(baseName(r.source.fileName))));
  const prints = new Map<string, BenchRun>();
  for (const r of others) if (!prints.has(fingerprint(r))) prints.set(fingerprint(r), r);
  for (const run of runs) {
    if (run.source.format !== 'vllm' || !SUMMARY_VLLM_SWEEP.test(baseName(run.source.fileName))) continue;
    const entry = summaries.get(run.source.fileName) ?? { repeats: new Set<string>(), anchor: null, rest: [] };
    summaries.set(run.source.fileName, entry);
    const twin = prints.get(fingerprint(run));
    if (twin) {
      dropped.add(run.id);
      entry.repeats.add(twin.source.fileName);
      entry.anchor ??= twin.id;
    }
  }
  for (const [file, entry] of summaries) {
    if (entry.repeats.size === 0) continue;
    notes.push({
      note: { code: 'aggregate-kept-out', file, tool: 'vllm-sweep', requests: null, stageRequests: null, repeats: [...entry.repeats] },
      runId: entry.anchor,
    });
  }
  return runs.filter((r) => !dropped.has(r.id));
}

/**
 * Step 1: one run per run id (the id comes from the content hash, so the same file twice gives
 * the same ids). Copies the host skipped before (`options.copies`) are named too.
 */
function dropDuplicates(runs: readonly BenchRun[], copies: readonly FileCopy[], notes: Anchored[]): BenchRun[] {
  const seen = new Map<string, BenchRun>();
  const named = new Set<string>();
  const kept: BenchRun[] = [];
  for (const run of runs) {
    const first = seen.get(run.id);
    if (!first) {
      seen.set(run.id, run);
      kept.push(run);
      continue;
    }
    const key = `${run.source.fileName}\u0000${first.source.fileName}`;
    if (named.has(key)) continue;
    named.add(key);
    notes.push({ note: { code: 'duplicate-file', file: run.source.fileName, of: first.source.fileName }, runId: first.id });
  }
  for (const c of copies) {
    const original = kept.find((r) => r.source.fileName === c.of);
    notes.push({ note: { code: 'duplicate-file', file: c.name, of: c.of }, runId: original?.id ?? null });
  }
  return kept;
}

interface Cluster {
  key: string;
  input: number | null;
  output: number | null;
}

const fits = (a: number | null, b: number | null) => a === null || b === null || sameLength(a, b);

/**
 * Steps 3 and 4: the automatic group key of each run (run id → key), with the notes of runs
 * without lengths and of folders split apart. Every run gets a key; none is dropped here.
 */
export function autoGroupKeys(runs: readonly BenchRun[], notes: Anchored[] = []): Map<string, string> {
  const keys = new Map<string, string>();
  const byIdentity = new Map<string, BenchRun[]>();
  for (const run of runs) {
    const id = identityKey(configOfRun(run));
    const list = byIdentity.get(id);
    if (list) list.push(run);
    else byIdentity.set(id, [run]);
  }
  for (const [identity, list] of byIdentity) {
    const sub = new Map<string, string>();
    const clusters: Cluster[] = [];
    const unknown: BenchRun[] = [];
    const measured: { run: BenchRun; input: number | null; output: number | null }[] = [];
    for (const run of list) {
      const configured = configuredLengths(run);
      if (configured) {
        sub.set(run.id, `cfg:${configured.input}/${configured.output}/${configured.rangeRatio ?? ''}`);
        continue;
      }
      const m = measuredLengths(run);
      if (m.input === null && m.output === null) unknown.push(run);
      else measured.push({ run, ...m });
    }
    // Greedy around the shortest run of each cluster: every run within ±10 % of its cluster's
    // first one, on each length both know. Sorted first, so the result does not depend on the order.
    measured.sort((a, b) => (a.input ?? Infinity) - (b.input ?? Infinity) || (a.output ?? Infinity) - (b.output ?? Infinity));
    for (const m of measured) {
      let c = clusters.find((x) => fits(x.input, m.input) && fits(x.output, m.output));
      if (!c) {
        c = { key: `len:${m.input === null ? '?' : Math.round(m.input)}/${m.output === null ? '?' : Math.round(m.output)}`, input: m.input, output: m.output };
        clusters.push(c);
      }
      sub.set(m.run.id, c.key);
    }
    const subKeys = [...new Set(sub.values())];
    for (const run of unknown) {
      const allFailed = completedOf(run) === 0;
      const file = run.source.fileName;
      const load = loadOfRun(run);
      if (subKeys.length === 1) {
        sub.set(run.id, subKeys[0] as string);
        notes.push({
          note: allFailed ? { code: 'failed-load-kept', file, load, failed: run.requests.failed } : { code: 'lengths-unknown-joined', file, load },
          runId: run.id,
        });
      } else {
        sub.set(run.id, 'len:?');
        if (subKeys.length > 1) notes.push({ note: { code: 'lengths-unknown-apart', file, load }, runId: run.id });
      }
    }
    // Folders: two deployments when the same load was measured in two of them, or when two of
    // them each hold a sweep (two or more loads). A sweep written one load per folder stays one.
    const bySub = new Map<string, BenchRun[]>();
    for (const run of list) {
      const k = sub.get(run.id) as string;
      const l = bySub.get(k);
      if (l) l.push(run);
      else bySub.set(k, [run]);
    }
    for (const [subKey, members] of bySub) {
      const loads = new Map<string, Set<string>>();
      for (const run of members) {
        const dir = deploymentDir(run.source.fileName);
        const set = loads.get(dir) ?? new Set<string>();
        set.add(loadKey(run));
        loads.set(dir, set);
      }
      const dirs = [...loads.keys()];
      let split = false;
      if (dirs.length > 1) {
        const seenLoads = new Set<string>();
        let overlap = false;
        for (const set of loads.values()) {
          for (const l of set) if (seenLoads.has(l)) overlap = true;
          for (const l of set) seenLoads.add(l);
        }
        split = overlap || [...loads.values()].filter((s) => s.size > 1).length > 1;
      }
      for (const run of members) keys.set(run.id, `${identity}|${subKey}${split ? `|dir:${deploymentDir(run.source.fileName)}` : ''}`);
      if (split) {
        for (const dir of dirs) {
          const first = members.find((r) => deploymentDir(r.source.fileName) === dir) as BenchRun;
          notes.push({ note: { code: 'split-by-directory', directory: dir, others: dirs.filter((d) => d !== dir) }, runId: first.id });
        }
      }
    }
  }
  return keys;
}

/** The request-weighted mean of the runs' lengths (four significant figures), null when none says. */
function meanLengths(runs: readonly BenchRun[]): { input: number | null; output: number | null } {
  const sum = { input: 0, output: 0 };
  const weight = { input: 0, output: 0 };
  for (const run of runs) {
    const m = measuredLengths(run);
    const n = completedOf(run) ?? 1;
    if (n <= 0) continue;
    if (m.input !== null) {
      sum.input += m.input * n;
      weight.input += n;
    }
    if (m.output !== null) {
      sum.output += m.output * n;
      weight.output += n;
    }
  }
  return { input: weight.input > 0 ? sig4(sum.input / weight.input) : null, output: weight.output > 0 ? sig4(sum.output / weight.output) : null };
}

function sharedConfig(runs: readonly BenchRun[]): SeriesConfig {
  const config = configOfRun(runs[0] as BenchRun);
  for (const run of runs) {
    const c = configOfRun(run);
    for (const k of ['model', 'engine', 'hardware', 'gpus', 'precision', 'parallelism', 'dataset'] as const)
      if (config[k] !== c[k]) (config as Record<typeof k, unknown>)[k] = null;
  }
  const lengths = meanLengths(runs);
  return { ...config, inputTokens: lengths.input, outputTokens: lengths.output };
}

export function groupRuns(runs: readonly BenchRun[], overrides: GroupOverrides = {}, options: GroupOptions = {}): RunGrouping {
  const anchored: Anchored[] = [];
  const kept = keepOutAggregates(dropDuplicates(runs, options.copies ?? [], anchored), anchored);
  const auto = autoGroupKeys(kept, anchored);
  const groups = new Map<string, BenchRun[]>();
  for (const run of kept) {
    const key = overrides[run.id] ?? (auto.get(run.id) as string);
    const list = groups.get(key);
    if (list) list.push(run);
    else groups.set(key, [run]);
  }
  const out: RunGroup[] = [...groups.entries()].map(([key, members]) => {
    const notes: GroupNote[] = [];
    const configured = members.map(configuredLengths);
    const first = configured[0];
    if (first && configured.every((c) => c !== null && c.input === first.input && c.output === first.output && c.rangeRatio === first.rangeRatio)) {
      notes.push({ code: 'grouped-by-configured-lengths', input: first.input, output: first.output, rangeRatio: first.rangeRatio });
    }
    return { key, config: sharedConfig(members), runs: members, notes };
  });
  const loose: GroupNote[] = [];
  const groupOf = new Map<string, RunGroup>();
  for (const g of out) for (const r of g.runs) groupOf.set(r.id, g);
  for (const a of anchored) {
    const target = a.runId === null ? undefined : groupOf.get(a.runId);
    const list = target ? target.notes : loose;
    if (!list.some((n) => JSON.stringify(n) === JSON.stringify(a.note))) list.push(a.note);
  }
  return { groups: out, notes: loose };
}
