import {
  ACCESS_REQUEST_FILE_TYPES,
  ACCESS_REQUEST_STATUSES,
  ACCESS_REQUEST_TYPES,
  cleanedString,
  getKppError,
  InnSchema,
  MESSAGES,
  normalizeIdentifier,
  PassportNumberSchema,
  PassportSeriesSchema,
} from '@freight/domain';
import { z } from 'zod';
import { queryBoolean } from './query';

/** Longest organisation or person name we keep (code points); full legal names run long. */
export const ACCESS_REQUEST_NAME_MAX_LENGTH = 500;

const name = (message: string) =>
  cleanedString({ maxLength: ACCESS_REQUEST_NAME_MAX_LENGTH, rejectUrls: true }, message).min(1, {
    error: message,
    abort: true,
  });

const LegalRequestSchema = z
  .object({
    type: z.literal('legal'),
    /** КПП. Required for an organisation (10-digit ИНН); a sole trader (12-digit ИНН) has none. */
    rrc: z.string().optional(),
    name: name(MESSAGES.accessRequest.organisationNameRequired),
    /** ИНН: 10 digits for an organisation, 12 for a sole trader. */
    tin: InnSchema,
  })
  .transform((request, ctx) => {
    const rrc = normalizeIdentifier(request.rrc ?? '');
    if (request.tin.length === 10 || rrc !== '') {
      const error = getKppError(rrc);
      if (error) {
        ctx.issues.push({ code: 'custom', message: error, path: ['rrc'], input: request.rrc });
        return z.NEVER;
      }
    }
    return { ...request, rrc: rrc || undefined };
  });

const IndividualRequestSchema = z.object({
  type: z.literal('individual'),
  document_seria: PassportSeriesSchema,
  document_number: PassportNumberSchema,
  name: name(MESSAGES.accessRequest.personNameRequired),
});

/**
 * Query of POST /user/request_access/request_full_access (spec section 7): `type=legal` with
 * `rrc` (КПП), `name`, `tin` (ИНН), or `type=individual` with `document_seria`,
 * `document_number`, `name`. Identifiers are normalised (spaces and hyphens dropped, letters
 * upper-cased) and checked with the domain's checksums; names are cleaned and may not hold links.
 */
export const FullAccessRequestQuerySchema = z
  .discriminatedUnion('type', [LegalRequestSchema, IndividualRequestSchema], {
    error: MESSAGES.accessRequest.typeInvalid,
  })
  .meta({ id: 'FullAccessRequestQuery' });

export type FullAccessRequestQuery = z.output<typeof FullAccessRequestQuerySchema>;

// ---- the other calls of user/request_access, and the answers ----------------------------------------------

/** A request id as the client sends it; anything that is no id of the caller's answers 404. */
const requestId = z.string().max(100).meta({ description: 'Id of the request (UUID)' });

/**
 * The query of POST/PUT request_full_access as the OpenAPI document lists it: every field as a
 * plain string. The server checks it with {@link FullAccessRequestQuerySchema} after the
 * caller's identity, so a signed-out caller gets 401 whatever it sent. (@fastify/swagger cannot
 * list the parameters of a union.)
 */
const documentedFields = {
  type: z.string().optional().meta({ description: 'legal (организация или ИП) or individual (физическое лицо)' }),
  name: z.string().optional().meta({ description: 'Наименование организации или ИП, or the full name of the person' }),
  tin: z.string().optional().meta({ description: 'ИНН (legal): 10 digits, or 12 for a sole trader' }),
  rrc: z.string().optional().meta({ description: 'КПП (legal): 9 characters; none for a sole trader' }),
  document_seria: z.string().optional().meta({ description: 'Passport series (individual): 4 digits' }),
  document_number: z.string().optional().meta({ description: 'Passport number (individual): 6 digits' }),
};

export const FullAccessRequestDocumentedQuerySchema = z.object(documentedFields);

/** Query of PUT request_full_access: the request, whether files come along, and the fields. */
export const FullAccessRequestEditDocumentedQuerySchema = z.object({
  request_id: requestId.optional(),
  with_files: z.string().optional().meta({
    description: 'true: the multipart body carries files that replace the request’s files; false: fields only',
  }),
  ...documentedFields,
});

/** `request_id` and `with_files` of PUT request_full_access (the fields go through FullAccessRequestQuerySchema). */
export const FullAccessRequestEditTargetSchema = z.object({
  request_id: requestId,
  with_files: queryBoolean.default(false),
});

/** Query of the calls about one request: fa_request, request_full_access_files, DELETE request_full_access. */
export const AccessRequestIdQuerySchema = z.object({ request_id: requestId });

/** Query of fa_request_file: one document of one request. */
export const AccessRequestFileQuerySchema = z.object({
  request_id: requestId,
  file_id: z.string().max(100).meta({ description: 'Id of the file (UUID)' }),
});

/** One document of a request; `type` is what the content is, not what the client said. */
export const AccessRequestFileSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'The file name the user sent (shown only)' }),
    size: z.number().int().nonnegative().meta({ description: 'Bytes as stored (images are re-encoded)' }),
    type: z.enum(ACCESS_REQUEST_FILE_TYPES),
    url: z.string().meta({ description: 'Download address, for the author only' }),
    created_at: z.string(),
  })
  .meta({ id: 'AccessRequestFile' });
export type AccessRequestFile = z.infer<typeof AccessRequestFileSchema>;

/**
 * A full-access request as its author sees it. Field names follow the query (`tin`, `rrc`,
 * `document_seria`, `document_number`); the ones of the other type are null. `editable`: the
 * request is not decided yet, so it may be edited, get files and be deleted.
 */
export const AccessRequestSchema = z
  .object({
    id: z.string(),
    type: z.enum(ACCESS_REQUEST_TYPES),
    type_label: z.string(),
    status: z.enum(ACCESS_REQUEST_STATUSES),
    status_label: z.string().meta({ description: 'На проверке, Нужны исправления, Одобрена, Отклонена' }),
    name: z.string(),
    tin: z.string().nullable(),
    rrc: z.string().nullable(),
    document_seria: z.string().nullable(),
    document_number: z.string().nullable(),
    reviewer_comment: z
      .string()
      .nullable()
      .meta({ description: 'What to correct (needs_changes) or why it was rejected (rejected)' }),
    editable: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
    decided_at: z.string().nullable(),
    files: z.array(AccessRequestFileSchema),
  })
  .meta({ id: 'AccessRequest' });
export type AccessRequest = z.infer<typeof AccessRequestSchema>;

/** GET user_requests: the caller's requests, newest first. */
export const AccessRequestListSchema = z
  .object({ requests: z.array(AccessRequestSchema) })
  .meta({ id: 'AccessRequestList' });
export type AccessRequestList = z.infer<typeof AccessRequestListSchema>;

/** DELETE request_full_access. */
export const AccessRequestDeletedSchema = z.object({ ok: z.literal(true) }).meta({ id: 'AccessRequestDeleted' });

/** Multipart field name the documents travel in. */
export const ACCESS_REQUEST_FILES_FIELD = 'files';

/** The operator's decision (decideAccessRequest, `npm run access:review`). */
export const ACCESS_REQUEST_DECISIONS = ['approve', 'reject', 'needs_changes'] as const;
export type AccessRequestDecision = (typeof ACCESS_REQUEST_DECISIONS)[number];
