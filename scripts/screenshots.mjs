#!/usr/bin/env node
// Screenshots of pages in both themes at 375 and 1280 px, for looking at what we build.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [path ...]
// SIGN_IN=phone:password (e.g. 9000000001:Demo-2026, the demo client) signs in first, for the account's pages.
// PROFILE=text (with SIGN_IN) acts for the profile whose name contains it, e.g. PROFILE='Демо Логистик'.
// STAFF_SIGN_IN=login:password:totpSecret (e.g. admin:Admin-2026:<DEMO_STAFF_TOTP_SECRET>) signs in to the
// back-office once (a TOTP code is accepted once), and every picture reuses that session.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [base = 'http://localhost:3000', out = 'screenshots/tmp', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
/** The back-office session of STAFF_SIGN_IN, made once: cookies for every context. */
async function staffState() {
  if (!process.env.STAFF_SIGN_IN) return undefined;
  const [login, password, secret] = process.env.STAFF_SIGN_IN.split(':');
  const { TOTP, Secret } = await import('otpauth');
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/back-office/sign-in`);
  await page.getByLabel('Логин').fill(login);
  await page.getByLabel('Пароль').fill(password);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  await page.getByLabel('Код из приложения').fill(code);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/back-office');
  const state = await context.storageState();
  await context.close();
  return state;
}

try {
  const storageState = await staffState();
  for (const theme of ['dark', 'light']) {
    for (const width of [375, 1280]) {
      // Reduced motion: charts and transitions are pictured in their final state.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: 'ru-RU',
        reducedMotion: 'reduce',
        storageState,
      });
      await context.addInitScript(
        ([t]) => {
          localStorage.setItem('magistral.colorScheme', t);
        },
        [theme],
      );
      const page = await context.newPage();
      if (process.env.SIGN_IN) {
        const [phone, password] = process.env.SIGN_IN.split(':');
        await page.goto(`${base}/auth/sign-in`);
        await page.getByLabel('Телефон').pressSequentially(phone);
        await page.getByLabel('Пароль', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Войти', exact: true }).click();
        await page.waitForURL('**/personal-account');
        if (process.env.PROFILE) {
          // Act for the profile whose name contains PROFILE (e.g. «Демо Логистик»).
          const profile = await (await page.request.get(`${base}/api/v1/user/profile`)).json();
          const chosen = profile.profiles.find((p) => p.name.includes(process.env.PROFILE));
          if (!chosen) throw new Error(`no profile like ${process.env.PROFILE}`);
          await page.request.post(`${base}/api/v1/user/change_profile`, {
            data: { account_uuid: chosen.account_uuid },
            headers: { origin: base },
          });
        }
      }
      for (const p of pages) {
        await page.goto(base + p, { waitUntil: 'load' });
        // A page that keeps a request open (prefetches, a stream) still gets its picture.
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => page.waitForTimeout(1_000));
        const name = `${
          p
            .replace(/[^a-z0-9]+/gi, '_')
            .replace(/^_|_$/g, '')
            .slice(0, 60) || 'home'
        }-${theme}-${width}.png`;
        // A full-page picture shows what a visitor sees by scrolling: sections with content-visibility:
        // auto are rendered once near the viewport, so the picture renders them all.
        await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
        await page.screenshot({ path: path.join(out, name), fullPage: true });
        console.log(path.join(out, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
