import { readFileSync } from 'node:fs';
import { API_PATHS } from '@freight/contracts/paths';
import { formatRub } from '@freight/domain';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { runAxe, seriousViolations } from '../lib/axe';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { actAsPersonalProfile, signInDemo } from '../lib/session';

/*
 * Issue 16 in a real browser against the built demo: the demo client, acting for its company,
 * reads the settlement summary, picks a month and sees the same entries the API computes,
 * downloads the reconciliation act (its text checked), opens analytics and the table view of the
 * charts, takes an offer (pricing then applies it), and rates the personal manager. Figures are
 * compared with the API's answers, which the API tests prove from hand-made data.
 */

const DEMO_COMPANY = 'ООО «Демо Логистик»';

interface Profile {
  account_uuid: string;
  name: string;
  kind: string;
}

interface Review {
  opening_balance_kopecks: number;
  closing_balance_kopecks: number;
  entries: { document: string }[];
  contract: { number: string };
}

/** Debt «Задолженность N ₽», advance «Аванс N ₽», or «0 ₽», as the screen words a balance. */
function balanceText(kopecks: number): string {
  if (kopecks > 0) return `Задолженность ${formatRub(kopecks)}`;
  if (kopecks < 0) return `Аванс ${formatRub(-kopecks)}`;
  return formatRub(0);
}

/** The text of a PDF, whitespace collapsed (the extractor turns no-break spaces into spaces). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const spaces = (text: string) => text.replace(/\s+/g, ' ');

describe.skipIf(E2E_SKIP)('personal account: settlements, analytics, offers, manager', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let company: Profile;

  async function api<T>(path: string): Promise<T> {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, baseUrl);
    page = await context.newPage();
    await signInDemo(page);
    const profile = await api<{ profiles: Profile[] }>(API_PATHS.profile);
    company = profile.profiles.find((p) => p.name === DEMO_COMPANY)!;
    const switched = await page.request.post(API_PATHS.changeProfile, {
      data: { account_uuid: company.account_uuid },
      headers: { origin: baseUrl },
    });
    expect(switched.status()).toBe(200);
  });
  afterAll(async () => {
    // The other files see the demo client as it started: acting as the private person.
    if (page) await actAsPersonalProfile(page, baseUrl);
    await context?.close();
    await browser?.close();
  });

  it('finance: the summary, a month picked with the month picker, the reconciliation act as PDF', async () => {
    const summary = await api<{ total: { balance_kopecks: number; overdue_kopecks: number } }>(
      `${API_PATHS.settlementSummary}?account_uuid=${company.account_uuid}`,
    );
    const { contracts } = await api<{ contracts: { contract_uuid: string; number: string; is_default: boolean }[] }>(
      `${API_PATHS.settlementContracts}?account_uuid=${company.account_uuid}`,
    );
    expect(contracts).toHaveLength(2);
    const main = contracts.find((c) => c.is_default)!;

    await page.goto('/personal-account/finance');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Взаиморасчёты');
    await expect
      .poll(async () => spaces((await page.getByTestId('summary-balance').textContent()) ?? ''))
      .toContain(spaces(balanceText(summary.total.balance_kopecks)));
    await expect.poll(() => page.getByTestId('contract').count()).toBe(2);

    // The previous month through the month picker: the screen shows what the API computes for it.
    const now = new Date();
    const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const [year, month] = [previous.getUTCFullYear(), previous.getUTCMonth() + 1];
    const review = await api<Review>(
      `${API_PATHS.settlementReview}?contract_uuid=${main.contract_uuid}&year=${year}&month=${month}`,
    );
    await page.getByRole('button', { name: 'Предыдущий месяц' }).first().click();
    await page.waitForURL((url) => url.searchParams.get('month') === String(month));
    await expect
      .poll(async () => spaces((await page.getByTestId('opening-balance').textContent()) ?? ''))
      .toBe(spaces(balanceText(review.opening_balance_kopecks)));
    await expect(
      page
        .getByTestId('closing-balance')
        .textContent()
        .then((t) => spaces(t ?? '')),
    ).resolves.toBe(spaces(balanceText(review.closing_balance_kopecks)));
    if (review.entries.length > 0) {
      await expect.poll(() => page.getByTestId('review-table').locator('tbody tr').count()).toBe(review.entries.length);
      await expect(page.getByTestId('review-table').textContent()).resolves.toContain(review.entries[0]!.document);
    } else {
      await expect(page.getByTestId('review-empty').isVisible()).resolves.toBe(true);
    }
    // A reload keeps the month (it lives in the address).
    await page.reload();
    await expect(
      page
        .getByTestId('opening-balance')
        .textContent()
        .then((t) => spaces(t ?? '')),
    ).resolves.toBe(spaces(balanceText(review.opening_balance_kopecks)));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Акт сверки .*\.pdf$/);
    const text = await pdfText(readFileSync((await download.path())!));
    expect(text).toContain('Акт сверки взаимных расчётов');
    expect(text).toContain(main.number);
    expect(text).toContain(DEMO_COMPANY);
    expect(text).toContain('Сальдо конечное');
  });

  it('analytics: the figures of the API, charts drawn, each with a table view', async () => {
    const numbers = await api<{ current: { cargo_count: number } }>(
      `${API_PATHS.analyticsNumbers}?account_uuid=${company.account_uuid}`,
    );
    const dynamics = await api<{ months: { month: string; cargo_count: number }[] }>(
      `${API_PATHS.analyticsNumbersDynamic}?account_uuid=${company.account_uuid}`,
    );
    expect(numbers.current.cargo_count).toBeGreaterThan(0);

    await page.goto(`/personal-account/analytics?account_uuid=${company.account_uuid}`);
    await expect(page.getByTestId('kpi-cargos').locator('p').first().textContent()).resolves.toContain(
      String(numbers.current.cargo_count),
    );
    const monthly = page.getByTestId('analytics-dynamics');
    // The chart code loads on this page only, after the first paint: the chart appears.
    await monthly.locator('svg.recharts-surface').first().waitFor({ timeout: 15_000 });
    await monthly.getByRole('button', { name: 'Таблица' }).click();
    const table = monthly.getByRole('table');
    await expect(table.locator('caption').count()).resolves.toBe(1);
    await expect.poll(() => table.locator('tbody tr').count()).toBe(dynamics.months.length);
    const total = dynamics.months.reduce((sum, m) => sum + m.cargo_count, 0);
    expect(total).toBe(numbers.current.cargo_count);

    // Each breakdown has its table view too.
    for (const id of ['analytics-averages']) {
      const card = page.getByTestId(id);
      await card.getByRole('button', { name: 'Таблица' }).click();
      await expect(card.getByRole('table').count()).resolves.toBe(1);
    }
    const toggles = await page.getByRole('button', { name: 'Таблица' }).count();
    expect(toggles).toBeGreaterThanOrEqual(6);
  });

  it('offers: taking one shows its date and the discount it gives', async () => {
    await page.goto('/personal-account/offers');
    const offer = page.locator('article').filter({ hasText: 'Скидка 7\u00a0% на все перевозки до конца квартала' });
    await offer.getByRole('button', { name: 'Принять предложение' }).click();
    await offer.getByText(/^Предложение принято /).waitFor();
    const discounts = await api<{ discounts: { source: string; percent: number; applies_now: boolean }[] }>(
      API_PATHS.discounts,
    );
    expect(discounts.discounts).toContainEqual(
      expect.objectContaining({ source: 'offer', percent: 7, applies_now: true }),
    );
    // Taken once: after a reload the card still says so, with no button.
    await page.reload();
    await offer.getByText(/^Предложение принято /).waitFor();
    await expect(offer.getByRole('button', { name: 'Принять предложение' }).count()).resolves.toBe(0);
  });

  it('manager: the card and a rating once a month', async () => {
    await page.goto('/personal-account/manager');
    const card = page.getByTestId('manager-card');
    await expect(card.textContent()).resolves.toContain('Анна Кузнецова');
    await expect(card.getByRole('link', { name: '+7 (495) 123-45-70' }).getAttribute('href')).resolves.toBe(
      'tel:+74951234570',
    );
    await card.getByRole('radio', { name: '5 из 5' }).check();
    await card.getByLabel(/Комментарий/).fill('Быстро отвечает и помогает с документами');
    await card.getByRole('button', { name: 'Отправить оценку' }).click();
    await card.getByText('Спасибо! Оценка учтена').waitFor();
    // The month's rating is kept: the page shows it instead of the form.
    await page.reload();
    await page.getByTestId('manager-rated').waitFor();
    await expect(page.getByRole('button', { name: 'Отправить оценку' }).count()).resolves.toBe(0);
  });

  it('the four screens have no serious or critical accessibility violation, in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('magistral.colorScheme', t), theme);
      for (const path of [
        '/personal-account/finance',
        '/personal-account/analytics',
        '/personal-account/offers',
        '/personal-account/manager',
      ]) {
        await page.goto(path);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.waitForTimeout(400);
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(theme);
        expect(seriousViolations(await runAxe(page)), `${path} (${theme})`).toEqual([]);
      }
    }
    await page.evaluate(() => localStorage.removeItem('magistral.colorScheme'));
  });
});
