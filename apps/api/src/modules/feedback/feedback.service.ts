import { type z } from 'zod';
import { MESSAGES, PD_CONSENT } from '@freight/domain';
import type { FeedbackRequestSchema } from '@freight/contracts';
import type { Database } from '@freight/db';
import { AppError } from '../../errors/app-error';
import { recordConsent } from '../consents/consent.service';
import { insertFeedback } from './feedback.repository';

type FeedbackInput = z.output<typeof FeedbackRequestSchema>;

/**
 * Stores a message from the support widget or the feedback form. Anonymous senders must
 * consent to personal-data processing; the consent and the message are written in one
 * transaction, so there is never a message without its consent or the other way round.
 */
export async function submitFeedback(
  db: Database,
  input: FeedbackInput,
  caller: { sessionId: string | null; userId: number | null; ip: string | null; userAgent: string | null },
): Promise<{ id: number; receivedAt: Date }> {
  const needsConsent = caller.userId === null;
  if (needsConsent && !input.consent) {
    throw new AppError('VALIDATION_FAILED', 400, MESSAGES.common.validationFailed, {
      consent: MESSAGES.feedback.consentRequired,
    });
  }
  return db.transaction(async (tx) => {
    const consentId = needsConsent
      ? await recordConsent(tx as unknown as Database, {
          document: PD_CONSENT,
          channel: `feedback:${input.channel}`,
          ...caller,
        })
      : null;
    const row = await insertFeedback(tx as unknown as Database, {
      sessionId: caller.sessionId,
      userId: caller.userId,
      consentId,
      name: input.name || null,
      contact: input.contact,
      message: input.message,
      channel: input.channel,
    });
    return { id: row.id, receivedAt: row.createdAt };
  });
}
