import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { runAxe, seriousViolations } from '../lib/axe';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { startStack, type RunningStack } from '../lib/stack';

/**
 * The self-hosted CAPTCHA of decision 011 in a real browser: a stack with CAPTCHA_MODE=always
 * (every code request needs a solved proof of work) and the default difficulty. The sign-in by
 * code form solves the check in a module worker of the site itself — under the production CSP,
 * with no request to any other host — and the code arrives in the demo outbox.
 */

const DEMO_PHONE = { typed: '9000000001', stored: '+79000000001' };

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
  created_at?: string;
}

/** The code of the newest SMS to `stored` that is not in `seen`. */
async function newCode(page: Page, stored: string, seen: ReadonlySet<string>): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await page.request.get('/api/dev/outbox');
    expect(response.status()).toBe(200);
    const messages = (await response.json()) as OutboxMessage[];
    for (const m of messages) {
      const code = m.channel === 'sms' && m.to === stored ? /\b(\d{6})\b/.exec(m.body)?.[1] : undefined;
      if (code && !seen.has(code)) return code;
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`no new code for ${stored} in the dev outbox`);
}

async function codesSoFar(page: Page, stored: string): Promise<Set<string>> {
  const messages = (await (await page.request.get('/api/dev/outbox')).json()) as OutboxMessage[];
  return new Set(
    messages.filter((m) => m.channel === 'sms' && m.to === stored).map((m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? ''),
  );
}

describe.skipIf(E2E_SKIP)('CAPTCHA before SMS codes (CAPTCHA_MODE=always)', () => {
  let stack: RunningStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startStack({ CAPTCHA_MODE: 'always' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('signs in by code with the keyboard only: the form solves the check in a same-origin worker, the code arrives', async () => {
    const context = await newContext(browser, stack.baseUrl);
    const site = new URL(stack.baseUrl).origin;
    const offSite: string[] = [];
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== site) offSite.push(url);
    });
    const page = await context.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const challengeCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/captcha/challenge')) challengeCalls.push(request.url());
    });

    await page.goto('/auth/sign-in');
    const seen = await codesSoFar(page, DEMO_PHONE.stored);
    await page.getByRole('tab', { name: 'По коду из SMS' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Телефон', { exact: true }).focus();
    await page.keyboard.type(DEMO_PHONE.typed);
    // Nothing of the CAPTCHA has loaded yet: no challenge asked for, no worker started.
    expect(challengeCalls).toEqual([]);
    expect(workers).toEqual([]);

    const started = Date.now();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Проверяем, что вы не робот…' }).waitFor({ timeout: 10_000 });
    await page.getByRole('progressbar', { name: 'Ход проверки' }).waitFor();

    const codeInput = page.getByLabel('Код из SMS');
    await codeInput.waitFor({ timeout: 60_000 });
    const solvedInMs = Date.now() - started;
    console.log(`captcha e2e: solved and code sent in ${solvedInMs} ms, workers: ${workers.length}`);
    expect(challengeCalls).toHaveLength(1);
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(new URL(url).origin).toBe(site);
    expect(cspErrors).toEqual([]);

    const code = await newCode(page, DEMO_PHONE.stored, seen);
    await codeInput.focus();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/personal-account');
    await page.getByRole('heading', { name: 'Здравствуйте, Демо Клиент!' }).waitFor();
    expect(offSite).toEqual([]);
    await context.close();
  });

  it('when the check cannot be done, says what to do instead and retries on request', async () => {
    const context = await newContext(browser, stack.baseUrl, 375);
    const page = await context.newPage();
    await page.goto('/auth/forgot-password');
    await page.getByLabel('Телефон', { exact: true }).pressSequentially('9161234567');
    // The challenge cannot be fetched (as on a broken connection).
    await page.route('**/api/v1/captcha/challenge', (route) => route.abort());
    await page.getByRole('button', { name: 'Получить код' }).click();

    const alert = page.getByRole('alert').filter({ hasText: 'Не удалось пройти автоматическую проверку' });
    await alert.waitFor();
    await expect(alert.getByRole('link', { name: '+7 (800) 350-12-12' }).getAttribute('href')).resolves.toBe(
      'tel:+78003501212',
    );
    expect(seriousViolations(await runAxe(page))).toEqual([]);

    await page.unroute('**/api/v1/captcha/challenge');
    await page.getByRole('button', { name: 'Повторить проверку' }).click();
    await page.getByLabel('Код из SMS').waitFor({ timeout: 60_000 });
    await context.close();
  });

  it('without JavaScript the code form says to enable it or call the support phone', async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, javaScriptEnabled: false, locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto('/auth/sign-up');
    const notice = page.locator('p', { hasText: 'Чтобы получить код по SMS, включите JavaScript' });
    await notice.waitFor({ state: 'visible' });
    await expect(notice.getByRole('link', { name: '+7 (800) 350-12-12' }).getAttribute('href')).resolves.toBe(
      'tel:+78003501212',
    );
    await context.close();
  });
});
