import { z } from 'zod';
import {
  ACCESS_REQUEST_FILE_TYPES,
  ACCESS_REQUEST_STATUSES,
  ACCESS_REQUEST_TYPES,
} from '@freight/domain/access-request';
import { CARGO_STATUS_CODES } from '@freight/domain/cargo-status';
import { INBOX_STATUSES } from '@freight/domain/staff';
import { PROFILE_ROLES } from '@freight/domain/team';
import { cleanedString } from '@freight/domain/text-schema';
import { BO_CLIENTS_TEXTS, INBOX_ANSWER_MAX_LENGTH } from '@freight/domain/texts/back-office-clients';
import { PageQuerySchema, pageOf } from './back-office';
import { queryNumber } from './query';

/*
 * The back-office's client work (issue 17 items 3 and 5), under /api/v1/back-office/:
 * full-access requests, clients and their personal managers, the inboxes.
 */

const E = BO_CLIENTS_TEXTS.errors;

/** A search text from a query string: trimmed, at most 200 characters, empty means none. */
const searchText = z
  .string()
  .max(200)
  .transform((value) => value.trim())
  .optional();

// ---------------------------------------------------------------- access requests

/** The queue's status filter: one status, every open one (pending + needs changes), or all. */
export const ACCESS_QUEUE_FILTERS = [...ACCESS_REQUEST_STATUSES, 'open', 'all'] as const;
export type AccessQueueFilter = (typeof ACCESS_QUEUE_FILTERS)[number];

/** GET access_requests: the queue, oldest pending first by default. */
export const AccessQueueQuerySchema = PageQuerySchema.extend({
  status: z.enum(ACCESS_QUEUE_FILTERS).default('pending'),
  /** Name, ИНН, passport number or the applicant's phone. */
  q: searchText,
  /** `created_at` oldest first (the default), `-created_at` newest first. */
  sort: z.enum(['created_at', '-created_at']).default('created_at'),
});
export type AccessQueueQuery = z.input<typeof AccessQueueQuerySchema>;

export const AccessQueueItemSchema = z.object({
  id: z.string(),
  type: z.enum(ACCESS_REQUEST_TYPES),
  type_label: z.string(),
  name: z.string(),
  /** ИНН of a legal request. */
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  /** «4510 123456» of an individual request. */
  passport: z.string().nullable(),
  user_id: z.number().int(),
  /** +7 (XXX) XXX-XX-XX */
  phone: z.string().nullable(),
  files_count: z.number().int(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  status_label: z.string(),
  created_at: z.string(),
});
export type AccessQueueItem = z.infer<typeof AccessQueueItemSchema>;
export const AccessQueuePageSchema = pageOf(AccessQueueItemSchema);
export type AccessQueuePage = z.infer<typeof AccessQueuePageSchema>;

export const BackOfficeFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ACCESS_REQUEST_FILE_TYPES),
  size: z.number().int(),
  /** Where the back-office shows it inline (same origin, staff session). */
  url: z.string(),
});
export type BackOfficeFile = z.infer<typeof BackOfficeFileSchema>;

export const AccessDecisionEntrySchema = z.object({
  at: z.string(),
  staff_name: z.string(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  status_label: z.string(),
  comment: z.string().nullable(),
});
export type AccessDecisionEntry = z.infer<typeof AccessDecisionEntrySchema>;

/** GET access_requests/:id. */
export const AccessRequestDetailSchema = z.object({
  id: z.string(),
  type: z.enum(ACCESS_REQUEST_TYPES),
  type_label: z.string(),
  name: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  document_series: z.string().nullable(),
  document_number: z.string().nullable(),
  status: z.enum(ACCESS_REQUEST_STATUSES),
  status_label: z.string(),
  reviewer_comment: z.string().nullable(),
  /** Whether a decision can still be taken (pending or needs changes). */
  open: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  decided_at: z.string().nullable(),
  applicant: z.object({
    user_id: z.number().int(),
    name: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    deleted: z.boolean(),
  }),
  /** The profile an approval created or attached. */
  profile: z.object({ account_uuid: z.string(), name: z.string() }).nullable(),
  files: z.array(BackOfficeFileSchema),
  /** Decisions taken in the back-office, oldest first (from the audit log). */
  history: z.array(AccessDecisionEntrySchema),
});
export type AccessRequestDetail = z.infer<typeof AccessRequestDetailSchema>;

/** What the form offers; `corrections` is the request's «Нужны исправления». */
export const BACK_OFFICE_DECISIONS = ['approve', 'corrections', 'reject'] as const;
export type BackOfficeDecision = (typeof BACK_OFFICE_DECISIONS)[number];

/** POST access_requests/:id/decision. The comment is required for corrections and reject (the service says so). */
export const AccessDecisionBodySchema = z.strictObject({
  decision: z.enum(BACK_OFFICE_DECISIONS, { error: E.decisionInvalid }),
  // One more than the service's limit: a longer comment is refused by decideAccessRequest, not cut.
  comment: cleanedString({ maxLength: 2001, keepNewlines: true }).optional(),
});
export type AccessDecisionBody = z.input<typeof AccessDecisionBodySchema>;

export const AccessDecisionResultSchema = z.object({
  request: AccessRequestDetailSchema,
  profile: z.object({ account_uuid: z.string(), role: z.string(), created: z.boolean() }).nullable(),
  /** The e-mail the applicant was notified at, or null. */
  notified: z.string().nullable(),
});
export type AccessDecisionResult = z.infer<typeof AccessDecisionResultSchema>;

// ---------------------------------------------------------------- clients

/** GET clients: phone in any format, ИНН, a part of a name or an e-mail; empty lists the newest clients. */
export const ClientSearchQuerySchema = PageQuerySchema.extend({ q: searchText });
export type ClientSearchQuery = z.input<typeof ClientSearchQuerySchema>;

export const ClientProfileSummarySchema = z.object({
  account_uuid: z.string(),
  kind: z.enum(['individual', 'legal']),
  kind_label: z.string(),
  name: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  /** The user's role in it. */
  role: z.enum(PROFILE_ROLES),
  role_label: z.string(),
});
export type ClientProfileSummary = z.infer<typeof ClientProfileSummarySchema>;

export const ClientListItemSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  deleted: z.boolean(),
  created_at: z.string(),
  profiles: z.array(ClientProfileSummarySchema),
  cargo_count: z.number().int(),
  full_access: z.boolean(),
});
export type ClientListItem = z.infer<typeof ClientListItemSchema>;
export const ClientPageSchema = pageOf(ClientListItemSchema);
export type ClientPage = z.infer<typeof ClientPageSchema>;

/** A client manager as a choice (GET managers), and as a profile's manager. */
export const ManagerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type Manager = z.infer<typeof ManagerSchema>;
export const ManagerListSchema = z.object({ managers: z.array(ManagerSchema) });
export type ManagerList = z.infer<typeof ManagerListSchema>;

export const ClientProfileDetailSchema = ClientProfileSummarySchema.extend({
  manager: ManagerSchema.nullable(),
  members: z.array(
    z.object({
      user_id: z.number().int(),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      role: z.enum(PROFILE_ROLES),
      role_label: z.string(),
    }),
  ),
});
export type ClientProfileDetail = z.infer<typeof ClientProfileDetailSchema>;

export const ClientCargoSchema = z.object({
  track_number: z.string(),
  status: z.enum(CARGO_STATUS_CODES),
  status_label: z.string(),
  created_at: z.string(),
  route: z.string(),
  price_kopecks: z.number().int(),
});
export type ClientCargo = z.infer<typeof ClientCargoSchema>;

/** The `:userId` of clients/:userId (decimal only). */
export const ClientParamsSchema = z.object({
  userId: queryNumber(E.clientNotFound, { int: true, min: 1, max: 2_147_483_647 }),
});

/** GET clients/:userId. */
export const ClientDetailSchema = z.object({
  user: ClientListItemSchema.omit({ profiles: true }),
  profiles: z.array(ClientProfileDetailSchema),
  cargo_counts: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })),
  /** The latest 20. */
  cargos: z.array(ClientCargoSchema),
  requests: z.array(AccessQueueItemSchema),
});
export type ClientDetail = z.infer<typeof ClientDetailSchema>;

/** PUT profiles/:accountUuid/manager. */
export const AssignManagerBodySchema = z.strictObject({
  staff_id: z.number({ error: E.managerInvalid }).int({ error: E.managerInvalid }).positive().nullable(),
});
export type AssignManagerBody = z.infer<typeof AssignManagerBodySchema>;
export const AssignManagerResultSchema = z.object({ account_uuid: z.string(), manager: ManagerSchema.nullable() });

// ---------------------------------------------------------------- inboxes

export const InboxListQuerySchema = PageQuerySchema.extend({
  status: z.enum(INBOX_STATUSES).optional(),
});
export type InboxListQuery = z.input<typeof InboxListQuerySchema>;

const inboxCommon = {
  status: z.enum(INBOX_STATUSES),
  status_label: z.string(),
  /** As typed, or a phone as +7 (XXX) XXX-XX-XX. */
  contact: z.string().nullable(),
  created_at: z.string(),
  answers_count: z.number().int(),
};

export const BugReportListItemSchema = z.object({
  id: z.string(),
  /** The first 200 characters. */
  excerpt: z.string(),
  files_count: z.number().int(),
  ...inboxCommon,
});
export type BugReportListItem = z.infer<typeof BugReportListItemSchema>;
export const BugReportPageSchema = pageOf(BugReportListItemSchema);
export type BugReportPage = z.infer<typeof BugReportPageSchema>;

export const FeedbackListItemSchema = z.object({
  id: z.number().int(),
  excerpt: z.string(),
  name: z.string().nullable(),
  channel: z.string(),
  channel_label: z.string(),
  ...inboxCommon,
});
export type FeedbackListItem = z.infer<typeof FeedbackListItemSchema>;
export const FeedbackPageSchema = pageOf(FeedbackListItemSchema);
export type FeedbackPage = z.infer<typeof FeedbackPageSchema>;

export const InboxAnswerSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
});
export type InboxAnswer = z.infer<typeof InboxAnswerSchema>;

const InboxAuthorSchema = z.object({ user_id: z.number().int(), name: z.string().nullable() }).nullable();

export const BugReportDetailSchema = z.object({
  id: z.string(),
  text: z.string(),
  user_agent: z.string().nullable(),
  author: InboxAuthorSchema,
  files: z.array(
    BackOfficeFileSchema.extend({ type: z.enum(['image/jpeg', 'image/png']), width: z.number(), height: z.number() }),
  ),
  answers: z.array(InboxAnswerSchema),
  ...inboxCommon,
});
export type BugReportDetail = z.infer<typeof BugReportDetailSchema>;

export const FeedbackDetailSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  name: z.string().nullable(),
  channel: z.string(),
  channel_label: z.string(),
  author: InboxAuthorSchema,
  answers: z.array(InboxAnswerSchema),
  ...inboxCommon,
});
export type FeedbackDetail = z.infer<typeof FeedbackDetailSchema>;

/** The `:id` of feedback/:id (decimal only). */
export const FeedbackParamsSchema = z.object({
  id: queryNumber(E.feedbackNotFound, { int: true, min: 1, max: Number.MAX_SAFE_INTEGER }),
});

/** PATCH bug_reports/:id and feedback/:id. */
export const InboxStatusBodySchema = z.strictObject({
  status: z.enum(INBOX_STATUSES, { error: E.statusInvalid }),
});
export type InboxStatusBody = z.infer<typeof InboxStatusBodySchema>;

/** POST bug_reports/:id/answers and feedback/:id/answers. */
export const InboxAnswerBodySchema = z.strictObject({
  text: cleanedString({ maxLength: INBOX_ANSWER_MAX_LENGTH + 1, keepNewlines: true }, E.answerRequired)
    .min(1, { error: E.answerRequired, abort: true })
    .refine((value) => Array.from(value).length <= INBOX_ANSWER_MAX_LENGTH, { error: E.answerTooLong }),
});
export type InboxAnswerBody = z.input<typeof InboxAnswerBodySchema>;

/** Where the answer went: `channel` null when it was only stored (`note` says why). */
export const InboxDeliverySchema = z.object({
  channel: z.enum(['email', 'sms']).nullable(),
  to: z.string().nullable(),
  note: z.string(),
});
export type InboxDelivery = z.infer<typeof InboxDeliverySchema>;

export const InboxAnswerResultSchema = z.object({
  answer: InboxAnswerSchema,
  status: z.enum(INBOX_STATUSES),
  delivery: InboxDeliverySchema,
});
export type InboxAnswerResult = z.infer<typeof InboxAnswerResultSchema>;
