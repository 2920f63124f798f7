import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { CaptchaSolutionPayloadSchema, type CaptchaChallenge } from '@freight/contracts';
import type { Database } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import type { AppConfig } from '../../config/env';
import { AppError } from '../../errors/app-error';
import { raiseSecurityAlert } from '../security-alerts/security-alerts.repository';
import { codeConversionSince, recordSolution, type CodeConversion } from './captcha.repository';

/*
 * The self-hosted proof-of-work CAPTCHA in front of SMS codes (decision 011): ALTCHA PoW v2
 * (altcha-lib) with PBKDF2/SHA-256 in its deterministic mode — the server draws a secret counter,
 * the browser must find it by deriving keys from 0 upwards (about `counter` × `cost` PBKDF2
 * rounds), and the server checks the answer with one HMAC. Each solution is accepted once
 * (`captcha_solutions`), until the challenge expires.
 */

export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
const HOUR = 3_600_000;

export type CaptchaConfig = AppConfig['captcha'];

/** Why a code request must carry a solved check; null when it need not. */
export type CaptchaReason = 'always' | 'conversion_global' | 'conversion_ip' | 'sms_budget';

/**
 * Whether the next code request needs a solved check: always (operator switch, tests), when the
 * share of codes entered correctly in the last hour falls below the threshold — globally with at
 * least `minCodes` requests, or from the caller's address with at least `ipMinCodes` — or when an
 * SMS budget is nearly spent (`pressure`, from the SMS policy). Pure: the caller gathers the figures.
 */
export function captchaRequired(
  policy: Pick<CaptchaConfig, 'mode' | 'conversionThreshold' | 'minCodes' | 'ipMinCodes'>,
  input: { global: CodeConversion; ip: CodeConversion | null; pressure: boolean },
): CaptchaReason | null {
  if (policy.mode === 'off') return null;
  if (policy.mode === 'always') return 'always';
  const low = (c: CodeConversion, min: number) => c.sent >= min && c.verified < c.sent * policy.conversionThreshold;
  if (low(input.global, policy.minCodes)) return 'conversion_global';
  if (input.ip && low(input.ip, policy.ipMinCodes)) return 'conversion_ip';
  if (input.pressure) return 'sms_budget';
  return null;
}

/** Who asks for a code, as the SMS policy's budgets see them. */
export interface CodeRequester {
  ip: string | null;
  phone: string;
}

export interface CaptchaDeps {
  db: Database;
  config: CaptchaConfig;
  clock: () => Date;
  /** True when an SMS budget is ≥ 80 % used (the SMS policy's `smsBudgetPressure`). */
  smsPressure: (requester: CodeRequester) => Promise<boolean>;
  log?: { warn(details: object, message: string): void };
}

/** Two independent secrets from the one configured key: challenge signature and key signature. */
function secrets(hmacKey: string) {
  const derive = (label: string) => createHmac('sha256', hmacKey).update(label).digest('base64url');
  return { signature: derive('altcha:challenge-signature'), keySignature: derive('altcha:key-signature') };
}

/** GET /captcha/challenge: a signed challenge that expires after CAPTCHA_TTL_SECONDS. */
export async function issueChallenge(deps: CaptchaDeps): Promise<CaptchaChallenge> {
  const { config } = deps;
  const keys = secrets(config.hmacKey);
  const challenge = await createChallenge({
    algorithm: CAPTCHA_ALGORITHM,
    cost: config.cost,
    // Half to all of the maximum: the work varies, so a solver cannot stop early at a known spot.
    counter: randomInt(Math.ceil(config.counterMax / 2), config.counterMax),
    deriveKey,
    expiresAt: new Date(deps.clock().getTime() + config.ttlMs),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  if (!challenge.signature) throw new Error('altcha-lib returned an unsigned challenge');
  return {
    parameters: challenge.parameters as CaptchaChallenge['parameters'],
    signature: challenge.signature,
    max_counter: config.counterMax,
  };
}

export type CaptchaVerdict = 'ok' | 'malformed' | 'forged' | 'expired' | 'replayed';

function decodePayload(payload: string): unknown {
  try {
    return JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Checks a solved challenge and spends it: the signature must be ours, the challenge unexpired
 * (by the deps' clock and by altcha-lib's own wall-clock check), the derived key right, and the
 * challenge not solved before — the first use is recorded in `captcha_solutions`.
 */
export async function verifyCaptcha(deps: CaptchaDeps, payload: string): Promise<CaptchaVerdict> {
  const parsed = CaptchaSolutionPayloadSchema.safeParse(decodePayload(payload));
  if (!parsed.success) return 'malformed';
  const { challenge, solution } = parsed.data;
  const now = deps.clock();
  const expiresAt = challenge.parameters.expiresAt;
  if (challenge.parameters.algorithm !== CAPTCHA_ALGORITHM || expiresAt === undefined) return 'forged';
  if (expiresAt * 1000 <= now.getTime()) return 'expired';
  const keys = secrets(deps.config.hmacKey);
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  }).catch(() => null);
  if (result === null || result.invalidSignature) return 'forged';
  if (result.expired) return 'expired';
  if (!result.verified) return 'forged';
  const challengeHash = createHash('sha256').update(challenge.signature).digest('hex');
  const first = await recordSolution(deps.db, challengeHash, new Date(expiresAt * 1000), now);
  return first ? 'ok' : 'replayed';
}

/**
 * The gate at the entry of POST /user/phone/verification_code: when a check is required
 * (`captchaRequired`), a request without a solution gets 403 CAPTCHA_REQUIRED and one with a
 * bad, expired or reused solution 403 CAPTCHA_INVALID; the client solves a new challenge and
 * asks again. A solution sent while no check is required is ignored (not spent).
 */
export async function guardCodeRequest(
  deps: CaptchaDeps,
  requester: CodeRequester,
  payload: string | undefined,
): Promise<void> {
  const { reason, conversion } = await requirement(deps, requester);
  if (reason === null) return;
  if (payload === undefined) {
    if (reason === 'conversion_global' || reason === 'conversion_ip')
      await alertConversion(deps, requester, reason, conversion);
    throw new AppError('CAPTCHA_REQUIRED', 403, MESSAGES.captcha.required);
  }
  const verdict = await verifyCaptcha(deps, payload);
  if (verdict !== 'ok') {
    deps.log?.warn({ reason, verdict }, 'captcha solution refused');
    throw new AppError('CAPTCHA_INVALID', 403, MESSAGES.captcha.invalid);
  }
}

const EMPTY: CodeConversion = { sent: 0, verified: 0 };

async function requirement(
  deps: CaptchaDeps,
  requester: CodeRequester,
): Promise<{ reason: CaptchaReason | null; conversion: { global: CodeConversion; ip: CodeConversion | null } }> {
  const { config } = deps;
  if (config.mode !== 'auto') {
    const conversion = { global: EMPTY, ip: null };
    return { reason: captchaRequired(config, { ...conversion, pressure: false }), conversion };
  }
  const since = new Date(deps.clock().getTime() - HOUR);
  const conversion = await codeConversionSince(deps.db, since, requester.ip);
  const byConversion = captchaRequired(config, { ...conversion, pressure: false });
  if (byConversion) return { reason: byConversion, conversion };
  const pressure = await deps.smsPressure(requester);
  return { reason: captchaRequired(config, { ...conversion, pressure }), conversion };
}

/** A conversion drop goes to the log and the back-office's security alerts (one open row per scope). */
async function alertConversion(
  deps: CaptchaDeps,
  requester: CodeRequester,
  reason: 'conversion_global' | 'conversion_ip',
  conversion: { global: CodeConversion; ip: CodeConversion | null },
): Promise<void> {
  const scope = reason === 'conversion_global' ? 'global' : `ip:${requester.ip ?? ''}`;
  const figures = reason === 'conversion_global' ? conversion.global : (conversion.ip ?? EMPTY);
  const details = { ...figures, threshold: deps.config.conversionThreshold, window: '1h' };
  deps.log?.warn({ kind: 'captcha_conversion', scope, ...details }, 'code conversion dropped: captcha required');
  await deps.db.transaction(async (tx) =>
    raiseSecurityAlert(tx as unknown as Database, { kind: 'captcha_conversion', scope, details, now: deps.clock() }),
  );
}
