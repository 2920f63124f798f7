import { randomUUID } from 'node:crypto';
import { MESSAGES, PD_CONSENT, resolveBugReportContact } from '@freight/domain';
import {
  API_PATHS,
  createBugReportQuerySchema,
  searchParamsToObject,
  type BugReportQuery,
  type BugReportResponse,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import type { FileStorage } from '../uploads/file-storage';
import type { ReceivedFile } from './bug-report-files';
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
