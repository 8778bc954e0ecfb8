import type { Locator } from '@playwright/test';

/**
 * A file made inside the page, of any size, without a transfer from the test runner or a copy
 * on disk: `head` bytes, then `text` repeated up to `bytes` bytes (1 MiB pieces of one buffer),
 * then `tail`.
 */
export interface GeneratedFile {
  name: string;
  head?: number[];
  repeat?: { text: string; bytes: number };
  tail?: string;
}

/** Puts the generated file into a file input and tells the page, as choosing it does. */
export async function chooseGenerated(input: Locator, file: GeneratedFile): Promise<void> {
  await input.evaluate((el, f) => {
    const parts: BlobPart[] = [];
    if (f.head) parts.push(new Uint8Array(f.head));
    if (f.repeat) {
      const unit = new TextEncoder().encode(f.repeat.text.repeat(Math.ceil(1_048_576 / f.repeat.text.length)));
      for (let left = f.repeat.bytes; left > 0; left -= unit.length) parts.push(left >= unit.length ? unit : unit.subarray(0, left));
    }
    if (f.tail) parts.push(f.tail);
    const dt = new DataTransfer();
    dt.items.add(new File(parts, f.name));
    (el as HTMLInputElement).files = dt.files;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, file);
}

/** UTF-16 LE bytes of `text` with a byte order mark, as Windows "Unicode" text is saved. */
export function utf16le(text: string): number[] {
  const out = [0xff, 0xfe];
  for (let i = 0; i < text.length; i++) out.push(text.charCodeAt(i) & 0xff, text.charCodeAt(i) >> 8);
  return out;
}
