import { z } from 'zod';
import { MESSAGES, cleanedString, isValidEmail, isValidPhone, normalizePhone } from '@freight/domain';

/** Where a feedback message was written. */
export const FEEDBACK_CHANNELS = ['support_widget', 'footer_form'] as const;

/**
 * POST /user/feedback body. Text fields are cleaned on the way in (invisible characters,
 * repeated spaces); the contact is a Russian phone (stored as +7XXXXXXXXXX) or an e-mail.
 * `consent` is required from anonymous visitors; the server decides who that is.
 */
export const FeedbackRequestSchema = z
  .strictObject({
    name: cleanedString({ maxLength: 100 }).optional(),
    contact: cleanedString({ maxLength: 320 }, MESSAGES.feedback.contactRequired)
      .refine((v) => v.length > 0, { error: MESSAGES.feedback.contactRequired })
      .refine((v) => v.length === 0 || isValidPhone(v) || isValidEmail(v), { error: MESSAGES.feedback.contactInvalid })
      .transform((v) => (isValidPhone(v) ? (normalizePhone(v) ?? v) : v.toLowerCase())),
    message: cleanedString({ maxLength: 2000, keepNewlines: true }, MESSAGES.bugReport.textRequired).refine(
      (v) => v.length > 0,
      { error: MESSAGES.bugReport.textRequired },
    ),
    consent: z.boolean().optional().default(false),
    channel: z.enum(FEEDBACK_CHANNELS).default('support_widget'),
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.input<typeof FeedbackRequestSchema>;

export const FeedbackResponseSchema = z
  .object({ id: z.number().int(), received_at: z.string() })
  .meta({ id: 'FeedbackResponse' });
