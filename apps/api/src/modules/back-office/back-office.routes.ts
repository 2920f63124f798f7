import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import type { BackOfficeDeps } from './back-office.deps';
import { describeStaff, requireStaff, staffContextPlugin } from './staff-context';
import { enrolment, signInWithPassword, verifyTotp } from './staff-auth';
import * as repo from './staff.repository';
import { StaffSchema } from './back-office.schemas';
import { staffAdminRoutes } from './staff-admin.routes';
import { cargoOpsRoutes } from './cargo-ops.routes';
import { clientWorkRoutes } from './client-work.routes';
import { inboxRoutes } from './inbox.routes';
import { contentAdminRoutes } from './content-admin.routes';
import { pricesAdminRoutes } from './prices-admin.routes';
import { alertsRoutes } from './alerts.routes';
import { contractsAdminRoutes } from './contracts-admin.routes';

export interface BackOfficeRoutesOptions {
  deps: BackOfficeDeps;
  cookieName: string;
  secureCookies: boolean;
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The back-office API (issue 17), every call under /api/v1/back-office/. Sign-in is two steps
 * (password, then the TOTP code); every other call passes requireStaff(permission), and every
 * change writes the audit log in its own transaction. Answers are never cached.
 */
export const backOfficeRoutes: FastifyPluginAsyncZod<BackOfficeRoutesOptions> = async (app, opts) => {
  const { deps } = opts;
  await app.register(staffContextPlugin, {
    db: deps.db,
    cookieName: opts.cookieName,
    secureCookies: opts.secureCookies,
    clock: deps.clock,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  const client = (request: { ip?: string; headers: Record<string, unknown> }) => ({
    ip: request.ip ?? null,
    userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null,
  });

  app.post(
    '/api/v1/back-office/auth/sign_in',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['back-office'],
        summary: 'Staff sign-in, step 1: login and password',
        body: z.strictObject({ login: z.string().trim().min(1).max(100), password: z.string().min(1).max(200) }),
        response: { 200: z.object({ stage: z.enum(['totp', 'enroll']) }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await signInWithPassword(deps, client(request), request.body);
      reply.setStaffCookie(result.token, result.expiresAt);
      return { stage: result.stage };
    },
  );

  app.get(
    '/api/v1/back-office/auth/enrolment',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['back-office'],
        summary: 'The TOTP enrolment QR of a staff member who passed the password and has no authenticator yet',
        response: {
          200: z.object({ otpauth_uri: z.string(), qr_svg: z.string(), secret: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const state = await request.getStaffSession();
      if (!state || state.stage !== 'password') {
        throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.signInRequired);
      }
      return enrolment(deps, state.principal.id);
    },
  );

  app.post(
    '/api/v1/back-office/auth/totp',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['back-office'],
        summary: 'Staff sign-in, step 2: the code from the authenticator app',
        body: z.strictObject({ code: z.string().trim().max(10) }),
        response: { 200: z.object({ staff: StaffSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const state = await request.getStaffSession();
      if (!state || state.stage !== 'password') {
        throw new AppError('UNAUTHORIZED', 401, MESSAGES.backOffice.errors.signInRequired);
      }
      const { principal } = state;
      const issued = await verifyTotp(
        deps,
        client(request),
        { sessionId: principal.sessionId, staffId: principal.id, login: principal.login },
        request.body.code,
      );
      reply.setStaffCookie(issued.token, issued.expiresAt);
      return { staff: describeStaff(principal) };
    },
  );

  app.post(
    '/api/v1/back-office/auth/sign_out',
    {
      schema: {
        tags: ['back-office'],
        summary: 'Ends the staff session',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const state = await request.getStaffSession();
      if (state) await repo.revokeStaffSession(deps.db, state.principal.sessionId, deps.clock());
      reply.clearStaffCookie();
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/back-office/me',
    {
      preHandler: requireStaff(),
      schema: {
        tags: ['back-office'],
        summary: 'The signed-in staff member',
        response: { 200: StaffSchema, ...errors },
      },
    },
    async (request) => describeStaff(request.staff!),
  );

  await app.register(staffAdminRoutes, { deps });
  await app.register(cargoOpsRoutes, { deps });
  await app.register(clientWorkRoutes, { deps });
  await app.register(inboxRoutes, { deps });
  await app.register(contentAdminRoutes, { deps });
  await app.register(pricesAdminRoutes, { deps });
  await app.register(alertsRoutes, { deps });
  await app.register(contractsAdminRoutes, { deps });
};
