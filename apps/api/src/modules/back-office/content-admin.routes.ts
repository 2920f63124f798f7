import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ErrorBodySchema } from '@freight/contracts';
import {
  AdminDiscountPageSchema,
  AdminDiscountSchema,
  AdminFooterLinkSchema,
  AdminFooterLinksSchema,
  AdminNewsPageSchema,
  AdminNewsSchema,
  AdminOfferPageSchema,
  AdminOfferSchema,
  AdminPromotionPageSchema,
  AdminPromotionSchema,
  ContentListQuerySchema,
  DeletedSchema,
  DiscountInputSchema,
  FooterLinkInputSchema,
  IdParamsSchema,
  NewsInputSchema,
  OfferInputSchema,
  PromotionInputSchema,
  UserIdParamsSchema,
} from '@freight/contracts/back-office-content';
import type { BackOfficeDeps } from './back-office.deps';
import { IMAGE_MULTIPART_LIMITS, takeImageUpload } from './content-image';
import { editableListRoutes, WRITE_ERRORS } from './list-routes';
import * as service from './content-admin.service';
import { requireStaff } from './staff-context';

const errors = WRITE_ERRORS;
const uploadErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema };

/**
 * Content and offers of the back-office (issue 17, item 4). [content.edit]: news (drafts too),
 * promotions, their illustrations, footer links. [offers.edit]: offers to clients and personal
 * discounts. Every change writes the audit log in its transaction.
 */
export const contentAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const content = requireStaff('content.edit');
  const offers = requireStaff('offers.edit');
  const tags = ['back-office'];

  // --- News --------------------------------------------------------------------------------

  editableListRoutes(app, {
    path: '/api/v1/back-office/news',
    preHandler: content,
    input: NewsInputSchema,
    item: AdminNewsSchema,
    summaries: {
      list: 'News and events, drafts and future ones too, newest first; q finds a title or slug',
      get: 'One news item',
      create: 'Creates a news item or event (an empty slug is made from the title in Latin letters)',
      update: 'Saves a news item (a published one is on /news at once)',
      remove: 'Deletes a news item',
    },
    list: { page: AdminNewsPageSchema, find: (query) => service.listNews(deps, query) },
    get: (id) => service.getNews(deps, id),
    create: (request, body) => service.createNews(deps, request, body),
    update: (request, id, body) => service.updateNews(deps, request, id, body),
    remove: (request, id) => service.deleteNews(deps, request, id),
  });

  // --- Promotions --------------------------------------------------------------------------

  editableListRoutes(app, {
    path: '/api/v1/back-office/promotions',
    preHandler: content,
    input: PromotionInputSchema,
    item: AdminPromotionSchema,
    summaries: {
      list: 'Promotions, inactive ones too; q finds a title, slug or promo code',
      get: 'One promotion',
      create: 'Creates a promotion',
      update: 'Saves a promotion',
      remove: 'Deletes a promotion',
    },
    list: { page: AdminPromotionPageSchema, find: (query) => service.listPromotions(deps, query) },
    get: (id) => service.getPromotion(deps, id),
    create: (request, body) => service.createPromotion(deps, request, body),
    update: (request, id, body) => service.updatePromotion(deps, request, id, body),
    remove: (request, id) => service.deletePromotion(deps, request, id),
  });

  // --- Illustrations (uploads in a multipart scope of their own) -----------------------------

  const illustrated = [
    {
      path: '/api/v1/back-office/news',
      name: 'a news item',
      item: AdminNewsSchema,
      set: service.setNewsImage,
      remove: service.removeNewsImage,
    },
    {
      path: '/api/v1/back-office/promotions',
      name: 'a promotion',
      item: AdminPromotionSchema,
      set: service.setPromotionImage,
      remove: service.removePromotionImage,
    },
  ] as const;

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
    const images = { storage: deps.storage, scratchDir: deps.scratchDir };
    for (const { path, name, item, set } of illustrated) {
      uploads.put(
        `${path}/:id/image`,
        {
          preHandler: content,
          schema: {
            tags,
            summary: `Uploads the illustration of ${name}`,
            description:
              'multipart/form-data with one file (any field name): JPEG, PNG or WebP by its content, whatever its ' +
              'name, at most 10 MB; checked, re-encoded without metadata and stored. Replaces the previous illustration.',
            consumes: ['multipart/form-data'],
            params: IdParamsSchema,
            response: { 200: item, ...uploadErrors },
          },
        },
        async (request, reply) =>
          takeImageUpload<Awaited<ReturnType<typeof set>>>(request, reply, images, (image) =>
            set(deps, request, request.params.id, image),
          ),
      );
    }
  });

  for (const { path, name, item, remove } of illustrated) {
    app.delete(
      `${path}/:id/image`,
      {
        preHandler: content,
        schema: {
          tags,
          summary: `Removes the illustration of ${name}`,
          params: IdParamsSchema,
          response: { 200: item, ...errors },
        },
      },
      async (request) => remove(deps, request, request.params.id),
    );
  }

  // --- Footer links ------------------------------------------------------------------------

  app.get(
    '/api/v1/back-office/footer_links',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Footer links of the five categories, hidden ones too',
        response: { 200: AdminFooterLinksSchema, ...errors },
      },
    },
    async () => service.listFooterLinks(deps),
  );

  editableListRoutes(app, {
    path: '/api/v1/back-office/footer_links',
    preHandler: content,
    input: FooterLinkInputSchema,
    item: AdminFooterLinkSchema,
    summaries: {
      create: 'Adds a footer link (url: http(s)://… or a path on the site starting with /)',
      update: 'Saves a footer link',
      remove: 'Deletes a footer link',
    },
    create: (request, body) => service.createFooterLink(deps, request, body),
    update: (request, id, body) => service.updateFooterLink(deps, request, id, body),
    remove: (request, id) => service.deleteFooterLink(deps, request, id),
  });

  // --- Offers ------------------------------------------------------------------------------

  editableListRoutes(app, {
    path: '/api/v1/back-office/offers',
    preHandler: offers,
    input: OfferInputSchema,
    item: AdminOfferSchema,
    summaries: {
      list: 'Offers to clients, newest validity first; q finds a title or a profile name',
      create: 'Creates an offer: to every client, or to one profile (account_uuid)',
      update: 'Saves an offer',
      remove: 'Deletes an offer',
    },
    list: { page: AdminOfferPageSchema, find: (query) => service.listOffers(deps, query) },
    create: (request, body) => service.createOffer(deps, request, body),
    update: (request, id, body) => service.updateOffer(deps, request, id, body),
    remove: (request, id) => service.deleteOffer(deps, request, id),
  });

  // --- Personal discounts ------------------------------------------------------------------

  app.get(
    '/api/v1/back-office/discounts',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Personal discounts with the client’s name and phone; q finds a name or phone',
        querystring: ContentListQuerySchema,
        response: { 200: AdminDiscountPageSchema, ...errors },
      },
    },
    async (request) => service.listDiscounts(deps, request.query),
  );

  app.put(
    '/api/v1/back-office/discounts',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Sets a client’s personal discount (the client by phone in any format; 0.01–50 %)',
        body: DiscountInputSchema,
        response: { 200: AdminDiscountSchema, ...errors },
      },
    },
    async (request) => service.setDiscount(deps, request, request.body),
  );

  app.delete(
    '/api/v1/back-office/discounts/:userId',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Removes a client’s personal discount',
        params: UserIdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteDiscount(deps, request, request.params.userId);
      return { ok: true as const };
    },
  );
};
