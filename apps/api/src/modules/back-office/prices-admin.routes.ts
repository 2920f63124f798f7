import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  AdminPromoCodePageSchema,
  AdminPromoCodeSchema,
  AdminTariffPageSchema,
  AdminTariffSchema,
  IdParamsSchema,
  PricePreviewSchema,
  PromoCodeDeletedSchema,
  PromoCodeInputSchema,
  TariffBulkInputSchema,
  TariffBulkResultSchema,
  TariffListQuerySchema,
  TariffPreviewInputSchema,
  TariffRatesInputSchema,
} from '@freight/contracts/back-office-content';
import type { BackOfficeDeps } from './back-office.deps';
import * as service from './prices-admin.service';
import { editableListRoutes } from './list-routes';
import { requireStaff } from './staff-context';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
};

/**
 * Tariffs and promo codes of the back-office (issue 17, item 4) [prices.edit]. Previews price
 * sample shipments with the real pricing service and save nothing; saved changes write the audit
 * log and reach the calculator of every API instance at once (announcePriceChange after commit).
 */
export const pricesAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const prices = requireStaff('prices.edit');
  const tags = ['back-office'];

  app.get(
    '/api/v1/back-office/tariffs',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Tariff routes between zones with their rates; q finds a zone or a city of either zone',
        querystring: TariffListQuerySchema,
        response: { 200: AdminTariffPageSchema, ...errors },
      },
    },
    async (request) => service.listTariffs(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/tariffs/:id',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'One tariff route',
        params: IdParamsSchema,
        response: { 200: AdminTariffSchema, ...errors },
      },
    },
    async (request) => service.getTariff(deps, request.params.id),
  );

  app.post(
    '/api/v1/back-office/tariffs/preview',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Sample prices before and after a tariff change (every route by N %, or new rates of some routes)',
        description:
          'Warehouse to warehouse, 100 kg / 0.5 m³ and 1 000 kg / 5 m³, Москва → Санкт-Петербург, Москва → ' +
          'Новосибирск, Екатеринбург → Казань (and a lane of each changed route), every transportation type. ' +
          'Computed by the calculator inside a transaction that is rolled back: nothing is saved.',
        body: TariffPreviewInputSchema,
        response: { 200: PricePreviewSchema, ...errors },
      },
    },
    async (request) => service.previewTariffs(deps, request.body),
  );

  app.post(
    '/api/v1/back-office/tariffs/bulk',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Raises or lowers every tariff route by N % (−50…+100), rounded to whole kopecks',
        body: TariffBulkInputSchema,
        response: { 200: TariffBulkResultSchema, ...errors },
      },
    },
    async (request) => service.changeAllTariffs(deps, request, request.body.percent_change),
  );

  app.put(
    '/api/v1/back-office/tariffs/:id',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Saves the rates of one tariff route',
        params: IdParamsSchema,
        body: TariffRatesInputSchema,
        response: { 200: AdminTariffSchema, ...errors },
      },
    },
    async (request) => service.updateTariff(deps, request, request.params.id, request.body),
  );

  editableListRoutes(app, {
    path: '/api/v1/back-office/promo_codes',
    preHandler: prices,
    input: PromoCodeInputSchema,
    item: AdminPromoCodeSchema,
    summaries: {
      list: 'Promo codes, active first; q finds a code',
      create: 'Creates a promo code (A–Z and 0–9, stored upper-case)',
      update: 'Saves a promo code',
    },
    list: { page: AdminPromoCodePageSchema, find: (query) => service.listPromoCodes(deps, query) },
    create: (request, body) => service.createPromoCode(deps, request, body),
    update: (request, id, body) => service.updatePromoCode(deps, request, id, body),
    errors,
  });

  app.post(
    '/api/v1/back-office/promo_codes/preview',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Sample prices by car without and with a promo code as given (nothing is saved)',
        body: PromoCodeInputSchema,
        response: { 200: PricePreviewSchema, ...errors },
      },
    },
    async (request) => service.previewPromoCode(deps, request.body),
  );

  app.delete(
    '/api/v1/back-office/promo_codes/:id',
    {
      preHandler: prices,
      schema: {
        tags,
        summary: 'Deletes an unused promo code; one already used is switched off instead',
        params: IdParamsSchema,
        response: { 200: PromoCodeDeletedSchema, ...errors },
      },
    },
    async (request) => service.deletePromoCode(deps, request, request.params.id),
  );
};
