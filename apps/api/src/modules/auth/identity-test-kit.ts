import type { LightMyRequestResponse } from 'fastify';
import { createTestDatabase } from '@freight/db/testing';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import { cookiePair, TEST_CAPTCHA_HMAC_KEY, TEST_ORIGIN, type TestContext } from '../../test/helpers';

/**
 * The real API on a fresh migrated database, like `createTestContext`, without reference data
 * (identity needs none) and with a controllable clock. The CAPTCHA is off unless `env` sets
 * CAPTCHA_MODE: these tests send many unverified codes from one address on purpose (limits,
 * enumeration), which would switch it on; its own tests are in modules/captcha.
 */
export async function createIdentityContext(
  env: Record<string, string> = {},
  clock?: () => Date,
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3000',
    CAPTCHA_MODE: 'off',
    CAPTCHA_HMAC_KEY: TEST_CAPTCHA_HMAC_KEY,
    ...env,
  });
  const app = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A test visitor: one IP, one cookie jar holding the session cookie (`auth_token`, or `__Host-auth_token` over https). */
export class Visitor {
  cookie: string | undefined;
  constructor(
    private readonly ctx: TestContext,
    readonly ip: string,
  ) {}

  /** Gets an anonymous session first (as the web app does before any page). */
  async start(): Promise<this> {
    const res = await this.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/authorization/anonymous_token',
      remoteAddress: this.ip,
    });
    this.absorb(res);
    return this;
  }

  absorb(res: LightMyRequestResponse): void {
    const name = this.ctx.config.sessionCookie;
    const pair = cookiePair(res.headers['set-cookie'], name);
    if (pair === undefined) return;
    const value = pair.slice(name.length + 1);
    this.cookie = value === '' ? undefined : pair;
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await this.ctx.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(method === 'GET' ? {} : { origin: this.ctx.config.allowedOrigins[0] ?? TEST_ORIGIN }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        'user-agent': 'vitest',
        ...headers,
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    this.absorb(res);
    return res;
  }

  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.call('POST', url, body ?? {}, headers);
  }
  get(url: string, headers?: Record<string, string>) {
    return this.call('GET', url, undefined, headers);
  }
}

let ipCounter = 0;
/** A fresh client address per visitor, so per-IP limits of one test never touch another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}.${(process.pid % 200) + 1}`;
}

let phoneCounter = 0;
/**
 * A fresh Russian mobile number as a person would type it, and its storage form. Each one falls
 * in another number prefix (the step of 10 007 moves the digits before the last four), so the
 * per-prefix SMS budget of one test never touches another's.
 */
export function nextPhone(): { typed: string; stored: string } {
  phoneCounter += 1;
  const tail = String((phoneCounter * 10_007 + (process.pid % 1000) * 7919) % 10_000_000).padStart(7, '0');
  return { typed: `8 (916) ${tail.slice(0, 3)}-${tail.slice(3, 5)}-${tail.slice(5)}`, stored: `+7916${tail}` };
}

/** Delivers what is queued and returns recorded messages to `to`, newest first. */
export async function messagesTo(ctx: TestContext, to: string) {
  await ctx.app.outbox.flush();
  const recorder = ctx.app.outbox.transports.recorder;
  if (!recorder) throw new Error('no recording transport');
  return recorder.list().filter((m) => m.to === to);
}

/** The 6-digit code of the newest message to `to`. */
export async function lastCode(ctx: TestContext, to: string): Promise<string> {
  const [message] = await messagesTo(ctx, to);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code in the last message to ${to}: ${message?.body}`);
  return code;
}

/** A controllable clock for the identity rules. */
export function testClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}

export const PASSWORD = 'Груз2026перевозка';

/** Signs up a new verified client; returns the visitor (signed in) and the phone. */
export async function signUp(ctx: TestContext, options: { name?: string; email?: string } = {}) {
  const visitor = await new Visitor(ctx, nextIp()).start();
  const phone = nextPhone();
  const sent = await visitor.post('/api/v1/user/phone/verification_code', {
    phone: phone.typed,
    purpose: 'registration',
  });
  if (sent.statusCode !== 200) throw new Error(`code request failed: ${sent.body}`);
  const code = await lastCode(ctx, phone.stored);
  const confirmed = await visitor.post('/api/v1/authorization_v2/phone_confirmation', { phone: phone.typed, code });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  const registered = await visitor.post('/api/v1/authorization_v2/registration', {
    name: options.name ?? 'Иван Петров',
    password: PASSWORD,
    consent: true,
    ...(options.email ? { email: options.email } : {}),
  });
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  const user = (registered.json() as { user: { id: number } }).user;
  return { visitor, phone, user };
}
