import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { png } from '../lib/images';

const GOOD = { name: 'Снимок экрана.png', mimeType: 'image/png', buffer: png(64, 48) };

async function visible(locator: Locator): Promise<boolean> {
  await locator.first().waitFor({ state: 'visible', timeout: 10_000 });
  return locator.first().isVisible();
}

async function openFromHeader(page: Page) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Сообщить об ошибке' }).click();
  const dialog = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
  await dialog.waitFor();
  return dialog;
}

describe.skipIf(E2E_SKIP)('bug report in a real browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('an anonymous visitor: form rules, a refused file with its tooltip, then success, and closing resets the form', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    const dialog = await openFromHeader(page);

    // Nothing filled in: the form's own messages.
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    expect(await visible(dialog.getByText('Введите сообщение'))).toBe(true);
    expect(await visible(dialog.getByText('Введите email или телефон'))).toBe(true);
    expect(await visible(dialog.getByText('Необходимо согласие с правилами оказания услуг'))).toBe(true);

    // The pre-upload check drops a GIF; the reason shows because the field was touched.
    const files = dialog.getByLabel('Снимки экрана');
    await files.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    expect(await visible(dialog.getByText('Формат файлов должен быть JPEG или PNG'))).toBe(true);
    expect(await dialog.getByRole('list', { name: 'Прикреплённые файлы' }).count()).toBe(0);

    // A good PNG and a text file dressed up as a PNG: the browser cannot tell, the server can.
    await files.setInputFiles([
      GOOD,
      { name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('это текст, а не картинка') },
    ]);
    const list = dialog.getByRole('list', { name: 'Прикреплённые файлы' });
    await expect(list.getByRole('listitem').count()).resolves.toBe(2);
    expect(await visible(list.getByText('Готов к отправке'))).toBe(true);

    await dialog.getByLabel('Сообщение').fill('Не работает кнопка «Рассчитать» на главной');
    const contact = dialog.getByLabel('Email или телефон для ответа');
    await contact.fill('очень-длинный-адрес-электронной-почты@пример-домена.рф');
    expect((await contact.inputValue()).length).toBe(50);
    await contact.fill('ivan@example.ru');
    await dialog.getByLabel(/152-ФЗ «О персональных данных»/).check();

    await dialog.getByRole('button', { name: 'Отправить' }).click();
    expect(await visible(dialog.getByRole('alert').filter({ hasText: 'Что-то пошло не так' }))).toBe(true);
    // The failed item's tooltip says why (the server's message), on hover and on focus.
    const warning = dialog.getByRole('button', { name: 'Ошибка загрузки: broken.png' });
    await warning.hover();
    const tip = dialog.getByRole('tooltip').filter({ hasText: 'Формат файлов должен быть JPEG или PNG' });
    expect(await visible(tip)).toBe(true);

    // Remove it with the keyboard and send again.
    await dialog.getByRole('button', { name: 'Удалить файл broken.png' }).focus();
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem').count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: 'Отправить' }).click();

    expect(await visible(dialog.getByText('Ваше сообщение было успешно отправлено.', { exact: true }))).toBe(true);
    expect(await visible(dialog.getByText('Спасибо за обратную связь!', { exact: true }))).toBe(true);
    await dialog.getByRole('button', { name: 'Закрыть' }).last().click();
    await dialog.waitFor({ state: 'hidden' });

    // Opening again starts from an empty form.
    await page.getByRole('banner').getByRole('button', { name: 'Сообщить об ошибке' }).click();
    const again = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
    await again.waitFor();
    await expect(again.getByLabel('Сообщение').inputValue()).resolves.toBe('');
    await expect(again.getByLabel('Email или телефон для ответа').inputValue()).resolves.toBe('');
    await expect(again.getByRole('listitem').count()).resolves.toBe(0);
    await context.close();
  });

  it('keeps at most 10 files: the 11th is dropped with its message', async () => {
    const context = await newContext(browser, baseUrl, 375);
    const page = await context.newPage();
    const dialog = await openFromHeader(page);
    const files = dialog.getByLabel('Снимки экрана');
    await files.setInputFiles(Array.from({ length: 11 }, (_, i) => ({ ...GOOD, name: `снимок-${i + 1}.png` })));
    const list = dialog.getByRole('list', { name: 'Прикреплённые файлы' });
    await expect(list.getByRole('listitem').count()).resolves.toBe(10);
    expect(await visible(dialog.getByText('Максимальное количество файлов 10'))).toBe(true);
    await context.close();
  });

  it('the error screen has the bug-report button; a report without files is sent with the placeholder', async () => {
    const context = await newContext(browser, baseUrl);
    const page = await context.newPage();
    // The browser does not expose a multipart body made of File objects, so record what the
    // page puts into its FormData.
    await page.addInitScript(() => {
      const appended: Array<{ field: string; name: string; type: string; size: number }> = [];
      (window as unknown as { __appended: typeof appended }).__appended = appended;
      const original = FormData.prototype.append;
      FormData.prototype.append = function (this: FormData, ...args: [string, string | Blob, string?]) {
        const [field, value] = args;
        if (value instanceof File) appended.push({ field, name: value.name, type: value.type, size: value.size });
        (original as (...a: unknown[]) => void).apply(this, args);
      } as typeof FormData.prototype.append;
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/duty_bug_report/')) requests.push(request.headers()['content-type'] ?? '');
    });
    await page.goto('/dev/render-error');
    const screen = page.getByTestId('error-screen');
    await screen.waitFor();
    await screen.getByRole('button', { name: 'Сообщить об ошибке' }).click();
    const dialog = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
    await dialog.waitFor();
    await dialog.getByLabel('Сообщение').fill('Страница упала с ошибкой');
    await dialog.getByLabel('Email или телефон для ответа').fill('+7 912 345-67-89');
    await dialog.getByLabel(/152-ФЗ/).check();
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    expect(await visible(dialog.getByText('Ваше сообщение было успешно отправлено.', { exact: true }))).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatch(/^multipart\/form-data; boundary=/);
    const appended = await page.evaluate(() => (window as unknown as { __appended: unknown[] }).__appended);
    expect(appended).toEqual([{ field: 'files', name: 'empty.txt', type: 'text/plain', size: 0 }]);
    await context.close();
  });
});
