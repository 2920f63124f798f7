import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuthResultSchema,
  ChangePasswordRequestSchema,
  CookieAndObjectResponseSchema,
  EmailConfirmationRequestSchema,
  ErrorBodySchema,
  ForgotPasswordRequestSchema,
  OkResponseSchema,
  PasswordSignInRequestSchema,
  PhoneCodeRequestSchema,
  PhoneCodeResponseSchema,
  PhoneConfirmationResponseSchema,
  PhoneWithCodeSchema,
  RegistrationRequestSchema,
  ResendEmailRequestSchema,
  ResetPasswordEmailRequestSchema,
  ResetPasswordPhoneRequestSchema,
  SentResponseSchema,
  UserInfoSchema,
} from '@freight/contracts';
import { MESSAGES } from '@freight/domain';
import { AppError } from '../../errors/app-error';
import { guardCodeRequest, type CaptchaDeps } from '../captcha/captcha.service';
import * as auth from './auth.service';

/** The caller of a request: session, client address and browser. */
export async function callerOf(request: FastifyRequest): Promise<auth.Caller> {
  return {
    session: await request.getSession(),
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent'] ?? null,
  };
}

/** Sets the cookie of a freshly issued session and answers with the user. */
export function sendSignedIn(reply: FastifyReply, issued: auth.IssuedSession, status = 200) {
  reply.setSessionCookie(issued.token, issued.expiresAt);
  return reply.code(status).send({ user: auth.toUserInfo(issued.user) });
}

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  409: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * Spec §7 "Authentication (v2)" plus POST /user/phone/verification_code. Every answer is
 * `Cache-Control: no-store`. Per-IP limits here are a first layer (in Redis with REDIS_URL, else per
 * process); the limits that protect SMS, e-mail and code checks are counted in the database by the service.
 */
export const authRoutes: FastifyPluginAsyncZod<{ deps: auth.IdentityDeps; captcha: CaptchaDeps }> = async (
  app,
  { deps, captcha },
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('cache-control', 'no-store');
    return payload;
  });

  app.post(
    '/api/v1/user/phone/verification_code',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time SMS code (sign-up, sign-in, password reset, phone change)',
        description:
          'The answer never tells whether the phone is registered. Limits: resend after 60 s (doubling), ' +
          '3 codes per phone per hour, 6 per day, 10 per IP per hour. SMS policy (decision 010): Russian mobile ' +
          'numbers (+7 9xx) only, else 422 PHONE_NOT_MOBILE; hourly SMS budgets per phone, number prefix, IP and ' +
          'in total, else 429 with Retry-After. ' +
          '`change_phone` needs the current password. When code requests look abused (or CAPTCHA_MODE=always) ' +
          'the call answers 403 CAPTCHA_REQUIRED until `captcha` carries a solved GET /captcha/challenge (decision 011).',
        body: PhoneCodeRequestSchema,
        response: { 200: PhoneCodeResponseSchema, ...errors, 422: ErrorBodySchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      await guardCodeRequest(captcha, { ip: request.ip ?? null, phone: request.body.phone }, request.body.captcha);
      const result = await auth.requestPhoneCode(deps, await callerOf(request), request.body);
      return {
        sent: true as const,
        message: MESSAGES.auth.codeSent,
        resend_after: result.resendAfter,
        expires_in: result.expiresIn,
      };
    },
  );

  app.post(
    '/api/v1/authorization_v2/phone_confirmation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Check the sign-up code; the session may then register within 30 minutes',
        body: PhoneWithCodeSchema,
        response: { 200: PhoneConfirmationResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const result = await auth.confirmPhone(deps, await callerOf(request), request.body);
      return { phone_confirmed: true as const, expires_in: result.expiresIn };
    },
  );

  app.post(
    '/api/v1/authorization_v2/registration',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish sign-up: name, password, optional e-mail, consent; signs in with a new session',
        body: RegistrationRequestSchema,
        response: { 201: AuthResultSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendSignedIn(reply, await auth.register(deps, await callerOf(request), request.body), 201),
  );

  app.post(
    '/api/v1/authorization_v2/authorization',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with phone and password (new session, old one revoked)',
        body: PasswordSignInRequestSchema,
        response: { 200: AuthResultSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendSignedIn(reply, await auth.signInWithPassword(deps, await callerOf(request), request.body)),
  );

  app.post(
    '/api/v1/authorization_v2/disposable_authorization',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a one-time SMS code (purpose sign_in)',
        body: PhoneWithCodeSchema,
        response: { 200: AuthResultSchema, ...errors },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendSignedIn(reply, await auth.signInWithCode(deps, await callerOf(request), request.body)),
  );

  app.post(
    '/api/v1/authorization_v2/forgot_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send a password-reset link to a confirmed e-mail (same answer for any address)',
        body: ForgotPasswordRequestSchema,
        response: { 200: SentResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await auth.forgotPassword(deps, await callerOf(request), request.body);
      return { sent: true as const, message: MESSAGES.auth.emailSent };
    },
  );

  app.post(
    '/api/v1/authorization_v2/reset_password_phone',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an SMS code (purpose reset_password); ends every session and signs in',
        body: ResetPasswordPhoneRequestSchema,
        response: { 200: AuthResultSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendSignedIn(
        reply,
        await auth.resetPasswordByPhone(deps, await callerOf(request), {
          phone: request.body.phone,
          code: request.body.code,
          newPassword: request.body.new_password,
        }),
      ),
  );

  app.post(
    '/api/v1/authorization_v2/reset_password_email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the e-mail link; ends every session and signs in',
        body: ResetPasswordEmailRequestSchema,
        response: { 200: AuthResultSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      sendSignedIn(
        reply,
        await auth.resetPasswordByEmail(deps, await callerOf(request), {
          token: request.body.token,
          newPassword: request.body.new_password,
        }),
      ),
  );

  app.put(
    '/api/v1/authorization_v2/change_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password (needs the current one); every other session ends',
        body: ChangePasswordRequestSchema,
        response: { 200: OkResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await auth.changePassword(deps, await callerOf(request), {
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/v1/authorization_v2/resend_email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Send the e-mail confirmation (link and code) again, or to a new address',
        body: ResendEmailRequestSchema,
        response: { 200: SentResponseSchema, ...errors },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const result = await auth.sendEmailLink(deps, await callerOf(request), {
        email: request.body.email,
        purpose: 'confirm',
      });
      return { sent: true as const, message: MESSAGES.auth.emailSent, email: result.maskedEmail };
    },
  );

  app.post(
    '/api/v1/authorization_v2/email_confirmation',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail by the link token, or by the code from the same mail (signed in)',
        body: EmailConfirmationRequestSchema,
        response: { 200: UserInfoSchema, ...errors },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => auth.toUserInfo(await auth.confirmEmail(deps, await callerOf(request), request.body)),
  );

  app.post(
    '/api/v1/authorization_v2/cookie-and-object',
    {
      schema: {
        tags: ['auth'],
        summary: 'Refresh the session cookie and return the session with its user (null while anonymous)',
        response: { 200: CookieAndObjectResponseSchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request);
      const session = caller.session;
      if (!session) throw new AppError('UNAUTHORIZED', 401, MESSAGES.common.unauthorized);
      const token = request.sessionToken();
      if (token) reply.setSessionCookie(token, session.expiresAt);
      const user = session.userId ? await auth.requireUser(deps, caller).catch(() => null) : null;
      return {
        anonymous: user === null,
        expires_at: session.expiresAt.toISOString(),
        user: user ? auth.toUserInfo(user) : null,
      };
    },
  );
};
