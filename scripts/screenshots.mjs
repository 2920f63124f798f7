#!/usr/bin/env node
// Screenshots of pages in both themes at 375 and 1280 px, for looking at what we build.
// Usage: node scripts/screenshots.mjs [baseUrl] [outDir] [path ...]
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
try {
  for (const theme of ['dark', 'light']) {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ru-RU' });
      await context.addInitScript(
        ([t]) => {
          localStorage.setItem('magistral.colorScheme', t);
        },
        [theme],
      );
      const page = await context.newPage();
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
        await page.screenshot({ path: path.join(out, name), fullPage: true });
        console.log(path.join(out, name));
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
