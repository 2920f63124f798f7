import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { signInDemo } from '../lib/session';

/** Demo cargo (DEMO_MODE seeds them for the demo client): the newest one, «Заявка оформлена». */
const TRACK = 'MG-2600-00019';

describe.skipIf(E2E_SKIP)('public tracking in a real browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a stranger sees status, route and timeline with names and phones masked', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto(`/tracking/${TRACK}`);
    await page.getByRole('heading', { level: 2, name: `Груз ${TRACK}` }).waitFor();
    await expect(page.getByText('Заявка оформлена').first().isVisible()).resolves.toBe(true);
    await expect(page.getByText('Имена и телефоны скрыты', { exact: false }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('+7 (9**) ***-**-01').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'История' }).isVisible()).resolves.toBe(true);
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('Демо');
    expect(text).not.toContain('000-00-01');
    await context.close();
  });

  it('the header form finds a cargo typed loosely; an unknown number gets a clear message', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    const search = page.getByRole('search', { name: 'Найти груз по номеру' });
    await search.getByRole('searchbox').fill('мг 2600 00019');
    await search.getByRole('searchbox').press('Enter');
    await page.waitForURL(`**/tracking/${TRACK}`);
    await page.getByRole('heading', { level: 2, name: `Груз ${TRACK}` }).waitFor();

    await page.goto('/tracking/MG-2611-04270');
    await page.getByRole('heading', { name: 'Груз не найден' }).waitFor();
    await expect(page.getByText('Груз с номером MG-2611-04270 не найден', { exact: false }).isVisible()).resolves.toBe(
      true,
    );
    await page.goto('/tracking?number=MG-2600-00018');
    await page.getByText('В номере груза опечатка: проверьте цифры').waitFor();
    await context.close();
  });

  it('below 992 px the form lives in the burger menu', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Меню' });
    // The menu's dialog code loads on the first press; wait for the page to settle, press once, wait.
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.getByRole('searchbox').fill(TRACK.toLowerCase());
    await dialog.getByRole('button', { name: 'Поиск груза' }).click();
    await page.waitForURL(`**/tracking/${TRACK}`);
    await page.getByRole('heading', { level: 2, name: `Груз ${TRACK}` }).waitFor();
    await context.close();
  });

  it('the owner sees everything', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await signInDemo(page);
    await page.goto(`/tracking/${TRACK}`);
    await page.getByText('Это ваш груз: показаны все данные.').waitFor();
    await expect(page.getByText('+7 (900) 000-00-01').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Стоимость').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
