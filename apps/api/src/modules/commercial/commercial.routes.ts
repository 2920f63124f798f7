import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  DiscountListSchema,
  ErrorBodySchema,
  ManagerListSchema,
  ManagerPhotoParamsSchema,
  ManagerRatingRequestSchema,
  ManagerRatingSchema,
  OfferListSchema,
  OfferSchema,
  TakeOfferQuerySchema,
} from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { assertSameOriginGet } from '../user/user.routes';
import * as commercial from './commercial.service';

export type { CommercialDeps } from './commercial.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

/** A manager's photo may be kept by the browser (never by a shared cache) this long. */
export const MANAGER_PHOTO_MAX_AGE_S = 3600;

/**
 * Discounts, offers, the personal manager and its rating (issue 16; spec §7 «User»). Signed-in
 * verified users only (401 otherwise). Answers are personal: `Cache-Control: no-store`, except
 * the manager's photo (private, an hour).
 */
export const commercialRoutes: FastifyPluginAsyncZod<{ deps: commercial.CommercialDeps }> = async (app, { deps }) => {
  const tags = ['commercial'];

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.discounts,
    {
      schema: {
        tags,
        summary: 'Discounts that apply to the user: the personal one and those of offers their profiles took',
        description:
          'Each with its conditions, validity and whether it applies now. Pricing uses the largest discount that ' +
          'applies (`rule`): the personal one on every order, an offer’s only while the profile that took it is the ' +
          'active one.',
        response: { 200: DiscountListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => commercial.listDiscounts(deps, await request.getSession()),
  );

  app.get(
    API_PATHS.offers,
    {
      schema: {
        tags,
        summary: 'Offers to the active profile',
        description:
          'Offers made for the profile the user acts for, and — for a company — those made for every business ' +
          'client. Ended or withdrawn offers are listed only when the profile took them (accepted_at). can_accept: ' +
          'not taken, in date, and the user’s role may take offers (owner, administrator).',
        response: { 200: OfferListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => commercial.listOffers(deps, await request.getSession()),
  );

  app.get(
    API_PATHS.takeOffer,
    {
      schema: {
        tags,
        summary: 'Take an offer for the active profile (the spec’s GET): accepted only same-origin, idempotent',
        description:
          'Refused (403) unless Sec-Fetch-Site is same-origin or Origin is ours. An offer not made for the active ' +
          'profile: 404; a role without offers.accept: 403; ended, not started or withdrawn: 409. Taking it again ' +
          'answers the same offer with the same accepted_at.',
        querystring: TakeOfferQuerySchema,
        response: { 200: OfferSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      assertSameOriginGet(request, deps.allowedOrigins, MESSAGES.commercial.takeOfferForbidden);
      return commercial.takeOffer(deps, await request.getSession(), request.query.offer_id);
    },
  );

  app.get(
    API_PATHS.managers,
    {
      schema: {
        tags,
        summary: 'The personal manager of each of the user’s profiles that has one, with this month’s rating',
        response: { 200: ManagerListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => commercial.listManagers(deps, await request.getSession()),
  );

  app.get(
    `${API_PATHS.managerPhoto}/:id`,
    {
      schema: {
        tags,
        summary: 'The photo of a manager of one of the user’s profiles (photo_url of GET /user/managers)',
        description: 'The re-encoded JPEG or PNG the back-office stored. Any other manager: 404.',
        params: ManagerPhotoParamsSchema,
        produces: ['image/jpeg', 'image/png'],
      },
    },
    async (request, reply) => {
      const photo = await commercial.managerPhoto(deps, await request.getSession(), request.params.id);
      return reply
        .header('content-type', photo.contentType)
        .header('content-length', String(photo.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', `private, max-age=${MANAGER_PHOTO_MAX_AGE_S}`)
        .send(photo.body);
    },
  );

  app.post(
    API_PATHS.managerRating,
    {
      schema: {
        tags,
        summary: 'Rate the personal manager of a profile: 1–5 with a comment, once a month',
        description:
          'The manager must be the current manager of that profile and the user its member (else 404). One rating ' +
          'per user, manager and calendar month (Moscow): a second is 409, from the 1st a new one is possible.',
        body: ManagerRatingRequestSchema,
        response: { 201: ManagerRatingSchema, ...errors, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const rating = await commercial.rateManager(deps, await request.getSession(), request.body);
      return reply.code(201).send(rating);
    },
  );
};
