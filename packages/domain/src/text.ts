import { EMAIL_MAX_LENGTH, STRIPPABLE_SPECIAL_CHARS } from './constants';

/** Options of the text cleaner (spec section 5, plus the invisible-character rules we add). */
export interface CleanTextOptions {
  /** Cut the result to this many Unicode code points (never inside an emoji or a letter with its accents). */
  maxLength?: number;
  /** false removes every space (and, unless kept, every line break). Default true. */
  allowSpaces?: boolean;
  /** Collapse runs of spaces into one. Default false. */
  collapseSpaces?: boolean;
  /** Remove leading spaces and line breaks. Default false. */
  trimStart?: boolean;
  /** Remove trailing spaces and line breaks. Default false: while typing, a trailing space is the start of the next word. */
  trimEnd?: boolean;
  /** Remove the characters ! @ # $ % ^ & * +. Default false. */
  stripSpecialChars?: boolean;
  /** Remove digits of any script. Default false. */
  stripDigits?: boolean;
  /** Keep line breaks (normalised to \n). Default false: they become spaces, so pasted lines do not glue words. */
  keepNewlines?: boolean;
}

// Emoji sequences legitimately contain ZWJ and tag characters; those positions survive the purge.
const EMOJI_ZWJ =
  /(?<=\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

// Format characters (zero-width, BOM, bidi controls, soft hyphen, tags), controls (C0, DEL, C1),
// lone surrogates and the Hangul fillers that render as nothing and are used to fake empty names.
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Cs}\u115F\u1160\u3164\uFFA0]/gu;
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029\v\f]/g;
const SPACES = /[\t\p{Zs}]/gu;
const SPECIAL_CHARS = new RegExp(`[${STRIPPABLE_SPECIAL_CHARS.replace(/[\^\\\]-]/g, '\\$&')}]`, 'g');
const DIGITS = /\p{Nd}/gu;

function emojiOffsets(line: string): Set<number> {
  const kept = new Set<number>();
  for (const match of line.matchAll(EMOJI_ZWJ)) kept.add(match.index);
  for (const match of line.matchAll(EMOJI_TAG_SEQUENCE)) {
    for (let offset = match.index; offset < match.index + match[0].length; offset += 1) kept.add(offset);
  }
  return kept;
}

function purgeLine(line: string): string {
  const kept = emojiOffsets(line);
  return line.replace(INVISIBLE, (char: string, offset: number) => (kept.has(offset) ? char : ''));
}

/**
 * Removes characters a person cannot see: zero-width spaces and joiners, BOM, bidi controls
 * (U+200E/F, U+202A–E, U+2066–9, U+061C), soft hyphen, C0/C1 controls, lone surrogates.
 * Line breaks survive only with `keepNewlines`. The joiner inside an emoji sequence
 * (👨‍👩‍👧) and the tags of a flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿) are kept because they are part of what is seen.
 */
export function removeInvisibleChars(value: string, options: { keepNewlines?: boolean } = {}): string {
  const lines = value.replace(LINE_BREAKS, '\n').split('\n');
  return lines.map(purgeLine).join(options.keepNewlines ? '\n' : ' ');
}

// C0 controls but tab, line feed and carriage return; DEL; a surrogate without its pair (with the
// `u` flag a proper pair is one code point, so \p{Cs} matches only a lone half).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/**
 * True when `value` holds a character no request to us ever needs: NUL and the other C0 controls
 * except tab, line feed and carriage return (multi-line text keeps those), DEL, or a lone
 * surrogate. PostgreSQL refuses NUL in text outright, and the others only hide or break text, so
 * the API refuses them with a 400 before any query instead of cleaning them silently.
 */
export function containsControlChars(value: string): boolean {
  return CONTROL_CHARS.test(value);
}

/** Number of Unicode code points: what PostgreSQL `varchar(n)` counts, unlike `String.length`. */
export function codePointLength(value: string): number {
  let pairs = 0;
  for (let i = 0; i < value.length - 1; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs += 1;
        i += 1;
      }
    }
  }
  return value.length - pairs;
}

// Made at the first cut, not when the module loads: constructing a Segmenter loads ICU break data
// (≈ 25 ms on a slow CPU), and most pages that import this module never cut a text.
let graphemes: Intl.Segmenter | null = null;

/**
 * Cuts `value` to at most `maxLength` code points without splitting a grapheme (an emoji
 * sequence or a letter with combining marks): a grapheme that would cross the limit is dropped
 * whole. A negative or fractional limit is floored at 0.
 */
export function truncateText(value: string, maxLength: number): string {
  const limit = Math.max(0, Math.floor(maxLength));
  if (codePointLength(value) <= limit) return value;
  let result = '';
  let used = 0;
  graphemes ??= new Intl.Segmenter('ru', { granularity: 'grapheme' });
  // The result holds at most `limit` code points (≤ 2 × limit UTF-16 units), so only a window of
  // that size plus a margin is segmented: V8's segment iterator slows down with the length of the
  // whole string (a 900 KB message took 15 s to cut to 2 000). A grapheme that reaches the window's
  // end may continue past it, so it is never taken.
  const windowLength = limit * 2 + 256;
  const cut = value.length > windowLength;
  const window = cut ? value.slice(0, windowLength) : value;
  for (const { segment, index } of graphemes.segment(window)) {
    if (cut && index + segment.length >= window.length) break;
    const size = codePointLength(segment);
    if (used + size > limit) break;
    result += segment;
    used += size;
  }
  return result;
}

/**
 * Cleans user text the same way in the browser and in the API (spec section 5).
 * Always: NFC normalisation (so «й» typed two ways compares equal), invisible and control
 * characters removed, tabs and exotic spaces (NBSP, thin space…) turned into plain spaces.
 * Then, by option: special characters and digits stripped, spaces removed or collapsed,
 * ends trimmed, and finally the length cut (code points; trailing space re-trimmed after the cut).
 * Never throws; an empty string stays empty.
 */
export function cleanText(value: string, options: CleanTextOptions = {}): string {
  let text = removeInvisibleChars(value.normalize('NFC'), { keepNewlines: options.keepNewlines });
  text = text.replace(SPACES, ' ');
  if (options.stripSpecialChars) text = text.replace(SPECIAL_CHARS, '');
  if (options.stripDigits) text = text.replace(DIGITS, '');
  if (options.allowSpaces === false) text = text.replace(/ /g, '');
  if (options.collapseSpaces) text = text.replace(/ {2,}/g, ' ');
  if (options.trimStart) text = text.replace(/^[ \n]+/, '');
  if (options.trimEnd) text = text.replace(/[ \n]+$/, '');
  if (options.maxLength !== undefined) {
    text = truncateText(text, options.maxLength);
    if (options.trimEnd) text = text.replace(/[ \n]+$/, '');
  }
  return text;
}

// Bare domains are only recognised with a TLD from this list: «г.Москва» or «ул.Ленина» must not read as links.
const BARE_TLDS = [
  'ru',
  'su',
  'рф',
  'рус',
  'com',
  'net',
  'org',
  'info',
  'biz',
  'io',
  'me',
  'pro',
  'online',
  'site',
  'store',
  'shop',
  'xyz',
  'top',
  'club',
  'app',
  'dev',
  'tech',
  'ai',
  'co',
  'kz',
  'by',
  'ua',
  'uz',
  'am',
  'ge',
  'de',
  'uk',
  'us',
  'eu',
  'tv',
  'cc',
  'ly',
  'gg',
  'link',
  'live',
  'space',
  'website',
];

/**
 * The URL-detection pattern (spec section 5), global and case-insensitive. It finds:
 * a scheme URL (`http://`, `https://`, `ftp://`), anything starting with `www.`, and a bare
 * domain such as `example.com` or `пример.рф` whose last label is a common TLD.
 * A domain right after `@` is part of an e-mail address, not a link, and is skipped.
 */
export const URL_PATTERN = new RegExp(
  [
    String.raw`\b(?:https?|ftp):\/\/[^\s<>"']+`,
    String.raw`(?<![\p{L}\p{N}@.-])www\.[^\s<>"']+`,
    String.raw`(?<![\p{L}\p{N}@.-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+(?:${BARE_TLDS.join('|')})(?![\p{L}\p{N}-])(?:\/[^\s<>"']*)?`,
  ].join('|'),
  'giu',
);

/** Whether `value` contains a link by {@link URL_PATTERN}. Empty text contains none. */
export function containsUrl(value: string): boolean {
  URL_PATTERN.lastIndex = 0;
  const found = URL_PATTERN.test(value);
  URL_PATTERN.lastIndex = 0;
  return found;
}

/**
 * E-mail we accept: ASCII local part (most Russian mail servers do not speak SMTPUTF8), a
 * domain that may be Cyrillic (`почта@пример.рф`), no leading, trailing or double dots.
 */
export const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+'-]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u;

/** Whether `value` (already clean) is an e-mail of at most 320 code points matching {@link EMAIL_PATTERN}. */
export function isValidEmail(value: string): boolean {
  return codePointLength(value) <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

// Scheme, optional user info, a host of letters (any script), digits, dots and hyphens, optional port, then anything.
const HTTP_URL =
  /^https?:\/\/(?:[^\s/?#@]+@)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)*[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?(?::\d{1,5})?(?:[/?#]\S*)?$/iu;

/** Whether `value` is an absolute http(s) URL with a plausible host. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}
