import { attachLegalProfile, ensurePersonalProfile, type Database } from '@freight/db';
import {
  MESSAGES,
  accessRequestStatusLabel,
  formatDateTime,
  formatPhoneSpaced,
  isAccessRequestOpen,
  type AccessRequestStatus,
} from '@freight/domain';
import { ACCESS_REQUEST_DECISIONS, type AccessRequest, type AccessRequestDecision } from '@freight/contracts';
import { AppError } from '../../errors/app-error';
import type { EnqueueInput } from '../messaging/outbox.service';
import * as repo from './access-requests.repository';
import { isRequestId, requestNotFound, toAccessRequest } from './access-requests.service';

const A = MESSAGES.accessRequest;

/** Longest reviewer comment kept (characters). */
export const REVIEWER_COMMENT_MAX_LENGTH = 2000;

/** Where messages go out: the app's Outbox (in the review command, one that only enqueues). */
export interface DecisionOutbox {
  enqueue(input: EnqueueInput, db?: Database): Promise<number>;
  /** Asks the sender loop to run soon (the API's Outbox; absent elsewhere). */
  wake?(): void;
}

export interface DecisionDeps {
  db: Database;
  clock: () => Date;
  outbox: DecisionOutbox;
  /** Origin of the site, for the link in the e-mail. */
  publicOrigin: string;
}

export interface DecisionResult {
  request: AccessRequest;
  /** The profile an approval created or attached, and the user's role in it. */
  profile: { accountUuid: string; role: string; created: boolean } | null;
  /** The address the notification was queued to, or null (the user has no e-mail). */
  notified: string | null;
}

function isDecision(value: string): value is AccessRequestDecision {
  return (ACCESS_REQUEST_DECISIONS as readonly string[]).includes(value);
}

/** The request's page in the personal account. */
export function requestPageUrl(publicOrigin: string, requestId: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/personal-account/access/${requestId}`;
}

/**
 * The operator's decision on a full-access request (the back-office will call this; until then
 * `npm run access:review`). Only an undecided request can be decided (409 otherwise), under a
 * row lock, in one transaction with everything it causes:
 * - `approve`: a legal request attaches the user to the company of its ИНН + КПП (created when
 *   unknown; the user becomes its owner, or an administrator when it has one already), an
 *   individual one to the user's personal profile; the request points at that profile;
 *   `comment` is optional;
 * - `reject`: `comment` is the reason, required;
 * - `needs_changes`: `comment` says what to correct, required; the author may then edit.
 * `decided_at` is set for approve and reject (needs_changes is no final decision). When the user
 * has an e-mail, a short Russian notification is queued through the outbox.
 */
export async function decideAccessRequest(
  deps: DecisionDeps,
  requestId: string,
  decision: AccessRequestDecision | string,
  comment?: string | null,
): Promise<DecisionResult> {
  if (!isDecision(decision)) {
    throw new AppError('VALIDATION_FAILED', 400, A.decisionInvalid, { decision: A.decisionInvalid });
  }
  const text = comment?.trim() ? comment.trim() : null;
  if (!text && decision === 'reject') {
    throw new AppError('VALIDATION_FAILED', 400, A.rejectReasonRequired, { comment: A.rejectReasonRequired });
  }
  if (!text && decision === 'needs_changes') {
    throw new AppError('VALIDATION_FAILED', 400, A.changesCommentRequired, { comment: A.changesCommentRequired });
  }
  if (text && Array.from(text).length > REVIEWER_COMMENT_MAX_LENGTH) {
    throw new AppError('VALIDATION_FAILED', 400, A.commentTooLong, { comment: A.commentTooLong });
  }
  if (!isRequestId(requestId)) throw requestNotFound();

  const result = await deps.db.transaction(async (t) => {
    const tx = t as unknown as Database;
    const row = await repo.findRequest(tx, requestId, { lock: true });
    if (!row) throw requestNotFound();
    if (!isAccessRequestOpen(row.status as AccessRequestStatus)) {
      throw new AppError('CONFLICT', 409, A.notOpen, { request_id: A.notOpen });
    }
    const now = deps.clock();
    let profile: DecisionResult['profile'] = null;
    let profileId: number | null = null;
    if (decision === 'approve') {
      if (row.type === 'legal') {
        const attached = await attachLegalProfile(tx, { name: row.name, inn: row.inn!, kpp: row.kpp }, row.userId);
        profileId = attached.profileId;
        profile = { accountUuid: '', role: attached.role, created: attached.created };
      } else {
        profileId = await ensurePersonalProfile(tx, row.userId, row.name);
        profile = { accountUuid: '', role: 'owner', created: false };
      }
      profile.accountUuid = (await repo.findProfileUuid(tx, profileId)) ?? '';
    }
    const status: AccessRequestStatus =
      decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'needs_changes';
    await repo.updateRequest(tx, requestId, {
      status,
      reviewerComment: text,
      profileId,
      decidedAt: status === 'needs_changes' ? null : now,
      updatedAt: now,
    });

    const applicant = await repo.findApplicant(tx, row.userId);
    let notified: string | null = null;
    if (applicant?.email && !applicant.deleted) {
      const link = requestPageUrl(deps.publicOrigin, requestId);
      const body =
        status === 'approved'
          ? A.emailApproved(row.name, link)
          : status === 'rejected'
            ? A.emailRejected(row.name, text ?? '', link)
            : A.emailNeedsChanges(row.name, text ?? '', link);
      await deps.outbox.enqueue(
        {
          channel: 'email',
          to: applicant.email,
          subject: `${A.emailSubject}: ${accessRequestStatusLabel(status).toLowerCase()}`,
          body,
          bodyRedacted: body,
          kind: 'access_request_decision',
        },
        tx,
      );
      notified = applicant.email;
    }
    const updated = (await repo.findRequest(tx, requestId))!;
    return { request: toAccessRequest(updated, await repo.listFiles(tx, [requestId])), profile, notified };
  });
  if (result.notified) deps.outbox.wake?.();
  return result;
}

/**
 * The undecided requests for the operator, oldest first, as printable lines: the request (id,
 * status, date, applicant), its data, and the storage keys of its documents (under
 * DATA_DIR/uploads on local disk, or in the S3 bucket).
 */
export async function describeOpenRequests(db: Database): Promise<string[]> {
  const rows = await repo.listOpenRequests(db);
  const files = await repo.listFiles(
    db,
    rows.map((row) => row.request.id),
  );
  const lines: string[] = [];
  for (const { request, phone, userName } of rows) {
    const view = toAccessRequest(
      request,
      files.filter((file) => file.requestId === request.id),
    );
    const applicant = [userName, phone ? formatPhoneSpaced(phone) : null].filter(Boolean).join(', ');
    lines.push(A.cliListItem(view.id, view.status_label, formatDateTime(view.created_at), applicant));
    const subject =
      view.type === 'legal'
        ? A.legalSubject(view.tin ?? '', view.rrc)
        : A.personSubject(view.document_seria ?? '', view.document_number ?? '');
    lines.push(`  ${view.type_label}: ${view.name}; ${subject}`);
    for (const file of files.filter((f) => f.requestId === request.id)) {
      lines.push(`  ${file.storageKey} (${file.originalName})`);
    }
  }
  return lines;
}
