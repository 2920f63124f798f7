import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { consents, feedbackMessages } from '@freight/db';
import { PD_CONSENT } from '@freight/domain';
import { cookiePair, createTestContext, TEST_ORIGIN, type TestContext } from '../../test/helpers';
import { documentSha256 } from '../consents/consent.service';

const URL_ = '/api/v1/user/feedback';
const GOOD = {
  contact: '8 (912) 345-67-89',
  message: 'Подскажите, принимаете ли вы паллеты в субботу?',
  consent: true,
  channel: 'support_widget',
};

describe('POST /api/v1/user/feedback', () => {
  let ctx: TestContext;
  let cookie: string;
  let ipCounter = 0;
  // Each test speaks from its own address so the per-IP limit is tested only where meant.
  const ip = () => `10.0.0.${++ipCounter}`;

  beforeAll(async () => {
    ctx = await createTestContext({ TRUST_PROXY: 'true' });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/authorization/anonymous_token' });
    cookie = cookiePair(res.headers['set-cookie'], 'auth_token')!;
  });
  afterAll(async () => ctx.close());
  beforeEach(() => undefined);

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: URL_,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, cookie, 'x-forwarded-for': ip(), ...headers },
    });

  it('stores the message with the phone normalised, and records the consent as its own document', async () => {
    const res = await post({ ...GOOD, name: '  Анна   Петрова\u200b ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const [row] = await ctx.database.db.select().from(feedbackMessages).where(eq(feedbackMessages.id, id));
    expect(row).toMatchObject({ contact: '+79123456789', name: 'Анна Петрова', channel: 'support_widget' });
    expect(row!.sessionId).not.toBeNull();
    const [consent] = await ctx.database.db.select().from(consents).where(eq(consents.id, row!.consentId!));
    expect(consent).toMatchObject({
      documentType: 'pd_consent',
      documentVersion: PD_CONSENT.version,
      documentSha256: documentSha256(PD_CONSENT),
      channel: 'feedback:support_widget',
      sessionId: row!.sessionId,
    });
    expect(consent!.documentSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts an e-mail contact, lower-cased', async () => {
    const res = await post({ ...GOOD, contact: 'Ivan@Example.RU' });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    [{ ...GOOD, message: '   ' }, 'message', 'Введите сообщение'],
    [{ ...GOOD, contact: '' }, 'contact', 'Введите email или телефон'],
    [{ ...GOOD, contact: '12345' }, 'contact', 'Введите корректный телефон или email'],
    [{ ...GOOD, consent: false }, 'consent', 'Необходимо согласие на обработку персональных данных'],
  ])('refuses bad input with a Russian message on the field (%#)', async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: { code: string; message: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe('Проверьте правильность заполнения полей');
    expect(body.error.fields[field]).toBe(message);
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL_,
      payload: '{"contact": ',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: 'Тело запроса не является корректным JSON' } });
  });

  it('refuses a cross-origin POST (CSRF) and stores nothing', async () => {
    const before = (await ctx.database.db.select().from(feedbackMessages)).length;
    const evil = await post(GOOD, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toMatchObject({ error: { code: 'CSRF_REJECTED' } });
    const crossSite = await post(GOOD, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const sameSite = await post(GOOD, { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' });
    expect(sameSite.statusCode).toBe(403);
    expect((await ctx.database.db.select().from(feedbackMessages)).length).toBe(before);
    const ok = await post(GOOD, { 'sec-fetch-site': 'same-origin' });
    expect(ok.statusCode).toBe(201);
  });

  it('limits messages per IP: the sixth within 10 minutes gets a Russian 429', async () => {
    const headers = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 5; i += 1) expect((await post(GOOD, headers)).statusCode).toBe(201);
    const res = await post(GOOD, headers);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: { code: 'TOO_MANY_REQUESTS', message: 'Слишком много запросов. Повторите попытку позже' },
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/v1/user/feedback']?.post).toBeDefined();
    expect(doc.paths['/api/v1/duty_dynamic_content/dynamic_content']?.get).toBeDefined();
    expect(doc.paths['/api/v1/authorization/anonymous_token']?.get).toBeDefined();
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});
