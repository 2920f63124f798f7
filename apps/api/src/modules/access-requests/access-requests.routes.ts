import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendStoredFile } from '../uploads/attachment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { ACCESS_REQUEST_MAX_FILE_BYTES, ACCESS_REQUEST_MAX_FILES, MESSAGES } from '@freight/domain';
import {
  AccessRequestDeletedSchema,
  AccessRequestFileQuerySchema,
  AccessRequestIdQuerySchema,
  AccessRequestListSchema,
  AccessRequestSchema,
  ErrorBodySchema,
  FullAccessRequestDocumentedQuerySchema,
  FullAccessRequestEditDocumentedQuerySchema,
} from '@freight/contracts';
import { AppError } from '../../errors/app-error';
import * as service from './access-requests.service';
import { abandonBody } from '../uploads/abandon-body';

export interface AccessRequestRoutesOptions {
  deps: service.AccessRequestsDeps;
}

/** Multipart overhead allowed per part on top of the file bytes (boundary and part headers). */
const PART_OVERHEAD_BYTES = 64 * 1024;

/** New requests per user (or per address before sign-in) and hour. */
export const ACCESS_REQUEST_CREATES_PER_HOUR = 10;
/** Uploading edits and additions per user and hour. */
export const ACCESS_REQUEST_UPLOADS_PER_HOUR = 30;

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The rate-limit key: the signed-in user (so a limit follows the person across addresses), else
 * the client address.
 */
async function userKey(request: FastifyRequest): Promise<string> {
  const session = await request.getSession();
  return session?.userId ? `access-request:user:${session.userId}` : `access-request:ip:${request.ip}`;
}

/**
 * Full-access requests (spec §7 «User», user/request_access; issue 15): create, edit, add
 * documents, list, read, delete, and download a document. Every call is for a signed-in,
 * verified user and about the caller's own requests only (someone else's id answers 404).
 * Documents are JPEG, PNG or PDF checked by content while they stream, at most 10 per request
 * and 20 MB each; a request and its documents are stored whole or not at all. Answers are
 * personal: `Cache-Control: no-store`.
 */
export const accessRequestRoutes: FastifyPluginAsyncZod<AccessRequestRoutesOptions> = async (app, { deps }) => {
  const maxFileBytes = deps.maxFileBytes ?? ACCESS_REQUEST_MAX_FILE_BYTES;
  await app.register(multipart, {
    limits: {
      // One byte of leeway: the inspectors refuse at maxFileBytes + 1 while streaming; busboy's
      // own limit is the backstop.
      fileSize: maxFileBytes + 1,
      files: ACCESS_REQUEST_MAX_FILES + 1,
      fields: 10,
      fieldSize: 4096,
      parts: ACCESS_REQUEST_MAX_FILES + 11,
      headerPairs: 50,
    },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    return payload;
  });

  /** The multipart body of an upload call, after the cheap checks of its size and type. */
  const uploadParts = (request: FastifyRequest) => {
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.common.unsupportedMediaType);
    const declared = Number(request.headers['content-length']);
    if (
      Number.isFinite(declared) &&
      declared > ACCESS_REQUEST_MAX_FILES * (maxFileBytes + PART_OVERHEAD_BYTES) + PART_OVERHEAD_BYTES
    ) {
      throw new AppError('PAYLOAD_TOO_LARGE', 413, MESSAGES.accessRequest.fileTooLarge, {
        files: MESSAGES.accessRequest.fileTooLarge,
      });
    }
    return request.parts();
  };

  /** Runs an upload handler; a refusal while the body still arrives reads the rest away. */
  const upload = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      abandonBody(request, reply);
      throw error;
    }
  };

  app.post(
    '/api/v1/user/request_access/request_full_access',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'New full-access request with documents (spec: POST request_full_access?type&…, files body)',
        description:
          '`type=legal` with `name`, `tin` (ИНН, checksum checked) and `rrc` (КПП; none for a sole trader), or ' +
          '`type=individual` with `name`, `document_seria` (4 digits) and `document_number` (6 digits). ' +
          'multipart/form-data with 1 to 10 files (field `files`): JPEG, PNG or PDF by content, each at most 20 MB. ' +
          'Images are re-encoded without metadata (EXIF, GPS, XMP); a PDF must parse, be unencrypted and carry no ' +
          'scripts, attachments, HTML or appended data. All or nothing. At most 5 undecided requests per user (409); ' +
          '10 new requests per user and hour (429).',
        consumes: ['multipart/form-data'],
        querystring: FullAccessRequestDocumentedQuerySchema,
        response: { 201: AccessRequestSchema, ...errors },
      },
      config: {
        rateLimit: { max: ACCESS_REQUEST_CREATES_PER_HOUR, timeWindow: '1 hour', keyGenerator: userKey },
      },
    },
    async (request, reply) =>
      upload(request, reply, async () => {
        const user = await service.requireApplicant(deps.db, await request.getSession());
        const query = service.parseRequestFields(request.query);
        const created = await service.createAccessRequest(deps, user, query, uploadParts(request));
        return reply.code(201).send(created);
      }),
  );

  app.put(
    '/api/v1/user/request_access/request_full_access',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Edit an undecided request (spec: PUT request_full_access?request_id&with_files)',
        description:
          'The same fields as the creation. `with_files=true`: the multipart body carries 1 to 10 files that ' +
          'replace all of the request’s files (all or nothing); `with_files=false`: fields only, no body needed. ' +
          'A request marked «Нужны исправления» goes back to «На проверке». A decided request answers 409.',
        consumes: ['multipart/form-data', 'application/json'],
        querystring: FullAccessRequestEditDocumentedQuerySchema,
        response: { 200: AccessRequestSchema, ...errors },
      },
      config: {
        rateLimit: { max: ACCESS_REQUEST_UPLOADS_PER_HOUR, timeWindow: '1 hour', keyGenerator: userKey },
      },
    },
    async (request, reply) =>
      upload(request, reply, async () => {
        const user = await service.requireApplicant(deps.db, await request.getSession());
        const target = service.parseEditTarget(request.query);
        const query = service.parseRequestFields(request.query);
        const parts = target.with_files ? uploadParts(request) : null;
        return service.editAccessRequest(deps, user, target, query, parts);
      }),
  );

  app.put(
    '/api/v1/user/request_access/request_full_access_files',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Add documents to an undecided request (spec: PUT request_full_access_files?request_id)',
        description:
          'multipart/form-data (field `files`), the same checks as the creation; at most 10 files per request in ' +
          'all. A request marked «Нужны исправления» goes back to «На проверке». A decided request answers 409.',
        consumes: ['multipart/form-data'],
        querystring: AccessRequestIdQuerySchema,
        response: { 200: AccessRequestSchema, ...errors },
      },
      config: {
        rateLimit: { max: ACCESS_REQUEST_UPLOADS_PER_HOUR, timeWindow: '1 hour', keyGenerator: userKey },
      },
    },
    async (request, reply) =>
      upload(request, reply, async () => {
        const user = await service.requireApplicant(deps.db, await request.getSession());
        return service.addAccessRequestFiles(deps, user, request.query.request_id, uploadParts(request));
      }),
  );

  app.get(
    '/api/v1/user/request_access/user_requests',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'The caller’s full-access requests, newest first, with status, comment and files',
        response: { 200: AccessRequestListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await service.requireApplicant(deps.db, await request.getSession());
      return service.listAccessRequests(deps, user);
    },
  );

  app.get(
    '/api/v1/user/request_access/fa_request',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'One of the caller’s full-access requests with its files (404 for anyone else’s)',
        querystring: AccessRequestIdQuerySchema,
        response: { 200: AccessRequestSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => {
      const user = await service.requireApplicant(deps.db, await request.getSession());
      return service.getAccessRequest(deps, user, request.query.request_id);
    },
  );

  app.delete(
    '/api/v1/user/request_access/request_full_access',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'Delete an undecided request of the caller with its files (409 once decided)',
        querystring: AccessRequestIdQuerySchema,
        response: { 200: AccessRequestDeletedSchema, ...errors },
      },
    },
    async (request) => {
      const user = await service.requireApplicant(deps.db, await request.getSession());
      await service.deleteAccessRequest(deps, user, request.query.request_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/user/request_access/fa_request_file',
    {
      schema: {
        tags: ['access-requests'],
        summary: 'A document of the caller’s request, as an attachment',
        description: 'The stored bytes with their content type and nosniff. Anyone else, and unknown ids, get 404.',
        querystring: AccessRequestFileQuerySchema,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const user = await service.requireApplicant(deps.db, await request.getSession());
      const file = await service.openAccessRequestFile(deps, user, request.query.request_id, request.query.file_id);
      return sendStoredFile(reply, file);
    },
  );
};
