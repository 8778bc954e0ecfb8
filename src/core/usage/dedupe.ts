import { HASH_BLOCK_BYTES, type ByteSource } from '../benchmarks/import-contract';

/**
 * What was read already, over all files of one read (docs/usage.md, "Duplicates"):
 * - a request with a request id already read is the same request written again: it is dropped
 *   (the first one read counts), and where its figures differ from the first, that is said;
 * - a time bucket (an API page's result, a report's, a bucketed CSV row) equal in every field to
 *   one already read is the same page or row again: it is dropped. One with the same bucket and
 *   the same names (model, project, user, key, …) but other figures is counted too — a real
 *   OpenAI export has such rows — and said, since a bucket fetched while still open and again
 *   later would count twice;
 * - a file whose bytes equal an earlier file's is not read at all (`sameContent`).
 * Rows without a request id are never dropped: two requests may look alike.
 */
export interface Earlier {
  file: string;
  line: number;
}

export type Seen = { kind: 'new' } | { kind: 'duplicate'; earlier: Earlier; sameFigures: boolean } | { kind: 'same-group'; earlier: Earlier };

const NEW: Seen = { kind: 'new' };
const LINE_SPAN = 2 ** 32;

export class DuplicateFilter {
  private readonly files: string[] = [];
  private file = -1;
  /** Request id → index into `at`/`figures`. */
  private readonly ids = new Map<string, number>();
  private readonly at: number[] = [];
  private readonly figures: string[] = [];
  /** Bucket group → the rows of that group read so far (their whole text and where). */
  private readonly groups = new Map<string, { whole: string; at: number }[]>();

  /** The file read next; returns its number. */
  beginFile(name: string): number {
    this.files.push(name);
    this.file = this.files.length - 1;
    return this.file;
  }

  private earlier(at: number): Earlier {
    return { file: this.files[Math.floor(at / LINE_SPAN)] ?? '', line: at % LINE_SPAN };
  }

  /** A request with an id: new, or the same request again. `figures` is what it says (compared, never parsed). */
  request(id: string, line: number, figures: string): Seen {
    const k = this.ids.get(id);
    if (k === undefined) {
      this.ids.set(id, this.at.length);
      this.at.push(Math.max(0, this.file) * LINE_SPAN + line);
      this.figures.push(figures);
      return NEW;
    }
    return { kind: 'duplicate', earlier: this.earlier(this.at[k] as number), sameFigures: this.figures[k] === figures };
  }

  /**
   * A time bucket: `group` names it (kind of file, start, length and every name the row carries),
   * `whole` is all of it. The same whole in the same group is a duplicate; another whole in the
   * same group is counted and said.
   */
  bucket(group: string, whole: string, line: number): Seen {
    const rows = this.groups.get(group);
    const at = Math.max(0, this.file) * LINE_SPAN + line;
    if (rows === undefined) {
      this.groups.set(group, [{ whole, at }]);
      return NEW;
    }
    const same = rows.find((r) => r.whole === whole);
    if (same !== undefined) return { kind: 'duplicate', earlier: this.earlier(same.at), sameFigures: true };
    const first = rows[0] as { at: number };
    rows.push({ whole, at });
    return { kind: 'same-group', earlier: this.earlier(first.at) };
  }
}

/**
 * A JSON row as its group (the bucket and every field that is not a number: model, project, user,
 * key, line item, …) and its whole text, keys sorted so that the order of fields does not matter.
 */
export function bucketIdentity(kind: string, start: number, bucketS: number, row: Record<string, unknown>): { group: string; whole: string } {
  const names: string[] = [];
  const all: string[] = [];
  flatten(row, '', names, all);
  names.sort();
  all.sort();
  const head = `${kind}|${start}|${bucketS}|`;
  return { group: head + names.join('|'), whole: head + all.join('|') };
}

function flatten(v: unknown, path: string, names: string[], all: string[]): void {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, path === '' ? k : `${path}.${k}`, names, all);
    return;
  }
  const entry = `${path}=${JSON.stringify(v) ?? ''}`;
  all.push(entry);
  if (typeof v !== 'number') names.push(entry);
}

/**
 * Content hash of a file, as the benchmark import defines it (importer.ts): the SHA-256 of the
 * bytes when they fit in one 4 MiB block, else the SHA-256 of the blocks' SHA-256 digests.
 */
export async function contentHash(source: ByteSource, sha256: (bytes: Uint8Array) => Promise<Uint8Array>, cancelled?: () => boolean): Promise<string | null> {
  const digests: Uint8Array[] = [];
  for (let offset = 0; offset < source.size || digests.length === 0; offset += HASH_BLOCK_BYTES) {
    if (cancelled?.()) return null;
    const bytes = await source.read(offset, Math.min(HASH_BLOCK_BYTES, source.size - offset));
    digests.push(await sha256(bytes));
    if (bytes.length === 0) break;
  }
  let digest = digests[0] as Uint8Array;
  if (digests.length > 1) {
    const all = new Uint8Array(digests.length * 32);
    digests.forEach((d, i) => all.set(d.subarray(0, 32), i * 32));
    digest = await sha256(all);
  }
  return Array.from(digest.subarray(0, 32), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Which file of a read repeats an earlier one byte for byte. Only a file whose size another file
 * of the read has is hashed: bytes of other lengths cannot be equal.
 */
export class SameBytes {
  private readonly shared = new Set<number>();
  private readonly firstOf = new Map<string, number>();

  constructor(sizes: readonly number[]) {
    const seen = new Set<number>();
    for (const size of sizes) {
      if (seen.has(size)) this.shared.add(size);
      seen.add(size);
    }
  }

  /** The index of an earlier file with the same bytes, null when there is none, undefined when cancelled. */
  async earlier(
    index: number,
    source: ByteSource,
    sha256: (bytes: Uint8Array) => Promise<Uint8Array>,
    cancelled?: () => boolean,
  ): Promise<number | null | undefined> {
    if (!this.shared.has(source.size)) return null;
    const hash = await contentHash(source, sha256, cancelled);
    if (hash === null) return undefined;
    const key = `${source.size}:${hash}`;
    const first = this.firstOf.get(key);
    if (first !== undefined) return first;
    this.firstOf.set(key, index);
    return null;
  }
}
