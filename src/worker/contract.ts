import type { CsvMapping } from '../core/benchmarks/csv';
import type { FileImport, ImportProgress } from '../core/benchmarks/import-contract';
import type { MetricSummary } from '../core/benchmarks/run-schema';
import type { SeriesNote } from '../core/capacity/series';
import type { StoredSeries } from '../core/schemas/stored-capacity';
import type { DocumentResult } from '../core/scenario/document';
import type { Workload } from '../core/scenario/schema';
import type { MonteCarloResult } from '../core/tco/monte-carlo';
import type { DerivedWorkload, ProfileChoice } from '../core/usage/aggregate';
import type { UsageCsvMapping } from '../core/usage/csv';
import type { UsageReadResult } from '../core/usage/reader';
import type { StorageFailure } from '../platform/idb';

/**
 * The contract between the page and the compute worker: every request and answer type the
 * worker's methods take or give besides the core's own records. The methods themselves are
 * `ComputeApi` (`api.ts`, derived from the worker's object, never written twice); the page
 * calls them through `compute-client.ts`, one typed method each.
 *
 * Types only (ESLint refuses a value here): it is the one file of the worker a feature may
 * import, and it costs the page's bundle nothing.
 */

/* ---------- jobs (jobs.ts) ---------- */

/** Names a sliced computation so the client can stop it (`abortJob`); the client fills it in. */
export interface JobRef {
  jobId?: string;
}

/** What became of a job: still running, finished, stopped early, or unknown (never started or long gone). */
export interface JobState {
  state: 'running' | 'finished' | 'stopped' | 'unknown';
  /** Slices of work the job executed. */
  slices: number;
}

/* ---------- TCO (tco-api.ts) ---------- */

/** A Monte Carlo run's answer: its result, or `superseded` when a newer run or an abort stopped it. */
export type MonteCarloAnswer = { state: 'done'; result: MonteCarloResult } | { state: 'superseded' };

/* ---------- capacity (capacity-api.ts) ---------- */

/** A series the capacity panel can pick, with its grouping key (shown) and its summary. */
export interface SeriesChoice {
  key: string;
  stored: StoredSeries;
  /** The runs of an imported series in load order (empty for library and roofline series). */
  runIds: string[];
  /** How an imported series was built and what its curve does (docs/capacity.md §1); empty for the others. */
  notes: SeriesNote[];
}

/** Every series the imported runs make, with their notes, and the notes that belong to none (the Benchmarks page). */
export interface SeriesOverview {
  series: SeriesChoice[];
  notes: SeriesNote[];
}

/* ---------- benchmark import and per-request data (benchmarks-api.ts) ---------- */

/** Files to import; the worker reads them chunk by chunk from the `File`/`Blob` (structured-cloned, not copied). */
export interface ImportRequest {
  files: Blob[];
  /** Display names; `File.name` is used when the blob is a File. */
  names?: string[];
  /** Column mapping for CSV files of unknown layout. */
  mapping?: CsvMapping | null;
}

/** Progress of a running import; the last update of a job has `done: true`. */
export type ImportUpdate = ImportProgress & { done: boolean };

/** The page's import callback (wrapped in `comlink.proxy`): answers `true` to cancel. */
export type ImportUpdateCallback = (update: ImportUpdate) => boolean | void | Promise<boolean | void>;

/** Where an import job stands; `unknown` = lost with a restarted worker. */
export interface ImportJobState {
  state: 'running' | 'done' | 'failed' | 'unknown';
  error: string | null;
}

/** An import's results; `tablesStored` says whether the per-request tables went to IndexedDB. */
export interface ImportTaken {
  results: FileImport[];
  tablesStored: boolean;
}

/** A run whose goodput is asked for (from its stored per-request data). */
export interface GoodputItemRequest {
  runId: string;
  durationS: number | null;
}

/** A run whose latency CDF is asked for: from its per-request data, else through the file's percentiles. */
export interface CdfItemRequest {
  runId: string;
  hasRequests: boolean;
  fallback: MetricSummary | null;
}

/* ---------- usage files (usage-api.ts) ---------- */

/**
 * Usage files → the derived workload (src/core/usage). Each file is read chunk by chunk, cut at
 * character boundaries; the records never leave the worker, only the derived figures and each
 * file's status and issues do.
 */
export interface UsageRequest {
  files: Blob[];
  names: string[];
  /** Column mapping per CSV file name (from the page's mapping form); others are recognised by their headers. */
  mappings: Record<string, UsageCsvMapping>;
  timeZone: string;
  /** Models to keep; empty = all. */
  models: string[];
  profile: ProfileChoice;
  current: Workload;
}

/** What the usage read tells the page of each file: status, issues and models (the rows stay in the worker). */
export type UsageFileSummary = Omit<UsageReadResult, 'records' | 'costs'> & { models: string[] };

export interface UsageResult {
  state: 'done';
  files: UsageFileSummary[];
  /** Every model named in the files, largest first by tokens. */
  models: string[];
  derived: DerivedWorkload;
}

export type UsageAnswer = UsageResult | { state: 'cancelled' };

/** How far the read has got, over all files of the request (bytes). */
export interface UsageProgress {
  fileName: string;
  fileIndex: number;
  fileCount: number;
  bytesRead: number;
  totalBytes: number;
}

/** The page's progress callback (wrapped in `comlink.proxy`); called at most every 100 ms. */
export type UsageProgressCallback = (progress: UsageProgress) => unknown;

/* ---------- genai-prices data (price-data.ts) ---------- */

/** Which genai-prices data is in use: the bundled data or a dropped data.json. */
export interface PriceDataStatus {
  /** The dropped file in use; null = the bundled data. */
  file: { fileName: string; fileDate: string; providers: number; models: number } | null;
  /** A stored record that no longer validates (it is not used; dropping a file replaces it). */
  storedProblem: string | null;
  /** Why the file in use is held in memory only (it will not survive a reload); null = stored, or no file. */
  notStored: StorageFailure | null;
}

export type PriceDataAnswer = { ok: true; status: PriceDataStatus } | { ok: false; message: string };

/** A scenario file read in the worker: not JSON at all, or the document reader's result. */
export type ScenarioFileAnswer = { kind: 'not-json' } | { kind: 'document'; result: DocumentResult };
