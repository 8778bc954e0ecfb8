import type { Language } from '../../core/scenario/schema';
import type { IssueFacts } from '../../core/scenario/restore';
import { defineMessages, translate } from './define';
import { formatList, plural } from '../../core/text/plural';

/**
 * Validation problems in the reader's language. Core reports language-neutral facts of a Zod
 * issue (its code and limits, `IssueFacts`); this turns them into a sentence. A rule the schema
 * words itself carries a code (`IssueFacts.rule`) with its figures and is worded here too; only a
 * refinement without a code is shown as written, inside a translated frame.
 */
export const issueMessages = defineMessages(
  'issues',
  {
    'type.number': 'a number',
    'type.string': 'a text',
    'type.boolean': 'true or false',
    'type.object': 'an object',
    'type.array': 'a list',
    'type.other': 'a value of type {type}',
    invalidType: 'must be {type}',
    'min.inclusive': 'must be at least {min}',
    'min.exclusive': 'must be greater than {min}',
    'max.inclusive': 'must be at most {max}',
    'max.exclusive': 'must be less than {max}',
    'minItems.one': 'must have at least {min} entry',
    'minItems.other': 'must have at least {min} entries',
    'maxItems.one': 'must have at most {max} entry',
    'maxItems.other': 'must have at most {max} entries',
    'minChars.one': 'must be at least {min} character long',
    'minChars.other': 'must be at least {min} characters long',
    'maxChars.one': 'must be at most {max} character long',
    'maxChars.other': 'must be at most {max} characters long',
    invalidValue: 'must be one of {values}',
    unknownField: 'unknown field',
    format: 'is not a valid {format}',
    multipleOf: 'must be a multiple of {divisor}',
    custom: '{detail}',
    'rule.rent-limit': 'Must be at most {perGpuHour} USD per GPU-hour or {perNodeHour} USD per node-hour',
    'rule.day-order': '{field} ({value}) must not exceed {limit} ({limitValue})',
    'rule.range-order': 'Low must not exceed high',
    unrepairable: 'could not be repaired',
    invalid: 'invalid value',
  },
  {
    'type.number': 'eine Zahl',
    'type.string': 'ein Text',
    'type.boolean': 'wahr oder falsch',
    'type.object': 'ein Objekt',
    'type.array': 'eine Liste',
    'type.other': 'ein Wert vom Typ {type}',
    invalidType: 'muss {type} sein',
    'min.inclusive': 'muss mindestens {min} sein',
    'min.exclusive': 'muss größer als {min} sein',
    'max.inclusive': 'darf höchstens {max} sein',
    'max.exclusive': 'muss kleiner als {max} sein',
    'minItems.one': 'braucht mindestens {min} Eintrag',
    'minItems.other': 'braucht mindestens {min} Einträge',
    'maxItems.one': 'darf höchstens {max} Eintrag haben',
    'maxItems.other': 'darf höchstens {max} Einträge haben',
    'minChars.one': 'muss mindestens {min} Zeichen lang sein',
    'minChars.other': 'muss mindestens {min} Zeichen lang sein',
    'maxChars.one': 'darf höchstens {max} Zeichen lang sein',
    'maxChars.other': 'darf höchstens {max} Zeichen lang sein',
    invalidValue: 'muss einer dieser Werte sein: {values}',
    unknownField: 'unbekanntes Feld',
    format: 'ist kein gültiges Format ({format})',
    multipleOf: 'muss ein Vielfaches von {divisor} sein',
    custom: 'ungültig: {detail}',
    'rule.rent-limit': 'darf höchstens {perGpuHour} USD pro GPU-Stunde oder {perNodeHour} USD pro Knotenstunde betragen',
    'rule.day-order': '{field} ({value}) darf {limit} ({limitValue}) nicht übersteigen',
    'rule.range-order': 'der untere Wert darf den oberen nicht übersteigen',
    unrepairable: 'ließ sich nicht reparieren',
    invalid: 'ungültiger Wert',
  },
);

type Key = keyof (typeof issueMessages)['en'];

const TYPES = new Set(['number', 'string', 'boolean', 'object', 'array']);

function limit(language: Language, v: number | string): string {
  return typeof v === 'number' ? new Intl.NumberFormat(language, { maximumFractionDigits: 6 }).format(v) : v;
}

/**
 * The problem of one issue in `language`. `fallback` is the validator's own English text, used
 * for a refinement's message and for codes without a template.
 */
export function issueText(language: Language, issue: IssueFacts | undefined, fallback: string): string {
  const t = (key: Key, params?: Readonly<Record<string, string | number>>) => translate(issueMessages, language, key, params);
  if (!issue) return fallback;
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected ?? '';
      const type = TYPES.has(expected) ? t(`type.${expected}` as Key) : t('type.other', { type: expected });
      return t('invalidType', { type });
    }
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = small ? issue.minimum : issue.maximum;
      if (bound === undefined) return t('invalid');
      const n = typeof bound === 'number' ? bound : Number(bound);
      const params = { min: limit(language, bound), max: limit(language, bound) };
      if (issue.origin === 'array' || issue.origin === 'set')
        return t(plural(language, n, small ? { one: 'minItems.one', other: 'minItems.other' } : { one: 'maxItems.one', other: 'maxItems.other' }), params);
      if (issue.origin === 'string')
        return t(plural(language, n, small ? { one: 'minChars.one', other: 'minChars.other' } : { one: 'maxChars.one', other: 'maxChars.other' }), params);
      const inclusive = issue.inclusive !== false;
      return t(small ? (inclusive ? 'min.inclusive' : 'min.exclusive') : inclusive ? 'max.inclusive' : 'max.exclusive', params);
    }
    case 'invalid_value':
      return t('invalidValue', {
        values: formatList(
          language,
          (issue.values ?? []).map((v) => `“${v}”`),
          'disjunction',
        ),
      });
    case 'unrecognized_keys':
      return t('unknownField');
    case 'invalid_format':
      return t('format', { format: issue.format ?? '' });
    case 'not_multiple_of':
      return t('multipleOf', { divisor: issue.divisor === undefined ? '' : limit(language, issue.divisor) });
    case 'custom': {
      if (!issue.rule) return t('custom', { detail: fallback });
      const params = Object.fromEntries(Object.entries(issue.params ?? {}).map(([k, v]) => [k, limit(language, v)]));
      return t(`rule.${issue.rule}`, params);
    }
    case 'unrepairable':
      return t('unrepairable');
    default:
      return t('invalid');
  }
}
