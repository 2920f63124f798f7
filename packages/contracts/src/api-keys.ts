import { API_KEYS_TEXTS } from '@freight/domain/texts/api-keys';
import { z } from 'zod';
import { API_KEY_NAME_MAX, API_KEY_SCOPES, MESSAGES, cleanedString } from '@freight/domain';

/*
 * API keys of a client profile (issue 18; docs/integrations.md): the list, creation (the secret
 * is in that one answer only) and revocation. Managed by members with `integrations.manage`,
 * published in the OpenAPI document like every other call.
 */

const K = API_KEYS_TEXTS;

const accountUuid = z
  .string({ error: MESSAGES.team.profileNotFound })
  .trim()
  .min(1, { error: MESSAGES.team.profileNotFound })
  .max(64, { error: MESSAGES.team.profileNotFound });

export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: K.scopeInvalid });

/** A key's name: cleaned like every single-line field, 1–100 characters. */
export const ApiKeyNameSchema = cleanedString({}, K.nameRequired)
  .min(1, { error: K.nameRequired, abort: true })
  .max(API_KEY_NAME_MAX, { error: K.nameTooLong });

/** At least one scope; a scope given twice counts once (kept in API_KEY_SCOPES order). */
export const ApiKeyScopesSchema = z
  .array(ApiKeyScopeSchema, { error: K.scopesRequired })
  .max(API_KEY_SCOPES.length * 2, { error: K.scopeInvalid })
  .transform((scopes) => API_KEY_SCOPES.filter((scope) => scopes.includes(scope)))
  .refine((scopes) => scopes.length > 0, { error: K.scopesRequired });

// Query strings carry no schema id: @fastify/swagger cannot resolve a $ref for parameters.

/** GET /user/api_keys?account_uuid */
export const ApiKeyListQuerySchema = z.object({ account_uuid: accountUuid });

/** DELETE /user/api_keys?id */
export const ApiKeyIdQuerySchema = z.object({
  id: z.string({ error: K.keyNotFound }).trim().min(1, { error: K.keyNotFound }).max(64, { error: K.keyNotFound }),
});

/** POST /user/api_keys */
export const CreateApiKeyRequestSchema = z
  .strictObject({ account_uuid: accountUuid, name: ApiKeyNameSchema, scopes: ApiKeyScopesSchema })
  .meta({ id: 'CreateApiKeyRequest' });
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;

export const ApiKeySchema = z
  .object({
    id: z.string().meta({ description: 'Key id (uuid), for revoking it' }),
    name: z.string(),
    prefix: z
      .string()
      .meta({ description: 'The visible start of the key, mg_live_XXXXXXXX; the secret is never shown again' }),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    created_at: z.string(),
    created_by: z.string().nullable().meta({ description: 'Display name of the member who created it' }),
    last_used_at: z
      .string()
      .nullable()
      .meta({ description: 'Last authenticated call (kept to the minute: written at most once a minute)' }),
    revoked_at: z.string().nullable(),
    rate_limit_per_minute: z.number().int().meta({ description: 'Calls per minute this key may make (429 beyond)' }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** GET /user/api_keys: the profile's keys, live ones first, newest first. */
export const ApiKeyListSchema = z
  .object({
    account_uuid: z.string(),
    keys: z.array(ApiKeySchema),
    max_keys: z.number().int().meta({ description: 'Live keys one profile may hold' }),
    rate_limit_per_minute: z.number().int().meta({ description: 'Calls per minute a new key may make' }),
  })
  .meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

/** POST /user/api_keys (201): the key and, this once, its secret. */
export const CreatedApiKeySchema = z
  .object({
    key: ApiKeySchema,
    secret: z.string().meta({
      description:
        'The whole key, mg_live_<8>_<40>: send it as `Authorization: Bearer <secret>`. Only its SHA-256 is stored; it is never shown again',
    }),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
