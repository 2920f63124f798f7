import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_PATHS } from '@freight/contracts/paths';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';

/** The demo client (DEMO_MODE seeds it). */
const DEMO = { typed: '9000000001', phone: '+7 (900) 000-00-01', password: 'Demo-2026' };

/**
 * `next` after signing in is only ever a path on our own site (packages/domain/src/safe-redirect.ts):
 * the browser strips tabs and newlines from URLs, so `/%09/evil.example` used to land on
 * //evil.example, and CR/LF in a server redirect's Location used to be a 500.
 */
describe.skipIf(E2E_SKIP)('sign-in: where `next` may lead', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** A signed-in session cookie of the demo client, through the web process as a browser gets it. */
  async function signedInCookie(): Promise<string> {
    const first = await fetch(`${baseUrl}/about`);
    const anonymous = first.headers.getSetCookie()[0]!.split(';')[0]!;
    const signIn = await fetch(`${baseUrl}${API_PATHS.authorization}`, {
      method: 'POST',
      headers: { cookie: anonymous, 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ phone: DEMO.phone, password: DEMO.password }),
    });
    expect(signIn.status).toBe(200);
    return signIn.headers.getSetCookie()[0]!.split(';')[0]!;
  }

  it('visiting /auth/sign-in?next=/%09/evil.example and signing in lands on our own page', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto('/auth/sign-in?next=/%09/evil.example');
    await page.getByLabel('Телефон').pressSequentially(DEMO.typed);
    await page.getByLabel('Пароль', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/personal-account', { timeout: 15_000 });
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl).origin);
    expect(visited.filter((url) => new URL(url).origin !== new URL(baseUrl).origin)).toEqual([]);
    await context.close();
  });

  it('a signed-in visitor is redirected by the server to our page, never to //evil.example', async () => {
    const cookie = await signedInCookie();
    for (const next of ['/%09/evil.example', '%2F%2Fevil.example', '/%5Cevil.example', 'https://evil.example/']) {
      const res = await fetch(`${baseUrl}/auth/sign-in?next=${next}`, { headers: { cookie }, redirect: 'manual' });
      expect(res.status, next).toBe(307);
      expect(new URL(res.headers.get('location')!, baseUrl).href, next).toBe(`${baseUrl}/personal-account`);
    }
    // A good `next` is still honoured.
    const good = await fetch(`${baseUrl}/auth/sign-in?next=${encodeURIComponent('/order?step=participants')}`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(new URL(good.headers.get('location')!, baseUrl).href).toBe(`${baseUrl}/order?step=participants`);
  });

  it('a CR/LF next gives no 500: the page for a visitor, the personal account for a signed-in client', async () => {
    const crlf = '/%0D%0ASet-Cookie:%20evil=1%0D%0A/evil.example';
    const anonymous = await fetch(`${baseUrl}/auth/sign-in?next=${crlf}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(200);
    await anonymous.arrayBuffer();

    const cookie = await signedInCookie();
    const signedIn = await fetch(`${baseUrl}/auth/sign-in?next=${crlf}`, { headers: { cookie }, redirect: 'manual' });
    expect(signedIn.status).toBe(307);
    expect(new URL(signedIn.headers.get('location')!, baseUrl).href).toBe(`${baseUrl}/personal-account`);
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('evil='))).toBe(false);
  });
});
