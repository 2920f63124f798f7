/** Where a person lands after signing in when `next` is missing or refused. */
export const DEFAULT_NEXT_PATH = '/personal-account';

/** Longer `next` values are refused outright (our own paths are far shorter). */
export const NEXT_PATH_MAX_LENGTH = 2048;

/** Only visible ASCII: no spaces, tabs, CR/LF, other control characters or non-ASCII look-alikes. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;
/** Anything a browser or a server may read as a slash, a scheme or a line break once decoded. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const UNSAFE_DECODED = /[\u0000-\u001f\u007f-\u009f\\\s\u200b-\u200f\u2028\u2029\u2060\ufeff]/u;
/** Percent-decoding rounds tried before a value is taken as hostile (double, triple encoding). */
const MAX_DECODE_ROUNDS = 4;
const PROBE_ORIGIN = 'http://next.invalid';

/**
 * The place to go after signing in, from the `next` query parameter (as the page received it,
 * decoded once): a path on our own site, normalised by the WHATWG URL parser the browser uses
 * (`/a/../b` → `/b`, query and fragment kept). Anything else gives `fallback`:
 * - not a string, empty, longer than NEXT_PATH_MAX_LENGTH, or without a leading `/`
 *   (`evil.example`, `javascript:…`, `https://…`);
 * - any character outside visible ASCII: tabs, CR/LF (which browsers strip, turning `/\t/evil`
 *   into `//evil`, and which would break a Location header), spaces, Unicode look-alikes;
 * - a protocol-relative start (`//`, `/\`, `\/`) or any backslash, also after percent-decoding
 *   up to four times (`/%2F/evil`, `%2F%2F`, `/%09/`, `/%5Cevil`, `/%252F/…`), or after NFKC
 *   folding (`／` → `/`); malformed escapes are refused too;
 * - anything the URL parser resolves to another origin.
 */
export function safeNextPath(next: unknown, fallback: string = DEFAULT_NEXT_PATH): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > NEXT_PATH_MAX_LENGTH) return fallback;
  if (!VISIBLE_ASCII.test(next)) return fallback;

  let layer = next;
  for (let round = 0; ; round += 1) {
    const folded = layer.normalize('NFKC');
    if (!folded.startsWith('/') || folded.startsWith('//') || UNSAFE_DECODED.test(folded)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return fallback;
    }
    if (decoded === layer) break;
    if (round === MAX_DECODE_ROUNDS) return fallback;
    layer = decoded;
  }

  const url = new URL(next, PROBE_ORIGIN);
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `path` with `?next=` when `next` is not the default (the personal account): how the sign-in
 * and sign-up pages hand the visitor's destination to each other.
 */
export function withNext(path: string, next: string): string {
  return next === DEFAULT_NEXT_PATH ? path : `${path}?next=${encodeURIComponent(next)}`;
}
