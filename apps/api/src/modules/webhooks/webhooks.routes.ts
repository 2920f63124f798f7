import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  CreatedWebhookSchema,
  CreateWebhookRequestSchema,
  ErrorBodySchema,
  UpdateWebhookRequestSchema,
  WebhookDeliveriesQuerySchema,
  WebhookDeliveryPageSchema,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookIdQuerySchema,
  WebhookListQuerySchema,
  WebhookListSchema,
  WebhookPingRequestSchema,
  WebhookRetryRequestSchema,
} from '@freight/contracts';
import type { WebhookDeps } from './webhooks.delivery';
import * as webhooks from './webhooks.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

const SIGNING =
  'Every delivery is a POST of JSON `{ id, event, created_at, data }` with X-Magistral-Timestamp (unix s), ' +
  'X-Magistral-Signature `v1=<hex HMAC-SHA256(secret, timestamp + "." + raw body)>`, X-Magistral-Event and ' +
  'X-Magistral-Delivery (the event id, the same on every retry). Not answered 2xx within 10 s: retried after ' +
  '1, 2, 4 … minutes (at most hourly) for 24 h. docs/integrations.md «Вебхуки».';

/**
 * Webhooks of a client profile (issue 18). Signed-in verified users with `integrations.manage`
 * in the profile (owner, administrator); answers are personal: `Cache-Control: no-store`.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ deps: WebhookDeps }> = async (app, { deps }) => {
  const tags = ['webhooks'];

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    API_PATHS.webhooks,
    {
      schema: {
        tags,
        summary: 'The webhook addresses of a profile, newest first',
        description: SIGNING,
        querystring: WebhookListQuerySchema,
        response: { 200: WebhookListSchema, ...errors },
      },
    },
    async (request) => webhooks.listEndpoints(deps, await request.getSession(), request.query.account_uuid),
  );

  app.post(
    API_PATHS.webhooks,
    {
      schema: {
        tags,
        summary: 'Add a webhook address; the answer carries its signing secret, never shown again',
        description:
          'The address must be https, at most 2000 characters, without a user name or password, and every address ' +
          'its host resolves to must be public (no private, loopback, link-local, CGNAT, multicast or unique-local ' +
          'ones): 400 otherwise, with the reason in `fields.url`. At most 10 addresses per profile (409).',
        body: CreateWebhookRequestSchema,
        response: { 201: CreatedWebhookSchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const created = await webhooks.createEndpoint(deps, await request.getSession(), request.body);
      return reply.code(201).send(created);
    },
  );

  app.patch(
    API_PATHS.webhookEndpoint,
    {
      schema: {
        tags,
        summary: 'Change the events of a webhook address, or switch it on or off',
        description: 'Switched off, it gets no new deliveries and its pending ones stop (they can be repeated later).',
        querystring: WebhookIdQuerySchema,
        body: UpdateWebhookRequestSchema,
        response: { 200: WebhookEndpointSchema, ...errors },
      },
    },
    async (request) => webhooks.updateEndpoint(deps, await request.getSession(), request.query.id, request.body),
  );

  app.delete(
    API_PATHS.webhookEndpoint,
    {
      schema: {
        tags,
        summary: 'Delete a webhook address with its deliveries',
        querystring: WebhookIdQuerySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await webhooks.deleteEndpoint(deps, await request.getSession(), request.query.id);
      return { ok: true as const };
    },
  );

  app.post(
    API_PATHS.webhookPing,
    {
      schema: {
        tags,
        summary: 'Send a test event (`ping`) to a webhook address now',
        body: WebhookPingRequestSchema,
        response: { 202: WebhookDeliverySchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const delivery = await webhooks.pingEndpoint(deps, await request.getSession(), request.body.id);
      return reply.code(202).send(delivery);
    },
  );

  app.get(
    API_PATHS.webhookDeliveries,
    {
      schema: {
        tags,
        summary: 'Deliveries of a webhook address, newest first, 20 per page, with the receiver’s answers',
        description:
          'Each delivery has its state (pending, succeeded, failed), the latest answer (code, first 1 KB of the ' +
          'body, or the reason there was none) and its latest 10 attempts.',
        querystring: WebhookDeliveriesQuerySchema,
        response: { 200: WebhookDeliveryPageSchema, ...errors },
      },
    },
    async (request) =>
      webhooks.listDeliveries(deps, await request.getSession(), request.query.endpoint_id, request.query.page ?? 1),
  );

  app.post(
    API_PATHS.webhookRetry,
    {
      schema: {
        tags,
        summary: '«Повторить»: try a failed or pending delivery again now',
        description: 'Delivered already, or its address is switched off: 409.',
        body: WebhookRetryRequestSchema,
        response: { 202: WebhookDeliverySchema, ...errors, 409: ErrorBodySchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const delivery = await webhooks.retryDelivery(deps, await request.getSession(), request.body.id);
      return reply.code(202).send(delivery);
    },
  );
};
