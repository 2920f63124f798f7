import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { MESSAGES } from '@freight/domain';
import { BACK_OFFICE_CONTENT_TEXTS } from '@freight/domain/texts/back-office-content';
import { AppError } from '../../errors/app-error';
import type { BackOfficeDeps } from './back-office.deps';
import { CONTENT_IMAGE_MAX_BYTES, receiveContentImagePart } from './content-image';
import * as service from './content-admin.service';
import { requireStaff } from './staff-context';

const E = BACK_OFFICE_CONTENT_TEXTS.errors;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const uploadErrors = { ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema };

/** Multipart overhead allowed on top of the image bytes (boundary and part headers). */
const PART_OVERHEAD_BYTES = 64 * 1024;

/**
 * After refusing an upload whose body is still arriving: read the rest away (never kept) and
 * close the connection after the answer, so the browser gets the 4xx instead of a reset.
 */
function abandonBody(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.readableEnded) return;
  void reply.header('connection', 'close');
  request.raw.resume();
  const timer = setTimeout(() => request.raw.socket?.destroy(), 30_000);
  timer.unref();
  request.raw.once('end', () => clearTimeout(timer));
}

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

  app.get(
    '/api/v1/back-office/news',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'News and events, drafts and future ones too, newest first; q finds a title or slug',
        querystring: ContentListQuerySchema,
        response: { 200: AdminNewsPageSchema, ...errors },
      },
    },
    async (request) => service.listNews(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/news/:id',
    {
      preHandler: content,
      schema: { tags, summary: 'One news item', params: IdParamsSchema, response: { 200: AdminNewsSchema, ...errors } },
    },
    async (request) => service.getNews(deps, request.params.id),
  );

  app.post(
    '/api/v1/back-office/news',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Creates a news item or event (an empty slug is made from the title in Latin letters)',
        body: NewsInputSchema,
        response: { 201: AdminNewsSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createNews(deps, request, request.body)),
  );

  app.put(
    '/api/v1/back-office/news/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Saves a news item (a published one is on /news at once)',
        params: IdParamsSchema,
        body: NewsInputSchema,
        response: { 200: AdminNewsSchema, ...errors },
      },
    },
    async (request) => service.updateNews(deps, request, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/back-office/news/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Deletes a news item',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteNews(deps, request, request.params.id);
      return { ok: true as const };
    },
  );

  // --- Promotions --------------------------------------------------------------------------

  app.get(
    '/api/v1/back-office/promotions',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Promotions, inactive ones too; q finds a title, slug or promo code',
        querystring: ContentListQuerySchema,
        response: { 200: AdminPromotionPageSchema, ...errors },
      },
    },
    async (request) => service.listPromotions(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/promotions/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'One promotion',
        params: IdParamsSchema,
        response: { 200: AdminPromotionSchema, ...errors },
      },
    },
    async (request) => service.getPromotion(deps, request.params.id),
  );

  app.post(
    '/api/v1/back-office/promotions',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Creates a promotion',
        body: PromotionInputSchema,
        response: { 201: AdminPromotionSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createPromotion(deps, request, request.body)),
  );

  app.put(
    '/api/v1/back-office/promotions/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Saves a promotion',
        params: IdParamsSchema,
        body: PromotionInputSchema,
        response: { 200: AdminPromotionSchema, ...errors },
      },
    },
    async (request) => service.updatePromotion(deps, request, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/back-office/promotions/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Deletes a promotion',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.deletePromotion(deps, request, request.params.id);
      return { ok: true as const };
    },
  );

  // --- Illustrations (multipart, in a scope of their own) -----------------------------------

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipart, {
      limits: {
        // One byte of leeway: the checks refuse at the limit + 1 while streaming; busboy's own
        // limit is the backstop.
        fileSize: CONTENT_IMAGE_MAX_BYTES + 1,
        files: 2,
        fields: 5,
        fieldSize: 1024,
        parts: 7,
        headerPairs: 50,
      },
    });

    /** Receives the one image of the request, refusing what is plainly not an upload or too large. */
    const receive = (request: FastifyRequest) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.common.unsupportedMediaType);
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > CONTENT_IMAGE_MAX_BYTES + 2 * PART_OVERHEAD_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 413, E.imageTooLarge, { image: E.imageTooLarge });
      }
      return receiveContentImagePart(request.parts(), { storage: deps.storage, scratchDir: deps.scratchDir });
    };
    const upload = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (error) {
        abandonBody(request, reply);
        throw error;
      }
    };
    const imageDescription =
      'multipart/form-data with one file (any field name): JPEG, PNG or WebP by its content, whatever its name, ' +
      'at most 10 MB; checked, re-encoded without metadata and stored. Replaces the previous illustration.';

    uploads.put(
      '/api/v1/back-office/news/:id/image',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Uploads the illustration of a news item',
          description: imageDescription,
          consumes: ['multipart/form-data'],
          params: IdParamsSchema,
          response: { 200: AdminNewsSchema, ...uploadErrors },
        },
      },
      async (request, reply) =>
        upload(request, reply, async () =>
          service.setNewsImage(deps, request, request.params.id, await receive(request)),
        ),
    );

    uploads.put(
      '/api/v1/back-office/promotions/:id/image',
      {
        preHandler: content,
        schema: {
          tags,
          summary: 'Uploads the illustration of a promotion',
          description: imageDescription,
          consumes: ['multipart/form-data'],
          params: IdParamsSchema,
          response: { 200: AdminPromotionSchema, ...uploadErrors },
        },
      },
      async (request, reply) =>
        upload(request, reply, async () =>
          service.setPromotionImage(deps, request, request.params.id, await receive(request)),
        ),
    );
  });

  app.delete(
    '/api/v1/back-office/news/:id/image',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Removes the illustration of a news item',
        params: IdParamsSchema,
        response: { 200: AdminNewsSchema, ...errors },
      },
    },
    async (request) => service.removeNewsImage(deps, request, request.params.id),
  );

  app.delete(
    '/api/v1/back-office/promotions/:id/image',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Removes the illustration of a promotion',
        params: IdParamsSchema,
        response: { 200: AdminPromotionSchema, ...errors },
      },
    },
    async (request) => service.removePromotionImage(deps, request, request.params.id),
  );

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

  app.post(
    '/api/v1/back-office/footer_links',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Adds a footer link (url: http(s)://… or a path on the site starting with /)',
        body: FooterLinkInputSchema,
        response: { 201: AdminFooterLinkSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createFooterLink(deps, request, request.body)),
  );

  app.put(
    '/api/v1/back-office/footer_links/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Saves a footer link',
        params: IdParamsSchema,
        body: FooterLinkInputSchema,
        response: { 200: AdminFooterLinkSchema, ...errors },
      },
    },
    async (request) => service.updateFooterLink(deps, request, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/back-office/footer_links/:id',
    {
      preHandler: content,
      schema: {
        tags,
        summary: 'Deletes a footer link',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteFooterLink(deps, request, request.params.id);
      return { ok: true as const };
    },
  );

  // --- Offers ------------------------------------------------------------------------------

  app.get(
    '/api/v1/back-office/offers',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Offers to clients, newest validity first; q finds a title or a profile name',
        querystring: ContentListQuerySchema,
        response: { 200: AdminOfferPageSchema, ...errors },
      },
    },
    async (request) => service.listOffers(deps, request.query),
  );

  app.post(
    '/api/v1/back-office/offers',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Creates an offer: to every client, or to one profile (account_uuid)',
        body: OfferInputSchema,
        response: { 201: AdminOfferSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createOffer(deps, request, request.body)),
  );

  app.put(
    '/api/v1/back-office/offers/:id',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Saves an offer',
        params: IdParamsSchema,
        body: OfferInputSchema,
        response: { 200: AdminOfferSchema, ...errors },
      },
    },
    async (request) => service.updateOffer(deps, request, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/back-office/offers/:id',
    {
      preHandler: offers,
      schema: {
        tags,
        summary: 'Deletes an offer',
        params: IdParamsSchema,
        response: { 200: DeletedSchema, ...errors },
      },
    },
    async (request) => {
      await service.deleteOffer(deps, request, request.params.id);
      return { ok: true as const };
    },
  );

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
