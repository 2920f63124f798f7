import { createHash, randomBytes } from 'node:crypto';
import type {
  NotificationSettings,
  TelegramLinkCode,
  TelegramStatus,
  UnsubscribeInfo,
} from '@freight/contracts/notifications';
import type { Database } from '@freight/db';
import { cargoStatusLabel } from '@freight/domain';
import {
  NOTIFICATION_EVENTS,
  QUIET_HOURS_END,
  QUIET_HOURS_START,
  readNotificationPreferences,
  type NotificationEvent,
  type NotificationPreferences,
} from '@freight/domain/notifications';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors/app-error';
import { requireVerifiedUser } from '../auth/auth-core';
import type { SessionRow } from '../auth/session.repository';
import type { Outbox } from '../messaging/outbox.service';
import type { SmsPolicy } from '../messaging/sms-policy';
import * as repo from './notifications.repository';
import { verifyUnsubscribe } from './unsubscribe-token';

/*
 * The user's side of status notifications (issue 18): their settings, their Telegram link, and
 * the unsubscribe link of the e-mails. Settings and the link are the caller's own (no id in any
 * path): another user's cannot be named, let alone read.
 */

const E = NOTIFICATIONS_TEXTS.errors;
const B = NOTIFICATIONS_TEXTS.bot;

/** A link code lives this long (the settings page shows until when). */
export const TELEGRAM_CODE_TTL_MS = 10 * 60_000;

export interface NotificationsDeps {
  db: Database;
  clock: () => Date;
  outbox: Outbox;
  /** The one door for SMS (decision 010). */
  sms: SmsPolicy;
  /** Origin of the public site: tracking, settings and unsubscribe links. */
  publicOrigin: string;
  /** HMAC key of the unsubscribe links (unsubscribe-token.ts). */
  unsubscribeKey: Buffer;
  /** A bot is configured (TELEGRAM_BOT_TOKEN), and its @name for the t.me link. */
  telegram: { available: boolean; botUsername: string | null };
  /** SMS wait out the quiet hours of the recipient's city (NOTIFY_QUIET_HOURS, default on). */
  quietHours: boolean;
  /** Status e-mails to one address per hour at most (a bulk change must not flood a mailbox). */
  emailsPerRecipientHour: number;
  log?: FastifyBaseLogger | undefined;
}

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** SHA-256 of a Telegram link code, as stored. */
export function linkCodeHash(code: string): string {
  return createHash('sha256').update(`telegram-link:${code}`, 'utf8').digest('hex');
}

async function transaction<T>(deps: NotificationsDeps, work: (tx: Database) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => work(tx as unknown as Database));
}

// ---- settings ---------------------------------------------------------------------------------------

/** The user's settings as stored, or the defaults. */
export async function preferencesOf(db: Database, userId: number): Promise<NotificationPreferences> {
  return readNotificationPreferences(await repo.findPreferences(db, userId));
}

function settingsView(
  user: { phone: string | null; email: string | null },
  preferences: NotificationPreferences,
): NotificationSettings {
  return {
    preferences,
    events: NOTIFICATION_EVENTS.map((event) => ({ event, label: cargoStatusLabel(event) })),
    has_phone: Boolean(user.phone),
    has_email: Boolean(user.email),
    quiet_hours: { from: pad(QUIET_HOURS_START), to: pad(QUIET_HOURS_END) },
  };
}

/** GET /user/notification_settings. */
export async function getSettings(deps: NotificationsDeps, session: SessionRow | null): Promise<NotificationSettings> {
  const user = await requireVerifiedUser(deps.db, session);
  return settingsView(user, await preferencesOf(deps.db, user.id));
}

/** PUT /user/notification_settings: the settings, whole (the body schema checked every event and channel). */
export async function saveSettings(
  deps: NotificationsDeps,
  session: SessionRow | null,
  preferences: NotificationPreferences,
): Promise<NotificationSettings> {
  const user = await requireVerifiedUser(deps.db, session);
  await transaction(deps, async (tx) => {
    await repo.lockPreferences(tx, user.id);
    await repo.savePreferences(tx, user.id, preferences);
  });
  return settingsView(user, preferences);
}

// ---- Telegram ---------------------------------------------------------------------------------------

async function telegramView(deps: NotificationsDeps, userId: number): Promise<TelegramStatus> {
  const link = await repo.findActiveLink(deps.db, userId);
  return {
    available: deps.telegram.available,
    linked: link !== null,
    label: link?.chatLabel ?? null,
    linked_at: link ? link.linkedAt.toISOString() : null,
    bot_username: deps.telegram.botUsername,
  };
}

/** GET /user/notification_settings/telegram. */
export async function telegramStatus(deps: NotificationsDeps, session: SessionRow | null): Promise<TelegramStatus> {
  const user = await requireVerifiedUser(deps.db, session);
  return telegramView(deps, user.id);
}

/**
 * POST /user/notification_settings/telegram: a new one-time code (128 bits, URL-safe, 10 minutes)
 * and the t.me deep link that hands it to the bot. Older unused codes of the user stop working.
 * 409 while no bot is configured.
 */
export async function createTelegramCode(
  deps: NotificationsDeps,
  session: SessionRow | null,
): Promise<TelegramLinkCode> {
  const user = await requireVerifiedUser(deps.db, session);
  if (!deps.telegram.available) throw new AppError('TELEGRAM_UNAVAILABLE', 409, E.telegramUnavailable);
  const code = randomBytes(16).toString('base64url');
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + TELEGRAM_CODE_TTL_MS);
  await transaction(deps, async (tx) => {
    await repo.retireLinkCodes(tx, user.id, now);
    await repo.insertLinkCode(tx, { userId: user.id, codeHash: linkCodeHash(code), createdAt: now, expiresAt });
  });
  const bot = deps.telegram.botUsername;
  return {
    code,
    deep_link: bot ? `https://t.me/${bot}?start=${code}` : null,
    expires_at: expiresAt.toISOString(),
  };
}

/** DELETE /user/notification_settings/telegram: unlinks (idempotent) and tells the chat. */
export async function unlinkTelegram(deps: NotificationsDeps, session: SessionRow | null): Promise<TelegramStatus> {
  const user = await requireVerifiedUser(deps.db, session);
  await transaction(deps, async (tx) => {
    const chatId = await repo.unlinkUser(tx, user.id, deps.clock());
    if (chatId) await sendBotText(deps.outbox, tx, chatId, B.stopped);
  });
  return telegramView(deps, user.id);
}

/** Queues a bot message to a chat through the outbox (retried like every message). */
export async function sendBotText(outbox: Outbox, tx: Database, chatId: string, text: string): Promise<void> {
  await outbox.enqueue({ channel: 'telegram', to: chatId, body: text, bodyRedacted: text, kind: 'telegram:bot' }, tx);
}

// ---- unsubscribe ------------------------------------------------------------------------------------

const invalidLink = () =>
  new AppError('UNSUBSCRIBE_INVALID', 400, E.unsubscribeInvalid, { token: E.unsubscribeInvalid });

async function subjectOf(deps: NotificationsDeps, token: string) {
  const subject = verifyUnsubscribe(deps.unsubscribeKey, token);
  if (!subject) throw invalidLink();
  if (subject.kind === 'user' && !(await repo.findNotifiableUser(deps.db, subject.userId))) throw invalidLink();
  return subject;
}

/** GET /notifications/unsubscribe: what the link turns off. Changes nothing (mail scanners follow links). */
export async function unsubscribeInfo(
  deps: NotificationsDeps,
  token: string,
  event: NotificationEvent | undefined,
): Promise<UnsubscribeInfo> {
  const subject = await subjectOf(deps, token);
  if (subject.kind === 'email') return { kind: 'address', event: null, event_label: null, unsubscribed: null };
  return {
    kind: 'account',
    event: event ?? null,
    event_label: event ? cargoStatusLabel(event) : null,
    unsubscribed: null,
  };
}

/**
 * POST /notifications/unsubscribe: an account's link turns e-mail off for `event` (or every event
 * without one) in the user's settings; an address link stops every status e-mail to the address.
 * Idempotent; needs no session (the token is the proof).
 */
export async function unsubscribe(
  deps: NotificationsDeps,
  token: string,
  event: NotificationEvent | null | undefined,
): Promise<UnsubscribeInfo> {
  const subject = await subjectOf(deps, token);
  if (subject.kind === 'email') {
    await repo.insertEmailOptOut(deps.db, subject.email);
    return { kind: 'address', event: null, event_label: null, unsubscribed: 'all' };
  }
  await transaction(deps, async (tx) => {
    await repo.lockPreferences(tx, subject.userId);
    const preferences = readNotificationPreferences(await repo.findPreferences(tx, subject.userId));
    for (const each of event ? [event] : NOTIFICATION_EVENTS) preferences.events[each].email = false;
    await repo.savePreferences(tx, subject.userId, preferences);
  });
  return {
    kind: 'account',
    event: event ?? null,
    event_label: event ? cargoStatusLabel(event) : null,
    unsubscribed: event ? 'event' : 'all',
  };
}
