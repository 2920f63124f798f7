import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { randomUUID } from 'node:crypto';
import { CargoDetailsSchema } from '@freight/contracts';
import { RU_PRODUCTION_CALENDAR, addWorkingDays, cargoStatusLabel, toIsoDate, type CargoStatus } from '@freight/domain';
import { draftFromCargo } from '../../apps/web/src/features/order/lib/repeat-draft';
import { png } from '../lib/images';
import { signInDemo } from '../lib/session';
import { enterTotp, signInStaff } from '../lib/staff';

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}

/** A released cargo of the demo client's own profile: the model of the new order the test places. */
const MODEL_TRACK = 'MG-2600-00121';

/** The demo client places a new order through the API (as the wizard's last step does); its track number. */
async function placeOrder(page: Page, baseUrl: string): Promise<string> {
  const details = CargoDetailsSchema.parse(
    await (await page.request.get(`/api/v1/cargo/get_current_cargo?tracknumber=${MODEL_TRACK}`)).json(),
  );
  const draft = draftFromCargo(details);
  const date = addWorkingDays(toIsoDate(new Date())!, 2, RU_PRODUCTION_CALENDAR);
  const response = await page.request.post('/api/v1/requests/request_create', {
    data: {
      draft: {
        ...draft,
        time: {
          ...draft.time,
          departure: { date, timeFrom: '10:00', timeTo: '14:00', breakFrom: null, breakTo: null },
        },
        consent: true,
      },
    },
    headers: { origin: baseUrl, 'idempotency-key': randomUUID() },
  });
  const body = (await response.json()) as { track_number?: string };
  expect(response.status(), JSON.stringify(body)).toBe(201);
  return body.track_number!;
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

      // One SMS per change to the client's phone, each with the tracking link.
      await expect
        .poll(async () => {
          const messages = (await (await clientPage.request.get('/api/dev/outbox')).json()) as OutboxMessage[];
          return messages.filter((m) => m.channel === 'sms' && m.to === '+79000000001' && m.body.includes(track))
            .length;
        })
        .toBeGreaterThanOrEqual(steps.length);
      const messages = (await (await clientPage.request.get('/api/dev/outbox')).json()) as OutboxMessage[];
      const released = messages.find(
        (m) => m.channel === 'sms' && m.body.includes(track) && m.body.includes(cargoStatusLabel('released')),
      );
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
      expect(sections).toEqual(['Обзор', 'Грузы', 'Полный доступ', 'Клиенты', 'Входящие']);
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
