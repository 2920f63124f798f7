import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Set by scripts/test.mjs when no browser is installed outside CI: the suite is reported as skipped. */
export const E2E_SKIP = process.env.E2E_SKIP === '1' || (!existsSync(CHROMIUM_PATH) && !process.env.CI);

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export function newContext(
  browser: Browser,
  baseURL: string,
  width = 1280,
  extra: Omit<BrowserContextOptions, 'baseURL'> = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width, height: 900 },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    ...extra,
  });
}
