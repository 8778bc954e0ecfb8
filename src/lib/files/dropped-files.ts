/**
 * Files from a drop or a file picker. A dropped folder (e.g. a `vllm bench sweep` directory or
 * an AIPerf artifacts folder) is walked and its files are returned with their relative path as
 * name, so companion files keep their names. Hidden files (".DS_Store") are skipped.
 */
export interface DroppedFile {
  file: File;
  /** Path inside a dropped folder, or the file name. */
  name: string;
}

const MAX_FILES = 500;

interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
  file?: (ok: (f: File) => void, fail: (e: unknown) => void) => void;
  createReader?: () => { readEntries: (ok: (entries: EntryLike[]) => void, fail: (e: unknown) => void) => void };
}

function hidden(name: string): boolean {
  return name.startsWith('.') || name === 'Thumbs.db';
}

async function walk(entry: EntryLike, out: DroppedFile[]): Promise<void> {
  if (out.length >= MAX_FILES || hidden(entry.name)) return;
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file?.(ok, fail));
    out.push({ file, name: entry.fullPath.replace(/^\//, '') || file.name });
    return;
  }
  if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader();
    // readEntries returns at most ~100 entries per call; read until it returns none.
    for (;;) {
      const batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
      if (batch.length === 0) break;
      for (const e of batch) await walk(e, out);
    }
  }
}

export async function filesFromDataTransfer(dt: DataTransfer): Promise<DroppedFile[]> {
  const out: DroppedFile[] = [];
  const items = Array.from(dt.items ?? []);
  const entries = items
    .filter((i) => i.kind === 'file')
    .map((i) => (i as DataTransferItem & { webkitGetAsEntry?: () => EntryLike | null }).webkitGetAsEntry?.() ?? null);
  if (entries.length > 0 && entries.every((e) => e !== null)) {
    for (const e of entries as EntryLike[]) await walk(e, out);
    return out;
  }
  return filesFromList(dt.files);
}

export function filesFromList(list: ArrayLike<File> | null): DroppedFile[] {
  return Array.from(list ?? [])
    .filter((f) => !hidden(f.name))
    .slice(0, MAX_FILES)
    .map((file) => ({ file, name: (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name }));
}
