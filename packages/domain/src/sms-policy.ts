import { normalizePhone } from './phone';

/*
 * Which numbers may get an SMS from us (issue 20, SMS pumping; docs/decisions/010-sms-policy.md).
 * Toll fraud pays the attacker per message delivered to a premium-rate, shared-cost or otherwise
 * revenue-sharing range, so codes and notifications go only to Russian mobile numbers. The
 * classes follow the Russian numbering plan (Rossvyaz): the first national digit (after +7)
 * tells the kind of number.
 */

/**
 * The kind of a Russian (+7) number:
 * - `mobile`: +7 9xx (DEF codes of the mobile operators), except +7 940 (Abkhazia);
 * - `toll_free`: +7 800 (the called party pays: «бесплатный вызов»);
 * - `premium`: +7 801…809, non-geographic intelligent-network services billed to the caller —
 *   premium rate (809, 803), shared cost and the like;
 * - `fixed`: geographic ABC codes of fixed lines, +7 3xx, 4xx and 81x…89x;
 * - `other`: everything else — +7 6xx and 7xx (Kazakhstan), +7 840/940 (Abkhazia) and the
 *   unassigned +7 0xx, 1xx, 2xx, 5xx.
 */
export type PhoneClass = 'mobile' | 'premium' | 'toll_free' | 'fixed' | 'other';

/** Digits kept off the end of a number to get its prefix (velocity checks per number range). */
export const PHONE_PREFIX_DROPPED_DIGITS = 4;

/**
 * The class of a phone number in any form {@link normalizePhone} accepts, or null when it is not
 * a valid phone at all. Only the national code (the three digits after +7) is looked at.
 */
export function classifyPhone(phone: string): PhoneClass | null {
  const normalized = normalizePhone(phone);
  if (normalized === null) return null;
  const code = normalized.slice(2, 5);
  const first = code[0];
  if (first === '9') return code === '940' ? 'other' : 'mobile';
  if (first === '3' || first === '4') return 'fixed';
  if (first === '8') {
    if (code === '800') return 'toll_free';
    if (code[1] === '0') return 'premium';
    return code === '840' ? 'other' : 'fixed';
  }
  return 'other';
}

/**
 * Whether codes and notifications may be sent to this number by SMS: Russian mobile numbers
 * only ({@link classifyPhone} gives `mobile`). False for anything invalid.
 */
export function acceptsSms(phone: string): boolean {
  return classifyPhone(phone) === 'mobile';
}

/**
 * The number range of a phone for velocity checks: its storage form `+7XXXXXXXXXX` without the
 * last 4 digits (`+7 916 123-45-67` → `+7916123`, a block of 10 000 numbers). Null for an
 * invalid phone.
 */
export function phonePrefix(phone: string): string | null {
  const normalized = normalizePhone(phone);
  return normalized === null ? null : normalized.slice(0, -PHONE_PREFIX_DROPPED_DIGITS);
}
