import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  AccessDecisionBodySchema,
  AccessDecisionResultSchema,
  AccessQueuePageSchema,
  AccessQueueQuerySchema,
  AccessRequestDetailSchema,
  AssignManagerBodySchema,
  AssignManagerResultSchema,
  ClientDetailSchema,
  ClientParamsSchema,
  ClientPageSchema,
  ClientSearchQuerySchema,
  ManagerListSchema,
} from '@freight/contracts/back-office-clients';
import type { BackOfficeDeps } from './back-office.deps';
import { recordAudit, requireStaff } from './staff-context';
import { sendInlineFile } from './inline-file';
import * as service from './client-work.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};

const RequestParams = z.object({ id: z.string().max(100) });
const FileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });
const ProfileParams = z.object({ accountUuid: z.string().max(100) });

/**
 * The back-office's client work (issue 17 items 3 and 5): the full-access request queue and its
 * decisions (the same decideAccessRequest as `npm run access:review`), the documents shown
 * inline, client search and pages, and personal managers. Every change writes the audit log in
 * the transaction of the change.
 */
export const clientWorkRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const audit =
    (request: FastifyRequest): service.Audit =>
    (tx, entry) =>
      recordAudit(tx, request, entry, deps.clock());

  app.get(
    '/api/v1/back-office/access_requests',
    {
      preHandler: requireStaff('access.review'),
      schema: {
        tags: ['back-office'],
        summary: 'The full-access request queue (oldest pending first by default)',
        querystring: AccessQueueQuerySchema,
        response: { 200: AccessQueuePageSchema, ...errors },
      },
    },
    async (request) => service.listAccessQueue(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/access_requests/:id',
    {
      preHandler: requireStaff('access.review'),
      schema: {
        tags: ['back-office'],
        summary: 'A full-access request: data, applicant, documents, decisions so far',
        params: RequestParams,
        response: { 200: AccessRequestDetailSchema, ...errors },
      },
    },
    async (request) => service.getAccessRequestDetail(deps, request.params.id),
  );

  app.get(
    '/api/v1/back-office/access_requests/:id/files/:fileId',
    {
      preHandler: requireStaff('access.review'),
      schema: {
        tags: ['back-office'],
        summary: 'A document of a request, inline (framable by our own pages only)',
        params: FileParams,
        produces: ['image/jpeg', 'image/png', 'application/pdf'],
        response: { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendInlineFile(reply, await service.openRequestFile(deps, request.params.id, request.params.fileId)),
  );

  app.post(
    '/api/v1/back-office/access_requests/:id/decision',
    {
      preHandler: requireStaff('access.review'),
      schema: {
        tags: ['back-office'],
        summary: 'Approve, send back for corrections or reject a request',
        description:
          '`decision`: `approve`, `corrections` or `reject`; `comment` is required for the last two. ' +
          'A decided request answers 409. The applicant is notified by e-mail when they have one.',
        params: RequestParams,
        body: AccessDecisionBodySchema,
        response: { 200: AccessDecisionResultSchema, ...errors },
      },
    },
    async (request) => service.decideFromBackOffice(deps, audit(request), request.params.id, request.body),
  );

  app.get(
    '/api/v1/back-office/clients',
    {
      preHandler: requireStaff('clients.view'),
      schema: {
        tags: ['back-office'],
        summary: 'Find clients by phone (any format), ИНН, a part of a name or an e-mail',
        querystring: ClientSearchQuerySchema,
        response: { 200: ClientPageSchema, ...errors },
      },
    },
    async (request) => service.searchClients(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/clients/:userId',
    {
      preHandler: requireStaff('clients.view'),
      schema: {
        tags: ['back-office'],
        summary: 'A client: profiles with members and managers, cargos, full-access requests',
        params: ClientParamsSchema,
        response: { 200: ClientDetailSchema, ...errors },
      },
    },
    async (request) => service.getClient(deps, request.params.userId),
  );

  app.get(
    '/api/v1/back-office/managers',
    {
      preHandler: requireStaff('clients.view'),
      schema: {
        tags: ['back-office'],
        summary: 'The enabled client managers (personal managers of profiles)',
        response: { 200: ManagerListSchema, ...errors },
      },
    },
    async () => service.listManagers(deps),
  );

  app.put(
    '/api/v1/back-office/profiles/:accountUuid/manager',
    {
      preHandler: requireStaff('clients.assign_manager'),
      schema: {
        tags: ['back-office'],
        summary: 'Assign (or with null remove) the personal manager of a client profile',
        params: ProfileParams,
        body: AssignManagerBodySchema,
        response: { 200: AssignManagerResultSchema, ...errors },
      },
    },
    async (request) => service.assignManager(deps, audit(request), request.params.accountUuid, request.body.staff_id),
  );
};
