import { beforeAll, describe, expect, it } from 'vitest';
import { registeredCatalogues } from './registry';

/**
 * Every message catalogue in the app must have the same keys in English and German, no empty
 * entry, and the same {placeholders} in both languages. The catalogues are the ones registered by
 * `defineMessages` when their module loads. A scan of the source finds every file that calls
 * `defineMessages`, loads it, and checks that each call's catalogue is registered, so a catalogue
 * in a file of any name cannot be missed.
 */
const sources = import.meta.glob<string>(['../../**/*.ts', '../../**/*.tsx', '!../../**/*.test.ts', '!../../**/*.test.tsx', '!../../**/*.d.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});
const loaders = import.meta.glob(['../../**/*.ts', '../../**/*.tsx', '!../../**/*.test.ts', '!../../**/*.test.tsx', '!../../**/*.d.ts']);

/** Names given to `defineMessages` in the source, with the file they are in. */
const defined = Object.entries(sources).flatMap(([file, text]) =>
  [...text.matchAll(/\bdefineMessages\(\s*'([^']+)'/g)].map((m) => ({ file, name: m[1] as string })),
);
/** Calls that do not start with a literal name cannot be checked, so they count as an error. */
const unnamed = Object.entries(sources).flatMap(([file, text]) => (/\bdefineMessages\((?!\s*'[^']+')/.test(text) ? [file] : []));

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();
}

const registry = registeredCatalogues();

beforeAll(async () => {
  await Promise.all(
    Object.entries(sources)
      .filter(([, text]) => /\bdefineMessages\(/.test(text))
      .map(([file]) => loaders[file]?.()),
  );
});

describe('message catalogues', () => {
  it('every defineMessages call in the source has a literal, unique name and is registered', () => {
    expect(unnamed).toEqual([]);
    const names = defined.map((d) => d.name);
    expect(new Set(names).size, `duplicate catalogue names: ${names.join(', ')}`).toBe(names.length);
    const missing = defined.filter((d) => !registry.has(d.name)).map((d) => `${d.name} (${d.file}): not registered when its module loads`);
    expect(missing).toEqual([]);
    // The eleven catalogues of today, counted by hand: app, library, components, help, glossary,
    // Zod issues and the five features. A scan that finds fewer is broken, not the tree.
    expect(defined.length).toBeGreaterThanOrEqual(11);
    expect([...registry.keys()].sort()).toEqual([...names].sort());
  });

  it('include the two catalogues in files not named messages.ts', () => {
    expect(registry.has('help')).toBe(true);
    expect(registry.has('library')).toBe(true);
  });

  it('German matches English in every registered catalogue', () => {
    expect(registry.size).toBeGreaterThanOrEqual(11);
    for (const [name, messages] of registry) {
      expect(Object.keys(messages.de).sort(), `${name}: keys differ`).toEqual(Object.keys(messages.en).sort());
      for (const [key, en] of Object.entries(messages.en)) {
        const de = messages.de[key] ?? '';
        expect(en.trim(), `${name}/${key} (en) is empty`).not.toBe('');
        expect(de.trim(), `${name}/${key} (de) is empty`).not.toBe('');
        expect(placeholders(de), `${name}/${key}: placeholders differ`).toEqual(placeholders(en));
      }
    }
  });
});
