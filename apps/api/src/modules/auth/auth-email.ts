/** E-mail links and codes: confirming or changing an address (and the reset-link mail). */
import { randomBytes } from 'node:crypto';
import {
  CODE_MAX_ATTEMPTS,
  EMAIL_CONFIRM_TTL_MS,
  EMAILS_PER_ADDRESS_HOUR,
  MESSAGES,
  PASSWORD_RESET_TTL_MS,
  fillTemplate,
  maskEmail,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { CODE_COST, generateCode, hashSecret, verifySecret } from './password';
import { hashToken } from './session.service';
import * as repo from './identity.repository';
import {
  type Caller,
  HOUR,
  type IdentityDeps,
  type Tx,
  asDb,
  invalid,
  logEvent,
  requireUser,
  tooMany,
} from './auth-core';

export interface EmailSecrets {
  token: string;
  code: string;
  codeHash: string;
}

export async function newEmailSecrets(): Promise<EmailSecrets> {
  const code = generateCode();
  return { token: randomBytes(32).toString('base64url'), code, codeHash: await hashSecret(code, CODE_COST) };
}

export type EmailPurpose = 'confirm' | 'change' | 'reset';

/**
 * Writes an e-mail token and queues the mail. When the address already belongs to another
 * account, a notice goes there instead of a link, and the caller's answer does not change.
 */
export async function queueEmailLink(
  deps: IdentityDeps,
  tx: Tx,
  user: repo.UserRow,
  email: string,
  purpose: EmailPurpose,
  secrets: EmailSecrets,
  now: Date,
): Promise<void> {
  if (purpose !== 'reset') {
    const owner = await repo.findActiveUserByEmail(tx, email);
    if (owner && owner.id !== user.id) {
      await deps.outbox.enqueue(
        {
          channel: 'email',
          to: email,
          subject: MESSAGES.auth.mailChangeSubject,
          body: MESSAGES.auth.mailTakenBody,
          bodyRedacted: MESSAGES.auth.mailTakenBody,
          kind: 'email:taken',
        },
        tx,
      );
      return;
    }
  }
  await repo.insertEmailToken(tx, {
    userId: user.id,
    email,
    purpose,
    tokenHash: hashToken(secrets.token),
    codeHash: purpose === 'confirm' ? secrets.codeHash : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (purpose === 'reset' ? PASSWORD_RESET_TTL_MS : EMAIL_CONFIRM_TTL_MS)),
  });
  const page = purpose === 'reset' ? '/auth/reset-password' : '/auth/email-confirmation';
  const kindParam = purpose === 'change' ? '&type=change' : '';
  const link = `${deps.publicOrigin}${page}?token=${secrets.token}${kindParam}`;
  const [subject, template] =
    purpose === 'confirm'
      ? [MESSAGES.auth.mailConfirmSubject, MESSAGES.auth.mailConfirmBody]
      : purpose === 'change'
        ? [MESSAGES.auth.mailChangeSubject, MESSAGES.auth.mailChangeBody]
        : [MESSAGES.auth.mailResetSubject, MESSAGES.auth.mailResetBody];
  await deps.outbox.enqueue(
    {
      channel: 'email',
      to: email,
      subject,
      body: fillTemplate(template, { link, code: secrets.code }),
      bodyRedacted: fillTemplate(template, { link: `${deps.publicOrigin}${page}?token=…`, code: '••••••' }),
      kind: `email:${purpose}`,
    },
    tx,
  );
}

/**
 * Sends (or re-sends) a confirmation link to an address of the signed-in user:
 * POST /authorization_v2/resend_email (purpose `confirm`; without an address, the pending one)
 * and PUT /user/email/change_email (purpose `change`). At most 3 mails per address per hour.
 */
export async function sendEmailLink(
  deps: IdentityDeps,
  caller: Caller,
  input: { email?: string | undefined; purpose: 'confirm' | 'change' },
): Promise<{ maskedEmail: string }> {
  const user = await requireUser(deps, caller);
  const now = deps.clock();
  let email = input.email;
  if (!email) {
    const pending = await repo.findPendingEmailToken(deps.db, user.id, now);
    if (!pending) throw invalid('email', MESSAGES.auth.emailNothingPending);
    email = pending.email;
  }
  if (user.email && user.email.toLowerCase() === email.toLowerCase())
    throw invalid('email', MESSAGES.auth.emailSameAsCurrent);
  const recent = await repo.countEmailTokensSince(deps.db, email, new Date(now.getTime() - HOUR));
  if (recent >= EMAILS_PER_ADDRESS_HOUR) {
    throw tooMany(MESSAGES.common.tooManyRequests, 'email', HOUR / 1000);
  }
  const secrets = await newEmailSecrets();
  const target = email;
  await deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    await repo.retireEmailTokens(tx, user.id, ['confirm', 'change'], now);
    await queueEmailLink(deps, tx, user, target, input.purpose, secrets, now);
    await logEvent(tx, caller, `email_link:${input.purpose}`, 'success', { userId: user.id, now });
  });
  deps.outbox.wake();
  return { maskedEmail: maskEmail(target) };
}

async function applyEmailToken(
  deps: IdentityDeps,
  caller: Caller,
  row: repo.EmailTokenRow,
  now: Date,
): Promise<repo.UserRow> {
  return deps.db.transaction(async (rawTx) => {
    const tx = asDb(rawTx);
    if (!(await repo.consumeEmailToken(tx, row.id, now))) throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const user = await repo.findActiveUserById(tx, row.userId);
    if (!user) throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    const owner = await repo.findActiveUserByEmail(tx, row.email);
    if (owner && owner.id !== user.id)
      throw new AppError('CONFLICT', 409, MESSAGES.auth.emailTaken, { email: MESSAGES.auth.emailTaken });
    await repo.retireEmailTokens(tx, user.id, ['confirm', 'change'], now);
    const updated = await repo.updateUser(tx, user.id, { email: row.email });
    await logEvent(tx, caller, `email_confirm:${row.purpose}`, 'success', { userId: user.id, now });
    return updated;
  });
}

/**
 * Confirms an address by the link's token (anyone holding the link: it may be opened in another
 * browser) or by the code from the same mail (only the signed-in owner, at most 5 tries).
 */
export async function confirmEmail(
  deps: IdentityDeps,
  caller: Caller,
  input: { token?: string | undefined; code?: string | undefined; purposes?: EmailPurpose[] },
): Promise<repo.UserRow> {
  const now = deps.clock();
  const purposes = input.purposes ?? ['confirm', 'change'];
  if (input.token) {
    const row = await repo.findEmailTokenByHash(deps.db, hashToken(input.token));
    if (
      !row ||
      !purposes.includes(row.purpose as EmailPurpose) ||
      row.consumedAt ||
      row.expiresAt.getTime() <= now.getTime()
    ) {
      throw invalid('token', MESSAGES.auth.emailLinkInvalid);
    }
    return applyEmailToken(deps, caller, row, now);
  }
  const user = await requireUser(deps, caller);
  const row = await repo.findPendingEmailToken(deps.db, user.id, now);
  if (!row || !row.codeHash) throw invalid('code', MESSAGES.auth.codeInvalid);
  const attempts = await repo.reserveEmailCodeAttempt(deps.db, row.id, CODE_MAX_ATTEMPTS);
  if (attempts === null) throw invalid('code', MESSAGES.auth.codeAttemptsExceeded);
  if (!(await verifySecret(input.code ?? '', row.codeHash))) {
    throw invalid(
      'code',
      attempts >= CODE_MAX_ATTEMPTS ? MESSAGES.auth.codeAttemptsExceeded : MESSAGES.auth.codeInvalid,
    );
  }
  return applyEmailToken(deps, caller, row, now);
}
