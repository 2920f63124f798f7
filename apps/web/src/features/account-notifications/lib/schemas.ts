// Loaded on demand (see ./form.ts): zod stays out of the page's first-load JavaScript.
import { NotificationPreferencesSchema } from '@freight/contracts/notifications';

/** The settings form: the API's own body schema (every status, every channel, both participants). */
export const NotificationsFormSchema = NotificationPreferencesSchema;
