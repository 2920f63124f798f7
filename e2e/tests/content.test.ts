import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';

const RUSSIAN_DATE =
  /^\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4} г\.$/;
const OPEN_STATE =
  /^(Открыто до \d{1,2}:\d{2}|Открыто круглосуточно|Перерыв до \d{1,2}:\d{2}|Закрыто, откроется (.+ )?в \d{1,2}:\d{2}|Временно закрыто)$/;

describe.skipIf(E2E_SKIP)('carrier network and public content in a real browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('finds the offices of a city, filters by operation and opens one', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/offices');
    await expect(page.getByRole('heading', { level: 1, name: 'Адреса и контакты' }).isVisible()).resolves.toBe(true);
    // The list comes in pages of 20 (issue #19): the first page, and the number of all offices.
    const firstPage = await page
      .getByTestId('offices-list')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') })
      .count();
    expect(firstPage).toBe(20);
    const summary = await page.getByText(/^Найдено: /).innerText();
    expect(Number(/^Найдено: ([\d\s]+) пункт/.exec(summary)![1]!.replace(/\s/g, ''))).toBeGreaterThanOrEqual(100);

    await page.getByLabel('Город, адрес или название').fill('Казань');
    await page.getByLabel('Операция').selectOption({ label: 'Забор от двери' });
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(/\/offices\?.*q=/);
    await page.getByText('Найдено: 1 пункт').waitFor();
    const card = page.getByTestId('offices-list').getByRole('listitem').first();
    await expect(card.getByText('Респ. Татарстан, г. Казань, ул. Техническая, д. 33').isVisible()).resolves.toBe(true);
    await expect(card.getByTestId('open-state').innerText()).resolves.toMatch(OPEN_STATE);

    await card.getByRole('link', { name: 'Казань: Терминал Казань' }).click();
    await page.waitForURL(/\/offices\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Терминал Казань, Казань');
    await expect(page.getByTestId('open-state').innerText()).resolves.toMatch(OPEN_STATE);
    await expect(page.getByText('Пн–Пт').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: /^\+7\(843\)/ }).getAttribute('href')).resolves.toMatch(
      /^tel:\+7843\d{7}$/,
    );
    await page.waitForFunction(() => document.title.startsWith('Терминал Казань, Казань'));
    await context.close();
  });

  it('sorts offices by distance from a typed address and picks a city from the list', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await page.goto('/offices');
    await page.getByLabel('Ближайшие к адресу или городу').fill('Екатеринбург, Малышева 30');
    // Enter with no suggestion chosen sends the form as typed.
    await page.getByLabel('Ближайшие к адресу или городу').press('Enter');
    await page.getByText('Сначала ближайшие к «г Екатеринбург, ул Малышева, д 30»', { exact: false }).waitFor();
    const first = page.getByTestId('offices-list').getByRole('listitem').first();
    await expect(first.getByRole('heading').innerText()).resolves.toMatch(/^Екатеринбург:/);

    await page.goto('/offices');
    await page.getByLabel('Город', { exact: true }).selectOption({ label: 'Новосибирск' });
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByText('Найдено: 3 пункта').waitFor();
    await context.close();
  });

  it('«Москва, Тверская 7» is suggested without DaData and sorts the Moscow points by distance; «Открыто сейчас» keeps the open ones', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/offices');
    const near = page.getByLabel('Ближайшие к адресу или городу');
    await near.click();
    await near.pressSequentially('Москва, Тверская 7', { delay: 20 });
    // The street comes from the API's own address index (the e2e stack has no DADATA_TOKEN).
    await page.getByRole('option', { name: /^г Москва, ул Тверская, д 7/ }).click();
    await page.waitForURL(/\/offices\?.*near=/);
    await page.getByText('Сначала ближайшие к «г Москва, ул Тверская, д 7»', { exact: false }).waitFor();
    const cards = page
      .getByTestId('offices-list')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading') });
    const headings = await cards.getByRole('heading').allInnerTexts();
    expect(headings.slice(0, 6).every((h) => h.startsWith('Москва:'))).toBe(true);
    const distances = (await page.getByText(/ км от выбранной точки$/).allInnerTexts()).map((text) =>
      Number(/^([\d\s]+(?:,\d)?)/.exec(text)![1]!.replace(/\s/g, '').replace(',', '.')),
    );
    expect(distances.length).toBe(headings.length);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(25);

    await page.getByLabel('Открыто сейчас').check();
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.waitForURL(/open=1/);
    expect(page.url()).toContain('near=');
    const states = await page.getByTestId('offices-list').getByTestId('open-state').allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state.startsWith('Открыто'))).toBe(true);
    await context.close();
  });

  it('shows the whole network on a map drawn without tiles; a city chosen shows its points, each opening its page', async () => {
    for (const width of [1280, 375]) {
      const context = await newContext(browser, baseUrl, width);
      const page = await context.newPage();
      await page.goto('/offices');
      const map = page.getByRole('region', { name: 'Карта подразделений' });
      await expect(map.isVisible()).resolves.toBe(true);
      const box = (await map.boundingBox())!;
      expect(box.width).toBeGreaterThan(width === 375 ? 300 : 400);
      expect(box.height).toBeGreaterThan(150);
      // Russia's outline and the network's markers are ours (no tiles): cached SVG files of this
      // site painted as masks (three for the outline, three for the markers of this network).
      const masks = await map
        .locator('[aria-hidden="true"] > div')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).maskImage));
      expect(masks).toHaveLength(6);
      expect(masks.every((m) => /^url\(".*\/map\/([a-z-]+|network\/[0-9a-f]{16}\/[a-z]+)\.svg"\)$/.test(m))).toBe(true);
      const outline = await page.request.get('/map/russia.svg');
      expect(outline.headers()['content-type']).toContain('image/svg+xml');
      expect(await outline.text()).toMatch(/^<svg [^>]*viewBox="0 0 1000 \d+(\.\d+)?"[^>]*><path d="M/);
      const dots = await page.request.get(/\/map\/network\/[0-9a-f]{16}\/fill\.svg/.exec(masks.join(' '))![0]);
      expect(dots.headers()['content-type']).toContain('image/svg+xml');
      expect(dots.headers()['cache-control']).toContain('immutable');
      expect(await dots.text()).toMatch(/^<svg [^>]*><style>.*<use href="#/);
      await expect(map.locator('img').count()).resolves.toBe(0);
      // At country scale the markers are a picture, not links; what it shows is read as a list:
      // a city per item with its number of points.
      const cities = map.getByRole('list', { name: /^Города на карте: \d+ город/ }).getByRole('listitem');
      expect(await cities.count()).toBeGreaterThanOrEqual(60);
      await expect(cities.filter({ hasText: /^Москва: 6 пунктов$/ }).count()).resolves.toBe(1);
      await expect(map.getByRole('link').count()).resolves.toBe(0);
      if (width === 1280) {
        await page.getByLabel('Город', { exact: true }).selectOption({ label: 'Новосибирск' });
        await page.getByRole('button', { name: 'Найти' }).click();
        await page.waitForURL(/\/offices\?.*city=\d+/);
        await page.getByText('Найдено: 3 пункта').waitFor();
        // The city's own points, zoomed in: one marker per point, each a link to its page.
        // Zoomed in, the outline of the area comes inline with the page.
        await expect(
          page.getByRole('region', { name: 'Карта подразделений' }).locator('svg path').count(),
        ).resolves.toBeGreaterThan(0);
        const zoomed = page.getByRole('region', { name: 'Карта подразделений' }).getByRole('link');
        await expect(zoomed.count()).resolves.toBe(3);
        await zoomed.first().click();
        await page.waitForURL(/\/offices\/\d+$/);
        await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toMatch(/Новосибирск$/);
      }
      await context.close();
    }
  });

  it('«Рядом со мной» asks the browser for the position and lists the nearest points first', async () => {
    const context = await newContext(browser, baseUrl, 375, {
      geolocation: { latitude: 59.9343, longitude: 30.3351 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto('/offices');
    await expect(
      page
        .getByText('Браузер спросит разрешение. Координаты нужны только для этого поиска', { exact: false })
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Рядом со мной' }).click();
    await page.waitForURL(/\/offices\?.*at=59\.934%2C30\.335/);
    await page.getByText('Сначала ближайшие к вам', { exact: false }).waitFor();
    const first = page.getByTestId('offices-list').getByRole('listitem').first();
    await expect(first.getByRole('heading').innerText()).resolves.toMatch(/^Санкт-Петербург:/);
    await context.close();
  });

  it('news: filter, paging, and a news item with a Russian date', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/news');
    await expect(page.getByRole('heading', { level: 1, name: 'Новости и события' }).isVisible()).resolves.toBe(true);
    const firstPageTitles = await page.getByTestId('news-list').getByRole('heading').allInnerTexts();
    expect(firstPageTitles.length).toBe(6);
    await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
    await page.waitForURL(/page=2/);
    const secondPageTitles = await page.getByTestId('news-list').getByRole('heading').allInnerTexts();
    expect(secondPageTitles.some((t) => firstPageTitles.includes(t))).toBe(false);

    await page.getByRole('link', { name: 'События', exact: true }).click();
    await page.waitForURL(/kind=event/);
    const events = page.getByTestId('news-list').getByRole('article');
    for (const badge of await events.locator('text=Событие').allInnerTexts()) expect(badge).toBe('Событие');

    await page.goto('/news');
    const link = page.getByTestId('news-list').getByRole('link').first();
    const title = await link.innerText();
    await link.click();
    await page.waitForURL(/\/news\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(title);
    await expect(page.locator('article time').first().innerText()).resolves.toMatch(RUSSIAN_DATE);
    await page.waitForFunction((t) => document.title.startsWith(t), title);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeGreaterThan(20);
    await expect(page.locator('meta[property="og:type"]').getAttribute('content')).resolves.toBe('article');

    const missing = await page.goto('/news/net-takoj-novosti');
    expect(missing?.status()).toBe(404);
    await context.close();
  });

  it('an unknown news item or office is the site’s 404 in one shell, saying what is missing, with the way back', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    for (const [address, title, back, list] of [
      ['/news/net-takoj-novosti', 'Новость не найдена', 'Все новости и события', '/news'],
      ['/offices/999999', 'Офис или терминал не найден', 'Все адреса', '/offices'],
    ] as const) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(404);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.locator('header').count(), address).toBe(1);
      expect(await page.getByTestId('site-footer').count(), address).toBe(1);
      await page.getByRole('main').getByRole('link', { name: back }).click();
      await page.waitForURL(`**${list}`);
    }
    // The saved light theme holds on these pages too (Next sends them without the theme script).
    await page.evaluate(() => localStorage.setItem('magistral.colorScheme', 'light'));
    await page.goto('/offices/999999');
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'light');
    await context.close();
  });

  it('the home page shows the seeded content and sends a track number to /tracking', async () => {
    const network = (await (await fetch(`${baseUrl}/api/v1/duty_main_page/country_map`)).json()) as {
      totals: { cities: number; subdivisions: number };
    };
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('meta[name="description"]').getAttribute('content')).resolves.toContain('сборных грузов');
    await expect(page.getByRole('heading', { level: 2, name: 'Популярные направления' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByText('Москва → Санкт-Петербург').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Скидка 10 % на перевозку', { exact: true }).isVisible()).resolves.toBe(true);
    // The code's conditions come from its promo_codes row, the same data that enforces them.
    await expect(page.getByTestId('promo-conditions').first().innerText()).resolves.toBe(
      'Промокод START10: −10 % на заказ от 3\u00a0000\u00a0₽, до 30 июня 2027 г., для первых 1\u00a0000 заказов.',
    );
    await expect(page.getByTestId('promo-conditions').first().locator('strong').innerText()).resolves.toBe('START10');
    await expect(page.locator('main').innerText()).resolves.not.toContain('ZABOR0');
    await expect(
      page.getByTestId('home-news').getByText('График работы терминалов в новогодние праздники').isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('Страхование груза.').isVisible()).resolves.toBe(true);
    const networkSection = page.locator('section[aria-labelledby="network-title"]');
    await expect(networkSection.getByText(`${network.totals.cities} городов`).isVisible()).resolves.toBe(true);
    await expect(networkSection.getByText(`${network.totals.subdivisions} пунктов`).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('heading', { name: 'Дальневосточный федеральный округ' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('link', { name: 'API для разработчиков' }).getAttribute('href')).resolves.toBe(
      '/api/docs',
    );
    await expect(page.locator('[data-slot="calculator"]').isVisible()).resolves.toBe(true);

    // A popular direction opens the calculator with that route priced.
    await page.getByRole('link', { name: /Москва → Санкт-Петербург/ }).click();
    await page.waitForURL(/\/calculator\?/);
    const route = new URL(page.url()).searchParams;
    expect([route.get('from_name'), route.get('to_name'), route.get('kg')]).toEqual([
      'Москва',
      'Санкт-Петербург',
      '10',
    ]);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="calculator-result"]')?.getAttribute('data-state') === 'done',
    );
    await expect(page.getByTestId('type-auto').innerText()).resolves.toMatch(/Автоперевозка[\s\S]*\d\u00a0₽/);
    await page.goto('/');

    await page.getByRole('button', { name: 'Отследить' }).click();
    await page.getByText('Введите номер для отслеживания').waitFor();
    await page.getByLabel('Номер для отслеживания').fill('мг 2600 00019');
    await page.getByRole('button', { name: 'Отследить' }).click();
    await page.waitForURL('**/tracking/MG-2600-00019');
    await context.close();
  });

  it('the home hero at 1280 px: beside the calculator, facts and what the price is made of fill the column, and stay in view as it grows', async () => {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      const hero = page.locator('section[aria-labelledby="hero-title"]');
      const text = hero.locator('> div').first();
      const calculator = page.locator('#calculator');
      await page.getByRole('list', { name: 'Коротко о перевозке' }).waitFor();
      const facts = await page
        .getByRole('list', { name: 'Коротко о перевозке' })
        .getByRole('listitem')
        .allTextContents();
      expect(facts[0]).toBe('Заявка до 15:00 — заберём груз в тот же рабочий день');
      expect(facts[1]).toMatch(/^\d+ город(а|ов)? и \d+ пункт(а|ов)? приёма и выдачи грузов$/);
      await page.getByRole('heading', { level: 2, name: 'Из чего складывается цена' }).waitFor();
      const [textBox, calcBox] = [await text.boundingBox(), await calculator.boundingBox()];
      // Before, the column ended under the tracking form: about a quarter of the calculator's height.
      expect((textBox!.y + textBox!.height - calcBox!.y) / calcBox!.height).toBeGreaterThan(0.55);
      // Scrolled down along a calculator that grew, the column is still on screen (sticky).
      await page.evaluate(() => window.scrollTo(0, 400));
      const scrolled = await text.boundingBox();
      expect(scrolled!.y).toBeGreaterThanOrEqual(0);
      expect(scrolled!.y).toBeLessThan(100);
    } finally {
      await context.close();
    }
  });

  it('the policy page renders the versioned 152-FZ policy with the cookie section', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/docs-n-policies#cookies');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(
      'Политика обработки персональных данных и использования файлов cookie',
    );
    await expect(page.getByText('Редакция 1.2, действует с 23 ноября 2026 г.').isVisible()).resolves.toBe(true);
    await expect(
      page.getByRole('heading', { name: '7. Файлы cookie и локальное хранилище браузера' }).isVisible(),
    ).resolves.toBe(true);
    await expect(
      page.getByRole('heading', { name: '4. Права субъектов персональных данных' }).isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });
});
