/**
 * Plural and list forms through the platform's `Intl` rules, so no catalogue carries hand-made
 * `.one` / `.many` key pairs and no sentence is glued together with a translated " and ".
 * A language is a BCP 47 tag (the scenario's `Language`: `en`, `de`); the page's catalogues and
 * the CLI's messages share these rules.
 */

/** The forms a catalogue entry offers for a count: `one` for the singular, `other` for the rest. */
export interface PluralForms<T> {
  readonly one: T;
  readonly other: T;
}

const pluralRules = new Map<string, Intl.PluralRules>();

function rules(language: string): Intl.PluralRules {
  let r = pluralRules.get(language);
  if (!r) {
    r = new Intl.PluralRules(language);
    pluralRules.set(language, r);
  }
  return r;
}

/**
 * Picks the form for `n` by the language's plural rule (English and German both have exactly
 * `one` and `other` for cardinal numbers: 1 → one; 0, 2, 1.5 → other).
 */
export function plural<T>(language: string, n: number, forms: PluralForms<T>): T {
  return rules(language).select(n) === 'one' ? forms.one : forms.other;
}

const listFormats = new Map<string, Intl.ListFormat>();

/**
 * Joins items as a list in the language's words: "A, B and C" / "A, B und C" (`conjunction`,
 * the default), or "A, B or C" / "A, B oder C" (`disjunction`).
 */
export function formatList(language: string, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  const key = `${language}:${type}`;
  let f = listFormats.get(key);
  if (!f) {
    f = new Intl.ListFormat(language, { style: 'long', type });
    listFormats.set(key, f);
  }
  return f.format(items);
}
