import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { API_PATHS } from '@freight/contracts';

/**
 * OpenAPI 3.1 generated from the routes' zod schemas, served at /api/v1/openapi.json and
 * browsable at /api/docs. The API is public for integrators, so the docs are meant to be exposed.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { sessionCookie: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'API «Магистраль»',
          description:
            'HTTP API перевозчика сборных грузов «Магистраль». Все ошибки имеют вид ' +
            '`{ "error": { "code", "message", "fields" } }`; сообщения — на русском языке. ' +
            'Изменяющие запросы из браузера принимаются только с нашего сайта (проверка Origin / Sec-Fetch-Site). ' +
            'Программы клиента вызывают операции со схемой `bearerAuth` с ключом API профиля в заголовке ' +
            '`Authorization: Bearer mg_live_…` (ключи выпускаются в личном кабинете, раздел «Интеграции»); ' +
            'запрос с ключом и без cookie не требует этих заголовков.',
          version: '1.0.0',
        },
        servers: [{ url: '/' }],
        tags: [
          { name: 'service', description: 'Служебные: доступность и готовность' },
          { name: 'auth', description: 'Сессии и авторизация' },
          { name: 'content', description: 'Содержимое сайта' },
          { name: 'feedback', description: 'Обратная связь' },
          { name: 'integrations', description: 'Ключи API профиля клиента' },
        ],
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: opts.sessionCookie },
            // Client API keys (modules/api-keys): the operations a key may call list it in `security`.
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'mg_live_<8>_<40>',
              description:
                'Ключ API профиля клиента. Неверный или отозванный ключ — 401, вызов вне прав ключа — 403, ' +
                'сверх лимита ключа в минуту — 429 с Retry-After.',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });

    app.get(API_PATHS.openapi, { schema: { hide: true } }, async (_request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return app.swagger();
    });

    await app.register(swaggerUi, {
      routePrefix: API_PATHS.docs,
      uiConfig: { docExpansion: 'list', deepLinking: true, url: API_PATHS.openapi },
      staticCSP: true,
    });
  },
  { name: 'openapi' },
);
