import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { actAsPersonalProfile, signInDemo } from '../lib/session';

/*
 * The client's orders in the personal account (issue 14), in a real browser against the built
 * product: the demo client (DEMO_MODE seeds 48 cargos in every status) filters, sorts, pages,
 * opens cards, rates, marks a favourite, cancels, repeats, exports and imports.
 *
 * Demo cargos used (packages/db/src/seed/demo-cargo.ts): MG-2600-00113 «Заявка оформлена»
 * (cancellable), MG-2600-00121 and MG-2600-00159 «Выдан» and not rated yet. MG-2600-00019 is left
 * alone: tracking.test.ts expects it unchanged.
 */
const CANCEL_TRACK = 'MG-2600-00113';
const RATE_TRACK = 'MG-2600-00121';
const SEARCH_TRACK = 'MG-2600-00159';

interface ListItem {
  track_number: string;
  status: string;
  created_at: string;
}

/** Track numbers of the cards shown, in order (once the list or its empty state is there). */
async function shownTracks(page: Page): Promise<string[]> {
  await page.locator('[data-testid="orders-list"], [data-testid="orders-empty"]').first().waitFor();
  return page
    .locator('[data-testid="orders-list"] article[data-track]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-track') ?? ''));
}

/** Waits until the list has settled (no skeleton, not busy). */
async function settled(page: Page): Promise<void> {
  await page.locator('section[aria-busy="false"]').waitFor();
  await page.locator('[data-testid="orders-skeleton"]').waitFor({ state: 'detached' });
}

/** Runs `action` and waits for the list call whose query contains `part`, then for the list. */
async function reloadsList(page: Page, part: string, action: () => Promise<unknown>): Promise<void> {
  await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/v1/cargo/cargo?') && r.url().includes(part)),
    action(),
  ]);
  await settled(page);
}

/** The API's own answer for a list query, with the signed-in browser's cookies. */
async function apiList(page: Page, query: string): Promise<ListItem[]> {
  const response = await page.request.get(`/api/v1/cargo/cargo?all_profiles=false&limit=100&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ListItem[] }).items;
}

/** D-M-YYYY (the spec's date format) → ISO. */
function isoOf(ruDate: string): string {
  const [d, m, y] = ruDate.split('-');
  return `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
}

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A working day (Tue–Thu) two to three weeks ahead, as ДД.ММ.ГГГГ. */
function futureWorkingDay(): string {
  const date = new Date(Date.now() + 15 * 86_400_000);
  while (![2, 3, 4].includes(date.getUTCDay())) date.setUTCDate(date.getUTCDate() + 1);
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}.${mm}.${date.getUTCFullYear()}`;
}

describe.skipIf(E2E_SKIP)('personal account: the client’s orders', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'orders-e2e-'));

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await signInDemo(page);
    await actAsPersonalProfile(page, baseUrl);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('lists the orders rendered on the server, filters by status and date, sorts, keeps it all in the address', async () => {
    await page.goto('/personal-account');
    await page.getByRole('link', { name: 'Мои заказы' }).first().click();
    await page.waitForURL('**/personal-account/orders');
    await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
    expect(await shownTracks(page)).toHaveLength(20);

    // Status chip «Выдан»: the address and the list follow.
    await reloadsList(page, 'cargo_statuses=released', () =>
      page.getByRole('button', { name: 'Выдан', exact: true }).click(),
    );
    await page.waitForURL(/status=released/);
    const released = await apiList(page, 'sort_by_date=true&reverse_sort_by=true&cargo_statuses=released');
    expect(released.length).toBeGreaterThan(0);
    const shown = await shownTracks(page);
    expect(shown).toEqual(released.slice(0, 20).map((c) => c.track_number));
    expect(await page.locator('[data-testid="orders-list"] article').getByText('Выдан', { exact: true }).count()).toBe(
      shown.length,
    );

    // Dates: the last 60 days only.
    const start = isoDaysFromNow(-60);
    const end = isoDaysFromNow(0);
    await page.getByLabel('Создан с').fill(start);
    await page.getByLabel('Создан по').fill(end);
    await reloadsList(page, `start_date=${start}`, () => page.getByRole('button', { name: 'Применить' }).click());
    await page.waitForURL(new RegExp(`start_date=${start}`));
    const createdDates = await page
      .locator('[data-testid="orders-list"] article dt:text-is("Создан") + dd')
      .allInnerTexts();
    expect(createdDates.length).toBeGreaterThan(0);
    for (const date of createdDates) {
      expect(isoOf(date) >= start && isoOf(date) <= end).toBe(true);
    }

    // Sort «Сначала старые»: ascending creation dates.
    await reloadsList(page, 'sort_by_date=true&cargo_statuses', () =>
      page.getByLabel('Сортировка').selectOption({ label: 'Сначала старые' }),
    );
    await page.waitForURL(/sort=oldest/);
    const ascending = (
      await page.locator('[data-testid="orders-list"] article dt:text-is("Создан") + dd').allInnerTexts()
    ).map(isoOf);
    expect(ascending).toEqual([...ascending].sort());

    // The address alone restores the same list (shareable, survives a reload).
    const url = page.url();
    await page.reload();
    await settled(page);
    expect(page.url()).toBe(url);
    await expect(page.getByLabel('Создан с').inputValue()).resolves.toBe(start);
    expect(await page.getByRole('button', { name: 'Выдан', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Back goes to the previous filters.
    await reloadsList(page, 'reverse_sort_by=true', () => page.goBack());
    await page.waitForURL((u) => !u.search.includes('sort=oldest'));
    await expect(page.getByLabel('Сортировка').inputValue()).resolves.toBe('newest');

    // «Сбросить» restores the defaults.
    await reloadsList(page, 'limit=20&sort_by_date=true&reverse_sort_by=true', () =>
      page.getByRole('button', { name: 'Сбросить' }).first().click(),
    );
    await page.waitForURL((u) => u.search === '');
    expect(await shownTracks(page)).toHaveLength(20);
  });

  it('«Показать ещё» appends the next page without duplicates', async () => {
    await page.goto('/personal-account/orders');
    const first = await shownTracks(page);
    expect(first).toHaveLength(20);
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="orders-list"] article[data-track]').length > 20,
    );
    const both = await shownTracks(page);
    // The active profile (the demo client's own) has 32 of the 48 demo orders: a whole second page or the rest.
    const all = await apiList(page, 'sort_by_date=true&reverse_sort_by=true');
    expect(all.length).toBeGreaterThan(20);
    expect(both.length).toBe(Math.min(40, all.length));
    expect(new Set(both).size).toBe(both.length);
    expect(both.slice(0, 20)).toEqual(first);
    expect(both).toEqual(all.slice(0, 40).map((c) => c.track_number));
  });

  it('explains impossible filters in Russian beside the field instead of failing', async () => {
    const response = await page.goto('/personal-account/orders?start_date=2026-03-01&end_date=2026-02-01&status=lost');
    expect(response?.status()).toBe(200);
    await page.getByText('Дата окончания не может быть раньше даты начала').waitFor();
    await page.getByText('Неизвестный статус: lost', { exact: false }).waitFor();
    expect(await shownTracks(page)).not.toHaveLength(0);
  });

  it('opens a card from the list; an unknown number is the 404 page', async () => {
    await page.goto('/personal-account/orders');
    const track = (await shownTracks(page))[0]!;
    await page.getByRole('link', { name: `Открыть заказ ${track}` }).click();
    await page.waitForURL(`**/personal-account/orders/${track}`);
    await page.getByRole('heading', { level: 1, name: `Заказ ${track}` }).waitFor();
    await page.getByRole('heading', { name: 'История статусов' }).waitFor();
    await page.getByRole('heading', { name: 'Оплата' }).waitFor();

    const missing = await page.goto('/personal-account/orders/MG-2611-04270');
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Заказ не найден' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Все заказы' }).waitFor();
  });

  it('the header track search opens the owner’s card', async () => {
    await page.goto('/tracking?number=' + encodeURIComponent(SEARCH_TRACK.toLowerCase()));
    await page.waitForURL(`**/personal-account/orders/${SEARCH_TRACK}`);
    await page.getByRole('heading', { level: 1, name: `Заказ ${SEARCH_TRACK}` }).waitFor();
  });

  it('rates a delivered cargo once and marks it as a favourite', async () => {
    await page.goto(`/personal-account/orders/${RATE_TRACK}`);
    await page.getByRole('radio', { name: '5 из 5' }).click();
    await page.getByLabel('Комментарий (необязательно)').fill('Всё отлично');
    await page.getByRole('button', { name: 'Оценить' }).click();
    await page.getByText('Спасибо за оценку!').waitFor();
    await page.reload();
    await page.getByText('Ваша оценка: 5 из 5').first().waitFor();
    expect(await page.getByRole('button', { name: 'Оценить' }).count()).toBe(0);

    const star = page.getByRole('button', { name: 'Добавить в избранное' });
    await star.click();
    await page.locator('button[aria-pressed="true"]', { hasText: 'В избранном' }).waitFor();
    await page.goto('/personal-account/orders?favorites=1');
    await settled(page);
    const favourites = await shownTracks(page);
    expect(favourites).toContain(RATE_TRACK);
    expect(favourites.sort()).toEqual((await apiList(page, 'favorite=true')).map((c) => c.track_number).sort());
  });

  it('cancels an order that allows it, after a confirmation', async () => {
    await page.goto(`/personal-account/orders/${CANCEL_TRACK}`);
    await page.getByRole('button', { name: 'Отменить заявку' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отменить заявку?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Да, отменить' }).click();
    await page.getByText('Заявка отменена').waitFor();
    await page.reload();
    await page.locator('main').getByText('Отменён', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Отменить заявку' }).count()).toBe(0);
  });

  it('repeats an order into the wizard with its route and participants', async () => {
    await page.goto(`/personal-account/orders/${CANCEL_TRACK}`);
    const recipient = await page.locator('dt:text-is("Получатель") + dd').first().innerText();
    await page.getByRole('link', { name: 'Повторить заявку' }).click();
    await page.waitForURL('**/order?step=route');
    // The wizard shows the copied route and places; the participants are in the browser's draft.
    await page.getByText('Санкт-Петербург → Казань').first().waitFor();
    await page.locator('input[value="Санкт-Петербург"]').first().waitFor();
    const stored = await page.evaluate(() => localStorage.getItem('magistral.orderDraft'));
    expect(stored).toContain(recipient);
    const draft = await page.request.get('/api/v1/requests/draft');
    expect(JSON.stringify(await draft.json())).toContain('Санкт-Петербург');
  });

  it('exports the filtered list as XLSX', async () => {
    await page.goto('/personal-account/orders?status=released&status=cancelled');
    await settled(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Выгрузить Excel' }).click(),
    ]);
    const file = path.join(tmp, 'export.xlsx');
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header[0]).toBe('Трек-номер');
    const tracks: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) tracks.push(String(row.getCell(1).value));
    });
    const expected = await apiList(
      page,
      'sort_by_date=true&reverse_sort_by=true&cargo_statuses=cancelled&cargo_statuses=released',
    );
    expect(tracks).toEqual(expected.map((c) => c.track_number));
    expect(tracks).toContain(CANCEL_TRACK);
  });

  it('imports a 3-row file: the bad row is explained before anything is created, then 2 are created', async () => {
    const template = await page.request.get('/api/v1/cargo/import/template?format=xlsx');
    expect(template.status()).toBe(200);
    const templateFile = path.join(tmp, 'template.xlsx');
    writeFileSync(templateFile, await template.body());
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(templateFile);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const example = (sheet.getRow(2).values as unknown[]).slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    const date = futureWorkingDay();
    const rows = [
      { Получатель: 'Ирина Импортова', 'Вес, кг': 12 },
      { Получатель: 'Пётр Импортов', 'Вес, кг': 30 },
      { Получатель: 'Без Веса', 'Вес, кг': null },
    ];
    rows.forEach((values, i) => {
      const row = sheet.getRow(2 + i);
      example.forEach((value, c) => {
        row.getCell(c + 1).value = value as ExcelJS.CellValue;
      });
      row.getCell(column('Дата отправления')).value = date;
      for (const [name, value] of Object.entries(values)) row.getCell(column(name)).value = value;
      row.commit();
    });
    const file = path.join(tmp, 'import.xlsx');
    await book.xlsx.writeFile(file);

    const before = (await apiList(page, 'sort_by_date=true')).length;
    await page.goto('/personal-account/orders');
    await page.getByRole('button', { name: 'Загрузить заявки' }).click();
    const dialog = page.getByRole('dialog', { name: 'Загрузка заявок из файла' });
    await dialog.waitFor();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Проверить файл' }).click();
    await dialog.getByText('Можно создать: 2 заявки. С ошибками: 1 заявка.').waitFor();
    await dialog.getByText('Строка 4').waitFor();
    await expect(dialog.locator('[data-testid="import-rows"] li ul').count()).resolves.toBe(1);
    // Nothing was created by the check.
    expect((await apiList(page, 'sort_by_date=true')).length).toBe(before);

    await dialog.getByRole('button', { name: 'Создать 2 заявки' }).click();
    await dialog.getByText('Подтвердите согласие на обработку персональных данных').waitFor();
    await dialog.getByText('Я подтверждаю согласие', { exact: false }).click();
    await dialog.getByRole('button', { name: 'Создать 2 заявки' }).click();
    // Twice on CI this step failed where it takes about a second: once the wait ran out (30 s), once the
    // upload was called a broken file. The second was ExcelJS's own pass over the ZIP losing a part (see
    // cargo-import-file.ts, which reads the parts itself since); that pass could also hang, which would
    // explain the first. If it happens again, say what the dialog showed.
    await dialog
      .getByText('Создано: 2 заявки. Не создано из-за ошибок: 1 заявка.')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: Error) => {
        throw new Error(`${error.message}\nThe dialog showed: ${await dialog.innerText().catch(() => '(gone)')}`);
      });
    expect((await apiList(page, 'sort_by_date=true')).length).toBe(before + 2);
  });

  it('at 375 px the list is cards, not a table, and the page does not scroll sideways', async () => {
    const narrow = await newContext(browser, baseUrl, 375);
    const mobile = await narrow.newPage();
    await signInDemo(mobile);
    await mobile.goto('/personal-account/orders');
    await mobile.locator('[data-testid="orders-list"] article').first().waitFor();
    expect(await mobile.locator('table').count()).toBe(0);
    const card = await mobile.locator('[data-testid="orders-list"] article').first().boundingBox();
    expect(card!.width).toBeLessThanOrEqual(375);
    const overflow = await mobile.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await narrow.close();
  });

  it('the header fits from 992 px up with any name, signed in or not: nothing overflows or overlaps the navigation', async () => {
    const long = 'Константин Константинопольский-Преображенский';
    /** Page overflow, the header's name past the header's edge, actions over the navigation. */
    const measure = (p: Page) =>
      p.evaluate(() => {
        const header = document.querySelector('header')!;
        const nav = header.querySelector('nav')!.getBoundingClientRect();
        const shown = [...header.querySelectorAll('nav ~ div > *')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0);
        return {
          page: document.documentElement.scrollWidth - window.innerWidth,
          overNav: nav.right - Math.min(...shown.map((r) => r.left)),
          pastEdge: Math.max(...shown.map((r) => r.right)) - header.getBoundingClientRect().right,
        };
      });
    const visitor = await (await newContext(browser, baseUrl)).newPage();
    for (const width of [992, 1100, 1200, 1280, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/personal-account/orders');
      const user = page.locator('header a[href="/personal-account"]');
      expect(await user.getAttribute('title')).toContain('Демо Клиент');
      // A long name (set in place: the layout is what is checked) is cut inside the header.
      await user.locator('span').evaluate((span, name) => (span.textContent = name), long);
      const signedIn = await measure(page);
      expect(signedIn.page, `${width} px, signed in`).toBe(0);
      expect(signedIn.overNav, `${width} px, signed in`).toBeLessThanOrEqual(0);
      expect(signedIn.pastEdge, `${width} px, signed in`).toBeLessThanOrEqual(0);
      const orders = page.getByRole('banner').getByRole('link', { name: 'Мои заказы' });
      expect(await orders.isVisible(), `${width} px: «Мои заказы» from 1440 px`).toBe(width >= 1440);

      await visitor.setViewportSize({ width, height: 800 });
      await visitor.goto('/about');
      await visitor
        .getByRole('navigation', { name: 'Основная навигация' })
        .getByRole('link', { name: 'Рассчитать' })
        .waitFor();
      const anonymous = await measure(visitor);
      expect(anonymous.page, `${width} px, visitor`).toBe(0);
      expect(anonymous.overNav, `${width} px, visitor`).toBeLessThanOrEqual(0);
      expect(anonymous.pastEdge, `${width} px, visitor`).toBeLessThanOrEqual(0);
    }
    await visitor.context().close();
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
