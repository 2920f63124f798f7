import { sendStoredFile } from '../uploads/attachment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { BUG_REPORT_MAX_FILE_BYTES, BUG_REPORT_MAX_FILES, MESSAGES } from '@freight/domain';
import {
  BugReportFileParamsSchema,
  BugReportResponseSchema,
  createBugReportQuerySchema,
  ErrorBodySchema,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import type { FileStorage } from '../uploads/file-storage';
import { sweepScratch } from '../uploads/receive-image';
import type { UploadProcess } from '../uploads/upload-process';
import { adoptReportFiles, bugReportMultipartLimits, receiveReportFiles } from './bug-report-files';
import {
  BUG_REPORT_LIMITS,
  checkReportRate,
  openReportFile,
  parseReportQuery,
  purgeReportAttempts,
  resolveReporter,
  storeReport,
  type BugReportLimits,
} from './bug-report.service';
import { abandonBody } from '../uploads/abandon-body';

export interface BugReportRoutesOptions {
  db: Database;
  storage: FileStorage;
  /** Local folder where uploads are checked and re-encoded (DATA_DIR/uploads/scratch). */
  scratchDir: string;
  limits?: BugReportLimits;
  /** Per-file byte limit; the spec's 1 GiB unless a test or benchmark lowers it. */
  maxFileBytes?: number;
  /**
   * The process that receives report bodies (upload-process.ts); without it they are received in
   * this process (UPLOAD_INTAKE=inline). Started when the server listens, stopped on close.
   */
  uploadProcess?: UploadProcess;
}

/** Multipart overhead allowed per part on top of the file bytes (boundary and part headers). */
const PART_OVERHEAD_BYTES = 64 * 1024;

export const bugReportRoutes: FastifyPluginAsyncZod<BugReportRoutesOptions> = async (
  app,
  { db, storage, scratchDir, limits = BUG_REPORT_LIMITS, maxFileBytes = BUG_REPORT_MAX_FILE_BYTES, uploadProcess },
) => {
  await app.register(multipart, { limits: bugReportMultipartLimits(maxFileBytes) });
  if (uploadProcess) {
    // Ready before the first upload (not awaited: the API answers meanwhile); stopped with the app.
    app.addHook('onListen', async () => uploadProcess.prepare());
    app.addHook('onClose', async () => uploadProcess.stop());
  }

  app.post(
    '/api/v1/duty_bug_report',
    {
      schema: {
        tags: ['bug-reports'],
        summary: 'Bug report with screenshots (spec section 7: POST duty_bug_report/?text&contact)',
        description:
          'multipart/form-data with up to 10 JPEG or PNG files (field `files`), each at most 1 GiB, checked while ' +
          'they stream (structure, at most 50 000 000 pixels, metadata chunks at most 1 MiB each and 8 MiB in all, ' +
          'nothing after the image and no archive, HTML or script inside it, an extension that matches the content), ' +
          'then stored re-encoded without metadata (EXIF, GPS, XMP), upright. With no files the client sends one ' +
          'empty text/plain file, accepted and not stored. A sender who is not a verified user must give `contact` ' +
          'and `policy_agreement=true` (the consent is recorded). All or nothing: a refused or interrupted upload ' +
          'keeps nothing. Limited to 5 reports per 10 minutes per session and 30 per hour per IP.',
        consumes: ['multipart/form-data'],
        // Query parameters are documented inline: @fastify/swagger cannot expand a $ref'd query schema.
        querystring: z.object(createBugReportQuerySchema({ isVerified: true }).shape),
        response: {
          201: BugReportResponseSchema,
          400: ErrorBodySchema,
          401: ErrorBodySchema,
          403: ErrorBodySchema,
          413: ErrorBodySchema,
          415: ErrorBodySchema,
          429: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      try {
        const session = await request.getSession();
        if (!session) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
        if (!request.isMultipart()) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, MESSAGES.common.unsupportedMediaType);
        }
        const declared = Number(request.headers['content-length']);
        if (
          Number.isFinite(declared) &&
          declared > BUG_REPORT_MAX_FILES * (maxFileBytes + PART_OVERHEAD_BYTES) + PART_OVERHEAD_BYTES
        ) {
          throw new AppError('PAYLOAD_TOO_LARGE', 413, MESSAGES.bugReport.fileTooLarge);
        }
        const reporter = await resolveReporter(db, session, {
          ip: request.ip ?? null,
          userAgent: request.headers['user-agent'] ?? null,
        });
        const query = parseReportQuery(request.url, reporter.isVerified);
        await checkReportRate(db, reporter, limits);
        // The body in the upload process when it can take it (upload-process.ts), else here.
        const lent = await uploadProcess?.receive(request.raw, { scratchDir, maxFileBytes }, (received) =>
          adoptReportFiles(storage, received),
        );
        // This process's HTTP parser did not see the lent body end: no further request on it.
        if (lent) void reply.header('connection', 'close');
        const files = lent ?? (await receiveReportFiles(request.parts(), { storage, scratchDir, maxFileBytes }));
        const result = await storeReport(db, storage, reporter, query, files);
        return await reply.code(201).send(result);
      } catch (error) {
        abandonBody(request, reply);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/duty_bug_report/files/:fileId',
    {
      schema: {
        tags: ['bug-reports'],
        summary: 'A file of a bug report, for the session or user that sent it',
        description: 'Answers the stored bytes as an attachment with nosniff. Anyone else, and unknown ids, get 404.',
        params: BugReportFileParamsSchema,
        produces: ['image/jpeg', 'image/png'],
      },
    },
    async (request, reply) => {
      const session = await request.getSession();
      const file = session
        ? await openReportFile(db, storage, request.params.fileId, { sessionId: session.id, userId: session.userId })
        : null;
      if (!file) throw new AppError('NOT_FOUND', 404, MESSAGES.common.notFound);
      return sendStoredFile(reply, file);
    },
  );

  // Leftovers of a process that died mid-upload, and attempts outside every window.
  const sweep = () => {
    const tempCutoff = new Date(Date.now() - 24 * 3_600_000);
    storage
      .sweepTemp(tempCutoff)
      .then((n) => n > 0 && app.log.info({ removed: n }, 'stale temporary uploads removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'temporary upload sweep failed'));
    sweepScratch(scratchDir, tempCutoff)
      .then((n) => n > 0 && app.log.info({ removed: n }, 'stale scratch files removed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'scratch sweep failed'));
    purgeReportAttempts(db, limits).catch((error: unknown) => app.log.warn({ err: error }, 'attempt purge failed'));
  };
  const timer = setInterval(sweep, 3_600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
