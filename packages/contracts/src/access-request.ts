import {
  cleanedString,
  getKppError,
  InnSchema,
  MESSAGES,
  normalizeIdentifier,
  PassportNumberSchema,
  PassportSeriesSchema,
} from '@freight/domain';
import { z } from 'zod';

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
