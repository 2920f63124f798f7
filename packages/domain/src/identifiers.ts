import { IDENTIFIERS_TEXTS } from './texts/identifiers';
import { cleanText } from './text';

/*
 * Russian registration identifiers for the full-access request. Checksums after the FNS rules
 * (shared/reference/integrations-and-tariffs.md §3.2); no npm package is maintained well enough.
 */

const INN10_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8];
const INN12_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8];

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0);
  return (sum % 11) % 10;
}

/**
 * Identifiers are often pasted with spaces, hyphens or invisible characters around the digits;
 * those are dropped and letters upper-cased before checking. Nothing else is forgiven.
 */
export function normalizeIdentifier(value: string): string {
  return cleanText(value, { allowSpaces: false })
    .replace(/[-\u2010\u2011]/g, '')
    .toUpperCase();
}

/**
 * Why an ИНН is wrong, as the user sees it, or null when it is valid. Accepts 10 digits (an
 * organisation) or 12 (a person or sole trader) after {@link normalizeIdentifier}, with the FNS
 * check digits (each `(Σ weight×digit mod 11) mod 10`). The first two digits are a region code
 * and cannot be 00. Empty input is `innRequired`.
 */
export function getInnError(value: string): string | null {
  const inn = normalizeIdentifier(value);
  if (inn === '') return IDENTIFIERS_TEXTS.innRequired;
  if (!/^(?:\d{10}|\d{12})$/.test(inn)) return IDENTIFIERS_TEXTS.innFormat;
  if (inn.startsWith('00')) return IDENTIFIERS_TEXTS.innChecksum;
  const valid =
    inn.length === 10
      ? checkDigit(inn, INN10_WEIGHTS) === Number(inn[9])
      : checkDigit(inn, INN12_WEIGHTS_11) === Number(inn[10]) && checkDigit(inn, INN12_WEIGHTS_12) === Number(inn[11]);
  return valid ? null : IDENTIFIERS_TEXTS.innChecksum;
}

/** Whether `value` is a valid ИНН of 10 or 12 digits (see {@link getInnError}). */
export function isValidInn(value: string): boolean {
  return getInnError(value) === null;
}

/** Like {@link getInnError}, but only the 10-digit ИНН of an organisation passes. */
export function getLegalInnError(value: string): string | null {
  const inn = normalizeIdentifier(value);
  if (inn !== '' && !/^\d{10}$/.test(inn)) return IDENTIFIERS_TEXTS.innLegalFormat;
  return getInnError(inn);
}

/**
 * Why a КПП is wrong, or null: 9 characters, 4 digits, then 2 digits or capital Latin letters
 * (allowed since 2019), then 3 digits, after {@link normalizeIdentifier} (so lower-case Latin
 * letters pass). Cyrillic look-alikes (А, В, Е…) are refused: the tax service never issues them.
 */
export function getKppError(value: string): string | null {
  const kpp = normalizeIdentifier(value);
  if (kpp === '') return IDENTIFIERS_TEXTS.kppRequired;
  return /^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) ? null : IDENTIFIERS_TEXTS.kppFormat;
}

/** Whether `value` is a well-formed КПП (see {@link getKppError}). */
export function isValidKpp(value: string): boolean {
  return getKppError(value) === null;
}

/**
 * Why an ОГРН (13 digits, first digit 1 or 5) or ОГРНИП (15 digits, first digit 3) is wrong, or
 * null. The check digit is `(first 12 mod 11) mod 10` for ОГРН and `(first 14 mod 13) mod 10`
 * for ОГРНИП; a 14-digit prefix is below 2^53, so plain number arithmetic is exact.
 */
export function getOgrnError(value: string): string | null {
  const ogrn = normalizeIdentifier(value);
  if (ogrn === '') return IDENTIFIERS_TEXTS.ogrnRequired;
  if (!/^(?:[15]\d{12}|3\d{14})$/.test(ogrn)) return IDENTIFIERS_TEXTS.ogrnFormat;
  const divisor = ogrn.length === 13 ? 11 : 13;
  const body = Number(ogrn.slice(0, -1));
  return (body % divisor) % 10 === Number(ogrn.slice(-1)) ? null : IDENTIFIERS_TEXTS.ogrnChecksum;
}

/** Whether `value` is a valid ОГРН or ОГРНИП (see {@link getOgrnError}). */
export function isValidOgrn(value: string): boolean {
  return getOgrnError(value) === null;
}

/** Why a passport series is wrong (exactly 4 digits; `45 06` is accepted as `4506`), or null. */
export function getPassportSeriesError(value: string): string | null {
  const series = normalizeIdentifier(value);
  if (series === '') return IDENTIFIERS_TEXTS.passportSeriesRequired;
  return /^\d{4}$/.test(series) ? null : IDENTIFIERS_TEXTS.passportSeriesFormat;
}

/** Why a passport number is wrong (exactly 6 digits), or null. */
export function getPassportNumberError(value: string): string | null {
  const number = normalizeIdentifier(value);
  if (number === '') return IDENTIFIERS_TEXTS.passportNumberRequired;
  return /^\d{6}$/.test(number) ? null : IDENTIFIERS_TEXTS.passportNumberFormat;
}
