import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { captchaSolutions, securityAlerts, smsSends, verificationCodes } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import type { CaptchaChallenge } from '@freight/contracts';
import { loadConfig } from '../../config/env';
import type { TestContext } from '../../test/helpers';
import {
  Visitor,
  createIdentityContext,
  lastCode,
  messagesTo,
  nextIp,
  nextPhone,
  testClock,
} from '../auth/identity-test-kit';
import { codeConversionSince } from './captcha.repository';
import { captchaRequired } from './captcha.service';

const CODE = '/api/v1/user/phone/verification_code';
const CHALLENGE = '/api/v1/captcha/challenge';
const DISPOSABLE = '/api/v1/authorization_v2/disposable_authorization';
/** Cheap proof of work, so the tests solve challenges in milliseconds. */
const LOW_DIFFICULTY = { CAPTCHA_COST: '1', CAPTCHA_COUNTER_MAX: '20' };

/** Solves a challenge as the browser does and returns the base64 payload for `captcha`. */
async function solve(challenge: CaptchaChallenge): Promise<string> {
  const { parameters, signature } = challenge;
  const solution = await solveChallenge({ challenge: { parameters, signature }, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return encode({ challenge: { parameters, signature }, solution });
}

function encode(payload: unknown): string {
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

function decode(payload: string): { challenge: CaptchaChallenge; solution: { counter: number; derivedKey: string } } {
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as never;
}

async function solvedPayload(visitor: Visitor): Promise<string> {
  const res = await visitor.get(CHALLENGE);
  expect(res.statusCode).toBe(200);
  return solve(res.json<CaptchaChallenge>());
}

describe('captcha: code requests with CAPTCHA_MODE=always', () => {
  let ctx: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createIdentityContext({ CAPTCHA_MODE: 'always', ...LOW_DIFFICULTY }, clock.now);
  });
  afterAll(async () => ctx.close());

  it('serves a signed PBKDF2 challenge that expires after CAPTCHA_TTL_SECONDS, never cached', async () => {
    const visitor = new Visitor(ctx, nextIp());
    const res = await visitor.get(CHALLENGE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json<CaptchaChallenge>();
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.max_counter).toBe(20);
    expect(challenge.parameters.expiresAt).toBe(Math.floor((clock.now().getTime() + 300_000) / 1000));
  });

  it('is documented in the OpenAPI: the challenge call and the `captcha` field of the code request', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const doc = res.json<{
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    expect(doc.paths[CHALLENGE]).toHaveProperty('get');
    expect(doc.components.schemas.PhoneCodeRequest?.properties).toHaveProperty('captcha');
    expect(doc.components.schemas).toHaveProperty('CaptchaChallenge');
  });

  it('refuses a code request without a solution: 403 CAPTCHA_REQUIRED in Russian, no code row, no SMS', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    const res = await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'CAPTCHA_REQUIRED', message: MESSAGES.captcha.required } });
    const rows = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.phone, phone.stored));
    expect(rows).toHaveLength(0);
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(0);
  });

  it('sends the code with a solved challenge (solved here with altcha-lib’s solver)', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    const res = await visitor.post(CODE, {
      phone: phone.typed,
      purpose: 'registration',
      captcha: await solvedPayload(visitor),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ sent: true, message: MESSAGES.auth.codeSent });
    expect(await lastCode(ctx, phone.stored)).toMatch(/^\d{6}$/);
  });

  it('accepts a solution once: the same payload again (another phone, another visitor) is refused as CAPTCHA_INVALID', async () => {
    const first = await new Visitor(ctx, nextIp()).start();
    const payload = await solvedPayload(first);
    expect(
      (await first.post(CODE, { phone: nextPhone().typed, purpose: 'registration', captcha: payload })).statusCode,
    ).toBe(200);

    const second = await new Visitor(ctx, nextIp()).start();
    const phone = nextPhone();
    const replay = await second.post(CODE, { phone: phone.typed, purpose: 'registration', captcha: payload });
    expect(replay.statusCode).toBe(403);
    expect(replay.json()).toEqual({ error: { code: 'CAPTCHA_INVALID', message: MESSAGES.captcha.invalid } });
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(0);
  });

  it('refuses a solution whose challenge expired (the clock moved past CAPTCHA_TTL_SECONDS)', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const payload = await solvedPayload(visitor);
    clock.advance(301_000);
    const phone = nextPhone();
    const res = await visitor.post(CODE, { phone: phone.typed, purpose: 'registration', captcha: payload });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('CAPTCHA_INVALID');
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(0);
  });

  it.each<[string, (p: ReturnType<typeof decode>) => unknown]>([
    ['a wrong derived key', (p) => ({ ...p, solution: { ...p.solution, derivedKey: 'ab'.repeat(32) } })],
    [
      'parameters changed after signing (cheaper cost)',
      (p) => ({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, cost: 2 } } }),
    ],
    [
      'a later expiry written in by the client',
      (p) => ({
        ...p,
        challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, expiresAt: 4_102_444_800 } },
      }),
    ],
    ['a signature of another key', (p) => ({ ...p, challenge: { ...p.challenge, signature: 'cd'.repeat(32) } })],
    ['no signature', (p) => ({ ...p, challenge: { parameters: p.challenge.parameters } })],
    [
      'another algorithm',
      (p) => ({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, algorithm: 'SHA-256' } } }),
    ],
    ['not JSON at all', () => 'not json'],
  ])('refuses a forged solution: %s → 403 CAPTCHA_INVALID, nothing sent, nothing recorded', async (_name, forge) => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    const genuine = decode(await solvedPayload(visitor));
    const forged = forge(genuine);
    const payload = typeof forged === 'string' ? Buffer.from(forged).toString('base64') : encode(forged);
    const phone = nextPhone();
    const before = await ctx.database.db.select().from(captchaSolutions);
    const res = await visitor.post(CODE, { phone: phone.typed, purpose: 'registration', captcha: payload });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('CAPTCHA_INVALID');
    expect(await messagesTo(ctx, phone.stored)).toHaveLength(0);
    expect(await ctx.database.db.select().from(captchaSolutions)).toHaveLength(before.length);
  });

  it('answers 400 (not 500) to a payload that is not base64 or is too long', async () => {
    const visitor = await new Visitor(ctx, nextIp()).start();
    for (const captcha of ['{"challenge":1}', 'A'.repeat(5000)]) {
      const res = await visitor.post(CODE, { phone: nextPhone().typed, purpose: 'registration', captcha });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { code: string; fields: Record<string, string> } }>().error.fields).toHaveProperty(
        'captcha',
      );
    }
  });
});

describe('captcha: switched on by the verification conversion (CAPTCHA_MODE=auto)', () => {
  let ctx: TestContext;
  const clock = testClock();

  beforeAll(async () => {
    ctx = await createIdentityContext({ CAPTCHA_MODE: 'auto', ...LOW_DIFFICULTY }, clock.now);
  });
  afterAll(async () => ctx.close());

  /** Code rows as the code request writes them, `minutesAgo` old, some of them entered correctly. */
  async function seedCodes(count: number, options: { verified?: number; ip?: string; minutesAgo?: number } = {}) {
    const createdAt = new Date(clock.now().getTime() - (options.minutesAgo ?? 10) * 60_000);
    await ctx.database.db.insert(verificationCodes).values(
      Array.from({ length: count }, (_, i) => ({
        phone: nextPhone().stored,
        purpose: 'registration',
        codeHash: null,
        ip: options.ip ?? nextIp(),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 300_000),
        confirmedAt: i < (options.verified ?? 0) ? createdAt : null,
      })),
    );
  }

  async function requestCode(visitor: Visitor, captcha?: string) {
    return visitor.post(CODE, { phone: nextPhone().typed, purpose: 'registration', ...(captcha ? { captcha } : {}) });
  }

  it('asks for no CAPTCHA while conversion is good (20 codes in the hour, 10 entered correctly)', async () => {
    await seedCodes(20, { verified: 10 });
    const visitor = await new Visitor(ctx, nextIp()).start();
    expect((await requestCode(visitor)).statusCode).toBe(200);
  });

  it('requires a CAPTCHA from everyone once codes of the last hour go unverified (< 30 % of ≥ 20), and a solved one sends', async () => {
    // Now 21 sent, 10 verified; 20 more never entered: 10 / 41 < 30 %.
    await seedCodes(20);
    const visitor = await new Visitor(ctx, nextIp()).start();
    const refused = await requestCode(visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('CAPTCHA_REQUIRED');
    const [alert] = await ctx.database.db
      .select()
      .from(securityAlerts)
      .where(and(eq(securityAlerts.kind, 'captcha_conversion'), eq(securityAlerts.scope, 'global')));
    expect(alert?.details).toMatchObject({ sent: 41, verified: 10, threshold: 0.3 });
    expect((await requestCode(visitor, await solvedPayload(visitor))).statusCode).toBe(200);
  });

  it('forgets codes older than an hour: the requirement lifts by itself', async () => {
    clock.advance(55 * 60_000);
    const visitor = await new Visitor(ctx, nextIp()).start();
    expect((await requestCode(visitor)).statusCode).toBe(200);
  });

  it('requires a CAPTCHA from one address whose own codes go unverified (≥ 5, < 30 %), not from others', async () => {
    const suspect = nextIp();
    await seedCodes(5, { ip: suspect, minutesAgo: 5 });
    const fromSuspect = await new Visitor(ctx, suspect).start();
    const refused = await requestCode(fromSuspect);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('CAPTCHA_REQUIRED');
    const other = await new Visitor(ctx, nextIp()).start();
    expect((await requestCode(other)).statusCode).toBe(200);
  });

  it('requires a CAPTCHA when an SMS budget is nearly spent (8 of the 10 SMS an address may cause per hour)', async () => {
    const busy = nextIp();
    const now = clock.now();
    await ctx.database.db.insert(smsSends).values(
      Array.from({ length: 8 }, () => {
        const phone = nextPhone().stored;
        return { phone, prefix: phone.slice(0, -4), ip: busy, kind: 'code:registration', createdAt: now };
      }),
    );
    const visitor = await new Visitor(ctx, busy).start();
    const refused = await requestCode(visitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { code: string } }>().error.code).toBe('CAPTCHA_REQUIRED');
    expect((await requestCode(visitor, await solvedPayload(visitor))).statusCode).toBe(200);
  });

  it('counts a sign-in code entered correctly as verified (it is spent without a separate confirmation)', async () => {
    const ip = nextIp();
    const visitor = await new Visitor(ctx, ip).start();
    // A registered client first.
    const phone = nextPhone();
    expect((await visitor.post(CODE, { phone: phone.typed, purpose: 'registration' })).statusCode).toBe(200);
    const confirm = await visitor.post('/api/v1/authorization_v2/phone_confirmation', {
      phone: phone.typed,
      code: await lastCode(ctx, phone.stored),
    });
    expect(confirm.statusCode).toBe(200);
    const registered = await visitor.post('/api/v1/authorization_v2/registration', {
      name: 'Иван Петров',
      password: 'Груз2026перевозка',
      consent: true,
    });
    expect(registered.statusCode).toBe(201);

    clock.advance(5 * 60_000);
    const signIn = await new Visitor(ctx, ip).start();
    expect((await signIn.post(CODE, { phone: phone.typed, purpose: 'sign_in' })).statusCode).toBe(200);
    const since = new Date(clock.now().getTime() - 3_600_000);
    expect((await codeConversionSince(ctx.database.db, since, ip)).ip).toEqual({ sent: 2, verified: 1 });
    const done = await signIn.post(DISPOSABLE, { phone: phone.typed, code: await lastCode(ctx, phone.stored) });
    expect(done.statusCode).toBe(200);
    expect((await codeConversionSince(ctx.database.db, since, ip)).ip).toEqual({ sent: 2, verified: 2 });
  });
});

describe('captcha: CAPTCHA_MODE=off', () => {
  it('never asks, however low the conversion', async () => {
    const ctx = await createIdentityContext({ CAPTCHA_MODE: 'off' });
    try {
      const now = new Date();
      await ctx.database.db.insert(verificationCodes).values(
        Array.from({ length: 30 }, () => ({
          phone: nextPhone().stored,
          purpose: 'registration',
          ip: nextIp(),
          createdAt: now,
          expiresAt: new Date(now.getTime() + 300_000),
        })),
      );
      const visitor = await new Visitor(ctx, nextIp()).start();
      expect((await visitor.post(CODE, { phone: nextPhone().typed, purpose: 'registration' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});

describe('captchaRequired (the rule)', () => {
  const policy = { mode: 'auto' as const, conversionThreshold: 0.3, minCodes: 20, ipMinCodes: 5 };
  const none = { sent: 0, verified: 0 };
  it.each([
    ['quiet site', { global: none, ip: none, pressure: false }, null],
    ['19 unverified: sample too small', { global: { sent: 19, verified: 0 }, ip: none, pressure: false }, null],
    [
      '20 sent, 5 verified (25 %)',
      { global: { sent: 20, verified: 5 }, ip: none, pressure: false },
      'conversion_global',
    ],
    ['20 sent, 6 verified (30 %)', { global: { sent: 20, verified: 6 }, ip: none, pressure: false }, null],
    [
      'one address: 5 sent, 1 verified',
      { global: none, ip: { sent: 5, verified: 1 }, pressure: false },
      'conversion_ip',
    ],
    ['one address: 4 sent, 0 verified', { global: none, ip: { sent: 4, verified: 0 }, pressure: false }, null],
    ['an SMS budget is nearly spent', { global: none, ip: none, pressure: true }, 'sms_budget'],
  ] as const)('%s → %s', (_name, input, expected) => {
    expect(captchaRequired(policy, input)).toBe(expected);
  });

  it('always and off override the figures', () => {
    const bad = { global: { sent: 100, verified: 0 }, ip: null, pressure: true };
    expect(captchaRequired({ ...policy, mode: 'always' }, { global: none, ip: null, pressure: false })).toBe('always');
    expect(captchaRequired({ ...policy, mode: 'off' }, bad)).toBeNull();
  });
});

describe('captcha configuration', () => {
  it('needs CAPTCHA_HMAC_KEY in production, makes one for demo and development', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/CAPTCHA_HMAC_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: 'short' })).toThrow(/CAPTCHA_HMAC_KEY/);
    const key = 'k'.repeat(32);
    expect(loadConfig({ NODE_ENV: 'production', CAPTCHA_HMAC_KEY: key }).captcha).toMatchObject({
      hmacKey: key,
      hmacKeyGenerated: false,
      mode: 'auto',
    });
    const demo = loadConfig({ NODE_ENV: 'production', DEMO_MODE: '1' }).captcha;
    expect(demo.hmacKeyGenerated).toBe(true);
    expect(demo.hmacKey.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({}).captcha.hmacKey).not.toBe(loadConfig({}).captcha.hmacKey);
  });
});
