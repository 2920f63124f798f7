import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  BugReportDetailSchema,
  BugReportPageSchema,
  FeedbackDetailSchema,
  FeedbackParamsSchema,
  FeedbackPageSchema,
  InboxAnswerBodySchema,
  InboxAnswerResultSchema,
  InboxListQuerySchema,
  InboxStatusBodySchema,
} from '@freight/contracts/back-office-clients';
import type { BackOfficeDeps } from './back-office.deps';
import { actingStaff, recordAudit, requireStaff } from './staff-context';
import type { Audit } from './client-work.service';
import { sendInlineFile } from './inline-file';
import * as service from './inbox.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

const ReportParams = z.object({ id: z.string().max(100) });
const FileParams = z.object({ id: z.string().max(100), fileId: z.string().max(100) });

/**
 * The back-office inboxes (issue 17 item 5): bug reports and feedback — lists by status, the
 * message with its screenshots, a status, and answers that go back to the author's contact
 * (e-mail; a short answer by SMS through the SMS policy). Every change is audited in its
 * transaction.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  // The one door for SMS (decision 010) is decorated on the app by the identity module.
  const inboxDeps: service.InboxDeps = deps;
  const audit =
    (request: FastifyRequest): Audit =>
    (tx, entry) =>
      recordAudit(tx, request, entry, deps.clock());
  const guard = requireStaff('inbox.work');

  app.get(
    '/api/v1/back-office/bug_reports',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Bug reports, newest first, optionally of one status',
        querystring: InboxListQuerySchema,
        response: { 200: BugReportPageSchema, ...errors },
      },
    },
    async (request) => service.listBugReports(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/bug_reports/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'A bug report with its screenshots and answers',
        params: ReportParams,
        response: { 200: BugReportDetailSchema, ...errors },
      },
    },
    async (request) => service.getBugReport(deps, request.params.id),
  );

  app.get(
    '/api/v1/back-office/bug_reports/:id/files/:fileId',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'A screenshot of a bug report, inline',
        params: FileParams,
        produces: ['image/jpeg', 'image/png'],
        response: { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) =>
      sendInlineFile(reply, await service.openBugReportFile(deps, request.params.id, request.params.fileId)),
  );

  app.patch(
    '/api/v1/back-office/bug_reports/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Set the status of a bug report (new, in_work, answered)',
        params: ReportParams,
        body: InboxStatusBodySchema,
        response: { 200: BugReportDetailSchema, ...errors },
      },
    },
    async (request) => service.setBugReportStatus(deps, audit(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/v1/back-office/bug_reports/:id/answers',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Answer a bug report: stored, the report marked answered, sent to the contact',
        params: ReportParams,
        body: InboxAnswerBodySchema,
        response: { 201: InboxAnswerResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.answerBugReport(
        inboxDeps,
        audit(request),
        actingStaff(request).id,
        request.params.id,
        request.body.text,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/v1/back-office/feedback',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Feedback messages, newest first, optionally of one status',
        querystring: InboxListQuerySchema,
        response: { 200: FeedbackPageSchema, ...errors },
      },
    },
    async (request) => service.listFeedback(deps, request.query),
  );

  app.get(
    '/api/v1/back-office/feedback/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'A feedback message with its answers',
        params: FeedbackParamsSchema,
        response: { 200: FeedbackDetailSchema, ...errors },
      },
    },
    async (request) => service.getFeedback(deps, request.params.id),
  );

  app.patch(
    '/api/v1/back-office/feedback/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Set the status of a feedback message',
        params: FeedbackParamsSchema,
        body: InboxStatusBodySchema,
        response: { 200: FeedbackDetailSchema, ...errors },
      },
    },
    async (request) => service.setFeedbackStatus(deps, audit(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/v1/back-office/feedback/:id/answers',
    {
      preHandler: guard,
      schema: {
        tags: ['back-office'],
        summary: 'Answer a feedback message: stored, marked answered, sent to the contact',
        params: FeedbackParamsSchema,
        body: InboxAnswerBodySchema,
        response: { 201: InboxAnswerResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await service.answerFeedback(
        inboxDeps,
        audit(request),
        actingStaff(request).id,
        request.params.id,
        request.body.text,
      );
      return reply.code(201).send(result);
    },
  );
};
