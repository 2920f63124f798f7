import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DynamicContentResponseSchema, ErrorBodySchema } from '@freight/contracts';
import type { Database } from '@freight/db';
import { findActiveFooterLinks } from './content.repository';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/v1/duty_dynamic_content/dynamic_content',
    {
      schema: {
        tags: ['content'],
        summary: 'Footer links in five categories',
        description:
          'Categories: 1 Компания, 2 Условия перевозок, 3 Услуги и сервисы, 4 Онлайн сервисы, 5 Другое. ' +
          'An absolute url opens in a new tab; a relative one is a path on the site.',
        response: { 200: DynamicContentResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return findActiveFooterLinks(db);
    },
  );
};
