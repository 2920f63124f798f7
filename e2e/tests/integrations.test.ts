import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cargoStatusLabel, type CargoStatus } from '@freight/domain';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { verifyWebhookSignature } from '../../apps/api/src/modules/webhooks/signature';
import { E2E_SKIP, launchBrowser, newContext } from '../lib/browser';
import { placeOrder } from '../lib/orders';
import { signInDemo } from '../lib/session';
import { signInStaff } from '../lib/staff';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  answered: number;
}

/** A webhook receiver on loopback: answers 500 to the first delivery, 200 afterwards. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answered = received.length === 0 ? 500 : 200;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered });
      res.writeHead(answered, { 'content-type': 'text/plain; charset=utf-8' }).end(answered === 200 ? 'ok' : 'boom');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/magistral`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The operator sets `status` on `track` through the back-office API (as its status form does). */
async function setStatus(op: Page, baseUrl: string, track: string, status: string): Promise<void> {
  const response = await op.request.post(`/api/v1/back-office/cargos/${track}/status`, {
    data: { status },
    headers: { origin: baseUrl },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Issue 18 in a real browser against the built product (the stack runs with
 * WEBHOOK_ALLOW_PRIVATE_TARGETS / WEBHOOK_ALLOW_HTTP, test-only settings, and a 1-second retry base).
 */
describe.skipIf(E2E_SKIP)('integrations: notifications and webhooks', () => {
  const baseUrl = inject('baseUrl');
  const telegramUrl = inject('telegramUrl');
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the demo client links Telegram, turns SMS off for «В пути» and on for «Принят к перевозке»; the operator moves a cargo; exactly the chosen messages arrive', async () => {
    const client = await newContext(browser, baseUrl);
    const operator = await newContext(browser, baseUrl);
    const S = NOTIFICATIONS_TEXTS.settings;
    const page = await client.newPage();
    await signInDemo(page);
    const original = (await (await page.request.get('/api/v1/user/notification_settings')).json()) as {
      preferences: unknown;
    };
    const chat = { id: 770_001, username: 'demo_client' };
    const sentTo = async (text: string) => {
      const answer = (await (await fetch(`${telegramUrl}/__fake/sent`)).json()) as {
        result: { chatId: string; text: string }[];
      };
      return answer.result.filter((m) => m.chatId === String(chat.id) && m.text.includes(text));
    };
    try {
      await page.goto('/personal-account/settings');
      // Linking: the page shows a one-time /start code; the person sends it to the bot.
      await page.getByRole('button', { name: S.telegramConnect }).click();
      const command = (await page.getByTestId('telegram-code').textContent())?.trim() ?? '';
      expect(command).toMatch(/^\/start \S+$/);
      const typed = await fetch(`${telegramUrl}/__fake/text`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ chat, text: command }),
      });
      expect(typed.status).toBe(200);
      await expect
        .poll(async () => page.getByTestId('telegram-status').textContent(), { timeout: 20_000 })
        .toContain('Подключён');

      // SMS: off for «В пути», on for «Принят к перевозке»; the rest as they are.
      await page
        .getByRole('group', { name: cargoStatusLabel('in_transit') })
        .getByRole('checkbox', { name: 'SMS' })
        .uncheck();
      await page
        .getByRole('group', { name: cargoStatusLabel('accepted') })
        .getByRole('checkbox', { name: 'SMS' })
        .check();
      await page.getByRole('region', { name: S.title }).getByRole('button', { name: S.save, exact: true }).click();
      await page.getByText(S.saved).waitFor();
      const chosen = (await (await page.request.get('/api/v1/user/notification_settings')).json()) as {
        preferences: { events: Record<string, { sms: boolean; email: boolean; telegram: boolean }> };
      };
      expect(chosen.preferences.events.in_transit!.sms).toBe(false);
      expect(chosen.preferences.events.accepted!.sms).toBe(true);

      const track = await placeOrder(page, baseUrl);
      const op = await operator.newPage();
      await signInStaff(op, 'operator');
      const steps: CargoStatus[] = ['awaiting_dropoff', 'accepted', 'in_transit', 'arrived'];
      for (const status of steps) await setStatus(op, baseUrl, track, status);

      const smsFor = steps.filter((s) => chosen.preferences.events[s]!.sms);
      const telegramFor = steps.filter((s) => chosen.preferences.events[s]!.telegram);
      expect(smsFor).toContain('accepted');
      expect(smsFor).not.toContain('in_transit');
      // Telegram: one message per chosen status, each naming it.
      await expect.poll(async () => (await sentTo(track)).length, { timeout: 30_000 }).toBe(telegramFor.length);
      const telegrams = await sentTo(track);
      for (const status of telegramFor) {
        expect(telegrams.some((m) => m.text.includes(cargoStatusLabel(status)))).toBe(true);
      }
      // SMS to the client's phone: exactly the chosen statuses, none for «В пути».
      const smsBodies = async () => {
        const messages = (await (await page.request.get('/api/dev/outbox')).json()) as {
          channel: string;
          kind: string;
          to: string;
          body: string;
        }[];
        return messages.filter(
          (m) =>
            m.channel === 'sms' &&
            m.kind === 'notice:cargo_status' &&
            m.to === '+79000000001' &&
            m.body.includes(track),
        );
      };
      await expect.poll(async () => (await smsBodies()).length, { timeout: 30_000 }).toBe(smsFor.length);
      const bodies = (await smsBodies()).map((m) => m.body);
      for (const status of smsFor) expect(bodies.some((b) => b.includes(cargoStatusLabel(status)))).toBe(true);
      expect(bodies.some((b) => b.includes(cargoStatusLabel('in_transit')))).toBe(false);
      // Nothing more arrives later (no duplicates).
      await page.waitForTimeout(2_000);
      expect((await sentTo(track)).length).toBe(telegramFor.length);
      expect((await smsBodies()).length).toBe(smsFor.length);
    } finally {
      // The demo client is shared by every file: back to its settings, Telegram unlinked.
      await page.request.put('/api/v1/user/notification_settings', {
        data: original.preferences,
        headers: { origin: baseUrl },
      });
      await page.request.delete('/api/v1/user/notification_settings/telegram', { headers: { origin: baseUrl } });
      await client.close();
      await operator.close();
    }
  });

  it('a receiver on loopback gets a signed delivery, fails once, gets the retry; the account lists both answers', async () => {
    const receiver = await startReceiver();
    const client = await newContext(browser, baseUrl);
    const operator = await newContext(browser, baseUrl);
    const S = WEBHOOKS_TEXTS.screen;
    try {
      const page = await client.newPage();
      await signInDemo(page);
      await page.goto('/personal-account/integrations');
      await page.getByLabel(S.urlLabel).fill(receiver.url);
      await page.getByLabel(WEBHOOKS_TEXTS.events['cargo.status_changed'].label).check();
      await page.getByRole('button', { name: S.submit }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
      expect(secret.length).toBeGreaterThan(20);

      const track = await placeOrder(page, baseUrl);
      const op = await operator.newPage();
      await signInStaff(op, 'operator');
      await setStatus(op, baseUrl, track, 'awaiting_dropoff');

      // The first attempt is answered 500; the retry comes by itself about a second later.
      await expect.poll(() => receiver.received.length, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(2);
      const [first, second] = receiver.received;
      for (const delivery of [first!, second!]) {
        expect(delivery.headers['content-type']).toContain('application/json');
        expect(delivery.headers['x-magistral-event']).toBe('cargo.status_changed');
        const ok = verifyWebhookSignature(
          secret,
          String(delivery.headers['x-magistral-timestamp']),
          delivery.body,
          String(delivery.headers['x-magistral-signature']),
        );
        expect(ok).toBe(true);
        // A body changed on the way does not verify.
        expect(
          verifyWebhookSignature(
            secret,
            String(delivery.headers['x-magistral-timestamp']),
            delivery.body.replace(track, 'MG-0000-00000'),
            String(delivery.headers['x-magistral-signature']),
          ),
        ).toBe(false);
        const payload = JSON.parse(delivery.body) as { event: string; data: { track_number: string } };
        expect(payload).toMatchObject({ event: 'cargo.status_changed', data: { track_number: track } });
      }
      // The retry is the same event (the receiver can tell a repeat by its id).
      expect(second!.headers['x-magistral-delivery']).toBe(first!.headers['x-magistral-delivery']);
      expect([first!.answered, second!.answered]).toEqual([500, 200]);

      // The account lists the delivery with its answers.
      await page.reload();
      await page.getByRole('button', { name: S.deliveriesShow }).first().click();
      const deliveries = page.getByRole('region', { name: S.deliveriesTitle });
      await expect.poll(() => deliveries.textContent(), { timeout: 10_000 }).toContain('500');
      expect(await deliveries.textContent()).toContain('200');
    } finally {
      await client.close();
      await operator.close();
      await receiver.close();
    }
  });
});
