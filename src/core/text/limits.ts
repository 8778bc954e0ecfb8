/**
 * How much of a dropped file is read at most. A line is read whole before anything can use it
 * (a CSV header becomes every column selector, a JSON Lines line one `JSON.parse`), so one line
 * of 200 MB without a newline would freeze or crash the tab; the readers refuse it at the cap,
 * without reading on. A minified JSON document is no line: it is read incrementally.
 */
export const MAX_LINE_CHARS = 1_000_000;

/** Columns of a CSV at most (the column mappings name columns up to 10,000). */
export const MAX_COLUMNS = 10_000;

/** Characters of the file shown in a message at most. */
export const EXCERPT_CHARS = 80;

/** The start of `text` for a message: at most EXCERPT_CHARS characters on one line, "…" when cut. */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  const head = text.slice(0, max + 1).replace(/\s+/g, ' ');
  return head.length > max ? `${head.slice(0, max)}…` : head;
}

/** Why a CSV was not read on: a row longer than MAX_LINE_CHARS, or wider than MAX_COLUMNS. */
export type CsvLimit = { kind: 'line-too-long'; line: number; excerpt: string } | { kind: 'too-many-columns'; line: number; columns: number };
