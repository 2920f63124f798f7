import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { actAsPersonalProfile, signInDemo } from '../lib/session';
import { png } from '../lib/images';

/*
 * Issue 15 in a real browser against the built product: the demo client sends a full-access
 * request for a new company with a PDF and a PNG, sees «На проверке»; the review command approves
 * it (through the running API, which holds the embedded database); the company appears in the
 * profile switcher; the order list filters by profile; a colleague is invited to the demo company
 * as a shipping manager, signs up, accepts, and sees the company's cargos without its invoices;
 * the cargo card downloads the receipt, the invoice and the labels (their text checked).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

const COMPANY = { inn: '7728123459', kpp: '772801001', name: 'ООО «Новый партнёр»' };
const DEMO_COMPANY = 'ООО «Демо Логистик»';

interface OutboxMessage {
  channel: string;
  to: string;
  body: string;
}
interface ProfileAnswer {
  profiles: { account_uuid: string; name: string; kind: string; is_active: boolean }[];
  active_profile: { account_uuid: string; name: string };
}
interface ListItem {
  track_number: string;
  status: string;
}

async function profileOf(page: Page): Promise<ProfileAnswer> {
  const response = await page.request.get('/api/v1/user/profile');
  expect(response.status()).toBe(200);
  return (await response.json()) as ProfileAnswer;
}

async function apiList(page: Page, query: string): Promise<ListItem[]> {
  const response = await page.request.get(`/api/v1/cargo/cargo?limit=100&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { items: ListItem[] }).items;
}

/** Track numbers of the cards shown, in order (once the list or its empty state is there). */
async function shownTracks(page: Page): Promise<string[]> {
  await page.locator('[data-testid="orders-list"], [data-testid="orders-empty"]').first().waitFor();
  await page.locator('section[aria-busy="false"]').waitFor();
  return page
    .locator('[data-testid="orders-list"] article[data-track]')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-track') ?? ''));
}

/** The newest SMS to `stored` whose text matches `pattern`, from the demo outbox. */
async function smsMatching(page: Page, stored: string, pattern: RegExp): Promise<RegExpExecArray> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await page.request.get('/api/dev/outbox');
    const messages = (await response.json()) as OutboxMessage[];
    for (const message of messages) {
      const match = message.channel === 'sms' && message.to === stored ? pattern.exec(message.body) : null;
      if (match) return match;
    }
    await page.waitForTimeout(300);
  }
  throw new Error(`no SMS to ${stored} matching ${pattern}`);
}

/** The text of a PDF, whitespace collapsed (the extractor turns no-break spaces into spaces). */
async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), pages: totalPages };
}

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText('Extract from the register of legal entities', {
    x: 50,
    y: 780,
    size: 14,
    font: await doc.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await doc.save());
}

describe.skipIf(E2E_SKIP)('personal account: profiles, full access, team, documents', () => {
  const baseUrl = inject('baseUrl');
  const apiUrl = inject('apiUrl');
  const dataDir = inject('dataDir');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let colleagueContext: BrowserContext | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await signInDemo(page);
  });
  afterAll(async () => {
    // The other files see the demo client as it started: acting as the private person.
    if (page) await actAsPersonalProfile(page, baseUrl);
    await colleagueContext?.close();
    await context?.close();
    await browser?.close();
  });

  it('sends a legal request with a PDF and a PNG; the review command approves it; the company joins the switcher', async () => {
    await page.goto('/personal-account/access');
    await page.getByLabel('ИНН', { exact: true }).fill(COMPANY.inn);
    await page.getByLabel('КПП', { exact: true }).fill(COMPANY.kpp);
    await page.getByLabel('Наименование организации или ИП').fill(COMPANY.name);
    await page.locator('input[type="file"]').setInputFiles([
      { name: 'выписка.pdf', mimeType: 'application/pdf', buffer: await samplePdf() },
      { name: 'свидетельство.png', mimeType: 'image/png', buffer: png(40, 30) },
    ]);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    const item = page.locator('article, li').filter({ hasText: COMPANY.name }).first();
    await item.getByText('На проверке', { exact: true }).waitFor();

    const requests = (await (await page.request.get('/api/v1/user/request_access/user_requests')).json()) as {
      requests: { id: string; name: string; status: string; files: { name: string }[] }[];
    };
    const request = requests.requests.find((r) => r.name === COMPANY.name)!;
    expect(request.status).toBe('pending');
    expect(request.files.map((f) => f.name).sort()).toEqual(['выписка.pdf', 'свидетельство.png']);

    // The operator's command, as documented, while the product runs on the embedded database.
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'apps/api/src/cli/access-review.ts', request.id, 'approve'],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, API_PORT: new URL(apiUrl).port, NODE_ENV: 'development' },
      },
    );
    expect(stdout).toContain(`Заявка ${request.id}: Одобрена`);

    await page.reload();
    await page.locator('article, li').filter({ hasText: COMPANY.name }).first().getByText('Одобрена').waitFor();
    const switcher = page.getByTestId('profile-switcher');
    const options = await switcher.locator('option').allTextContents();
    expect(options).toEqual(['Демо Клиент', `${DEMO_COMPANY}, ИНН 7709123453`, `${COMPANY.name}, ИНН ${COMPANY.inn}`]);

    const company = (await profileOf(page)).profiles.find((p) => p.name === COMPANY.name)!;
    await switcher.selectOption(company.account_uuid);
    await expect.poll(async () => (await profileOf(page)).active_profile.account_uuid).toBe(company.account_uuid);
    await page.goto('/personal-account');
    await expect(page.getByTestId('active-profile').textContent()).resolves.toContain(COMPANY.name);
  });

  it('the order list shows the active profile, and filters by another one or all of them', async () => {
    // The new company has no orders yet.
    await page.goto('/personal-account/orders');
    await expect.poll(() => shownTracks(page)).toEqual([]);
    const demo = (await profileOf(page)).profiles.find((p) => p.name === DEMO_COMPANY)!;
    const expected = (await apiList(page, `owner_id_profile=${demo.account_uuid}`)).map((i) => i.track_number);
    expect(expected.length).toBeGreaterThan(0);

    const filter = page.locator('#orders-filter-form').getByLabel('Профиль');
    if (!(await filter.isVisible())) await page.getByRole('button', { name: 'Показать фильтры' }).click();
    await filter.selectOption({ label: DEMO_COMPANY });
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('owner_id_profile') === demo.account_uuid),
      page.getByRole('button', { name: 'Применить' }).click(),
    ]);
    // The URL changes first; the list follows once the new page of cargos is fetched.
    await expect.poll(() => shownTracks(page)).toEqual(expected.slice(0, 20));

    await filter.selectOption({ label: 'Все профили' });
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('owner_id_profile') === 'all'),
      page.getByRole('button', { name: 'Применить' }).click(),
    ]);
    const all = (await apiList(page, 'all_profiles=true')).map((i) => i.track_number);
    expect(all.length).toBeGreaterThan(expected.length);
    await expect.poll(() => shownTracks(page)).toEqual(all.slice(0, 20));
  });

  it('the cargo card downloads the receipt, the invoice and the labels of a company cargo', async () => {
    const demo = (await profileOf(page)).profiles.find((p) => p.name === DEMO_COMPANY)!;
    const [released] = await apiList(page, `owner_id_profile=${demo.account_uuid}&cargo_statuses=released`);
    await page.goto(`/personal-account/orders/${released!.track_number}`);
    await expect(page.getByTestId('cargo-profile').textContent()).resolves.toBe(DEMO_COMPANY);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Скачать: Экспедиторская расписка (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Экспедиторская расписка ${released!.track_number}.pdf`);
    const receipt = await pdfText(readFileSync((await download.path())!));
    expect(receipt.text).toContain(`Экспедиторская расписка № ${released!.track_number}`);
    expect(receipt.text).toContain(DEMO_COMPANY);

    const invoiceLink = page.getByRole('link', { name: 'Скачать: Счёт на оплату (PDF)' });
    const invoiceResponse = await page.request.get((await invoiceLink.getAttribute('href'))!);
    expect(invoiceResponse.status()).toBe(200);
    const invoice = await pdfText(await invoiceResponse.body());
    expect(invoice.text).toContain(`Счёт на оплату № ${released!.track_number}`);
    expect(invoice.text).toContain('ИНН 7709123453');
    expect(invoice.text).toMatch(/рубл(ь|я|ей) \d\d копе(йка|йки|ек)/);

    const labelsLink = page.getByRole('link', { name: 'Скачать: Маркировка мест (PDF)' });
    const labels = await pdfText(await (await page.request.get((await labelsLink.getAttribute('href'))!)).body());
    const card = (await (
      await page.request.get(`/api/v1/cargo/get_current_cargo?tracknumber=${released!.track_number}`)
    ).json()) as { cargo: { quantity: number } };
    expect(labels.pages).toBe(card.cargo.quantity);
    expect(labels.text).toContain(`Место 1 из ${card.cargo.quantity}`);
  });

  it('invites a colleague as a shipping manager: they sign up, accept, see the company’s cargos but no invoices', async () => {
    const profile = await profileOf(page);
    const demo = profile.profiles.find((p) => p.name === DEMO_COMPANY)!;
    await page.getByTestId('profile-switcher').selectOption(demo.account_uuid);
    await expect.poll(async () => (await profileOf(page)).active_profile.account_uuid).toBe(demo.account_uuid);

    const tail = String(Date.now()).slice(-7);
    const phone = { typed: `8 913 ${tail}`, stored: `+7913${tail}` };
    await page.goto('/personal-account/team');
    await page.getByLabel('Телефон или email').fill(phone.typed);
    await page.getByLabel('Роль', { exact: true }).selectOption({ label: 'Менеджер по отправкам' });
    await page.getByRole('button', { name: 'Отправить приглашение' }).click();
    await page.getByText(/^Приглашение отправлено: /).waitFor();
    const [link] = await smsMatching(page, phone.stored, /https?:\/\/\S+\/personal-account\/invitation\?token=[\w-]+/);

    // The colleague opens the link in their own browser, has no account yet: sign-in, then sign-up,
    // and back to the invitation.
    colleagueContext = await newContext(browser, baseUrl);
    const colleague = await colleagueContext.newPage();
    const invitationPath = new URL(link).pathname + new URL(link).search;
    await colleague.goto(invitationPath);
    await colleague.waitForURL(
      (url) => url.pathname === '/auth/sign-in' && url.searchParams.get('next') === invitationPath,
    );
    await colleague.getByRole('link', { name: 'Зарегистрироваться' }).click();
    await colleague.waitForURL(
      (url) => url.pathname === '/auth/sign-up' && url.searchParams.get('next') === invitationPath,
    );
    await colleague.getByLabel('Телефон').pressSequentially(phone.typed);
    await colleague.getByRole('button', { name: 'Получить код' }).click();
    await colleague.getByLabel('Код из SMS').waitFor();
    const [, code] = await smsMatching(page, phone.stored, /\b(\d{6})\b/);
    await colleague.getByLabel('Код из SMS').fill(code!);
    await colleague.getByRole('button', { name: 'Подтвердить' }).click();
    await colleague.getByLabel('Имя').fill('Олег Менеджеров');
    await colleague.getByLabel('Пароль', { exact: true }).fill('Перевозка2026');
    await colleague.getByRole('checkbox').check();
    await colleague.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await colleague.waitForURL((url) => url.pathname + url.search === invitationPath);
    await colleague.getByRole('button', { name: 'Принять приглашение' }).click();
    await colleague.getByText(`Вы в команде «${DEMO_COMPANY}»`).waitFor();

    // Acting for the company now: its orders, its documents for shipping, nothing about money.
    const colleagueProfile = (await (await colleague.request.get('/api/v1/user/profile')).json()) as {
      active_profile: { name: string; role: string; permissions: string[] };
    };
    expect(colleagueProfile.active_profile).toMatchObject({ name: DEMO_COMPANY, role: 'shipping_manager' });
    expect(colleagueProfile.active_profile.permissions).not.toContain('settlements.view');
    expect(colleagueProfile.active_profile.permissions).not.toContain('documents.finance');

    await colleague.goto('/personal-account/orders');
    const expected = (await apiList(page, `owner_id_profile=${demo.account_uuid}`)).map((i) => i.track_number);
    expect(await shownTracks(colleague)).toEqual(expected.slice(0, 20));

    const [released] = await apiList(colleague, 'cargo_statuses=released');
    await colleague.goto(`/personal-account/orders/${released!.track_number}`);
    await colleague.getByRole('link', { name: 'Скачать: Экспедиторская расписка (PDF)' }).waitFor();
    expect(await colleague.getByRole('link', { name: 'Скачать: Счёт на оплату (PDF)' }).count()).toBe(0);
    await colleague.getByText('Счета и акты по заказам компании видят бухгалтер, администратор и владелец').waitFor();
    const invoice = await colleague.request.get(
      `/api/v1/cargo_lk/documents/invoice?tracknumber=${released!.track_number}`,
    );
    expect(invoice.status()).toBe(403);

    // The team's list and invitations are for the owner and administrators only.
    await colleague.goto('/personal-account/team');
    await colleague.getByText('Список сотрудников и приглашения видят владелец и администраторы компании').waitFor();
    expect(await colleague.getByRole('button', { name: 'Отправить приглашение' }).count()).toBe(0);
  });
});
