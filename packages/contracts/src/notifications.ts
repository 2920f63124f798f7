import { z } from 'zod';
import { NOTIFICATION_EVENTS } from '@freight/domain/notifications';
import { NotificationPreferencesSchema as DomainPreferencesSchema } from '@freight/domain/notifications-schema';
import { NOTIFICATIONS_TEXTS } from '@freight/domain/texts/notifications';

/*
 * Status notifications (issue 18): the user's settings, the Telegram link and the unsubscribe
 * link of the e-mails. Not in the spec.
 */

const E = NOTIFICATIONS_TEXTS.errors;

export const NotificationEventSchema = z.enum(NOTIFICATION_EVENTS, { error: E.eventUnknown });

/** PUT /user/notification_settings: the settings, whole (every event, every channel, both participants). */
export const NotificationPreferencesSchema = DomainPreferencesSchema.meta({
  id: 'NotificationPreferences',
  description:
    'events: per status, the channels (sms, email, telegram) that carry it; participants: whether the sender and ' +
    'the recipient named in the order also get SMS and e-mail of the chosen statuses (never Telegram).',
});

/** GET and PUT /user/notification_settings. */
export const NotificationSettingsSchema = z
  .object({
    preferences: NotificationPreferencesSchema,
    events: z
      .array(z.object({ event: NotificationEventSchema, label: z.string() }))
      .meta({ description: 'The events in display order, with their Russian labels' }),
    has_phone: z.boolean().meta({ description: 'The account has a phone: SMS can reach it' }),
    has_email: z.boolean().meta({ description: 'The account has an e-mail: letters can reach it' }),
    quiet_hours: z
      .object({ from: z.string(), to: z.string() })
      .meta({ description: 'SMS are held from `from` to `to` on the recipient city’s clock (HH:MM)' }),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** GET and DELETE /user/notification_settings/telegram. */
export const TelegramStatusSchema = z
  .object({
    available: z.boolean().meta({ description: 'A bot is configured: a chat can be linked' }),
    linked: z.boolean(),
    label: z.string().nullable().meta({ description: '@username or the first name of the linked chat' }),
    linked_at: z.string().nullable(),
    bot_username: z.string().nullable(),
  })
  .meta({ id: 'TelegramStatus' });
export type TelegramStatus = z.infer<typeof TelegramStatusSchema>;

/** POST /user/notification_settings/telegram: a one-time code (10 minutes) and the t.me deep link carrying it. */
export const TelegramLinkCodeSchema = z
  .object({
    code: z.string(),
    deep_link: z.string().nullable().meta({ description: 'https://t.me/<bot>?start=<code>; null without a bot name' }),
    expires_at: z.string(),
  })
  .meta({ id: 'TelegramLinkCode' });
export type TelegramLinkCode = z.infer<typeof TelegramLinkCodeSchema>;

const UnsubscribeTokenSchema = z
  .string({ error: E.unsubscribeInvalid })
  .min(1, { error: E.unsubscribeInvalid })
  .max(600, { error: E.unsubscribeInvalid });

/** GET /notifications/unsubscribe?token&event: what the link would turn off (changes nothing). */
export const UnsubscribeQuerySchema = z.object({
  token: UnsubscribeTokenSchema,
  event: NotificationEventSchema.optional(),
});

/** POST /notifications/unsubscribe: turn it off. Without `event` (or for an address link): every status e-mail. */
export const UnsubscribeBodySchema = z.strictObject({
  token: UnsubscribeTokenSchema,
  event: NotificationEventSchema.nullable().optional(),
});

export const UnsubscribeInfoSchema = z
  .object({
    kind: z
      .enum(['account', 'address'])
      .meta({ description: 'account: the owner’s settings; address: an address named in someone’s order' }),
    event: NotificationEventSchema.nullable(),
    event_label: z.string().nullable(),
    /** After POST: what is off now. */
    unsubscribed: z.enum(['event', 'all']).nullable(),
  })
  .meta({ id: 'UnsubscribeInfo' });
export type UnsubscribeInfo = z.infer<typeof UnsubscribeInfoSchema>;
