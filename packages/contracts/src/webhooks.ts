import { WEBHOOKS_TEXTS } from '@freight/domain/texts/webhooks';
import { z } from 'zod';
import {
  MESSAGES,
  WEBHOOK_DELIVERY_EVENTS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  removeInvisibleChars,
} from '@freight/domain';
import { queryNumber } from './query';

/*
 * Webhooks of a client profile (issue 18; docs/integrations.md «Вебхуки»): the addresses, their
 * events, the signing secret (in the creating answer only), the deliveries with the receiver's
 * answers and «Повторить». Managed by members with `integrations.manage`.
 */

const W = WEBHOOKS_TEXTS;

const accountUuid = z
  .string({ error: MESSAGES.team.profileNotFound })
  .trim()
  .min(1, { error: MESSAGES.team.profileNotFound })
  .max(64, { error: MESSAGES.team.profileNotFound });

/** An id of ours as it arrives; anything malformed is a record that does not exist (404, not 400). */
const recordId = (error: string) => z.string({ error }).trim().min(1, { error }).max(64, { error });

/**
 * The shape of a webhook address: an absolute http(s) URL of at most 2000 characters without a
 * user name or password, normalised (`https://Example.RU` → `https://example.ru/`). Whether http
 * is allowed and where the host points are the server's checks (modules/webhooks/url-guard.ts):
 * they depend on its settings and on DNS.
 */
export const WebhookUrlSchema = z
  .string({ error: W.urlRequired })
  .overwrite((value) => removeInvisibleChars(value).trim())
  .min(1, { error: W.urlRequired, abort: true })
  .max(WEBHOOK_URL_MAX_LENGTH, { error: W.urlTooLong, abort: true })
  .transform((value, ctx) => {
    const url = URL.canParse(value) ? new URL(value) : null;
    if (!url || !url.hostname || /\s/.test(value)) {
      ctx.addIssue({ code: 'custom', message: W.urlInvalid });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: W.urlNotHttps });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: W.urlCredentials });
      return z.NEVER;
    }
    // The fragment never leaves the browser; a request would not carry it either.
    url.hash = '';
    if (url.href.length > WEBHOOK_URL_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', message: W.urlTooLong });
      return z.NEVER;
    }
    return url.href;
  });

export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS, { error: W.eventInvalid });

/** At least one event; one given twice counts once (kept in WEBHOOK_EVENTS order). */
export const WebhookEventsSchema = z
  .array(WebhookEventSchema, { error: W.eventsRequired })
  .max(WEBHOOK_EVENTS.length * 2, { error: W.eventInvalid })
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)))
  .refine((events) => events.length > 0, { error: W.eventsRequired });

// Query strings carry no schema id: @fastify/swagger cannot resolve a $ref for parameters.

/** GET /user/webhooks?account_uuid */
export const WebhookListQuerySchema = z.object({ account_uuid: accountUuid });

/** PATCH and DELETE /user/webhooks/endpoint?id */
export const WebhookIdQuerySchema = z.object({ id: recordId(W.endpointNotFound) });

/** GET /user/webhooks/deliveries?endpoint_id&page */
export const WebhookDeliveriesQuerySchema = z.object({
  endpoint_id: recordId(W.endpointNotFound),
  page: queryNumber(MESSAGES.orderList.queryInvalid, { int: true, min: 1, max: 10_000 }).optional(),
});

/** POST /user/webhooks */
export const CreateWebhookRequestSchema = z
  .strictObject({ account_uuid: accountUuid, url: WebhookUrlSchema, events: WebhookEventsSchema })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequestSchema>;

/** PATCH /user/webhooks/endpoint?id: the events, switching it on or off, or both. */
export const UpdateWebhookRequestSchema = z
  .strictObject({ events: WebhookEventsSchema.optional(), is_active: z.boolean().optional() })
  .refine((body) => body.events !== undefined || body.is_active !== undefined, { error: W.updateEmpty })
  .meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.input<typeof UpdateWebhookRequestSchema>;

/** POST /user/webhooks/ping and /user/webhooks/deliveries/retry: the record acted on. */
export const WebhookPingRequestSchema = z.strictObject({ id: recordId(W.endpointNotFound) });
export const WebhookRetryRequestSchema = z.strictObject({ id: recordId(W.deliveryNotFound) });

export const WebhookEndpointSchema = z
  .object({
    id: z.string().meta({ description: 'Endpoint id (uuid)' }),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    is_active: z.boolean(),
    created_at: z.string(),
    created_by: z.string().nullable().meta({ description: 'Display name of the member who added it' }),
    disabled_at: z.string().nullable(),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/** GET /user/webhooks: the profile's addresses, newest first. */
export const WebhookListSchema = z
  .object({
    account_uuid: z.string(),
    endpoints: z.array(WebhookEndpointSchema),
    max_endpoints: z.number().int(),
  })
  .meta({ id: 'WebhookList' });
export type WebhookList = z.infer<typeof WebhookListSchema>;

/** POST /user/webhooks (201): the address and, this once, its signing secret. */
export const CreatedWebhookSchema = z
  .object({
    endpoint: WebhookEndpointSchema,
    secret: z.string().meta({
      description:
        'whsec_<43 base64url characters>: the HMAC-SHA256 key of X-Magistral-Signature. Kept encrypted; never shown again',
    }),
  })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookAttemptSchema = z
  .object({
    number: z.number().int(),
    manual: z.boolean().meta({ description: 'Made by «Повторить», not by the schedule' }),
    at: z.string(),
    status_code: z.number().int().nullable(),
    response: z.string().nullable().meta({ description: 'First 1 KB of the answer body' }),
    error: z.string().nullable().meta({ description: 'Why there was no 2xx answer, in Russian' }),
    duration_ms: z.number().int(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z
  .object({
    id: z.string().meta({ description: 'Delivery id (uuid), for «Повторить»' }),
    event: z.enum(WEBHOOK_DELIVERY_EVENTS),
    event_label: z.string(),
    event_id: z.string().meta({ description: 'The X-Magistral-Delivery header: the same on every attempt' }),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    status_label: z.string(),
    attempt_count: z.number().int(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    last_status_code: z.number().int().nullable(),
    last_response: z.string().nullable(),
    last_error: z.string().nullable(),
    duration_ms: z.number().int().nullable(),
    can_retry: z.boolean(),
    attempts: z.array(WebhookAttemptSchema).meta({ description: 'The latest 10 attempts, newest first' }),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET /user/webhooks/deliveries: one page, newest first. */
export const WebhookDeliveryPageSchema = z
  .object({
    endpoint_id: z.string(),
    deliveries: z.array(WebhookDeliverySchema),
    page: z.number().int(),
    page_size: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'WebhookDeliveryPage' });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;
