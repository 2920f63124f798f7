import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';

const PAGE_SIZE = 20;
const PAGER = 'Страницы списка подразделений';

/** «Найдено: 105 пунктов, показаны 21–40» → { total: 105, from: 21, to: 40 }. */
async function summary(page: Page) {
  const text = (await page.getByText(/^Найдено: /).innerText()).replace(/\s/g, ' ');
  const match = /^Найдено: ([\d ]+) пункт[а-я]*(?:, показаны ([\d ]+)–([\d ]+))?/.exec(text);
  if (!match) throw new Error(`Unexpected summary: ${text}`);
  const number = (value: string | undefined) => Number((value ?? '0').replace(/ /g, ''));
  return { total: number(match[1]), from: number(match[2]), to: number(match[3]) };
}

const titles = (page: Page) => page.getByTestId('offices-list').getByRole('heading', { level: 3 }).allInnerTexts();

describe.skipIf(E2E_SKIP)('/offices in pages (issue #19)', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows 20 offices a page; the pager moves on, keeps the filters, and a new search starts at page 1', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/offices');
    const first = await summary(page);
    expect(first).toMatchObject({ from: 1, to: PAGE_SIZE });
    expect(first.total).toBeGreaterThan(2 * PAGE_SIZE);
    const pager = page.getByRole('navigation', { name: PAGER });
    await expect(pager.getByRole('link', { name: 'Страница 1' }).getAttribute('aria-current')).resolves.toBe('page');
    const firstTitles = await titles(page);
    expect(firstTitles).toHaveLength(PAGE_SIZE);

    await pager.getByRole('link', { name: 'Вперёд' }).click();
    await page.waitForURL(/\/offices\?page=2$/);
    await page.getByText(`показаны ${PAGE_SIZE + 1}–${2 * PAGE_SIZE}`, { exact: false }).waitFor();
    const secondTitles = await titles(page);
    expect(secondTitles).toHaveLength(PAGE_SIZE);
    expect(secondTitles.some((t) => firstTitles.includes(t))).toBe(false);
    await expect(pager.getByRole('link', { name: 'Назад' }).getAttribute('href')).resolves.toBe('/offices');

    // A search from page 2 starts again at page 1, and the pages of the result keep its filter.
    await page.getByLabel('Операция').selectOption({ label: 'Выдача груза' });
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(/\/offices\?.*op=release/);
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    const filtered = await summary(page);
    expect(filtered.total).toBeLessThanOrEqual(first.total);
    if (filtered.total > PAGE_SIZE) {
      const href = await pager.getByRole('link', { name: 'Страница 2' }).getAttribute('href');
      expect(new URL(href!, baseUrl).searchParams.get('op')).toBe('release');
      expect(new URL(href!, baseUrl).searchParams.get('page')).toBe('2');
    }
    await context.close();
  });

  it('pages without JavaScript on a phone, and a page past the end shows the last one', async () => {
    const context = await newContext(browser, baseUrl, 375, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/offices?page=2');
    const { total } = await summary(page);
    const pages = Math.ceil(total / PAGE_SIZE);
    await page.getByRole('navigation', { name: PAGER }).getByRole('link', { name: 'Страница 3' }).click();
    await page.waitForURL(/\/offices\?page=3$/);
    await expect(summary(page)).resolves.toMatchObject({ from: 2 * PAGE_SIZE + 1, to: 3 * PAGE_SIZE });

    await page.goto('/offices?page=999');
    await page.waitForURL(new RegExp(`/offices\\?page=${pages}$`));
    await expect(summary(page)).resolves.toMatchObject({ from: (pages - 1) * PAGE_SIZE + 1, to: total });
    const last = page.getByRole('navigation', { name: PAGER }).getByRole('link', { name: `Страница ${pages}` });
    await expect(last.getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByRole('link', { name: 'Вперёд' }).count()).resolves.toBe(0);
    await context.close();
  });
});
