import { describe, expect, it } from 'vitest';

/**
 * Every message catalogue in the app (each `messages.ts`) must have the same keys in English and
 * German, no empty entry, and the same {placeholders} in both languages.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../**/messages.ts', { eager: true });

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

const catalogues = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter((entry): entry is [string, { en: Record<string, string>; de: Record<string, string> }] => {
      const v = entry[1] as { en?: unknown; de?: unknown } | null;
      return typeof v === 'object' && v !== null && typeof v.en === 'object' && typeof v.de === 'object';
    })
    .map(([name, messages]) => ({ where: `${file}#${name}`, messages })),
);

describe('message catalogues', () => {
  it('are found', () => {
    expect(catalogues.length).toBeGreaterThanOrEqual(7);
  });
  for (const { where, messages } of catalogues) {
    it(`${where}: German matches English`, () => {
      expect(Object.keys(messages.de).sort()).toEqual(Object.keys(messages.en).sort());
      for (const [key, en] of Object.entries(messages.en)) {
        const de = messages.de[key] ?? '';
        expect(en.trim(), `${key} (en) is empty`).not.toBe('');
        expect(de.trim(), `${key} (de) is empty`).not.toBe('');
        expect(placeholders(de), `${key}: placeholders differ`).toEqual(placeholders(en));
      }
    });
  }
});
