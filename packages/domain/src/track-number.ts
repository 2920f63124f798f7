import { TRACK_NUMBER_TEXTS } from './texts/track-number';

// No zod and not the whole catalogue here: the header and home forms import this module in the browser.
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;

/*
 * Track numbers (docs/decisions/008-track-numbers.md): `MG-DDDD-DDDDC`, the letters MG and nine
 * digits, the last one a Damm check digit. Digits only, in groups of 4 and 5, so a number is
 * easy to read out over the phone; the check digit catches every single wrong digit and every
 * swap of two neighbouring digits, so a typo answers «опечатка» instead of someone else's cargo.
 * Eight random digits give 10⁸ numbers; uniqueness is enforced by the database (unique index,
 * retry on conflict).
 */

/** The Damm quasigroup of order 10 (weakly totally anti-symmetric). */
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

export const TRACK_NUMBER_PREFIX = 'MG';
/** Random digits before the check digit. */
export const TRACK_NUMBER_BODY_DIGITS = 8;
/** Canonical form: `MG-1234-56789`. */
export const TRACK_NUMBER_PATTERN = /^MG-\d{4}-\d{5}$/;

/** The Damm check digit of a string of decimal digits. */
export function dammCheckDigit(digits: string): number {
  let interim = 0;
  for (const char of digits) {
    const digit = char.charCodeAt(0) - 48;
    if (digit < 0 || digit > 9) throw new RangeError(`Not a digit: ${char}`);
    interim = DAMM[interim]![digit]!;
  }
  return interim;
}

/** Whether a digit string ends with its correct Damm check digit. */
export function isDammValid(digits: string): boolean {
  return /^\d+$/.test(digits) && dammCheckDigit(digits) === 0;
}

function format(nineDigits: string): string {
  return `${TRACK_NUMBER_PREFIX}-${nineDigits.slice(0, 4)}-${nineDigits.slice(4)}`;
}

/** The track number for 8 body digits (the check digit appended). */
export function trackNumberFromBody(body: string): string {
  if (!new RegExp(`^\\d{${TRACK_NUMBER_BODY_DIGITS}}$`).test(body)) throw new RangeError('Eight digits expected');
  return format(`${body}${dammCheckDigit(body)}`);
}

/**
 * A fresh random track number. `randomInt(n)` returns a uniform integer in [0, n); by default
 * `crypto.getRandomValues` (so numbers cannot be guessed from one another).
 */
export function generateTrackNumber(randomInt: (n: number) => number = secureRandomInt): string {
  let body = '';
  for (let i = 0; i < TRACK_NUMBER_BODY_DIGITS; i += 1) body += String(randomInt(10));
  return trackNumberFromBody(body);
}

// Web Crypto exists in every runtime we target; the domain compiles without DOM or Node types.
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } }).crypto;

function secureRandomInt(n: number): number {
  const buffer = new Uint32Array(1);
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  for (;;) {
    webCrypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return value % n;
  }
}

export type TrackNumberCheck = { ok: true; value: string } | { ok: false; reason: 'empty' | 'format' | 'checksum' };

// What people type: Cyrillic МГ for MG, lowercase, spaces, dashes of any kind, a № sign.
const CYRILLIC_LOOKALIKES: Record<string, string> = { М: 'M', м: 'M', Г: 'G', г: 'G' };

/**
 * Reads a track number as a person types or dictates it: any case, Cyrillic «МГ», spaces,
 * hyphens or dashes anywhere, a leading «№», with or without the MG prefix. Gives the canonical
 * `MG-1234-56789`, or why it is not one: empty, wrong shape, or a wrong check digit (a typo).
 */
export function checkTrackNumber(input: string): TrackNumberCheck {
  const compact = input
    .replace(INVISIBLE, '')
    .replace(/[МмГг]/g, (char) => CYRILLIC_LOOKALIKES[char] ?? char)
    .toUpperCase()
    .replace(/[\s\u00A0\-\u2010-\u2015№#]/g, '');
  if (compact === '') return { ok: false, reason: 'empty' };
  const match = /^(?:MG)?(\d{9})$/.exec(compact);
  if (!match) return { ok: false, reason: 'format' };
  const digits = match[1]!;
  return isDammValid(digits) ? { ok: true, value: format(digits) } : { ok: false, reason: 'checksum' };
}

/** The canonical track number, or null when the input is not a valid one. */
export function normalizeTrackNumber(input: string): string | null {
  const check = checkTrackNumber(input);
  return check.ok ? check.value : null;
}

/** The Russian message for a failed {@link checkTrackNumber}. */
export function trackNumberError(reason: 'empty' | 'format' | 'checksum'): string {
  if (reason === 'empty') return TRACK_NUMBER_TEXTS.trackRequired;
  return reason === 'checksum' ? TRACK_NUMBER_TEXTS.trackChecksum : TRACK_NUMBER_TEXTS.trackInvalid;
}

/** Where the public tracking page of a cargo lives. */
export function trackingPath(trackNumber: string): string {
  return `/tracking/${encodeURIComponent(trackNumber)}`;
}
