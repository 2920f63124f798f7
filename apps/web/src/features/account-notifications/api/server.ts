import 'server-only';
import { API_PATHS } from '@freight/contracts';
import {
  NotificationSettingsSchema,
  TelegramStatusSchema,
  UnsubscribeInfoSchema,
  type NotificationSettings,
  type TelegramStatus,
  type UnsubscribeInfo,
} from '@freight/contracts/notifications';
import { apiGet, ApiStatusError } from '@/lib/api/server';

/**
 * The user's notification settings and Telegram link (GET /user/notification_settings and
 * …/telegram), read on the visitor's behalf. A refusal is `{ kind: 'refused' }` (the section says
 * so); the API being down throws to the error boundary.
 */
export async function loadNotificationSettings(): Promise<
  { kind: 'ok'; settings: NotificationSettings; telegram: TelegramStatus } | { kind: 'refused'; status: number }
> {
  try {
    const [settings, telegram] = await Promise.all([
      apiGet(API_PATHS.notificationSettings, NotificationSettingsSchema),
      apiGet(API_PATHS.telegramLink, TelegramStatusSchema),
    ]);
    return { kind: 'ok', settings, telegram };
  } catch (error) {
    if (error instanceof ApiStatusError) return { kind: 'refused', status: error.status };
    throw error;
  }
}

/**
 * What an e-mail's unsubscribe link turns off (GET /notifications/unsubscribe: changes nothing),
 * or null for a link the API refuses (forged, altered, of a deleted account).
 */
export async function loadUnsubscribeInfo(token: string, event: string | null): Promise<UnsubscribeInfo | null> {
  const query = new URLSearchParams({ token, ...(event ? { event } : {}) });
  try {
    return await apiGet(`${API_PATHS.unsubscribe}?${query.toString()}`, UnsubscribeInfoSchema);
  } catch (error) {
    if (error instanceof ApiStatusError) return null;
    throw error;
  }
}
