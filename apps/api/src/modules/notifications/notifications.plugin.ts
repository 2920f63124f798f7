import type { FastifyInstance } from 'fastify';
import type { Database } from '@freight/db';
import type { AppConfig } from '../../config/env';
import { TelegramBotApi } from '../messaging/telegram.transport';
import { notificationsRoutes } from './notifications.routes';
import type { NotificationsDeps } from './notifications.service';
import { STATUS_EMAILS_PER_RECIPIENT_HOUR, registerNotificationWorkers } from './notifications.worker';
import { TelegramPoller } from './telegram-poller';
import { unsubscribeKey } from './unsubscribe-token';

declare module 'fastify' {
  interface FastifyInstance {
    /** The bot's getUpdates poller (null without TELEGRAM_BOT_TOKEN); tests call `pollOnce()`. */
    telegramPoller: TelegramPoller | null;
  }
}

/**
 * Wires status notifications (issue 18) into the app, after identity (it uses `app.outbox`,
 * `app.smsPolicy`) and before the job queue starts (`app.jobs`): the settings, Telegram and
 * unsubscribe routes, the worker of `notify.cargo_status`, and — with a bot token, in a process
 * that runs workers (JOB_WORKERS) — the getUpdates loop, started when the app is ready and stopped
 * on close.
 */
export async function registerNotifications(
  app: FastifyInstance,
  options: { config: AppConfig; db: Database; clock?: (() => Date) | undefined },
): Promise<void> {
  const { config, db } = options;
  const clock = options.clock ?? (() => new Date());
  const telegram = config.messaging.telegram;
  const deps: NotificationsDeps = {
    db,
    clock,
    outbox: app.outbox,
    sms: app.smsPolicy,
    publicOrigin: config.publicOrigin,
    unsubscribeKey: unsubscribeKey(config.notifications.unsubscribeKey, config.captcha.hmacKey),
    telegram: { available: telegram !== undefined, botUsername: config.notifications.telegramBotUsername ?? null },
    quietHours: config.notifications.quietHours,
    emailsPerRecipientHour: STATUS_EMAILS_PER_RECIPIENT_HOUR,
    log: app.log,
  };
  await app.register(notificationsRoutes, { deps });
  registerNotificationWorkers(app.jobs, deps);

  const poller = telegram
    ? new TelegramPoller({
        db,
        api: new TelegramBotApi(telegram),
        outbox: app.outbox,
        clock,
        timeoutSeconds: config.notifications.telegramPollTimeoutSeconds,
        log: app.log,
      })
    : null;
  app.decorate('telegramPoller', poller);
  if (poller && config.jobs.workers) {
    app.addHook('onReady', async () => poller.start());
    app.addHook('onClose', async () => poller.stop());
  }
}
