import type { Language } from '../../core/scenario/schema';
import { formatInteger } from '../format/format';
import { translate, type Messages } from './define';
import { plural } from '../../core/text/plural';

/** The nouns a catalogue can count: those with both `count.<noun>.one` and `count.<noun>.other`. */
export type CountNoun<K extends string, All extends string = K> = K extends `count.${infer N}.one` ? (`count.${N}.other` extends All ? N : never) : never;

/**
 * A count with its noun, "1 stage" / "2 stages", in the form the language's plural rule picks,
 * from the catalogue's `count.<noun>.one` / `.other` entries with the number as {n}. `shown` is
 * the number as written when it is not written as a whole one (1.83 days); pass `n` rounded as
 * shown, so that the rule sees the number the reader sees.
 */
export function countIn<K extends string>(
  messages: Messages<K>,
  language: Language,
  noun: CountNoun<K>,
  n: number,
  shown: string = formatInteger(language, n),
): string {
  const key = plural(language, n, { one: `count.${noun}.one`, other: `count.${noun}.other` }) as K;
  return translate(messages, language, key, { n: shown });
}
