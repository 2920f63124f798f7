import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';

const RUSSIAN_DATE =
  /\d{1,2} (января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря) \d{4} г\./;

async function calculatorContext(browser: Browser, baseUrl: string, width = 1280): Promise<BrowserContext> {
  const context = await newContext(browser, baseUrl, width);
  // The cookie notice is fixed at the bottom and would cover fields; it is tested in the shell suite.
  await context.addCookies([{ name: 'magistral_cookie_notice', value: '1', url: baseUrl }]);
  return context;
}

/** Types into a city combobox and chooses the option with the keyboard only. */
async function chooseCity(page: Page, label: string, typed: string, city: string) {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.focus();
  await page.keyboard.type(typed, { delay: 30 });
  const option = page.getByRole('option', { name: new RegExp(`^${city}`) });
  await option.waitFor();
  await page.keyboard.press('ArrowDown');
  await expect(option.getAttribute('aria-selected')).resolves.toBe('true');
  await expect(input.getAttribute('aria-activedescendant')).resolves.toBe(await option.getAttribute('id'));
  await page.keyboard.press('Enter');
  await expect(input.inputValue()).resolves.toBe(city);
  await expect(input.getAttribute('aria-expanded')).resolves.toBe('false');
}

async function fill(page: Page, label: string, value: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.fill(value);
}

async function waitForResult(page: Page) {
  const result = page.getByTestId('calculator-result');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="calculator-result"]')?.getAttribute('data-state') === 'done',
    null,
    { timeout: 15_000 },
  );
  return result;
}

/** Presses Tab until the focused element matches the CSS selector, at most `limit` times. */
async function tabUntil(page: Page, selector: string, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((css) => document.activeElement?.matches(css) ?? false, selector)) return;
  }
  throw new Error(`focus did not reach ${selector} after ${limit} × Tab`);
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el) return '';
    return el.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '';
  });

describe.skipIf(E2E_SKIP)('price calculator in a real browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('Москва → Новосибирск, three places: breakdown and arrival date, a shareable URL, then the order with every value', async () => {
    const context = await calculatorContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/calculator');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe('Калькулятор стоимости доставки');
    await page.waitForFunction(() => document.title.startsWith('Калькулятор стоимости доставки'));

    await chooseCity(page, 'Откуда', 'Моск', 'Москва');
    await chooseCity(page, 'Куда', 'Новосиб', 'Новосибирск');

    await page.getByRole('tab', { name: 'Несколько мест' }).click();
    await expect(page.getByRole('tab', { name: 'Несколько мест' }).getAttribute('aria-selected')).resolves.toBe('true');
    await fill(page, 'Мест', '3');
    await fill(page, 'Длина, см', '50');
    await fill(page, 'Ширина, см', '40');
    await fill(page, 'Высота, см', '30');
    await fill(page, 'Общий вес, кг', '60');
    // The total volume follows the dimensions × places: 50 × 40 × 30 cm × 3 = 0,18 m³.
    await expect(page.getByLabel('Общий объём, м³').inputValue()).resolves.toBe('0,18');

    const result = await waitForResult(page);
    const breakdown = result.getByTestId('calculator-breakdown');
    await breakdown.waitFor();
    await expect(breakdown.getByRole('heading').innerText()).resolves.toBe('Детализация: Автоперевозка');
    const lines = await breakdown.getByRole('listitem').allInnerTexts();
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/^Перевозка/);
    expect(lines[0]).toMatch(/60 кг/);
    await expect(result.getByTestId('calculator-total').innerText()).resolves.toMatch(/^[\d\u00a0]+(,\d\d)?\u00a0₽$/);
    await expect(result.getByTestId('arrival-auto').innerText()).resolves.toMatch(RUSSIAN_DATE);
    await expect(result.getByTestId('type-auto').innerText()).resolves.toMatch(/Срок: \d+–\d+ (день|дня|дней)/);
    // Express does not run that far: it is listed with its reason.
    await expect(result.getByText(/^Экспресс/).isVisible()).resolves.toBe(true);

    // The inputs are in the address bar (replaceState: no new history entries).
    await page.waitForURL(/kg=60/);
    const shared = new URL(page.url());
    expect(Object.fromEntries(shared.searchParams)).toMatchObject({
      from: '1',
      from_name: 'Москва',
      to: '62',
      to_name: 'Новосибирск',
      tab: 'multiple',
      qty: '3',
      l: '50',
      w: '40',
      h: '30',
      kg: '60',
      m3: '0.18',
    });
    await expect(page.evaluate(() => history.length)).resolves.toBeLessThanOrEqual(2);
    const total = await result.getByTestId('calculator-total').innerText();

    // A reload reproduces the inputs, and the server renders the result in the first paint.
    await page.reload();
    await expect(page.getByTestId('calculator-result').getAttribute('data-state')).resolves.toBe('done');
    await expect(page.getByTestId('calculator-total').innerText()).resolves.toBe(total);
    await expect(page.getByRole('combobox', { name: 'Откуда', exact: true }).inputValue()).resolves.toBe('Москва');
    await expect(page.getByRole('combobox', { name: 'Куда', exact: true }).inputValue()).resolves.toBe('Новосибирск');
    await expect(page.getByRole('tab', { name: 'Несколько мест' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByLabel('Мест', { exact: true }).inputValue()).resolves.toBe('3');
    await expect(page.getByLabel('Общий вес, кг').inputValue()).resolves.toBe('60');
    await expect(page.getByLabel('Длина, см').inputValue()).resolves.toBe('50');

    // «Оформить заявку» carries every value (and the chosen type) into the order.
    const order = page.getByRole('link', { name: 'Оформить заявку: Автоперевозка' });
    const href = new URL((await order.getAttribute('href'))!, baseUrl);
    expect(href.pathname).toBe('/order');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      from: '1',
      to: '62',
      tab: 'multiple',
      qty: '3',
      l: '50',
      w: '40',
      h: '30',
      kg: '60',
      m3: '0.18',
      tt: 'auto',
    });
    await order.click();
    await page.waitForURL(/\/order/);

    // The wizard merged the values into its draft: its summary shows them, and the saved draft holds them.
    await page.getByText('Москва → Новосибирск').first().waitFor({ timeout: 15_000 });
    await page
      .getByText(/3 места, 60 кг, 0,18 м³/)
      .first()
      .waitFor();
    type SavedDraft = {
      destination: { city_departure: { name: string } | null; city_delivery: { name: string } | null };
      cargo: Record<string, unknown>;
      transportationType: string | null;
    };
    let draft = null as SavedDraft | null;
    for (let attempt = 0; attempt < 30 && !draft?.destination.city_delivery; attempt++) {
      if (attempt > 0) await page.waitForTimeout(500);
      draft = await page.evaluate(async (): Promise<SavedDraft | null> => {
        const response = await fetch('/api/v1/requests/draft', { credentials: 'include' });
        const body = (await response.json()) as { draft: { draft: SavedDraft } | null };
        return body.draft?.draft ?? null;
      });
    }
    if (!draft) throw new Error('the wizard saved no draft');
    expect(draft.destination.city_departure?.name).toBe('Москва');
    expect(draft.destination.city_delivery?.name).toBe('Новосибирск');
    expect(draft.cargo).toMatchObject({
      tab: 'multiple',
      quantity: 3,
      length: 50,
      width: 40,
      height: 30,
      weight: 60,
    });
    expect(draft.transportationType).toBe('auto');
    await context.close();
  });

  it('a decimal comma: «12,5» kg and «0,5» m³ are priced, the address bar keeps dots, the fields show commas', async () => {
    const context = await calculatorContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/calculator');
    await chooseCity(page, 'Откуда', 'Моск', 'Москва');
    await chooseCity(page, 'Куда', 'Новосиб', 'Новосибирск');

    // Typed key by key, the Russian way; a browser's number field would refuse or mangle the comma.
    const weight = page.getByLabel('Вес, кг', { exact: true });
    const volume = page.getByLabel('Объём, м³', { exact: true });
    await expect(volume.getAttribute('inputmode')).resolves.toBe('decimal');
    await weight.pressSequentially('12,5', { delay: 30 });
    await volume.pressSequentially('0,5', { delay: 30 });
    await expect(volume.inputValue()).resolves.toBe('0,5');
    await page.keyboard.press('Tab');

    const result = await waitForResult(page);
    await result.getByTestId('calculator-breakdown').waitFor();
    await expect(result.getByTestId('calculator-total').innerText()).resolves.toMatch(/^[\d\u00a0]+(,\d\d)?\u00a0₽$/);
    await page.waitForURL(/m3=0\.5/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ kg: '12.5', m3: '0.5' });
    await expect(weight.inputValue()).resolves.toBe('12,5');
    await expect(volume.inputValue()).resolves.toBe('0,5');

    // A dot is read too, and shown with a comma once the field is left.
    await volume.fill('0.25');
    await weight.focus();
    await expect(volume.inputValue()).resolves.toBe('0,25');
    await page.waitForURL(/m3=0\.25/);

    // The wheel over the focused field changes nothing.
    await volume.focus();
    await volume.hover();
    await page.mouse.wheel(0, -200);
    await expect(volume.inputValue()).resolves.toBe('0,25');

    // A reload renders the fields from the address with commas again.
    await page.reload();
    await expect(page.getByLabel('Объём, м³', { exact: true }).inputValue()).resolves.toBe('0,25');
    await expect(page.getByLabel('Вес, кг', { exact: true }).inputValue()).resolves.toBe('12,5');
    await context.close();
  });

  it('works by keyboard alone: Tab, Shift+Tab, arrows and Enter through the form to a result and the order', async () => {
    const context = await calculatorContext(browser, baseUrl);
    const page = await context.newPage();
    await page.goto('/calculator');

    await tabUntil(page, '[role="combobox"][id$="departure-city"]');
    await page.keyboard.type('Моск', { delay: 30 });
    await page.getByRole('option', { name: /^Москва/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabUntil(page, '[role="combobox"][id$="delivery-city"]');
    await page.keyboard.type('Новосиб', { delay: 30 });
    await page.getByRole('option', { name: /^Новосибирск/ }).waitFor();
    // Escape closes the list and keeps the text; ArrowDown opens it again.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox').first().isVisible()).resolves.toBe(false);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: /^Новосибирск/ }).waitFor();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Куда', exact: true }).inputValue()).resolves.toBe('Новосибирск');

    // Terminal / door is a radio group: arrows switch it.
    await tabUntil(page, 'input[type="radio"]:checked');
    await page.keyboard.press('ArrowRight');
    await page.getByLabel('Адрес доставки', { exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByLabel('Адрес доставки', { exact: true }).waitFor({ state: 'detached' });

    // The cargo tabs: the arrow moves the focus, Enter chooses.
    await tabUntil(page, '[role="tab"]');
    await expect(focusedLabel(page)).resolves.toBe('1 место');
    await page.keyboard.press('ArrowRight');
    await expect(focusedLabel(page)).resolves.toBe('Несколько мест');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'Несколько мест' }).getAttribute('aria-selected')).resolves.toBe('true');

    await page.keyboard.press('Tab');
    await expect(focusedLabel(page)).resolves.toBe('Мест');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    for (const [label, value] of [
      ['Длина, см', '40'],
      ['Ширина, см', '30'],
      ['Высота, см', '20'],
      ['Общий вес, кг', '25'],
    ]) {
      await page.keyboard.press('Tab');
      await expect(focusedLabel(page)).resolves.toBe(label);
      await page.keyboard.type(value!);
    }
    // Shift+Tab goes back one field; Enter calculates at once and submits nothing else.
    await page.keyboard.press('Shift+Tab');
    await expect(focusedLabel(page)).resolves.toBe('Высота, см');
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/calculator');
    const result = await waitForResult(page);
    await result.getByTestId('calculator-breakdown').waitFor();

    // Into the result: the type radios (arrows choose another type), then its «Оформить заявку».
    await tabUntil(page, 'input[name="calculator-type"]');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="calculator-breakdown"] h3')?.textContent?.includes('Железнодорожная'),
    );
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLAnchorElement;
      const style = getComputedStyle(el);
      return { text: el.getAttribute('aria-label'), href: el.getAttribute('href'), ring: style.boxShadow };
    });
    expect(focused.text).toBe('Оформить заявку: Железнодорожная перевозка');
    expect(focused.href).toMatch(/^\/order\?.*tt=rail/);
    // A visible focus ring.
    expect(focused.ring).not.toBe('none');
    await context.close();
  });

  it('the result keeps its size while it recalculates (no layout shift), at 375 px too', async () => {
    for (const width of [1280, 375]) {
      const context = await calculatorContext(browser, baseUrl, width);
      const page = await context.newPage();
      await page.goto('/calculator?from=1&from_name=Москва&to=62&to_name=Новосибирск&l=50&w=40&h=30&kg=100');
      // Visible, not only present: a box measured while the result is not on screen is all zeros.
      await page.locator('[data-testid="calculator-result"][data-state="done"]').waitFor({ state: 'visible' });
      // Height and the top in page coordinates (the field being typed into may scroll the page).
      const box = () =>
        page.evaluate(() => {
          const rect = document.querySelector('[data-testid="calculator-result"]')!.getBoundingClientRect();
          return { height: rect.height, y: rect.top + window.scrollY };
        });
      const done = await box();

      // Record every size the result takes while it updates, and what the pending state looked
      // like at the moment it began (it may be over before a poll from here would see it).
      await page.evaluate(() => {
        const el = document.querySelector('[data-testid="calculator-result"]')!;
        const w = window as unknown as {
          __sizes: number[];
          __pending: { height: number; y: number; indicator: string | null; total: boolean } | null;
        };
        w.__sizes = [];
        w.__pending = null;
        new ResizeObserver((entries) => {
          for (const entry of entries) w.__sizes.push(Math.round(entry.borderBoxSize[0]!.blockSize));
        }).observe(el);
        new MutationObserver(() => {
          if (w.__pending || el.getAttribute('data-state') !== 'pending') return;
          const rect = el.getBoundingClientRect();
          const indicator = [...el.querySelectorAll('[data-visible]')].find((node) =>
            node.textContent?.includes('Пересчитываем…'),
          );
          const total = document.querySelector<HTMLElement>('[data-testid="calculator-total"]');
          w.__pending = {
            height: rect.height,
            y: rect.top + window.scrollY,
            indicator: indicator?.getAttribute('data-visible') ?? null,
            total: total !== null && total.offsetParent !== null,
          };
        }).observe(el, { attributes: true, attributeFilter: ['data-state'], subtree: true });
      });
      await page.getByLabel('Вес, кг').fill('110');
      await page.waitForFunction(
        () =>
          (window as unknown as { __pending: unknown }).__pending !== null &&
          document.querySelector('[data-testid="calculator-result"]')?.getAttribute('data-state') === 'done',
        null,
        { timeout: 15_000 },
      );
      const pending = await page.evaluate(
        () =>
          (
            window as unknown as {
              __pending: { height: number; y: number; indicator: string | null; total: boolean } | null;
            }
          ).__pending,
      );
      expect(pending).not.toBeNull();
      // «Пересчитываем…» shows and the old numbers stay on screen while recalculating.
      expect(pending!.indicator).toBe('true');
      expect(pending!.total).toBe(true);
      const after = await box();
      expect(pending!.height).toBe(done.height);
      expect(after.height).toBe(done.height);
      expect(after.y).toBe(done.y);
      const sizes = await page.evaluate(() => (window as unknown as { __sizes: number[] }).__sizes);
      expect(new Set(sizes)).toEqual(new Set([Math.round(done.height)]));
      // Nothing overflows the 375 px viewport.
      await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(width);
      await context.close();
    }
  });

  it('the embeddable widget: the duty_iframe code points to it, it may be framed, orders open in a new tab', async () => {
    const response = await fetch(`${baseUrl}/api/v1/duty_iframe/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ site_url: 'https://shop.example.ru', widget: 'calculator' }),
    });
    expect(response.status).toBe(201);
    const embed = (await response.json()) as { widget_url: string; code: string };
    const widgetUrl = new URL(embed.widget_url);
    expect(widgetUrl.pathname).toBe('/widgets/calculator');
    expect(embed.code).toContain(`src="${embed.widget_url}"`);

    const page$ = await fetch(`${baseUrl}${widgetUrl.pathname}${widgetUrl.search}`);
    expect(page$.status).toBe(200);
    const csp = page$.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors [^;]*https:/);
    expect(page$.headers.get('x-frame-options')).toBeNull();
    // Every other page still refuses to be framed.
    const other = await fetch(`${baseUrl}/calculator`);
    expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const context = await calculatorContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await page.goto(`${widgetUrl.pathname}${widgetUrl.search}&from=1&from_name=Москва&to=62&to_name=Новосибирск&kg=10`);
    await expect(page.getByRole('banner').count()).resolves.toBe(0);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    const order = page.getByRole('link', { name: 'Оформить заявку: Автоперевозка' });
    await expect(order.getAttribute('target')).resolves.toBe('_blank');
    // Changing an input keeps the partner in the widget's own URL.
    await page.getByLabel('Вес, кг').fill('12');
    await page.waitForURL(/kg=12/);
    expect(new URL(page.url()).searchParams.get('partner')).toBe(widgetUrl.searchParams.get('partner'));
    await context.close();
  });

  it('the home page shows the same calculator in its slot', async () => {
    const context = await calculatorContext(browser, baseUrl, 375);
    const page = await context.newPage();
    await page.goto('/');
    const slot = page.locator('[data-slot="calculator"]');
    // The empty result waits still: its skeleton shimmers only while a price is being calculated
    // (a shimmer that never stopped had the browser draw 60 frames a second, issue #19).
    await expect(slot.getByTestId('calculator-result').getAttribute('data-state')).resolves.toBe('idle');
    await page.waitForLoadState('load');
    await page.evaluate(() => {
      const w = window as unknown as { __resultAnimations: () => number; __pendingAnimations: number | null };
      const el = document.querySelector('[data-testid="calculator-result"]')!;
      w.__resultAnimations = () =>
        document
          .getAnimations()
          .filter((a) => a.playState === 'running' && el.contains((a.effect as KeyframeEffect | null)?.target ?? null))
          .length;
      w.__pendingAnimations = null;
      new MutationObserver(() => {
        if (w.__pendingAnimations === null && el.getAttribute('data-state') === 'pending') {
          w.__pendingAnimations = w.__resultAnimations();
        }
      }).observe(el, { attributes: true, attributeFilter: ['data-state'] });
    });
    const resultAnimations = () =>
      page.evaluate(() => (window as unknown as { __resultAnimations: () => number }).__resultAnimations());
    await expect(resultAnimations()).resolves.toBe(0);
    await chooseCity(page, 'Откуда', 'Моск', 'Москва');
    await chooseCity(page, 'Куда', 'Казан', 'Казань');
    await slot.getByLabel('Вес, кг').fill('5');
    await waitForResult(page);
    // While the first price was pending, the skeleton's three rows shimmered.
    await expect(
      page.evaluate(() => (window as unknown as { __pendingAnimations: number | null }).__pendingAnimations),
    ).resolves.toBe(3);
    await expect(resultAnimations()).resolves.toBe(0);
    await expect(slot.getByTestId('arrival-auto').innerText()).resolves.toMatch(RUSSIAN_DATE);
    // The home page keeps the inputs in its own address too, and so does the full calculator link.
    await page.waitForURL(/kg=5/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      from_name: 'Москва',
      to_name: 'Казань',
      kg: '5',
    });
    await expect(slot.getByRole('link', { name: 'Подробный расчёт' }).getAttribute('href')).resolves.toMatch(
      /^\/calculator\?.*kg=5/,
    );
    // A reload shows the same inputs and, rendered on the server, the result.
    await page.reload();
    await expect(slot.getByRole('combobox', { name: 'Откуда', exact: true }).inputValue()).resolves.toBe('Москва');
    await expect(slot.getByRole('combobox', { name: 'Куда', exact: true }).inputValue()).resolves.toBe('Казань');
    await expect(slot.getByLabel('Вес, кг').inputValue()).resolves.toBe('5');
    await expect(slot.getByTestId('calculator-result').getAttribute('data-state')).resolves.toBe('done');
    await context.close();
  });
});
