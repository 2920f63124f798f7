import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { helmetHeaders, securityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
  strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true, preload: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
};

describe('security headers computed once', () => {
  it('are what helmet sets for the options', () => {
    const headers = helmetHeaders(options);
    expect(headers['Content-Security-Policy']).toContain("default-src 'none'");
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(helmetHeaders({ ...options, strictTransportSecurity: false })).not.toHaveProperty(
      'Strict-Transport-Security',
    );
  });

  it('refuses a CSP directive computed per request', () => {
    expect(() =>
      helmetHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).toThrow(/scriptSrc/);
  });

  it('lets a route replace one of them', async () => {
    const app = Fastify();
    await app.register(securityHeaders, { ...options, additionalHeaders: { 'Permissions-Policy': 'camera=()' } });
    app.get('/json', async () => ({ ok: true }));
    app.get('/docs', async (_request, reply) =>
      reply
        .header('content-security-policy', "default-src 'self'")
        .header('permissions-policy', 'fullscreen=(self)')
        .send('ok'),
    );
    const json = await app.inject({ method: 'GET', url: '/json' });
    expect(json.headers['x-content-type-options']).toBe('nosniff');
    expect(json.headers['content-security-policy']).toContain("default-src 'none'");
    expect(json.headers['permissions-policy']).toBe('camera=()');
    const docs = await app.inject({ method: 'GET', url: '/docs' });
    expect(docs.headers['content-security-policy']).toBe("default-src 'self'");
    expect(docs.headers['permissions-policy']).toBe('fullscreen=(self)');
    expect(docs.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // A call no route knows gets them too.
    const unknown = await app.inject({ method: 'GET', url: '/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['permissions-policy']).toBe('camera=()');
    expect(unknown.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
