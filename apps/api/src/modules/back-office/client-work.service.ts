import {
  accessRequestStatusLabel,
  cargoStatusLabel,
  cargoStatusOf,
  formatPhoneSpaced,
  isAccessRequestOpen,
  isCargoStatus,
  isProfileRole,
  isValidPhone,
  MESSAGES,
  normalizePhone,
  roleLabel,
  type AccessRequestStatus,
  type AccessRequestType,
  type ProfileRole,
} from '@freight/domain';
import { BO_CLIENTS_TEXTS } from '@freight/domain/texts/back-office-clients';
import type {
  AccessDecisionBody,
  AccessDecisionEntry,
  AccessDecisionResult,
  AccessQueueFilter,
  AccessQueueItem,
  AccessQueuePage,
  AccessRequestDetail,
  ClientDetail,
  ClientListItem,
  ClientPage,
  ClientProfileSummary,
  Manager,
} from '@freight/contracts/back-office-clients';
import type { AccessRequestFileType } from '@freight/domain';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { decideAccessRequest } from '../access-requests/access-requests.decision';
import * as accessRepo from '../access-requests/access-requests.repository';
import { isRequestId } from '../access-requests/access-requests.service';
import type { StoredFileDownload } from '../uploads/attachment';
import type { BackOfficeDeps } from './back-office.deps';
import * as repo from './client-work.repository';
import type { SearchTerms } from './client-work.repository';

const T = BO_CLIENTS_TEXTS;
const A = MESSAGES.accessRequest;

/** Appends to the audit log inside the caller's transaction (the route binds it to the request). */
export type Audit = (
  tx: Database,
  entry: { action: string; entityType: string; entityId: string | number; before?: unknown; after?: unknown },
) => Promise<void>;

const asDb = (tx: unknown) => tx as Database;
const phoneOut = (phone: string | null) => (phone ? formatPhoneSpaced(phone) : null);

/** The latest cargos shown on a client's page. */
export const CLIENT_LATEST_CARGOS = 20;

/**
 * Reads a search text: the text itself (for names and e-mails), the storage form when it is a
 * complete phone in any format, and the bare digits when it looks like a number (a part of a
 * phone, an ИНН, a passport number; at least 4 digits). Empty → null (no search).
 */
export function parseSearch(q: string | undefined): SearchTerms | null {
  const text = (q ?? '').trim();
  if (text === '') return null;
  const phone = isValidPhone(text) ? normalizePhone(text) : null;
  const numberLike = /^[\d\s()+-]+$/.test(text);
  const digits = numberLike ? text.replace(/\D/g, '') : '';
  return { text, phone, digits: digits.length >= 4 ? digits : null };
}

function requestNotFound(): AppError {
  return new AppError('NOT_FOUND', 404, T.errors.requestNotFound);
}

const QUEUE_STATUSES: Record<AccessQueueFilter, readonly AccessRequestStatus[] | null> = {
  pending: ['pending'],
  needs_changes: ['needs_changes'],
  approved: ['approved'],
  rejected: ['rejected'],
  open: ['pending', 'needs_changes'],
  all: null,
};

function queueItem(row: { request: repo.AccessRequestRow; phone: string | null; filesCount: number }): AccessQueueItem {
  const { request } = row;
  const status = request.status as AccessRequestStatus;
  const type = request.type as AccessRequestType;
  return {
    id: request.id,
    type,
    type_label: A.types[type],
    name: request.name,
    inn: request.inn,
    kpp: request.kpp,
    passport:
      request.documentSeries && request.documentNumber ? `${request.documentSeries} ${request.documentNumber}` : null,
    user_id: request.userId,
    phone: phoneOut(row.phone),
    files_count: Number(row.filesCount),
    status,
    status_label: accessRequestStatusLabel(status),
    created_at: request.createdAt.toISOString(),
  };
}

/** GET access_requests: a page of the queue. */
export async function listAccessQueue(
  deps: BackOfficeDeps,
  query: { status: AccessQueueFilter; q?: string | undefined; sort: string; page: number; per_page: number },
): Promise<AccessQueuePage> {
  const { rows, total } = await repo.listAccessQueue(deps.db, {
    statuses: QUEUE_STATUSES[query.status],
    terms: parseSearch(query.q),
    newestFirst: query.sort === '-created_at',
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { items: rows.map(queueItem), total, page: query.page, per_page: query.per_page };
}

/** Where the back-office shows a request's document. */
export function requestFileUrl(requestId: string, fileId: string): string {
  return `/api/v1/back-office/access_requests/${requestId}/files/${fileId}`;
}

function historyEntry(row: { at: Date; staffName: string; after: unknown }): AccessDecisionEntry | null {
  const after = (row.after ?? {}) as { status?: unknown; reviewer_comment?: unknown };
  const status = after.status as AccessRequestStatus;
  if (!['pending', 'needs_changes', 'approved', 'rejected'].includes(status)) return null;
  return {
    at: row.at.toISOString(),
    staff_name: row.staffName,
    status,
    status_label: accessRequestStatusLabel(status),
    comment: typeof after.reviewer_comment === 'string' ? after.reviewer_comment : null,
  };
}

/** GET access_requests/:id: the request, the applicant, the documents and the decisions so far. */
export async function getAccessRequestDetail(deps: BackOfficeDeps, requestId: string): Promise<AccessRequestDetail> {
  const found = isRequestId(requestId) ? await repo.findRequestWithApplicant(deps.db, requestId) : null;
  if (!found) throw requestNotFound();
  const { request, user, profile } = found;
  const [files, decisions] = await Promise.all([
    accessRepo.listFiles(deps.db, [requestId]),
    repo.listDecisions(deps.db, requestId),
  ]);
  const status = request.status as AccessRequestStatus;
  const type = request.type as AccessRequestType;
  return {
    id: request.id,
    type,
    type_label: A.types[type],
    name: request.name,
    inn: request.inn,
    kpp: request.kpp,
    document_series: request.documentSeries,
    document_number: request.documentNumber,
    status,
    status_label: accessRequestStatusLabel(status),
    reviewer_comment: request.reviewerComment,
    open: isAccessRequestOpen(status),
    created_at: request.createdAt.toISOString(),
    updated_at: request.updatedAt.toISOString(),
    decided_at: request.decidedAt ? request.decidedAt.toISOString() : null,
    applicant: {
      user_id: user.id,
      name: user.name,
      phone: phoneOut(user.phone),
      email: user.email,
      deleted: user.deletedAt !== null,
    },
    profile: profile ? { account_uuid: profile.accountUuid, name: profile.name } : null,
    files: files.map((file) => ({
      id: file.id,
      name: file.originalName,
      type: file.mimeType as AccessRequestFileType,
      size: file.sizeBytes,
      url: requestFileUrl(requestId, file.id),
    })),
    history: decisions.map(historyEntry).filter((entry) => entry !== null),
  };
}

/** GET access_requests/:id/files/:fileId: the stored document, or 404 for anything unknown. */
export async function openRequestFile(
  deps: BackOfficeDeps,
  requestId: string,
  fileId: string,
): Promise<StoredFileDownload> {
  const row =
    isRequestId(requestId) && isRequestId(fileId) ? await repo.findRequestFile(deps.db, requestId, fileId) : null;
  const object = row ? await deps.storage.open(row.storageKey) : null;
  if (!row || !object) throw new AppError('NOT_FOUND', 404, T.errors.fileNotFound);
  return { ...object, name: row.originalName, mimeType: row.mimeType, storageKey: row.storageKey };
}

/**
 * POST access_requests/:id/decision: the same decideAccessRequest as `npm run access:review`
 * (its 400 and 409 included), run inside a transaction that also writes the audit entry, so a
 * decision is never left unlogged. Its notification goes to the outbox table in that transaction;
 * the sender loop is woken after the commit.
 */
export async function decideFromBackOffice(
  deps: BackOfficeDeps,
  audit: Audit,
  requestId: string,
  body: AccessDecisionBody,
): Promise<AccessDecisionResult> {
  if (!isRequestId(requestId)) throw requestNotFound();
  const decision = body.decision === 'corrections' ? 'needs_changes' : body.decision;
  const result = await deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const before = await accessRepo.findRequest(tx, requestId, { lock: true });
    if (!before) throw requestNotFound();
    const decided = await decideAccessRequest(
      {
        db: tx,
        clock: deps.clock,
        // The e-mail and its job are written in this transaction.
        outbox: { enqueue: (input, db = tx) => deps.outbox.enqueue(input, db) },
        publicOrigin: deps.publicOrigin,
      },
      requestId,
      decision,
      body.comment ?? null,
    );
    await audit(tx, {
      action: repo.ACCESS_DECIDE_ACTION,
      entityType: 'access_request',
      entityId: requestId,
      before: { status: before.status, reviewer_comment: before.reviewerComment },
      after: {
        status: decided.request.status,
        reviewer_comment: decided.request.reviewer_comment,
        profile: decided.profile?.accountUuid ?? null,
        notified: decided.notified,
      },
    });
    return decided;
  });
  if (result.notified) deps.outbox.wake();
  return {
    request: await getAccessRequestDetail(deps, requestId),
    profile: result.profile
      ? { account_uuid: result.profile.accountUuid, role: result.profile.role, created: result.profile.created }
      : null,
    notified: result.notified,
  };
}

// ---------------------------------------------------------------- clients

function profileSummary(role: string, profile: repo.ClientProfileRow): ClientProfileSummary {
  const kind = profile.kind === 'legal' ? 'legal' : 'individual';
  const memberRole: ProfileRole = isProfileRole(role) ? role : 'owner';
  return {
    account_uuid: profile.accountUuid,
    kind,
    kind_label: T.profileKinds[kind],
    name: profile.name,
    inn: profile.inn,
    kpp: profile.kpp,
    role: memberRole,
    role_label: roleLabel(memberRole),
  };
}

function clientBase(row: repo.ClientRow): Omit<ClientListItem, 'profiles'> {
  return {
    id: row.id,
    name: row.name,
    phone: phoneOut(row.phone),
    email: row.email,
    deleted: row.deletedAt !== null,
    created_at: row.createdAt.toISOString(),
    cargo_count: Number(row.cargoCount),
    full_access: Boolean(row.fullAccess),
  };
}

/** GET clients: users matching a phone (any format), an ИНН, a part of a name or an e-mail. */
export async function searchClients(
  deps: BackOfficeDeps,
  query: { q?: string | undefined; page: number; per_page: number },
): Promise<ClientPage> {
  const { rows, total } = await repo.searchClients(deps.db, {
    terms: parseSearch(query.q),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const memberships = await repo.listMemberships(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      ...clientBase(row),
      profiles: memberships.filter((m) => m.userId === row.id).map((m) => profileSummary(m.role, m.profile)),
    })),
    total,
    page: query.page,
    per_page: query.per_page,
  };
}

function toManager(row: repo.StaffRow): Manager {
  return { id: row.id, name: row.name, phone: phoneOut(row.phone), email: row.email };
}

/** GET clients/:userId: the user, their profiles with members and managers, cargos, requests. */
export async function getClient(deps: BackOfficeDeps, userId: number): Promise<ClientDetail> {
  const user = await repo.findClient(deps.db, userId);
  if (!user) throw new AppError('NOT_FOUND', 404, T.errors.clientNotFound);
  const memberships = await repo.listMemberships(deps.db, [userId]);
  const profileIds = memberships.map((m) => m.profile.id);
  const managerIds = [
    ...new Set(memberships.map((m) => m.profile.managerStaffId).filter((id): id is number => id !== null)),
  ];
  const [members, managers, counts, latest, requests] = await Promise.all([
    repo.listMembers(deps.db, profileIds),
    repo.findStaffByIds(deps.db, managerIds),
    repo.countCargosByStatus(deps.db, userId),
    repo.latestCargos(deps.db, userId, CLIENT_LATEST_CARGOS),
    repo.listUserRequests(deps.db, userId),
  ]);
  const statusLabel = (status: string) => (isCargoStatus(status) ? cargoStatusLabel(status) : status);
  return {
    user: clientBase(user),
    profiles: memberships.map((m) => {
      const manager = managers.find((s) => s.id === m.profile.managerStaffId);
      return {
        ...profileSummary(m.role, m.profile),
        manager: manager ? toManager(manager) : null,
        members: members
          .filter((member) => member.profileId === m.profile.id)
          .map((member) => {
            const role: ProfileRole = isProfileRole(member.role) ? member.role : 'owner';
            return {
              user_id: member.userId,
              name: member.name,
              phone: phoneOut(member.phone),
              role,
              role_label: roleLabel(role),
            };
          }),
      };
    }),
    cargo_counts: counts
      .map((c) => ({ status: c.status, label: statusLabel(c.status), count: c.n }))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'ru')),
    cargos: latest.map((cargo) => {
      const status = cargoStatusOf(cargo.status);
      return {
        track_number: cargo.trackNumber,
        status,
        status_label: cargoStatusLabel(status),
        created_at: cargo.createdAt.toISOString(),
        route: `${cargo.from} → ${cargo.to}`,
        price_kopecks: cargo.priceKopecks,
      };
    }),
    requests: requests.map(queueItem),
  };
}

/** GET managers: the enabled client managers. */
export async function listManagers(deps: BackOfficeDeps): Promise<{ managers: Manager[] }> {
  return { managers: (await repo.listManagers(deps.db)).map(toManager) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * PUT profiles/:accountUuid/manager: sets (or with null clears) the profile's personal manager.
 * The staff member must exist, be enabled and be a client manager (400 otherwise).
 */
export async function assignManager(
  deps: BackOfficeDeps,
  audit: Audit,
  accountUuid: string,
  staffId: number | null,
): Promise<{ account_uuid: string; manager: Manager | null }> {
  if (!UUID.test(accountUuid)) throw new AppError('NOT_FOUND', 404, T.errors.profileNotFound);
  return deps.db.transaction(async (t) => {
    const tx = asDb(t);
    const profile = await repo.findProfileByUuid(tx, accountUuid, { lock: true });
    if (!profile) throw new AppError('NOT_FOUND', 404, T.errors.profileNotFound);
    let manager: repo.StaffRow | null = null;
    if (staffId !== null) {
      manager = await repo.findStaff(tx, staffId);
      if (!manager || manager.disabledAt !== null || manager.role !== 'client_manager') {
        throw new AppError('VALIDATION_FAILED', 400, T.errors.managerInvalid, { staff_id: T.errors.managerInvalid });
      }
    }
    await repo.setProfileManager(tx, profile.id, staffId, deps.clock());
    await audit(tx, {
      action: 'profile.manager',
      entityType: 'client_profile',
      entityId: accountUuid,
      before: { manager_staff_id: profile.managerStaffId },
      after: { manager_staff_id: staffId },
    });
    return { account_uuid: accountUuid, manager: manager ? toManager(manager) : null };
  });
}
