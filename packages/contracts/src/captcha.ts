import { z } from 'zod';

/*
 * The self-hosted proof-of-work CAPTCHA (ALTCHA PoW v2, decision 011). The challenge is what
 * altcha-lib's `createChallenge` returns; the solution travels as the standard ALTCHA payload:
 * base64 of `{"challenge":{parameters,signature},"solution":{counter,derivedKey}}`.
 */

/** Error codes of the check (the API answers 403 with one of them on POST /user/phone/verification_code). */
export const CAPTCHA_ERROR_CODES = ['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID'] as const;
export type CaptchaErrorCode = (typeof CAPTCHA_ERROR_CODES)[number];

/** Longest payload the API reads (a real one is about 700 characters). */
export const CAPTCHA_PAYLOAD_MAX_LENGTH = 4096;

/** The solved check as sent with a code request: the base64 ALTCHA payload. */
export const CaptchaPayloadSchema = z
  .string()
  .max(CAPTCHA_PAYLOAD_MAX_LENGTH)
  .regex(/^[A-Za-z0-9+/=_-]+$/)
  .meta({
    id: 'CaptchaPayload',
    description:
      'Base64 of the ALTCHA payload `{"challenge":{"parameters":…,"signature":…},"solution":{"counter":…,"derivedKey":…}}`. ' +
      'Needed when the API answered 403 CAPTCHA_REQUIRED; each solution is accepted once.',
  });

const hex = z.string().regex(/^[0-9a-f]+$/);

export const CaptchaParametersSchema = z
  // Loose: the signature covers every parameter, so a key dropped here would break it.
  .looseObject({
    algorithm: z.string().max(32),
    nonce: hex.max(64),
    salt: hex.max(64),
    cost: z.number().int().positive(),
    keyLength: z.number().int().positive().max(64),
    keyPrefix: hex.max(128),
    keySignature: hex.max(128).optional(),
    memoryCost: z.number().int().positive().optional(),
    parallelism: z.number().int().positive().optional(),
    expiresAt: z.number().int().positive().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  })
  .meta({ id: 'CaptchaParameters' });

/** GET /api/v1/captcha/challenge. */
export const CaptchaChallengeSchema = z
  .object({
    parameters: CaptchaParametersSchema,
    signature: hex.max(128),
    /** Not part of ALTCHA: the largest counter the server may have picked, for a progress bar. */
    max_counter: z.number().int().positive().meta({
      description: 'Upper bound of the secret counter (the work to expect), so a client can show progress',
    }),
  })
  .meta({ id: 'CaptchaChallenge' });
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

/** The decoded payload, checked before any cryptography runs. */
export const CaptchaSolutionPayloadSchema = z.object({
  challenge: z.object({ parameters: CaptchaParametersSchema, signature: hex.max(128) }),
  solution: z.object({
    counter: z.number().int().nonnegative(),
    derivedKey: hex.max(128),
    time: z.number().optional(),
  }),
});
export type CaptchaSolutionPayload = z.infer<typeof CaptchaSolutionPayloadSchema>;
