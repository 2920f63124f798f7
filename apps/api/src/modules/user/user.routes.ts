import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangeEmailRequestSchema,
  ChangeNameQuerySchema,
  ChangeProfileRequestSchema,
  DeleteAccountRequestSchema,
  EmailTokenQuerySchema,
  ErrorBodySchema,
  OkResponseSchema,
  PhoneWithCodeSchema,
  ProfileSchema,
  SentResponseSchema,
  SessionIdParamsSchema,
  SessionListSchema,
  UserInfoSchema,
} from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import * as auth from '../auth/auth.service';
import { callerOf } from '../auth/auth.routes';
import * as profiles from '../profiles/profiles.service';

/** GET /user/profile: the user, their profiles and the active one. */
async function profileOf(deps: auth.IdentityDeps, caller: auth.Caller) {
  const base = await auth.getProfile(deps, caller);
  return { ...base, ...(await profiles.profilesOf(deps.db, { id: base.id, name: base.name })) };
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The spec keeps GET calls that change state (logout, the e-mail change link, taking an offer).
 * They are accepted only from our own pages: `Sec-Fetch-Site: same-origin`, or — from a browser
 * too old to send it — an `Origin` of ours. A link, image or form on another site never
 * qualifies. The refusal is 403 with `message`.
 */
export function assertSameOriginGet(
  request: FastifyRequest,
  allowedOrigins: readonly string[],
  message: string = MESSAGES.auth.logoutForbidden,
): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (typeof site === 'string' && site !== '') {
    if (site === 'same-origin' && (origin === undefined || allowedOrigins.includes(origin))) return;
  } else if (typeof origin === 'string' && allowedOrigins.includes(origin)) {
    return;
  }
  throw new AppError('CSRF_REJECTED', 403, message);
}

/** Identity calls of spec §7 "User", plus the user's own sessions (ASVS 7.5.2). */
export const userRoutes: FastifyPluginAsyncZod<{ deps: auth.IdentityDeps; allowedOrigins: readonly string[] }> = async (
  app,
  { deps, allowedOrigins },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.get(
    '/api/v1/user/get_user_info',
    {
      schema: {
        tags: ['user'],
        summary: 'The signed-in user (401 while the session is anonymous)',
        response: { 200: UserInfoSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => auth.toUserInfo(await auth.requireUser(deps, await callerOf(request))),
  );

  const logoutHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(deps, await callerOf(request));
    reply.clearSessionCookie();
    void reply.header('clear-site-data', '"cache"');
    return { ok: true as const };
  };

  app.get(
    '/api/v1/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Log out (the spec’s GET): accepted only same-origin',
        description:
          'Ends the session on the server and clears the cookie. Refused (403) unless Sec-Fetch-Site is same-origin or Origin is ours.',
        response: { 200: OkResponseSchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      assertSameOriginGet(request, allowedOrigins);
      return logoutHandler(request, reply);
    },
  );

  app.post(
    '/api/v1/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'Log out: ends the session on the server and clears the cookie',
        response: { 200: OkResponseSchema, 403: ErrorBodySchema },
      },
    },
    logoutHandler,
  );

  app.get(
    '/api/v1/user/profile',
    {
      schema: {
        tags: ['user'],
        summary: 'Profile of the signed-in user',
        response: { 200: ProfileSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => profileOf(deps, await callerOf(request)),
  );

  app.post(
    '/api/v1/user/change_profile',
    {
      schema: {
        tags: ['user'],
        summary: 'Switch the active profile: the user acts for another of their profiles (404 for one not theirs)',
        body: ChangeProfileRequestSchema,
        response: { 200: ProfileSchema, ...errors },
      },
    },
    async (request) => {
      const caller = await callerOf(request);
      const user = await auth.requireUser(deps, caller);
      await profiles.changeActiveProfile(deps.db, user, request.body.account_uuid);
      return profileOf(deps, caller);
    },
  );

  app.put(
    '/api/v1/user/change_name',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the name (?name=)',
        querystring: ChangeNameQuerySchema,
        response: { 200: UserInfoSchema, ...errors },
      },
    },
    async (request) => auth.toUserInfo(await auth.changeName(deps, await callerOf(request), request.query.name)),
  );

  app.post(
    '/api/v1/user/phone/verification/change_phone',
    {
      schema: {
        tags: ['user'],
        summary: 'Move the account to a new phone with the code sent to it (purpose change_phone)',
        body: PhoneWithCodeSchema,
        response: { 200: UserInfoSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => auth.toUserInfo(await auth.changePhone(deps, await callerOf(request), request.body)),
  );

  app.put(
    '/api/v1/user/email/change_email',
    {
      schema: {
        tags: ['user'],
        summary: 'Send a confirmation link to a new e-mail; the address changes when the link is opened',
        body: ChangeEmailRequestSchema,
        response: { 200: SentResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const result = await auth.sendEmailLink(deps, await callerOf(request), {
        email: request.body.email,
        purpose: 'change',
      });
      return { sent: true as const, message: MESSAGES.auth.emailSent, email: result.maskedEmail };
    },
  );

  app.get(
    '/api/v1/user/email/verification/change_email',
    {
      schema: {
        tags: ['user'],
        summary: 'Apply the e-mail change link (?token=); accepted only same-origin',
        description:
          'The mail links to the site page /auth/email-confirmation, which makes this call from our origin; ' +
          'mail scanners and other sites cannot trigger it.',
        querystring: EmailTokenQuerySchema,
        response: { 200: UserInfoSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      assertSameOriginGet(request, allowedOrigins);
      return auth.toUserInfo(await auth.confirmEmail(deps, await callerOf(request), { token: request.query.token }));
    },
  );

  app.delete(
    '/api/v1/user/account',
    {
      schema: {
        tags: ['user'],
        summary: 'Delete the account: personal data erased (152-FZ), orders kept without it, every session ends',
        body: DeleteAccountRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await auth.deleteAccount(deps, await callerOf(request), { password: request.body.password });
      reply.clearSessionCookie();
      void reply.header('clear-site-data', '"cache"');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/user/sessions',
    {
      schema: {
        tags: ['user'],
        summary: 'The user’s live sessions',
        response: { 200: SessionListSchema, 401: ErrorBodySchema },
      },
    },
    async (request) => auth.listSessions(deps, await callerOf(request)),
  );

  app.delete(
    '/api/v1/user/sessions/:id',
    {
      schema: {
        tags: ['user'],
        summary: 'End one of the user’s sessions',
        params: SessionIdParamsSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { current } = await auth.endSession(deps, await callerOf(request), request.params.id);
      if (current) reply.clearSessionCookie();
      return { ok: true as const };
    },
  );
};
