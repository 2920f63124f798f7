import { z } from 'zod';
import { cleanedString } from '@freight/domain/text-schema';
import {
  BO_ALERTS_TEXTS,
  SECURITY_ALERT_COMMENT_MAX_LENGTH,
  SECURITY_ALERT_FILTERS,
  SECURITY_ALERT_STATUSES,
} from '@freight/domain/texts/back-office-alerts';
import { PageQuerySchema, pageOf } from './back-office';
import { queryNumber } from './query';

/*
 * The back-office's security alerts (issue 20), under /api/v1/back-office/security_alerts: the
 * rows the SMS policy and the CAPTCHA raise (`security_alerts`), listed and resolved by staff
 * with `alerts.work`.
 */

const E = BO_ALERTS_TEXTS.errors;

/** GET security_alerts: open ones by default; open first, the most recently seen first. */
export const SecurityAlertListQuerySchema = PageQuerySchema.extend({
  status: z.enum(SECURITY_ALERT_FILTERS, { error: E.filterInvalid }).default('open'),
});
export type SecurityAlertListQuery = z.input<typeof SecurityAlertListQuerySchema>;

export const SecurityAlertSchema = z.object({
  id: z.number().int(),
  /** `sms_budget_phone`, `sms_budget_prefix`, `sms_budget_ip`, `sms_budget_global`, `captcha_conversion`… */
  kind: z.string(),
  /** «Исчерпан лимит SMS на номер»… */
  kind_label: z.string(),
  /** What it is about, in a few words: «Номер +7 (9**) ***-**-01», «IP-адрес 203.0.113.7»… (a phone only masked). */
  subject: z.string(),
  /** The details as Russian sentences: limit, count, window, masked phone, prefix, IP, SMS kind, repeats. */
  details: z.array(z.string()),
  /** How many times it fired while open. */
  hits: z.number().int(),
  status: z.enum(SECURITY_ALERT_STATUSES),
  status_label: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  resolved_at: z.string().nullable(),
  /** The staff member who resolved it and their comment (from the audit log). */
  resolved_by: z.string().nullable(),
  comment: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof SecurityAlertSchema>;

export const SecurityAlertPageSchema = pageOf(SecurityAlertSchema);
export type SecurityAlertPage = z.infer<typeof SecurityAlertPageSchema>;

/** The `:id` of security_alerts/:id (decimal only). */
export const SecurityAlertParamsSchema = z.object({
  id: queryNumber(E.notFound, { int: true, min: 1, max: Number.MAX_SAFE_INTEGER }),
});

/** POST security_alerts/:id/resolve: an optional comment (kept in the audit log). */
export const SecurityAlertResolveBodySchema = z.strictObject({
  comment: cleanedString({ keepNewlines: true })
    .refine((value) => Array.from(value).length <= SECURITY_ALERT_COMMENT_MAX_LENGTH, { error: E.commentTooLong })
    .transform((value) => value || undefined)
    .optional(),
});
export type SecurityAlertResolveBody = z.input<typeof SecurityAlertResolveBodySchema>;
