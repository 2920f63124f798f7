import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { cargoStatusLabel, type CargoStatus } from '@freight/domain';
import { png } from '../lib/images';
import { placeOrder } from '../lib/orders';
import { signInDemo } from '../lib/session';
import { cities } from '@freight/db';
import { createTestDatabase, type TestDatabase } from '@freight/db/testing';
import { enterTotp, signInStaff } from '../lib/staff';
import { startApi, startStack, type RunningStack } from '../lib/stack';

interface OutboxMessage {
  channel: string;
  kind: string;
  to: string;
  body: string;
}

/**
 * Issue 17 in a real browser against the built product: the carrier's staff sign in with a
 * password and a TOTP code, each role sees its sections, and every change is in the audit log.
 */
describe.skipIf(E2E_SKIP)('back-office: staff sign-in, roles, audit', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let admin: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await newContext(browser, baseUrl);
    page = await admin.newPage();
  });
  afterAll(async () => {
    await admin?.close();
    await browser?.close();
  });

  it('a client is not staff: the API answers 403 and the back-office asks for a staff sign-in', async () => {
    const client = await newContext(browser, baseUrl);
    try {
      const clientPage = await client.newPage();
      await signInDemo(clientPage);
      expect((await clientPage.request.get('/api/v1/back-office/me')).status()).toBe(403);
      await clientPage.goto('/back-office/audit');
      await clientPage.waitForURL('**/back-office/sign-in');
      await clientPage.getByRole('heading', { name: 'Вход в бэк-офис' }).waitFor();
    } finally {
      await client.close();
    }
  });

  it('the administrator signs in with the password and the code from the app', async () => {
    await page.goto('/back-office/sign-in');
    // A wrong password is refused in Russian, on the page.
    await page.getByLabel('Логин').fill('admin');
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Неверный логин или пароль').waitFor();
    await signInStaff(page, 'admin');
    await page.getByRole('heading', { name: 'Здравствуйте, Игорь Петров' }).waitFor();
    await expect(page.getByTestId('bo-staff-name').textContent()).resolves.toBe('Игорь Петров');
    const sections = await page
      .getByRole('navigation', { name: 'Разделы бэк-офиса' })
      .getByRole('link')
      .allTextContents();
    expect(sections).toEqual([
      'Обзор',
      'Грузы',
      'Полный доступ',
      'Клиенты',
      'Контент',
      'Предложения и скидки',
      'Тарифы',
      'Промокоды',
      'Входящие',
      'Сигналы безопасности',
      'Журнал действий',
      'Сотрудники',
    ]);
  });

  it('the operator moves a new order through every status to «Выдан»; the client tracks each step and gets SMS', async () => {
    const client = await newContext(browser, baseUrl);
    const operator = await newContext(browser, baseUrl);
    try {
      const clientPage = await client.newPage();
      await signInDemo(clientPage);
      const track = await placeOrder(clientPage, baseUrl);

      const op = await operator.newPage();
      await signInStaff(op, 'operator');
      await op.goto('/back-office/cargos');
      await op.getByLabel('Трек-номер, телефон или ИНН').fill(track.toLowerCase());
      await op.getByRole('button', { name: 'Найти' }).click();
      await op.getByRole('link', { name: track }).click();
      await op.waitForURL(`**/back-office/cargos/${track}`);
      await op.getByRole('heading', { name: `Груз ${track}` }).waitFor();

      // A jump the transitions forbid is not even offered.
      const choices = await op.getByLabel('Новый статус').locator('option').allTextContents();
      expect(choices).not.toContain(cargoStatusLabel('released'));

      const steps: CargoStatus[] = ['awaiting_dropoff', 'accepted', 'in_transit', 'arrived', 'released'];
      const history = op.getByRole('table', { name: 'История статусов' });
      for (const [index, status] of steps.entries()) {
        await op.getByLabel('Новый статус').selectOption({ label: cargoStatusLabel(status) });
        await op.getByLabel('Комментарий').fill(`Шаг ${index + 1}`);
        await op.getByRole('button', { name: 'Изменить статус' }).click();
        await history.getByRole('cell', { name: `Шаг ${index + 1}` }).waitFor();
        // The client's tracking page shows the step at once.
        await clientPage.goto(`/tracking/${track}`);
        await clientPage.getByText(cargoStatusLabel(status), { exact: true }).first().waitFor();
      }
      // Released: nothing further is offered.
      expect(await op.getByRole('button', { name: 'Изменить статус' }).count()).toBe(0);

      // One SMS per change whose status the client gets by SMS (their notification settings; by
      // default «Прибыл на терминал» and «Выдан» of these), each with the tracking link.
      const settings = (await (await clientPage.request.get('/api/v1/user/notification_settings')).json()) as {
        preferences: { events: Record<string, { sms: boolean }> };
      };
      const bySms = steps.filter((s) => settings.preferences.events[s]?.sms);
      expect(bySms).toContain('released');
      const smsOf = async () =>
        ((await (await clientPage.request.get('/api/dev/outbox')).json()) as OutboxMessage[]).filter(
          (m) => m.kind === 'notice:cargo_status' && m.to === '+79000000001' && m.body.includes(track),
        );
      await expect.poll(async () => (await smsOf()).length, { timeout: 20_000 }).toBe(bySms.length);
      const messages = await smsOf();
      const released = messages.find((m) => m.body.includes(cargoStatusLabel('released')));
      expect(released?.body).toContain(`/tracking/${track}`);
    } finally {
      await client.close();
      await operator.close();
    }
  });

  it('the operator approves a full-access request, looking at its documents inside the page', async () => {
    const client = await newContext(browser, baseUrl);
    const operator = await newContext(browser, baseUrl);
    try {
      const clientPage = await client.newPage();
      await signInDemo(clientPage);
      // The demo client asks for full access as a private person (their own profile: no new company
      // appears, so the other files see the demo client's profiles unchanged).
      const name = `Клиент Демо ${Date.now().toString(36)}`;
      const query = new URLSearchParams({
        type: 'individual',
        name,
        document_seria: '4510',
        document_number: '123456',
      });
      const sent = await clientPage.request.post(`/api/v1/user/request_access/request_full_access?${query}`, {
        multipart: { files: { name: 'паспорт.png', mimeType: 'image/png', buffer: png(60, 40) } },
        headers: { origin: baseUrl },
      });
      expect(sent.status(), await sent.text()).toBe(201);
      const requestId = ((await sent.json()) as { id: string }).id;

      const op = await operator.newPage();
      await signInStaff(op, 'operator');
      await op.goto('/back-office/access');
      await op.getByRole('table', { name: 'Заявки на полный доступ' }).getByRole('link', { name }).click();
      await op.waitForURL(`**/back-office/access/${requestId}`);
      // The scan is shown inside the page (served by the API for framing by our own pages only).
      const scan = op.getByRole('img', { name: 'Документ «паспорт.png»' });
      await scan.waitFor();
      await expect.poll(() => scan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);

      await op.getByRole('radio', { name: 'Отклонить' }).check();
      await op.getByRole('button', { name: 'Сохранить решение' }).click();
      await op.getByText('Укажите причину отказа', { exact: false }).first().waitFor();
      await op.getByRole('radio', { name: 'Одобрить' }).check();
      await op.getByLabel('Комментарий').fill('Паспорт проверен');
      await op.getByRole('button', { name: 'Сохранить решение' }).click();
      await op.getByText('Решение сохранено').waitFor();

      const mine = (await (await clientPage.request.get('/api/v1/user/request_access/user_requests')).json()) as {
        requests: { id: string; status: string }[];
      };
      expect(mine.requests.find((r) => r.id === requestId)?.status).toBe('approved');
      await clientPage.goto(`/personal-account/access/${requestId}`);
      await clientPage.getByText('Одобрена', { exact: true }).first().waitFor();
    } finally {
      await client.close();
      await operator.close();
    }
  });

  it('the content editor publishes a news item with an illustration; it appears on /news at once', async () => {
    const editor = await newContext(browser, baseUrl);
    try {
      const ed = await editor.newPage();
      await signInStaff(ed, 'editor');
      const sections = await ed
        .getByRole('navigation', { name: 'Разделы бэк-офиса' })
        .getByRole('link')
        .allTextContents();
      expect(sections).toEqual(['Обзор', 'Контент']);
      const title = `Новый терминал в Казани ${Date.now().toString(36)}`;
      await ed.goto('/back-office/content/news/new');
      await ed.getByLabel('Заголовок').fill(title);
      await ed.getByLabel('Краткое описание').fill('Открыли терминал класса А на 12 000 м².');
      await ed.getByLabel('Текст').fill('Терминал работает круглосуточно.\n\nПриём грузов — с 1 декабря.');
      await ed
        .getByLabel('Иллюстрация')
        .setInputFiles({ name: 'terminal.png', mimeType: 'image/png', buffer: png(80, 50) });
      const published = ed.getByLabel('Опубликовано');
      if (!(await published.isChecked())) await published.check();
      await ed.getByRole('button', { name: 'Создать новость' }).click();
      await ed.waitForURL(/\/back-office\/content\/news\/\d+$/);

      const visitor = await editor.newPage();
      await visitor.goto('/news');
      const card = visitor.locator('article').filter({ hasText: title });
      await card.getByRole('link', { name: title }).waitFor();
      const image = card.locator('img');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(80);
      await card.getByRole('link', { name: title }).click();
      await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
      await visitor.getByText('Приём грузов — с 1 декабря.').waitFor();
    } finally {
      await editor.close();
    }
  });

  it('adds an operator, who enrols the authenticator from the QR page and sees only the operator’s sections', async () => {
    const login = `op-${Date.now().toString(36)}`;
    await page.goto('/back-office/staff');
    await page.getByLabel('Логин').fill(login);
    await page.getByLabel('ФИО').fill('Пётр Новиков');
    await page.getByLabel('Роль', { exact: true }).selectOption('operator');
    await page.getByLabel('Временный пароль').fill('short');
    await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
    await page.getByText('Пароль — не короче 10 символов').waitFor();
    await page.getByLabel('Временный пароль').fill('Temporary-2026');
    await page.getByRole('button', { name: 'Добавить сотрудника' }).click();
    await page.getByText(`Сотрудник ${login} добавлен`).waitFor();
    await page.getByRole('cell', { name: 'Пётр Новиков' }).waitFor();

    const newcomer = await newContext(browser, baseUrl);
    try {
      const other = await newcomer.newPage();
      await other.goto('/back-office/sign-in');
      await other.getByLabel('Логин').fill(login);
      await other.getByLabel('Пароль').fill('Temporary-2026');
      await other.getByRole('button', { name: 'Продолжить' }).click();
      await other.getByRole('heading', { name: 'Подключите приложение-аутентификатор' }).waitFor();
      await other.getByRole('img', { name: 'QR-код для подключения приложения-аутентификатора' }).waitFor();
      const secret = (await other.getByTestId('totp-secret').textContent())!.trim();
      await enterTotp(other, secret);
      const sections = await other
        .getByRole('navigation', { name: 'Разделы бэк-офиса' })
        .getByRole('link')
        .allTextContents();
      expect(sections).toEqual(['Обзор', 'Грузы', 'Полный доступ', 'Клиенты', 'Входящие', 'Сигналы безопасности']);
      await other.goto('/back-office/staff');
      await other.getByTestId('bo-forbidden').waitFor();
      expect((await other.request.get('/api/v1/back-office/staff')).status()).toBe(403);
    } finally {
      await newcomer.close();
    }

    // The administrator sees the new account in the audit log.
    await page.goto('/back-office/audit?entity_type=staff');
    await page.getByRole('cell', { name: 'Сотрудник добавлен' }).first().waitFor();
  });
});

/**
 * Two API instances on one PostgreSQL database (as behind a balancer): the administrator raises every
 * tariff in the back-office of the first; the second instance's calculator, whose cache is warm,
 * answers the new price within a second. Needs the PostgreSQL server of TEST_DATABASE_URL (CI has it).
 */
describe.skipIf(E2E_SKIP || !process.env.TEST_DATABASE_URL)('back-office: a tariff change on two API instances', () => {
  let database: TestDatabase;
  let stack: RunningStack;
  let second: { apiUrl: string; stop(): Promise<void> };
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase({ kind: 'pg' });
    stack = await startStack({ DATABASE_URL: database.url! });
    second = await startApi({ DATABASE_URL: database.url! });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await second?.stop();
    await stack?.stop();
    await database?.close();
  });

  /** The auto price Москва → Новосибирск, 100 kg / 0.5 m³, from one instance's calculator. */
  async function autoPrice(apiUrl: string): Promise<number> {
    const response = await fetch(
      `${apiUrl}/api/v1/requests/prices_terms_calculation?city_from_fias_id=${CITY.moscow}&city_to_fias_id=${CITY.novosibirsk}&weight=100&volume=0.5`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      prices: { transportation_type: { code: string }; price_kopecks: number }[];
    };
    return body.prices.find((p) => p.transportation_type.code === 'auto')!.price_kopecks;
  }
  const CITY = { moscow: 0, novosibirsk: 0 };

  it('the second instance’s calculator shows the raised price within a second', async () => {
    const rows = await database.db.select({ id: cities.id, name: cities.name }).from(cities).orderBy(cities.id);
    CITY.moscow = rows.find((r) => r.name === 'Москва')!.id;
    CITY.novosibirsk = rows.find((r) => r.name === 'Новосибирск')!.id;

    const before = await autoPrice(second.apiUrl);
    expect(await autoPrice(second.apiUrl)).toBe(before); // warm

    const context = await newContext(browser, stack.baseUrl);
    try {
      const page = await context.newPage();
      await signInStaff(page, 'admin');
      await page.goto('/back-office/prices/tariffs');
      await page.getByLabel('Изменить все тарифы на, %').fill('10');
      await page.getByRole('button', { name: 'Показать изменение цен' }).click();
      await page.getByTestId('price-preview').waitFor();
      const [saved] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/api/v1/back-office/tariffs/bulk')),
        page.getByRole('button', { name: 'Сохранить изменение' }).click(),
      ]);
      expect(saved.status()).toBe(200);
      const savedAt = Date.now();
      await page.getByText(/Изменено тарифов: \d+/).waitFor();

      let after = before;
      while (after === before && Date.now() - savedAt < 1_000) {
        after = await autoPrice(second.apiUrl);
        if (after === before) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(after, 'the second instance still answered the old price a second after the save').toBeGreaterThan(before);
    } finally {
      await context.close();
    }
  });
});
