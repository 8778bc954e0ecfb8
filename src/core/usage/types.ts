/**
 * The normalised form of every usage file (src/core/usage/README.md): usage records (requests
 * and tokens at a time, one request or one time bucket) and cost records (money at a time).
 * Token counts follow one convention whatever the file says: `input` is every input token
 * including cached ones, `cached` ⊂ input, `output` is every billed output token including
 * reasoning, `reasoning` ⊂ output. `null` means the file does not carry the figure.
 */
export type UsageFormat =
  | 'openai-usage'
  | 'openai-costs'
  | 'anthropic-usage'
  | 'anthropic-cost'
  | 'openrouter-activity'
  | 'litellm-spend-logs'
  | 'request-log'
  | 'api-response'
  | 'usage-csv';

export interface UsageRecord {
  /** Start, epoch seconds (UTC). */
  start: number;
  /** 0: one request at `start`; else the length of the file's time bucket in seconds. */
  bucketS: number;
  model: string | null;
  /** Successful requests; null when the file does not count requests (Anthropic's report). */
  requests: number | null;
  /** Failed requests; null when the file does not say. */
  failed: number | null;
  input: number;
  cached: number | null;
  output: number;
  reasoning: number | null;
  /** What the file says was paid for this usage, USD; null when it does not say. */
  costUsd: number | null;
}

export interface CostRecord {
  start: number;
  bucketS: number;
  model: string | null;
  usd: number;
}

export type UsageIssueCode =
  | 'json-syntax'
  | 'binary-file'
  | 'gzip-file'
  | 'packed-damaged'
  | 'not-packed'
  | 'parquet-invalid'
  | 'line-too-long'
  | 'too-many-columns'
  | 'file-truncated'
  | 'no-usage-data'
  | 'row-not-object'
  | 'row-other-format'
  | 'timestamp-invalid'
  | 'timestamp-no-zone'
  | 'field-invalid'
  | 'cached-above-input'
  | 'decimal-comma'
  | 'decimal-mark-assumed'
  | 'column-dropped'
  | 'duplicate-request'
  | 'duplicate-request-differs'
  | 'duplicate-bucket'
  | 'same-bucket-other-figures'
  | 'duplicate-file'
  | 'currency-not-usd'
  | 'csv-no-time-column'
  | 'csv-no-usage-columns'
  | 'csv-unterminated-quote'
  | 'csv-short-row'
  | 'more-pages';

export interface UsageIssue {
  severity: 'error' | 'warning' | 'info';
  code: UsageIssueCode;
  /** 1-based line in the file, or null for the whole file. */
  line: number | null;
  /** The field as the file names it. */
  field: string | null;
  /** The offending value or other detail, as text. */
  detail: string | null;
}
