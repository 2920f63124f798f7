import type { z } from 'zod';
import { formatNumber } from './money';
import { pluralize, type PluralForms } from './plural';
import { INPUT_TEXTS as T } from './texts/input';

type Issue = z.core.$ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: T.expectedString,
  number: T.expectedNumber,
  int: T.expectedInteger,
  bigint: T.expectedInteger,
  boolean: T.expectedBoolean,
  object: T.expectedObject,
  array: T.expectedList,
  tuple: T.expectedList,
  set: T.expectedList,
  date: T.expectedDate,
};

const FORMATS: Record<string, string> = {
  email: T.invalidEmail,
  url: T.invalidLink,
  uuid: T.invalidId,
  uuidv4: T.invalidId,
  uuidv6: T.invalidId,
  uuidv7: T.invalidId,
  guid: T.invalidId,
  datetime: T.invalidDate,
  date: T.invalidDate,
  time: T.invalidTime,
};

/** '2 000', '0,5': the bound as a person reads it (no exponent, Russian digit groups). */
function bound(value: number | bigint): string {
  return typeof value === 'bigint' ? value.toString() : formatNumber(value, 6);
}

function counted(prefix: string, value: number | bigint, forms: PluralForms): string {
  return `${prefix} ${bound(value)} ${pluralize(Number(value), forms)}`;
}

function sizeMessage(issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string {
  const big = issue.code === 'too_big';
  const limit = big ? (issue as { maximum: number | bigint }).maximum : (issue as { minimum: number | bigint }).minimum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case 'string':
      if (!big && Number(limit) === 1) return T.required;
      if (issue.exact) return counted(T.exactly, limit, T.characters);
      return counted(big ? T.atMost : T.atLeast, limit, T.charactersGenitive);
    case 'array':
    case 'set':
      if (!big && Number(limit) === 1) return T.listEmpty;
      if (issue.exact) return counted(T.exactly, limit, T.elements);
      return counted(big ? T.atMost : T.atLeast, limit, T.elementsGenitive);
    case 'date':
      return big ? T.dateTooLate : T.dateTooEarly;
    case 'file':
      return big ? T.fileTooLarge : T.fileTooSmall;
    default: {
      const prefix = big ? (inclusive ? T.numberAtMost : T.numberBelow) : inclusive ? T.numberAtLeast : T.numberAbove;
      return `${prefix} ${bound(limit)}`;
    }
  }
}

/**
 * Zod's messages in plain Russian, for `z.config({ customError: russianZodMessage })`. zod's own
 * Russian locale names types and patterns («ожидалось object, получено string», «должна
 * соответствовать шаблону /^…$/»); these never do: a missing value is «Обязательное поле», a
 * wrong type says what was expected in words, a failed pattern is «Неверный формат», bounds
 * are counted in words («Не меньше 2 символов»). Input is never echoed. A schema's own message
 * still wins; this map only fills the gaps.
 */
export function russianZodMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return T.required;
      return EXPECTED[issue.expected] ?? T.wrongType;
    case 'too_big':
    case 'too_small':
      return sizeMessage(issue);
    case 'invalid_format':
      return FORMATS[issue.format] ?? T.invalidFormat;
    case 'not_multiple_of':
      return `${T.multipleOf} ${bound(issue.divisor)}`;
    case 'unrecognized_keys':
      return T.unknownField;
    case 'invalid_key':
      return T.invalidKey;
    case 'invalid_element':
      return T.invalidElement;
    default:
      return T.invalidValue;
  }
}
