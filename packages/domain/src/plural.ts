import { formatNumber } from './number-format';

/** Russian word forms: one (1, 21, 101), few (2–4, 22), many (0, 5–20, 25, 111), other (fractions). */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
  /** Fractions, «1,5 места»; the `few` form (genitive singular) when omitted. */
  other?: string;
}

const rules = new Intl.PluralRules('ru');

/**
 * The word form for `count` by the Russian plural rules (`Intl.PluralRules('ru')`):
 * `pluralize(1, place)` → 'место', 2 → 'места', 5 → 'мест', 21 → 'место', 111 → 'мест',
 * 1.5 → `other` (else `few`). Negative numbers take the form of their absolute value;
 * NaN and ±Infinity take `many`, so a broken count still reads grammatically.
 */
export function pluralize(count: number, forms: PluralForms): string {
  if (!Number.isFinite(count)) return forms.many;
  const category = rules.select(count);
  switch (category) {
    case 'one':
      return forms.one;
    case 'few':
      return forms.few;
    case 'other':
      return forms.other ?? forms.few;
    default:
      return forms.many;
  }
}

/**
 * `count` with its word: '1 место', '5 мест', '1 000 мест' (U+00A0 groups thousands),
 * '1,5 места' (comma decimals, at most 2 fraction digits). The count and word are joined by a
 * plain space; a non-finite count prints no number, only the `many` word.
 */
export function formatCount(count: number, forms: PluralForms): string {
  const number = formatNumber(count);
  const word = pluralize(count, forms);
  return number ? `${number} ${word}` : word;
}
