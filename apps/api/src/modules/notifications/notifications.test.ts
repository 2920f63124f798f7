import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  NotificationSettingsSchema,
  TelegramLinkCodeSchema,
  TelegramStatusSchema,
  UnsubscribeInfoSchema,
} from '@freight/contracts/notifications';
import { cargoStatusHistory, cargos, notificationDeliveries, outbox, users } from '@freight/db';
import { MESSAGES, RU_PRODUCTION_CALENDAR, addWorkingDays, toIsoDate, type CargoStatus } from '@freight/domain';
import {
  NOTIFICATION_EVENTS,
  defaultNotificationPreferences,
  type NotificationPreferences,
} from '@freight/domain/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram';
import { createTestContext, type TestContext } from '../../test/helpers';
import { staffSession, type TestStaff } from '../../test/staff';
import { Visitor, nextIp, nextPhone, signUp } from '../auth/identity-test-kit';
import { createTransports } from '../messaging/outbox.service';
import { RecordingTransport } from '../messaging/recording.transport';
import { TelegramBotApi, TelegramTransport } from '../messaging/telegram.transport';
import { TransportError } from '../messaging/transport';
import { createOrder, loadNetwork, validDraft, type NetworkRefs } from '../orders/orders-test-kit';
import { NOTIFY_CARGO_STATUS_QUEUE } from './notifications.worker';
import { signUnsubscribe, unsubscribeKey } from './unsubscribe-token';

type ErrorJson = { error: { code: string; message: string; fields?: Record<string, string> } };

const ORIGIN = 'https://magistral.example';
const BOT = 'magistral_test_bot';
const SETTINGS = '/api/v1/user/notification_settings';
const TELEGRAM = '/api/v1/user/notification_settings/telegram';
const UNSUBSCRIBE = '/api/v1/notifications/unsubscribe';
const KIND = 'notice:cargo_status';
const T = NOTIFICATIONS_TEXTS;
const label = (status: CargoStatus) => MESSAGES.orders.status[status];
const CYRILLIC = /[А-Яа-яЁё]/;

describe('status notifications (issue 18)', () => {
  let ctx: TestContext;
  let fake: FakeTelegram;
  let net: NetworkRefs;
  let date: string;
  /** The API's clock: real time unless a test pins it. */
  let pinned: Date | null = null;
  let chatCounter = 880_000 + (process.pid % 1000) * 100;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestContext(
      {
        PUBLIC_ORIGIN: ORIGIN,
        TELEGRAM_BOT_TOKEN: fake.token,
        TELEGRAM_API_BASE_URL: fake.url,
        TELEGRAM_BOT_USERNAME: `@${BOT}`,
        // The tests drive the queue (drain) and the bot (pollOnce) themselves.
        JOB_WORKERS: '0',
      },
      { clock: () => pinned ?? new Date() },
    );
    net = await loadNetwork(ctx.database.db);
    date = addWorkingDays(toIsoDate(new Date())!, 1, RU_PRODUCTION_CALENDAR);
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });
  beforeEach(() => {
    pinned = null;
  });

  const json = <T = ErrorJson>(res: LightMyRequestResponse) => res.json() as T;
  const db = () => ctx.database.db;

  /** A verified client with a confirmed e-mail. */
  async function client(name = 'Ольга Клиентова') {
    const who = await signUp(ctx, { name });
    const email = `client-${who.user.id}@example.ru`;
    await db().update(users).set({ email }).where(eq(users.id, who.user.id));
    return { ...who, email };
  }

  /** An order of `visitor` Москва → Новосибирск whose recipient has its own phone and e-mail. */
  async function order(visitor: Visitor) {
    const recipientPhone = nextPhone();
    const recipientEmail = `anna-${recipientPhone.stored.slice(-7)}@example.ru`;
    const res = await createOrder(
      visitor,
      validDraft(net, date, (d) => ({
        ...d,
        contacts: {
          ...d.contacts,
          recipient: { ...d.contacts.recipient, phone: recipientPhone.typed, email: recipientEmail },
        },
      })),
    );
    expect(res.statusCode, res.body).toBe(201);
    const track = (res.json() as { track_number: string }).track_number;
    const [row] = await db().select().from(cargos).where(eq(cargos.trackNumber, track));
    return { track, id: row!.id, recipientPhone: recipientPhone.stored, recipientEmail };
  }

  /**
   * Moves a cargo as the back-office does (status and history row) and sends the change's job,
   * as the status-change transaction does; returns the job's data.
   */
  async function move(
    cargo: { id: number; track: string },
    to: CargoStatus,
    officeId: number | null = null,
    send = true,
  ) {
    const [before] = await db().select({ status: cargos.status }).from(cargos).where(eq(cargos.id, cargo.id));
    const at = new Date();
    await db().update(cargos).set({ status: to, statusChangedAt: at }).where(eq(cargos.id, cargo.id));
    const [history] = await db()
      .insert(cargoStatusHistory)
      .values({ cargoId: cargo.id, status: to, at, officeId })
      .returning({ id: cargoStatusHistory.id });
    const data = {
      cargoId: cargo.id,
      trackNumber: cargo.track,
      historyId: history!.id,
      from: before!.status as CargoStatus,
      to,
      at: at.toISOString(),
      officeId,
    };
    if (send) {
      await ctx.app.jobs.send(NOTIFY_CARGO_STATUS_QUEUE, data, { singletonKey: `cargo-status:${data.historyId}` });
    }
    return data;
  }

  /** Runs the notification jobs (pinned at `at` when given). */
  async function runJobs(at?: Date) {
    pinned = at ?? null;
    try {
      // includeDeferred: a job sent in the same millisecond is not yet `start_after < now()` on PGlite.
      return await ctx.app.jobs.drain([NOTIFY_CARGO_STATUS_QUEUE], { includeDeferred: true });
    } finally {
      pinned = null;
    }
  }

  /** Status notices queued to these addresses, oldest first. */
  function notices(...to: string[]) {
    return db()
      .select()
      .from(outbox)
      .where(and(inArray(outbox.recipient, to), eq(outbox.kind, KIND)))
      .orderBy(asc(outbox.id));
  }

  async function save(visitor: Visitor, preferences: NotificationPreferences) {
    const res = await visitor.call('PUT', SETTINGS, preferences);
    expect(res.statusCode, res.body).toBe(200);
    return NotificationSettingsSchema.parse(res.json());
  }

  /** Links a new chat to the visitor's account through the fake Bot API; returns the chat id. */
  async function linkTelegram(visitor: Visitor, username = 'olga_k') {
    const created = await visitor.post(TELEGRAM);
    expect(created.statusCode, created.body).toBe(201);
    const { code } = TelegramLinkCodeSchema.parse(created.json());
    chatCounter += 1;
    fake.sendText({ id: chatCounter, username }, `/start ${code}`);
    expect(await ctx.app.telegramPoller!.pollOnce()).toBe(1);
    await ctx.app.outbox.flush();
    return String(chatCounter);
  }
  const sentTo = (chatId: string) => fake.sent.filter((m) => m.chatId === chatId).map((m) => m.text);

  describe('settings', () => {
    it.each([
      ['GET', SETTINGS],
      ['PUT', SETTINGS],
      ['GET', TELEGRAM],
      ['POST', TELEGRAM],
      ['DELETE', TELEGRAM],
    ] as const)('%s %s without a signed-in user: 401 in Russian', async (method, url) => {
      const anonymous = await new Visitor(ctx, nextIp()).start();
      const res = await anonymous.call(method, url, method === 'PUT' ? defaultNotificationPreferences() : undefined);
      expect(res.statusCode, res.body).toBe(401);
      expect(json(res).error).toEqual({ code: 'UNAUTHORIZED', message: MESSAGES.common.unauthorized });
    });

    it('answer the defaults until saved; a save is whole and is the user’s own', async () => {
      const olga = await client();
      const other = await client('Пётр Другой');
      const first = await olga.visitor.get(SETTINGS);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const settings = NotificationSettingsSchema.parse(first.json());
      expect(settings.preferences).toEqual(defaultNotificationPreferences());
      expect(settings.events.map((e) => e.event)).toEqual([...NOTIFICATION_EVENTS]);
      expect(settings.events.find((e) => e.event === 'in_transit')?.label).toBe('В пути');
      expect(settings).toMatchObject({ has_phone: true, has_email: true, quiet_hours: { from: '22:00', to: '08:00' } });

      const wanted = defaultNotificationPreferences();
      wanted.events.in_transit.sms = true;
      wanted.events.accepted = { sms: false, email: false, telegram: false };
      wanted.participants.recipient = true;
      expect((await save(olga.visitor, wanted)).preferences).toEqual(wanted);
      expect(NotificationSettingsSchema.parse((await olga.visitor.get(SETTINGS)).json()).preferences).toEqual(wanted);
      // Someone else's settings are untouched (and there is no way to name them).
      expect(NotificationSettingsSchema.parse((await other.visitor.get(SETTINGS)).json()).preferences).toEqual(
        defaultNotificationPreferences(),
      );
    });

    it.each([
      [
        'an event left out',
        (p: Record<string, unknown>) => {
          const { in_transit: _gone, ...events } = p.events as Record<string, unknown>;
          return { ...p, events };
        },
        'events.in_transit',
      ],
      [
        'an unknown event',
        (p: Record<string, unknown>) => ({
          ...p,
          events: { ...(p.events as object), created: { sms: true, email: true, telegram: true } },
        }),
        'events.created',
      ],
      [
        'an unknown channel',
        (p: Record<string, unknown>) => ({
          ...p,
          events: { ...(p.events as object), arrived: { sms: true, email: true, telegram: true, push: true } },
        }),
        'events.arrived.push',
      ],
      [
        'a string for a flag',
        (p: Record<string, unknown>) => ({
          ...p,
          events: { ...(p.events as object), arrived: { sms: 'да', email: true, telegram: true } },
        }),
        'events.arrived.sms',
      ],
      ['participants missing', (p: Record<string, unknown>) => ({ events: p.events }), 'participants'],
    ])('PUT refuses %s: 400 with a Russian message on the field', async (_name, change, field) => {
      const olga = await client();
      const body = change(defaultNotificationPreferences() as unknown as Record<string, unknown>);
      const res = await olga.visitor.call('PUT', SETTINGS, body);
      expect(res.statusCode, res.body).toBe(400);
      const { error } = json(res);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {})).toContain(field);
      for (const message of [error.message, ...Object.values(error.fields ?? {})]) {
        expect(message).toMatch(CYRILLIC);
        expect(message).not.toMatch(/expected|invalid|boolean|object|unrecognized/i);
      }
      // Nothing was saved.
      expect(NotificationSettingsSchema.parse((await olga.visitor.get(SETTINGS)).json()).preferences).toEqual(
        defaultNotificationPreferences(),
      );
    });
  });

  describe('Telegram linking through the fake Bot API', () => {
    it('a one-time code and its t.me link; /start <code> links the chat and the bot answers «Уведомления подключены»', async () => {
      const olga = await client();
      const before = TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json());
      expect(before).toEqual({ available: true, linked: false, label: null, linked_at: null, bot_username: BOT });

      const created = await olga.visitor.post(TELEGRAM);
      expect(created.statusCode, created.body).toBe(201);
      const link = TelegramLinkCodeSchema.parse(created.json());
      expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(link.deep_link).toBe(`https://t.me/${BOT}?start=${link.code}`);
      const ttl = new Date(link.expires_at).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(9 * 60_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);

      chatCounter += 1;
      const chatId = String(chatCounter);
      fake.sendText({ id: chatCounter, username: 'olga_k', firstName: 'Ольга' }, `/start ${link.code}`);
      expect(await ctx.app.telegramPoller!.pollOnce()).toBe(1);
      await ctx.app.outbox.flush();
      expect(sentTo(chatId)).toEqual([T.bot.linked]);
      const after = TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json());
      expect(after).toMatchObject({ linked: true, label: '@olga_k' });

      // The offset is kept: the same update is not read again, and the fake forgot it.
      expect(await ctx.app.telegramPoller!.pollOnce()).toBe(0);
      expect(fake.pendingUpdates()).toBe(0);

      // The code is spent: a second use (someone who saw it) links nothing.
      chatCounter += 1;
      const stranger = String(chatCounter);
      fake.sendText({ id: chatCounter, username: 'stranger' }, `/start ${link.code}`);
      await ctx.app.telegramPoller!.pollOnce();
      await ctx.app.outbox.flush();
      expect(sentTo(stranger)).toEqual([T.bot.codeInvalid]);
      expect(TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json()).label).toBe('@olga_k');
    });

    it('a code expires after 10 minutes, a newer code voids the older one, a group chat is refused, /start alone explains', async () => {
      const olga = await client();
      const first = TelegramLinkCodeSchema.parse((await olga.visitor.post(TELEGRAM)).json());
      const second = TelegramLinkCodeSchema.parse((await olga.visitor.post(TELEGRAM)).json());
      chatCounter += 1;
      const chat = { id: chatCounter, username: 'olga_g' };
      fake.sendText(chat, `/start ${first.code}`);
      fake.sendText({ ...chat, type: 'group' }, `/start ${second.code}`);
      fake.sendText(chat, '/start');
      expect(await ctx.app.telegramPoller!.pollOnce()).toBe(3);
      // Eleven minutes later the second code is dead too.
      pinned = new Date(Date.now() + 11 * 60_000);
      fake.sendText(chat, `/start ${second.code}`);
      expect(await ctx.app.telegramPoller!.pollOnce()).toBe(1);
      pinned = null;
      await ctx.app.outbox.flush();
      // The outbox sends in any order: compare as sets.
      expect(sentTo(String(chat.id)).sort()).toEqual(
        [T.bot.codeInvalid, T.bot.privateOnly, T.bot.help, T.bot.codeInvalid].sort(),
      );
      expect(TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json()).linked).toBe(false);
    });

    it('«Отключить» in the settings and /stop in the chat unlink; the chat is told', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      const off = await olga.visitor.call('DELETE', TELEGRAM);
      expect(off.statusCode, off.body).toBe(200);
      expect(TelegramStatusSchema.parse(off.json()).linked).toBe(false);
      // Idempotent.
      expect((await olga.visitor.call('DELETE', TELEGRAM)).statusCode).toBe(200);
      await ctx.app.outbox.flush();
      expect(sentTo(chatId)).toEqual([T.bot.linked, T.bot.stopped]);

      const again = await linkTelegram(olga.visitor, 'olga_again');
      fake.sendText({ id: Number(again) }, '/stop');
      await ctx.app.telegramPoller!.pollOnce();
      await ctx.app.outbox.flush();
      expect(sentTo(again)).toEqual([T.bot.linked, T.bot.stopped]);
      expect(TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json()).linked).toBe(false);
    });

    it('another user’s code links the chat to them, never to the caller', async () => {
      const olga = await client();
      const petr = await client('Пётр Другой');
      const code = TelegramLinkCodeSchema.parse((await petr.visitor.post(TELEGRAM)).json()).code;
      chatCounter += 1;
      fake.sendText({ id: chatCounter, username: 'petr' }, `/start ${code}`);
      await ctx.app.telegramPoller!.pollOnce();
      expect(TelegramStatusSchema.parse((await olga.visitor.get(TELEGRAM)).json()).linked).toBe(false);
      expect(TelegramStatusSchema.parse((await petr.visitor.get(TELEGRAM)).json()).label).toBe('@petr');
    });
  });

  describe('the notify.cargo_status job', () => {
    it('sends exactly the chosen channels: owner by e-mail and Telegram (SMS off for «В пути»), the recipient by SMS and e-mail', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      const prefs = defaultNotificationPreferences();
      prefs.events.in_transit.sms = false;
      prefs.participants.recipient = true;
      await save(olga.visitor, prefs);
      const cargo = await order(olga.visitor);
      const phone = olga.phone.stored;

      await move(cargo, 'accepted');
      await move(cargo, 'in_transit');
      expect(await runJobs()).toBe(2);
      await ctx.app.outbox.flush();

      // «Принят к перевозке» and «В пути»: e-mail and Telegram to the owner, e-mail to the recipient; no SMS at all.
      const rows = await notices(phone, olga.email, chatId, cargo.recipientPhone, cargo.recipientEmail);
      // Jobs may run in any order: compared as sorted lists.
      const tuples = (list: unknown[][]) => list.map((t) => JSON.stringify(t)).sort();
      expect(tuples(rows.map((r) => [r.channel, r.recipient, r.subject]))).toEqual(
        tuples([
          ['email', olga.email, `Груз ${cargo.track}: ${label('accepted')}`],
          ['telegram', chatId, null],
          ['email', cargo.recipientEmail, `Груз ${cargo.track}: ${label('accepted')}`],
          ['email', olga.email, `Груз ${cargo.track}: ${label('in_transit')}`],
          ['telegram', chatId, null],
          ['email', cargo.recipientEmail, `Груз ${cargo.track}: ${label('in_transit')}`],
        ]),
      );
      // The Telegram message went through the real transport to the fake Bot API.
      const tracking = `${ORIGIN}/tracking/${cargo.track}`;
      expect(sentTo(chatId).slice(1).sort()).toEqual(
        [
          `Груз ${cargo.track}: ${label('accepted')}\n${tracking}`,
          `Груз ${cargo.track}: ${label('in_transit')}\n${tracking}`,
        ].sort(),
      );
      expect(rows.every((r) => r.status === 'sent')).toBe(true);
      // A sent e-mail keeps no working unsubscribe link.
      const mail = rows.find((r) => r.channel === 'email')!;
      expect(mail.body).toContain(`Отписаться: ${ORIGIN}/unsubscribe\n`);
      expect(mail.body).not.toContain('token=');

      // «Прибыл на терминал» (office in Новосибирск): SMS is on by default — to the owner and the recipient.
      const office = Number(net.terminal('Новосибирск').id);
      await move(cargo, 'arrived', office);
      await runJobs();
      const sms = (await notices(phone, cargo.recipientPhone)).filter((r) => r.channel === 'sms');
      expect(sms.map((r) => r.recipient)).toEqual([phone, cargo.recipientPhone]);
      expect(sms[0]!.body).toMatch(
        new RegExp(`^«Магистраль»: груз ${cargo.track} — Прибыл на терминал \\(.+\\)\\. Отследить: ${tracking}$`),
      );
      const deliveries = await db()
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.cargoId, cargo.id));
      expect(deliveries).toHaveLength(6 + 5);
      expect(deliveries.every((d) => d.outcome === 'queued')).toBe(true);
    });

    it('the same change handled twice, and the same status set again, send nothing new', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      const prefs = defaultNotificationPreferences();
      prefs.events.problem = { sms: false, email: false, telegram: false };
      await save(olga.visitor, prefs);
      const cargo = await order(olga.visitor);

      const job = await move(cargo, 'in_transit');
      await runJobs();
      // A retry of the same job (no singleton key: as if the first run's completion was lost).
      await ctx.app.jobs.send(NOTIFY_CARGO_STATUS_QUEUE, job);
      expect(await runJobs()).toBe(1);
      // В пути → Проблема с доставкой (notices off) → В пути again: the client already knows.
      await move(cargo, 'problem');
      await move(cargo, 'in_transit');
      expect(await runJobs()).toBe(2);
      await ctx.app.outbox.flush();

      const rows = await notices(olga.email, chatId);
      expect(rows.map((r) => r.channel)).toEqual(['email', 'telegram']);
      expect(sentTo(chatId)).toEqual([
        T.bot.linked,
        `Груз ${cargo.track}: ${label('in_transit')}\n${ORIGIN}/tracking/${cargo.track}`,
      ]);
      const outcomes = await db()
        .select({ outcome: notificationDeliveries.outcome, status: notificationDeliveries.status })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.cargoId, cargo.id))
        .orderBy(asc(notificationDeliveries.id));
      expect(outcomes).toEqual([
        { status: 'in_transit', outcome: 'queued' },
        { status: 'in_transit', outcome: 'queued' },
        { status: 'in_transit', outcome: 'duplicate' },
        { status: 'in_transit', outcome: 'duplicate' },
      ]);

      // A different status after that is announced as usual.
      await move(cargo, 'arrived');
      await runJobs();
      expect((await notices(olga.email)).map((r) => r.subject).sort()).toEqual(
        [`Груз ${cargo.track}: ${label('in_transit')}`, `Груз ${cargo.track}: ${label('arrived')}`].sort(),
      );
    });

    it('jobs that run out of order still announce a status that came back after an announced one', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      const cargo = await order(olga.visitor);
      const changes = [
        await move(cargo, 'in_transit', null, false),
        await move(cargo, 'problem', null, false),
        await move(cargo, 'in_transit', null, false),
      ];
      // The second «В пути» is handled before «Проблема с доставкой» was announced.
      for (const job of [changes[0]!, changes[2]!, changes[1]!]) {
        await ctx.app.jobs.send(NOTIFY_CARGO_STATUS_QUEUE, job);
        expect(await runJobs()).toBe(1);
      }
      await ctx.app.outbox.flush();
      const text = (status: CargoStatus) => `Груз ${cargo.track}: ${label(status)}\n${ORIGIN}/tracking/${cargo.track}`;
      expect(sentTo(chatId).slice(1).sort()).toEqual([text('in_transit'), text('problem'), text('in_transit')].sort());
    });

    it('an SMS in the quiet hours waits for 08:00 in the recipient’s city; the owner’s (Moscow, evening) goes at once', async () => {
      const olga = await client();
      const prefs = defaultNotificationPreferences();
      prefs.participants.recipient = true;
      await save(olga.visitor, prefs);
      const cargo = await order(olga.visitor);
      await move(cargo, 'arrived');
      // Tomorrow 16:30 UTC: 19:30 in Moscow (the owner ordered as the sender), 23:30 in Новосибирск (the recipient).
      const tomorrow = new Date(Date.now() + 86_400_000);
      const at = new Date(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate(), 16, 30));
      await runJobs(at);
      const morning = new Date(at.getTime() + (8 * 60 + 30) * 60_000); // 01:00 UTC = 08:00 +07
      const [owner] = (await notices(olga.phone.stored)).filter((r) => r.channel === 'sms');
      const [recipient] = (await notices(cargo.recipientPhone)).filter((r) => r.channel === 'sms');
      expect(owner!.nextAttemptAt.getTime()).toBeLessThanOrEqual(at.getTime());
      expect(recipient!.nextAttemptAt.toISOString()).toBe(morning.toISOString());

      // Not sent before the morning; sent when it comes.
      await ctx.app.outbox.flush();
      const [waiting] = await db().select().from(outbox).where(eq(outbox.id, recipient!.id));
      expect(waiting!.status).toBe('pending');
      await ctx.app.outbox.flush({ includeDeferred: true });
      const [sent] = await db().select().from(outbox).where(eq(outbox.id, recipient!.id));
      expect(sent!.status).toBe('sent');
    });

    it('an anonymous order, and an owner whose account was deleted, get nothing', async () => {
      const anonymous = await new Visitor(ctx, nextIp()).start();
      const cargo = await order(anonymous);
      await move(cargo, 'in_transit');
      const olga = await client();
      const gone = await order(olga.visitor);
      await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, olga.user.id));
      await move(gone, 'arrived');
      expect(await runJobs()).toBe(2);
      const rows = await db()
        .select()
        .from(notificationDeliveries)
        .where(inArray(notificationDeliveries.cargoId, [cargo.id, gone.id]));
      expect(rows).toEqual([]);
    });

    it('a chat that blocked the bot: the message fails for good (no retries)', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      fake.blocked.add(chatId);
      const cargo = await order(olga.visitor);
      await move(cargo, 'accepted');
      await runJobs();
      await ctx.app.outbox.flush();
      const [row] = (await notices(chatId)).filter((r) => r.channel === 'telegram');
      expect(row!.status).toBe('failed');
      expect(row!.lastError).toMatch(/403/);
      expect(row!.lastError).not.toContain(fake.token);
    });
  });

  describe('unsubscribe links', () => {
    async function emailTo(address: string) {
      const rows = (await notices(address)).filter((r) => r.channel === 'email');
      const body = rows.at(-1)?.body ?? '';
      const url = /Отписаться: (\S+)/.exec(body)?.[1];
      if (!url) throw new Error(`no unsubscribe link in ${body}`);
      return new URL(url);
    }

    it('an owner’s link turns e-mail off for that status, after a confirming POST; GET alone changes nothing', async () => {
      const olga = await client();
      const cargo = await order(olga.visitor);
      await move(cargo, 'in_transit');
      await runJobs();
      const link = await emailTo(olga.email);
      expect(link.origin).toBe(ORIGIN);
      expect(link.pathname).toBe('/unsubscribe');
      expect(link.searchParams.get('event')).toBe('in_transit');
      const token = link.searchParams.get('token')!;

      const info = await olga.visitor.get(`${UNSUBSCRIBE}?token=${token}&event=in_transit`);
      expect(info.statusCode, info.body).toBe(200);
      expect(UnsubscribeInfoSchema.parse(info.json())).toEqual({
        kind: 'account',
        event: 'in_transit',
        event_label: 'В пути',
        unsubscribed: null,
      });
      expect(
        NotificationSettingsSchema.parse((await olga.visitor.get(SETTINGS)).json()).preferences.events.in_transit.email,
      ).toBe(true);

      // No session needed: the token is the proof (a visitor who is not signed in).
      const stranger = await new Visitor(ctx, nextIp()).start();
      for (let i = 0; i < 2; i += 1) {
        const done = await stranger.post(UNSUBSCRIBE, { token, event: 'in_transit' });
        expect(done.statusCode, done.body).toBe(200);
        expect(UnsubscribeInfoSchema.parse(done.json()).unsubscribed).toBe('event');
      }
      const prefs = NotificationSettingsSchema.parse((await olga.visitor.get(SETTINGS)).json()).preferences;
      expect(prefs.events.in_transit).toEqual({ sms: false, email: false, telegram: true });
      expect(prefs.events.arrived.email).toBe(true);

      // The next «В пути» sends no e-mail; «Прибыл» still does. Without an event: all e-mails off.
      await move(cargo, 'problem');
      await move(cargo, 'in_transit');
      await move(cargo, 'arrived');
      await runJobs();
      expect((await notices(olga.email)).map((r) => r.subject).sort()).toEqual(
        [
          `Груз ${cargo.track}: ${label('in_transit')}`,
          `Груз ${cargo.track}: ${label('problem')}`,
          `Груз ${cargo.track}: ${label('arrived')}`,
        ].sort(),
      );
      const all = await stranger.post(UNSUBSCRIBE, { token });
      expect(UnsubscribeInfoSchema.parse(all.json()).unsubscribed).toBe('all');
      const off = NotificationSettingsSchema.parse((await olga.visitor.get(SETTINGS)).json()).preferences;
      expect(NOTIFICATION_EVENTS.every((e) => !off.events[e].email)).toBe(true);
    });

    it('a recipient’s link stops status e-mails to that address', async () => {
      const olga = await client();
      const prefs = defaultNotificationPreferences();
      prefs.participants.recipient = true;
      await save(olga.visitor, prefs);
      const cargo = await order(olga.visitor);
      await move(cargo, 'accepted');
      await runJobs();
      const link = await emailTo(cargo.recipientEmail);
      expect(link.searchParams.get('event')).toBeNull();
      const token = link.searchParams.get('token')!;
      const anonymous = await new Visitor(ctx, nextIp()).start();
      expect(UnsubscribeInfoSchema.parse((await anonymous.get(`${UNSUBSCRIBE}?token=${token}`)).json()).kind).toBe(
        'address',
      );
      expect((await anonymous.post(UNSUBSCRIBE, { token, event: null })).statusCode).toBe(200);
      await move(cargo, 'in_transit');
      await runJobs();
      expect((await notices(cargo.recipientEmail)).map((r) => r.subject)).toEqual([
        `Груз ${cargo.track}: ${label('accepted')}`,
      ]);
      // The owner still gets theirs.
      expect(await notices(olga.email)).toHaveLength(2);
    });

    /** The token with one character of its signature changed. */
    const tamper = (token: string) => {
      const i = token.indexOf('.') + 5;
      return `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
    };

    it('a forged or altered link is refused with 400 in Russian and changes nothing', async () => {
      const olga = await client();
      const petr = await client('Пётр Другой');
      const cargo = await order(olga.visitor);
      await move(cargo, 'accepted');
      await runJobs();
      const token = (await emailTo(olga.email)).searchParams.get('token')!;
      const mac = token.split('.')[1]!;
      const forged = [
        // Olga's signature on Petr's id.
        `u${petr.user.id}.${mac}`,
        // A key the server does not have.
        signUnsubscribe(unsubscribeKey('another-key-of-at-least-32-characters!', ''), {
          kind: 'user',
          userId: petr.user.id,
        }),
        tamper(token),
        'u1000',
        `e${Buffer.from('victim@example.ru').toString('base64url')}.${mac}`,
      ];
      const anonymous = await new Visitor(ctx, nextIp()).start();
      for (const bad of forged) {
        for (const res of [
          await anonymous.get(`${UNSUBSCRIBE}?token=${encodeURIComponent(bad)}`),
          await anonymous.post(UNSUBSCRIBE, { token: bad }),
        ]) {
          expect(res.statusCode, bad).toBe(400);
          expect(json(res).error).toMatchObject({ code: 'UNSUBSCRIBE_INVALID', message: T.errors.unsubscribeInvalid });
        }
      }
      const unknownEvent = await anonymous.post(UNSUBSCRIBE, { token, event: 'created' });
      expect(unknownEvent.statusCode).toBe(400);
      expect(json(unknownEvent).error.fields?.event).toBe(T.errors.eventUnknown);
      expect(NotificationSettingsSchema.parse((await petr.visitor.get(SETTINGS)).json()).preferences).toEqual(
        defaultNotificationPreferences(),
      );
    });
  });

  describe('the Telegram transport', () => {
    it('is the recording transport while no bot token is set', () => {
      const transports = createTransports({ mailFrom: 'x@example.ru' }, () => new Date());
      expect(transports.telegram).toBeInstanceOf(RecordingTransport);
      expect(transports.telegram).toBe(transports.recorder);
    });

    it('a wrong token is a permanent failure whose message does not carry the token', async () => {
      const wrong = '999:AAWrongTokenWrongTokenWrongToken00';
      const transport = new TelegramTransport(new TelegramBotApi({ token: wrong, baseUrl: fake.url }));
      const failure = await transport
        .send({ id: 1, channel: 'telegram', to: '1', subject: null, body: 'Тест', kind: 'test' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransportError);
      expect((failure as TransportError).permanent).toBe(true);
      expect((failure as TransportError).message).not.toContain(wrong);
    });

    it('an unreachable Bot API is a temporary failure (retried)', async () => {
      const transport = new TelegramTransport(
        new TelegramBotApi({ token: fake.token, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 }),
      );
      const failure = await transport
        .send({ id: 1, channel: 'telegram', to: '1', subject: null, body: 'Тест', kind: 'test' })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TransportError);
      expect((failure as TransportError).permanent).toBe(false);
    });
  });

  describe('through the back-office', () => {
    let operator: TestStaff;
    beforeAll(async () => {
      operator = await staffSession(ctx, 'operator');
    });

    it('an operator moves a cargo: one job per change, Telegram gets exactly the chosen messages', async () => {
      const olga = await client();
      const chatId = await linkTelegram(olga.visitor);
      const prefs = defaultNotificationPreferences();
      prefs.events.awaiting_dropoff.telegram = false;
      await save(olga.visitor, prefs);
      const cargo = await order(olga.visitor);
      for (const status of ['awaiting_dropoff', 'accepted', 'in_transit'] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/back-office/cargos/${cargo.track}/status`,
          headers: operator.headers,
          payload: { status },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      expect(await runJobs()).toBe(3);
      await ctx.app.outbox.flush();
      const tracking = `${ORIGIN}/tracking/${cargo.track}`;
      expect(sentTo(chatId)[0]).toBe(T.bot.linked);
      expect(sentTo(chatId).slice(1).sort()).toEqual(
        [
          `Груз ${cargo.track}: ${label('accepted')}\n${tracking}`,
          `Груз ${cargo.track}: ${label('in_transit')}\n${tracking}`,
        ].sort(),
      );
    });
  });
});

describe('the getUpdates loop of a running API (JOB_WORKERS=1)', () => {
  let ctx: TestContext;
  let fake: FakeTelegram;

  beforeAll(async () => {
    fake = await startFakeTelegram();
    ctx = await createTestContext({
      PUBLIC_ORIGIN: ORIGIN,
      TELEGRAM_BOT_TOKEN: fake.token,
      TELEGRAM_API_BASE_URL: fake.url,
      TELEGRAM_BOT_USERNAME: BOT,
      TELEGRAM_POLL_TIMEOUT_SECONDS: '20',
      JOB_WORKERS: '1',
      JOB_POLL_SECONDS: '0.5',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  it('reads the chat by itself (long polling), answers through the outbox worker, and stops at once on close', async () => {
    // No sign-up here (its code would race the running workers): /start without a code gets the help text.
    fake.sendText({ id: 990_001, username: 'olga_live' }, '/start');
    await fake.waitForSent(1, 15_000);
    expect(fake.sent.map((m) => [m.chatId, m.text])).toEqual([['990001', T.bot.help]]);
    // …and is back waiting for the next update.
    await vi.waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'getUpdates').length).toBeGreaterThanOrEqual(2),
    );
    // The loop is waiting in a 20-second getUpdates: closing must not wait for it.
    const started = Date.now();
    await ctx.app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
