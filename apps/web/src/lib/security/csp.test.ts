import { describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy } from './csp';

const parse = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );

describe('buildContentSecurityPolicy', () => {
  it('allows scripts only by nonce in production: no unsafe-inline or unsafe-eval', () => {
    const csp = parse(buildContentSecurityPolicy({ nonce: 'abc', isDev: false }));
    expect(csp['script-src']).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('adds unsafe-eval only in development, and upgrade-insecure-requests only behind https', () => {
    expect(parse(buildContentSecurityPolicy({ nonce: 'n', isDev: true }))['script-src']).toContain("'unsafe-eval'");
    expect(
      parse(buildContentSecurityPolicy({ nonce: 'n', isDev: false, upgradeInsecureRequests: true }))[
        'upgrade-insecure-requests'
      ],
    ).toEqual([]);
  });

  it('admits a configured chat script origin', () => {
    const csp = parse(
      buildContentSecurityPolicy({ nonce: 'n', isDev: false, extraScriptOrigins: ['https://chat.example.ru'] }),
    );
    expect(csp['script-src']).toContain('https://chat.example.ru');
  });
});
