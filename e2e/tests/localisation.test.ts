import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { PUBLIC_PAGES, resolvePath, type PublicPage } from '../lib/public-pages';
import { freePort, startStack, type RunningStack } from '../lib/stack';

/**
 * 152-FZ localisation (art. 18 part 5, ../shared/reference/security.md §B6): loading a public
 * page, with light interaction (the burger menu, the support widget that appears after 5 s),
 * sends no request to any host but the site itself — no web fonts, analytics, CAPTCHA or CDN.
 * The one exception is map tiles from the tile server the operator configured (MAP_TILE_URL),
 * checked against a fake tile server on loopback.
 */

/** Waits past the support widget's 5 s delay, so whatever it loads is recorded too. */
const WIDGET_WAIT_MS = 6_000;

interface Recorded {
  url: string;
  origin: string;
}

async function visit(
  browser: Browser,
  baseUrl: string,
  page: PublicPage,
  path: string,
): Promise<{ requests: Recorded[]; context: BrowserContext }> {
  const context = await newContext(browser, baseUrl, 375);
  const requests: Recorded[] = [];
  context.on('request', (request) => {
    const url = request.url();
    // data: and blob: never leave the browser.
    if (url.startsWith('data:') || url.startsWith('blob:')) return;
    requests.push({ url, origin: new URL(url).origin });
  });
  const tab = await context.newPage();
  const response = await tab.goto(path);
  expect(response?.status(), path).toBe(page.status ?? 200);
  if (page.embeddable) {
    // The widget has no site shell (no menu, no support chat): it is used as it is, by scrolling.
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tab.waitForTimeout(WIDGET_WAIT_MS);
  } else {
    // Light interaction: the burger menu opens and closes, the page scrolls to the footer.
    await tab.getByRole('button', { name: 'Открыть меню' }).click();
    await tab.getByRole('dialog', { name: 'Меню' }).waitFor();
    await tab.keyboard.press('Escape');
    await tab.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await tab.waitForTimeout(WIDGET_WAIT_MS);
    await tab.getByTestId('support-widget').waitFor({ timeout: 5_000 });
  }
  await tab.waitForLoadState('networkidle').catch(() => undefined);
  return { requests, context };
}

describe.skipIf(E2E_SKIP)('152-FZ: public pages talk only to the site itself', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const page of PUBLIC_PAGES) {
    it.skipIf(Boolean(page.pending))(
      `«${page.name}» sends no request off the site${page.pending ? ` (PENDING: ${page.pending})` : ''}`,
      async () => {
        const path = await resolvePath(page, baseUrl);
        const { requests, context } = await visit(browser, baseUrl, page, path);
        const site = new URL(baseUrl).origin;
        expect(requests.length).toBeGreaterThan(3);
        expect(
          requests.filter((r) => r.origin !== site).map((r) => r.url),
          path,
        ).toEqual([]);
        await context.close();
      },
    );
  }
});

describe.skipIf(E2E_SKIP)('152-FZ: the configured map tile server is the only other host', () => {
  let stack: RunningStack;
  let tiles: Server;
  let tileOrigin: string;
  const tileRequests: string[] = [];
  let browser: Browser;
  // A 1×1 transparent PNG: enough for Leaflet to count the tile as loaded.
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

  beforeAll(async () => {
    const port = await freePort();
    tiles = createServer((req, res) => {
      tileRequests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' });
      res.end(PNG);
    });
    await new Promise<void>((resolve) => tiles.listen(port, '127.0.0.1', resolve));
    tileOrigin = `http://127.0.0.1:${port}`;
    stack = await startStack({ MAP_TILE_URL: `${tileOrigin}/{z}/{x}/{y}.png` });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await new Promise((resolve) => tiles?.close(resolve));
  });

  for (const name of ['home', 'offices', 'office']) {
    it(`«${name}» with a map: only the site and the tile server`, async () => {
      const page = PUBLIC_PAGES.find((p) => p.name === name)!;
      const path = await resolvePath(page, stack.baseUrl);
      const before = tileRequests.length;
      const { requests, context } = await visit(browser, stack.baseUrl, page, path);
      const site = new URL(stack.baseUrl).origin;
      const foreign = requests.filter((r) => r.origin !== site);
      expect(foreign.length, `${path}: the map asked for no tiles`).toBeGreaterThan(0);
      expect(foreign.filter((r) => r.origin !== tileOrigin).map((r) => r.url)).toEqual([]);
      expect(foreign.every((r) => /^\/\d+\/\d+\/\d+\.png$/.test(new URL(r.url).pathname))).toBe(true);
      expect(tileRequests.length).toBeGreaterThan(before);
      await context.close();
    });
  }
});
