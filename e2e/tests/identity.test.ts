import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { signInDemo } from '../lib/session';

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}

/** A fresh mobile number for this run, as a person types it, and how the API stores it. */
function freshPhone() {
  const tail = String(Date.now()).slice(-7);
  return { typed: `8 912 ${tail}`, stored: `+7912${tail}` };
}

/** Reads the newest code sent to `stored` from the demo outbox page, as a person would. */
async function codeFromOutbox(page: Page, stored: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const response = await page.request.get('/api/dev/outbox');
    expect(response.status()).toBe(200);
    const messages = (await response.json()) as OutboxMessage[];
    const sms = messages.find((m) => m.channel === 'sms' && m.to === stored);
    const code = sms ? /\b(\d{6})\b/.exec(sms.body)?.[1] : undefined;
    if (code) return code;
    await page.waitForTimeout(300);
  }
  throw new Error(`no code for ${stored} in the dev outbox`);
}

describe.skipIf(E2E_SKIP)('identity in a real browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up with a phone, reads the code from the dev outbox, stays signed in, logs out and signs in with the password', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const phone = freshPhone();
    const password = 'Перевозка2026';

    await page.goto('/');
    await page.getByRole('link', { name: 'Войти в личный кабинет' }).click();
    await page.waitForURL('**/auth/sign-in');
    await page.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL('**/auth/sign-up');

    const phoneInput = page.getByLabel('Телефон');
    await phoneInput.pressSequentially(phone.typed);
    expect(await phoneInput.inputValue()).toBe(
      `+7(912) ${phone.stored.slice(5, 8)}-${phone.stored.slice(8, 10)}-${phone.stored.slice(10)}`,
    );
    await page.getByRole('button', { name: 'Получить код' }).click();

    const codeInput = page.getByLabel('Код из SMS');
    await codeInput.waitFor();
    await expect(page.getByRole('button', { name: /Отправить код повторно через \d:\d\d/ }).isDisabled()).resolves.toBe(
      true,
    );

    // The person opens the demo outbox page in another tab and reads the code.
    const outboxTab = await context.newPage();
    await outboxTab.goto('/dev/outbox');
    await expect(outboxTab.getByRole('heading', { name: 'Журнал сообщений (демо)' }).isVisible()).resolves.toBe(true);
    const code = await codeFromOutbox(outboxTab, phone.stored);
    await outboxTab.close();

    // A wrong code first: the Russian message appears next to the field.
    await codeInput.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await page.getByText('Неверный код').waitFor();

    await codeInput.fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await codeInput.inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    await page.getByLabel('Имя').waitFor();
    await page.getByLabel('Имя').fill('Мария Котова');
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Необходимо согласие на обработку персональных данных').waitFor();
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();

    await page.waitForURL('**/personal-account');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: /Мария Котова/ }).waitFor();
    await expect(header.getByRole('link', { name: /Мария Котова/ }).getAttribute('href')).resolves.toBe(
      '/personal-account',
    );
    await page.getByRole('heading', { name: 'Здравствуйте, Мария Котова!' }).waitFor();

    await page.reload();
    await expect(
      page
        .getByRole('banner')
        .getByRole('link', { name: /Мария Котова/ })
        .isVisible(),
    ).resolves.toBe(true);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('link', { name: 'Войти в личный кабинет' }).waitFor();
    await page.goto('/personal-account');
    await page.waitForURL(
      (url) => url.pathname === '/auth/sign-in' && url.searchParams.get('next') === '/personal-account',
    );

    await page.getByLabel('Телефон').pressSequentially(phone.typed);
    await page.getByLabel('Пароль', { exact: true }).fill('НеверныйПароль1');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.getByText('Неверный номер телефона или пароль').waitFor();
    await page.getByLabel('Пароль', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await page.waitForURL('**/personal-account');
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Мария Котова/ })
      .waitFor();
    await context.close();
  });

  it('the demo client from the README signs in with the documented password', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await signInDemo(page);
    await page.getByRole('heading', { name: 'Здравствуйте, Демо Клиент!' }).waitFor();
    await page.getByRole('link', { name: 'Настройки учётной записи' }).click();
    await page.waitForURL('**/personal-account/settings');
    await page.getByRole('heading', { name: 'Активные сеансы' }).waitFor();
    await expect(page.getByText('Этот сеанс').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
