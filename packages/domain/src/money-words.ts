import { NBSP } from './money';
import { pluralize, type PluralForms } from './plural';
import { NUMERAL_WORDS } from './texts/numerals';

/*
 * Money as accounting documents write it (счёт, акт): the total in words and amounts that always
 * show their kopecks. Written here, not taken from npm: this package holds pure rules with no
 * dependencies (lint enforces it), and of the libraries checked n2words spells the kopecks out
 * («… и пятьдесят копеек»), rubles needs Node 24 and answers null for zero, number-to-words-ru
 * is a little-used CommonJS package. The rule is short and tabled in money-words.test.ts.
 */

const W = NUMERAL_WORDS;

/**
 * A number 1–999 in words; `feminine` for units before «тысяча» (одна, две тысячи). Zero
 * gives an empty list: an empty group says nothing.
 */
function hundredsInWords(value: number, feminine: boolean): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  if (hundreds > 0) words.push(W.hundreds[hundreds]!);
  if (rest >= 10 && rest < 20) {
    words.push(W.teens[rest - 10]!);
    return words;
  }
  const tens = Math.floor(rest / 10);
  const units = rest % 10;
  if (tens > 0) words.push(W.tens[tens]!);
  if (units > 0) words.push((feminine ? W.unitsFeminine : W.units)[units]!);
  return words;
}

/** Scales above the units, smallest first: тысяча (feminine), миллион, миллиард, триллион. */
const SCALES: ReadonlyArray<{ forms: PluralForms; feminine: boolean }> = [
  { forms: W.thousand, feminine: true },
  { forms: W.million, feminine: false },
  { forms: W.billion, feminine: false },
  { forms: W.trillion, feminine: false },
];

/**
 * A whole non-negative number in Russian words, masculine (as before «рубль»): 0 → «ноль»,
 * 21 → «двадцать один», 2 000 → «две тысячи», 1 001 001 → «один миллион одна тысяча один».
 * Up to 999 триллионов (beyond any amount of kopecks a safe integer holds).
 */
export function numberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Expected a whole number ≥ 0, got ${value}`);
  if (value === 0) return W.zero;
  const groups: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let index = groups.length - 1; index >= 0; index -= 1) {
    const group = groups[index]!;
    if (group === 0) continue;
    if (index === 0) {
      words.push(...hundredsInWords(group, false));
      continue;
    }
    const scale = SCALES[index - 1]!;
    words.push(...hundredsInWords(group, scale.feminine), pluralize(group, scale.forms));
  }
  return words.join(' ');
}

function checkKopecks(kopecks: number): void {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`Kopecks must be a non-negative safe integer, got ${kopecks}`);
  }
}

/**
 * A non-negative amount of integer kopecks in words, as a счёт or акт prints it: the roubles in
 * words with the capital first letter, the word «рубль» agreeing with the number, the kopecks as
 * two figures and «копейка» agreeing with them. `4_230_000` → «Сорок две тысячи триста рублей
 * 00 копеек», `2_101` → «Двадцать один рубль 01 копейка», `0` → «Ноль рублей 00 копеек».
 * No rounding: a negative, fractional or unsafe amount throws RangeError.
 */
export function amountInWords(kopecks: number): string {
  checkKopecks(kopecks);
  const rubles = Math.floor(kopecks / 100);
  const rest = kopecks % 100;
  const words = numberInWords(rubles);
  const rubleWord = pluralize(rubles, W.ruble);
  const kopeckWord = pluralize(rest, W.kopeck);
  const text = `${words} ${rubleWord} ${String(rest).padStart(2, '0')} ${kopeckWord}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Integer kopecks with both kopeck figures, as the columns of a счёт show them: `4_230_000` →
 * '42 300,00', `-15_050` → '-150,50' (a discount line). Digit groups are U+00A0. No ₽ sign: the
 * column head names the currency. Throws RangeError for a fractional or unsafe amount.
 */
export function formatDocumentAmount(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks)) throw new RangeError(`Kopecks must be a safe integer, got ${kopecks}`);
  const sign = kopecks < 0 ? '-' : '';
  const absolute = Math.abs(kopecks);
  const rubles = String(Math.floor(absolute / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return `${sign}${rubles},${String(absolute % 100).padStart(2, '0')}`;
}

/** `formatDocumentAmount` followed by a no-break space and «₽»: '42 300,00 ₽'. */
export function formatDocumentRub(kopecks: number): string {
  return `${formatDocumentAmount(kopecks)}${NBSP}₽`;
}
