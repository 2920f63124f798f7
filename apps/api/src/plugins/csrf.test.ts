import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@freight/domain';
import { createIdentityContext, nextIp, signUp, Visitor } from '../modules/auth/identity-test-kit';
import { TEST_ORIGIN, type TestContext } from '../test/helpers';

const USER_INFO = '/api/v1/user/get_user_info';
const LOGOUT = '/api/v1/user/logout';
const DRAFT = '/api/v1/requests/draft';

/**
 * CSRF (decision 004): a state-changing request that carries the session cookie but neither
 * Origin nor Sec-Fetch-Site is refused; without the cookie it carries nobody's session and passes.
 */
describe('CSRF: the session cookie without Origin or Sec-Fetch-Site', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createIdentityContext();
  });
  afterAll(async () => ctx?.close());

  /** A request exactly as a forged or header-stripped one arrives: the cookie and nothing else. */
  const bare = (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url, remoteAddress: nextIp(), headers, ...(payload ? { payload } : {}) });

  it.each([
    ['POST', LOGOUT, undefined],
    ['PUT', DRAFT, { draft: {} }],
    ['DELETE', DRAFT, undefined],
  ] as const)('%s %s with the cookie only: 403 in Russian, nothing changes', async (method, url, payload) => {
    const { visitor } = await signUp(ctx);
    const res = await bare(method, url, { cookie: visitor.cookie! }, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'CSRF_REJECTED', message: MESSAGES.common.csrfRejected } });
    // The session is still there: the refused logout did not run.
    expect((await visitor.get(USER_INFO)).statusCode).toBe(200);
  });

  it('an empty session cookie counts as the cookie', async () => {
    const res = await bare('POST', LOGOUT, { cookie: `${ctx.config.sessionCookie}=` });
    expect(res.statusCode).toBe(403);
  });

  it('the same request with our Origin, or with Sec-Fetch-Site: same-origin, passes', async () => {
    const { visitor } = await signUp(ctx);
    const again = await new Visitor(ctx, nextIp()).start();
    const withOrigin = await bare('POST', LOGOUT, { cookie: visitor.cookie!, origin: TEST_ORIGIN });
    expect(withOrigin.statusCode).toBe(200);
    const withFetchMetadata = await bare('POST', LOGOUT, { cookie: again.cookie!, 'sec-fetch-site': 'same-origin' });
    expect(withFetchMetadata.statusCode).toBe(200);
  });

  it('without the session cookie and without both headers (an integrator, curl) the CSRF check lets it through', async () => {
    const res = await bare('POST', LOGOUT, { cookie: 'unrelated=1' });
    expect(res.statusCode).not.toBe(403);
  });

  it('safe methods are never refused for a missing Origin', async () => {
    const { visitor } = await signUp(ctx);
    const res = await ctx.app.inject({ method: 'GET', url: USER_INFO, headers: { cookie: visitor.cookie! } });
    expect(res.statusCode).toBe(200);
  });
});
