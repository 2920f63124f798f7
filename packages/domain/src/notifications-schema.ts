import { z } from 'zod';
import { NOTIFICATION_EVENTS, type NotificationEvent, type NotificationPreferences } from './notifications';

const ChannelsSchema = z.strictObject({ sms: z.boolean(), email: z.boolean(), telegram: z.boolean() });

/**
 * The notification settings as a body (PUT /user/notification_settings and the settings form):
 * every event with all three channels, both participants, each a boolean; nothing else.
 */
export const NotificationPreferencesSchema: z.ZodType<NotificationPreferences> = z.strictObject({
  events: z.strictObject(
    Object.fromEntries(NOTIFICATION_EVENTS.map((event) => [event, ChannelsSchema])) as Record<
      NotificationEvent,
      typeof ChannelsSchema
    >,
  ),
  participants: z.strictObject({ sender: z.boolean(), recipient: z.boolean() }),
});
