import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessRequests, profileMembers } from '@freight/db';
import { MESSAGES } from '@freight/domain';
import { createTestContext, type TestContext } from '../../test/helpers';
import { signUp } from '../auth/identity-test-kit';
import { apiOperations, runAccessReview } from '../../cli/access-review';
import { OPERATOR_TOKEN_FILE, prepareOperatorToken, readOperatorToken } from './operator-token';

/*
 * The operator's loopback calls (issue 15): `npm run access:review` decides through the running
 * API while it holds the embedded database. Real HTTP on a real port.
 */
describe('operator calls: the review command through the running API', () => {
  let ctx: TestContext;
  let baseUrl: string;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'operator-test-'));
    token = await prepareOperatorToken(dataDir, undefined);
    ctx = await createTestContext({}, { operatorToken: token });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function pendingRequest(userId: number, inn: string) {
    const [row] = await ctx.database.db
      .insert(accessRequests)
      .values({ userId, type: 'legal', name: 'ООО «Оператор»', inn, kpp: '770901001' })
      .returning();
    return row!;
  }

  it('the token is random, kept in DATA_DIR/operator-token readable by its owner only, OPERATOR_TOKEN wins', async () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await readOperatorToken(dataDir, undefined)).toBe(token);
    expect((await stat(path.join(dataDir, OPERATOR_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect((await readFile(path.join(dataDir, OPERATOR_TOKEN_FILE), 'utf8')).trim()).toBe(token);
    expect(await readOperatorToken(dataDir, 'x'.repeat(40))).toBe('x'.repeat(40));
    expect(await readOperatorToken(path.join(dataDir, 'none'), undefined)).toBeNull();
  });

  it('lists and approves over HTTP: the company profile is created and the user owns it', async () => {
    const { user } = await signUp(ctx, { name: 'Заявитель' });
    const request = await pendingRequest(user.id, '7728123459');
    const out: string[] = [];
    const ops = apiOperations(baseUrl, token);
    expect(await runAccessReview(['list'], { ops, print: (l) => out.push(l) })).toBe(0);
    expect(out.some((line) => line.startsWith(request.id))).toBe(true);

    out.length = 0;
    expect(await runAccessReview([request.id, 'approve'], { ops, print: (l) => out.push(l) })).toBe(0);
    expect(out[0]).toBe(MESSAGES.accessRequest.cliDone(request.id, 'Одобрена'));
    const [row] = await ctx.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row!.status).toBe('approved');
    const roles = await ctx.database.db
      .select()
      .from(profileMembers)
      .where(eq(profileMembers.profileId, row!.profileId!));
    expect(roles.map((r) => [r.userId, r.role])).toEqual([[user.id, 'owner']]);

    // A second decision is refused with the service's Russian message and exit code 1.
    out.length = 0;
    expect(await runAccessReview([request.id, 'reject', 'Поздно'], { ops, print: (l) => out.push(l) })).toBe(1);
    expect(out[0]).toBe(MESSAGES.accessRequest.notOpen);
  });

  it('is 404 without the token, with a wrong one, and through a proxy (X-Forwarded-For)', async () => {
    const { user } = await signUp(ctx, { name: 'Второй' });
    const request = await pendingRequest(user.id, '5024123459');
    const decide = (headers: Record<string, string>) =>
      fetch(`${baseUrl}/api/v1/operator/access_requests/decide`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ request_id: request.id, decision: 'approve' }),
      });
    expect((await decide({})).status).toBe(404);
    expect((await decide({ authorization: `Bearer ${token.slice(0, -1)}x` })).status).toBe(404);
    expect((await decide({ authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await fetch(`${baseUrl}/api/v1/operator/access_requests/open`)).status).toBe(404);
    const [row] = await ctx.database.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(row!.status).toBe('pending');
    expect((await decide({ authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('does not exist at all when the API runs without a token', async () => {
    const plain = await createTestContext();
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/api/v1/operator/access_requests/open' });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
