import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_PATHS } from '@freight/contracts/paths';
import { E2E_SKIP } from '../lib/browser';
import { describeDeductions, gradeResponse, policyProblems } from '../lib/observatory';
import { API_ANSWERS, PUBLIC_PAGES, resolvePath } from '../lib/public-pages';
import { startStack, type RunningStack } from '../lib/stack';

/**
 * Grades the headers of every public page and of API answers with the MDN HTTP Observatory
 * rules (e2e/lib/observatory.ts), requiring A+, plus the project's own rules (nonce CSP,
 * object-src/base-uri/frame-ancestors 'none', HSTS ≥ 1 year with includeSubDomains, nosniff,
 * strict-origin-when-cross-origin, a restrictive Permissions-Policy, no-store on personal
 * answers, Secure HttpOnly SameSite cookies).
 *
 * The product is started as it runs in production behind TLS: NODE_ENV=production and an https
 * PUBLIC_ORIGIN (so cookies are Secure); the answers are graded as served under that origin.
 * TLS and the http → https redirect belong to the reverse proxy, so the redirection test is
 * "not applicable" (decision 009).
 */
const PUBLIC_ORIGIN = 'https://magistral.example';
const OBSERVATORY_ORIGIN = 'https://http-observatory.security.mozilla.org';
/** Under the https PUBLIC_ORIGIN the session cookie is `__Host-auth_token` (packages/domain/src/session-cookie.ts). */
const SESSION_COOKIES = ['auth_token', '__Host-auth_token'];

describe.skipIf(E2E_SKIP)('security headers graded A+ (MDN HTTP Observatory rules)', () => {
  let stack: RunningStack;
  const devBaseUrl = inject('baseUrl');

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_ORIGIN });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function gradeUrl(path: string, init: RequestInit = {}) {
    const url = `${stack.baseUrl}${path}`;
    const response = await fetch(url, { redirect: 'manual', ...init });
    const body = await response.text();
    const cors = await fetch(url, {
      redirect: 'manual',
      ...init,
      headers: { ...(init.headers as Record<string, string>), origin: OBSERVATORY_ORIGIN },
    });
    await cors.arrayBuffer();
    const report = gradeResponse({
      url: `${PUBLIC_ORIGIN}${path}`,
      headers: response.headers,
      body,
      corsHeaders: cors.headers,
      corsOrigin: OBSERVATORY_ORIGIN,
      sessionCookies: SESSION_COOKIES,
    });
    return { response, report };
  }

  for (const page of PUBLIC_PAGES) {
    it.skipIf(Boolean(page.pending))(
      `page «${page.name}»${page.pending ? ` (PENDING: ${page.pending})` : ''}`,
      async () => {
        const path = await resolvePath(page, stack.baseUrl);
        const { response, report } = await gradeUrl(path);
        expect(response.status, path).toBe(page.status ?? 200);
        expect(report.grade, `${path}: ${report.score} — ${describeDeductions(report)}`).toBe('A+');
        expect(
          policyProblems(response.headers, {
            production: true,
            embeddable: page.embeddable,
            selfFeatures: page.selfFeatures,
          }),
          path,
        ).toEqual([]);
        // A first visit gets the session cookie: Secure, HttpOnly, SameSite in production.
        expect(report.tests.cookies!.result, path).toMatch(
          /^cookies-(secure-with-httponly-sessions-and-samesite|not-found)$/,
        );
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
        expect(response.headers.get('x-frame-options'), path).toBe(page.embeddable ? null : 'DENY');
        // Pages are rendered per request for a session: never stored by shared caches.
        expect(response.headers.get('cache-control'), path).toMatch(/no-store/);
      },
    );
  }

  it('under the https origin the session cookie is __Host-auth_token, and the page proxy recognises it', async () => {
    const first = await fetch(`${stack.baseUrl}/about`);
    await first.arrayBuffer();
    const [line] = first.headers.getSetCookie();
    expect(line).toMatch(/^__Host-auth_token=[A-Za-z0-9_-]{43}; /);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/; Domain=/i);
    // src/proxy.ts checks the same name: with the cookie, no second anonymous session is made.
    const again = await fetch(`${stack.baseUrl}/about`, { headers: { cookie: line!.split(';')[0]! } });
    await again.arrayBuffer();
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('a fresh nonce on every answer', async () => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await fetch(`${stack.baseUrl}/about`)).headers.get('content-security-policy') ?? '')?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('static files carry the headers too', async () => {
    const html = await (await fetch(`${stack.baseUrl}/about`)).text();
    const script = /<script src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await fetch(`${stack.baseUrl}${script}`);
    await response.arrayBuffer();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{8,}; includeSubDomains/);
  });

  for (const answer of API_ANSWERS) {
    it(`API answer «${answer.name}»`, async () => {
      let headers: Record<string, string> = {};
      if (answer.personal) {
        // A signed-in client's own data (the demo client).
        const first = await fetch(`${stack.baseUrl}/about`);
        const anonymous = first.headers.getSetCookie()[0]!.split(';')[0]!;
        const signIn = await fetch(`${stack.baseUrl}${API_PATHS.authorization}`, {
          method: 'POST',
          headers: { cookie: anonymous, 'content-type': 'application/json', origin: PUBLIC_ORIGIN },
          body: JSON.stringify({ phone: '+7 (900) 000-00-01', password: 'Demo-2026' }),
        });
        expect(signIn.status).toBe(200);
        const setCookie = signIn.headers.getSetCookie();
        const grade = gradeResponse({
          url: `${PUBLIC_ORIGIN}${API_PATHS.authorization}`,
          headers: signIn.headers,
          sessionCookies: SESSION_COOKIES,
        });
        expect(grade.tests.cookies!.result).toBe('cookies-secure-with-httponly-sessions-and-samesite');
        expect(setCookie[0]).toMatch(/; HttpOnly/);
        expect(setCookie[0]).toMatch(/; Secure/);
        headers = { cookie: setCookie[0]!.split(';')[0]! };
      }
      const { response, report } = await gradeUrl(answer.path, { headers });
      expect(response.status).toBe(200);
      expect(report.grade, `${answer.path}: ${report.score} — ${describeDeductions(report)}`).toBe('A+');
      expect(report.tests['cross-origin-resource-sharing']!.result).toBe(
        'cross-origin-resource-sharing-not-implemented',
      );
      expect(policyProblems(response.headers, { production: true })).toEqual([]);
      if (answer.personal) {
        expect(response.headers.get('cache-control')).toMatch(/no-store/);
        const body = (await (await fetch(`${stack.baseUrl}${answer.path}`, { headers })).json()) as { name?: string };
        expect(body.name).toBe('Демо Клиент');
      }
    });
  }

  it('without https (local runs) the same rules fail: the grade is honest, not constant', async () => {
    // The shared stack runs on plain http with non-Secure cookies, as a developer's machine does.
    const response = await fetch(`${devBaseUrl}/about`, { redirect: 'manual' });
    const report = gradeResponse({
      url: `${devBaseUrl}/about`,
      headers: response.headers,
      body: await response.text(),
      sessionCookies: SESSION_COOKIES,
    });
    expect(report.tests['strict-transport-security']!.result).toBe('hsts-not-implemented-no-https');
    expect(report.tests.cookies!.result).toBe('cookies-session-without-secure-flag');
    expect(report.grade).not.toBe('A+');
  });
});
