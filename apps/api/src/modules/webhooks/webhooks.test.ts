import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  API_PATHS,
  CreatedWebhookSchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookListSchema,
  type WebhookDelivery,
} from '@freight/contracts';
import {
  attachLegalProfile,
  cargoStatusHistory,
  cargos,
  clientProfiles,
  contracts,
  profileMembers,
  webhookDeliveries,
  webhookEndpoints,
} from '@freight/db';
import {
  MESSAGES,
  RU_PRODUCTION_CALENDAR,
  WEBHOOK_HEADERS,
  addWorkingDays,
  cargoStatusLabel,
  toIsoDate,
  type CargoStatus,
} from '@freight/domain';
import { loadConfig } from '../../config/env';
import { loggerOptions } from '../../logger';
import { createTestContext, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { signUp } from '../auth/identity-test-kit';
import { createOrder, loadNetwork, validDraft } from '../orders/orders-test-kit';
import { postWebhook } from './post-webhook';
import { computeSignature, deliveryHeaders, verifyWebhookSignature } from './signature';
import { isPublicAddress } from './url-guard';
import { WEBHOOK_QUEUES, type CargoStatusJob } from './webhooks.delivery';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };
const W = WEBHOOKS_TEXTS;
const QUEUES = Object.values(WEBHOOK_QUEUES);
const TEST_KEY = 'test-webhook-secret-key-0123456789abcdef';
/** Stands for an address of 2 023 characters in the table below (the test name stays short). */
const LONG_URL = 'https://93.184.215.14/aaa…(2 000 characters)';

// --- A real receiver on loopback -----------------------------------------------------------------

interface Received {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Answer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (a receiver that hangs). */
  hang?: boolean;
}

async function startReceiver() {
  const received: Received[] = [];
  const plan: Answer[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = plan.shift() ?? { status: 200, body: '{"ok":true}' };
      if (answer.hang) return;
      res.writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    received,
    plan,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('webhooks (issue 18)', () => {
  // The permissive context: the receiver is on loopback over http (the test-only settings), retries 1 s apart.
  let ctx: TestContext;
  // As in production: https only, no internal addresses.
  let strict: TestContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let operator: TestStaff;
  let date: string;
  const logs: string[] = [];
  /** Every signing secret the API handed out; none may reach the log. */
  const secrets: string[] = [];

  type Client = Awaited<ReturnType<typeof signUp>> & { accountUuid: string };

  function call(
    c: TestContext,
    who: Client | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) {
    return c.app.inject({
      method,
      url,
      // Each client from its own address: per-IP limits of one case never touch another.
      ...(who ? { remoteAddress: who.visitor.ip } : {}),
      headers: {
        'user-agent': 'vitest',
        ...(who?.visitor.cookie ? { cookie: who.visitor.cookie } : {}),
        ...(method === 'GET' ? {} : { origin: c.config.allowedOrigins[0]! }),
      },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
  }
  const errorOf = (res: LightMyRequestResponse) => res.json() as ErrorJson;

  async function client(c: TestContext, name: string): Promise<Client> {
    const signed = await signUp(c, { name });
    const profile = await signed.visitor.get(API_PATHS.profile);
    expect(profile.statusCode, profile.body).toBe(200);
    return {
      ...signed,
      accountUuid: (profile.json() as { active_profile: { account_uuid: string } }).active_profile.account_uuid,
    };
  }

  async function addEndpoint(who: Client, url: string, events: string[], c = ctx) {
    const res = await call(c, who, 'POST', API_PATHS.webhooks, { account_uuid: who.accountUuid, url, events });
    expect(res.statusCode, res.body).toBe(201);
    const created = CreatedWebhookSchema.parse(res.json());
    secrets.push(created.secret);
    return created;
  }

  async function deliveriesOf(who: Client, endpointId: string, page = 1) {
    const res = await call(ctx, who, 'GET', `${API_PATHS.webhookDeliveries}?endpoint_id=${endpointId}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    return WebhookDeliveryPageSchema.parse(res.json());
  }

  async function orderAs(who: Client): Promise<string> {
    const net = await loadNetwork(ctx.database.db);
    const res = await createOrder(who.visitor, validDraft(net, date));
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { track_number: string }).track_number;
  }

  async function setStatus(track: string, status: CargoStatus) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/back-office/cargos/${track}/status`,
      headers: operator.headers,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const drain = () => ctx.app.jobs.drain(QUEUES);

  /** Runs due jobs until `done()` holds (the retry's start has come), at most `ms`. */
  async function drainUntil(done: () => boolean, ms = 8_000) {
    const until = Date.now() + ms;
    while (!done()) {
      if (Date.now() > until) throw new Error('timed out waiting for webhook jobs');
      await sleep(200);
      await drain();
    }
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    const logStream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    ctx = await createTestContext(
      {
        WEBHOOK_SECRET_KEY: TEST_KEY,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: '1',
        WEBHOOK_ALLOW_HTTP: '1',
        WEBHOOK_RETRY_BASE_SECONDS: '1',
        LOG_LEVEL: 'debug',
      },
      { logger: loggerOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'debug' }), logStream) },
    );
    strict = await createTestContext({ WEBHOOK_SECRET_KEY: TEST_KEY });
    operator = await staffSession(ctx, 'operator');
    date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  });
  afterAll(async () => {
    await receiver?.close();
    await ctx?.close();
    await strict?.close();
  });

  describe('the address', () => {
    it.each([
      ['http://example.ru/hook', W.urlNotHttps],
      ['ftp://example.ru/hook', W.urlNotHttps],
      ['https://user:pass@93.184.215.14/hook', W.urlCredentials],
      ['не адрес', W.urlInvalid],
      ['', W.urlRequired],
      [LONG_URL, W.urlTooLong],
      ['https://localhost/hook', W.urlPrivate],
      ['https://127.0.0.1/hook', W.urlPrivate],
      ['https://2130706433/hook', W.urlPrivate],
      ['https://10.1.2.3/hook', W.urlPrivate],
      ['https://172.16.0.1/hook', W.urlPrivate],
      ['https://192.168.1.1/hook', W.urlPrivate],
      ['https://169.254.169.254/latest/meta-data', W.urlPrivate],
      ['https://100.64.0.1/hook', W.urlPrivate],
      ['https://224.0.0.1/hook', W.urlPrivate],
      ['https://0.0.0.0/hook', W.urlPrivate],
      ['https://[::1]/hook', W.urlPrivate],
      ['https://[fd12:3456::1]/hook', W.urlPrivate],
      ['https://[fe80::1]/hook', W.urlPrivate],
      ['https://[::ffff:127.0.0.1]/hook', W.urlPrivate],
      ['https://[::ffff:a00:1]/hook', W.urlPrivate],
    ])('%s → 400 «%s» (production settings)', async (shown, message) => {
      const url = shown === LONG_URL ? `https://93.184.215.14/${'a'.repeat(2000)}` : shown;
      const who = await client(strict, 'Строгий');
      const res = await call(strict, who, 'POST', API_PATHS.webhooks, {
        account_uuid: who.accountUuid,
        url,
        events: ['cargo.status_changed'],
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).error.fields?.url).toBe(message);
      expect(await strict.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.url, url))).toEqual([]);
    });

    it('a public https address is taken, normalised; events are required and known', async () => {
      const who = await client(strict, 'Публичный');
      const created = await addEndpoint(
        who,
        'https://93.184.215.14:8443/Hook?x=1#frag',
        ['invoice.issued', 'cargo.status_changed', 'invoice.issued'],
        strict,
      );
      expect(created.endpoint.url).toBe('https://93.184.215.14:8443/Hook?x=1');
      expect(created.endpoint.events).toEqual(['cargo.status_changed', 'invoice.issued']);
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

      const none = await call(strict, who, 'POST', API_PATHS.webhooks, {
        account_uuid: who.accountUuid,
        url: 'https://93.184.215.14/',
        events: [],
      });
      expect(none.statusCode).toBe(400);
      expect(errorOf(none).error.fields?.events).toBe(W.eventsRequired);
      const unknown = await call(strict, who, 'POST', API_PATHS.webhooks, {
        account_uuid: who.accountUuid,
        url: 'https://93.184.215.14/',
        events: ['cargo.stolen'],
      });
      expect(unknown.statusCode).toBe(400);
    });

    it('the test-only settings allow loopback over http; production refuses them at start', async () => {
      const who = await client(ctx, 'Тестовый');
      const created = await addEndpoint(who, receiver.url('/allowed'), ['cargo.status_changed']);
      expect(created.endpoint.url).toBe(receiver.url('/allowed'));
      for (const key of ['WEBHOOK_ALLOW_PRIVATE_TARGETS', 'WEBHOOK_ALLOW_HTTP']) {
        expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'x'.repeat(32), [key]: '1' })).toThrow(key);
      }
    });

    it('the secret is shown once and kept encrypted', async () => {
      const who = await client(ctx, 'Секретный');
      const created = await addEndpoint(who, receiver.url('/secret'), ['cargo.delivered']);
      const [row] = await ctx.database.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.endpoint.id));
      expect(row!.secretEncrypted).toMatch(/^v1\./);
      expect(row!.secretEncrypted).not.toContain(created.secret);
      expect(row!.secretEncrypted).not.toContain(created.secret.slice(6));
      const list = await call(ctx, who, 'GET', `${API_PATHS.webhooks}?account_uuid=${who.accountUuid}`);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(created.secret);
      expect(WebhookListSchema.parse(list.json()).endpoints.map((e) => e.id)).toEqual([created.endpoint.id]);
    });
  });

  describe('deliveries', () => {
    let owner: Client;
    let endpointId: string;
    let secret: string;
    let track: string;

    beforeAll(async () => {
      owner = await client(ctx, 'Ольга Вебхукова');
      const created = await addEndpoint(owner, receiver.url('/hook'), ['cargo.status_changed', 'cargo.delivered']);
      endpointId = created.endpoint.id;
      secret = created.secret;
      track = await orderAs(owner);
    });

    it('a status change reaches the receiver signed; a 500 is retried on schedule and the list shows both answers', async () => {
      receiver.received.length = 0;
      receiver.plan.push({ status: 500, body: 'внутренняя ошибка' });
      await setStatus(track, 'awaiting_dropoff');
      await drain();

      expect(receiver.received).toHaveLength(1);
      const first = receiver.received[0]!;
      const timestamp = first.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string;
      const signature = first.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string;
      expect(first.url).toBe('/hook');
      expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(first.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('cargo.status_changed');
      expect(signature).toBe(`v1=${computeSignature(secret, timestamp, first.body)}`);
      expect(verifyWebhookSignature(secret, timestamp, first.body, signature)).toBe(true);
      // A changed body, another secret or an old timestamp fail.
      expect(
        verifyWebhookSignature(secret, timestamp, first.body.replace('awaiting_dropoff', 'released'), signature),
      ).toBe(false);
      expect(verifyWebhookSignature(secret, timestamp, `${first.body} `, signature)).toBe(false);
      expect(verifyWebhookSignature(`${secret}x`, timestamp, first.body, signature)).toBe(false);
      expect(
        verifyWebhookSignature(secret, timestamp, first.body, signature, 300, (Number(timestamp) + 301) * 1000),
      ).toBe(false);
      expect(verifyWebhookSignature(secret, String(Number(timestamp) + 1), first.body, signature)).toBe(false);

      const payload = JSON.parse(first.body) as {
        id: string;
        event: string;
        created_at: string;
        data: Record<string, unknown>;
      };
      expect(first.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]).toBe(payload.id);
      expect(payload.event).toBe('cargo.status_changed');
      expect(payload.data).toMatchObject({
        track_number: track,
        status: 'awaiting_dropoff',
        status_label: cargoStatusLabel('awaiting_dropoff'),
        previous_status: 'created',
        previous_status_label: 'Заявка оформлена',
        office: null,
      });
      // Nothing personal: no participant's name or phone.
      expect(first.body).not.toMatch(/Иван Петров|Анна Смирнова|\+7/);

      let page = await deliveriesOf(owner, endpointId);
      expect(page.total).toBe(1);
      const pending = page.deliveries[0]!;
      expect(pending).toMatchObject({
        status: 'pending',
        status_label: W.deliveryStatus.pending,
        attempt_count: 1,
        last_status_code: 500,
        last_response: 'внутренняя ошибка',
        last_error: W.attemptError.httpStatus(500),
        event_id: payload.id,
        can_retry: true,
      });
      // The first retry one base (1 s here) after the failed attempt.
      const due = Date.parse(pending.next_attempt_at!) - Date.parse(pending.attempts[0]!.at);
      expect(due).toBeGreaterThanOrEqual(1_000);
      expect(due).toBeLessThan(3_000);

      await drainUntil(() => receiver.received.length >= 2);
      const second = receiver.received[1]!;
      expect(second.headers[WEBHOOK_HEADERS.delivery.toLowerCase()]).toBe(payload.id);
      expect(
        verifyWebhookSignature(
          secret,
          second.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()] as string,
          second.body,
          second.headers[WEBHOOK_HEADERS.signature.toLowerCase()] as string,
        ),
      ).toBe(true);

      page = await deliveriesOf(owner, endpointId);
      const done = page.deliveries[0]!;
      expect(done).toMatchObject({
        status: 'succeeded',
        status_label: W.deliveryStatus.succeeded,
        attempt_count: 2,
        last_status_code: 200,
        last_response: '{"ok":true}',
        last_error: null,
        next_attempt_at: null,
        can_retry: false,
      });
      expect(done.delivered_at).not.toBeNull();
      expect(done.attempts.map((a) => [a.number, a.status_code, a.response, a.manual])).toEqual([
        [2, 200, '{"ok":true}', false],
        [1, 500, 'внутренняя ошибка', false],
      ]);
      // Nothing more is due: the retry job found the delivery done.
      await sleep(1_200);
      await drain();
      expect(receiver.received).toHaveLength(2);
    });

    it('«Повторить» sends a failed delivery again at once, and refuses a delivered one', async () => {
      receiver.received.length = 0;
      receiver.plan.push({ status: 503, body: 'занято' });
      await setStatus(track, 'accepted');
      await drain();
      expect(receiver.received).toHaveLength(1);
      const [latest, delivered] = (await deliveriesOf(owner, endpointId)).deliveries;
      expect(latest).toMatchObject({ status: 'pending', last_status_code: 503 });

      const retried = await call(ctx, owner, 'POST', API_PATHS.webhookRetry, { id: latest!.id });
      expect(retried.statusCode, retried.body).toBe(202);
      expect(WebhookDeliverySchema.parse(retried.json()).status).toBe('pending');
      await drain();
      expect(receiver.received).toHaveLength(2);
      const after = (await deliveriesOf(owner, endpointId)).deliveries[0]!;
      expect(after.status).toBe('succeeded');
      expect(after.attempts.map((a) => [a.number, a.status_code, a.manual])).toEqual([
        [2, 200, true],
        [1, 503, false],
      ]);
      // The scheduled retry of the first failure finds it delivered and sends nothing.
      await sleep(1_200);
      await drain();
      expect(receiver.received).toHaveLength(2);

      const again = await call(ctx, owner, 'POST', API_PATHS.webhookRetry, { id: delivered!.id });
      expect(again.statusCode).toBe(409);
      expect(errorOf(again).error.message).toBe(W.alreadyDelivered);
    });

    it('retries stop 24 h after the first attempt: the delivery is «Не доставлено», and «Повторить» still works', async () => {
      receiver.received.length = 0;
      receiver.plan.push({ status: 500, body: 'раз' });
      await setStatus(track, 'in_transit');
      await drain();
      let delivery = (await deliveriesOf(owner, endpointId)).deliveries[0]!;
      expect(delivery.status).toBe('pending');
      // A day has passed since the first attempt.
      await ctx.database.db
        .update(webhookDeliveries)
        .set({ firstAttemptAt: new Date(Date.now() - 24 * 3_600_000) })
        .where(eq(webhookDeliveries.id, delivery.id));
      receiver.plan.push({ status: 502, body: 'два' });
      await drainUntil(() => receiver.received.length >= 2);
      delivery = (await deliveriesOf(owner, endpointId)).deliveries[0]!;
      expect(delivery).toMatchObject({
        status: 'failed',
        status_label: W.deliveryStatus.failed,
        attempt_count: 2,
        last_status_code: 502,
        next_attempt_at: null,
        can_retry: true,
      });
      await sleep(1_200);
      await drain();
      expect(receiver.received).toHaveLength(2);

      const retried = await call(ctx, owner, 'POST', API_PATHS.webhookRetry, { id: delivery.id });
      expect(retried.statusCode, retried.body).toBe(202);
      await drain();
      delivery = (await deliveriesOf(owner, endpointId)).deliveries[0]!;
      expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 3 });
    });

    it('the release raises «cargo.status_changed» and «cargo.delivered», each with its own event id', async () => {
      receiver.received.length = 0;
      await setStatus(track, 'arrived');
      await setStatus(track, 'released');
      await drain();
      const events = receiver.received.map(
        (r) => JSON.parse(r.body) as { id: string; event: string; data: { status: string } },
      );
      // Deliveries of one status change go in any order.
      expect(events.map((e) => `${e.event} ${e.data.status}`).sort()).toEqual([
        'cargo.delivered released',
        'cargo.status_changed arrived',
        'cargo.status_changed released',
      ]);
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
      expect((await deliveriesOf(owner, endpointId)).total).toBe(6);

      // The same event once more (a job pg-boss runs again after a failure): no second delivery, nothing sent.
      const [cargo] = await ctx.database.db.select().from(cargos).where(eq(cargos.trackNumber, track));
      const [history] = await ctx.database.db
        .select()
        .from(cargoStatusHistory)
        .where(eq(cargoStatusHistory.cargoId, cargo!.id))
        .orderBy(desc(cargoStatusHistory.id))
        .limit(1);
      await ctx.app.jobs.send(WEBHOOK_QUEUES.cargoStatus, {
        cargoId: cargo!.id,
        trackNumber: track,
        historyId: history!.id,
        from: 'arrived',
        to: 'released',
        at: history!.at.toISOString(),
        officeId: null,
      } satisfies CargoStatusJob);
      expect(await drain()).toBe(1);
      expect((await deliveriesOf(owner, endpointId)).total).toBe(6);
      expect(receiver.received).toHaveLength(3);
    });

    it('the test event goes to one address; a switched-off address gets nothing and cannot be pinged', async () => {
      receiver.received.length = 0;
      const ping = await call(ctx, owner, 'POST', API_PATHS.webhookPing, { id: endpointId });
      expect(ping.statusCode, ping.body).toBe(202);
      await drain();
      expect(receiver.received).toHaveLength(1);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ event: 'ping', data: { message: W.pingMessage } });

      const off = await call(ctx, owner, 'PATCH', `${API_PATHS.webhookEndpoint}?id=${endpointId}`, {
        is_active: false,
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(WebhookEndpointSchema.parse(off.json())).toMatchObject({ is_active: false });
      expect(off.json()).toHaveProperty('disabled_at');
      const refused = await call(ctx, owner, 'POST', API_PATHS.webhookPing, { id: endpointId });
      expect(refused.statusCode).toBe(409);

      const other = await orderAs(owner);
      await setStatus(other, 'awaiting_dropoff');
      await drain();
      expect(receiver.received).toHaveLength(1);

      const on = await call(ctx, owner, 'PATCH', `${API_PATHS.webhookEndpoint}?id=${endpointId}`, {
        is_active: true,
        events: ['cargo.delivered'],
      });
      expect(WebhookEndpointSchema.parse(on.json())).toMatchObject({
        is_active: true,
        disabled_at: null,
        events: ['cargo.delivered'],
      });
      // Not subscribed to status changes any more.
      await setStatus(other, 'accepted');
      await drain();
      expect(receiver.received).toHaveLength(1);
      const empty = await call(ctx, owner, 'PATCH', `${API_PATHS.webhookEndpoint}?id=${endpointId}`, {});
      expect(empty.statusCode).toBe(400);
    });

    it('an invoice: the УПД of the cargo’s charges, when its contract books them', async () => {
      const accountant = await client(ctx, 'Бухгалтер Вебхуков');
      const hook = await addEndpoint(accountant, receiver.url('/invoices'), ['invoice.issued']);
      const cargoTrack = await orderAs(accountant);
      const [profile] = await ctx.database.db
        .select({ id: clientProfiles.id })
        .from(clientProfiles)
        .where(eq(clientProfiles.accountUuid, accountant.accountUuid));
      const [contract] = await ctx.database.db
        .insert(contracts)
        .values({
          profileId: profile!.id,
          number: 'Д-17/2026',
          signedOn: '2026-01-10',
          kind: 'prepayment',
          validFrom: '2026-01-01',
          isDefault: true,
        })
        .returning({ id: contracts.id });
      const [cargo] = await ctx.database.db
        .update(cargos)
        .set({ contractId: contract!.id })
        .where(eq(cargos.trackNumber, cargoTrack))
        .returning({ price: cargos.priceKopecks });
      receiver.received.length = 0;
      await setStatus(cargoTrack, 'awaiting_dropoff');
      await setStatus(cargoTrack, 'accepted');
      await drain();
      const invoices = receiver.received.filter((r) => r.url === '/invoices');
      expect(invoices).toHaveLength(1);
      const body = JSON.parse(invoices[0]!.body) as { event: string; data: Record<string, unknown> };
      expect(body.event).toBe('invoice.issued');
      expect(body.data).toMatchObject({
        track_number: cargoTrack,
        document_number: MESSAGES.settlements.chargeDocument(cargoTrack),
        contract_number: 'Д-17/2026',
        amount_kopecks: cargo!.price,
      });
      expect(body.data.document_date).toBe(toIsoDate(new Date()));
      expect((await deliveriesOf(accountant, hook.endpoint.id)).deliveries[0]).toMatchObject({
        event: 'invoice.issued',
        event_label: W.events['invoice.issued'].label,
        status: 'succeeded',
      });
    });
  });

  describe('who may', () => {
    let owner: Client;
    let endpointId: string;
    let deliveryId: string;

    beforeAll(async () => {
      owner = await client(ctx, 'Владелец Адреса');
      endpointId = (await addEndpoint(owner, receiver.url('/own'), ['cargo.status_changed'])).endpoint.id;
      const ping = await call(ctx, owner, 'POST', API_PATHS.webhookPing, { id: endpointId });
      deliveryId = (ping.json() as WebhookDelivery).id;
      await drain();
    });

    it('someone else’s address and delivery are 404, as if they did not exist', async () => {
      const stranger = await client(ctx, 'Чужой');
      const calls: [number, LightMyRequestResponse][] = [
        [404, await call(ctx, stranger, 'GET', `${API_PATHS.webhooks}?account_uuid=${owner.accountUuid}`)],
        [404, await call(ctx, stranger, 'GET', `${API_PATHS.webhookDeliveries}?endpoint_id=${endpointId}`)],
        [
          404,
          await call(ctx, stranger, 'PATCH', `${API_PATHS.webhookEndpoint}?id=${endpointId}`, { is_active: false }),
        ],
        [404, await call(ctx, stranger, 'DELETE', `${API_PATHS.webhookEndpoint}?id=${endpointId}`)],
        [404, await call(ctx, stranger, 'POST', API_PATHS.webhookPing, { id: endpointId })],
        [404, await call(ctx, stranger, 'POST', API_PATHS.webhookRetry, { id: deliveryId })],
        [404, await call(ctx, stranger, 'POST', API_PATHS.webhookRetry, { id: 'not-a-uuid' })],
        [
          404,
          await call(ctx, stranger, 'POST', API_PATHS.webhooks, {
            account_uuid: owner.accountUuid,
            url: receiver.url('/x'),
            events: ['cargo.delivered'],
          }),
        ],
        [401, await call(ctx, null, 'GET', `${API_PATHS.webhooks}?account_uuid=${owner.accountUuid}`)],
      ];
      for (const [status, res] of calls) expect(res.statusCode, res.body).toBe(status);
      expect(errorOf(calls[1]![1]).error.message).toBe(W.endpointNotFound);
      expect(errorOf(calls[5]![1]).error.message).toBe(W.deliveryNotFound);
      // Untouched.
      const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
      expect(row!.isActive).toBe(true);
    });

    it('a member without integrations.manage gets 403; the owner deletes the address with its deliveries', async () => {
      const company = await client(ctx, 'Директор');
      const manager = await client(ctx, 'Менеджер по отправкам');
      const { profileId } = await attachLegalProfile(
        ctx.database.db,
        { name: 'ООО «Вебхук»', inn: String(7_700_000_000 + (process.pid % 1000) * 11 + 5), kpp: '770101001' },
        company.user.id,
      );
      await ctx.database.db
        .insert(profileMembers)
        .values({ profileId, userId: manager.user.id, role: 'shipping_manager' });
      const [profile] = await ctx.database.db
        .select({ uuid: clientProfiles.accountUuid })
        .from(clientProfiles)
        .where(eq(clientProfiles.id, profileId));
      const asCompany = { ...company, accountUuid: profile!.uuid };
      const hook = await addEndpoint(asCompany, receiver.url('/company'), ['cargo.status_changed']);
      const denied = await call(ctx, manager, 'GET', `${API_PATHS.webhooks}?account_uuid=${profile!.uuid}`);
      expect(denied.statusCode).toBe(403);
      const deniedDelete = await call(ctx, manager, 'DELETE', `${API_PATHS.webhookEndpoint}?id=${hook.endpoint.id}`);
      expect(deniedDelete.statusCode).toBe(403);

      const removed = await call(ctx, owner, 'DELETE', `${API_PATHS.webhookEndpoint}?id=${endpointId}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(
        await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)),
      ).toEqual([]);
      const gone = await call(ctx, owner, 'GET', `${API_PATHS.webhookDeliveries}?endpoint_id=${endpointId}`);
      expect(gone.statusCode).toBe(404);
    });
  });

  describe('one attempt over HTTP', () => {
    const headers = { 'content-type': 'application/json' };
    const strictPolicy = { allowPrivateTargets: false, allowHttp: true };
    const open = { allowPrivateTargets: true, allowHttp: true };

    it('refuses an internal address at delivery time too (a name re-pointed after registration)', async () => {
      receiver.received.length = 0;
      for (const target of [`http://localhost:${receiver.port}/rebound`, receiver.url('/rebound')]) {
        const outcome = await postWebhook(target, headers, '{}', { policy: strictPolicy });
        expect(outcome).toMatchObject({ ok: false, statusCode: null, error: W.attemptError.privateTarget });
      }
      const http = await postWebhook(receiver.url('/plain'), headers, '{}', {
        policy: { allowPrivateTargets: true, allowHttp: false },
      });
      expect(http.error).toBe(W.attemptError.notHttps);
      expect(receiver.received).toHaveLength(0);
    });

    it('keeps the first 1 KB of an answer, does not follow redirects, gives up after the deadline', async () => {
      receiver.received.length = 0;
      receiver.plan.push({ status: 200, body: 'я'.repeat(3000) });
      const long = await postWebhook(receiver.url('/long'), headers, '{}', { policy: open });
      expect(long.ok).toBe(true);
      expect(Buffer.byteLength(long.response!)).toBeLessThanOrEqual(1024 + 2);
      expect(long.response!.startsWith('я'.repeat(500))).toBe(true);

      receiver.plan.push({ status: 302, headers: { location: receiver.url('/elsewhere') } });
      const moved = await postWebhook(receiver.url('/moved'), headers, '{}', { policy: open });
      expect(moved).toMatchObject({ ok: false, statusCode: 302, error: W.attemptError.httpStatus(302) });

      receiver.plan.push({ status: 200, hang: true });
      const slow = await postWebhook(receiver.url('/slow'), headers, '{}', { policy: open, timeoutMs: 300 });
      expect(slow).toMatchObject({ ok: false, statusCode: null, error: W.attemptError.timeout });
      expect(receiver.received.map((r) => r.url)).toEqual(['/long', '/moved', '/slow']);

      const closed = await postWebhook('http://127.0.0.1:1/none', headers, '{}', { policy: open });
      expect(closed.error).toBe(W.attemptError.refused);
    });

    it.each([
      ['93.184.215.14', true],
      ['2a00:1450:4010:c05::8b', true],
      ['127.0.0.1', false],
      ['10.0.0.1', false],
      ['100.100.1.1', false],
      ['169.254.1.1', false],
      ['::1', false],
      ['fc00::1', false],
      ['::ffff:192.168.0.1', false],
      ['64:ff9b::a00:1', false],
      ['not an address', false],
    ])('isPublicAddress(%s) → %s', (address, expected) => {
      expect(isPublicAddress(address)).toBe(expected);
    });
  });

  it('the verification snippets of docs/integrations.md and of the account screen accept our signature only', () => {
    type Verify = (secret: string, timestamp: string, body: string, header: string) => boolean;
    // Each snippet as its reader copies it, given node:crypto's functions.
    const compile = (code: string, name: string) =>
      new Function('createHmac', 'timingSafeEqual', 'Buffer', `${code}\nreturn ${name};`)(
        createHmac,
        timingSafeEqual,
        Buffer,
      ) as Verify;
    const doc = readFileSync(new URL('../../../../../docs/integrations.md', import.meta.url), 'utf8');
    const docBlock = /```js\n([\s\S]*?)```/.exec(doc)![1]!;
    const docFunction = docBlock
      .slice(docBlock.indexOf('export function verifyWebhookSignature'), docBlock.indexOf('// Express'))
      .replace('export ', '');
    const snippets: [string, Verify][] = [
      ['docs', compile(docFunction, 'verifyWebhookSignature')],
      ['screen', compile(W.screen.signatureSnippet.replace(/^import .*$/m, ''), 'verify')],
    ];
    const secret = 'whsec_snippet-secret';
    const body = JSON.stringify({ id: 'e1', event: 'ping', data: { message: W.pingMessage } });
    const headers = deliveryHeaders({ secret, event: 'ping', eventId: 'e1', body, now: new Date() });
    const timestamp = headers[WEBHOOK_HEADERS.timestamp]!;
    const signature = headers[WEBHOOK_HEADERS.signature]!;
    for (const [name, verify] of snippets) {
      expect(verify(secret, timestamp, body, signature), name).toBe(true);
      expect(verify(secret, timestamp, body.replace('ping', 'pong'), signature), name).toBe(false);
      expect(verify('whsec_other', timestamp, body, signature), name).toBe(false);
      expect(verify(secret, String(Number(timestamp) - 600), body, signature), name).toBe(false);
    }
  });

  it('no signing secret ever reaches the log', async () => {
    expect(secrets.length).toBeGreaterThan(3);
    const text = logs.join('');
    // The capture works: request lines of the calls above are there.
    expect(text).toContain('"msg":"request"');
    for (const secret of secrets) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice('whsec_'.length));
    }
    expect(text).not.toContain('whsec_');
  });
});
