import { CARGO_STATUS_TRANSITIONS, cargoStatusLabel, type CargoStatus } from './cargo-status';
import { normalizePhone } from './phone';
import { removeInvisibleChars } from './text';
import { checkTrackNumber } from './track-number';

/*
 * Rules of the back-office's cargo operations (issue 17): how the search field is read, how a
 * vehicle plate is written, which moments a status may be dated with.
 */

/** What the one search field of the cargo list asks for; every criterion given is OR-ed. */
export interface CargoSearch {
  /** A complete, valid track number (`MG-1234-56789`). */
  exactTrack: string | null;
  /** The start of a track number without dashes (`MG1234`): matches `MG-1234-…`. */
  trackPrefix: string | null;
  /** A phone in the storage form `+7XXXXXXXXXX`. */
  phone: string | null;
  /** A ИНН of 10 or 12 digits (not checksum-checked: the search finds what was typed). */
  inn: string | null;
}

const CYRILLIC_MG: Record<string, string> = { М: 'M', м: 'M', Г: 'G', г: 'G' };

/**
 * Reads the search field: a valid track number is matched exactly; `MG`, `МГ` or up to 9 digits
 * (dashes and spaces ignored) is a track number's start; a phone in any form the phone rule
 * accepts is normalised; 10 or 12 digits are a ИНН. A bare 10-digit number is both a phone and a
 * ИНН, so both are searched. Null when the text is none of these (nothing is found then).
 */
export function parseCargoSearch(input: string): CargoSearch | null {
  const text = removeInvisibleChars(input).trim();
  if (text === '') return null;
  const track = checkTrackNumber(text);
  if (track.ok) return { exactTrack: track.value, trackPrefix: null, phone: null, inn: null };
  const compact = text
    .replace(/[МмГг]/g, (char) => CYRILLIC_MG[char] ?? char)
    .toUpperCase()
    .replace(/[\s\u00A0\-\u2010-\u2015№#]/g, '');
  const prefix = /^(?:MG)?(\d{0,9})$/.exec(compact);
  const trackPrefix = prefix && (compact.startsWith('MG') || prefix[1]!.length > 0) ? `MG${prefix[1]}` : null;
  const phone = normalizePhone(text);
  const digits = text.replace(/[\s\u00A0]/g, '');
  const inn = /^(?:\d{10}|\d{12})$/.test(digits) ? digits : null;
  if (!trackPrefix && !phone && !inn) return null;
  return { exactTrack: null, trackPrefix, phone, inn };
}

const PLATE_LATIN: Record<string, string> = {
  A: 'А',
  B: 'В',
  E: 'Е',
  K: 'К',
  M: 'М',
  H: 'Н',
  O: 'О',
  P: 'Р',
  C: 'С',
  T: 'Т',
  Y: 'У',
  X: 'Х',
};

/**
 * A Russian vehicle plate, read loosely: the 12 letters plates use (А В Е К М Н О Р С Т У Х, in
 * either case; their Latin look-alikes are taken as them) and digits, 4 to 10 of them with at
 * least one letter and one digit; spaces and hyphens dropped. `а 123 вс 77` → `А123ВС77`. Null
 * when anything else is in it.
 */
export function normalizeVehiclePlate(input: string): string | null {
  const compact = removeInvisibleChars(input)
    .replace(/[\s\u00A0\-\u2010-\u2015]/g, '')
    .toUpperCase()
    .replace(/[ABEKMHOPCTYX]/g, (char) => PLATE_LATIN[char] ?? char);
  if (!/^[АВЕКМНОРСТУХ0-9]{4,10}$/u.test(compact)) return null;
  return /\d/.test(compact) && /[АВЕКМНОРСТУХ]/u.test(compact) ? compact : null;
}

/** How far ahead of the server's clock a status may be dated (clocks of terminals drift). */
export const STATUS_AT_MAX_FUTURE_MS = 5 * 60 * 1000;

/** Comments of a status change, and the reason of a cancellation, are at most this long. */
export const STATUS_COMMENT_MAX_LENGTH = 500;
export const CANCEL_REASON_MIN_LENGTH = 3;

/**
 * Whether a status may be dated `at`: not more than {@link STATUS_AT_MAX_FUTURE_MS} after `now`,
 * and not before the cargo's last history entry `lastAt` (equal is fine: the history keeps the
 * order of insertion for equal moments). Null when it may, else why not.
 */
export function checkStatusAt(at: Date, now: Date, lastAt: Date | null): 'future' | 'before_last' | null {
  if (at.getTime() > now.getTime() + STATUS_AT_MAX_FUTURE_MS) return 'future';
  if (lastAt && at.getTime() < lastAt.getTime()) return 'before_last';
  return null;
}

/** The statuses a cargo may be moved to now, with their labels, in the flow's order. */
export function nextCargoStatuses(status: CargoStatus): { status: CargoStatus; label: string }[] {
  return CARGO_STATUS_TRANSITIONS[status].map((next) => ({ status: next, label: cargoStatusLabel(next) }));
}
