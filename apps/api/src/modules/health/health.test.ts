import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';

describe('health and readiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers liveness', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers readiness when the database is up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: 'up' });
  });

  it('keeps a sane incoming request id and replaces a malicious one', async () => {
    const good = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-12345678' },
    });
    expect(good.headers['x-request-id']).toBe('abc-12345678');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'x\ny' } });
    expect(bad.headers['x-request-id']).not.toBe('x\ny');
  });

  it('answers an unknown route with the Russian error shape', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/no_such_call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Такого адреса в API нет' } });
  });

  it('sets security headers on API answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });
});
