import { z } from 'zod';
import { INBOX_STATUSES, STAFF_PERMISSIONS, STAFF_ROLES } from '@freight/domain/staff';

/** The signed-in staff member (GET /api/v1/back-office/me). */
export const StaffSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  role_label: z.string(),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)),
});
export type Staff = z.infer<typeof StaffSchema>;

/** Query of a server-paged back-office table. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});

/** A page of a server-paged back-office table. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** A staff account as the administrator sees it (GET /api/v1/back-office/staff). */
export const StaffAccountSchema = z.object({
  id: z.number().int(),
  login: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  role_label: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  totp_enrolled: z.boolean(),
  disabled: z.boolean(),
  /** A photo is stored (PUT /api/v1/back-office/staff/{id}/photo); clients of a manager see it. */
  has_photo: z.boolean(),
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** One entry of the audit log. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  staff_id: z.number().int().nullable(),
  staff_name: z.string(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** The back-office start page: what waits for work, as far as the role may see it. */
export const OverviewSchema = z.object({
  cargos_by_status: z.array(z.object({ status: z.string(), label: z.string(), count: z.number().int() })).nullable(),
  cargos_changed_today: z.number().int().nullable(),
  pending_access_requests: z.number().int().nullable(),
  new_bug_reports: z.number().int().nullable(),
  new_feedback: z.number().int().nullable(),
  /** Security alerts not yet resolved (null without `alerts.work`). */
  open_security_alerts: z.number().int().nullable(),
});
export type Overview = z.infer<typeof OverviewSchema>;

export const InboxStatusSchema = z.enum(INBOX_STATUSES);
