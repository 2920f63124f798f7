import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, ErrorBodySchema } from '@freight/contracts';
import {
  NotificationPreferencesSchema,
  NotificationSettingsSchema,
  TelegramLinkCodeSchema,
  TelegramStatusSchema,
  UnsubscribeBodySchema,
  UnsubscribeInfoSchema,
  UnsubscribeQuerySchema,
} from '@freight/contracts/notifications';
import * as notifications from './notifications.service';

const tags = ['notifications'];

/**
 * Status notifications (issue 18; not in the spec): the user's settings and Telegram link
 * (signed-in verified users, their own only; 401 otherwise) and the public unsubscribe link of
 * the e-mails. Answers are personal: `Cache-Control: no-store`.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ deps: notifications.NotificationsDeps }> = async (
  app,
  { deps },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.notificationSettings,
    {
      schema: {
        tags,
        summary: 'The user’s notification settings: per status, the channels; the sender and recipient toggles',
        description:
          'Defaults until saved: e-mail and Telegram for every status, SMS for «Прибыл на терминал», «Доставляется до ' +
          'адреса» and «Выдан», nobody but the account. SMS are held 22:00–08:00 on the recipient city’s clock.',
        response: { 200: NotificationSettingsSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => notifications.getSettings(deps, await request.getSession()),
  );

  app.put(
    API_PATHS.notificationSettings,
    {
      schema: {
        tags,
        summary: 'Save the notification settings, whole',
        description: 'Every status and channel must be given as true or false; an unknown one is refused (400).',
        body: NotificationPreferencesSchema,
        response: { 200: NotificationSettingsSchema, 400: ErrorBodySchema, 401: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => notifications.saveSettings(deps, await request.getSession(), request.body),
  );

  app.get(
    API_PATHS.telegramLink,
    {
      schema: {
        tags,
        summary: 'Whether a Telegram chat is linked (and whether linking is available)',
        response: { 200: TelegramStatusSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => notifications.telegramStatus(deps, await request.getSession()),
  );

  app.post(
    API_PATHS.telegramLink,
    {
      schema: {
        tags,
        summary: 'A one-time code to link a Telegram chat (10 minutes) and the t.me link that carries it',
        description:
          'The person opens the link (or sends `/start <code>` to the bot); the bot links the chat and answers ' +
          '«Уведомления подключены». A new code voids the older ones. 409 while no bot is configured.',
        response: { 201: TelegramLinkCodeSchema, 401: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const code = await notifications.createTelegramCode(deps, await request.getSession());
      return reply.code(201).send(code);
    },
  );

  app.delete(
    API_PATHS.telegramLink,
    {
      schema: {
        tags,
        summary: 'Unlink the Telegram chat (idempotent); the chat is told',
        response: { 200: TelegramStatusSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => notifications.unlinkTelegram(deps, await request.getSession()),
  );

  app.get(
    API_PATHS.unsubscribe,
    {
      schema: {
        tags,
        summary: 'What an e-mail’s unsubscribe link turns off (changes nothing)',
        description:
          'Public, no session. A link scanner that follows the link must not unsubscribe anyone: the change is the ' +
          'POST. A forged or malformed token: 400.',
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeInfoSchema, 400: ErrorBodySchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => notifications.unsubscribeInfo(deps, request.query.token, request.query.event),
  );

  app.post(
    API_PATHS.unsubscribe,
    {
      schema: {
        tags,
        summary: 'Turn the e-mails off: one status, or all (idempotent)',
        description:
          'An account link: e-mail off for `event` (every status without it) in the owner’s settings. An address link ' +
          '(a sender or recipient named in an order): no more status e-mails to that address. Public, no session.',
        body: UnsubscribeBodySchema,
        response: { 200: UnsubscribeInfoSchema, 400: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => notifications.unsubscribe(deps, request.body.token, request.body.event),
  );
};
