import { AUTH_TEXTS } from './texts/auth';
import { formatCount } from './plural';

/*
 * Identity rules (issue 4): one-time codes, passwords, names. The limits follow OWASP ASVS 5.0
 * V6 (codes ≤ 10 min, ≤ 5 checks, CSPRNG, hashed) and the SMS-pumping guidance in
 * ../shared/reference/security.md (B3). The API enforces them with counters in the database.
 */

/** Digits in a one-time SMS code (≈ 20 bits, ASVS 6.5.4). */
export const CODE_LENGTH = 6;
/** A code is valid for 5 minutes after it was sent. */
export const CODE_TTL_MS = 5 * 60_000;
/** Wrong entries allowed per code; the code is dead after the 5th. */
export const CODE_MAX_ATTEMPTS = 5;
/** First pause before the same phone may get another code, seconds; it doubles with every send. */
export const CODE_RESEND_BASE_SECONDS = 60;
/** Codes per phone number in a sliding hour and a sliding day; codes per client IP in an hour. */
export const CODE_SENDS_PER_PHONE_HOUR = 3;
export const CODE_SENDS_PER_PHONE_DAY = 6;
export const CODE_SENDS_PER_IP_HOUR = 10;
/** After the sign-up code is confirmed, the visitor has this long to finish the sign-up form. */
export const PHONE_CONFIRMATION_TTL_MS = 30 * 60_000;
/** E-mail confirmation links (and their codes) live 24 hours; password-reset links 1 hour. */
export const EMAIL_CONFIRM_TTL_MS = 24 * 3_600_000;
export const PASSWORD_RESET_TTL_MS = 3_600_000;
/** Confirmation and reset e-mails per address per hour. */
export const EMAILS_PER_ADDRESS_HOUR = 3;
/** Failed password sign-ins per phone within the lock window before sign-in by password pauses. */
export const SIGN_IN_MAX_FAILURES = 10;
export const SIGN_IN_LOCK_WINDOW_MS = 15 * 60_000;
/** Password length limits (NIST SP 800-63B: at least 8, allow long passphrases). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** The word typed to confirm account deletion. */
export const DELETE_ACCOUNT_CONFIRMATION = 'УДАЛИТЬ';

/** What a one-time SMS code is for; a code checked for one purpose is never valid for another. */
export const CODE_PURPOSES = ['registration', 'sign_in', 'reset_password', 'change_phone'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * Seconds to wait before the next code to the same phone may be sent, given how many codes
 * went to it within the last hour (`sentInLastHour` ≥ 1): 60, 120, 240… (GitLab-style growth).
 * Zero when nothing was sent.
 */
export function resendCooldownSeconds(sentInLastHour: number): number {
  if (sentInLastHour <= 0) return 0;
  return CODE_RESEND_BASE_SECONDS * 2 ** (sentInLastHour - 1);
}

/**
 * A wait in Russian: '45 секунд', '1 минуту', '2 минуты 5 секунд' (accusative, to follow
 * «через»). Seconds are rounded up; zero or less gives '0 секунд'.
 */
export function formatWait(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  const plural = AUTH_TEXTS.plural;
  if (minutes === 0) return formatCount(rest, plural.second);
  const head = formatCount(minutes, plural.minute);
  return rest === 0 ? head : `${head} ${formatCount(rest, plural.second)}`;
}

/** «Повторно запросить код можно через 45 секунд». */
export function resendTooSoonMessage(seconds: number): string {
  return `${AUTH_TEXTS.resendTooSoon} ${formatWait(seconds)}`;
}

/** Countdown label for a resend button: `0:45`, `2:00`. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The digits of a pasted or typed code, at most 6 (for code inputs). */
export function extractCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/**
 * An e-mail for showing to someone who may not own it: `iv***@mail.ru`. Keeps the first two
 * characters of the local part (one if it is that short) and the whole domain.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const keep = local.length <= 2 ? 1 : 2;
  return `${local.slice(0, keep)}***${email.slice(at)}`;
}

/** Fills `{name}` placeholders of a message template. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
