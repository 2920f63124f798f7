import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NotificationPreferences } from '@freight/domain/notifications';
import { createdAt, updatedAt } from './columns';
import { outbox } from './identity';
import { users } from './index';
import { cargoStatusHistory, cargos } from './orders';

/*
 * Status notifications (issue 18): each user's choices, their linked Telegram chat, and the
 * record of what was sent for which status change (so a change is never announced twice).
 */

/**
 * A user's notification settings, saved whole (domain NotificationPreferencesSchema). No row:
 * the defaults of `defaultNotificationPreferences`. Read through `readNotificationPreferences`,
 * so settings saved before an event existed still work.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Telegram chats linked to users (a private chat with our bot). One active link per user; a
 * new link ends the old one, unlinking (settings, or /stop in the chat) stamps `unlinked_at`.
 */
export const telegramLinks = pgTable(
  'telegram_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Telegram's chat id (a private chat: the person's user id), as text. */
    chatId: text('chat_id').notNull(),
    /** How the settings page names the chat: @username or the first name. */
    chatLabel: text('chat_label'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
    unlinkedAt: timestamp('unlinked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_links_user_active_unique')
      .on(t.userId)
      .where(sql`${t.unlinkedAt} is null`),
    index('telegram_links_chat_idx').on(t.chatId),
  ],
);

/**
 * One-time codes that link a chat: the settings page shows the code (and the t.me deep link
 * carrying it), the bot receives `/start <code>`. Only SHA-256 of the 128-bit code is kept; a
 * code lives 10 minutes and is spent by its first use. A new code retires the user's older ones.
 */
export const telegramLinkCodes = pgTable(
  'telegram_link_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('telegram_link_codes_hash_unique').on(t.codeHash),
    index('telegram_link_codes_user_idx').on(t.userId),
  ],
);

/**
 * The getUpdates offset of each bot (keyed by the bot's numeric id, the public part of its
 * token): the next update to read. Advanced in the transaction that handles an update, so an
 * update is handled once even with several API instances polling.
 */
export const telegramBotState = pgTable('telegram_bot_state', {
  botId: text('bot_id').primaryKey(),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * What went out for a status change: one row per history entry, channel and kind of recipient
 * (owner, sender, recipient), written in the transaction that queues the message. The unique
 * key makes a repeated job (or a second worker) skip what was already sent; the rows of a cargo
 * also tell whether its last message on a channel already named the same status. No address is
 * kept here (the outbox row has it while the message lives).
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    historyId: bigint('history_id', { mode: 'number' })
      .notNull()
      .references(() => cargoStatusHistory.id, { onDelete: 'cascade' }),
    cargoId: bigint('cargo_id', { mode: 'number' })
      .notNull()
      .references(() => cargos.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    /** sms | email | telegram */
    channel: text('channel').notNull(),
    /** owner | sender | recipient */
    recipientKind: text('recipient_kind').notNull(),
    /** queued | duplicate | not_mobile | budget | capped */
    outcome: text('outcome').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).references(() => outbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_unique').on(t.historyId, t.channel, t.recipientKind),
    index('notification_deliveries_cargo_idx').on(t.cargoId, t.channel, t.recipientKind, t.historyId),
    check('notification_deliveries_channel_valid', sql`${t.channel} in ('sms', 'email', 'telegram')`),
    check('notification_deliveries_recipient_valid', sql`${t.recipientKind} in ('owner', 'sender', 'recipient')`),
  ],
);

/**
 * Addresses that asked (by the link in a message) to get no more status e-mails about cargos in
 * which someone named them sender or recipient. Kept lower-cased. Account owners turn e-mails
 * off in their settings instead.
 */
export const notificationEmailOptOuts = pgTable('notification_email_opt_outs', {
  email: text('email').primaryKey(),
  createdAt: createdAt(),
});
