import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import {
  ACCESS_REQUEST_MAX_FILES,
  ACCESS_REQUEST_MAX_OPEN,
  MESSAGES,
  accessRequestStatusLabel,
  isAccessRequestOpen,
  type AccessRequestFileType,
  type AccessRequestStatus,
  type AccessRequestType,
} from '@freight/domain';
import {
  API_PATHS,
  FullAccessRequestEditTargetSchema,
  FullAccessRequestQuerySchema,
  type AccessRequest,
  type AccessRequestList,
  type FullAccessRequestQuery,
} from '@freight/contracts';
import type { Database } from '@freight/db';
import type { z } from 'zod';
import { AppError } from '../../errors/app-error';
import type { SessionRow } from '../auth/session.repository';
import { findActiveUserById, type UserRow } from '../auth/identity.repository';
import { cleanFileName } from '../bug-reports/bug-report.service';
import type { FileStorage } from '../uploads/file-storage';
import { discardDocuments, receiveDocuments, tooManyFiles, type ReceivedDocument } from './access-request-files';
import * as repo from './access-requests.repository';
import type { AccessRequestFields, AccessRequestFileRow, AccessRequestRow } from './access-requests.repository';

const A = MESSAGES.accessRequest;

export interface AccessRequestsDeps {
  db: Database;
  storage: FileStorage;
  /** Local folder where uploads are checked and images re-encoded (DATA_DIR/uploads/scratch). */
  scratchDir: string;
  clock: () => Date;
  /** Per-file byte limit: 20 MB (tests may lower it). */
  maxFileBytes?: number;
}

const asDb = (tx: unknown) => tx as Database;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A request id that is well-formed; anything else is a request that does not exist. */
export function isRequestId(value: string): boolean {
  return UUID.test(value);
}

export function requestNotFound(): AppError {
  return new AppError('NOT_FOUND', 404, A.notFound, { request_id: A.notFound });
}

function decided(): AppError {
  return new AppError('CONFLICT', 409, A.decided, { request_id: A.decided });
}

/** The signed-in, verified user behind the session, or 401. */
export async function requireApplicant(db: Database, session: SessionRow | null): Promise<UserRow> {
  const userId = session?.userId;
  const user = userId ? await findActiveUserById(db, userId) : null;
  if (!user?.isVerified) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
  return user;
}

/** Parses with `schema`, or a Russian 400 naming each wrong field. */
function parseOr400<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, fields);
}

/** The fields of a create or an edit (spec query names), checked by the contract's schema. */
export function parseRequestFields(query: unknown): FullAccessRequestQuery {
  return parseOr400(FullAccessRequestQuerySchema, query);
}

/** `request_id` and `with_files` of an edit. */
export function parseEditTarget(query: unknown): { request_id: string; with_files: boolean } {
  return parseOr400(FullAccessRequestEditTargetSchema, query);
}

function toColumns(query: FullAccessRequestQuery): AccessRequestFields {
  return query.type === 'legal'
    ? {
        type: 'legal',
        name: query.name,
        inn: query.tin,
        kpp: query.rrc ?? null,
        documentSeries: null,
        documentNumber: null,
      }
    : {
        type: 'individual',
        name: query.name,
        inn: null,
        kpp: null,
        documentSeries: query.document_seria,
        documentNumber: query.document_number,
      };
}

/** Where the author downloads a document. */
export function fileUrl(requestId: string, fileId: string): string {
  return `${API_PATHS.accessRequestFile}?request_id=${requestId}&file_id=${fileId}`;
}

/** A request as its author sees it. */
export function toAccessRequest(row: AccessRequestRow, files: AccessRequestFileRow[]): AccessRequest {
  const status = row.status as AccessRequestStatus;
  const type = row.type as AccessRequestType;
  return {
    id: row.id,
    type,
    type_label: A.types[type],
    status,
    status_label: accessRequestStatusLabel(status),
    name: row.name,
    tin: row.inn,
    rrc: row.kpp,
    document_seria: row.documentSeries,
    document_number: row.documentNumber,
    reviewer_comment: row.reviewerComment,
    editable: isAccessRequestOpen(status),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    decided_at: row.decidedAt ? row.decidedAt.toISOString() : null,
    files: files.map((file) => ({
      id: file.id,
      name: file.originalName,
      size: file.sizeBytes,
      type: file.mimeType as AccessRequestFileType,
      url: fileUrl(row.id, file.id),
      created_at: file.createdAt.toISOString(),
    })),
  };
}

/** A request of the user with its files, or 404 (unknown, malformed id, someone else's). */
export async function getAccessRequest(deps: AccessRequestsDeps, user: UserRow, requestId: string) {
  const row = isRequestId(requestId) ? await repo.findUserRequest(deps.db, user.id, requestId) : null;
  if (!row) throw requestNotFound();
  return toAccessRequest(row, await repo.listFiles(deps.db, [row.id]));
}

/** GET user_requests: the user's requests, newest first, each with its files. */
export async function listAccessRequests(deps: AccessRequestsDeps, user: UserRow): Promise<AccessRequestList> {
  const rows = await repo.listUserRequests(deps.db, user.id);
  const files = await repo.listFiles(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    requests: rows.map((row) =>
      toAccessRequest(
        row,
        files.filter((file) => file.requestId === row.id),
      ),
    ),
  };
}

/** The user's open request for a change, or 404 / 409. `lock` inside a transaction. */
async function requireOpenRequest(
  db: Database,
  user: UserRow,
  requestId: string,
  lock = false,
): Promise<AccessRequestRow> {
  const row = isRequestId(requestId) ? await repo.findUserRequest(db, user.id, requestId, { lock }) : null;
  if (!row) throw requestNotFound();
  if (!isAccessRequestOpen(row.status as AccessRequestStatus)) throw decided();
  return row;
}

interface PlannedFile {
  document: ReceivedDocument;
  row: repo.NewAccessRequestFile & { id: string; storageKey: string; mimeType: AccessRequestFileType };
}

function planFiles(requestId: string, documents: ReceivedDocument[], firstPosition: number, now: Date): PlannedFile[] {
  return documents.map((document, index) => {
    const id = randomUUID();
    return {
      document,
      row: {
        id,
        requestId,
        position: firstPosition + index,
        storageKey: `access-requests/${requestId}/${id}.${document.extension}`,
        originalName: cleanFileName(document.name, `${id}.${document.extension}`),
        mimeType: document.mime,
        sizeBytes: document.size,
        createdAt: now,
      },
    };
  });
}

/**
 * Runs `work` in one transaction, stores the file rows it plans and promotes their objects to
 * their final keys in the same transaction. If anything fails, the transaction rolls back and
 * every object of the received documents (promoted or still temporary) is removed: the request
 * and its files are stored whole or not at all. After the commit, the objects `work` names as
 * `obsolete` (replaced files) are removed.
 */
async function storeWithFiles(
  deps: AccessRequestsDeps,
  documents: ReceivedDocument[],
  work: (tx: Database) => Promise<{ files: PlannedFile[]; obsolete?: string[] }>,
): Promise<void> {
  const promoted: string[] = [];
  let obsolete: string[] = [];
  try {
    await deps.db.transaction(async (tx) => {
      const done = await work(asDb(tx));
      await repo.insertFiles(
        asDb(tx),
        done.files.map((p) => p.row),
      );
      for (const p of done.files) {
        await deps.storage.promote(p.document.tempKey, p.row.storageKey, p.row.mimeType);
        promoted.push(p.row.storageKey);
      }
      obsolete = done.obsolete ?? [];
    });
  } catch (error) {
    await Promise.allSettled(promoted.map((key) => deps.storage.remove(key)));
    await discardDocuments(deps.storage, documents);
    throw error;
  }
  await Promise.allSettled(obsolete.map((key) => deps.storage.remove(key)));
}

function tooManyOpen(): AppError {
  return new AppError('CONFLICT', 409, A.tooManyOpen);
}

function filesRequired(message: string = A.filesRequired): AppError {
  return new AppError('VALIDATION_FAILED', 400, message, { files: message });
}

/**
 * POST request_full_access: a new request with at least one document, all stored or none. The
 * user may have at most {@link ACCESS_REQUEST_MAX_OPEN} undecided requests (checked before the
 * upload, and again under a lock on the user at the store, so parallel calls cannot pass it).
 */
export async function createAccessRequest(
  deps: AccessRequestsDeps,
  user: UserRow,
  query: FullAccessRequestQuery,
  parts: AsyncIterable<Multipart>,
): Promise<AccessRequest> {
  if ((await repo.countOpenRequests(deps.db, user.id)) >= ACCESS_REQUEST_MAX_OPEN) throw tooManyOpen();
  const documents = await receiveDocuments(parts, {
    storage: deps.storage,
    scratchDir: deps.scratchDir,
    capacity: ACCESS_REQUEST_MAX_FILES,
    maxFileBytes: deps.maxFileBytes,
  });
  if (documents.length === 0) throw filesRequired();
  const now = deps.clock();
  const requestId = randomUUID();
  await storeWithFiles(deps, documents, async (tx) => {
    await repo.lockUser(tx, user.id);
    if ((await repo.countOpenRequests(tx, user.id)) >= ACCESS_REQUEST_MAX_OPEN) throw tooManyOpen();
    await repo.insertRequest(tx, { id: requestId, userId: user.id, createdAt: now, ...toColumns(query) });
    return { files: planFiles(requestId, documents, 0, now) };
  });
  return getAccessRequest(deps, user, requestId);
}

/**
 * PUT request_full_access: new fields for an undecided request; with `with_files` the multipart
 * documents replace all of the request's documents (at least one), all or nothing. A request
 * sent back for corrections goes back to «На проверке».
 */
export async function editAccessRequest(
  deps: AccessRequestsDeps,
  user: UserRow,
  target: { request_id: string; with_files: boolean },
  query: FullAccessRequestQuery,
  parts: AsyncIterable<Multipart> | null,
): Promise<AccessRequest> {
  await requireOpenRequest(deps.db, user, target.request_id);
  let documents: ReceivedDocument[] = [];
  if (target.with_files) {
    documents = parts
      ? await receiveDocuments(parts, {
          storage: deps.storage,
          scratchDir: deps.scratchDir,
          capacity: ACCESS_REQUEST_MAX_FILES,
          maxFileBytes: deps.maxFileBytes,
        })
      : [];
    if (documents.length === 0) throw filesRequired();
  }
  const now = deps.clock();
  await storeWithFiles(deps, documents, async (tx) => {
    await requireOpenRequest(tx, user, target.request_id, true);
    await repo.updateRequest(tx, target.request_id, { ...toColumns(query), status: 'pending', updatedAt: now });
    if (!target.with_files) return { files: [] };
    const obsolete = await repo.deleteFiles(tx, target.request_id);
    return { files: planFiles(target.request_id, documents, 0, now), obsolete };
  });
  return getAccessRequest(deps, user, target.request_id);
}

/**
 * PUT request_full_access_files: more documents for an undecided request, up to 10 in all, all
 * or nothing. A request sent back for corrections goes back to «На проверке».
 */
export async function addAccessRequestFiles(
  deps: AccessRequestsDeps,
  user: UserRow,
  requestId: string,
  parts: AsyncIterable<Multipart>,
): Promise<AccessRequest> {
  await requireOpenRequest(deps.db, user, requestId);
  const before = await repo.fileSlots(deps.db, requestId);
  if (before.count >= ACCESS_REQUEST_MAX_FILES) throw tooManyFiles();
  const documents = await receiveDocuments(parts, {
    storage: deps.storage,
    scratchDir: deps.scratchDir,
    capacity: ACCESS_REQUEST_MAX_FILES - before.count,
    maxFileBytes: deps.maxFileBytes,
  });
  if (documents.length === 0) throw filesRequired(A.filesMissing);
  const now = deps.clock();
  await storeWithFiles(deps, documents, async (tx) => {
    await requireOpenRequest(tx, user, requestId, true);
    // Counted again under the lock: a parallel addition may have taken the room meanwhile.
    const slots = await repo.fileSlots(tx, requestId);
    if (slots.count + documents.length > ACCESS_REQUEST_MAX_FILES) throw tooManyFiles();
    await repo.updateRequest(tx, requestId, { status: 'pending', updatedAt: now });
    return { files: planFiles(requestId, documents, slots.nextPosition, now) };
  });
  return getAccessRequest(deps, user, requestId);
}

/**
 * DELETE request_full_access: only the author, only while undecided. The request and its file
 * rows go in one transaction; the stored objects are removed after the commit.
 */
export async function deleteAccessRequest(deps: AccessRequestsDeps, user: UserRow, requestId: string): Promise<void> {
  await requireOpenRequest(deps.db, user, requestId);
  const keys = await deps.db.transaction(async (tx) => {
    await requireOpenRequest(asDb(tx), user, requestId, true);
    return repo.deleteRequest(asDb(tx), requestId);
  });
  await Promise.allSettled(keys.map((key) => deps.storage.remove(key)));
}

/**
 * A document of the user's request for download, or 404 for anything else (another user's
 * request, another request's file, unknown or malformed ids alike: nothing can be probed).
 */
export async function openAccessRequestFile(
  deps: AccessRequestsDeps,
  user: UserRow,
  requestId: string,
  fileId: string,
) {
  const row =
    isRequestId(requestId) && isRequestId(fileId) ? await repo.findUserFile(deps.db, user.id, requestId, fileId) : null;
  const object = row ? await deps.storage.open(row.storageKey) : null;
  if (!row || !object) throw new AppError('NOT_FOUND', 404, A.notFound);
  return { ...object, name: row.originalName, mimeType: row.mimeType, storageKey: row.storageKey };
}
