import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { and, count, desc, eq, gte, ilike, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import {
  AuditEntrySchema,
  OverviewSchema,
  PageQuerySchema,
  StaffAccountSchema,
  pageOf,
} from '@freight/contracts/back-office';
import {
  accessRequests,
  bugReports,
  cargoStatusHistory,
  cargos,
  feedbackMessages,
  staffAuditLog,
  staffUsers,
  type Database,
} from '@freight/db';
import {
  CARGO_STATUS_CODES,
  MESSAGES,
  STAFF_ROLES,
  cargoStatusLabel,
  isCargoStatus,
  staffCan,
  staffRoleLabel,
  type StaffRole,
} from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { hashSecret } from '../auth/password';
import type { BackOfficeDeps } from './back-office.deps';
import { countOpenSecurityAlerts } from './alerts.repository';
import { IMAGE_MULTIPART_LIMITS, takeImageUpload } from './content-image';
import { removeStaffPhoto, setStaffPhoto, STAFF_PHOTO_WORDING } from './staff-photo';
import { newTotpSecret } from './staff-auth';
import { actingStaff, recordAudit, requireStaff } from './staff-context';
import * as repo from './staff.repository';

const S = MESSAGES.backOffice.staffAdmin;
const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
};
const LOGIN = /^[A-Za-z0-9._-]{3,40}$/;

type StaffRow = typeof staffUsers.$inferSelect;

function accountOf(row: StaffRow) {
  const role = row.role as StaffRole;
  return {
    id: row.id,
    login: row.login,
    name: row.name,
    role,
    role_label: staffRoleLabel(role),
    phone: row.phone,
    email: row.email,
    totp_enrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    has_photo: row.photoKey !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a staff account (never the password hash or the TOTP seed). */
function auditView(row: StaffRow) {
  const { passwordHash: _p, totpSecret: _t, totpLastStep: _s, ...rest } = row;
  return { ...rest, totpEnrolledAt: rest.totpEnrolledAt?.toISOString() ?? null };
}

/**
 * The start page's counts, staff accounts (administrators) and the audit log (issue 17).
 */
export const staffAdminRoutes: FastifyPluginAsyncZod<{ deps: BackOfficeDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.get(
    '/api/v1/back-office/overview',
    {
      preHandler: requireStaff(),
      schema: {
        tags: ['back-office'],
        summary: 'What waits for work, as far as the role sees it',
        response: { 200: OverviewSchema, ...errors },
      },
    },
    async (request) => {
      const role = actingStaff(request).role;
      const startOfDay = new Date(deps.clock());
      startOfDay.setHours(0, 0, 0, 0);
      const [byStatus, changed, pending, bugs, feedback, alerts] = await Promise.all([
        staffCan(role, 'cargo.view')
          ? db
              .select({ status: cargos.status, n: count() })
              .from(cargos)
              .where(eq(cargos.closed, false))
              .groupBy(cargos.status)
          : null,
        staffCan(role, 'cargo.view')
          ? db.select({ n: count() }).from(cargoStatusHistory).where(gte(cargoStatusHistory.at, startOfDay))
          : null,
        staffCan(role, 'access.review')
          ? db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, 'pending'))
          : null,
        staffCan(role, 'inbox.work')
          ? db.select({ n: count() }).from(bugReports).where(eq(bugReports.status, 'new'))
          : null,
        staffCan(role, 'inbox.work')
          ? db.select({ n: count() }).from(feedbackMessages).where(eq(feedbackMessages.status, 'new'))
          : null,
        staffCan(role, 'alerts.work') ? countOpenSecurityAlerts(db) : null,
      ]);
      return {
        cargos_by_status: byStatus
          ? CARGO_STATUS_CODES.flatMap((status) => {
              const found = byStatus.find((r) => r.status === status);
              return found && isCargoStatus(status)
                ? [{ status, label: cargoStatusLabel(status), count: found.n }]
                : [];
            })
          : null,
        cargos_changed_today: changed?.[0]?.n ?? null,
        pending_access_requests: pending?.[0]?.n ?? null,
        new_bug_reports: bugs?.[0]?.n ?? null,
        new_feedback: feedback?.[0]?.n ?? null,
        open_security_alerts: alerts,
      };
    },
  );

  app.get(
    '/api/v1/back-office/staff',
    {
      preHandler: requireStaff('staff.manage'),
      schema: {
        tags: ['back-office'],
        summary: 'Staff accounts',
        response: { 200: z.object({ items: z.array(StaffAccountSchema) }), ...errors },
      },
    },
    async () => ({ items: (await db.select().from(staffUsers).orderBy(staffUsers.name)).map(accountOf) }),
  );

  app.post(
    '/api/v1/back-office/staff',
    {
      preHandler: requireStaff('staff.manage'),
      schema: {
        tags: ['back-office'],
        summary: 'Adds a staff member (enrols TOTP at the first sign-in)',
        body: z.strictObject({
          login: z.string().trim().regex(LOGIN, S.loginFormat),
          name: z.string().trim().min(1, S.nameRequired).max(200),
          role: z.enum(STAFF_ROLES),
          password: z.string().min(10, S.passwordShort).max(200),
          phone: z.string().trim().max(40).nullable().optional(),
          email: z.string().trim().email().max(200).nullable().optional(),
        }),
        response: { 200: StaffAccountSchema, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      if (await repo.findStaffByLogin(db, body.login)) {
        throw new AppError('CONFLICT', 409, S.loginTaken, { login: S.loginTaken });
      }
      const passwordHash = await hashSecret(body.password);
      return db.transaction(async (rawTx) => {
        const tx = rawTx as unknown as Database;
        const [row] = await tx
          .insert(staffUsers)
          .values({
            login: body.login,
            name: body.name,
            role: body.role,
            passwordHash,
            totpSecret: newTotpSecret(),
            phone: body.phone ?? null,
            email: body.email ?? null,
          })
          .returning();
        await recordAudit(
          tx,
          request,
          { action: 'staff.create', entityType: 'staff', entityId: row!.id, after: auditView(row!) },
          deps.clock(),
        );
        return accountOf(row!);
      });
    },
  );

  app.patch(
    '/api/v1/back-office/staff/:id',
    {
      preHandler: requireStaff('staff.manage'),
      schema: {
        tags: ['back-office'],
        summary: 'Changes a staff member: role, name, contacts, disabled; or resets the authenticator',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.strictObject({
          name: z.string().trim().min(1, S.nameRequired).max(200).optional(),
          role: z.enum(STAFF_ROLES).optional(),
          phone: z.string().trim().max(40).nullable().optional(),
          email: z.string().trim().email().max(200).nullable().optional(),
          disabled: z.boolean().optional(),
          reset_totp: z.literal(true).optional(),
        }),
        response: { 200: StaffAccountSchema, ...errors },
      },
    },
    async (request) => {
      const me = actingStaff(request);
      const { id } = request.params;
      const body = request.body;
      return db.transaction(async (rawTx) => {
        const tx = rawTx as unknown as Database;
        const [before] = await tx.select().from(staffUsers).where(eq(staffUsers.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', 404, S.notFound);
        if (id === me.id && (body.disabled === true || (body.role && body.role !== before.role))) {
          throw new AppError('CONFLICT', 409, S.notSelf);
        }
        const now = deps.clock();
        const [after] = await tx
          .update(staffUsers)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.role !== undefined ? { role: body.role } : {}),
            ...(body.phone !== undefined ? { phone: body.phone } : {}),
            ...(body.email !== undefined ? { email: body.email } : {}),
            ...(body.disabled !== undefined ? { disabledAt: body.disabled ? (before.disabledAt ?? now) : null } : {}),
            ...(body.reset_totp ? { totpSecret: newTotpSecret(), totpEnrolledAt: null, totpLastStep: null } : {}),
          })
          .where(eq(staffUsers.id, id))
          .returning();
        // A disabled account, a new role or a new authenticator: every open session of it ends.
        if (body.disabled || (body.role && body.role !== before.role) || body.reset_totp) {
          await repo.revokeAllStaffSessions(tx, id, now);
        }
        await recordAudit(
          tx,
          request,
          {
            action: body.reset_totp ? 'staff.reset_totp' : 'staff.update',
            entityType: 'staff',
            entityId: id,
            before: auditView(before),
            after: auditView(after!),
          },
          now,
        );
        return accountOf(after!);
      });
    },
  );

  // --- The photo a manager's clients see (issue 16; multipart, in a scope of its own) ----------

  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    await uploads.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });
    const params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

    uploads.put(
      '/api/v1/back-office/staff/:id/photo',
      {
        preHandler: requireStaff('staff.manage'),
        schema: {
          tags: ['back-office'],
          summary: 'Uploads the photo of a staff member (shown to the clients a manager serves)',
          description:
            'multipart/form-data with one file (any field name): JPEG or PNG by its content, whatever its name, at ' +
            'most 10 MB; checked, re-encoded without metadata and stored privately. Replaces the previous photo.',
          consumes: ['multipart/form-data'],
          params,
          response: { 200: StaffAccountSchema, ...errors, 413: ErrorBodySchema, 415: ErrorBodySchema },
        },
      },
      async (request, reply) =>
        takeImageUpload(
          request,
          reply,
          { storage: deps.storage, scratchDir: deps.scratchDir, webp: false, wording: STAFF_PHOTO_WORDING },
          async (image) => accountOf(await setStaffPhoto(deps, request, request.params.id, image)),
        ),
    );
  });

  app.delete(
    '/api/v1/back-office/staff/:id/photo',
    {
      preHandler: requireStaff('staff.manage'),
      schema: {
        tags: ['back-office'],
        summary: 'Removes the photo of a staff member',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: StaffAccountSchema, ...errors },
      },
    },
    async (request) => accountOf(await removeStaffPhoto(deps, request, request.params.id)),
  );

  app.get(
    '/api/v1/back-office/audit',
    {
      preHandler: requireStaff('audit.view'),
      schema: {
        tags: ['back-office'],
        summary: 'The audit log, newest first',
        querystring: PageQuerySchema.extend({
          entity_type: z.string().trim().max(60).optional(),
          entity_id: z.string().trim().max(200).optional(),
          staff_id: z.coerce.number().int().positive().optional(),
          action: z.string().trim().max(60).optional(),
        }),
        response: { 200: pageOf(AuditEntrySchema), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const where: SQL[] = [];
      if (q.entity_type) where.push(eq(staffAuditLog.entityType, q.entity_type));
      if (q.entity_id) where.push(eq(staffAuditLog.entityId, q.entity_id));
      if (q.staff_id) where.push(eq(staffAuditLog.staffId, q.staff_id));
      if (q.action) where.push(ilike(staffAuditLog.action, `${q.action.replace(/[%_\\]/g, '\\$&')}%`));
      const condition = where.length ? and(...where) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(staffAuditLog)
          .where(condition)
          .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
          .limit(q.per_page)
          .offset((q.page - 1) * q.per_page),
        db.select({ n: count() }).from(staffAuditLog).where(condition),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          staff_id: r.staffId,
          staff_name: r.staffName,
          action: r.action,
          entity_type: r.entityType,
          entity_id: r.entityId,
          before: r.before ?? null,
          after: r.after ?? null,
          ip: r.ip,
        })),
        total: total?.n ?? 0,
        page: q.page,
        per_page: q.per_page,
      };
    },
  );
};
