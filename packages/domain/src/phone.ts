import { PHONE_MAX_DIGITS, PHONE_NATIONAL_DIGITS } from './constants';

/*
 * The reading of the spec's phone rule is recorded in docs/decisions/002-phone-rule.md.
 * In short: a prefix (+7, 7 or 8) followed by exactly 10 digits, with separators after the prefix;
 * or exactly 10 digits and nothing else.
 */

/** Separators allowed after the prefix: space, no-break space, hyphen-minus, U+2010 hyphen, U+2011 no-break hyphen, U+2012 figure dash, parentheses. */
const SEPARATORS = /[ \u00A0\-\u2010\u2011\u2012()]/g;
const PREFIXED = /^(?:\+7|7|8)([\d \u00A0\-\u2010\u2011\u2012()]*)$/;
const BARE = /^\d{10}$/;

// At most one pair of parentheses, opened before it is closed, with at least one digit inside.
function hasBalancedParentheses(rest: string): boolean {
  const open = rest.split('(').length - 1;
  const close = rest.split(')').length - 1;
  if (open === 0 && close === 0) return true;
  if (open !== 1 || close !== 1) return false;
  return /\([^()]*\d[^()]*\)/.test(rest);
}

/** The 10 national digits of a valid phone, or null. */
function nationalDigits(value: string): string | null {
  const trimmed = value.trim();
  if (BARE.test(trimmed)) return trimmed;
  const match = PREFIXED.exec(trimmed);
  if (!match) return null;
  const rest = match[1] ?? '';
  if (!hasBalancedParentheses(rest)) return null;
  const digits = rest.replace(SEPARATORS, '');
  return digits.length === PHONE_NATIONAL_DIGITS ? digits : null;
}

/**
 * The spec's acceptance rule (section 5). Accepted, ignoring surrounding whitespace:
 * a prefix `+7`, `7` or `8`, then exactly 10 digits, with spaces (also U+00A0), hyphens and
 * one pair of parentheses anywhere after the prefix; or exactly 10 digits with nothing else.
 * Rejected: `+8…`, `+7 8 …` with 11 digits after `+7`, separators inside a bare 10-digit
 * number, letters, non-ASCII digits, empty input.
 */
export function isValidPhone(value: string): boolean {
  return nationalDigits(value) !== null;
}

/**
 * Storage form `+7XXXXXXXXXX` (E.164) of a phone accepted by {@link isValidPhone}, else null.
 * A leading 8 or 7 is the trunk or country prefix and is replaced by +7; a bare 10-digit
 * number gets +7 in front.
 */
export function normalizePhone(value: string): string | null {
  const digits = nationalDigits(value);
  return digits === null ? null : `+7${digits}`;
}

/** Progressive grouping of up to 10 national digits: `(XXX) XXX-XX-XX`, separators only before a digit that follows them. */
function groupNational(digits: string): string {
  if (digits.length === 0) return '';
  let out = `(${digits.slice(0, 3)}`;
  if (digits.length > 3) out += `) ${digits.slice(3, 6)}`;
  if (digits.length > 6) out += `-${digits.slice(6, 8)}`;
  if (digits.length > 8) out += `-${digits.slice(8, 10)}`;
  return out;
}

/**
 * The spec's formatter as a final display form (no space after +7): a valid phone becomes
 * `+7(XXX) XXX-XX-XX`. Anything else gets the spec's literal rule: non-digits stripped, at most
 * 11 digits kept, formatted only when they start with 7 or 8 and number 11, otherwise the bare
 * digits are returned (so a wrong value is shown as it is, not disguised as a phone).
 * Meant for showing stored or finished values; an input field uses {@link formatPhoneAsYouType}.
 */
export function formatPhone(value: string): string {
  const normalized = normalizePhone(value);
  if (normalized !== null) return `+7${groupNational(normalized.slice(2))}`;
  const digits = value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === PHONE_MAX_DIGITS && /^[78]/.test(digits)) return `+7${groupNational(digits.slice(1))}`;
  return digits;
}

/**
 * Formats while the user types: non-digits stripped, at most 11 digits kept. A first digit
 * 7 or 8 is the prefix and shows as `+7`; any other first digit starts the national number
 * with `+7` implied (then only 10 digits are kept). Output grows as `+7`, `+7(9`, `+7(999) 1`,
 * `+7(999) 123-4`, `+7(999) 123-45-67`; no separator is added after the last digit, so
 * Backspace is never stuck on one. A leading 7 or 8 is always read as the prefix, even in a
 * bare 10-digit `8001234567` (while typing, that is 10 of 11 digits); {@link formatPhone} and
 * {@link normalizePhone} read a complete bare number correctly. Idempotent: formatting the output
 * again returns it unchanged. Empty or digit-free input gives ''.
 */
export function formatPhoneAsYouType(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, PHONE_MAX_DIGITS);
  if (digits.length === 0) return '';
  const national = /^[78]/.test(digits) ? digits.slice(1) : digits.slice(0, PHONE_NATIONAL_DIGITS);
  return `+7${groupNational(national)}`;
}
