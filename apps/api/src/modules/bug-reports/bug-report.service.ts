import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { MultipartFile, Multipart } from '@fastify/multipart';
import {
  BUG_REPORT_MAX_FILES,
  isBugReportPlaceholderFile,
  MESSAGES,
  PD_CONSENT,
  resolveBugReportContact,
} from '@freight/domain';
import {
  API_PATHS,
  BugReportFilesSchema,
  createBugReportQuerySchema,
  searchParamsToObject,
  type BugReportQuery,
  type BugReportResponse,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import type { FileStorage } from '../uploads/file-storage';
import { UploadRejection } from '../uploads/image-inspector';
import { receiveImage, type ReceivedImage } from '../uploads/receive-image';
import {
  deleteAttemptsBefore,
  findReportFile,
  findReporter,
  insertReport,
  insertReportFiles,
  recordAttempt,
} from './bug-report.repository';

/** Reports per session and per IP (counted in the database, so they hold across API instances). */
export interface BugReportLimits {
  perSession: { max: number; windowMs: number };
  perIp: { max: number; windowMs: number };
}
export const BUG_REPORT_LIMITS: BugReportLimits = {
  perSession: { max: 5, windowMs: 10 * 60_000 },
  perIp: { max: 30, windowMs: 60 * 60_000 },
};

/** Who is sending: the session, its user (if any) and whether that user is verified. */
export interface Reporter {
  sessionId: string;
  userId: number | null;
  isVerified: boolean;
  phone: string | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

export async function resolveReporter(
  db: Database,
  session: { id: string; userId: number | null },
  client: { ip: string | null; userAgent: string | null },
): Promise<Reporter> {
  const user = session.userId === null ? null : await findReporter(db, session.userId);
  return {
    sessionId: session.id,
    userId: user ? session.userId : null,
    isVerified: user?.isVerified === true,
    phone: user?.phone ?? null,
    email: user?.email ?? null,
    ...client,
  };
}

/**
 * The query by the form rules of the sender: a non-verified sender must give a contact and
 * consent (spec section 5). Read from the raw query string, because the route's own schema is
 * the looser verified one.
 */
export function parseReportQuery(url: string, isVerified: boolean): BugReportQuery {
  const raw = searchParamsToObject(new URLSearchParams(url.split('?')[1] ?? ''));
  const parsed = createBugReportQuerySchema({ isVerified }).safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
}

/** Records this attempt and refuses it when the session or the IP has sent too many. */
export async function checkReportRate(
  db: Database,
  reporter: Reporter,
  limits: BugReportLimits = BUG_REPORT_LIMITS,
  now = new Date(),
): Promise<void> {
  const counts = await recordAttempt(
    db,
    { sessionId: reporter.sessionId, ip: reporter.ip },
    {
      session: new Date(now.getTime() - limits.perSession.windowMs),
      ip: new Date(now.getTime() - limits.perIp.windowMs),
    },
  );
  const overSession = counts.bySession > limits.perSession.max;
  const overIp = counts.byIp > limits.perIp.max;
  if (overSession || overIp) {
    const windowMs = overIp ? limits.perIp.windowMs : limits.perSession.windowMs;
    throw new AppError('TOO_MANY_REQUESTS', 429, MESSAGES.bugReport.tooManyReports, undefined, {
      'retry-after': String(Math.ceil(windowMs / 1000)),
    });
  }
}

/** Forgets attempts older than the longest window. */
export function purgeReportAttempts(db: Database, limits = BUG_REPORT_LIMITS, now = new Date()): Promise<number> {
  const longest = Math.max(limits.perSession.windowMs, limits.perIp.windowMs);
  return deleteAttemptsBefore(db, new Date(now.getTime() - longest));
}

/** A file that passed every check and waits in the storage's temporary area. */
export interface ReceivedFile {
  tempKey: string;
  name: string;
  image: ReceivedImage;
}

function fileError(index: number, error: UploadRejection): AppError {
  const fields = { [`files.${index}`]: error.message };
  return error.reason === 'too_large'
    ? new AppError('PAYLOAD_TOO_LARGE', 413, error.message, fields)
    : new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
}

function tooManyFiles(): AppError {
  return new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
    files: MESSAGES.bugReport.filesMaxCount,
  });
}

/** Multipart and stream failures as the user should see them; anything else is rethrown. */
function mapIntakeError(error: unknown, index: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof UploadRejection) return fileError(index, error);
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_FILES_LIMIT') return tooManyFiles();
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return fileError(index, new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
  }
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return new AppError('BAD_REQUEST', 400, MESSAGES.common.validationFailed);
  }
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    (error instanceof Error &&
      /premature close|terminated early|Unexpected end of (multipart|form)/i.test(error.message))
  ) {
    return new AppError('BAD_REQUEST', 400, MESSAGES.upload.interrupted);
  }
  return error;
}

async function countBytes(stream: Readable): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += (chunk as Buffer).length;
  return size;
}

/** A part the client may mean as the empty placeholder: plain text by type, or a .txt without a type. */
function mayBePlaceholder(part: MultipartFile): boolean {
  return isBugReportPlaceholderFile({ name: part.filename, type: part.mimetype, size: 0 });
}

export interface ReceiveReportFilesOptions {
  storage: FileStorage;
  /** Local folder for files while they are checked and re-encoded. */
  scratchDir: string;
  maxFileBytes?: number;
}

/**
 * Reads the multipart files one after another, each checked while it streams and re-encoded
 * without its metadata ({@link receiveImage}) into the storage's temporary area. The empty text
 * placeholder is read and dropped; fields are ignored. Any failure removes every temporary
 * object of the request before it is rethrown as a Russian 4xx, so a refused or interrupted
 * upload leaves nothing behind.
 */
export async function receiveReportFiles(
  parts: AsyncIterable<Multipart>,
  { storage, scratchDir, maxFileBytes }: ReceiveReportFilesOptions,
): Promise<ReceivedFile[]> {
  const received: ReceivedFile[] = [];
  try {
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (mayBePlaceholder(part)) {
        const size = await countBytes(part.file);
        if (isBugReportPlaceholderFile({ name: part.filename, type: part.mimetype, size })) continue;
        throw fileError(received.length, new UploadRejection('wrong_type', MESSAGES.bugReport.fileType));
      }
      if (received.length >= BUG_REPORT_MAX_FILES) {
        part.file.resume();
        throw tooManyFiles();
      }
      const image = await receiveImage(part.file, {
        storage,
        scratchDir,
        maxBytes: maxFileBytes,
        declared: { name: part.filename, type: part.mimetype },
      });
      // busboy stops a file at its own limit too; a truncated file is a file that was too large.
      if (part.file.truncated) {
        await storage.remove(image.tempKey).catch(() => undefined);
        throw fileError(received.length, new UploadRejection('too_large', MESSAGES.bugReport.fileTooLarge));
      }
      received.push({ tempKey: image.tempKey, name: part.filename, image });
    }
    // The domain's own rules once more, on what the content turned out to be.
    const check = BugReportFilesSchema.safeParse(
      received.map((file) => ({ name: file.name, size: file.image.receivedBytes, type: file.image.mime })),
    );
    if (!check.success) {
      const issue = check.error.issues[0];
      throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
        [issue?.path.length ? `files.${issue.path.join('.')}` : 'files']: issue?.message ?? MESSAGES.bugReport.fileType,
      });
    }
    return received;
  } catch (error) {
    await Promise.allSettled(received.map((file) => storage.remove(file.tempKey)));
    throw mapIntakeError(error, received.length);
  }
}

/** Keeps the user's file name for Content-Disposition only: no paths, no control characters, at most 200 chars. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((char) => char !== '"' && char.codePointAt(0)! > 0x1f && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/** Where the sender may read a stored file back. */
export function fileUrl(fileId: string): string {
  return `${API_PATHS.bugReportFiles}/${fileId}`;
}

/**
 * Stores the report: consent (for a non-verified sender), the report, its files, and the
 * promotion of every temporary object to its final key, all inside one transaction. If any
 * step fails the transaction rolls back and every object of the report is removed, so there
 * is never a row without its files or a file without its row.
 */
export async function storeReport(
  db: Database,
  storage: FileStorage,
  reporter: Reporter,
  query: BugReportQuery,
  files: ReceivedFile[],
): Promise<BugReportResponse> {
  const reportId = randomUUID();
  const planned = files.map((file, position) => {
    const id = randomUUID();
    return {
      id,
      position,
      file,
      key: `bug-reports/${reportId}/${id}.${file.image.extension}`,
      name: cleanFileName(file.name, `${id}.${file.image.extension}`),
    };
  });
  const contact = resolveBugReportContact(
    { is_verified: reporter.isVerified, phone: reporter.phone, email: reporter.email },
    query.contact,
  );
  const promoted: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const consentId = reporter.isVerified
        ? null
        : await recordConsent(tx as unknown as Database, {
            document: PD_CONSENT,
            channel: 'bug_report',
            sessionId: reporter.sessionId,
            userId: reporter.userId,
            ip: reporter.ip,
            userAgent: reporter.userAgent,
          });
      await insertReport(tx as unknown as Database, {
        id: reportId,
        sessionId: reporter.sessionId,
        userId: reporter.userId,
        consentId,
        text: query.text,
        contact,
        ip: reporter.ip,
        userAgent: reporter.userAgent?.slice(0, 512) ?? null,
      });
      await insertReportFiles(
        tx as unknown as Database,
        planned.map((p) => ({
          id: p.id,
          reportId,
          position: p.position,
          storageKey: p.key,
          originalName: p.name,
          mimeType: p.file.image.mime,
          sizeBytes: p.file.image.size,
          width: p.file.image.width,
          height: p.file.image.height,
        })),
      );
      for (const p of planned) {
        await storage.promote(p.file.tempKey, p.key, p.file.image.mime);
        promoted.push(p.key);
      }
    });
  } catch (error) {
    await Promise.allSettled([
      ...promoted.map((key) => storage.remove(key)),
      ...files.map((file) => storage.remove(file.tempKey)),
    ]);
    throw error;
  }
  return {
    id: reportId,
    files: planned.map((p) => ({
      id: p.id,
      name: p.name,
      size: p.file.image.size,
      type: p.file.image.mime,
      width: p.file.image.width,
      height: p.file.image.height,
      url: fileUrl(p.id),
    })),
  };
}

/**
 * A stored file for its reader, or null. Only the session that sent the report, or the
 * signed-in user who sent it, may read it; anyone else gets the same null as for a missing
 * file, so ids cannot be probed.
 */
export async function openReportFile(
  db: Database,
  storage: FileStorage,
  fileId: string,
  reader: { sessionId: string; userId: number | null },
) {
  const row = await findReportFile(db, fileId);
  if (!row) return null;
  const allowed =
    row.reportSessionId === reader.sessionId || (row.reportUserId !== null && row.reportUserId === reader.userId);
  if (!allowed) return null;
  const object = await storage.open(row.storageKey);
  if (!object) return null;
  return { ...object, name: row.originalName, mimeType: row.mimeType, storageKey: row.storageKey };
}
