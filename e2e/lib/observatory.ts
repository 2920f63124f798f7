/**
 * The MDN HTTP Observatory grading (mdn/mdn-http-observatory `src/analyzer/tests/*.js`,
 * `src/grader/charts.js`, `src/scanner/index.js`; see ../shared/reference/security.md §B5),
 * re-implemented over one captured response so a test can grade our own pages offline.
 *
 * What differs from a scan of a public site, and why:
 * - The product runs on plain-http loopback in tests; TLS (and the http → https redirect) is the
 *   reverse proxy's job in a deployment. The caller therefore states the public URL the headers
 *   are served under (`url`, https in production) and how the redirection test comes out
 *   (`redirection`, default `'not-applicable'` = modifier 0, documented in
 *   docs/decisions/009-performance-budgets.md). HSTS is graded from the header itself, as if
 *   the answer had come over that URL; no site of ours is on the browsers' preload list.
 * - Only HTTP headers are graded for CSP and Referrer-Policy (the pages set no <meta http-equiv>).
 * - Cookies: the rules call a cookie a session cookie when its name contains "login" or "sess";
 *   `sessionCookies` adds names the caller knows are session cookies (ours is `auth_token`),
 *   which can only make the grade stricter.
 */

export type Grade = 'A+' | 'A' | 'A-' | 'B+' | 'B' | 'B-' | 'C+' | 'C' | 'C-' | 'D+' | 'D' | 'D-' | 'F';

export interface ObservatoryInput {
  /** The public URL the answer is served under (its protocol decides HSTS and mixed-content rules). */
  url: string;
  /** Response headers; Set-Cookie may be given here as an array or via `setCookies`. */
  headers: Headers | Record<string, string | string[] | undefined>;
  setCookies?: string[];
  /** The body, for the SRI test when the answer is HTML. */
  body?: string;
  /** Headers of the answer to the same URL requested with `Origin: <corsOrigin>` (the CORS test). */
  corsHeaders?: Headers | Record<string, string | string[] | undefined>;
  corsOrigin?: string;
  /** Outcome of the http → https redirection test; see the module comment. */
  redirection?: 'not-applicable' | 'to-https' | 'missing' | 'not-to-https';
  sessionCookies?: readonly string[];
}

export interface TestResult {
  result: string;
  modifier: number;
  pass: boolean;
}

export interface ObservatoryReport {
  score: number;
  grade: Grade;
  tests: Record<string, TestResult>;
}

/** charts.js SCORE_TABLE: expectation → score modifier. */
export const MODIFIERS = {
  'csp-implemented-with-no-unsafe-default-src-none': 10,
  'csp-implemented-with-no-unsafe': 5,
  'csp-implemented-with-unsafe-inline-in-style-src-only': 0,
  'csp-implemented-with-insecure-scheme-in-passive-content-only': -10,
  'csp-implemented-with-unsafe-eval': -10,
  'csp-implemented-with-unsafe-inline': -20,
  'csp-implemented-with-insecure-scheme': -20,
  'csp-header-invalid': -25,
  'csp-not-implemented': -25,
  'cookies-secure-with-httponly-sessions-and-samesite': 5,
  'cookies-secure-with-httponly-sessions': 0,
  'cookies-not-found': 0,
  'cookies-without-secure-flag-but-protected-by-hsts': -5,
  'cookies-session-without-secure-flag-but-protected-by-hsts': -10,
  'cookies-without-secure-flag': -20,
  'cookies-samesite-flag-invalid': -20,
  'cookies-anticsrf-without-samesite-flag': -20,
  'cookies-session-without-httponly-flag': -30,
  'cookies-session-without-secure-flag': -40,
  'cross-origin-resource-sharing-not-implemented': 0,
  'cross-origin-resource-sharing-implemented-with-public-access': 0,
  'cross-origin-resource-sharing-implemented-with-restricted-access': 0,
  'cross-origin-resource-sharing-implemented-with-universal-access': -50,
  'redirection-not-applicable': 0,
  'redirection-to-https': 0,
  'redirection-missing': -20,
  'redirection-not-to-https': -20,
  'referrer-policy-private': 5,
  'referrer-policy-not-implemented': 0,
  'referrer-policy-unsafe': -5,
  'referrer-policy-header-invalid': -5,
  'hsts-implemented-max-age-at-least-six-months': 0,
  'hsts-implemented-max-age-less-than-six-months': -10,
  'hsts-not-implemented': -20,
  'hsts-header-invalid': -20,
  'hsts-not-implemented-no-https': -20,
  'sri-implemented-and-all-scripts-loaded-securely': 5,
  'sri-implemented-and-external-scripts-loaded-securely': 5,
  'sri-not-implemented-response-not-html': 0,
  'sri-not-implemented-but-no-scripts-loaded': 0,
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': 0,
  'sri-not-implemented-but-external-scripts-loaded-securely': -5,
  'sri-implemented-but-external-scripts-not-loaded-securely': -20,
  'sri-not-implemented-and-external-scripts-not-loaded-securely': -50,
  'x-content-type-options-nosniff': 0,
  'x-content-type-options-not-implemented': -5,
  'x-content-type-options-header-invalid': -5,
  'x-frame-options-implemented-via-csp': 5,
  'x-frame-options-sameorigin-or-deny': 0,
  'x-frame-options-allow-from-origin': 0,
  'x-frame-options-not-implemented': -20,
  'x-frame-options-header-invalid': -20,
  'cross-origin-resource-policy-not-implemented': 0,
  'cross-origin-resource-policy-implemented-with-same-origin': 10,
  'cross-origin-resource-policy-implemented-with-same-site': 10,
  'cross-origin-resource-policy-implemented-with-cross-origin': 0,
  'cross-origin-resource-policy-header-invalid': -5,
} as const satisfies Record<string, number>;

type Expectation = keyof typeof MODIFIERS;

/** Bonuses count only when the score without them is at least this (MINIMUM_SCORE_FOR_EXTRA_CREDIT). */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

const GRADE_CHART: ReadonlyArray<[number, Grade]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function gradeForScore(score: number): Grade {
  const rounded = Math.min(Math.max(score, 0) - (Math.max(score, 0) % 5), 100);
  return GRADE_CHART.find(([min]) => rounded >= min)![1];
}

// ---------------------------------------------------------------------------------------------
// Headers

type HeaderSource = Headers | Record<string, string | string[] | undefined> | undefined;

/** Every value of a header (a repeated header gives several). */
function headerValues(source: HeaderSource, name: string): string[] {
  if (!source) return [];
  if (source instanceof Headers) {
    if (name === 'set-cookie') return source.getSetCookie();
    const value = source.get(name);
    return value === null ? [] : [value];
  }
  const key = Object.keys(source).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : source[key];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

const first = (source: HeaderSource, name: string): string | undefined => headerValues(source, name)[0];

// ---------------------------------------------------------------------------------------------
// CSP (cspParser.js + tests/csp.js)

const DANGEROUSLY_BROAD = new Set([
  'ftp:',
  'http:',
  'https:',
  '*',
  'http://*',
  'http://*.*',
  'https://*',
  'https://*.*',
]);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_UNSAFE_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);
const NONCES_HASHES = ["'sha256-", "'sha384-", "'sha512-", "'nonce-"];
const ALLOWED_DUPLICATES = new Set(['report-uri', 'report-to']);

/**
 * Parses one or more policies into directive → sources. Several policies intersect: a source
 * counts only if every policy that sets the directive allows it (the Observatory's reading).
 * Throws on an unparseable policy or a repeated directive.
 */
export function parseCsp(policies: readonly string[]): Map<string, Set<string>> {
  const clean = policies.map((p) => p.replace(/[\r\n]/g, '').trim());
  const result = new Map<string, Set<string>>();
  clean.forEach((policy, index) => {
    if (policy.length < 'img-src'.length - 1) throw new Error(`Invalid policy: ${policy}`);
    const seen = new Set<string>();
    for (const entry of policy.split(';')) {
      const [rawDirective, ...rawSources] = entry.trim().split(/\s+/);
      if (!rawDirective) continue;
      const directive = rawDirective.toLowerCase();
      if (seen.has(directive)) {
        if (ALLOWED_DUPLICATES.has(directive)) continue;
        throw new Error(`Duplicate directive ${directive}`);
      }
      seen.add(directive);
      let sources = rawSources.map((s) => s.trim().toLowerCase()).filter(Boolean);
      if (sources.length === 0 && directive.endsWith('-src')) sources = ["'none'"];
      const previous = index > 0 ? result.get(directive) : undefined;
      if (previous) sources = sources.filter((s) => previous.has(s));
      result.set(directive, new Set(sources.length ? sources : ["'none'"]));
    }
  });
  return result;
}

interface CspOutcome {
  result: Expectation;
  directives: Map<string, Set<string>> | null;
}

function cspTest(headers: HeaderSource, url: URL): CspOutcome {
  const policies = headerValues(headers, 'content-security-policy').flatMap((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  if (policies.length === 0) return { result: 'csp-not-implemented', directives: null };
  let csp: Map<string, Set<string>>;
  try {
    csp = parseCsp(policies);
  } catch {
    return { result: 'csp-header-invalid', directives: null };
  }
  if (csp.size === 0) return { result: 'csp-not-implemented', directives: null };

  let result: Expectation | null = null;
  const objectSrc = new Set(csp.get('object-src') ?? csp.get('default-src') ?? ['*']);
  const scriptSrc = new Set(csp.get('script-src') ?? csp.get('default-src') ?? ['*']);
  const styleSrc = new Set(csp.get('style-src') ?? csp.get('default-src') ?? ['*']);
  const hasNonceOrHash = (list: Set<string>) => [...list].some((s) => NONCES_HASHES.some((p) => s.startsWith(p)));

  for (const list of [scriptSrc, styleSrc]) {
    if (hasNonceOrHash(list)) list.delete("'unsafe-inline'");
  }
  if (hasNonceOrHash(scriptSrc) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of [...scriptSrc]) {
      if ([...DANGEROUSLY_BROAD].some((b) => source.startsWith(b)) || source === "'self'") scriptSrc.delete(source);
    }
  } else if (scriptSrc.has("'strict-dynamic'")) {
    result = 'csp-header-invalid';
  }

  const activeSources = [
    ...[...csp.entries()]
      .filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src')
      .flatMap(([, s]) => [...s]),
    ...scriptSrc,
  ];
  const passiveSources = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  const insecure = (s: string) => s.startsWith('http:') || s.startsWith('ftp:');

  if (
    [...scriptSrc].some((s) => BROAD_OR_UNSAFE_INLINE.has(s)) ||
    [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))
  ) {
    result ??= 'csp-implemented-with-unsafe-inline';
  }
  if (url.protocol === 'https:' && activeSources.some(insecure)) result ??= 'csp-implemented-with-insecure-scheme';
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= 'csp-implemented-with-unsafe-eval';
  if (url.protocol === 'https:' && passiveSources.some(insecure)) {
    result ??= 'csp-implemented-with-insecure-scheme-in-passive-content-only';
  }
  if ([...styleSrc].some((s) => BROAD_OR_UNSAFE_INLINE.has(s))) {
    result ??= 'csp-implemented-with-unsafe-inline-in-style-src-only';
  }
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) result ??= 'csp-implemented-with-no-unsafe-default-src-none';
  result ??= 'csp-implemented-with-no-unsafe';
  return { result, directives: csp };
}

// ---------------------------------------------------------------------------------------------
// HSTS

function hstsTest(headers: HeaderSource, url: URL): Expectation {
  if (url.protocol !== 'https:') return 'hsts-not-implemented-no-https';
  const header = first(headers, 'strict-transport-security');
  if (header === undefined) return 'hsts-not-implemented';
  if (header.includes(',')) return 'hsts-header-invalid';
  let maxAge: number | null = null;
  for (const parameter of header.split(';').map((p) => p.trim().toLowerCase())) {
    if (parameter.startsWith('max-age=')) maxAge = Number.parseInt(parameter.slice(8, 128), 10);
  }
  if (maxAge === null || Number.isNaN(maxAge)) return 'hsts-header-invalid';
  // 15768000 is six months; the Observatory accepts the common 15552000.
  return maxAge < 15_552_000
    ? 'hsts-implemented-max-age-less-than-six-months'
    : 'hsts-implemented-max-age-at-least-six-months';
}

// ---------------------------------------------------------------------------------------------
// Cookies

export interface ParsedCookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

export function parseSetCookie(raw: string): ParsedCookie {
  const [pair = '', ...attributes] = raw.split(';');
  const cookie: ParsedCookie = { name: pair.split('=')[0]!.trim(), secure: false, httpOnly: false, sameSite: null };
  for (const attribute of attributes) {
    const [key = '', value] = attribute.trim().split('=');
    const k = key.trim().toLowerCase();
    if (k === 'secure') cookie.secure = true;
    else if (k === 'httponly') cookie.httpOnly = true;
    else if (k === 'samesite') cookie.sameSite = value?.trim().toLowerCase() ?? '';
  }
  return cookie;
}

const COOKIE_GOODNESS: Expectation[] = [
  'cookies-without-secure-flag-but-protected-by-hsts',
  'cookies-without-secure-flag',
  'cookies-session-without-secure-flag-but-protected-by-hsts',
  'cookies-samesite-flag-invalid',
  'cookies-anticsrf-without-samesite-flag',
  'cookies-session-without-httponly-flag',
  'cookies-session-without-secure-flag',
];

function cookiesTest(rawCookies: string[], hstsPass: boolean, sessionNames: readonly string[]): Expectation {
  let result: Expectation | null = null;
  const worse = (candidate: Expectation) => {
    if (result === null || COOKIE_GOODNESS.indexOf(candidate) > COOKIE_GOODNESS.indexOf(result)) result = candidate;
  };
  for (const raw of rawCookies) {
    const sameSite = parseSetCookie(raw).sameSite;
    if (sameSite !== null && !['lax', 'strict', 'none'].includes(sameSite)) worse('cookies-samesite-flag-invalid');
  }
  const cookies = rawCookies.map(parseSetCookie).filter((c) => c.name && c.name !== 'heroku-session-affinity');
  if (cookies.length === 0) return 'cookies-not-found';
  let missingSameSite = false;
  for (const cookie of cookies) {
    const key = cookie.name.toLowerCase();
    const session = ['login', 'sess'].some((i) => key.includes(i)) || sessionNames.includes(cookie.name);
    if (!cookie.secure && cookie.sameSite === 'none') worse('cookies-samesite-flag-invalid');
    if (!cookie.secure)
      worse(hstsPass ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag');
    if (key.includes('csrf') && !cookie.sameSite) worse('cookies-anticsrf-without-samesite-flag');
    if (session && !cookie.secure) {
      worse(
        hstsPass ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag',
      );
    }
    if (session && !cookie.httpOnly) worse('cookies-session-without-httponly-flag');
    if (!cookie.sameSite) missingSameSite = true;
  }
  return (
    result ??
    (missingSameSite ? 'cookies-secure-with-httponly-sessions' : 'cookies-secure-with-httponly-sessions-and-samesite')
  );
}

// ---------------------------------------------------------------------------------------------
// The rest

function corsTest(corsHeaders: HeaderSource, origin: string | undefined): Expectation {
  const acao = first(corsHeaders, 'access-control-allow-origin')?.slice(0, 256).trim().toLowerCase();
  if (!acao) return 'cross-origin-resource-sharing-not-implemented';
  if (acao === '*') return 'cross-origin-resource-sharing-implemented-with-public-access';
  const credentials = first(corsHeaders, 'access-control-allow-credentials')?.trim().toLowerCase();
  if (origin && acao === origin.toLowerCase() && credentials === 'true') {
    return 'cross-origin-resource-sharing-implemented-with-universal-access';
  }
  return 'cross-origin-resource-sharing-implemented-with-restricted-access';
}

function referrerTest(headers: HeaderSource): Expectation {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = headerValues(headers, 'referrer-policy');
  if (values.length === 0) return 'referrer-policy-not-implemented';
  const policy =
    values
      .join(',')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter((v) => good.includes(v) || bad.includes(v))
      .at(-1) ?? '';
  if (good.includes(policy)) return 'referrer-policy-private';
  return bad.includes(policy) ? 'referrer-policy-unsafe' : 'referrer-policy-header-invalid';
}

/** Registrable domain, approximated by the last two labels (enough for our own hosts). */
const siteOf = (hostname: string) => hostname.split('.').slice(-2).join('.');

function sriTest(headers: HeaderSource, body: string | undefined, url: URL): Expectation {
  const mime = (first(headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mime && mime !== 'text/html' && mime !== 'application/xhtml+xml') return 'sri-not-implemented-response-not-html';
  const scripts = [...(body ?? '').matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '');
  if (scripts.length === 0) return 'sri-not-implemented-but-no-scripts-loaded';
  const goodness: Expectation[] = [
    'sri-implemented-and-all-scripts-loaded-securely',
    'sri-implemented-and-external-scripts-loaded-securely',
    'sri-implemented-but-external-scripts-not-loaded-securely',
    'sri-not-implemented-but-external-scripts-loaded-securely',
    'sri-not-implemented-and-external-scripts-not-loaded-securely',
    'sri-not-implemented-response-not-html',
  ];
  let result: Expectation | null = null;
  const worse = (candidate: Expectation) => {
    if (result === null || goodness.indexOf(candidate) > goodness.indexOf(result)) result = candidate;
  };
  let foreign = false;
  for (const attributes of scripts) {
    const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
    if (!src) continue;
    const integrity = /\bintegrity\s*=/i.test(attributes);
    const protocolRelative = /^\/\/[^/]/.test(src);
    const absolute = /^https?:\/\//i.test(src);
    const relative = !protocolRelative && !absolute;
    const sameSite = relative || protocolRelative || siteOf(new URL(src).hostname) === siteOf(url.hostname);
    const secureOrigin = relative || (sameSite && !protocolRelative);
    const secureScheme =
      (absolute && src.toLowerCase().startsWith('https:')) || (relative && url.protocol === 'https:');
    if (!secureOrigin) {
      foreign = true;
      if (integrity && !secureScheme) worse('sri-implemented-but-external-scripts-not-loaded-securely');
      else if (!integrity && secureScheme) worse('sri-not-implemented-but-external-scripts-loaded-securely');
      else if (!integrity) worse('sri-not-implemented-and-external-scripts-not-loaded-securely');
    } else if (integrity && secureScheme && result === null) {
      result = 'sri-implemented-and-all-scripts-loaded-securely';
    }
  }
  return (
    result ??
    (foreign
      ? 'sri-implemented-and-external-scripts-loaded-securely'
      : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin')
  );
}

function xContentTypeOptionsTest(headers: HeaderSource): Expectation {
  const header = first(headers, 'x-content-type-options');
  if (header === undefined) return 'x-content-type-options-not-implemented';
  return header.trim().toLowerCase() === 'nosniff'
    ? 'x-content-type-options-nosniff'
    : 'x-content-type-options-header-invalid';
}

function xFrameOptionsTest(headers: HeaderSource, csp: CspOutcome): Expectation {
  if (csp.directives?.has('frame-ancestors')) return 'x-frame-options-implemented-via-csp';
  const header = first(headers, 'x-frame-options')?.trim().toLowerCase();
  if (header === undefined) return 'x-frame-options-not-implemented';
  if (header === 'deny' || header === 'sameorigin') return 'x-frame-options-sameorigin-or-deny';
  return header.startsWith('allow-from') ? 'x-frame-options-allow-from-origin' : 'x-frame-options-header-invalid';
}

function corpTest(headers: HeaderSource): Expectation {
  const header = first(headers, 'cross-origin-resource-policy')?.slice(0, 256).trim().toLowerCase();
  if (!header) return 'cross-origin-resource-policy-not-implemented';
  if (header === 'same-origin') return 'cross-origin-resource-policy-implemented-with-same-origin';
  if (header === 'same-site') return 'cross-origin-resource-policy-implemented-with-same-site';
  if (header === 'cross-origin') return 'cross-origin-resource-policy-implemented-with-cross-origin';
  return 'cross-origin-resource-policy-header-invalid';
}

/** Results that count as a pass (the tests' `pass` flags); used only for the report. */
const PASSING = new Set<Expectation>([
  'csp-implemented-with-no-unsafe-default-src-none',
  'csp-implemented-with-no-unsafe',
  'csp-implemented-with-unsafe-inline-in-style-src-only',
  'csp-implemented-with-insecure-scheme-in-passive-content-only',
  'cookies-not-found',
  'cookies-secure-with-httponly-sessions-and-samesite',
  'cookies-secure-with-httponly-sessions',
  'cross-origin-resource-sharing-not-implemented',
  'cross-origin-resource-sharing-implemented-with-public-access',
  'cross-origin-resource-sharing-implemented-with-restricted-access',
  'redirection-not-applicable',
  'redirection-to-https',
  'referrer-policy-private',
  'referrer-policy-not-implemented',
  'hsts-implemented-max-age-at-least-six-months',
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-not-implemented-response-not-html',
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  'sri-not-implemented-but-no-scripts-loaded',
  'x-content-type-options-nosniff',
  'x-frame-options-implemented-via-csp',
  'x-frame-options-sameorigin-or-deny',
  'x-frame-options-allow-from-origin',
  'cross-origin-resource-policy-not-implemented',
  'cross-origin-resource-policy-implemented-with-same-origin',
  'cross-origin-resource-policy-implemented-with-same-site',
  'cross-origin-resource-policy-implemented-with-cross-origin',
]);

/** Grades one answer the way the Observatory scanner does (scanner/index.js). */
export function gradeResponse(input: ObservatoryInput): ObservatoryReport {
  const url = new URL(input.url);
  const headers = input.headers;
  const cookies = input.setCookies ?? headerValues(headers, 'set-cookie');
  const csp = cspTest(headers, url);
  const hsts = hstsTest(headers, url);
  const results: Record<string, Expectation> = {
    'content-security-policy': csp.result,
    cookies: cookiesTest(cookies, hsts === 'hsts-implemented-max-age-at-least-six-months', input.sessionCookies ?? []),
    'cross-origin-resource-sharing': corsTest(input.corsHeaders, input.corsOrigin),
    redirection: `redirection-${input.redirection ?? 'not-applicable'}`,
    'referrer-policy': referrerTest(headers),
    'strict-transport-security': hsts,
    'subresource-integrity': sriTest(headers, input.body, url),
    'x-content-type-options': xContentTypeOptionsTest(headers),
    'x-frame-options': xFrameOptionsTest(headers, csp),
    'cross-origin-resource-policy': corpTest(headers),
  };
  let withExtraCredit = 100;
  let uncurved = 100;
  const tests: Record<string, TestResult> = {};
  for (const [name, result] of Object.entries(results)) {
    const modifier = MODIFIERS[result];
    withExtraCredit += modifier;
    if (modifier < 0) uncurved += modifier;
    tests[name] = { result, modifier, pass: PASSING.has(result) };
  }
  const score = Math.max(uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withExtraCredit : uncurved, 0);
  return { score, grade: gradeForScore(score), tests };
}

/** One line per test that lost points, for assertion messages. */
export function describeDeductions(report: ObservatoryReport): string {
  return Object.entries(report.tests)
    .filter(([, t]) => t.modifier < 0)
    .map(([name, t]) => `${name}: ${t.result} (${t.modifier})`)
    .join('; ');
}

// ---------------------------------------------------------------------------------------------
// Our own requirements on top of the grade (issue #9, ASVS 5.0 §3.4)

export interface PolicyOptions {
  /** Production answers must carry HSTS (≥ 1 year, includeSubDomains). */
  production: boolean;
  /** The page may be framed (the /widgets/* exception): frame-ancestors need not be 'none'. */
  embeddable?: boolean;
  /** Features this page may use itself: allowed to its own origin only, `feature=(self)`. */
  selfFeatures?: readonly string[];
}

const MIN_HSTS_SECONDS = 31_536_000;
const FORBIDDEN_FEATURES = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];

/** Problems with the header set against the project's rules; an empty list means it complies. */
export function policyProblems(headers: HeaderSource, options: PolicyOptions): string[] {
  const problems: string[] = [];
  const rawCsp = headerValues(headers, 'content-security-policy');
  let csp: Map<string, Set<string>> | null = null;
  try {
    csp = rawCsp.length ? parseCsp(rawCsp.flatMap((v) => v.split(',').map((s) => s.trim()))) : null;
  } catch {
    problems.push('CSP cannot be parsed');
  }
  if (!csp) {
    if (rawCsp.length === 0) problems.push('no Content-Security-Policy');
  } else {
    const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? new Set(['*']);
    if (scriptSrc.has("'unsafe-inline'")) problems.push("script-src allows 'unsafe-inline'");
    if (scriptSrc.has("'unsafe-eval'")) problems.push("script-src allows 'unsafe-eval'");
    if ([...scriptSrc].some((s) => BROAD_OR_UNSAFE_INLINE.has(s))) problems.push('script-src is overly broad');
    const objectSrc = csp.get('object-src') ?? csp.get('default-src');
    if (!objectSrc || objectSrc.size !== 1 || !objectSrc.has("'none'")) problems.push("object-src is not 'none'");
    const baseUri = csp.get('base-uri');
    if (!baseUri || baseUri.size !== 1 || !baseUri.has("'none'")) problems.push("base-uri is not 'none'");
    const ancestors = csp.get('frame-ancestors');
    if (!ancestors) problems.push('no frame-ancestors');
    else if (!options.embeddable && (ancestors.size !== 1 || !ancestors.has("'none'"))) {
      problems.push("frame-ancestors is not 'none'");
    }
  }
  if (first(headers, 'x-content-type-options')?.trim().toLowerCase() !== 'nosniff') {
    problems.push('X-Content-Type-Options is not nosniff');
  }
  if (first(headers, 'referrer-policy')?.trim().toLowerCase() !== 'strict-origin-when-cross-origin') {
    problems.push('Referrer-Policy is not strict-origin-when-cross-origin');
  }
  const permissions = first(headers, 'permissions-policy');
  if (!permissions) problems.push('no Permissions-Policy');
  else {
    const features = new Map(
      permissions.split(',').map((d) => {
        const [name = '', value = ''] = d.trim().split('=');
        return [name.trim().toLowerCase(), value.trim()] as const;
      }),
    );
    for (const feature of FORBIDDEN_FEATURES) {
      if (options.selfFeatures?.includes(feature)) {
        if (features.get(feature) !== '(self)') problems.push(`Permissions-Policy gives ${feature} beyond the site`);
      } else if (features.get(feature) !== '()') problems.push(`Permissions-Policy does not disable ${feature}`);
    }
  }
  const hsts = first(headers, 'strict-transport-security');
  if (options.production) {
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? NaN);
    if (!hsts) problems.push('no Strict-Transport-Security in production');
    else if (!(maxAge >= MIN_HSTS_SECONDS)) problems.push('HSTS max-age is under one year');
    else if (!/includesubdomains/i.test(hsts)) problems.push('HSTS lacks includeSubDomains');
  }
  return problems;
}
