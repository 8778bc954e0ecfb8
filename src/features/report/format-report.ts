import type { Language } from '../../core/scenario/schema';
import { glossary } from '../../lib/i18n/glossary';

/**
 * Units and option words of the assumptions appendix in the reader's language. Units from core
 * are language-neutral symbols built from a few English words; German replaces those words.
 */
const UNIT_WORDS_DE: Readonly<Record<string, string>> = {
  tokens: 'Tokens',
  token: 'Token',
  req: 'Anfr.',
  day: 'Tag',
  days: 'Tage',
  month: 'Monat',
  months: 'Monate',
  year: 'Jahr',
  replicas: 'Replikate',
  FTE: 'VZÄ',
  sequences: 'Sequenzen',
  sequence: 'Sequenz',
  GPU: 'GPU',
  per: 'pro',
  node: 'Knoten',
  replica: 'Replikat',
  week: 'Woche',
  shaped: 'geformt',
};

export function localUnit(language: Language, unit: string): string {
  if (language === 'en' || !unit) return unit;
  return unit.replace(/[A-Za-z]+/g, (word) => UNIT_WORDS_DE[word] ?? word);
}

const OPTION_WORDS: Readonly<Record<Language, Readonly<Record<string, string>>>> = {
  en: {
    requests: 'requests per day',
    tokens: 'tokens per month',
    none: 'none',
    'n-plus-1': 'N+1',
    shaped: 'shaped weekly profile',
    output: 'output tokens',
    total: 'input + output tokens',
    entered: glossary.en['source.entered'],
    measured: glossary.en['source.measured'],
    estimated: glossary.en['source.estimated'],
    published: glossary.en['source.published'],
    'first-party': 'first-party',
    relay: 'relay',
    reseller: 'reseller',
    'on-demand': 'on demand',
    'scale-to-zero': 'scale to zero',
    reserved: 'reserved',
    rated: 'rated power',
    utilisation: 'following utilisation',
  },
  de: {
    requests: 'Anfragen pro Tag',
    tokens: 'Tokens pro Monat',
    none: 'keine',
    'n-plus-1': 'N+1',
    shaped: 'geformtes Wochenprofil',
    output: 'Ausgabe-Tokens',
    total: 'Eingabe- + Ausgabe-Tokens',
    entered: glossary.de['source.entered'],
    measured: glossary.de['source.measured'],
    estimated: glossary.de['source.estimated'],
    published: glossary.de['source.published'],
    'first-party': 'Anbieter direkt',
    relay: 'Relay',
    reseller: 'Wiederverkäufer',
    'on-demand': 'On Demand',
    'scale-to-zero': 'auf null skalierend',
    reserved: 'reserviert',
    rated: 'Nennleistung',
    utilisation: 'nach Auslastung',
  },
};

/** An option value (e.g. "n-plus-1") in words; other text is returned unchanged. */
export function localOption(language: Language, value: string): string {
  return OPTION_WORDS[language][value] ?? value;
}
