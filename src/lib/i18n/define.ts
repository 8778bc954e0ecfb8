import type { Language } from '../../core/scenario/schema';
import { registerCatalogue } from './registry';

/**
 * Message catalogues are defined per feature, English first, under a unique name that registers
 * them for the parity test (`registry.ts`); the German catalogue must have exactly the same keys
 * (the compiler checks it, and a unit test checks no entry is empty and the placeholders match).
 * Placeholders are written {name} and filled by the translator. Counts pick their form with
 * `plural` and lists are joined with `formatList` (`core/text/plural.ts`), never by hand.
 */
export type Messages<K extends string> = Readonly<Record<Language, Readonly<Record<K, string>>>>;

export function defineMessages<const E extends Record<string, string>>(
  name: string,
  en: E,
  de: { readonly [K in keyof E]: string },
): Messages<Extract<keyof E, string>> {
  registerCatalogue(name, { en, de });
  return { en, de } as Messages<Extract<keyof E, string>>;
}

export type Params = Readonly<Record<string, string | number>>;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function translate<K extends string>(messages: Messages<K>, language: Language, key: K, params?: Params): string {
  return interpolate(messages[language][key], params);
}
