import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, CaptchaChallengeSchema, ErrorBodySchema } from '@freight/contracts';
import { issueChallenge, type CaptchaDeps } from './captcha.service';

/** The proof-of-work challenge for code requests (decision 011). */
export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaDeps }> = async (app, { captcha }) => {
  app.get(
    API_PATHS.captchaChallenge,
    {
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work challenge (ALTCHA PoW v2, PBKDF2/SHA-256) for the code request',
        description:
          'Solve it (altcha-lib `solveChallenge`) and send the base64 ALTCHA payload as `captcha` with ' +
          'POST /user/phone/verification_code when that call answered 403 CAPTCHA_REQUIRED. A challenge ' +
          'expires after CAPTCHA_TTL_SECONDS (5 minutes by default) and is accepted once.',
        response: { 200: CaptchaChallengeSchema, 429: ErrorBodySchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return issueChallenge(captcha);
    },
  );
};
