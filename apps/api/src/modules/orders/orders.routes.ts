import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AvailableActionsSchema,
  CargoDetailsSchema,
  CargoListQuerySchema,
  CargoListResponseSchema,
  CargoRatingRequestSchema,
  CargoRatingResponseSchema,
  CargoRatingSchema,
  CargoStatusChangeSchema,
  ContactsChangeRequestSchema,
  DraftPutRequestSchema,
  DraftResponseSchema,
  DriverInfoSchema,
  ErrorBodySchema,
  FavoriteStateSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyHeadersSchema,
  OkResponseSchema,
  PaymentStatusSchema,
  RequestCreateBodySchema,
  RequestCreateResponseSchema,
  TrackingParamsSchema,
  TrackingResponseSchema,
  TrackNumberQuerySchema,
  TracknumberQuerySchema,
} from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { cargoTransferRoutes } from './cargo-transfer.routes';
import { createRequest, type RequestClient } from './orders.create';
import * as orders from './orders.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Address and browser of the caller, recorded with a personal-data consent. */
const clientOf = (request: FastifyRequest): RequestClient => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * The caller of a call an API key may make (`config.apiKeyScope`): the key's creator acting for
 * the key's profile (modules/api-keys), else the session of the cookie.
 */
const callerOf = async (request: FastifyRequest): Promise<orders.OrdersCaller> =>
  request.apiKey
    ? { kind: 'api_key', userId: request.apiKey.userId, profileId: request.apiKey.profileId }
    : request.getSession();

/** Lookups of public tracking per IP and minute. */
export const TRACKING_RATE_LIMIT = 30;

/**
 * Orders and cargo (issue 7): the order draft, request_create with an Idempotency-Key, the
 * spec's cargo calls (§7 «Cargo») and public tracking. Every call about a cargo checks that it
 * is the caller's (a verified user's, or the anonymous session's that created it); anyone
 * else's answers 404. Answers are personal: `Cache-Control: no-store`.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ deps: orders.OrdersDeps }> = async (app, { deps }) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  // ---- draft ----------------------------------------------------------------------------------------------

  app.get(
    '/api/v1/requests/draft',
    {
      schema: {
        tags: ['orders'],
        summary: 'The order draft saved for the caller (the user, or the anonymous session)',
        response: { 200: DraftResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => orders.getDraft(deps, await request.getSession()),
  );

  app.put(
    '/api/v1/requests/draft',
    {
      schema: {
        tags: ['orders'],
        summary: 'Save the order draft (replaces the previous one); survives a reload and a sign-in',
        description:
          'Without `draft.draft.consent` (the personal-data consent) the server keeps no personal data: the ' +
          "participants' details (name, phone, e-mail, ИНН, КПП) and the door addresses of natural persons are " +
          'dropped before the draft is stored. The answer is the draft as stored. The save that first brings ' +
          'the consent records it (channel `order_draft`).',
        body: DraftPutRequestSchema,
        response: { 200: DraftResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => orders.putDraft(deps, await request.getSession(), request.body.draft, clientOf(request)),
  );

  app.delete(
    '/api/v1/requests/draft',
    {
      schema: {
        tags: ['orders'],
        summary: 'Forget the order draft',
        response: { 200: OkResponseSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      await orders.deleteDraft(deps, await request.getSession());
      return { ok: true as const };
    },
  );

  // ---- request_create ---------------------------------------------------------------------------------------

  app.post(
    '/api/v1/requests/request_create',
    {
      schema: {
        tags: ['orders'],
        summary: 'Create a transport request from the order draft (Idempotency-Key required)',
        description:
          'The server validates the draft (including `draft.consent`: the personal-data consent, required ' +
          'for every order and recorded with the cargo), prices it again and creates the cargo with its track number. ' +
          'The same Idempotency-Key with the same body replays the first answer (header Idempotent-Replayed: true); ' +
          'with a different body it is 422; while the first is still being created a duplicate waits for it (409 after 10 s).',
        headers: IdempotencyHeadersSchema,
        body: RequestCreateBodySchema,
        response: { 201: RequestCreateResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, apiKeyScope: 'requests:create' },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string;
      // An API key's order sends no SMS or e-mail (the program has the answer) and leaves the
      // creator's wizard draft alone.
      const options = request.apiKey ? { notify: false, keepDraft: true } : {};
      const result = await createRequest(deps, await callerOf(request), key, request.body, clientOf(request), options);
      if (result.replayed) void reply.header('idempotent-replayed', 'true');
      return reply.code(result.status as 201).send(result.body as never);
    },
  );

  // ---- cargo (spec §7) -----------------------------------------------------------------------------------------

  app.get(
    '/api/v1/cargo/cargo',
    {
      schema: {
        tags: ['cargo'],
        summary: 'The caller’s cargo: filters, sorts, repeated cargo_statuses, exclude_closed, skip and limit',
        querystring: CargoListQuerySchema,
        response: { 200: CargoListResponseSchema, ...errors },
      },
      config: { apiKeyScope: 'cargo:read' },
    },
    async (request) => orders.listCargo(deps, await callerOf(request), request.query),
  );

  app.get(
    '/api/v1/cargo/get_current_cargo',
    {
      schema: {
        tags: ['cargo'],
        summary: 'One cargo of the caller with participants, route, price lines and the full history',
        querystring: TracknumberQuerySchema,
        response: { 200: CargoDetailsSchema, ...errors },
      },
      config: { apiKeyScope: 'cargo:read' },
    },
    async (request) => orders.getCurrentCargo(deps, await callerOf(request), request.query.tracknumber),
  );

  app.get(
    '/api/v1/cargo/payment_status',
    {
      schema: {
        tags: ['cargo'],
        summary: 'Whether the cargo is paid, what is due, paid storage',
        querystring: TrackNumberQuerySchema,
        response: { 200: PaymentStatusSchema, ...errors },
      },
      config: { apiKeyScope: 'cargo:read' },
    },
    async (request) => orders.paymentStatus(deps, await callerOf(request), request.query.track_number),
  );

  app.get(
    '/api/v1/cargo_lk/available_actions',
    {
      schema: {
        tags: ['cargo'],
        summary: 'What the caller may do with the cargo now (cancel, rate, change contacts, driver, repeat, favourite)',
        querystring: TracknumberQuerySchema,
        response: { 200: AvailableActionsSchema, ...errors },
      },
    },
    async (request) => orders.availableActions(deps, await request.getSession(), request.query.tracknumber),
  );

  app.post(
    '/api/v1/cargo_lk/cancel',
    {
      schema: {
        tags: ['cargo'],
        summary: 'Cancel the request before the cargo is accepted (409 afterwards)',
        querystring: TracknumberQuerySchema,
        response: { 200: CargoStatusChangeSchema, ...errors },
      },
    },
    async (request) => orders.cancelCargo(deps, await request.getSession(), request.query.tracknumber),
  );

  app.post(
    '/api/v1/cargo_lk/change_contacts',
    {
      schema: {
        tags: ['cargo'],
        summary: 'Change the sender’s or recipient’s name, phone and e-mail until the cargo is released',
        description: 'Requires `consent: true`: the personal-data consent is recorded and linked from the cargo.',
        querystring: TracknumberQuerySchema,
        body: ContactsChangeRequestSchema,
        response: { 200: CargoDetailsSchema, ...errors },
      },
    },
    async (request) =>
      orders.changeContacts(
        deps,
        await request.getSession(),
        request.query.tracknumber,
        request.body,
        clientOf(request),
      ),
  );

  app.get(
    '/api/v1/cargo/duty_cargo_rating',
    {
      schema: {
        tags: ['cargo'],
        summary: 'The rating of a delivered cargo, or null; can_rate tells whether it may be rated now',
        querystring: TrackNumberQuerySchema,
        response: { 200: CargoRatingResponseSchema, ...errors },
      },
    },
    async (request) => orders.getRating(deps, await request.getSession(), request.query.track_number),
  );

  app.post(
    '/api/v1/cargo/duty_cargo_rating',
    {
      schema: {
        tags: ['cargo'],
        summary: 'Rate a released cargo once: 1–5 stars and an optional comment (409 before release or twice)',
        body: CargoRatingRequestSchema,
        response: { 201: CargoRatingSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await orders.rateCargo(deps, await request.getSession(), request.body)),
  );

  app.post(
    '/api/v1/duty_favorite_cargo',
    {
      schema: {
        tags: ['cargo'],
        summary: 'Toggle the favourite mark of a cargo; answers the new state',
        querystring: TrackNumberQuerySchema,
        response: { 200: FavoriteStateSchema, ...errors },
      },
    },
    async (request) => orders.toggleFavorite(deps, await request.getSession(), request.query.track_number),
  );

  app.get(
    '/api/v1/duty_driver_info',
    {
      schema: {
        tags: ['cargo'],
        summary: 'The assigned driver and vehicle (owner only; 404 until a driver is assigned)',
        querystring: TrackNumberQuerySchema,
        response: { 200: DriverInfoSchema, ...errors },
      },
    },
    async (request) => orders.driverInfo(deps, await request.getSession(), request.query.track_number),
  );

  // ---- export and import of the list (issue #14), in their own scope (multipart) ----------------------------

  await app.register(cargoTransferRoutes, { deps });

  // ---- public tracking -------------------------------------------------------------------------------------------

  app.get(
    '/api/v1/tracking/:track_number',
    {
      schema: {
        tags: ['cargo'],
        summary:
          'Public tracking: status, timeline, route, planned arrival; personal data masked unless the caller owns it',
        params: TrackingParamsSchema,
        response: { 200: TrackingResponseSchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: {
        rateLimit: {
          max: TRACKING_RATE_LIMIT,
          timeWindow: '1 minute',
          errorResponseBuilder: (_request, context) => ({
            statusCode: context.statusCode,
            code: 'TOO_MANY_REQUESTS',
            message: MESSAGES.orders.tooManyLookups,
            error: 'Too Many Requests',
          }),
        },
      },
    },
    async (request) => orders.tracking(deps, await request.getSession(), request.params.track_number),
  );
};
