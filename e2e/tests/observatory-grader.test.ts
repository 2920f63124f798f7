import { describe, expect, it } from 'vitest';
import { gradeForScore, gradeResponse, parseCsp, policyProblems, type ObservatoryInput } from '../lib/observatory';

/** The grader itself, on known header sets (no browser, no server). */

const STRONG_CSP =
  "default-src 'self'; script-src 'self' 'nonce-abc123' 'strict-dynamic'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

const GOOD_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': STRONG_CSP,
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};
const GOOD_COOKIE = 'auth_token=abc; Path=/; HttpOnly; Secure; SameSite=Lax';
const BODY = '<html><head><script nonce="abc123">1</script><script src="/_next/static/chunks/a.js" async></script>';

function grade(overrides: Partial<ObservatoryInput> = {}, headerOverrides: Record<string, string | undefined> = {}) {
  return gradeResponse({
    url: 'https://magistral.example/',
    headers: { ...GOOD_HEADERS, ...headerOverrides },
    setCookies: [GOOD_COOKIE],
    body: BODY,
    sessionCookies: ['auth_token'],
    ...overrides,
  });
}

describe('MDN HTTP Observatory grader', () => {
  it('grades a strong header set A+ with the expected bonuses', () => {
    const report = grade();
    expect(report.tests['content-security-policy']!.result).toBe(
      'csp-implemented-with-unsafe-inline-in-style-src-only',
    );
    expect(report.tests.cookies!.result).toBe('cookies-secure-with-httponly-sessions-and-samesite');
    expect(report.tests['x-frame-options']!.result).toBe('x-frame-options-implemented-via-csp');
    expect(report.tests['subresource-integrity']!.result).toBe(
      'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    );
    // 100 + 0 (CSP) + 5 (cookies) + 5 (referrer) + 5 (frame-ancestors) + 10 (CORP)
    expect(report.score).toBe(125);
    expect(report.grade).toBe('A+');
  });

  it('gives the default-src none bonus and the no-unsafe bonus', () => {
    const none = grade({}, { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" });
    expect(none.tests['content-security-policy']!.result).toBe('csp-implemented-with-no-unsafe-default-src-none');
    expect(none.score).toBe(135);
    const noUnsafe = grade({}, { 'content-security-policy': "default-src 'self'; object-src 'none'" });
    expect(noUnsafe.tests['content-security-policy']!.result).toBe('csp-implemented-with-no-unsafe');
  });

  it("'unsafe-inline' in script-src costs 20 points and the extra credit (A+ → B+)", () => {
    const report = grade({}, { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline'" });
    expect(report.tests['content-security-policy']!.result).toBe('csp-implemented-with-unsafe-inline');
    expect(report.score).toBe(80);
    expect(report.grade).toBe('B+');
  });

  it("'unsafe-inline' next to a nonce is ignored (browsers ignore it too)", () => {
    const report = grade(
      {},
      { 'content-security-policy': "script-src 'nonce-x' 'unsafe-inline'; object-src 'none'; style-src 'self'" },
    );
    expect(report.tests['content-security-policy']!.result).toBe('csp-implemented-with-no-unsafe');
  });

  it("'unsafe-eval' costs 10, a missing object-src or a broad script source counts as unsafe", () => {
    expect(
      grade({}, { 'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-eval'" }).tests[
        'content-security-policy'
      ]!.modifier,
    ).toBe(-10);
    expect(grade({}, { 'content-security-policy': "script-src 'self'" }).tests['content-security-policy']!.result).toBe(
      'csp-implemented-with-unsafe-inline',
    );
    expect(
      grade({}, { 'content-security-policy': "default-src 'self'; script-src https:" }).tests[
        'content-security-policy'
      ]!.result,
    ).toBe('csp-implemented-with-unsafe-inline');
    expect(
      grade({}, { 'content-security-policy': "script-src 'strict-dynamic'" }).tests['content-security-policy']!.result,
    ).toBe('csp-header-invalid');
  });

  it('no CSP at all: −25 and no frame-ancestors fallback to X-Frame-Options', () => {
    const report = grade({}, { 'content-security-policy': undefined });
    expect(report.tests['content-security-policy']!.modifier).toBe(-25);
    expect(report.tests['x-frame-options']!.result).toBe('x-frame-options-sameorigin-or-deny');
    expect(report.grade).toBe('B');
    const unframed = grade({}, { 'content-security-policy': undefined, 'x-frame-options': undefined });
    expect(unframed.tests['x-frame-options']!.modifier).toBe(-20);
    expect(unframed.score).toBe(55);
  });

  it('a repeated directive makes the policy invalid', () => {
    expect(() => parseCsp(["default-src 'self'; default-src 'none'"])).toThrow();
    expect(
      grade({}, { 'content-security-policy': "img-src 'self'; img-src 'none'" }).tests['content-security-policy']!
        .result,
    ).toBe('csp-header-invalid');
  });

  it('HSTS: missing −20, short −10, over http not available at all', () => {
    expect(grade({}, { 'strict-transport-security': undefined }).grade).toBe('B+');
    expect(
      grade({}, { 'strict-transport-security': 'max-age=86400' }).tests['strict-transport-security']!.modifier,
    ).toBe(-10);
    expect(grade({ url: 'http://localhost:3400/' }).tests['strict-transport-security']!.result).toBe(
      'hsts-not-implemented-no-https',
    );
  });

  it('cookies: a session cookie without Secure −40, without HttpOnly −30, any cookie without Secure −20', () => {
    const noHsts = { 'strict-transport-security': undefined };
    expect(grade({ setCookies: ['auth_token=1; HttpOnly; SameSite=Lax'] }, noHsts).tests.cookies!.modifier).toBe(-40);
    expect(
      grade({ setCookies: ['sessionid=1; HttpOnly; SameSite=Lax'], sessionCookies: [] }, noHsts).tests.cookies!
        .modifier,
    ).toBe(-40);
    expect(grade({ setCookies: ['auth_token=1; Secure; SameSite=Lax'] }).tests.cookies!.modifier).toBe(-30);
    expect(grade({ setCookies: ['theme=dark; SameSite=Lax'] }, noHsts).tests.cookies!.modifier).toBe(-20);
    // With HSTS a non-Secure cookie costs less.
    expect(grade({ setCookies: ['theme=dark; SameSite=Lax'] }).tests.cookies!.modifier).toBe(-5);
    expect(grade({ setCookies: ['csrftoken=1; Secure'] }).tests.cookies!.modifier).toBe(-20);
    expect(grade({ setCookies: ['a=1; Secure; SameSite=Whatever'] }).tests.cookies!.modifier).toBe(-20);
    expect(grade({ setCookies: ['a=1; Secure'] }).tests.cookies!.result).toBe('cookies-secure-with-httponly-sessions');
    expect(grade({ setCookies: [] }).tests.cookies!.result).toBe('cookies-not-found');
  });

  it('CORS: reflecting the origin with credentials −50; * is public and costs nothing', () => {
    const origin = 'https://http-observatory.security.mozilla.org';
    const universal = grade({
      corsOrigin: origin,
      corsHeaders: { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true' },
    });
    expect(universal.tests['cross-origin-resource-sharing']!.modifier).toBe(-50);
    expect(universal.grade).toBe('C');
    expect(
      grade({ corsOrigin: origin, corsHeaders: { 'access-control-allow-origin': '*' } }).tests[
        'cross-origin-resource-sharing'
      ]!.result,
    ).toBe('cross-origin-resource-sharing-implemented-with-public-access');
  });

  it('referrer policy, nosniff, CORP and redirection', () => {
    expect(grade({}, { 'referrer-policy': 'unsafe-url' }).tests['referrer-policy']!.modifier).toBe(-5);
    expect(grade({}, { 'referrer-policy': 'no-referrer, bogus' }).tests['referrer-policy']!.modifier).toBe(5);
    expect(grade({}, { 'referrer-policy': undefined }).tests['referrer-policy']!.modifier).toBe(0);
    expect(grade({}, { 'x-content-type-options': undefined }).tests['x-content-type-options']!.modifier).toBe(-5);
    expect(grade({}, { 'cross-origin-resource-policy': 'bogus' }).tests['cross-origin-resource-policy']!.modifier).toBe(
      -5,
    );
    expect(grade({ redirection: 'missing' }).tests.redirection!.modifier).toBe(-20);
  });

  it('SRI: an external script over https without integrity −5, over http −50; same-origin scripts 0', () => {
    expect(
      grade({ body: '<script src="https://cdn.example.net/x.js"></script>' }).tests['subresource-integrity']!.modifier,
    ).toBe(-5);
    expect(
      grade({ body: '<script src="http://cdn.example.net/x.js"></script>' }).tests['subresource-integrity']!.modifier,
    ).toBe(-50);
    expect(
      grade({ body: '<script src="https://cdn.example.net/x.js" integrity="sha384-x" crossorigin></script>' }).tests[
        'subresource-integrity'
      ]!.modifier,
    ).toBe(5);
    expect(grade({ body: '<p>no scripts</p>' }).tests['subresource-integrity']!.result).toBe(
      'sri-not-implemented-but-no-scripts-loaded',
    );
    expect(
      grade({}, { 'content-type': 'application/json; charset=utf-8' }).tests['subresource-integrity']!.result,
    ).toBe('sri-not-implemented-response-not-html');
  });

  it('bonuses count only when the score without them reaches 90', () => {
    // −20 (HSTS) puts the uncurved score at 80: the +25 of bonuses do not lift it back to A+.
    const report = grade({}, { 'strict-transport-security': undefined });
    expect(report.score).toBe(80);
  });

  it('grade chart', () => {
    expect(
      [135, 100, 99, 90, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25, 24, 0, -10].map(gradeForScore),
    ).toEqual([
      'A+',
      'A+',
      'A',
      'A',
      'A-',
      'B+',
      'B',
      'B',
      'B-',
      'C+',
      'C',
      'C',
      'C-',
      'D+',
      'D',
      'D',
      'D-',
      'F',
      'F',
      'F',
    ]);
  });
});

describe('project header rules on top of the grade', () => {
  it('accepts the strong set and lists every problem of a weak one', () => {
    expect(policyProblems(GOOD_HEADERS, { production: true })).toEqual([]);
    const problems = policyProblems(
      {
        'content-security-policy': "default-src 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'",
        'referrer-policy': 'no-referrer-when-downgrade',
        'permissions-policy': 'camera=(), geolocation=(self)',
        'strict-transport-security': 'max-age=15552000',
      },
      { production: true },
    );
    expect(problems).toEqual([
      "script-src allows 'unsafe-inline'",
      "script-src allows 'unsafe-eval'",
      'script-src is overly broad',
      "object-src is not 'none'",
      "base-uri is not 'none'",
      'no frame-ancestors',
      'X-Content-Type-Options is not nosniff',
      'Referrer-Policy is not strict-origin-when-cross-origin',
      'Permissions-Policy does not disable microphone',
      'Permissions-Policy does not disable geolocation',
      'Permissions-Policy does not disable payment',
      'Permissions-Policy does not disable usb',
      'HSTS max-age is under one year',
    ]);
  });

  it('a page may give a feature it uses to the site itself, never to other origins', () => {
    const own = {
      ...GOOD_HEADERS,
      'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=(), usb=()',
    };
    expect(policyProblems(own, { production: true })).toEqual(['Permissions-Policy does not disable geolocation']);
    expect(policyProblems(own, { production: true, selfFeatures: ['geolocation'] })).toEqual([]);
    const everyone = { ...own, 'permissions-policy': 'camera=(), microphone=(), geolocation=*, payment=(), usb=()' };
    expect(policyProblems(everyone, { production: true, selfFeatures: ['geolocation'] })).toEqual([
      'Permissions-Policy gives geolocation beyond the site',
    ]);
  });

  it('HSTS is required only in production; an embeddable widget may name its parents', () => {
    const noHsts = { ...GOOD_HEADERS, 'strict-transport-security': undefined };
    expect(policyProblems(noHsts, { production: false })).toEqual([]);
    expect(policyProblems(noHsts, { production: true })).toEqual(['no Strict-Transport-Security in production']);
    expect(
      policyProblems({ ...GOOD_HEADERS, 'strict-transport-security': 'max-age=31536000' }, { production: true }),
    ).toEqual(['HSTS lacks includeSubDomains']);
    const widget = {
      ...GOOD_HEADERS,
      'content-security-policy': STRONG_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self' https:"),
    };
    expect(policyProblems(widget, { production: true })).toEqual(["frame-ancestors is not 'none'"]);
    expect(policyProblems(widget, { production: true, embeddable: true })).toEqual([]);
  });
});
