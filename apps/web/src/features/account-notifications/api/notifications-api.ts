'use client';

// Deep and type-only imports keep zod and the schemas out of the browser bundle.
import { API_PATHS } from '@freight/contracts/paths';
import type {
  NotificationSettings,
  TelegramLinkCode,
  TelegramStatus,
  UnsubscribeInfo,
} from '@freight/contracts/notifications';
import type { NotificationEvent, NotificationPreferences } from '@freight/domain/notifications';
import { COMMON_TEXTS } from '@freight/domain/texts/common';
import { ApiError, apiFetch } from '@/lib/api/client';

/**
 * Browser calls of the «Уведомления» section. State-changing calls go same-origin with the
 * session cookie; the browser's Origin satisfies the API's CSRF rule (decision 004).
 */
export const notificationsApi = {
  /** PUT /user/notification_settings: the settings, whole. */
  save: (preferences: NotificationPreferences) =>
    apiFetch<NotificationSettings>(API_PATHS.notificationSettings, { method: 'PUT', json: preferences }),
  /** GET …/telegram: whether the chat is linked now (polled while a code waits). */
  telegramStatus: () => apiFetch<TelegramStatus>(API_PATHS.telegramLink, { cache: 'no-store' }),
  /** POST …/telegram: a one-time code and its t.me link. */
  telegramCode: () => apiFetch<TelegramLinkCode>(API_PATHS.telegramLink, { method: 'POST', json: {} }),
  /** DELETE …/telegram: unlink. */
  telegramUnlink: () => apiFetch<TelegramStatus>(API_PATHS.telegramLink, { method: 'DELETE' }),
  /** POST /notifications/unsubscribe: the e-mail link's confirmation (no session needed). */
  unsubscribe: (token: string, event: NotificationEvent | null) =>
    apiFetch<UnsubscribeInfo>(API_PATHS.unsubscribe, { method: 'POST', json: { token, event } }),
};

/** The Russian message of a failed call. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : COMMON_TEXTS.internalError;
}
