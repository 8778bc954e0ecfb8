/** Saves text or a blob as a file through a temporary object URL (no network involved). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(text: string, fileName: string, mime: string): void {
  // A BOM makes spreadsheet programs read CSV as UTF-8.
  const body = mime.startsWith('text/csv') ? `\ufeff${text}` : text;
  downloadBlob(new Blob([body], { type: mime }), fileName);
}

/** A file name from a title: letters, digits, dashes. */
export function fileSlug(title: string, fallback = 'scenario'): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || fallback;
}
