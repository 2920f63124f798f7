import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { findActiveFooterLinks, findIntegrationMenu } from './content.repository';
import { getHolidays, getNews, listNews, listPromotions } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod<{ db: Database; clock?: () => Date }> = async (
  app,
  { db, clock = () => new Date() },
) => {
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
