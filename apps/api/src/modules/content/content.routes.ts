import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContentImageParamsSchema,
  DynamicContentResponseSchema,
  ErrorBodySchema,
  HolidaysQuerySchema,
  HolidaysResponseSchema,
  IntegrationMenuResponseSchema,
  NewsDetailSchema,
  NewsListResponseSchema,
  NewsQuerySchema,
  NewsSlugParamsSchema,
  PromotionQuerySchema,
  PromotionsResponseSchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { FileStorage } from '../uploads/file-storage';
import { findActiveFooterLinks, findIntegrationMenu } from './content.repository';
import {
  CONTENT_IMAGE_PATH,
  CONTENT_IMAGE_PREFIX,
  getHolidays,
  getNews,
  listNews,
  listPromotions,
} from './content.service';

export interface ContentRoutesOptions {
  db: Database;
  clock?: () => Date;
  /** Where the back-office keeps illustrations; without it GET /content/images is not served. */
  storage?: FileStorage;
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const contentRoutes: FastifyPluginAsyncZod<ContentRoutesOptions> = async (
  app,
  { db, clock = () => new Date(), storage },
) => {
  if (storage) {
    app.get(
      `${CONTENT_IMAGE_PATH}/:name`,
      {
        schema: {
          tags: ['content'],
          summary: 'An illustration of a news item or promotion (image_url of their bodies)',
          description:
            'The re-encoded image the back-office stored (JPEG, PNG or WebP by content). A name is never reused, ' +
            'so the answer is cached for a year.',
          params: ContentImageParamsSchema,
          produces: ['image/jpeg', 'image/png', 'image/webp'],
        },
      },
      async (request, reply) => {
        const { name } = request.params;
        const stored = await storage.open(`${CONTENT_IMAGE_PREFIX}/${name}`);
        if (!stored) throw new AppError('NOT_FOUND', 404, MESSAGES.common.notFound);
        return reply
          .header('content-type', IMAGE_TYPES[name.slice(name.lastIndexOf('.') + 1)]!)
          .header('content-length', String(stored.size))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(stored.body);
      },
    );
  }

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

  app.get(
    '/api/v1/duty_dynamic_content/promotion',
    {
      schema: {
        tags: ['content'],
        summary: 'Promotions; actual=true keeps those running today',
        querystring: PromotionQuerySchema,
        response: { 200: PromotionsResponseSchema, 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return listPromotions(db, request.query.actual, clock());
    },
  );

  app.get(
    '/api/v1/duty_news/news',
    {
      schema: {
        tags: ['content'],
        summary: 'News and events, newest first; to_main_page=true for the home page; page, page_size, kind',
        querystring: NewsQuerySchema,
        response: { 200: NewsListResponseSchema, 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return listNews(db, request.query);
    },
  );

  app.get(
    '/api/v1/duty_news/news/:slug',
    {
      schema: {
        tags: ['content'],
        summary: 'One news item or event with its text',
        params: NewsSlugParamsSchema,
        response: { 200: NewsDetailSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return getNews(db, request.params.slug);
    },
  );

  app.get(
    '/api/v1/duty_holidays/',
    {
      schema: {
        tags: ['content'],
        summary: 'Production calendar 2024–2027: holidays, transferred days off, working weekends, short days',
        description:
          'From the Labour Code (art. 112, 95) and the government decrees for 2024–2026; 2027 is provisional ' +
          'until its decree is published. `year` narrows the answer to one year.',
        querystring: HolidaysQuerySchema,
        response: { 200: HolidaysResponseSchema, 400: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return getHolidays(request.query.year);
    },
  );

  app.get(
    '/api/v1/duty_integration_menu/',
    {
      schema: {
        tags: ['content'],
        summary: 'Ways to integrate with the carrier (API, widget, 1С, CMS, ЭДО)',
        response: { 200: IntegrationMenuResponseSchema, 503: ErrorBodySchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return findIntegrationMenu(db);
    },
  );
};
