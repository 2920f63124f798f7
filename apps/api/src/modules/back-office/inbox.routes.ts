import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
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
  type InboxAnswerResult,
} from '@freight/contracts/back-office-clients';
import type { BackOfficeDeps } from './back-office.deps';
import type { ZodApp } from './list-routes';
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

type InboxQuery = z.output<typeof InboxListQuerySchema>;
type InboxStatus = z.output<typeof InboxStatusBodySchema>['status'];

/** One inbox of the back-office: its address, its schemas and the service's functions. */
interface Inbox<Params extends z.ZodObject<{ id: z.ZodType }>, Page extends z.ZodType, Detail extends z.ZodType> {
  /** e.g. `/api/v1/back-office/feedback`; a message is at `${path}/:id`. */
  path: string;
  params: Params;
  page: Page;
  detail: Detail;
  /** OpenAPI summaries of the list, a message, its status and an answer. */
  summaries: { list: string; get: string; status: string; answer: string };
  list: (query: InboxQuery) => Promise<z.input<Page>>;
  get: (id: z.output<Params>['id']) => Promise<z.input<Detail>>;
  setStatus: (request: FastifyRequest, id: z.output<Params>['id'], status: InboxStatus) => Promise<z.input<Detail>>;
  answer: (request: FastifyRequest, id: z.output<Params>['id'], text: string) => Promise<InboxAnswerResult>;
}

/**
 * An inbox's four calls: the list by status, a message, its status, and an answer (201). Each
 * handler only calls the inbox's service function.
 */
function inboxMessageRoutes<
  Params extends z.ZodObject<{ id: z.ZodType }>,
  Page extends z.ZodType,
  Detail extends z.ZodType,
>(app: ZodApp, preHandler: preHandlerAsyncHookHandler, inbox: Inbox<Params, Page, Detail>): void {
  // The schemas check the requests and answers at run time; inside, they are any zod schema.
  const { path, params, page, detail, summaries, ...calls } = inbox as unknown as Inbox<
    z.ZodObject<{ id: z.ZodType }>,
    z.ZodType,
    z.ZodType
  >;
  const tags = ['back-office'];
  app.get(
    path,
    {
      preHandler,
      schema: { tags, summary: summaries.list, querystring: InboxListQuerySchema, response: { 200: page, ...errors } },
    },
    async (request) => calls.list(request.query),
  );
  app.get(
    `${path}/:id`,
    { preHandler, schema: { tags, summary: summaries.get, params, response: { 200: detail, ...errors } } },
    async (request) => calls.get(request.params.id),
  );
  app.patch(
    `${path}/:id`,
    {
      preHandler,
      schema: {
        tags,
        summary: summaries.status,
        params,
        body: InboxStatusBodySchema,
        response: { 200: detail, ...errors },
      },
    },
    async (request) => calls.setStatus(request, request.params.id, request.body.status),
  );
  app.post(
    `${path}/:id/answers`,
    {
      preHandler,
      schema: {
        tags,
        summary: summaries.answer,
        params,
        body: InboxAnswerBodySchema,
        response: { 201: InboxAnswerResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await calls.answer(request, request.params.id, request.body.text)),
  );
}

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

  inboxMessageRoutes(app, guard, {
    path: '/api/v1/back-office/bug_reports',
    params: ReportParams,
    page: BugReportPageSchema,
    detail: BugReportDetailSchema,
    summaries: {
      list: 'Bug reports, newest first, optionally of one status',
      get: 'A bug report with its screenshots and answers',
      status: 'Set the status of a bug report (new, in_work, answered)',
      answer: 'Answer a bug report: stored, the report marked answered, sent to the contact',
    },
    list: (query) => service.listBugReports(deps, query),
    get: (id) => service.getBugReport(deps, id),
    setStatus: (request, id, status) => service.setBugReportStatus(deps, audit(request), id, status),
    answer: (request, id, text) =>
      service.answerBugReport(inboxDeps, audit(request), actingStaff(request).id, id, text),
  });

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

  inboxMessageRoutes(app, guard, {
    path: '/api/v1/back-office/feedback',
    params: FeedbackParamsSchema,
    page: FeedbackPageSchema,
    detail: FeedbackDetailSchema,
    summaries: {
      list: 'Feedback messages, newest first, optionally of one status',
      get: 'A feedback message with its answers',
      status: 'Set the status of a feedback message',
      answer: 'Answer a feedback message: stored, marked answered, sent to the contact',
    },
    list: (query) => service.listFeedback(deps, query),
    get: (id) => service.getFeedback(deps, id),
    setStatus: (request, id, status) => service.setFeedbackStatus(deps, audit(request), id, status),
    answer: (request, id, text) => service.answerFeedback(inboxDeps, audit(request), actingStaff(request).id, id, text),
  });
};
